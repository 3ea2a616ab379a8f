// SkinnyFast::ecbDecrypt (bitsliced SKINNY-128 ECB decryption) against the paper's vectors and the
// T-table reference (Skinny::decryptBlock), and ecb() against the reference for every block count up to
// 300, for every implementation this machine can run.
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

TEST(SkinnyFastDecrypt, PaperVectors) {
    const auto recs = rs::core::readKatFile(rs::test::vectorPath("skinny/skinny_paper_kat.txt"));
    for (SkinnyFastIsa isa : availableSkinnyIsas()) {
        int checked = 0;
        for (const auto& rec : recs) {
            const auto v = skinnyVariantFromId(lowerCase(rec.text("Algorithm")));
            ASSERT_TRUE(v.has_value());
            if (skinnyBlockBytes(*v) != 16) continue;
            const SkinnyFast f(*v, rec.hex("Tweakey"), isa);
            const Bytes pt = rec.hex("PT"), ct = rec.hex("CT");
            EXPECT_EQ(toHex(fastEcb(f, ct, true)), toHex(pt))
                << rec.text("Algorithm") << ' ' << skinnyFastIsaName(isa);
            // The same block in every slot of two full batches and a short tail.
            const std::size_t n = 2 * f.batchBlocks() + f.batchBlocks() / 2;
            Bytes many, want;
            for (std::size_t i = 0; i < n; ++i) {
                many.insert(many.end(), ct.begin(), ct.end());
                want.insert(want.end(), pt.begin(), pt.end());
            }
            EXPECT_EQ(toHex(fastEcb(f, many, true)), toHex(want))
                << rec.text("Algorithm") << ' ' << skinnyFastIsaName(isa);
            ++checked;
        }
        EXPECT_EQ(checked, 3) << skinnyFastIsaName(isa);
    }
}

TEST(SkinnyFastDecrypt, BothDirectionsMatchReferenceForEveryBlockCountTo300) {
    std::mt19937 rng(30);
    for (SkinnyFastIsa isa : availableSkinnyIsas())
        for (SkinnyVariant v : kSkinnyWide) {
            const Bytes tk = randomBytes(rng, skinnyTweakeyBytes(v));
            const Skinny ref(v, tk);
            const SkinnyFast f(v, tk, isa);
            for (std::size_t blocks = 0; blocks <= 300; ++blocks) {
                const Bytes in = randomBytes(rng, 16 * blocks);
                const Bytes ct = fastEcb(f, in, false);
                ASSERT_TRUE(ct == refEcb(ref, in, false))
                    << skinnyName(v) << ' ' << skinnyFastIsaName(isa) << " encrypt, blocks " << blocks;
                ASSERT_TRUE(fastEcb(f, in, true) == refEcb(ref, in, true))
                    << skinnyName(v) << ' ' << skinnyFastIsaName(isa) << " decrypt, blocks " << blocks;
                ASSERT_TRUE(fastEcb(f, ct, true) == in)
                    << skinnyName(v) << ' ' << skinnyFastIsaName(isa) << " round trip, blocks " << blocks;
            }
        }
}

TEST(SkinnyFastDecrypt, LargeInputs) {
    std::mt19937 rng(31);
    for (SkinnyFastIsa isa : availableSkinnyIsas())
        for (SkinnyVariant v : kSkinnyWide) {
            const Bytes tk = randomBytes(rng, skinnyTweakeyBytes(v));
            const Skinny ref(v, tk);
            const SkinnyFast f(v, tk, isa);
            for (std::size_t blocks : {4096u + 77u, 65536u + 5u}) {
                const Bytes in = randomBytes(rng, 16 * blocks);
                EXPECT_TRUE(fastEcb(f, in, true) == refEcb(ref, in, true))
                    << skinnyName(v) << ' ' << skinnyFastIsaName(isa) << " blocks " << blocks;
            }
        }
}

TEST(SkinnyFastDecrypt, UnalignedPointersAndInPlace) {
    std::mt19937 rng(32);
    for (SkinnyFastIsa isa : availableSkinnyIsas()) {
        const Bytes tk = randomBytes(rng, 32);
        const Skinny ref(SkinnyVariant::S128_256, tk);
        const SkinnyFast f(SkinnyVariant::S128_256, tk, isa);
        for (std::size_t blocks : {1u, 5u, 16u, 64u, 70u, 200u})
            for (std::size_t shift = 1; shift < 4; ++shift) {
                const Bytes in = randomBytes(rng, 16 * blocks);
                const Bytes want = refEcb(ref, in, true);
                Bytes buf(16 * blocks + 8, 0), out(16 * blocks + 8, 0);
                std::copy(in.begin(), in.end(), buf.begin() + static_cast<std::ptrdiff_t>(shift));
                f.ecbDecrypt(buf.data() + shift, out.data() + shift + 1, blocks);
                EXPECT_TRUE(std::equal(want.begin(), want.end(),
                                       out.begin() + static_cast<std::ptrdiff_t>(shift + 1)))
                    << skinnyFastIsaName(isa) << " unaligned, blocks " << blocks;
                f.ecbDecrypt(buf.data() + shift, buf.data() + shift, blocks);
                EXPECT_TRUE(
                    std::equal(want.begin(), want.end(), buf.begin() + static_cast<std::ptrdiff_t>(shift)))
                    << skinnyFastIsaName(isa) << " in place, blocks " << blocks;
            }
    }
}
