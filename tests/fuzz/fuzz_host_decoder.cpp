// Fuzz target: the host client's frame reader and answer parser (hw/board/boardframing.h) on any byte
// stream, pushed in chunks of changing size as a serial port delivers them. Invariants: every non-empty
// line comes out exactly once, as a frame or as damage; a frame's body is at most 4096 bytes; an answer is
// classified for its request (another sequence number is always "another request"); the parsers return
// exactly what the command defines (output and record sizes) or throw BoardError, nothing else; text from
// the board comes out printable. The custom mutator (boardframes.h) builds frames and damages them.
#include <cstdio>
#include <cstdlib>

#include "hw/board/boardframing.h"
#include "tests/fuzz/boardframes.h"

namespace {

using namespace rs::fuzz::board;
using rs::hw::board::Answer;
using rs::hw::board::BoardError;
using rs::hw::board::ReceivedFrame;

[[noreturn]] void fail(const char* why) {
    std::fprintf(stderr, "fuzz_host_decoder: %s\n", why);
    std::abort();
}

void requirePrintable(const std::string& s) {
    for (const char c : s)
        if (c < 0x20 || c > 0x7e) fail("unprintable text from the board");
}

template <class F> void parse(F f) {
    try {
        f();
    } catch (const BoardError&) { // the one way to refuse an answer
    }
}

/** Record message lengths that fit the answer when it is consistent (and do not when it is not). */
std::vector<std::size_t> katLengths(const Bytes& b) {
    std::vector<std::size_t> lens;
    const std::size_t count = b.size() >= 2 ? rsb_get16(b.data()) : 0;
    std::size_t left = b.size() >= 10 ? b.size() - 10 : 0;
    for (std::size_t i = 0; i < count && i < 64; ++i) {
        const std::size_t share = (i + 1 == count) ? left : left / (count - i);
        lens.push_back(share >= 16 ? share - 16 : 0);
        left -= std::min(left, share);
    }
    return lens;
}

void checkBody(const Bytes& b) {
    using namespace rs::hw::board;
    parse([&] { requirePrintable(parseHello(b).firmware); });
    parse([&] {
        const BoardInfo i = parseInfo(b);
        if (i.timerHz == 0) fail("a 0 Hz timer accepted");
        requirePrintable(i.firmware);
    });
    for (const std::size_t out : {b.size() >= 12 ? b.size() - 12 : 0, std::size_t{16}, std::size_t{0}})
        parse([&] {
            if (parseCrypt(b, out, "ENCRYPT").output.size() != out) fail("a crypt output of another size");
        });
    parse([&] {
        const auto size = static_cast<std::uint16_t>(b.size() >= 26 ? rsb_get16(b.data() + 24) : 1);
        const std::uint32_t count = b.size() >= 26 ? rsb_get32(b.data() + 20) : 1;
        const BenchResult r = parseBench(b, size, count);
        if (r.size != size || r.count != count) fail("a benchmark answer for another request accepted");
    });
    for (const auto& lens : {katLengths(b), std::vector<std::size_t>{0}, std::vector<std::size_t>{}})
        parse([&] {
            const KatBatchAnswer a = parseKatBatch(b, lens);
            if (a.outputs.size() != lens.size()) fail("a KAT answer with another record count");
            for (std::size_t i = 0; i < lens.size(); ++i)
                if (a.outputs[i].size() != lens[i] + 16) fail("a KAT record output of another size");
        });
    parse([&] { parseEmpty(b, "RESET"); });
}

void check(const ReceivedFrame& f) {
    if (f.error) {
        if (f.problem.empty() || !f.body.empty()) fail("damage without its problem, or with a body");
        if (rs::hw::board::classifyAnswer(f, RSB_PING, f.seq).kind != Answer::Kind::Damaged)
            fail("damage not classified as damage");
        return;
    }
    if (f.body.size() > RSB_MAX_BODY) fail("a body longer than a frame's");
    if (rs::hw::board::classifyAnswer(f, RSB_PING, static_cast<std::uint16_t>(f.seq + 1)).kind !=
        Answer::Kind::OtherRequest)
        fail("an answer taken for another sequence number");
    for (const std::uint8_t type : {static_cast<std::uint8_t>(f.type & 0x7f), std::uint8_t{RSB_ENCRYPT}}) {
        const Answer a = rs::hw::board::classifyAnswer(f, type, f.seq);
        if (a.kind == Answer::Kind::Refused) requirePrintable(a.text);
        if (a.kind == Answer::Kind::Body) checkBody(a.body);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const std::size_t chunks[] = {1, 4096, 7, 300, 64, 2, 1000};
    rs::hw::board::FrameReader reader;
    std::size_t at = 0, k = 0, got = 0;
    while (at < size) {
        const std::size_t n = std::min(chunks[k++ % 7], size - at);
        reader.push(data + at, n);
        at += n;
        while (const auto f = reader.next()) {
            ++got;
            check(*f);
        }
    }
    static rsb_rx shadow;
    rsb_rx_init(&shadow);
    std::size_t lines = 0;
    for (std::size_t i = 0; i < size; ++i)
        lines += rsb_rx_feed(&shadow, data[i]) != RSB_RX_MORE;
    if (got != lines) fail("a line lost or reported twice");
    return 0;
}

#if defined(RS_LIBFUZZER)
extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size, std::size_t maxSize);
extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size, std::size_t maxSize,
                                               unsigned int seed) {
    return rs::fuzz::board::mutate(data, size, maxSize, seed, true, &LLVMFuzzerMutate);
}
#endif
