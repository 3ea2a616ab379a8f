// SkinnyFast (bitsliced SKINNY-128 ECB and CTR) against the paper's vectors and against the T-table
// reference (class Skinny, and a CTR loop over its encryptBlock written here), for every implementation
// this machine can run.
#include "tests/crypto/skinnyfasttest.h"
#include "tests/testsupport.h"

#include "core/crypto/skinny.h"
#include "core/crypto/skinnyfast.h"
#include "core/katfile.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <random>
#include <string>
#include <vector>

using namespace rs::crypto;
using namespace rs::test;

namespace {

// The reference CTR: keystream block k = E(counter0 + k), the counter a 128-bit big-endian number.
Bytes refCtr(const Skinny& c, const Bytes& counter0, const Bytes& in) {
    Bytes ctr = counter0, ks(16), out(in.size());
    for (std::size_t off = 0; off < in.size(); off += 16) {
        c.encryptBlock(ctr.data(), ks.data());
        for (std::size_t i = 0; i < 16 && off + i < in.size(); ++i)
            out[off + i] = static_cast<std::uint8_t>(in[off + i] ^ ks[i]);
        for (int i = 15; i >= 0 && ++ctr[static_cast<std::size_t>(i)] == 0; --i) {
        }
    }
    return out;
}

Bytes fastCtr(const SkinnyFast& f, const Bytes& counter0, const Bytes& in) {
    Bytes out(in.size());
    f.ctr(counter0.data(), in.data(), out.data(), in.size());
    return out;
}

} // namespace

TEST(SkinnyFast, IsaNamesAndAvailability) {
    EXPECT_STREQ(skinnyFastIsaName(SkinnyFastIsa::Portable), "portable");
    EXPECT_STREQ(skinnyFastIsaName(SkinnyFastIsa::Avx2), "avx2");
    EXPECT_STREQ(skinnyFastIsaName(SkinnyFastIsa::Avx512), "avx512");
    EXPECT_TRUE(skinnyFastIsaAvailable(SkinnyFastIsa::Portable));
    EXPECT_TRUE(skinnyFastIsaAvailable(skinnyFastBest()));
    const Bytes tk(32, 0x5A);
    EXPECT_EQ(SkinnyFast(SkinnyVariant::S128_256, tk).isa(), skinnyFastBest());
    // The best is the widest available.
    const SkinnyFastIsa best = skinnyFastIsaAvailable(SkinnyFastIsa::Avx512) ? SkinnyFastIsa::Avx512
                               : skinnyFastIsaAvailable(SkinnyFastIsa::Avx2) ? SkinnyFastIsa::Avx2
                                                                             : SkinnyFastIsa::Portable;
    EXPECT_EQ(skinnyFastBest(), best);
    std::string missing;
    for (SkinnyFastIsa isa : {SkinnyFastIsa::Avx2, SkinnyFastIsa::Avx512}) {
        if (skinnyFastIsaAvailable(isa)) {
            EXPECT_EQ(SkinnyFast(SkinnyVariant::S128_256, tk, isa).isa(), isa);
        } else {
            // An unavailable ISA is refused, not run.
            EXPECT_THROW(SkinnyFast(SkinnyVariant::S128_256, tk, isa), std::invalid_argument);
            missing += std::string(" ") + skinnyFastIsaName(isa);
        }
    }
    if (!missing.empty()) GTEST_SKIP() << "not available on this machine or build:" << missing;
}

TEST(SkinnyFast, RejectsOtherVariantsAndWrongTweakeys) {
    for (SkinnyFastIsa isa : availableSkinnyIsas()) {
        EXPECT_THROW(SkinnyFast(SkinnyVariant::S64_64, Bytes(8), isa), std::invalid_argument);
        EXPECT_THROW(SkinnyFast(SkinnyVariant::S64_192, Bytes(24), isa), std::invalid_argument);
        EXPECT_THROW(SkinnyFast(SkinnyVariant::S128_256, Bytes(31), isa), std::invalid_argument);
        EXPECT_THROW(SkinnyFast(SkinnyVariant::S128_384, Bytes(32), isa), std::invalid_argument);
        EXPECT_NO_THROW(SkinnyFast(SkinnyVariant::S128_128, Bytes(16), isa));
    }
}

