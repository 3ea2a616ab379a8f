// Multi-message Ascon-AEAD128 (core/crypto/asconmulti.h) against the one-message reference
// asconEncrypt(AsconAead128) and the SP 800-232 KAT, for every implementation this machine can run.
#include "tests/testsupport.h"

#include "core/crypto/asconaead.h"
#include "core/crypto/asconmulti.h"
#include "core/katfile.h"

#include <random>
#include <string>
#include <vector>

using namespace rs::crypto;

namespace {

constexpr AsconAeadVariant kV = AsconAeadVariant::AsconAead128;

std::vector<AsconMultiIsa> availableIsas() {
    std::vector<AsconMultiIsa> out;
    for (AsconMultiIsa isa : {AsconMultiIsa::Portable, AsconMultiIsa::Avx2, AsconMultiIsa::Avx512})
        if (asconMultiIsaAvailable(isa)) out.push_back(isa);
    return out;
}

Bytes randomBytes(std::mt19937& rng, std::size_t n) {
    Bytes b(n);
    for (auto& x : b)
        x = static_cast<std::uint8_t>(rng());
    return b;
}

/** count messages packed as asconAead128EncryptMulti wants them, and their reference results. */
struct Batch {
    std::size_t count = 0, adLen = 0, ptLen = 0;
    Bytes keys, nonces, ad, pt;
    Bytes refCt, refTags; // asconEncrypt, message by message

    Batch(std::mt19937& rng, std::size_t n, std::size_t adBytes, std::size_t ptBytes)
        : count(n), adLen(adBytes), ptLen(ptBytes), keys(randomBytes(rng, 16 * n)),
          nonces(randomBytes(rng, 16 * n)), ad(randomBytes(rng, adBytes * n)),
          pt(randomBytes(rng, ptBytes * n)) {
        for (std::size_t i = 0; i < n; ++i) {
            const auto r = asconEncrypt(kV, field(keys, i, 16), field(nonces, i, 16), field(ad, i, adLen),
                                        field(pt, i, ptLen));
            refCt.insert(refCt.end(), r.ct.begin(), r.ct.end());
            refTags.insert(refTags.end(), r.tag.begin(), r.tag.end());
        }
    }

    static ByteView field(const Bytes& b, std::size_t i, std::size_t each) {
        return ByteView(b).subspan(i * each, each);
    }

    /** The first `n` messages through the multi API; the results (ct || tags) must match refCt/refTags. */
    void check(AsconMultiIsa isa, std::size_t n, const std::string& where) const {
        // Guard bytes after both outputs catch a kernel writing past the caller's buffers.
        Bytes ct(n * ptLen + 32, 0xee), tags(n * 16 + 32, 0xee);
        asconAead128EncryptMulti(n, ByteView(keys).first(16 * n), ByteView(nonces).first(16 * n),
                                 ByteView(ad).first(adLen * n), adLen, ByteView(pt).first(ptLen * n), ptLen,
                                 std::span(ct).first(n * ptLen), std::span(tags).first(16 * n), isa);
        ASSERT_EQ(toHex(ByteView(ct).first(n * ptLen)), toHex(ByteView(refCt).first(n * ptLen))) << where;
        ASSERT_EQ(toHex(ByteView(tags).first(16 * n)), toHex(ByteView(refTags).first(16 * n))) << where;
        ASSERT_EQ(toHex(ByteView(ct).last(32)), toHex(Bytes(32, 0xee))) << where << " (ct guard)";
        ASSERT_EQ(toHex(ByteView(tags).last(32)), toHex(Bytes(32, 0xee))) << where << " (tag guard)";
    }
};

std::string label(AsconMultiIsa isa, std::size_t count, std::size_t adLen, std::size_t ptLen) {
    return std::string(asconMultiIsaName(isa)) + " count " + std::to_string(count) + " |AD| " +
           std::to_string(adLen) + " |P| " + std::to_string(ptLen);
}

} // namespace

