// The board protocol's framing (hw/zynq/firmware/protocol.c, shared by the firmware and the client):
// COBS round trips (zero runs, 254-byte runs), CRC-32's check value, frames built and parsed, every
// damage a line can do refused with its error code, the decoder bounded by its output's capacity, and the
// shared receiver dropping over-long lines up to the next 0x00.
#include <gtest/gtest.h>

#include <random>
#include <vector>

extern "C" {
#include "hw/zynq/firmware/protocol.h"
}

namespace {

std::vector<std::uint8_t> cobs(const std::vector<std::uint8_t>& in) {
    std::vector<std::uint8_t> out(in.size() + in.size() / 254 + 2);
    out.resize(rsb_cobs_encode(in.data(), in.size(), out.data()));
    return out;
}

std::vector<std::uint8_t> uncobs(const std::vector<std::uint8_t>& frame) {
    std::vector<std::uint8_t> out(frame.size());
    const long n = rsb_cobs_decode(frame.data(), frame.size() - 1, out.data(), out.size()); // no delimiter
    if (n < 0) return {0xde, 0xad};
    out.resize(static_cast<std::size_t>(n));
    return out;
}

TEST(BoardProtocol, CrcCheckValue) {
    const char* s = "123456789";
    EXPECT_EQ(rsb_crc32(reinterpret_cast<const std::uint8_t*>(s), 9), 0xcbf43926u);
}

TEST(BoardProtocol, CobsRoundTripsAndHasNoZeros) {
    std::mt19937 rng(9);
    std::vector<std::vector<std::uint8_t>> cases = {{},
                                                    {0},
                                                    {0, 0},
                                                    {1},
                                                    {1, 0, 2},
                                                    std::vector<std::uint8_t>(254, 7),
                                                    std::vector<std::uint8_t>(255, 7),
                                                    std::vector<std::uint8_t>(600, 0)};
    for (int i = 0; i < 200; ++i) {
        std::vector<std::uint8_t> v(rng() % 700);
        for (auto& b : v)
            b = (rng() % 4 == 0) ? 0 : static_cast<std::uint8_t>(rng());
        cases.push_back(v);
    }
    for (const auto& c : cases) {
        const auto f = cobs(c);
        ASSERT_EQ(f.back(), 0);
        for (std::size_t i = 0; i + 1 < f.size(); ++i)
            ASSERT_NE(f[i], 0) << "a zero inside the frame";
        EXPECT_EQ(uncobs(f), c);
        EXPECT_LE(f.size(), c.size() + c.size() / 254 + 2);
    }
    const std::uint8_t bad[] = {5, 1, 2}; // promises 4 bytes, has 2
    std::uint8_t out[8];
    EXPECT_EQ(rsb_cobs_decode(bad, 3, out, sizeof out), -1);
}

TEST(BoardProtocol, FramesParseAndDamageIsRefused) {
    std::vector<std::uint8_t> scratch(RSB_MAX_PAYLOAD), frame(RSB_MAX_FRAME), payload(RSB_MAX_PAYLOAD);
    const std::uint8_t body[] = {1, 2, 0, 4};
    frame.resize(rsb_build(RSB_PING, 513, body, 4, scratch.data(), frame.data()));
    long n = rsb_cobs_decode(frame.data(), frame.size() - 1, payload.data(), payload.size());
    ASSERT_EQ(n, RSB_HEADER + 4 + 4);
    rsb_frame f{};
    ASSERT_EQ(rsb_parse(payload.data(), static_cast<std::size_t>(n), &f), 0);
    EXPECT_EQ(f.type, RSB_PING);
    EXPECT_EQ(f.seq, 513);
    EXPECT_EQ(std::vector<std::uint8_t>(f.body, f.body + f.len), std::vector<std::uint8_t>(body, body + 4));
    // One flipped bit anywhere: CRC mismatch (or a length that no longer adds up), never a good frame.
    for (std::size_t i = 0; i < static_cast<std::size_t>(n); ++i) {
        std::vector<std::uint8_t> p(payload.begin(), payload.begin() + n);
        p[i] ^= 0x10;
        rsb_frame g{};
        const int e = rsb_parse(p.data(), p.size(), &g);
        EXPECT_TRUE(e == RSB_E_BAD_CRC || e == RSB_E_BAD_FRAME || e == RSB_E_BAD_VERSION) << i;
        EXPECT_NE(e, 0);
    }
    rsb_frame g{};
    EXPECT_EQ(rsb_parse(payload.data(), static_cast<std::size_t>(n) - 1, &g), RSB_E_BAD_FRAME); // truncated
    EXPECT_EQ(rsb_parse(payload.data(), 5, &g), RSB_E_BAD_FRAME);
    std::vector<std::uint8_t> big(RSB_MAX_BODY + 1);
    EXPECT_EQ(rsb_build(RSB_PING, 1, big.data(), big.size(), scratch.data(), frame.data()), 0u);
}

// The firmware's overflow: a 4124-byte line of 0x01 decodes to 4123 zeros, 17 more than a frame's
// payload. The decoder gets the capacity and refuses; the bytes past it stay untouched.
TEST(BoardProtocol, CobsDecodeNeverWritesPastItsCapacity) {
    const std::vector<std::uint8_t> line(RSB_MAX_LINE + 1, 0x01);
    std::vector<std::uint8_t> out(RSB_MAX_PAYLOAD + 32, 0xa5);
    EXPECT_EQ(rsb_cobs_decode(line.data(), line.size(), out.data(), RSB_MAX_PAYLOAD), -1);
    for (std::size_t i = RSB_MAX_PAYLOAD; i < out.size(); ++i)
        ASSERT_EQ(out[i], 0xa5) << "written past the capacity at " << i;
    // Exactly at the capacity is fine, one byte over is not (both the data and the implied zero count).
    std::vector<std::uint8_t> exact(RSB_MAX_PAYLOAD);
    EXPECT_EQ(rsb_cobs_decode(line.data(), RSB_MAX_PAYLOAD + 1, exact.data(), exact.size()), RSB_MAX_PAYLOAD);
    EXPECT_EQ(rsb_cobs_decode(line.data(), RSB_MAX_PAYLOAD + 2, exact.data(), exact.size()), -1);
    const std::vector<std::uint8_t> run = {0x05, 1, 2, 3, 4};
    std::uint8_t small[3];
    EXPECT_EQ(rsb_cobs_decode(run.data(), run.size(), small, sizeof small), -1);
    EXPECT_EQ(rsb_cobs_decode(run.data(), run.size(), small, 0), -1);
    // In place (out = in) still works: decoding never overtakes the input.
    std::vector<std::uint8_t> scratch(RSB_MAX_PAYLOAD), frame(RSB_MAX_FRAME);
    const std::vector<std::uint8_t> body(300, 0);
    frame.resize(rsb_build(RSB_PING, 3, body.data(), body.size(), scratch.data(), frame.data()));
    rsb_frame f{};
    EXPECT_EQ(rsb_decode_frame(frame.data(), frame.size() - 1, frame.data(), frame.size(), &f), 0);
    EXPECT_EQ(f.len, 300);
}

// The largest frame (a 4096-byte body of nonzero bytes) is exactly RSB_MAX_LINE long and decodes.
TEST(BoardProtocol, TheLargestFrameFitsEveryBuffer) {
    std::vector<std::uint8_t> scratch(RSB_MAX_PAYLOAD), frame(RSB_MAX_FRAME), payload(RSB_MAX_PAYLOAD);
    const std::vector<std::uint8_t> body(RSB_MAX_BODY, 0x33);
    frame.resize(rsb_build(RSB_PING, 1, body.data(), body.size(), scratch.data(), frame.data()));
    ASSERT_LE(frame.size(), static_cast<std::size_t>(RSB_MAX_FRAME));
    rsb_rx rx;
    rsb_rx_init(&rx);
    int event = RSB_RX_MORE;
    for (const std::uint8_t b : frame)
        event = rsb_rx_feed(&rx, b);
    ASSERT_EQ(event, RSB_RX_LINE);
    rsb_frame f{};
    EXPECT_EQ(rsb_decode_frame(rx.line, rx.len, payload.data(), payload.size(), &f), 0);
    EXPECT_EQ(f.len, RSB_MAX_BODY);
    // A header promising more than 4096 bytes is refused even when the bytes are there.
    std::vector<std::uint8_t> big(RSB_HEADER + RSB_MAX_BODY + 1 + 4, 0x11);
    rsb_put16(big.data() + 4, RSB_MAX_BODY + 1);
    EXPECT_EQ(rsb_parse(big.data(), big.size(), &f), RSB_E_BAD_FRAME);
}

// The shared receiver: a line longer than any frame is dropped up to the next 0x00 and reported once;
// empty lines are nothing; the next frame comes through whole.
TEST(BoardProtocol, ReceiverDropsOverlongLinesAndResynchronises) {
    std::vector<std::uint8_t> scratch(RSB_MAX_PAYLOAD), frame(RSB_MAX_FRAME);
    const std::uint8_t body[] = {9, 0, 9};
    frame.resize(rsb_build(RSB_PING, 77, body, 3, scratch.data(), frame.data()));
    std::vector<std::uint8_t> stream(4200, 0x01); // no delimiter for 4200 bytes
    stream.push_back(0);
    stream.push_back(0); // an empty line
    stream.insert(stream.end(), frame.begin(), frame.end());
    rsb_rx rx;
    rsb_rx_init(&rx);
    std::vector<int> events;
    std::size_t dropped = 0;
    for (const std::uint8_t b : stream) {
        const int e = rsb_rx_feed(&rx, b);
        ASSERT_LE(rx.len, static_cast<std::size_t>(RSB_MAX_LINE));
        if (e == RSB_RX_MORE) continue;
        events.push_back(e);
        if (e == RSB_RX_OVERLONG) dropped = rx.dropped;
        if (e == RSB_RX_LINE) {
            std::vector<std::uint8_t> payload(RSB_MAX_PAYLOAD);
            rsb_frame f{};
            ASSERT_EQ(rsb_decode_frame(rx.line, rx.len, payload.data(), payload.size(), &f), 0);
            EXPECT_EQ(f.seq, 77);
        }
    }
    EXPECT_EQ(events, (std::vector<int>{RSB_RX_OVERLONG, RSB_RX_LINE}));
    EXPECT_EQ(dropped, 4200u);
    // A line of exactly RSB_MAX_LINE bytes is a line (it may be a frame); one more is over-long.
    for (const std::size_t n :
         {static_cast<std::size_t>(RSB_MAX_LINE), static_cast<std::size_t>(RSB_MAX_LINE + 1)}) {
        rsb_rx_init(&rx);
        int e = RSB_RX_MORE;
        for (std::size_t i = 0; i < n; ++i)
            e = rsb_rx_feed(&rx, 0x42);
        e = rsb_rx_feed(&rx, 0);
        EXPECT_EQ(e, n == RSB_MAX_LINE ? RSB_RX_LINE : RSB_RX_OVERLONG) << n;
    }
}

} // namespace
