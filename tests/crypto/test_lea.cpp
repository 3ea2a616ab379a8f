// LEA block cipher: the spec's reference vectors and round keys, the KISA ECB/CTR vectors (through
// the shared ECB/CTR modes), round trips, traces and argument checks.
#include "tests/testsupport.h"

#include "core/crypto/blockmodes.h"
#include "core/crypto/lea.h"
#include "core/katfile.h"

#include <random>

using namespace rs::crypto;
using rs::core::readKatFile;
using rs::test::hex;
using rs::test::vectorPath;

namespace {

Bytes randomBytes(std::mt19937& rng, std::size_t n) {
    Bytes b(n);
    for (auto& x : b)
        x = static_cast<std::uint8_t>(rng());
    return b;
}

// Round key words as the spec prints them, compared word by word.
void expectRoundKey(const Lea::RoundKey& got, const Lea::RoundKey& want, const char* what) {
    for (std::size_t j = 0; j < 6; ++j)
        EXPECT_EQ(got[j], want[j]) << what << " word " << j;
}

} // namespace

TEST(Lea, SpecVectors) {
    const auto recs = readKatFile(vectorPath("lea/lea_spec_kat.txt"));
    ASSERT_EQ(recs.size(), 3u);
    for (const auto& r : recs) {
        SCOPED_TRACE(r.text("Algorithm"));
        const Lea lea(r.hex("Key"));
        EXPECT_EQ(lea.name(), r.text("Algorithm"));
        EXPECT_EQ(lea.rounds(), std::stoi(r.text("Rounds")));
        const Bytes pt = r.hex("PT"), ct = r.hex("CT");
        ASSERT_EQ(pt.size(), 16u);
        Bytes out(16);
        lea.encryptBlock(pt.data(), out.data());
        EXPECT_EQ(toHex(out), toHex(ct));
        lea.decryptBlock(ct.data(), out.data());
        EXPECT_EQ(toHex(out), toHex(pt));
    }
}

TEST(Lea, SpecRoundKeysOfLea128) {
    // RK0 and RK23 of the LEA-128 example, as quoted in the header of lea_spec_kat.txt
    // (ISO/IEC 29192-2 example, 32-bit words).
    const Lea lea(hex("0F1E2D3C4B5A69788796A5B4C3D2E1F0"));
    ASSERT_EQ(lea.roundKeys().size(), 24u);
    expectRoundKey(lea.roundKeys()[0],
                   {0x003a0fd4, 0x02497010, 0x194f7db1, 0x02497010, 0x090d0883, 0x02497010}, "RK0");
    expectRoundKey(lea.roundKeys()[23],
                   {0x0bf6adba, 0xdf69029d, 0x5b72305a, 0xdf69029d, 0xcb47c19f, 0xdf69029d}, "RK23");
}

TEST(Lea, KisaEcbVectors) {
    rs::test::forEachKatRecord("lea/lea_kisa_ecb.txt", 30, "Source", [&](const rs::core::KatRecord& r) {
        const Lea lea(r.hex("Key"));
        EXPECT_EQ(lea.name(), r.text("Algorithm"));
        EXPECT_EQ(toHex(ecbEncrypt(lea, r.hex("PT"))), toHex(r.hex("CT")));
        EXPECT_EQ(toHex(ecbDecrypt(lea, r.hex("CT"))), toHex(r.hex("PT")));
    });
}

TEST(Lea, KisaCtrVectors) {
    rs::test::forEachKatRecord("lea/lea_kisa_ctr.txt", 30, "Source", [&](const rs::core::KatRecord& r) {
        const Lea lea(r.hex("Key"));
        EXPECT_EQ(lea.name(), r.text("Algorithm"));
        EXPECT_EQ(toHex(ctrXor(lea, r.hex("IV"), r.hex("PT"))), toHex(r.hex("CT")));
        EXPECT_EQ(toHex(ctrXor(lea, r.hex("IV"), r.hex("CT"))), toHex(r.hex("PT")));
    });
}

