// GF(2^128) multiply and GHASH against the McGrew-Viega GCM spec's intermediate values, which need
// no block cipher: the 105 derived multiply triples and the X_i / N_i chains from H. The fast GHASH
// implementations (ghashclmul.h) against the same values and the reference on long inputs.
#include "tests/testsupport.h"

#include "core/crypto/gcm.h"
#include "core/crypto/ghash.h"
#include "core/crypto/ghashclmul.h"
#include "core/katfile.h"

#include <algorithm>
#include <random>
#include <string>
#include <vector>

using namespace rs::crypto;
using rs::core::KatRecord;
using rs::core::readKatFile;
using rs::test::hex;
using rs::test::vectorPath;

namespace {

std::string hex16(const std::array<std::uint8_t, 16>& a) {
    return toHex(a);
}

std::string mulHex(const Bytes& x, const Bytes& y) {
    std::array<std::uint8_t, 16> z{};
    gf128Mul(x.data(), y.data(), z.data());
    return toHex(z);
}

// The GHASH implementations this machine runs (portable always).
std::vector<GhashIsa> fastIsas() {
    std::vector<GhashIsa> out;
    for (const GhashIsa isa : {GhashIsa::Portable, GhashIsa::Pclmul, GhashIsa::Vpclmul})
        if (ghashIsaAvailable(isa)) out.push_back(isa);
    return out;
}

Bytes randomBytes(std::mt19937& rng, std::size_t n) {
    Bytes b(n);
    for (auto& x : b)
        x = static_cast<std::uint8_t>(rng());
    return b;
}

std::vector<KatRecord> mcgrewViega() {
    return readKatFile(vectorPath("gcm/gcm_mcgrew_viega_testcases.txt"));
}

} // namespace

TEST(Gf128, MultiplyTriplesFromTheGcmSpec) {
    const auto recs = readKatFile(vectorPath("gcm/gf128_mul_from_mcgrew_viega.txt"));
    ASSERT_EQ(recs.size(), 105u);
    int checked = 0;
    for (const auto& r : recs) {
        SCOPED_TRACE(r.text("Source"));
        const Bytes x = r.hex("X"), y = r.hex("Y"), z = r.hex("Z");
        ASSERT_EQ(x.size(), 16u);
        ASSERT_EQ(y.size(), 16u);
        EXPECT_EQ(mulHex(x, y), toHex(z));
        EXPECT_EQ(mulHex(y, x), toHex(z)); // the field is commutative
        // Ghash from the zero state: one block B gives (0 xor B) * H.
        Ghash g(y.data());
        g.update(x);
        EXPECT_EQ(hex16(g.digest()), toHex(z));
        ++checked;
    }
    EXPECT_EQ(checked, 105);
}

TEST(Gf128, IdentityAndZero) {
    // The identity is x^0: the MSB of byte 0.
    const Bytes one = hex("80000000000000000000000000000000");
    const Bytes zero(16, 0);
    const Bytes a = hex("66E94BD4EF8A2C3B884CFA59CA342B2E");
    EXPECT_EQ(mulHex(a, one), toHex(a));
    EXPECT_EQ(mulHex(one, a), toHex(a));
    EXPECT_EQ(mulHex(a, zero), toHex(zero));
    // x * x^127 = x^128 = 1 + x + x^2 + x^7 = R.
    EXPECT_EQ(mulHex(hex("40000000000000000000000000000000"), hex("00000000000000000000000000000001")),
              "E1000000000000000000000000000000");
}

TEST(Gf128, TablesAgreeWithTheBitSerialReference) {
    std::mt19937 rng(128);
    for (int trial = 0; trial < 200; ++trial) {
        Bytes h(16), x(16);
        for (auto& b : h)
            b = static_cast<std::uint8_t>(rng());
        for (auto& b : x)
            b = static_cast<std::uint8_t>(rng());
        Ghash g(h.data());
        g.update(x);
        EXPECT_EQ(hex16(g.digest()), mulHex(x, h)) << "trial " << trial;
    }
}

TEST(Gf128, MultiplyMayAliasItsOutput) {
    Bytes x = hex("0388DACE60B6A392F328C2B971B2FE78");
    const Bytes y = hex("66E94BD4EF8A2C3B884CFA59CA342B2E");
    gf128Mul(x.data(), y.data(), x.data());
    EXPECT_EQ(toHex(x), "5E2EC746917062882C85B0685353DEB7");
}

