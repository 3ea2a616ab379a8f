// Random inputs through every Verilated build, compared with the C++ reference model, in full,
// precomputed and precomputed-with-AD mode; long messages that must stream through the FIFOs.
#include "tests/hw/hwtest.h"

#include "hw/ip/ascon/asconip.h"
#include "hw/ip/ascon/asconipcycles.h"
#include "hw/ip/ascon/ipprecompute.h"

namespace {

using rs::crypto::asconDecrypt;
using rs::crypto::asconEncrypt;
using rs::crypto::Bytes;

class IpRandom : public testing::TestWithParam<int> {};

void checkRoundTrip(rs::hw::AsconIp& ip, const rs::test::IpVariant& v, const rs::hw::AsconIpOptions& opt,
                    const Bytes& key, const Bytes& nonce, const Bytes& ad, const Bytes& pt) {
    const std::string what = std::string(v.id) + " unroll " + std::to_string(opt.unroll) +
                             (opt.precomputed ? " pre" : "") + (opt.adPrecomputed ? "+ad" : "") +
                             " |A|=" + std::to_string(ad.size()) + " |P|=" + std::to_string(pt.size());
    const auto want = asconEncrypt(v.variant, key, nonce, ad, pt);
    const auto got = ip.encrypt(v.variant, key, nonce, ad, pt, opt);
    ASSERT_EQ(rs::crypto::toHex(got.ct), rs::crypto::toHex(want.ct)) << what;
    ASSERT_EQ(rs::crypto::toHex(got.tag), rs::crypto::toHex(want.tag)) << what;
    const auto back = ip.decrypt(v.variant, key, nonce, ad, got.ct, got.tag, opt);
    ASSERT_TRUE(back.pt.has_value()) << what;
    EXPECT_EQ(*back.pt, pt) << what;
    Bytes badTag = got.tag;
    badTag[pt.size() % 16] ^= 0x01;
    EXPECT_FALSE(ip.decrypt(v.variant, key, nonce, ad, got.ct, badTag, opt).pt.has_value()) << what;
    if (!pt.empty()) {
        Bytes badCt = got.ct;
        badCt.back() ^= 0x80;
        EXPECT_FALSE(ip.decrypt(v.variant, key, nonce, ad, badCt, got.tag, opt).pt.has_value()) << what;
        EXPECT_FALSE(asconDecrypt(v.variant, key, nonce, ad, badCt, got.tag).has_value());
    }
}

TEST_P(IpRandom, MatchesTheCppModelInEveryMode) {
    std::mt19937 rng(static_cast<unsigned>(1000 + GetParam()));
    rs::hw::AsconIp ip;
    for (const auto& v : rs::test::ipVariants()) {
        for (int i = 0; i < 12; ++i) {
            rs::hw::AsconIpOptions opt;
            opt.unroll = GetParam();
            opt.precomputed = i % 3 != 0;
            opt.adPrecomputed = i % 3 == 2;
            const Bytes key = rs::test::randomBytes(rng, 16), nonce = rs::test::randomBytes(rng, 16);
            const Bytes ad = rs::test::randomBytes(rng, rng() % 50);
            const Bytes pt = rs::test::randomBytes(rng, rng() % 50);
            checkRoundTrip(ip, v, opt, key, nonce, ad, pt);
            if (HasFatalFailure()) return;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Unroll, IpRandom, testing::ValuesIn(rs::hw::AsconIpDevice::supportedUnrolls()),
                         [](const testing::TestParamInfo<int>& p) {
                             return "unroll" + std::to_string(p.param);
                         });

TEST(IpRandomStreaming, LongMessagesStreamThroughTheFifos) {
    std::mt19937 rng(77);
    rs::hw::AsconIp ip;
    for (const auto& v : rs::test::ipVariants()) {
        for (int unroll : {1, 12}) {
            rs::hw::AsconIpOptions opt;
            opt.unroll = unroll;
            const Bytes key = rs::test::randomBytes(rng, 16), nonce = rs::test::randomBytes(rng, 16);
            const Bytes ad = rs::test::randomBytes(rng, 150), pt = rs::test::randomBytes(rng, 333);
            checkRoundTrip(ip, v, opt, key, nonce, ad, pt);
            const auto r = ip.encrypt(v.variant, key, nonce, ad, pt, opt);
            EXPECT_TRUE(r.run.streamed);
            EXPECT_FALSE(rs::hw::fitsFifos({v.variant, unroll, false, false, false, ad.size(), pt.size()}));
        }
    }
}

TEST(IpPrecompute, InjectedStatesMatchTheModelsInitialisation) {
    // The state after initialisation and AD, computed on the host, is what the IP holds in full
    // mode when its first message block arrives: precomputed runs give the same outputs.
    std::mt19937 rng(5);
    rs::hw::AsconIp ip;
    for (const auto& v : rs::test::ipVariants()) {
        const Bytes key = rs::test::randomBytes(rng, 16), nonce = rs::test::randomBytes(rng, 16);
        const Bytes ad = rs::test::randomBytes(rng, 21), pt = rs::test::randomBytes(rng, 19);
        rs::hw::AsconIpOptions full, pre, preAd;
        pre.precomputed = preAd.precomputed = true;
        preAd.adPrecomputed = true;
        const auto a = ip.encrypt(v.variant, key, nonce, ad, pt, full);
        const auto b = ip.encrypt(v.variant, key, nonce, ad, pt, pre);
        const auto c = ip.encrypt(v.variant, key, nonce, ad, pt, preAd);
        EXPECT_EQ(a.tag, b.tag);
        EXPECT_EQ(a.tag, c.tag);
        EXPECT_EQ(a.ct, c.ct);
        EXPECT_LT(b.run.cycles.core(), a.run.cycles.core());
        EXPECT_LT(c.run.cycles.core(), b.run.cycles.core());
        EXPECT_EQ(c.run.cycles.ad, 0u);
    }
    EXPECT_THROW(rs::hw::initialState(rs::crypto::AsconAeadVariant::AsconAead128, Bytes(15), Bytes(16)),
                 rs::crypto::InvalidArgument);
}

} // namespace
