// The firmware's receive path (fw_feed, hw/zynq/firmware/firmware.c) in this process, over an in-memory
// HAL (tests/fuzz/boardfwhal.h: software path, no IP): the line damage that overflowed its payload buffer
// (a 4124-byte line, a 4200-byte line, two large requests merged by a lost delimiter), a header length
// that disagrees with the body, and inner lengths (ENCRYPT's AD and message, KAT_BATCH's records and count,
// BENCH's count) that disagree with the body. Each gets one well-formed error answer and the next request
// is served; no write past a buffer (ASan in CI's sanitizer build).
#include <gtest/gtest.h>

#include "hw/board/boardframing.h"
#include "tests/fuzz/boardframes.h"
#include "tests/fuzz/boardfwhal.h"

namespace {

using rs::hw::board::FrameReader;
using rs::hw::board::ReceivedFrame;
namespace fb = rs::fuzz::board;
using fb::Bytes;

/** Feeds the stream and reads back everything the firmware answered; every answer must be a good frame. */
std::vector<ReceivedFrame> feed(const Bytes& stream) {
    fb::uartOut().clear();
    for (const std::uint8_t b : stream)
        fw_feed(b);
    FrameReader reader;
    reader.push(fb::uartOut().data(), fb::uartOut().size());
    std::vector<ReceivedFrame> out;
    while (auto f = reader.next()) {
        EXPECT_EQ(f->error, 0) << "a damaged answer: " << f->problem;
        out.push_back(std::move(*f));
    }
    EXPECT_EQ(reader.damagedLines(), 0u);
    return out;
}

int errorCode(const ReceivedFrame& f) {
    return f.type == RSB_ERROR && f.body.size() >= 3 ? rsb_get16(f.body.data()) : 0;
}

class BoardFirmware : public ::testing::Test {
  protected:
    void SetUp() override { fw_init(); }

