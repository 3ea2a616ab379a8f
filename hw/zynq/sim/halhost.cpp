#include "hw/zynq/sim/halhost.h"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <memory>
#include <string>

#include "hw/ip/ascon/asconipdevice.h"
#include "hw/ip/bus/axilite.h"

extern "C" {
#include "hw/zynq/firmware/firmware.h"
#include "hw/zynq/firmware/hal.h"
#include "hw/zynq/firmware/protocol.h"
}

namespace rs::hw::board {

namespace {

struct Board {
    int fd = -1;
    HostBoardOptions options;
    std::unique_ptr<AsconIpDevice> ip;
    std::unique_ptr<AxiLiteMaster> bus;
    double timeNs = 0; ///< modelled time since start
    int framesOut = 0;
    bool disconnected = false;
    bool mergeNext = false; ///< the previous frame lost its trailing 0x00; this one loses its leading one
    int encryptAnswers = 0; ///< ENCRYPT answers written (for lieAfter)
    int decryptAnswers = 0; ///< DECRYPT answers with plaintext written (for lieDecryptAfter)
};

Board& board() {
    static Board b;
    return b;
}

/** One register access that took `clocks` bus clocks of the Verilated IP: the ARM waits the port's
 *  `latencyNs` (or the bus clocks, when the IP took longer) and runs the driver's instructions around it;
 *  the PL runs on through all of that time, so the IP idles for the clocks the access itself did not use. */
void chargeAccess(std::uint64_t clocks, double latencyNs) {
    Board& b = board();
    const double busNs = std::max(latencyNs, static_cast<double>(clocks) * 1e9 / kPlHz);
    const double ns = busNs + b.options.driverInsns * b.options.cpi * 1e9 / kCpuHz;
    const auto pl = static_cast<std::uint64_t>(ns * kPlHz / 1e9 + 0.5);
    if (pl > clocks) b.bus->idle(pl - clocks);
    b.timeNs += ns;
}

/** A frame as the firmware writes it (0x00, COBS, 0x00) rebuilt with its payload changed by `change`
 *  (which gets the decoded payload and returns the new one); the frame itself when it does not decode. */
template <class Change>
std::basic_string<uint8_t> rebuilt(const std::basic_string<uint8_t>& frame, Change change) {
    if (frame.size() < 3 || frame.front() != 0 || frame.back() != 0) return frame;
    std::basic_string<uint8_t> payload(RSB_MAX_PAYLOAD, 0);
    const long n = rsb_cobs_decode(frame.data() + 1, frame.size() - 2, payload.data(), payload.size());
    if (n < RSB_HEADER + 4) return frame;
    payload.resize(static_cast<std::size_t>(n) - 4); // without the CRC, recomputed below
    payload = change(payload);
    payload.resize(payload.size() + 4);
    rsb_put32(payload.data() + payload.size() - 4, rsb_crc32(payload.data(), payload.size() - 4));
    std::basic_string<uint8_t> out(1 + payload.size() + payload.size() / 254 + 2, 0);
    out.resize(1 + rsb_cobs_encode(payload.data(), payload.size(), out.data() + 1));
    return out;
}

/** The response fault options applied to one frame about to be written. */
std::basic_string<uint8_t> damaged(Board& b, std::basic_string<uint8_t> frame) {
    const auto& o = b.options;
    const int k = b.framesOut;
    const std::size_t n = frame.size();
    if (o.corruptEvery > 0 && k % o.corruptEvery == 0 && n > 2) frame[n / 2] ^= 0x5a;
    if (o.dropEvery > 0 && k % o.dropEvery == 0 && n > 2) frame.erase(n / 2, 1);
    if (k == o.badLength)
        frame = rebuilt(frame, [](std::basic_string<uint8_t> p) {
            rsb_put16(p.data() + 4, static_cast<uint16_t>(rsb_get16(p.data() + 4) + 1));
            return p;
        });
    if (k == o.extraByte)
        frame = rebuilt(frame, [](std::basic_string<uint8_t> p) {
            if (p.size() >= RSB_HEADER + RSB_MAX_BODY) return p;
            p.push_back(0x5a);
            rsb_put16(p.data() + 4, static_cast<uint16_t>(p.size() - RSB_HEADER));
            return p;
        });
    // A board that computes wrongly: ENCRYPT's and DECRYPT's answers are ticks (8), IP clocks (4), then the
    // output; after `after` right ones (DECRYPTs with a plaintext), the first output byte is flipped.
    const auto lie = [&frame](std::uint8_t command, int after, int& answered) {
        if (after <= 0) return;
        frame = rebuilt(frame, [&](std::basic_string<uint8_t> p) {
            constexpr std::size_t kOutput = RSB_HEADER + 12;
            if (p.size() > kOutput && p[1] == (command | 0x80) && ++answered > after) p[kOutput] ^= 0x01;
            return p;
        });
    };
    lie(RSB_ENCRYPT, o.lieAfter, b.encryptAnswers);
    lie(RSB_DECRYPT, o.lieDecryptAfter, b.decryptAnswers);
    if (b.mergeNext && !frame.empty() && frame.front() == 0) frame.erase(0, 1);
    b.mergeNext = false;
    if (k == o.mergeAt && !frame.empty() && frame.back() == 0) {
        frame.pop_back();
        b.mergeNext = true;
    }
    if (k == o.garbageBefore) frame.insert(0, std::basic_string<uint8_t>(kGarbageLineBytes, 0x01));
    return frame;
}

} // namespace

void hostBoardInit(int uartFd, const HostBoardOptions& options) {
    Board& b = board();
    b.fd = uartFd;
    b.options = options;
    if (options.ipPresent) {
        b.ip = std::make_unique<AsconIpDevice>(options.unroll);
        b.bus = std::make_unique<AxiLiteMaster>(*b.ip);
    }
}

bool hostBoardDisconnected() {
    return board().disconnected;
}

} // namespace rs::hw::board

