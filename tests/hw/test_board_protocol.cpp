// The board protocol's framing (hw/zynq/firmware/protocol.c, shared by the firmware and the client):
// COBS round trips (zero runs, 254-byte runs), CRC-32's check value, frames built and parsed, and every
// damage a line can do refused with its error code.
#include <gtest/gtest.h>

#include <random>
#include <vector>

extern "C" {
#include "protocol.h"
}

namespace {

std::vector<std::uint8_t> cobs(const std::vector<std::uint8_t>& in) {
    std::vector<std::uint8_t> out(in.size() + in.size() / 254 + 2);
    out.resize(rsb_cobs_encode(in.data(), in.size(), out.data()));
    return out;
}

std::vector<std::uint8_t> uncobs(const std::vector<std::uint8_t>& frame) {
    std::vector<std::uint8_t> out(frame.size());
    const long n = rsb_cobs_decode(frame.data(), frame.size() - 1, out.data()); // without the delimiter
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
    EXPECT_EQ(rsb_cobs_decode(bad, 3, out), -1);
}

TEST(BoardProtocol, FramesParseAndDamageIsRefused) {
    std::vector<std::uint8_t> scratch(RSB_MAX_PAYLOAD), frame(RSB_MAX_FRAME), payload(RSB_MAX_PAYLOAD);
    const std::uint8_t body[] = {1, 2, 0, 4};
    frame.resize(rsb_build(RSB_PING, 513, body, 4, scratch.data(), frame.data()));
    long n = rsb_cobs_decode(frame.data(), frame.size() - 1, payload.data());
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

} // namespace