TEST(Lea, RandomRoundTripsAllKeySizes) {
    std::mt19937 rng(20240603);
    for (const std::size_t keyBytes : {16u, 24u, 32u}) {
        for (int trial = 0; trial < 50; ++trial) {
            const Lea lea(randomBytes(rng, keyBytes));
            const Bytes pt = randomBytes(rng, 16 * (1 + trial % 5));
            const Bytes ct = ecbEncrypt(lea, pt);
            EXPECT_NE(ct, pt);
            EXPECT_EQ(ecbDecrypt(lea, ct), pt) << lea.name() << " trial " << trial;
        }
    }
}

TEST(Lea, EncryptAndDecryptMayAlias) {
    const Lea lea(hex("0F1E2D3C4B5A69788796A5B4C3D2E1F0"));
    Bytes b = hex("101112131415161718191A1B1C1D1E1F");
    lea.encryptBlock(b.data(), b.data());
    EXPECT_EQ(toHex(b), "9FC84E3528C6C6185532C7A704648BFD");
    lea.decryptBlock(b.data(), b.data());
    EXPECT_EQ(toHex(b), "101112131415161718191A1B1C1D1E1F");
}

TEST(Lea, NamesRoundsAndBlockSize) {
    EXPECT_EQ(Lea(Bytes(16)).name(), "LEA-128");
    EXPECT_EQ(Lea(Bytes(24)).name(), "LEA-192");
    EXPECT_EQ(Lea(Bytes(32)).name(), "LEA-256");
    EXPECT_EQ(Lea(Bytes(16)).rounds(), 24);
    EXPECT_EQ(Lea(Bytes(24)).rounds(), 28);
    EXPECT_EQ(Lea(Bytes(32)).rounds(), 32);
    EXPECT_EQ(Lea(Bytes(16), 7).rounds(), 7);
    EXPECT_EQ(Lea(Bytes(16), 7).roundKeys().size(), 7u);
    EXPECT_EQ(Lea(Bytes(32)).blockSize(), 16u);
}

TEST(Lea, RejectsBadKeyLengths) {
    for (const std::size_t n : {0u, 8u, 15u, 17u, 20u, 31u, 33u, 64u}) {
        try {
            Lea lea{Bytes(n)};
            FAIL() << "no exception for " << n << " bytes";
        } catch (const InvalidArgument& e) {
            EXPECT_NE(std::string(e.what()).find("key must be 16, 24 or 32 bytes, got " + std::to_string(n)),
                      std::string::npos)
                << e.what();
        }
    }
}

TEST(Lea, RejectsBadRoundCounts) {
    EXPECT_THROW(Lea(Bytes(16), 25), InvalidArgument);
    EXPECT_THROW(Lea(Bytes(16), -1), InvalidArgument);
    EXPECT_THROW(Lea(Bytes(24), 29), InvalidArgument);
    EXPECT_THROW(Lea(Bytes(32), 33), InvalidArgument);
    EXPECT_NO_THROW(Lea(Bytes(16), 24));
    EXPECT_NO_THROW(Lea(Bytes(16), 1));
    EXPECT_EQ(Lea(Bytes(16), 0).rounds(), 24); // 0 = the standard count
}

TEST(Lea, LayoutDescribesFourWords) {
    const StateLayout l = Lea::layout();
    EXPECT_EQ(l.name, "lea-128");
    EXPECT_EQ(l.rows, 1);
    EXPECT_EQ(l.cols, 4);
    EXPECT_EQ(l.cellBits, 32);
    EXPECT_EQ(l.rowLabel, "X");
    EXPECT_FALSE(l.encoding.empty());
}