using rs::hw::board::board;

extern "C" {

uint32_t hal_ip_read(uint32_t offset) {
    auto& b = board();
    if (!b.bus) return 0;
    const std::uint64_t c0 = b.bus->cycles();
    std::uint32_t v = 0;
    b.bus->readResp(static_cast<std::uint8_t>(offset), &v); // SLVERR reads 0, as on the bus
    rs::hw::board::chargeAccess(b.bus->cycles() - c0, b.options.gpReadNs);
    return v;
}

void hal_ip_write(uint32_t offset, uint32_t value) {
    auto& b = board();
    if (!b.bus) return;
    const std::uint64_t c0 = b.bus->cycles();
    b.bus->writeResp(static_cast<std::uint8_t>(offset), value);
    rs::hw::board::chargeAccess(b.bus->cycles() - c0, b.options.gpWriteNs);
}

int hal_ip_present(void) {
    return board().bus ? 1 : 0;
}

uint64_t hal_time(void) {
    return static_cast<uint64_t>(board().timeNs * rs::hw::board::kTimerHz / 1e9);
}

uint32_t hal_time_hz(void) {
    return static_cast<uint32_t>(rs::hw::board::kTimerHz);
}

uint32_t hal_pl_hz(void) {
    return static_cast<uint32_t>(rs::hw::board::kPlHz);
}

void hal_sw_done(int variant, int decrypt, uint32_t ad_len, uint32_t len) {
    auto& b = board();
    b.timeNs += rs::hw::board::swInstructions(variant, decrypt != 0, ad_len, len) * b.options.cpi * 1e9 /
                rs::hw::board::kCpuHz;
}

uint32_t hal_stack_used(uint32_t* size) {
    *size = 0; // not measured on the host: the ARM build under QEMU measures it
    return 0;
}

int hal_uart_getc(uint32_t timeout_ms) {
    auto& b = board();
    if (b.disconnected) return -1;
    pollfd p{b.fd, POLLIN, 0};
    if (poll(&p, 1, static_cast<int>(timeout_ms)) <= 0 || !(p.revents & POLLIN)) return -1;
    unsigned char c;
    return read(b.fd, &c, 1) == 1 ? c : -1;
}

void hal_uart_write(const uint8_t* p, uint32_t n) {
    auto& b = board();
    if (b.disconnected) return;
    const auto& o = b.options;
    ++b.framesOut;
    const std::basic_string<uint8_t> frame = rs::hw::board::damaged(b, std::basic_string<uint8_t>(p, n));
    for (std::size_t off = 0; off < frame.size();) {
        const ssize_t w = write(b.fd, frame.data() + off, frame.size() - off);
        if (w <= 0) break;
        off += static_cast<std::size_t>(w);
    }
    if (o.resetAfter > 0 && b.framesOut == o.resetAfter) fw_init(); // the board lost its state
    if (o.disconnectAfter > 0 && b.framesOut >= o.disconnectAfter) b.disconnected = true;
}

} // extern "C"
