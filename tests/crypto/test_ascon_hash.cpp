#include "tests/testsupport.h"

#include <map>

#include "core/crypto/asconhash.h"
#include "core/katfile.h"

using namespace rs::crypto;
using H = AsconHashVariant;

namespace {

// Every record of an LWC HASH/XOF KAT: hashing Msg to |MD| bytes gives MD. Returns the count.
std::size_t checkHashKat(H v, const std::string& file, std::size_t outLen) {
    const auto records = rs::core::readKatFile(rs::test::vectorPath("ascon/" + file));
    std::size_t n = 0;
    for (const auto& r : records) {
        const Bytes md = r.hex("MD");
        EXPECT_EQ(md.size(), outLen) << file << " Count = " << r.text("Count");
        EXPECT_EQ(toHex(asconHash(v, r.hex("Msg"), md.size())), toHex(md))
            << file << " Count = " << r.text("Count");
        ++n;
    }
    return n;
}

Bytes pattern(std::size_t n) {
    Bytes b(n);
    for (std::size_t i = 0; i < n; ++i)
        b[i] = static_cast<std::uint8_t>(i * 13 + 1);
    return b;
}

std::map<std::string, std::size_t> stepsPerPhase(const Trace& t) {
    std::map<std::string, std::size_t> m;
    for (const auto& s : t.steps)
        ++m[s.phase];
    return m;
}

} // namespace

TEST(AsconHashV12Kat, AsconHashAllVectors) {
    EXPECT_EQ(checkHashKat(H::Hashv12, "asconhashv12_LWC_HASH_KAT_256.txt", 32), 1025u);
}

TEST(AsconHashV12Kat, AsconXofAllVectors) {
    EXPECT_EQ(checkHashKat(H::Xofv12, "asconxofv12_LWC_HASH_KAT_256.txt", 32), 1025u);
}

TEST(AsconHashSp800232Kat, Hash256AllVectors) {
    EXPECT_EQ(checkHashKat(H::Hash256, "asconhash256_LWC_HASH_KAT_128_256.txt", 32), 1025u);
}

TEST(AsconHashSp800232Kat, Xof128AllVectors) {
    EXPECT_EQ(checkHashKat(H::Xof128, "asconxof128_LWC_XOF_KAT_128_512.txt", 64), 1025u);
}

TEST(AsconHashSp800232Kat, Cxof128AllVectors) {
    const std::string file = "asconcxof128_LWC_CXOF_KAT_128_512.txt";
    const auto records = rs::core::readKatFile(rs::test::vectorPath("ascon/" + file));
    std::size_t n = 0;
    for (const auto& r : records) {
        const Bytes md = r.hex("MD");
        EXPECT_EQ(md.size(), 64u);
        EXPECT_EQ(toHex(asconCxof128(r.hex("Msg"), r.hex("Z"), md.size())), toHex(md))
            << file << " Count = " << r.text("Count");
        ++n;
    }
    EXPECT_EQ(n, 1089u);
}

TEST(AsconHash, NamesAreExact) {
    EXPECT_EQ(asconHashName(H::Hashv12), "Ascon-Hash v1.2");
    EXPECT_EQ(asconHashName(H::Xofv12), "Ascon-Xof v1.2");
    EXPECT_EQ(asconHashName(H::Hash256), "Ascon-Hash256");
    EXPECT_EQ(asconHashName(H::Xof128), "Ascon-XOF128");
}

TEST(AsconHash, HashVariantsRequire32ByteOutput) {
    for (H v : {H::Hashv12, H::Hash256}) {
        EXPECT_EQ(asconHash(v, pattern(3)).size(), 32u);
        for (std::size_t bad : {0u, 16u, 31u, 33u, 64u})
            EXPECT_THROW(asconHash(v, {}, bad), InvalidArgument) << bad;
    }
}