TEST(AsconMulti, IsaNamesAndAvailability) {
    EXPECT_STREQ(asconMultiIsaName(AsconMultiIsa::Portable), "portable");
    EXPECT_STREQ(asconMultiIsaName(AsconMultiIsa::Avx2), "avx2");
    EXPECT_STREQ(asconMultiIsaName(AsconMultiIsa::Avx512), "avx512");
    EXPECT_TRUE(asconMultiIsaAvailable(AsconMultiIsa::Portable));
    EXPECT_TRUE(asconMultiIsaAvailable(asconMultiBest()));
    EXPECT_EQ(asconMultiLanes(AsconMultiIsa::Portable), 1u);
    EXPECT_EQ(asconMultiLanes(AsconMultiIsa::Avx2), 4u);
    EXPECT_EQ(asconMultiLanes(AsconMultiIsa::Avx512), 8u);
    // The best is the widest available.
    if (asconMultiIsaAvailable(AsconMultiIsa::Avx512))
        EXPECT_EQ(asconMultiBest(), AsconMultiIsa::Avx512);
    else if (asconMultiIsaAvailable(AsconMultiIsa::Avx2))
        EXPECT_EQ(asconMultiBest(), AsconMultiIsa::Avx2);
    else
        EXPECT_EQ(asconMultiBest(), AsconMultiIsa::Portable);
    std::string list;
    for (AsconMultiIsa isa : availableIsas())
        list += std::string(" ") + asconMultiIsaName(isa);
    std::printf("asconMulti ISAs available here:%s\n", list.c_str());
}

// Every plaintext length 0..300 with AD lengths {0, 1, 15, 16, 17, 40}, and every count 1..17 (full and
// partial batches of every ISA, the remainders on narrower ones), against asconEncrypt.
TEST(AsconMulti, MatchesReferenceEveryLengthAndCount) {
    std::mt19937 rng(20);
    for (std::size_t adLen : {0u, 1u, 15u, 16u, 17u, 40u}) {
        for (std::size_t ptLen = 0; ptLen <= 300; ++ptLen) {
            const Batch b(rng, 17, adLen, ptLen);
            for (AsconMultiIsa isa : availableIsas())
                for (std::size_t n = 1; n <= 17; ++n) {
                    b.check(isa, n, label(isa, n, adLen, ptLen));
                    if (::testing::Test::HasFatalFailure()) return;
                }
        }
    }
}

TEST(AsconMulti, LargeMessages) {
    std::mt19937 rng(64);
    const Batch b(rng, 9, 40, 65536);
    for (AsconMultiIsa isa : availableIsas())
        b.check(isa, 9, label(isa, 9, 40, 65536));
    const Batch odd(rng, 9, 1000, 65536 + 7);
    for (AsconMultiIsa isa : availableIsas())
        odd.check(isa, 9, label(isa, 9, 1000, 65536 + 7));
}

TEST(AsconMulti, InPlace) {
    std::mt19937 rng(7);
    for (std::size_t ptLen : {0u, 5u, 16u, 33u, 100u}) {
        const Batch b(rng, 11, 3, ptLen);
        for (AsconMultiIsa isa : availableIsas()) {
            Bytes buf = b.pt, tags(16 * b.count);
            asconAead128EncryptMulti(b.count, b.keys, b.nonces, b.ad, b.adLen, buf, ptLen, buf, tags, isa);
            EXPECT_EQ(toHex(buf), toHex(b.refCt)) << label(isa, b.count, 3, ptLen);
            EXPECT_EQ(toHex(tags), toHex(b.refTags)) << label(isa, b.count, 3, ptLen);
        }
    }
}

