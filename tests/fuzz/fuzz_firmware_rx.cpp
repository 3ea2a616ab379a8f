// Fuzz target: the firmware's receive path (fw_feed in hw/zynq/firmware/firmware.c) on any byte stream,
// over an in-memory host HAL (boardfwhal.h: the software path, no IP), byte by byte as the UART delivers
// them. Invariants: every non-empty line of the stream gets exactly one answer, written when its 0x00
// arrives, and nothing else is ever written; every answer is one whole frame (a leading 0x00, COBS, CRC,
// header length, the delimiter) of an answer type or ERROR; the answer to a request that decoded carries
// its sequence number and command. BENCH requests for more than 16 operations are left out of the stream:
// they are valid and only slow. The custom mutator (boardframes.h) builds frames and damages them.
#include <cstdio>
#include <cstdlib>

#include "tests/fuzz/boardframes.h"
#include "tests/fuzz/boardfwhal.h"

namespace {

using namespace rs::fuzz::board;

[[noreturn]] void fail(const char* why) {
    std::fprintf(stderr, "fuzz_firmware_rx: %s\n", why);
    std::abort();
}

/** Whether a line is a well-formed BENCH request for more than 16 operations. */
bool slowBench(const std::uint8_t* line, std::size_t n) {
    static std::uint8_t p[RSB_MAX_PAYLOAD];
    rsb_frame f{};
    if (rsb_decode_frame(line, n, p, sizeof p, &f) != 0) return false;
    return f.type == RSB_BENCH && f.len == 7 && rsb_get32(f.body + 3) > 16;
}

/** Everything the firmware wrote for one line: exactly one well-formed answer frame. */
void checkAnswer(const Bytes& out, bool requestDecoded, const rsb_frame& request) {
    if (out.size() < 3 || out.front() != 0 || out.back() != 0)
        fail("an answer that is not one delimited frame");
    for (std::size_t i = 1; i + 1 < out.size(); ++i)
        if (out[i] == 0) fail("more than one frame for one line");
    if (out.size() - 2 > RSB_MAX_LINE) fail("an answer longer than a frame");
    static std::uint8_t p[RSB_MAX_PAYLOAD];
    rsb_frame f{};
    if (rsb_decode_frame(out.data() + 1, out.size() - 2, p, sizeof p, &f) != 0) fail("a damaged answer");
    if (f.type != RSB_ERROR && !(f.type & RSB_RESPONSE)) fail("an answer with a request's type");
    if (f.type == RSB_ERROR && f.len < 3) fail("an error answer without its code");
    if (!requestDecoded) return;
    if (f.seq != request.seq) fail("an answer under another sequence number");
    if (f.type != RSB_ERROR && f.type != (request.type | RSB_RESPONSE)) fail("an answer to another command");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    Bytes in;
    in.reserve(size);
    std::size_t start = 0;
    for (std::size_t i = 0; i < size; ++i) {
        if (data[i] != 0) continue;
        if (!(i > start && slowBench(data + start, i - start)))
            in.insert(in.end(), data + start, data + i + 1);
        start = i + 1;
    }
    in.insert(in.end(), data + start, data + size);

    fw_init();
    uartOut().clear();
    // A second receiver beside the firmware's says where the lines end and what they hold.
    static rsb_rx shadow;
    static std::uint8_t request[RSB_MAX_PAYLOAD];
    rsb_rx_init(&shadow);
    for (const std::uint8_t b : in) {
        const int event = rsb_rx_feed(&shadow, b);
        rsb_frame req{};
        const bool decoded = event == RSB_RX_LINE &&
                             rsb_decode_frame(shadow.line, shadow.len, request, sizeof request, &req) == 0;
        fw_feed(b);
        Bytes& out = uartOut();
        if (event == RSB_RX_MORE) {
            if (!out.empty()) fail("an answer before a line ended");
            continue;
        }
        checkAnswer(out, decoded, req);
        out.clear();
    }
    return 0;
}

#if defined(RS_LIBFUZZER)
extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size, std::size_t maxSize);
extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size, std::size_t maxSize,
                                               unsigned int seed) {
    return rs::fuzz::board::mutate(data, size, maxSize, seed, false, &LLVMFuzzerMutate);
}
#endif