TEST(Lea, EncryptionTraceFollowsTheRounds) {
    const auto recs = readKatFile(vectorPath("lea/lea_spec_kat.txt"));
    ASSERT_EQ(recs.size(), 3u);
    for (const auto& r : recs) {
        SCOPED_TRACE(r.text("Algorithm"));
        const Lea lea(r.hex("Key"));
        const Bytes pt = r.hex("PT"), ct = r.hex("CT");
        Trace t;
        Bytes out(16);
        lea.encryptBlockTraced(pt.data(), out.data(), t);
        EXPECT_EQ(toHex(out), toHex(ct));
        EXPECT_EQ(t.layout.name, "lea-128");
        ASSERT_EQ(t.steps.size(), static_cast<std::size_t>(lea.rounds() + 1));
        EXPECT_EQ(t.steps[0].phase, "encryption");
        EXPECT_EQ(t.steps[0].step, "input");
        EXPECT_EQ(t.steps[0].round, 0);
        EXPECT_EQ(t.steps[0].state, pt);
        EXPECT_TRUE(t.steps[0].roundKey.empty());
        for (int i = 1; i <= lea.rounds(); ++i) {
            const TraceStep& s = t.steps[static_cast<std::size_t>(i)];
            EXPECT_EQ(s.phase, "encryption");
            EXPECT_EQ(s.step, "round");
            EXPECT_EQ(s.round, i);
            EXPECT_EQ(s.state.size(), 16u);
            ASSERT_EQ(s.roundKey.size(), 24u);
            const auto& k = lea.roundKeys()[static_cast<std::size_t>(i - 1)];
            for (std::size_t j = 0; j < 6; ++j)
                EXPECT_EQ(loadLe32(s.roundKey.data() + 4 * j), k[j]);
        }
        EXPECT_EQ(t.steps.back().state, ct);
    }
}

TEST(Lea, DecryptionTraceMirrorsEncryption) {
    const Lea lea(hex("0F1E2D3C4B5A69788796A5B4C3D2E1F0F0E1D2C3B4A59687"));
    const Bytes pt = hex("202122232425262728292A2B2C2D2E2F");
    Trace enc, dec;
    Bytes ct(16), back(16);
    lea.encryptBlockTraced(pt.data(), ct.data(), enc);
    lea.decryptBlockTraced(ct.data(), back.data(), dec);
    EXPECT_EQ(back, pt);
    const std::size_t n = static_cast<std::size_t>(lea.rounds());
    ASSERT_EQ(dec.steps.size(), n + 1);
    EXPECT_EQ(dec.steps[0].phase, "decryption");
    EXPECT_EQ(dec.steps[0].step, "input");
    EXPECT_EQ(dec.steps[0].state, ct);
    EXPECT_EQ(dec.steps.back().state, pt);
    // Decryption round j leaves the state encryption had before its round N+1-j, with that round's key.
    for (std::size_t j = 1; j <= n; ++j) {
        EXPECT_EQ(dec.steps[j].step, "round");
        EXPECT_EQ(dec.steps[j].round, static_cast<int>(j));
        EXPECT_EQ(dec.steps[j].state, enc.steps[n - j].state) << "round " << j;
        EXPECT_EQ(dec.steps[j].roundKey, enc.steps[n + 1 - j].roundKey) << "round " << j;
    }
}

TEST(Lea, ReducedRoundTracesEndAtTheFastPathOutput) {
    std::mt19937 rng(7);
    for (const std::size_t keyBytes : {16u, 24u, 32u}) {
        const Bytes key = randomBytes(rng, keyBytes);
        const Bytes pt = randomBytes(rng, 16);
        const int standard = Lea::standardRounds(keyBytes);
        const Lea full(key);
        Trace fullTrace;
        Bytes fullOut(16);
        full.encryptBlockTraced(pt.data(), fullOut.data(), fullTrace);
        for (int r = 1; r <= standard; ++r) {
            SCOPED_TRACE(std::to_string(8 * keyBytes) + "-bit key, " + std::to_string(r) + " rounds");
            const Lea lea(key, r);
            Bytes fast(16), traced(16), back(16);
            lea.encryptBlock(pt.data(), fast.data());
            Trace t;
            lea.encryptBlockTraced(pt.data(), traced.data(), t);
            EXPECT_EQ(traced, fast);
            ASSERT_EQ(t.steps.size(), static_cast<std::size_t>(r + 1));
            EXPECT_EQ(t.steps.back().state, fast);
            // r rounds of LEA are the first r rounds of the full cipher.
            EXPECT_EQ(fast, fullTrace.steps[static_cast<std::size_t>(r)].state);
            lea.decryptBlock(fast.data(), back.data());
            EXPECT_EQ(back, pt);
            Trace d;
            lea.decryptBlockTraced(fast.data(), back.data(), d);
            EXPECT_EQ(back, pt);
            EXPECT_EQ(d.steps.back().state, pt);
        }
    }
}
