// SKINNY, all six sizes: the paper's Appendix B vectors, modes over the block interface, random
// round trips, the round traces and the error paths.
#include "tests/testsupport.h"

#include "core/crypto/blockmodes.h"
#include "core/crypto/skinny.h"
#include "core/katfile.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <random>
#include <set>
#include <string>
#include <vector>

using namespace rs::crypto;
using rs::test::hex;

namespace {

constexpr std::array<SkinnyVariant, 6> kAll = {SkinnyVariant::S64_64,   SkinnyVariant::S64_128,
                                               SkinnyVariant::S64_192,  SkinnyVariant::S128_128,
                                               SkinnyVariant::S128_256, SkinnyVariant::S128_384};

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

Bytes randomBytes(std::mt19937& rng, std::size_t n) {
    Bytes b(n);
    for (auto& x : b)
        x = static_cast<std::uint8_t>(rng());
    return b;
}

Bytes encryptOne(const Skinny& c, const Bytes& pt) {
    Bytes out(pt.size());
    c.encryptBlock(pt.data(), out.data());
    return out;
}

Bytes decryptOne(const Skinny& c, const Bytes& ct) {
    Bytes out(ct.size());
    c.decryptBlock(ct.data(), out.data());
    return out;
}

const std::array<std::string, 5> kEncSteps = {"SubCells", "AddConstants", "AddRoundTweakey", "ShiftRows",
                                              "MixColumns"};
const std::array<std::string, 5> kDecSteps = {"inverse MixColumns", "inverse ShiftRows", "AddRoundTweakey",
                                              "AddConstants", "inverse SubCells"};

// Checks the fixed shape of a trace: "input", then five named steps per round, rounds 1..R.
void expectShape(const Trace& t, const Skinny& c, const std::string& phase,
                 const std::array<std::string, 5>& names) {
    const std::size_t bs = c.blockSize();
    ASSERT_EQ(t.steps.size(), 1u + 5u * static_cast<std::size_t>(c.rounds())) << c.name();
    EXPECT_EQ(t.steps[0].step, "input");
    EXPECT_EQ(t.steps[0].round, 0);
    for (std::size_t i = 0; i < t.steps.size(); ++i) {
        const TraceStep& s = t.steps[i];
        EXPECT_EQ(s.phase, phase);
        EXPECT_EQ(s.block, -1);
        EXPECT_EQ(s.state.size(), bs);
        if (i == 0) continue;
        EXPECT_EQ(s.round, static_cast<int>((i - 1) / 5 + 1)) << c.name() << " step " << i;
        EXPECT_EQ(s.step, names[(i - 1) % 5]) << c.name() << " step " << i;
        if (s.step == "AddRoundTweakey")
            EXPECT_EQ(s.roundKey.size(), bs / 2) << c.name() << " step " << i;
        else
            EXPECT_TRUE(s.roundKey.empty()) << c.name() << " step " << i;
    }
}

} // namespace

TEST(Skinny, PaperVectorsEncryptAndDecrypt) {
    const auto recs = rs::core::readKatFile(rs::test::vectorPath("skinny/skinny_paper_kat.txt"));
    ASSERT_EQ(recs.size(), 6u);
    std::set<SkinnyVariant> seen;
    for (const auto& rec : recs) {
        const auto v = skinnyVariantFromId(lower(rec.text("Algorithm")));
        ASSERT_TRUE(v.has_value()) << rec.text("Algorithm") << " at line " << rec.line;
        EXPECT_TRUE(seen.insert(*v).second) << "duplicate " << rec.text("Algorithm");
        EXPECT_EQ(std::stoi(rec.text("Rounds")), skinnyRounds(*v));
        EXPECT_EQ(std::string(skinnyName(*v)), rec.text("Algorithm"));
        const Skinny c(*v, rec.hex("Tweakey"));
        const Bytes pt = rec.hex("PT");
        const Bytes ct = rec.hex("CT");
        ASSERT_EQ(pt.size(), c.blockSize());
        EXPECT_EQ(toHex(encryptOne(c, pt)), toHex(ct)) << c.name();
        EXPECT_EQ(toHex(decryptOne(c, ct)), toHex(pt)) << c.name();
    }
    EXPECT_EQ(seen.size(), 6u);
}

