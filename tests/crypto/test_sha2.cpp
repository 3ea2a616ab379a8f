// SHA-2 (FIPS 180-4) against NIST CAVP's byte-oriented SHAVS response files (resources/vectors/sha2/*.rsp)
// and NIST's "additional" SHA-2 examples (resources/vectors/sha2/sha2_additional_nist.txt), one-shot and
// through the incremental Sha256/Sha512 classes.

#include "tests/testsupport.h"

#include <algorithm>
#include <random>

#include "core/crypto/sha2.h"

using namespace rs::crypto;

namespace {

using HashFn = Bytes (*)(ByteView);

// A CAVP record's message: Msg holds Len bits (a multiple of 8 here; Len = 0 comes with Msg = 00).
Bytes cavpMessage(const rs::core::KatRecord& r) {
    const std::size_t bits = std::stoul(r.text("Len"));
    EXPECT_EQ(bits % 8, 0u) << "byte-oriented file with a bit length";
    Bytes msg = r.hex("Msg");
    EXPECT_GE(msg.size(), bits / 8);
    msg.resize(bits / 8);
    return msg;
}

// Every record of a SHAVS ShortMsg/LongMsg file; the section header [L = n] is the digest size in bytes.
void checkSha2File(const std::string& file, std::size_t count, HashFn hash, std::size_t digestBytes) {
    rs::test::forEachKatRecord("sha2/" + file, count, "Len", [&](const rs::core::KatRecord& r) {
        ASSERT_EQ(r.section.at("L"), std::to_string(digestBytes));
        const Bytes md = r.hex("MD");
        ASSERT_EQ(md.size(), digestBytes);
        EXPECT_EQ(toHex(hash(cavpMessage(r))), toHex(md));
    });
}

// Feeds msg to h in random pieces (zero-length ones included) and returns final().
template <class H> Bytes piecewise(H& h, std::mt19937& rng, ByteView msg, std::size_t maxPiece) {
    std::size_t at = 0;
    while (at < msg.size()) {
        const std::size_t len =
            std::min(msg.size() - at, std::uniform_int_distribution<std::size_t>(0, maxPiece)(rng));
        h.update(msg.subspan(at, len));
        at += len;
    }
    h.update({});
    return h.final();
}

// Every record of a file through an incremental object reused across records (final() resets it).
template <class H>
void checkSha2FileIncremental(const std::string& file, std::size_t count, H& h, std::size_t maxPiece) {
    std::mt19937 rng(static_cast<unsigned>(count * 31 + maxPiece));
    rs::test::forEachKatRecord("sha2/" + file, count, "Len", [&](const rs::core::KatRecord& r) {
        EXPECT_EQ(toHex(piecewise(h, rng, cavpMessage(r), maxPiece)), toHex(r.hex("MD")));
    });
}

} // namespace

// ---- every record of the CAVP SHAVS byte-oriented files ----

TEST(Sha2Cavp, Sha224ShortMsg) {
    checkSha2File("SHA224ShortMsg.rsp", 65, sha2_224, 28);
}
TEST(Sha2Cavp, Sha224LongMsg) {
    checkSha2File("SHA224LongMsg.rsp", 64, sha2_224, 28);
}
TEST(Sha2Cavp, Sha256ShortMsg) {
    checkSha2File("SHA256ShortMsg.rsp", 65, sha2_256, 32);
}
TEST(Sha2Cavp, Sha256LongMsg) {
    checkSha2File("SHA256LongMsg.rsp", 64, sha2_256, 32);
}
TEST(Sha2Cavp, Sha384ShortMsg) {
    checkSha2File("SHA384ShortMsg.rsp", 129, sha2_384, 48);
}
TEST(Sha2Cavp, Sha512ShortMsg) {
    checkSha2File("SHA512ShortMsg.rsp", 129, sha2_512, 64);
}
TEST(Sha2Cavp, Sha512_224ShortMsg) {
    checkSha2File("SHA512_224ShortMsg.rsp", 129, sha2_512_224, 28);
}
TEST(Sha2Cavp, Sha512_256ShortMsg) {
    checkSha2File("SHA512_256ShortMsg.rsp", 129, sha2_512_256, 32);
}

// ---- NIST's additional SHA-2 examples: padding boundaries and long messages (up to 10^6 bytes) ----

