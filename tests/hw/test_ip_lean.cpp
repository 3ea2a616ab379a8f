// The lean Ascon IP build (issue 21: VARIANTS = Ascon-AEAD128 only, LEN_BITS 16, no cycle
// counters, unroll 1; hw/CMakeLists.txt RS_HW_LEAN_PARAMS) driven over AXI4-Lite on its own:
// every record of the Ascon-AEAD128 KAT file encrypts to the expected ciphertext and tag, decrypts
// back, and a tampered tag sets AUTH_FAIL. A variant code not built in is refused like the
// reserved code 3 (CONFIG keeps its value), and the cycle counters read 0.
#include "tests/hw/hwtest.h"

#include "core/katfile.h"
#include "hw/ip/asconipdevice.h"
#include "hw/ip/axilite.h"
#include "hw/ip/ipregisters.h"

namespace {

namespace reg = rs::hw::reg;
using rs::crypto::Bytes;
using rs::hw::AsconIpBuild;
using rs::hw::AsconIpDevice;
using rs::hw::AxiLiteMaster;

constexpr std::uint32_t kCfgAead128 = 2;

std::vector<std::uint32_t> words(const Bytes& b) {
    std::vector<std::uint32_t> w((b.size() + 3) / 4, 0);
    for (std::size_t i = 0; i < b.size(); ++i)
        w[i / 4] |= static_cast<std::uint32_t>(b[i]) << (8 * (i % 4));
    return w;
}

Bytes bytes(const std::vector<std::uint32_t>& w, std::size_t n) {
    Bytes b(n);
    for (std::size_t i = 0; i < n; ++i)
        b[i] = static_cast<std::uint8_t>(w[i / 4] >> (8 * (i % 4)));
    return b;
}

struct Result {
    Bytes out;
    Bytes tag;
    bool authFail = false;
};

// One operation; AD and message fit the FIFOs (KAT records have at most 32 bytes of each).
Result runOp(AxiLiteMaster& bus, const Bytes& key, const Bytes& nonce, const Bytes& ad, const Bytes& data,
             bool decrypt, const Bytes& tag) {
    bus.write(reg::kConfig, kCfgAead128 | (decrypt ? reg::kCfgDecrypt : 0u));
    bus.write(reg::kAdLen, static_cast<std::uint32_t>(ad.size()));
    bus.write(reg::kMsgLen, static_cast<std::uint32_t>(data.size()));
    const auto k = words(key), n = words(nonce);
    for (std::uint8_t i = 0; i < 4; ++i) {
        bus.write(static_cast<std::uint8_t>(reg::kKey + 4 * i), k[i]);
        bus.write(static_cast<std::uint8_t>(reg::kNonce + 4 * i), n[i]);
    }
    if (decrypt) {
        const auto t = words(tag);
        for (std::uint8_t i = 0; i < 4; ++i)
            bus.write(static_cast<std::uint8_t>(reg::kTag + 4 * i), t[i]);
    }
    for (std::uint32_t w : words(ad))
        bus.write(reg::kDin, w);
    const auto m = words(data);
    for (std::uint32_t w : m)
        bus.write(reg::kDin, w);
    bus.write(reg::kCtrl, reg::kCtrlStart);
    std::uint32_t status = 0;
    for (int polls = 0; !(status & reg::kStDone); ++polls) {
        if (polls > 1000) throw std::runtime_error("no DONE");
        status = bus.read(reg::kStatus);
    }
    std::vector<std::uint32_t> got;
    for (std::size_t i = 0; i < m.size(); ++i)
        got.push_back(bus.read(reg::kDout));
    std::vector<std::uint32_t> t;
    for (std::uint8_t i = 0; i < 4; ++i)
        t.push_back(bus.read(static_cast<std::uint8_t>(reg::kTag + 4 * i)));
    return {bytes(got, data.size()), bytes(t, 16), (status & reg::kStAuthFail) != 0};
}

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
    AsconIpDevice dev(1, AsconIpBuild::Lean);
    AxiLiteMaster bus(dev);
    rs::test::forEachKatRecord(
        "ascon/asconaead128_LWC_AEAD_KAT_128_128.txt", 1089, "Count", [&](const rs::core::KatRecord& r) {
            const Bytes key = r.hex("Key"), nonce = r.hex("Nonce"), pt = r.hex("PT"), ad = r.hex("AD");
            const Bytes ct = r.hex("CT");
            ASSERT_EQ(ct.size(), pt.size() + 16);
            const Bytes c(ct.begin(), ct.end() - 16), tag(ct.end() - 16, ct.end());
            const Result enc = runOp(bus, key, nonce, ad, pt, false, {});
            EXPECT_EQ(enc.out, c);
            EXPECT_EQ(enc.tag, tag);
            EXPECT_FALSE(enc.authFail);
            const Result dec = runOp(bus, key, nonce, ad, c, true, tag);
            EXPECT_EQ(dec.out, pt);
            EXPECT_FALSE(dec.authFail);
            Bytes bad = tag;
            bad[r.line % 16] ^= 0x01;
            EXPECT_TRUE(runOp(bus, key, nonce, ad, c, true, bad).authFail);
        });
    EXPECT_EQ(bus.read(reg::kCycles), 0u) << "PHASE_COUNTERS = 0";
}

} // namespace
