// The host's side of the line without a port (hw/board/boardframing.h): the frame reader on streams a
// damaged line delivers — a 4200-byte line without a delimiter, two large answers merged by a lost
// delimiter, a header length that disagrees with the body, frames cut across reads — and the answer
// parsers on bodies whose lengths disagree with the command. Each ends in the next frame read whole, or a
// BoardError that says what was wrong; never a write past a buffer (ASan in CI's sanitizer build).
#include <gtest/gtest.h>

#include "hw/board/boardframing.h"
#include "tests/fuzz/boardframes.h"

namespace {

using namespace rs::hw::board;
using rs::crypto::Bytes;
namespace fb = rs::fuzz::board;

std::vector<ReceivedFrame> readAll(const Bytes& stream, std::size_t chunk = 4096) {
    FrameReader reader;
    std::vector<ReceivedFrame> out;
    for (std::size_t at = 0; at < stream.size(); at += chunk) {
        reader.push(stream.data() + at, std::min(chunk, stream.size() - at));
        while (auto f = reader.next())
            out.push_back(std::move(*f));
    }
    return out;
}

Bytes kat2500Answer(std::uint16_t seq) {
    Bytes body;
    fb::put16(body, 1);
    fb::Rng r(seq);
    fb::append(body, r.bytes(8 + 2500 + 16));
    return fb::frame(RSB_KAT_BATCH | RSB_RESPONSE, seq, body);
}

TEST(BoardFraming, A4200ByteLineWithoutADelimiterIsDroppedAndTheNextFrameReadWhole) {
    Bytes stream = fb::longLine(4200);
    const Bytes ping{1, 0, 2};
    fb::append(stream, fb::frame(RSB_PING | RSB_RESPONSE, 5, ping));
    for (const std::size_t chunk : {std::size_t{1}, std::size_t{13}, std::size_t{4096}, stream.size()}) {
        FrameReader reader;
        std::vector<ReceivedFrame> got;
        bool sawOverlongInProgress = false;
        for (std::size_t at = 0; at < stream.size(); at += chunk) {
            reader.push(stream.data() + at, std::min(chunk, stream.size() - at));
            while (auto f = reader.next())
                got.push_back(std::move(*f));
            sawOverlongInProgress = sawOverlongInProgress || reader.inOverlongLine();
        }
        ASSERT_EQ(got.size(), 2u) << chunk;
        EXPECT_EQ(got[0].error, RSB_E_BAD_FRAME);
        EXPECT_NE(got[0].problem.find("longer than any frame"), std::string::npos) << got[0].problem;
        EXPECT_EQ(got[1].error, 0);
        EXPECT_EQ(got[1].seq, 5);
        EXPECT_EQ(got[1].body, ping);
        EXPECT_EQ(reader.overlongLines(), 1u);
        EXPECT_EQ(reader.damagedLines(), 1u);
        if (chunk <= 13) { // a read that ends inside the dropped line sees it
            EXPECT_TRUE(sawOverlongInProgress) << chunk;
        }
    }
}

TEST(BoardFraming, TwoLargeAnswersMergedByALostDelimiterAreOneDamagedLine) {
    const Bytes a = kat2500Answer(3);
    Bytes stream(a.begin(), a.end() - 1);                // the first answer's 0x00 lost...
    stream.insert(stream.end(), a.begin() + 1, a.end()); // ...and the retransmission's leading one
    fb::append(stream, a);                               // then the answer again, whole
    const auto got = readAll(stream, 1000);
    ASSERT_EQ(got.size(), 2u);
    EXPECT_EQ(got[0].error, RSB_E_BAD_FRAME);
    EXPECT_EQ(got[1].error, 0);
    EXPECT_EQ(got[1].seq, 3);
    EXPECT_EQ(got[1].body.size(), 10u + 2500 + 16);
    // Merged answers shorter than a frame together: one damaged line too (COBS or CRC), then the next.
    const Bytes small = fb::frame(RSB_PING | RSB_RESPONSE, 8, Bytes(100, 7));
    Bytes two(small.begin(), small.end() - 1);
    two.insert(two.end(), small.begin() + 1, small.end());
    fb::append(two, small);
    const auto got2 = readAll(two);
    ASSERT_EQ(got2.size(), 2u);
    EXPECT_NE(got2[0].error, 0);
    EXPECT_EQ(got2[1].error, 0);
}

TEST(BoardFraming, AHeaderLengthThatDisagreesIsADamagedFrame) {
    const Bytes body(40, 0x21);
    for (const long len : {39L, 41L, 0L, 4096L, 65535L}) {
        Bytes stream = fb::encode(fb::payload(RSB_ENCRYPT | RSB_RESPONSE, 4, body, len));
        fb::append(stream, fb::frame(RSB_ENCRYPT | RSB_RESPONSE, 4, body));
        const auto got = readAll(stream);
        ASSERT_EQ(got.size(), 2u) << len;
        EXPECT_EQ(got[0].error, RSB_E_BAD_FRAME) << len;
        EXPECT_EQ(classifyAnswer(got[0], RSB_ENCRYPT, 4).kind, Answer::Kind::Damaged);
        EXPECT_EQ(got[1].error, 0);
        EXPECT_EQ(got[1].body, body);
    }
}

TEST(BoardFraming, AnswersAreClassifiedForTheirRequest) {
    auto frameOf = [](std::uint8_t type, std::uint16_t seq, const Bytes& body) {
        return readAll(fb::frame(type, seq, body)).at(0);
    };
    EXPECT_EQ(classifyAnswer(frameOf(RSB_PING | RSB_RESPONSE, 2, {}), RSB_PING, 3).kind,
              Answer::Kind::OtherRequest);
    const Answer body = classifyAnswer(frameOf(RSB_PING | RSB_RESPONSE, 2, {4}), RSB_PING, 2);
    EXPECT_EQ(body.kind, Answer::Kind::Body);
    EXPECT_EQ(body.body, Bytes{4});
    EXPECT_EQ(classifyAnswer(frameOf(RSB_INFO | RSB_RESPONSE, 2, {}), RSB_PING, 2).kind,
              Answer::Kind::Unexpected);
    EXPECT_EQ(classifyAnswer(frameOf(RSB_ERROR, 2, {2, 0, RSB_PING}), RSB_PING, 2).kind,
              Answer::Kind::DamagedRequest);
    EXPECT_EQ(classifyAnswer(frameOf(RSB_ERROR, 2, {5}), RSB_PING, 2).kind,
              Answer::Kind::Unexpected); // no code
    // The board's text comes out printable and bounded, whatever it sent.
    Bytes error{6, 0, RSB_DECRYPT, 'b', 'a', 'd', '\n', 0x1b, 0xff};
    error.resize(3 + 1000, 'x');
    const Answer refused = classifyAnswer(frameOf(RSB_ERROR, 2, error), RSB_DECRYPT, 2);
    EXPECT_EQ(refused.kind, Answer::Kind::Refused);
    EXPECT_EQ(refused.code, 6);
    EXPECT_EQ(refused.text.rfind("authentication failed: bad???", 0), 0u) << refused.text;
    EXPECT_LT(refused.text.size(), 200u);
}

template <class F> std::string refusal(F f) {
    try {
        f();
    } catch (const BoardError& e) {
        EXPECT_EQ(e.code(), 0);
        return e.what();
    }
    return "accepted";
}

TEST(BoardFraming, AnswerBodiesMustHaveTheLengthsTheCommandDefines) {
    // ENCRYPT of a 20-byte message: 12 + 20 + 16 bytes, no more, no less.
    EXPECT_EQ(parseCrypt(Bytes(48, 1), 36, "ENCRYPT").output.size(), 36u);
    EXPECT_EQ(refusal([] { parseCrypt(Bytes(49, 1), 36, "ENCRYPT"); }),
              "ENCRYPT answer has 49 bytes, expected 48");
    EXPECT_EQ(refusal([] { parseCrypt(Bytes(47, 1), 36, "ENCRYPT"); }),
              "ENCRYPT answer has 47 bytes, expected 48");
    EXPECT_EQ(refusal([] { parseCrypt(Bytes(5, 1), 0, "DECRYPT"); }),
              "DECRYPT answer has 5 bytes, expected 12");
    // KAT_BATCH: the count and every record's output exactly.
    Bytes kat;
    fb::put16(kat, 2);
    fb::append(kat, Bytes(8 + (3 + 16) + (0 + 16), 9));
    const std::vector<std::size_t> lens{3, 0};
    const KatBatchAnswer a = parseKatBatch(kat, lens);
    ASSERT_EQ(a.outputs.size(), 2u);
    EXPECT_EQ(a.outputs[0].size(), 19u);
    EXPECT_EQ(a.outputs[1].size(), 16u);
    Bytes longer = kat;
    longer.push_back(0);
    EXPECT_NE(
        refusal([&] { parseKatBatch(longer, lens); }).find("KAT_BATCH answer has 46 bytes, expected 45"),
        std::string::npos);
    Bytes otherCount = kat;
    otherCount[0] = 3;
    EXPECT_NE(refusal([&] { parseKatBatch(otherCount, lens); }).find("counts 3 records, 2 were sent"),
              std::string::npos);
    EXPECT_NE(refusal([&] { parseKatBatch(Bytes(3, 0), lens); }).find("expected 45"), std::string::npos);
    // BENCH: 26 bytes, for the size and count asked.
    Bytes bench(26, 0);
    rsb_put32(bench.data() + 8, 333333333u);
    rsb_put32(bench.data() + 20, 50);
    rsb_put16(bench.data() + 24, 64);
    EXPECT_EQ(parseBench(bench, 64, 50).count, 50u);
    EXPECT_NE(refusal([&] { parseBench(bench, 64, 51); }).find("50 messages of 64 bytes, 51 of 64"),
              std::string::npos);
    EXPECT_NE(refusal([] { parseBench(Bytes(25, 0), 1, 1); }).find("BENCH answer has 25 bytes"),
              std::string::npos);
    // STATS: 12 bytes, a high-water mark within the stack.
    Bytes stats(12, 0);
    rsb_put32(stats.data(), 0x10000), rsb_put32(stats.data() + 4, 552), rsb_put32(stats.data() + 8, 2);
    EXPECT_EQ(parseStats(stats).stackUsed, 552u);
    EXPECT_NE(refusal([] { parseStats(Bytes(11, 0)); }).find("STATS answer has 11 bytes"), std::string::npos);
    rsb_put32(stats.data() + 4, 0x10004);
    EXPECT_NE(refusal([&] { parseStats(stats); }).find("high-water mark of 65540 bytes in a stack of 65536"),
              std::string::npos);
    // HELLO, INFO (a timer of 0 Hz would divide every time by zero), the empty answers.
    EXPECT_NE(refusal([] { parseHello(Bytes(5, 1)); }).find("short answer to HELLO"), std::string::npos);
    Bytes info(10, 0);
    EXPECT_NE(refusal([&] { parseInfo(info); }).find("0 Hz"), std::string::npos);
    rsb_put32(info.data(), 1000);
    info.push_back(0x07); // a bell in the firmware name
    EXPECT_EQ(parseInfo(info).firmware, "?");
    EXPECT_NE(
        refusal([] { parseEmpty(Bytes{1}, "LOAD_KEY"); }).find("LOAD_KEY answer has 1 bytes, expected 0"),
        std::string::npos);
}

// Every seed stream of the host decoder's fuzz target reads without a line lost or counted twice.
TEST(BoardFraming, SeedStreamsReadWhole) {
    for (const auto& [name, stream] : fb::seedStreams(true)) {
        std::size_t lines = 0;
        rsb_rx rx;
        rsb_rx_init(&rx);
        for (const std::uint8_t b : stream)
            lines += rsb_rx_feed(&rx, b) != RSB_RX_MORE;
        EXPECT_EQ(readAll(stream, 5).size(), lines) << name;
        EXPECT_GT(lines, 0u) << name;
    }
}

} // namespace