// Every record of the SP 800-232 KAT through the multi API: alone (count 1), and replicated into a
// batch of 17 (two full AVX-512 batches and a remainder, four AVX2 batches and a remainder).
TEST(AsconMulti, Sp800232KatAloneAndReplicated) {
    const auto records =
        rs::core::readKatFile(rs::test::vectorPath("ascon/asconaead128_LWC_AEAD_KAT_128_128.txt"));
    ASSERT_EQ(records.size(), 1089u);
    for (AsconMultiIsa isa : availableIsas()) {
        for (const auto& r : records) {
            const Bytes key = r.hex("Key"), nonce = r.hex("Nonce"), pt = r.hex("PT"), ad = r.hex("AD");
            const Bytes expected = r.hex("CT");
            const std::string where = std::string(asconMultiIsaName(isa)) + " Count = " + r.text("Count");
            for (std::size_t n : {1u, 17u}) {
                Bytes keys, nonces, ads, pts, want;
                for (std::size_t i = 0; i < n; ++i) {
                    keys.insert(keys.end(), key.begin(), key.end());
                    nonces.insert(nonces.end(), nonce.begin(), nonce.end());
                    ads.insert(ads.end(), ad.begin(), ad.end());
                    pts.insert(pts.end(), pt.begin(), pt.end());
                }
                Bytes ct(pts.size()), tags(16 * n);
                asconAead128EncryptMulti(n, keys, nonces, ads, ad.size(), pts, pt.size(), ct, tags, isa);
                for (std::size_t i = 0; i < n; ++i) {
                    Bytes got(ct.begin() + static_cast<std::ptrdiff_t>(i * pt.size()),
                              ct.begin() + static_cast<std::ptrdiff_t>((i + 1) * pt.size()));
                    got.insert(got.end(), tags.begin() + static_cast<std::ptrdiff_t>(16 * i),
                               tags.begin() + static_cast<std::ptrdiff_t>(16 * i + 16));
                    ASSERT_EQ(toHex(got), toHex(expected)) << where << " batch " << n << " message " << i;
                }
            }
        }
    }
}

TEST(AsconMulti, BadArgumentsAreClearErrors) {
    const Bytes keys(32), nonces(32), ad(6), pt(10);
    Bytes ct(10), tags(32);
    auto call = [&](std::size_t count, ByteView k, ByteView n, ByteView a, std::size_t adLen, ByteView p,
                    std::size_t ptLen, std::span<std::uint8_t> c, std::span<std::uint8_t> t) {
        asconAead128EncryptMulti(count, k, n, a, adLen, p, ptLen, c, t, AsconMultiIsa::Portable);
    };
    EXPECT_NO_THROW(call(2, keys, nonces, ad, 3, pt, 5, ct, tags));
    auto expectError = [](auto&& f, const std::string& needle) {
        try {
            f();
            ADD_FAILURE() << "no exception, expected one naming " << needle;
        } catch (const InvalidArgument& e) {
            EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
        }
    };
    expectError([&] { call(2, ByteView(keys).first(31), nonces, ad, 3, pt, 5, ct, tags); },
                "keys has 31 bytes");
    expectError([&] { call(2, keys, ByteView(nonces).first(16), ad, 3, pt, 5, ct, tags); }, "nonces has 16");
    expectError([&] { call(2, keys, nonces, ad, 2, pt, 5, ct, tags); }, "ad has 6 bytes, expected 2 x 2");
    expectError([&] { call(2, keys, nonces, ad, 3, pt, 4, ct, tags); }, "pt has 10");
    expectError([&] { call(2, keys, nonces, ad, 3, pt, 5, std::span(ct).first(9), tags); }, "ct has 9");
    expectError([&] { call(2, keys, nonces, ad, 3, pt, 5, ct, std::span(tags).first(16)); }, "tags has 16");
    expectError([&] { call(3, keys, nonces, ad, 3, pt, 5, ct, tags); }, "keys");
    // A per-message length so large that count x length wraps around.
    expectError([&] { call(2, keys, nonces, ad, 3, pt, std::size_t(-1) / 2 + 2, ct, tags); }, "overflows");
    // count 0 with empty buffers does nothing.
    EXPECT_NO_THROW(call(0, {}, {}, {}, 7, {}, 9, {}, {}));
    // An implementation this machine cannot run is refused by name.
    for (AsconMultiIsa isa : {AsconMultiIsa::Avx2, AsconMultiIsa::Avx512})
        if (!asconMultiIsaAvailable(isa))
            expectError([&] { asconAead128EncryptMulti(2, keys, nonces, ad, 3, pt, 5, ct, tags, isa); },
                        std::string("'") + asconMultiIsaName(isa) + "' is not available");
    expectError(
        [&] {
            asconAead128EncryptMulti(2, keys, nonces, ad, 3, pt, 5, ct, tags, static_cast<AsconMultiIsa>(9));
        },
        "is not available");
}