TEST(Skinny, VariantTable) {
    const std::array<std::size_t, 6> tk = {8, 16, 24, 16, 32, 48};
    const std::array<int, 6> rounds = {32, 36, 40, 40, 48, 56};
    for (std::size_t i = 0; i < kAll.size(); ++i) {
        const SkinnyVariant v = kAll[i];
        EXPECT_EQ(skinnyTweakeyBytes(v), tk[i]);
        EXPECT_EQ(skinnyRounds(v), rounds[i]);
        EXPECT_EQ(skinnyVariantFromId(lower(std::string(skinnyName(v)))), v);
        const Skinny c(v, Bytes(tk[i], 0));
        EXPECT_EQ(c.blockSize(), i < 3 ? 8u : 16u);
        EXPECT_EQ(skinnyBlockBytes(v), c.blockSize());
        EXPECT_EQ(c.name(), skinnyName(v));
        EXPECT_EQ(c.variant(), v);
        EXPECT_EQ(c.rounds(), rounds[i]);
    }
    EXPECT_EQ(skinnyName(SkinnyVariant::S64_64), "SKINNY-64-64");
    EXPECT_EQ(skinnyName(SkinnyVariant::S128_384), "SKINNY-128-384");
    EXPECT_EQ(skinnyVariantFromId("skinny-128-256"), SkinnyVariant::S128_256);
}

TEST(Skinny, UnknownIdsAreRejected) {
    for (const char* id : {"", "skinny", "skinny-128", "skinny-64-256", "skinny-128-512", "skinny-64-64 ",
                           "lea-128", "mantis-7"})
        EXPECT_FALSE(skinnyVariantFromId(id).has_value()) << '"' << id << '"';
}

TEST(Skinny, SboxesAreBijectionsWithCorrectInverses) {
    // The whole S4 table and the first row of the S8 table as printed in the paper (Sect. 2.3).
    const Bytes s8Row0 = hex("654C6A424B63436B55755A7A53735B7B");
    for (unsigned x = 0; x < 16; ++x)
        EXPECT_EQ(skinnySbox8(std::uint8_t(x)), s8Row0[x]) << x;
    EXPECT_EQ(skinnySbox8(0xFF), 0xFF);
    const std::array<std::uint8_t, 16> s4 = {0xC, 0x6, 0x9, 0x0, 0x1, 0xA, 0x2, 0xB,
                                             0x3, 0x8, 0x5, 0xD, 0x4, 0xE, 0x7, 0xF};
    std::set<unsigned> images4;
    for (unsigned x = 0; x < 16; ++x) {
        EXPECT_EQ(skinnySbox4(std::uint8_t(x)), s4[x]) << x;
        EXPECT_EQ(skinnySbox4(std::uint8_t(0xF0 | x)), s4[x]) << "high nibble must be ignored";
        EXPECT_EQ(skinnySbox4Inverse(skinnySbox4(std::uint8_t(x))), x);
        EXPECT_EQ(skinnySbox4(skinnySbox4Inverse(std::uint8_t(x))), x);
        images4.insert(skinnySbox4(std::uint8_t(x)));
    }
    EXPECT_EQ(images4.size(), 16u);
    std::set<unsigned> images8;
    for (unsigned x = 0; x < 256; ++x) {
        EXPECT_EQ(skinnySbox8Inverse(skinnySbox8(std::uint8_t(x))), x);
        EXPECT_EQ(skinnySbox8(skinnySbox8Inverse(std::uint8_t(x))), x);
        images8.insert(skinnySbox8(std::uint8_t(x)));
    }
    EXPECT_EQ(images8.size(), 256u);
}

TEST(Skinny, EcbEqualsPerBlockEncryption) {
    std::mt19937 rng(2016);
    for (const SkinnyVariant v : kAll) {
        const Skinny c(v, randomBytes(rng, skinnyTweakeyBytes(v)));
        const std::size_t bs = c.blockSize();
        const Bytes pt = randomBytes(rng, 5 * bs);
        const Bytes ct = ecbEncrypt(c, pt);
        ASSERT_EQ(ct.size(), pt.size());
        for (std::size_t off = 0; off < pt.size(); off += bs) {
            const Bytes block(pt.begin() + off, pt.begin() + off + bs);
            EXPECT_EQ(Bytes(ct.begin() + off, ct.begin() + off + bs), encryptOne(c, block)) << c.name();
        }
        EXPECT_EQ(ecbDecrypt(c, ct), pt) << c.name();
    }
}

TEST(Skinny, CtrRoundTripsAndStartsWithTheEncryptedIv) {
    std::mt19937 rng(660);
    for (const SkinnyVariant v : kAll) {
        const Skinny c(v, randomBytes(rng, skinnyTweakeyBytes(v)));
        const std::size_t bs = c.blockSize();
        Bytes iv = randomBytes(rng, bs);
        iv[bs - 1] = 0xFF; // the second counter block carries into the byte before
        const Bytes pt = randomBytes(rng, 4 * bs + 3);
        const Bytes ct = ctrXor(c, iv, pt);
        ASSERT_EQ(ct.size(), pt.size());
        EXPECT_EQ(ctrXor(c, iv, ct), pt) << c.name();
        const Bytes ks0 = encryptOne(c, iv);
        for (std::size_t i = 0; i < bs; ++i)
            EXPECT_EQ(ct[i] ^ pt[i], ks0[i]) << c.name() << " byte " << i;
        Bytes iv1 = iv;
        incrementBigEndian(iv1.data(), bs);
        const Bytes ks1 = encryptOne(c, iv1);
        for (std::size_t i = 0; i < bs; ++i)
            EXPECT_EQ(ct[bs + i] ^ pt[bs + i], ks1[i]) << c.name();
    }
}