TEST(Ghash, McGrewViegaChains) {
    const auto recs = mcgrewViega();
    ASSERT_EQ(recs.size(), 18u);
    int chainValues = 0, finals = 0;
    for (const auto& r : recs) {
        SCOPED_TRACE("test case " + r.text("Count"));
        const Bytes h = r.hex("H"), aad = r.hex("AAD"), ct = r.hex("CT");
        Ghash g(h.data());
        // X_1..X_m over the AAD blocks, then X_{m+1}..X_{m+n} over the ciphertext blocks, one block
        // per update so each X_i is visible; the last block of each field is padded by update().
        int i = 0;
        for (const ByteView field : {ByteView(aad), ByteView(ct)}) {
            for (std::size_t off = 0; off < field.size(); off += 16) {
                g.update(field.subspan(off, std::min<std::size_t>(16, field.size() - off)));
                const std::string name = "X" + std::to_string(++i);
                ASSERT_TRUE(r.has(name)) << name;
                EXPECT_EQ(hex16(g.digest()), toHex(r.hex(name))) << name;
                ++chainValues;
            }
        }
        EXPECT_FALSE(r.has("X" + std::to_string(i + 1)));
        // The length block: LenAC = [len(A)]_64 || [len(C)]_64 in bits.
        const Bytes lenAC = r.hex("LenAC");
        EXPECT_EQ(loadBe64(lenAC.data()), 8 * aad.size());
        EXPECT_EQ(loadBe64(lenAC.data() + 8), 8 * ct.size());
        g.updateLengths(aad.size(), ct.size());
        EXPECT_EQ(hex16(g.digest()), toHex(r.hex("GHASH")));
        EXPECT_EQ(hex16(ghash(h.data(), aad, ct)), toHex(r.hex("GHASH")));
        // Tag = GHASH xor E(K, Y0); both are given, so this holds without AES.
        const Bytes gh = r.hex("GHASH"), eky0 = r.hex("EKY0");
        Bytes tag(16);
        for (std::size_t k = 0; k < 16; ++k)
            tag[k] = gh[k] ^ eky0[k];
        EXPECT_EQ(toHex(tag), toHex(r.hex("Tag")));
        ++finals;
    }
    EXPECT_EQ(chainValues, 69);
    EXPECT_EQ(finals, 18);
}

TEST(Ghash, McGrewViegaPreCounterBlocks) {
    const auto recs = mcgrewViega();
    ASSERT_EQ(recs.size(), 18u);
    int longIv = 0, ivChainValues = 0;
    for (const auto& r : recs) {
        SCOPED_TRACE("test case " + r.text("Count"));
        const Bytes h = r.hex("H"), iv = r.hex("IV");
        EXPECT_EQ(hex16(gcmPreCounterBlock(h.data(), iv)), toHex(r.hex("Y0")));
        if (iv.size() == 12) {
            EXPECT_FALSE(r.has("N1"));
            continue;
        }
        // Non-96-bit IV: N_1..N_k over the padded IV blocks, then LenIV = 0^64 || [len(IV)]_64 gives Y0.
        ++longIv;
        Ghash g(h.data());
        int i = 0;
        for (std::size_t off = 0; off < iv.size(); off += 16) {
            g.update(ByteView(iv).subspan(off, std::min<std::size_t>(16, iv.size() - off)));
            const std::string name = "N" + std::to_string(++i);
            ASSERT_TRUE(r.has(name)) << name;
            EXPECT_EQ(hex16(g.digest()), toHex(r.hex(name))) << name;
            ++ivChainValues;
        }
        const Bytes lenIv = r.hex("LenIV");
        EXPECT_EQ(loadBe64(lenIv.data()), 0u);
        EXPECT_EQ(loadBe64(lenIv.data() + 8), 8 * iv.size());
        g.updateLengths(0, iv.size());
        EXPECT_EQ(hex16(g.digest()), toHex(r.hex("Y0")));
    }
    EXPECT_EQ(longIv, 6);
    EXPECT_EQ(ivChainValues, 15);
}

TEST(Ghash, EmptyInputsHashToZero) {
    const Bytes h = hex("B83B533708BF535D0AA6E52980D53B78");
    EXPECT_EQ(hex16(ghash(h.data(), {}, {})), "00000000000000000000000000000000");
    Ghash g(h.data());
    g.update({});
    EXPECT_EQ(hex16(g.digest()), "00000000000000000000000000000000");
}