    /** A PING answered right after the damage: the receiver is in step again. */
    void expectPingServed(std::uint16_t seq) {
        const Bytes data{1, 0, 2, 0, 3};
        const auto got = feed(fb::frame(RSB_PING, seq, data));
        ASSERT_EQ(got.size(), 1u);
        EXPECT_EQ(got[0].type, RSB_PING | RSB_RESPONSE);
        EXPECT_EQ(got[0].seq, seq);
        EXPECT_EQ(got[0].body, data);
    }
};

// 4124 bytes of 0x01 (the rx buffer's old size) decoded to 4123 bytes into the 4106-byte payload.
TEST_F(BoardFirmware, A4124ByteLineIsRefusedNotDecodedPastThePayload) {
    Bytes line = fb::longLine(RSB_MAX_LINE + 1);
    line.push_back(0);
    const auto got = feed(line);
    ASSERT_EQ(got.size(), 1u);
    EXPECT_EQ(errorCode(got[0]), RSB_E_BAD_FRAME);
    expectPingServed(2);
}

// Any line between the longest frame and the old buffer's end decodes to more than the payload holds.
TEST_F(BoardFirmware, LinesJustLongerThanAPayloadAreBadFrames) {
    for (const std::size_t n : {std::size_t{RSB_MAX_PAYLOAD + 2}, std::size_t{RSB_MAX_LINE}}) {
        Bytes line = fb::longLine(n);
        line.push_back(0);
        const auto got = feed(line);
        ASSERT_EQ(got.size(), 1u) << n;
        EXPECT_EQ(errorCode(got[0]), RSB_E_BAD_FRAME) << n;
    }
    expectPingServed(3);
}

TEST_F(BoardFirmware, A4200ByteLineWithoutADelimiterIsDroppedThenTheNextRequestServed) {
    Bytes stream = fb::longLine(4200, 0x5a);
    fb::append(stream, fb::frame(RSB_PING, 4, Bytes{9})); // its leading 0x00 ends the long line
    const auto got = feed(stream);
    ASSERT_EQ(got.size(), 2u);
    EXPECT_EQ(errorCode(got[0]), RSB_E_BAD_FRAME);
    EXPECT_NE(std::string(got[0].body.begin() + 3, got[0].body.end()).find("too long"), std::string::npos);
    EXPECT_EQ(got[1].seq, 4);
    EXPECT_EQ(got[1].body, Bytes{9});
}

TEST_F(BoardFirmware, TwoLargeRequestsMergedByALostDelimiterAreRefusedThenServed) {
    fb::Rng r(5);
    const Bytes kat = fb::frame(RSB_KAT_BATCH, 6, fb::katBody(r, 2, {2500}));
    Bytes stream(kat.begin(), kat.end() - 1);
    stream.insert(stream.end(), kat.begin() + 1, kat.end());
    auto got = feed(stream);
    ASSERT_EQ(got.size(), 1u);
    EXPECT_EQ(errorCode(got[0]), RSB_E_BAD_FRAME);
    got = feed(kat); // the retransmission
    ASSERT_EQ(got.size(), 1u);
    EXPECT_EQ(got[0].type, RSB_KAT_BATCH | RSB_RESPONSE);
    EXPECT_EQ(got[0].body.size(), 10u + 2500 + 16);
}

TEST_F(BoardFirmware, AHeaderLengthThatDisagreesIsABadFrameWithItsSequenceNumber) {
    const Bytes body(40, 0x21);
    for (const long len : {39L, 41L, 4096L, 65535L}) {
        const auto got = feed(fb::encode(fb::payload(RSB_PING, 11, body, len)));
        ASSERT_EQ(got.size(), 1u) << len;
        EXPECT_EQ(errorCode(got[0]), RSB_E_BAD_FRAME) << len;
        EXPECT_EQ(got[0].seq, 11) << len;
    }
    expectPingServed(12);
}

// A damaged line no longer forgets the last answer: a retransmission after it is answered from the cache,
// not run a second time.
TEST_F(BoardFirmware, DamageKeepsTheRetransmissionCache) {
    ASSERT_EQ(feed(fb::frame(RSB_LOAD_KEY, 1, Bytes(17, 2))).size(), 1u);
    ASSERT_EQ(feed(fb::frame(RSB_LOAD_NONCE, 2, Bytes(16, 3))).size(), 1u);
    Bytes enc{RSB_PATH_SW, 0};
    fb::put16(enc, 0), fb::put16(enc, 8);
    fb::append(enc, Bytes(8, 4));
    const auto first = feed(fb::frame(RSB_ENCRYPT, 3, enc));
    ASSERT_EQ(first.size(), 1u);
    const std::uint64_t ops = fb::softwareOps();
    Bytes noise = fb::longLine(5000);
    noise.push_back(0);
    ASSERT_EQ(feed(noise).size(), 1u);
    const auto again = feed(fb::frame(RSB_ENCRYPT, 3, enc));
    ASSERT_EQ(again.size(), 1u);
    EXPECT_EQ(again[0].body, first[0].body);
    EXPECT_EQ(fb::softwareOps(), ops) << "the retransmission ran again";
}

TEST_F(BoardFirmware, InnerLengthsThatDisagreeWithTheBodyAreBadLength) {
    fb::Rng r(9);
    std::vector<Bytes> bodies;
    for (const std::uint32_t ad : {0u, 5u}) { // ENCRYPT: AD + message lengths one more / less than present
        for (const int delta : {-1, 1, 0xfff0}) {
            Bytes b = fb::cryptBody(r, false, ad, 20);
            rsb_put16(b.data() + 4, static_cast<std::uint16_t>(20 + delta));
            bodies.push_back(b);
        }
    }
    Bytes shortCrypt{RSB_PATH_SW, 0, 1}; // shorter than its own fixed fields
    bodies.push_back(shortCrypt);
    ASSERT_EQ(feed(fb::frame(RSB_LOAD_KEY, 1, Bytes(17, 2))).size(), 1u);
    ASSERT_EQ(feed(fb::frame(RSB_LOAD_NONCE, 2, Bytes(16, 3))).size(), 1u);
    std::uint16_t seq = 10;
    for (const Bytes& b : bodies) {
        const auto got = feed(fb::frame(RSB_ENCRYPT, ++seq, b));
        ASSERT_EQ(got.size(), 1u);
        EXPECT_EQ(errorCode(got[0]), RSB_E_BAD_LENGTH) << seq;
    }
    // DECRYPT without room for its tag.
    Bytes dec = fb::cryptBody(r, true, 3, 10);
    dec.resize(dec.size() - 1);
    EXPECT_EQ(errorCode(feed(fb::frame(RSB_DECRYPT, ++seq, dec)).at(0)), RSB_E_BAD_LENGTH);
    // KAT_BATCH: more records promised than present, a record length past the body, a record short of its
    // fixed fields, and bytes left over.
    Bytes more = fb::katBody(r, 0, {8, 8});
    more[2] = 9;
    Bytes pastBody = fb::katBody(r, 0, {8});
    rsb_put16(pastBody.data() + 4 + 34, 0x4000);
    Bytes cut = fb::katBody(r, 0, {0});
    cut.resize(4 + 30);
    Bytes extra = fb::katBody(r, 0, {4});
    extra.push_back(0);
    const std::uint64_t before = fb::softwareOps();
    for (Bytes b : {more, pastBody, cut, extra}) {
        b[0] = RSB_PATH_SW;
        EXPECT_EQ(errorCode(feed(fb::frame(RSB_KAT_BATCH, ++seq, b)).at(0)), RSB_E_BAD_LENGTH) << seq;
    }
    EXPECT_EQ(fb::softwareOps(), before) << "records of a refused batch were run";
    // ENCRYPT whose answer (12 + message + 16) would not fit a frame though the request does.
    Bytes tooMuch{RSB_PATH_SW, 0};
    fb::put16(tooMuch, 0), fb::put16(tooMuch, 4080);
    fb::append(tooMuch, Bytes(4080, 5));
    EXPECT_EQ(errorCode(feed(fb::frame(RSB_ENCRYPT, ++seq, tooMuch)).at(0)), RSB_E_BAD_LENGTH);
    // BENCH: a count past the limit, and a size whose output would not fit.
    Bytes bench{RSB_PATH_SW};
    fb::put16(bench, 16);
    Bytes many = bench;
    fb::put16(many, (RSB_MAX_BENCH_COUNT + 1) & 0xffff), fb::put16(many, (RSB_MAX_BENCH_COUNT + 1) >> 16);
    const std::uint64_t ops = fb::softwareOps();
    EXPECT_EQ(errorCode(feed(fb::frame(RSB_BENCH, ++seq, many)).at(0)), RSB_E_BAD_LENGTH);
    EXPECT_EQ(fb::softwareOps(), ops) << "a refused benchmark ran";
    Bytes big{RSB_PATH_SW};
    fb::put16(big, RSB_MAX_BODY - 15), fb::put16(big, 1), fb::put16(big, 0);
    EXPECT_EQ(errorCode(feed(fb::frame(RSB_BENCH, ++seq, big)).at(0)), RSB_E_BAD_LENGTH);
    // STATS takes no body; with one it is refused, and without it answers its 12 bytes.
    EXPECT_EQ(errorCode(feed(fb::frame(RSB_STATS, ++seq, Bytes{0})).at(0)), RSB_E_BAD_LENGTH);
    const auto stats = feed(fb::frame(RSB_STATS, ++seq, {}));
    ASSERT_EQ(stats.size(), 1u);
    EXPECT_EQ(stats[0].type, RSB_STATS | RSB_RESPONSE);
    EXPECT_EQ(stats[0].body.size(), 12u);
    EXPECT_EQ(rsb_get32(stats[0].body.data() + 8), RSB_CAP_SW | RSB_CAP_HW); // the host build has both paths
    expectPingServed(++seq);
}

// The fuzz target's seed streams, every command and every damage, through the firmware: one good answer
// per line.
TEST_F(BoardFirmware, SeedStreamsGetOneWellFormedAnswerPerLine) {
    for (const auto& [name, stream] : fb::seedStreams(false)) {
        fw_init();
        std::size_t lines = 0;
        rsb_rx rx;
        rsb_rx_init(&rx);
        for (const std::uint8_t b : stream)
            lines += rsb_rx_feed(&rx, b) != RSB_RX_MORE;
        EXPECT_EQ(feed(stream).size(), lines) << name;
    }
}

} // namespace