TEST(Skinny, RandomRoundTripsInPlace) {
    std::mt19937 rng(0x5C1);
    for (const SkinnyVariant v : kAll) {
        for (int trial = 0; trial < 64; ++trial) {
            const Skinny c(v, randomBytes(rng, skinnyTweakeyBytes(v)));
            const Bytes pt = randomBytes(rng, c.blockSize());
            Bytes buf = pt;
            c.encryptBlock(buf.data(), buf.data());
            EXPECT_NE(buf, pt);
            c.decryptBlock(buf.data(), buf.data());
            ASSERT_EQ(buf, pt) << c.name() << " trial " << trial;
        }
    }
}

TEST(Skinny, EncryptionTraceShapeAndEndState) {
    std::mt19937 rng(48);
    for (const SkinnyVariant v : kAll) {
        const Skinny c(v, randomBytes(rng, skinnyTweakeyBytes(v)));
        const Bytes pt = randomBytes(rng, c.blockSize());
        Bytes out(c.blockSize());
        Trace t;
        c.encryptBlockTraced(pt.data(), out.data(), t);
        expectShape(t, c, "encryption", kEncSteps);
        EXPECT_EQ(t.steps.front().state, pt);
        EXPECT_EQ(t.steps.back().state, out) << c.name();
        EXPECT_EQ(out, encryptOne(c, pt)) << c.name();
        EXPECT_EQ(t.layout.rows, 4);
        EXPECT_EQ(t.layout.cols, 4);
        EXPECT_EQ(t.layout.cellBits, c.blockSize() == 16 ? 8 : 4);
        EXPECT_EQ(t.layout.name, c.blockSize() == 16 ? "skinny-128" : "skinny-64");
        EXPECT_FALSE(t.layout.encoding.empty());
    }
}

TEST(Skinny, DecryptionTraceMirrorsEncryptionAndEndsAtThePlaintext) {
    std::mt19937 rng(56);
    for (const SkinnyVariant v : kAll) {
        const Skinny c(v, randomBytes(rng, skinnyTweakeyBytes(v)));
        const Bytes pt = randomBytes(rng, c.blockSize());
        Trace enc;
        Bytes ct(c.blockSize());
        c.encryptBlockTraced(pt.data(), ct.data(), enc);
        Trace dec;
        Bytes back(c.blockSize());
        c.decryptBlockTraced(ct.data(), back.data(), dec);
        expectShape(dec, c, "decryption", kDecSteps);
        EXPECT_EQ(back, pt) << c.name();
        EXPECT_EQ(dec.steps.front().state, ct);
        EXPECT_EQ(dec.steps.back().state, pt) << c.name();
        // Every inverse step lands on the state the matching forward step started from.
        const std::size_t n = enc.steps.size();
        ASSERT_EQ(dec.steps.size(), n);
        for (std::size_t k = 0; k < n; ++k)
            EXPECT_EQ(dec.steps[k].state, enc.steps[n - 1 - k].state) << c.name() << " step " << k;
        // Decryption round r uses the tweakey of encryption round R + 1 - r.
        const int R = c.rounds();
        for (int r = 1; r <= R; ++r)
            EXPECT_EQ(dec.steps[5 * (r - 1) + 3].roundKey, enc.steps[5 * (R - r) + 3].roundKey) << c.name();
    }
}

TEST(Skinny, RoundTweakeyInTraceIsTheFirstTwoRowsOfTheTweakey) {
    std::mt19937 rng(1);
    for (const SkinnyVariant v : kAll) {
        const Bytes tk = randomBytes(rng, skinnyTweakeyBytes(v));
        const Skinny c(v, tk);
        const std::size_t bs = c.blockSize();
        // Round 1 uses TK1 ^ TK2 ^ TK3 before any update; its first two rows are the first bs/2 bytes
        // of each array in both cell packings.
        Bytes expected(bs / 2, 0);
        for (std::size_t t = 0; t < tk.size() / bs; ++t)
            for (std::size_t i = 0; i < bs / 2; ++i)
                expected[i] ^= tk[t * bs + i];
        Trace t;
        Bytes out(bs);
        const Bytes pt = randomBytes(rng, bs);
        c.encryptBlockTraced(pt.data(), out.data(), t);
        const TraceStep& ac = t.steps[2];
        const TraceStep& art = t.steps[3];
        ASSERT_EQ(art.step, "AddRoundTweakey");
        EXPECT_EQ(art.roundKey, expected) << c.name();
        // The step XORs the round tweakey into the first two rows and leaves the rest alone.
        for (std::size_t i = 0; i < bs; ++i) {
            const std::uint8_t k = i < bs / 2 ? art.roundKey[i] : 0;
            EXPECT_EQ(art.state[i], ac.state[i] ^ k) << c.name() << " byte " << i;
        }
    }
}