TEST(SkinnyFast, PaperVectors) {
    const auto recs = rs::core::readKatFile(rs::test::vectorPath("skinny/skinny_paper_kat.txt"));
    for (SkinnyFastIsa isa : availableSkinnyIsas()) {
        int checked = 0;
        for (const auto& rec : recs) {
            const auto v = skinnyVariantFromId(lowerCase(rec.text("Algorithm")));
            ASSERT_TRUE(v.has_value());
            if (skinnyBlockBytes(*v) != 16) continue;
            const SkinnyFast f(*v, rec.hex("Tweakey"), isa);
            const Bytes pt = rec.hex("PT"), ct = rec.hex("CT");
            // One block (the reference path), and the same block in every slot of two full batches.
            EXPECT_EQ(toHex(fastEcb(f, pt)), toHex(ct))
                << rec.text("Algorithm") << ' ' << skinnyFastIsaName(isa);
            const std::size_t n = 2 * f.batchBlocks() + 3;
            Bytes many, want;
            for (std::size_t i = 0; i < n; ++i) {
                many.insert(many.end(), pt.begin(), pt.end());
                want.insert(want.end(), ct.begin(), ct.end());
            }
            EXPECT_EQ(toHex(fastEcb(f, many)), toHex(want))
                << rec.text("Algorithm") << ' ' << skinnyFastIsaName(isa);
            ++checked;
        }
        EXPECT_EQ(checked, 3) << skinnyFastIsaName(isa);
    }
}

TEST(SkinnyFast, EcbMatchesReferenceForEveryBlockCount) {
    std::mt19937 rng(20);
    for (SkinnyFastIsa isa : availableSkinnyIsas())
        for (SkinnyVariant v : kSkinnyWide) {
            const Bytes tk = randomBytes(rng, skinnyTweakeyBytes(v));
            const Skinny ref(v, tk);
            const SkinnyFast f(v, tk, isa);
            for (std::size_t blocks = 0; blocks <= 40; ++blocks) {
                const Bytes in = randomBytes(rng, 16 * blocks);
                ASSERT_EQ(toHex(fastEcb(f, in)), toHex(refEcb(ref, in)))
                    << skinnyName(v) << ' ' << skinnyFastIsaName(isa) << " blocks " << blocks;
            }
            for (std::size_t blocks : {63u, 64u, 65u, 127u, 128u, 129u, 1000u}) {
                const Bytes in = randomBytes(rng, 16 * blocks);
                ASSERT_EQ(toHex(fastEcb(f, in)), toHex(refEcb(ref, in)))
                    << skinnyName(v) << ' ' << skinnyFastIsaName(isa) << " blocks " << blocks;
            }
        }
}

TEST(SkinnyFast, CtrMatchesReferenceForEveryLength) {
    std::mt19937 rng(21);
    for (SkinnyFastIsa isa : availableSkinnyIsas())
        for (SkinnyVariant v : kSkinnyWide) {
            const Bytes tk = randomBytes(rng, skinnyTweakeyBytes(v));
            const Skinny ref(v, tk);
            const SkinnyFast f(v, tk, isa);
            for (std::size_t len = 0; len <= 300; ++len) {
                const Bytes in = randomBytes(rng, len), ctr = randomBytes(rng, 16);
                ASSERT_EQ(toHex(fastCtr(f, ctr, in)), toHex(refCtr(ref, ctr, in)))
                    << skinnyName(v) << ' ' << skinnyFastIsaName(isa) << " length " << len;
            }
        }
}