TEST(AsconHash, XofLengthsAndPrefixProperty) {
    for (H v : {H::Xofv12, H::Xof128}) {
        const Bytes msg = pattern(21);
        const Bytes longOut = asconHash(v, msg, 100);
        for (std::size_t len : {1u, 7u, 8u, 9u, 32u, 99u}) {
            const Bytes shortOut = asconHash(v, msg, len);
            EXPECT_EQ(shortOut, Bytes(longOut.begin(), longOut.begin() + static_cast<std::ptrdiff_t>(len)));
        }
        EXPECT_THROW(asconHash(v, msg, 0), InvalidArgument);
        EXPECT_THROW(asconHash(v, msg, kAsconXofMaxOutput + 1), InvalidArgument);
        EXPECT_EQ(asconHash(v, msg, kAsconXofMaxOutput).size(), kAsconXofMaxOutput);
    }
    // The XOFs are not the hashes with another output length: their IVs differ.
    EXPECT_NE(asconHash(H::Xof128, {}, 32), asconHash(H::Hash256, {}, 32));
    EXPECT_NE(asconHash(H::Xofv12, {}, 32), asconHash(H::Hashv12, {}, 32));
}

TEST(AsconHash, Cxof128ChecksItsArguments) {
    EXPECT_EQ(asconCxof128({}, Bytes(256, 0xaa), 16).size(), 16u);
    EXPECT_THROW(asconCxof128({}, Bytes(257), 16), InvalidArgument);
    EXPECT_THROW(asconCxof128({}, {}, 0), InvalidArgument);
    // Customization separates domains; with Z empty it still differs from plain XOF128.
    EXPECT_NE(asconCxof128(pattern(5), {}, 32), asconHash(H::Xof128, pattern(5), 32));
    EXPECT_NE(asconCxof128(pattern(5), pattern(1), 32), asconCxof128(pattern(5), {}, 32));
}

TEST(AsconHashTrace, TracedEqualsFastAndStepCountsFollowTheFormula) {
    for (H v : {H::Hashv12, H::Xofv12, H::Hash256, H::Xof128}) {
        const bool xof = v == H::Xofv12 || v == H::Xof128;
        for (std::size_t msgLen : {0u, 1u, 8u, 15u, 16u, 40u}) {
            const std::size_t outLen = xof ? 13 : 32;
            const Bytes msg = pattern(msgLen);
            Trace t;
            const Bytes traced = asconHashTraced(v, msg, outLen, t);
            EXPECT_EQ(traced, asconHash(v, msg, outLen));
            EXPECT_EQ(t.layout.name, "ascon-320");
            const std::size_t q = (outLen + 7) / 8;
            const auto m = stepsPerPhase(t);
            EXPECT_EQ(m.size(), 3u);
            EXPECT_EQ(m.at("initialization"), 37u);
            EXPECT_EQ(m.at("absorb"), 37 * (msgLen / 8 + 1));
            EXPECT_EQ(m.at("squeeze"), q + 36 * (q - 1));

            // Each "squeeze" step's x0 is the next output block in the variant's byte order.
            const bool le = v == H::Hash256 || v == H::Xof128;
            Bytes fromSteps;
            for (const auto& s : t.steps) {
                if (s.step != "squeeze") continue;
                const std::uint64_t x0 = loadBe64(s.state.data());
                std::uint8_t word[8];
                if (le)
                    storeLe64(word, x0);
                else
                    storeBe64(word, x0);
                fromSteps.insert(fromSteps.end(), word, word + 8);
            }
            fromSteps.resize(outLen);
            EXPECT_EQ(fromSteps, traced);
        }
    }
}

TEST(AsconHashTrace, Cxof128TraceHasCustomizationPhase) {
    const Bytes msg = pattern(10), z = pattern(9);
    Trace t;
    const Bytes out = asconCxof128Traced(msg, z, 64, t);
    EXPECT_EQ(out, asconCxof128(msg, z, 64));
    const auto m = stepsPerPhase(t);
    EXPECT_EQ(m.at("initialization"), 37u);
    EXPECT_EQ(m.at("customization"), 37u * (9 / 8 + 2));
    EXPECT_EQ(m.at("absorb"), 37u * (10 / 8 + 1));
    EXPECT_EQ(m.at("squeeze"), 8u + 36u * 7u);
    EXPECT_EQ(t.steps[37].step, "absorb length");
    EXPECT_EQ(t.steps[37].state[7] ^ t.steps[36].state[7], 72); // 9 bytes = 72 bits into x0
}