TEST(Sha2Additional, AllRecords) {
    std::size_t checked[4] = {};
    rs::test::forEachKatRecord("sha2/sha2_additional_nist.txt", 35, "Count",
                               [&](const rs::core::KatRecord& r) {
                                   const std::string alg = r.text("Algorithm");
                                   SCOPED_TRACE(alg);
                                   const std::size_t len = std::stoul(r.text("Length"));
                                   Bytes msg;
                                   if (r.has("Msg")) {
                                       msg = r.hex("Msg");
                                   } else {
                                       const Bytes fill = r.hex("Fill");
                                       ASSERT_EQ(fill.size(), 1u);
                                       msg.assign(len, fill[0]);
                                   }
                                   ASSERT_EQ(msg.size(), len);
                                   Bytes got;
                                   if (alg == "SHA-224") {
                                       got = sha2_224(msg);
                                       ++checked[0];
                                   } else if (alg == "SHA-256") {
                                       got = sha2_256(msg);
                                       ++checked[1];
                                   } else if (alg == "SHA-384") {
                                       got = sha2_384(msg);
                                       ++checked[2];
                                   } else if (alg == "SHA-512") {
                                       got = sha2_512(msg);
                                       ++checked[3];
                                   } else {
                                       FAIL() << "unknown algorithm " << alg;
                                   }
                                   EXPECT_EQ(toHex(got), toHex(r.hex("MD")));
                               });
    EXPECT_EQ(checked[0], 7u);
    EXPECT_EQ(checked[1], 10u);
    EXPECT_EQ(checked[2], 9u);
    EXPECT_EQ(checked[3], 9u);
}

// ---- the incremental classes ----

TEST(Sha2Incremental, RandomPiecesGiveTheCavpAnswers) {
    Sha256 h224(true), h256;
    Sha512 h384(Sha512Variant::Sha384), h512, h512_224(Sha512Variant::Sha512_224),
        h512_256(Sha512Variant::Sha512_256);
    checkSha2FileIncremental("SHA224ShortMsg.rsp", 65, h224, 9);
    checkSha2FileIncremental("SHA224LongMsg.rsp", 64, h224, 150);
    checkSha2FileIncremental("SHA256ShortMsg.rsp", 65, h256, 9);
    checkSha2FileIncremental("SHA256LongMsg.rsp", 64, h256, 150);
    checkSha2FileIncremental("SHA384ShortMsg.rsp", 129, h384, 20);
    checkSha2FileIncremental("SHA512ShortMsg.rsp", 129, h512, 20);
    checkSha2FileIncremental("SHA512_224ShortMsg.rsp", 129, h512_224, 20);
    checkSha2FileIncremental("SHA512_256ShortMsg.rsp", 129, h512_256, 20);
}

// Byte-at-a-time and whole-message updates agree across the 55/56/64-byte (SHA-256) and 111/112/128-byte
// (SHA-512) padding boundaries and beyond several blocks; final() leaves the object at the empty message.
TEST(Sha2Incremental, ByteAtATimeEqualsOneShotAcrossPaddingBoundaries) {
    Bytes msg(400);
    for (std::size_t i = 0; i < msg.size(); ++i)
        msg[i] = static_cast<std::uint8_t>(i * 7 + 3);
    Sha256 s256;
    Sha512 s512;
    for (std::size_t n = 0; n <= msg.size(); ++n) {
        const ByteView m = ByteView(msg).first(n);
        for (std::size_t i = 0; i < n; ++i) {
            s256.update(m.subspan(i, 1));
            s512.update(m.subspan(i, 1));
        }
        EXPECT_EQ(toHex(s256.final()), toHex(sha2_256(m))) << n;
        EXPECT_EQ(toHex(s512.final()), toHex(sha2_512(m))) << n;
    }
    EXPECT_EQ(toHex(s256.final()), toHex(sha2_256({})));
    EXPECT_EQ(toHex(s512.final()), toHex(sha2_512({})));
}

TEST(Sha2Incremental, DigestSizes) {
    EXPECT_EQ(Sha256(true).digestBytes(), 28u);
    EXPECT_EQ(Sha256().digestBytes(), 32u);
    EXPECT_EQ(Sha512(Sha512Variant::Sha384).digestBytes(), 48u);
    EXPECT_EQ(Sha512().digestBytes(), 64u);
    EXPECT_EQ(Sha512(Sha512Variant::Sha512_224).digestBytes(), 28u);
    EXPECT_EQ(Sha512(Sha512Variant::Sha512_256).digestBytes(), 32u);
}
