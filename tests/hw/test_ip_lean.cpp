// The lean Ascon IP build (issue 21: VARIANTS = Ascon-AEAD128 only, LEN_BITS 16, no cycle
// counters, unroll 1; hw/CMakeLists.txt RS_HW_LEAN_PARAMS) driven by AsconIp (AsconIpBuild::Lean):
// every record of the Ascon-AEAD128 KAT file encrypts to the expected ciphertext and tag, decrypts
// back, and a tampered tag sets AUTH_FAIL. A variant code not built in is refused like the
// reserved code 3 (CONFIG keeps its value), and the cycle counters read 0.
#include "tests/hw/hwtest.h"

#include "core/katfile.h"
#include "hw/ip/ascon/asconip.h"
#include "hw/ip/ascon/asconipdevice.h"
#include "hw/ip/ascon/ipregisters.h"
#include "hw/ip/bus/axilite.h"

namespace {

namespace reg = rs::hw::reg;
using rs::crypto::Bytes;
using rs::hw::AsconIpBuild;
using rs::hw::AsconIpDevice;
using rs::hw::AxiLiteMaster;

constexpr std::uint32_t kCfgAead128 = 2;

TEST(IpLean, OnlyUnrollOneIsBuilt) {
    EXPECT_THROW(AsconIpDevice(2, AsconIpBuild::Lean), std::invalid_argument);
}

TEST(IpLean, AbsentVariantsAreRefusedLikeTheReservedCode) {
    AsconIpDevice dev(1, AsconIpBuild::Lean);
    AxiLiteMaster bus(dev);
    EXPECT_EQ(bus.read(reg::kConfig) & 3u, kCfgAead128) << "CONFIG resets to the built variant";
    for (std::uint32_t code : {0u, 1u, 3u}) {
        bus.write(reg::kConfig, code | reg::kCfgDecrypt);
        EXPECT_EQ(bus.read(reg::kConfig), kCfgAead128 | reg::kCfgDecrypt) << "code " << code;
    }
}

TEST(IpLean, AeadKatRecordsEncryptDecryptAndRejectTamperedTags) {
    rs::hw::AsconIp ip;
    rs::hw::AsconIpOptions opt;
    opt.build = AsconIpBuild::Lean;
    const auto v = rs::crypto::AsconAeadVariant::AsconAead128;
    rs::test::forEachKatRecord(
        "ascon/asconaead128_LWC_AEAD_KAT_128_128.txt", 1089, "Count", [&](const rs::core::KatRecord& r) {
            const Bytes key = r.hex("Key"), nonce = r.hex("Nonce"), pt = r.hex("PT"), ad = r.hex("AD");
            const Bytes ct = r.hex("CT");
            ASSERT_EQ(ct.size(), pt.size() + 16);
            const Bytes c(ct.begin(), ct.end() - 16), tag(ct.end() - 16, ct.end());
            const auto enc = ip.encrypt(v, key, nonce, ad, pt, opt);
            EXPECT_EQ(enc.ct, c);
            EXPECT_EQ(enc.tag, tag);
            const auto dec = ip.decrypt(v, key, nonce, ad, c, tag, opt);
            ASSERT_TRUE(dec.pt.has_value());
            EXPECT_EQ(*dec.pt, pt);
            Bytes bad = tag;
            bad[r.line % 16] ^= 0x01;
            EXPECT_FALSE(ip.decrypt(v, key, nonce, ad, c, bad, opt).pt.has_value());
        });
}

TEST(IpLean, HasNoCycleCounters) {
    AsconIpDevice dev(1, AsconIpBuild::Lean);
    AxiLiteMaster bus(dev);
    bus.write(reg::kCtrl, reg::kCtrlStart); // an empty Ascon-AEAD128 encryption
    std::uint32_t status = 0;
    for (int polls = 0; polls < 100 && !(status & reg::kStDone); ++polls)
        status = bus.read(reg::kStatus);
    ASSERT_TRUE(status & reg::kStDone);
    EXPECT_EQ(bus.read(reg::kCycles), 0u) << "PHASE_COUNTERS = 0";
    EXPECT_EQ(bus.read(reg::kCycData), 0u);
}

} // namespace
