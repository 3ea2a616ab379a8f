#include "halhost.h"

#include <poll.h>
#include <unistd.h>

#include <chrono>
#include <memory>

#include "hw/axilite.h"
#include "hw/ipdevice.h"

extern "C" {
#include "firmware.h"
#include "hal.h"
}

namespace rs::hw::board {

namespace {

struct Board {
    int fd = -1;
    HostBoardOptions options;
    std::unique_ptr<IpDevice> ip;
    std::unique_ptr<AxiLiteMaster> bus;
    double timeNs = 0; ///< modelled time since start
    std::chrono::steady_clock::time_point swStart;
    int framesOut = 0;
    bool disconnected = false;
};

Board& board() {
    static Board b;
    return b;
}

/** Modelled nanoseconds for one register access that took `clocks` bus clocks. */
void chargeAccess(std::uint64_t clocks) {
    board().timeNs += static_cast<double>(clocks) * 1e9 / kPlHz + kAccessNs;
}

} // namespace

void hostBoardInit(int uartFd, const HostBoardOptions& options) {
    Board& b = board();
    b.fd = uartFd;
    b.options = options;
    if (options.ipPresent) {
        b.ip = std::make_unique<IpDevice>(options.unroll);
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
    rs::hw::board::chargeAccess(b.bus->cycles() - c0);
    return v;
}

void hal_ip_write(uint32_t offset, uint32_t value) {
    auto& b = board();
    if (!b.bus) return;
    const std::uint64_t c0 = b.bus->cycles();
    b.bus->writeResp(static_cast<std::uint8_t>(offset), value);
    rs::hw::board::chargeAccess(b.bus->cycles() - c0);
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

void hal_sw_begin(void) {
    board().swStart = std::chrono::steady_clock::now();
}

void hal_sw_end(void) {
    auto& b = board();
    const double ns =
        std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - b.swStart).count();
    b.timeNs += ns * rs::hw::board::kSoftwareSlowdown;
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
    std::basic_string<uint8_t> frame(p, n);
    if (o.corruptEvery > 0 && b.framesOut % o.corruptEvery == 0 && n > 2) frame[n / 2] ^= 0x5a;
    if (o.dropEvery > 0 && b.framesOut % o.dropEvery == 0 && n > 2) frame.erase(n / 2, 1);
    for (std::size_t off = 0; off < frame.size();) {
        const ssize_t w = write(b.fd, frame.data() + off, frame.size() - off);
        if (w <= 0) break;
        off += static_cast<std::size_t>(w);
    }
    if (o.resetAfter > 0 && b.framesOut == o.resetAfter) fw_init(); // the board lost its state
    if (o.disconnectAfter > 0 && b.framesOut >= o.disconnectAfter) b.disconnected = true;
}

} // extern "C"