TEST(Ghash, PartialBlockIsZeroPadded) {
    const Bytes h = hex("B83B533708BF535D0AA6E52980D53B78");
    const Bytes part = hex("FEEDFACEDEADBEEF");
    Bytes padded = part;
    padded.resize(16, 0);
    Ghash a(h.data()), b(h.data());
    a.update(part);
    b.update(padded);
    EXPECT_EQ(a.digest(), b.digest());
}

TEST(Gcm, PreCounterBlockRejectsEmptyIv) {
    const Bytes h(16, 0);
    EXPECT_THROW(gcmPreCounterBlock(h.data(), {}), InvalidArgument);
}

TEST(GhashFast, McGrewViegaGhashOnEveryImplementation) {
    for (const GhashIsa isa : fastIsas()) {
        SCOPED_TRACE(ghashIsaName(isa));
        for (const auto& r : mcgrewViega()) {
            const Bytes h = r.hex("H"), aad = r.hex("AAD"), ct = r.hex("CT");
            GhashFast g(h.data(), isa);
            g.updatePadded(aad);
            g.updatePadded(ct);
            g.updateLengths(aad.size(), ct.size());
            EXPECT_EQ(hex16(g.digest()), toHex(r.hex("GHASH"))) << "test case " << r.text("Count");
        }
    }
}

// Every block count up to 70 in one call (vpclmul: 16 per reduction, then the pclmul code on the 0..15
// left), the same data split in two calls at every point, and special keys (0, 1, x^127, all ones).
TEST(GhashFast, EqualsReferenceForEveryBlockCountAndSplit) {
    std::mt19937 rng(2010);
    std::vector<Bytes> keys = {Bytes(16, 0), Bytes(16, 0xff), hex("80000000000000000000000000000000"),
                               hex("00000000000000000000000000000001")};
    for (int i = 0; i < 4; ++i)
        keys.push_back(randomBytes(rng, 16));
    for (const GhashIsa isa : fastIsas()) {
        SCOPED_TRACE(ghashIsaName(isa));
        for (const Bytes& h : keys) {
            const Bytes data = randomBytes(rng, 16 * 70);
            for (std::size_t blocks = 0; blocks <= 70; ++blocks) {
                Ghash ref(h.data());
                ref.update(ByteView(data.data(), 16 * blocks));
                GhashFast fast(h.data(), isa);
                fast.update(data.data(), blocks);
                ASSERT_EQ(toHex(fast.digest()), toHex(ref.digest())) << blocks << " blocks, H " << toHex(h);
            }
            Ghash ref(h.data());
            ref.update(data);
            for (std::size_t first = 0; first <= 70; ++first) {
                GhashFast split(h.data(), isa);
                split.update(data.data(), first);
                split.update(data.data() + 16 * first, 70 - first);
                ASSERT_EQ(toHex(split.digest()), toHex(ref.digest())) << "split at " << first;
            }
        }
    }
}

TEST(GhashFast, LargeInputInUnevenCalls) {
    std::mt19937 rng(2011);
    const Bytes h = randomBytes(rng, 16), data = randomBytes(rng, (std::size_t{1} << 20) + 16 * 37);
    Ghash ref(h.data());
    ref.update(data);
    for (const GhashIsa isa : fastIsas()) {
        GhashFast fast(h.data(), isa);
        std::size_t off = 0, step = 1;
        while (off < data.size()) {
            const std::size_t blocks = std::min(step, (data.size() - off) / 16);
            fast.update(data.data() + off, blocks);
            off += 16 * blocks;
            step = step * 3 % 1021 + 1; // 1, 4, 13, 40, 121, ... odd counts around every multiple of 16
        }
        EXPECT_EQ(toHex(fast.digest()), toHex(ref.digest())) << ghashIsaName(isa);
    }
}

// The other GHASH tests run every implementation this machine has and pass over the rest without a
// word; this one says so for vpclmul (the newest), so a run on a machine without it is visibly partial.
TEST(GhashFast, VpclmulIsTestedWhereTheCpuHasIt) {
    EXPECT_STREQ(ghashIsaName(GhashIsa::Vpclmul), "vpclmul");
    if (!ghashIsaAvailable(GhashIsa::Vpclmul)) {
        EXPECT_THROW(GhashFast(Bytes(16).data(), GhashIsa::Vpclmul), InvalidArgument);
        GTEST_SKIP() << "this CPU (or build) lacks VPCLMULQDQ + AVX512F + AVX512BW: vpclmul GHASH is not "
                        "tested here";
    }
    EXPECT_EQ(ghashBest(), GhashIsa::Vpclmul);
    EXPECT_TRUE(ghashIsaAvailable(GhashIsa::Pclmul)); // its 0..15-block remainder runs there
}