TEST(SkinnyFast, LargeInputs) {
    std::mt19937 rng(22);
    for (SkinnyFastIsa isa : availableSkinnyIsas()) {
        const Bytes tk = randomBytes(rng, 32);
        const Skinny ref(SkinnyVariant::S128_256, tk);
        const SkinnyFast f(SkinnyVariant::S128_256, tk, isa);
        const Bytes in = randomBytes(rng, (1u << 20) + 7), ctr = randomBytes(rng, 16);
        EXPECT_TRUE(fastCtr(f, ctr, in) == refCtr(ref, ctr, in)) << skinnyFastIsaName(isa);
        const Bytes whole(in.begin(), in.end() - 7);
        EXPECT_TRUE(fastEcb(f, whole) == refEcb(ref, whole)) << skinnyFastIsaName(isa);
    }
}

TEST(SkinnyFast, CounterCarriesAndWraps) {
    std::mt19937 rng(23);
    const std::vector<Bytes> counters = {
        Bytes(16, 0xFF),                                    // wraps to zero after the first block
        rs::test::hex("0000000000000000FFFFFFFFFFFFFFF0"),  // carry from the low into the high half
        rs::test::hex("00112233445566778899AABBCCDDEEFF"),  // carry through one byte
        rs::test::hex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFD0")}; // wraps in the middle of a batch
    for (SkinnyFastIsa isa : availableSkinnyIsas()) {
        const Bytes tk = randomBytes(rng, 48);
        const Skinny ref(SkinnyVariant::S128_384, tk);
        const SkinnyFast f(SkinnyVariant::S128_384, tk, isa);
        for (const Bytes& ctr : counters)
            for (std::size_t len : {16u, 17u, 100u, 1024u, 3000u}) {
                const Bytes in = randomBytes(rng, len);
                EXPECT_EQ(toHex(fastCtr(f, ctr, in)), toHex(refCtr(ref, ctr, in)))
                    << skinnyFastIsaName(isa) << ' ' << toHex(ctr) << " length " << len;
            }
    }
}

TEST(SkinnyFast, UnalignedPointersAndInPlace) {
    std::mt19937 rng(24);
    for (SkinnyFastIsa isa : availableSkinnyIsas()) {
        const Bytes tk = randomBytes(rng, 32);
        const Skinny ref(SkinnyVariant::S128_256, tk);
        const SkinnyFast f(SkinnyVariant::S128_256, tk, isa);
        for (std::size_t blocks : {1u, 5u, 16u, 64u, 70u, 200u})
            for (std::size_t shift = 1; shift < 4; ++shift) {
                const Bytes in = randomBytes(rng, 16 * blocks);
                const Bytes want = refEcb(ref, in);
                Bytes buf(16 * blocks + 8, 0), out(16 * blocks + 8, 0);
                std::copy(in.begin(), in.end(), buf.begin() + static_cast<std::ptrdiff_t>(shift));
                f.ecb(buf.data() + shift, out.data() + shift + 1, blocks);
                EXPECT_TRUE(std::equal(want.begin(), want.end(),
                                       out.begin() + static_cast<std::ptrdiff_t>(shift + 1)))
                    << skinnyFastIsaName(isa) << " unaligned ECB, blocks " << blocks;
                f.ecb(buf.data() + shift, buf.data() + shift, blocks); // in place
                EXPECT_TRUE(
                    std::equal(want.begin(), want.end(), buf.begin() + static_cast<std::ptrdiff_t>(shift)))
                    << skinnyFastIsaName(isa) << " in-place ECB, blocks " << blocks;

                const Bytes ctr = randomBytes(rng, 17);
                const std::size_t len = 16 * blocks - shift;
                const Bytes msg(in.begin(), in.begin() + static_cast<std::ptrdiff_t>(len));
                const Bytes wantCtr = refCtr(ref, Bytes(ctr.begin() + 1, ctr.end()), msg);
                Bytes io(len + 4, 0);
                std::copy(msg.begin(), msg.end(), io.begin() + 3);
                f.ctr(ctr.data() + 1, io.data() + 3, io.data() + 3, len); // unaligned counter, in place
                EXPECT_TRUE(std::equal(wantCtr.begin(), wantCtr.end(), io.begin() + 3))
                    << skinnyFastIsaName(isa) << " in-place CTR, length " << len;
            }
    }
}