TEST(Skinny, SubCellsStepAppliesTheSbox) {
    const Skinny c128(SkinnyVariant::S128_128, Bytes(16, 0x3C), 1);
    const Skinny c64(SkinnyVariant::S64_64, Bytes(8, 0xA5), 1);
    for (unsigned base = 0; base < 256; base += 16) {
        Bytes pt(16);
        for (unsigned i = 0; i < 16; ++i)
            pt[i] = std::uint8_t(base + i);
        Trace t;
        Bytes out(16);
        c128.encryptBlockTraced(pt.data(), out.data(), t);
        for (unsigned i = 0; i < 16; ++i)
            EXPECT_EQ(t.steps[1].state[i], skinnySbox8(pt[i]));
    }
    const Bytes pt64 = hex("0123456789ABCDEF");
    Trace t;
    Bytes out(8);
    c64.encryptBlockTraced(pt64.data(), out.data(), t);
    EXPECT_EQ(toHex(t.steps[1].state), "C6901A2B385D4E7F");
}

TEST(Skinny, ReducedRoundTracesEndAtTheReducedOutput) {
    std::mt19937 rng(7);
    for (const SkinnyVariant v : kAll) {
        const Bytes tk = randomBytes(rng, skinnyTweakeyBytes(v));
        const Skinny full(v, tk);
        for (const int r : {1, 2, 7, skinnyRounds(v) - 1}) {
            const Skinny c(v, tk, r);
            EXPECT_EQ(c.rounds(), r);
            const Bytes pt = randomBytes(rng, c.blockSize());
            Bytes out(c.blockSize());
            Trace t;
            c.encryptBlockTraced(pt.data(), out.data(), t);
            expectShape(t, c, "encryption", kEncSteps);
            const Bytes fast = encryptOne(c, pt);
            EXPECT_EQ(out, fast) << c.name() << " r=" << r;
            EXPECT_EQ(t.steps.back().state, fast) << c.name() << " r=" << r;
            EXPECT_NE(fast, encryptOne(full, pt)) << c.name() << " r=" << r;
            EXPECT_EQ(decryptOne(c, fast), pt) << c.name() << " r=" << r;
            // The reduced cipher is a prefix of the full one: its output is the full trace's state
            // after round r.
            Trace ft;
            Bytes fout(c.blockSize());
            full.encryptBlockTraced(pt.data(), fout.data(), ft);
            EXPECT_EQ(ft.steps[5 * static_cast<std::size_t>(r)].state, fast) << c.name() << " r=" << r;
        }
        const Skinny standard(v, tk, skinnyRounds(v));
        const Bytes pt = randomBytes(rng, standard.blockSize());
        EXPECT_EQ(encryptOne(standard, pt), encryptOne(full, pt));
    }
}

TEST(Skinny, RejectsWrongTweakeyLengthAndRoundCounts) {
    for (const SkinnyVariant v : kAll) {
        const std::size_t n = skinnyTweakeyBytes(v);
        for (const std::size_t bad : {std::size_t{0}, n - 1, n + 1, 2 * n}) {
            try {
                Skinny c(v, Bytes(bad, 0));
                ADD_FAILURE() << "accepted a " << bad << "-byte tweakey for " << skinnyName(v);
            } catch (const InvalidArgument& e) {
                const std::string want = "tweakey must be " + std::to_string(n) + " bytes for " +
                                         std::string(skinnyName(v)) + ", got " + std::to_string(bad);
                EXPECT_EQ(std::string(e.what()), want);
            }
        }
        const Bytes tk(n, 0);
        EXPECT_THROW(Skinny(v, tk, skinnyRounds(v) + 1), InvalidArgument) << skinnyName(v);
        EXPECT_THROW(Skinny(v, tk, -1), InvalidArgument) << skinnyName(v);
        // 0 is the default and means the standard count, not an error.
        EXPECT_EQ(Skinny(v, tk, 0).rounds(), skinnyRounds(v));
        EXPECT_EQ(Skinny(v, tk, 1).rounds(), 1);
    }
}
