#include "tests/testsupport.h"

#include <algorithm>
#include <map>
#include <random>

#include "core/crypto/asconaead.h"
#include "core/crypto/asconpermutation.h"
#include "core/katfile.h"
#include "core/wycheproof.h"

using namespace rs::crypto;
using rs::test::hex;
using V = AsconAeadVariant;

namespace {

Bytes concat(const Bytes& a, const Bytes& b) {
    Bytes out = a;
    out.insert(out.end(), b.begin(), b.end());
    return out;
}

// Every record of an LWC AEAD KAT: encrypt gives CT = ct || tag, decrypt gives PT back, and a
// flipped tag bit or ciphertext bit is rejected. Returns the number of records checked.
std::size_t checkAeadKat(V v, const std::string& file) {
    const auto records = rs::core::readKatFile(rs::test::vectorPath("ascon/" + file));
    std::size_t n = 0;
    for (const auto& r : records) {
        const Bytes key = r.hex("Key"), nonce = r.hex("Nonce"), pt = r.hex("PT"), ad = r.hex("AD");
        const Bytes expected = r.hex("CT");
        const std::string where = file + " Count = " + r.text("Count");
        const AeadResult res = asconEncrypt(v, key, nonce, ad, pt);
        EXPECT_EQ(toHex(concat(res.ct, res.tag)), toHex(expected)) << where;
        const AeadResult model = asconEncryptModel(v, key, nonce, ad, pt);
        EXPECT_EQ(toHex(concat(model.ct, model.tag)), toHex(expected)) << where << " (model)";

        const Bytes ct(expected.begin(), expected.end() - 16), tag(expected.end() - 16, expected.end());
        const auto dec = asconDecrypt(v, key, nonce, ad, ct, tag);
        EXPECT_TRUE(dec && *dec == pt) << where;

        // The allocation-free path: into separate buffers, and in place.
        Bytes ctInto(pt.size(), 0xee), tagInto(16, 0xee);
        asconEncryptInto(v, key, nonce, ad, pt, ctInto, tagInto);
        EXPECT_EQ(toHex(concat(ctInto, tagInto)), toHex(expected)) << where << " (into)";
        Bytes inPlace = pt;
        asconEncryptInto(v, key, nonce, ad, inPlace, inPlace, tagInto);
        EXPECT_EQ(inPlace, ct) << where << " (in place)";
        EXPECT_TRUE(asconDecryptInto(v, key, nonce, ad, inPlace, tag, inPlace)) << where;
        EXPECT_EQ(inPlace, pt) << where << " (decrypted in place)";

        Bytes badTag = tag;
        badTag[n % 16] ^= static_cast<std::uint8_t>(1u << (n % 8));
        EXPECT_FALSE(asconDecrypt(v, key, nonce, ad, ct, badTag)) << where << " (tampered tag)";
        Bytes wiped(ct.size(), 0x55);
        EXPECT_FALSE(asconDecryptInto(v, key, nonce, ad, ct, badTag, wiped)) << where << " (tampered tag)";
        EXPECT_TRUE(std::all_of(wiped.begin(), wiped.end(), [](std::uint8_t b) { return b == 0; }))
            << where << ": a rejected plaintext is zeroed";
        if (!ct.empty()) {
            Bytes badCt = ct;
            badCt[n % ct.size()] ^= 0x80;
            EXPECT_FALSE(asconDecrypt(v, key, nonce, ad, badCt, tag)) << where << " (tampered ct)";
        }
        ++n;
    }
    return n;
}

// Wycheproof: valid cases encrypt to ct/tag and decrypt; invalid cases are rejected by decrypt.
void checkWycheproof(V v, const std::string& file, std::size_t total, std::size_t valid) {
    const auto cases = rs::core::readWycheproofAead(rs::test::vectorPath("ascon/" + file));
    ASSERT_EQ(cases.size(), total);
    std::size_t nValid = 0, nInvalid = 0;
    for (const auto& c : cases) {
        const std::string where = file + " tcId " + std::to_string(c.tcId) + " " + c.comment;
        const auto dec = asconDecrypt(v, c.key, c.iv, c.aad, c.ct, c.tag);
        if (c.result == "valid") {
            ++nValid;
            const AeadResult res = asconEncrypt(v, c.key, c.iv, c.aad, c.msg);
            EXPECT_EQ(toHex(res.ct), toHex(c.ct)) << where;
            EXPECT_EQ(toHex(res.tag), toHex(c.tag)) << where;
            EXPECT_TRUE(dec && *dec == c.msg) << where;
        } else {
            ASSERT_EQ(c.result, "invalid") << where;
            ++nInvalid;
            EXPECT_FALSE(dec) << where;
        }
    }
    EXPECT_EQ(nValid, valid);
    EXPECT_EQ(nInvalid, total - valid);
}

std::map<std::string, std::size_t> stepsPerPhase(const Trace& t) {
    std::map<std::string, std::size_t> m;
    for (const auto& s : t.steps)
        ++m[s.phase];
    return m;
}

struct Shape {
    V v;
    std::size_t rate;
    std::size_t b;
    std::uint64_t iv;
    bool le;
};
constexpr Shape kShapes[] = {{V::Ascon128v12, 8, 6, 0x80400c0600000000ull, false},
                             {V::Ascon128av12, 16, 8, 0x80800c0800000000ull, false},
                             {V::AsconAead128, 16, 8, 0x00001000808c0001ull, true}};

Bytes pattern(std::size_t n, std::uint8_t start) {
    Bytes b(n);
    for (std::size_t i = 0; i < n; ++i)
        b[i] = static_cast<std::uint8_t>(start + i);
    return b;
}

const Bytes kKey = pattern(16, 0x00);
const Bytes kNonce = pattern(16, 0x10);

} // namespace

TEST(AsconAeadV12Kat, Ascon128AllVectors) {
    EXPECT_EQ(checkAeadKat(V::Ascon128v12, "ascon128v12_LWC_AEAD_KAT_128_128.txt"), 1089u);
}

TEST(AsconAeadV12Kat, Ascon128aAllVectors) {
    EXPECT_EQ(checkAeadKat(V::Ascon128av12, "ascon128av12_LWC_AEAD_KAT_128_128.txt"), 1089u);
}

TEST(AsconAead128Kat, Sp800232AllVectors) {
    EXPECT_EQ(checkAeadKat(V::AsconAead128, "asconaead128_LWC_AEAD_KAT_128_128.txt"), 1089u);
}

TEST(AsconAead128Kat, V13InputPatternFileAllVectors) {
    // Same algorithm as SP 800-232 Ascon-AEAD128, with the older key = nonce = 00..0F inputs.
    EXPECT_EQ(checkAeadKat(V::AsconAead128, "ascon128av13_LWC_AEAD_KAT_128_128.txt"), 1089u);
}

TEST(AsconAeadV12Wycheproof, Ascon128) {
    checkWycheproof(V::Ascon128v12, "wycheproof_ascon128_test.json", 192, 84);
}

TEST(AsconAeadV12Wycheproof, Ascon128a) {
    checkWycheproof(V::Ascon128av12, "wycheproof_ascon128a_test.json", 192, 84);
}

TEST(AsconAead128Wycheproof, Sp800232) {
    checkWycheproof(V::AsconAead128, "wycheproof_ascon_sp800_232_aead128_test.json", 252, 128);
}

TEST(AsconAead, NamesAreExact) {
    EXPECT_EQ(asconAeadName(V::Ascon128v12), "Ascon-128 v1.2");
    EXPECT_EQ(asconAeadName(V::Ascon128av12), "Ascon-128a v1.2");
    EXPECT_EQ(asconAeadName(V::AsconAead128), "Ascon-AEAD128 (SP 800-232)");
}

TEST(AsconAead, VariantsDoNotInteroperate) {
    const Bytes pt = pattern(20, 0x20), ad = pattern(5, 0x30);
    const AeadResult a = asconEncrypt(V::Ascon128v12, kKey, kNonce, ad, pt);
    const AeadResult b = asconEncrypt(V::Ascon128av12, kKey, kNonce, ad, pt);
    const AeadResult c = asconEncrypt(V::AsconAead128, kKey, kNonce, ad, pt);
    EXPECT_NE(a.tag, b.tag);
    EXPECT_NE(b.tag, c.tag);
    EXPECT_NE(b.ct, c.ct);
    EXPECT_FALSE(asconDecrypt(V::Ascon128av12, kKey, kNonce, ad, c.ct, c.tag));
    EXPECT_FALSE(asconDecrypt(V::AsconAead128, kKey, kNonce, ad, b.ct, b.tag));
}

TEST(AsconAead, WrongLengthsThrowNamingTheArgument) {
    for (const Shape& sh : kShapes) {
        const auto expectMessage = [](auto&& call, const std::string& msg) {
            try {
                call();
                ADD_FAILURE() << "no exception, expected: " << msg;
            } catch (const InvalidArgument& e) {
                EXPECT_EQ(std::string(e.what()), msg);
            }
        };
        const V v = sh.v;
        const Bytes tag(16);
        Trace t;
        expectMessage([&] { asconEncrypt(v, Bytes(15), kNonce, {}, {}); }, "key must be 16 bytes, got 15");
        expectMessage([&] { asconEncrypt(v, Bytes(32), kNonce, {}, {}); }, "key must be 16 bytes, got 32");
        expectMessage([&] { asconEncrypt(v, kKey, Bytes(12), {}, {}); }, "nonce must be 16 bytes, got 12");
        expectMessage([&] { asconDecrypt(v, Bytes(0), kNonce, {}, {}, tag); }, "key must be 16 bytes, got 0");
        expectMessage([&] { asconDecrypt(v, kKey, Bytes(17), {}, {}, tag); },
                      "nonce must be 16 bytes, got 17");
        expectMessage([&] { asconDecrypt(v, kKey, kNonce, {}, {}, Bytes(15)); },
                      "tag must be 16 bytes, got 15");
        expectMessage([&] { asconDecrypt(v, kKey, kNonce, {}, {}, Bytes(8)); },
                      "tag must be 16 bytes, got 8");
        expectMessage([&] { asconEncryptTraced(v, Bytes(8), kNonce, {}, {}, t); },
                      "key must be 16 bytes, got 8");
        expectMessage([&] { asconDecryptTraced(v, kKey, kNonce, {}, {}, Bytes(4), t); },
                      "tag must be 16 bytes, got 4");
    }
}

TEST(AsconAead, IntoBuffersOfTheWrongSizeAreClearErrors) {
    Bytes pt(20), ct(20), tag(16), shortCt(19), shortTag(15);
    EXPECT_THROW(asconEncryptInto(V::AsconAead128, kKey, kNonce, {}, pt, shortCt, tag), InvalidArgument);
    EXPECT_THROW(asconEncryptInto(V::AsconAead128, kKey, kNonce, {}, pt, ct, shortTag), InvalidArgument);
    EXPECT_THROW(asconEncryptInto(V::AsconAead128, Bytes(15), kNonce, {}, pt, ct, tag), InvalidArgument);
    EXPECT_THROW((void)asconDecryptInto(V::AsconAead128, kKey, kNonce, {}, ct, tag, shortCt),
                 InvalidArgument);
    EXPECT_THROW((void)asconDecryptInto(V::AsconAead128, kKey, kNonce, {}, ct, shortTag, pt),
                 InvalidArgument);
    try {
        asconEncryptInto(V::Ascon128v12, kKey, kNonce, {}, pt, shortCt, tag);
    } catch (const InvalidArgument& e) {
        EXPECT_STREQ(e.what(), "ciphertext buffer must be 20 bytes, got 19");
    }
}

TEST(AsconAead, RandomRoundTripsAcrossLengths) {
    std::mt19937 rng(42);
    const auto randomBytes = [&](std::size_t n) {
        Bytes b(n);
        for (auto& x : b)
            x = static_cast<std::uint8_t>(rng());
        return b;
    };
    for (const Shape& sh : kShapes) {
        for (std::size_t ptLen = 0; ptLen <= 70; ++ptLen) {
            const std::size_t adLen = (ptLen * 7) % 41;
            const Bytes key = randomBytes(16), nonce = randomBytes(16);
            const Bytes pt = randomBytes(ptLen), ad = randomBytes(adLen);
            const AeadResult r = asconEncrypt(sh.v, key, nonce, ad, pt);
            ASSERT_EQ(r.ct.size(), ptLen);
            ASSERT_EQ(r.tag.size(), 16u);
            const auto dec = asconDecrypt(sh.v, key, nonce, ad, r.ct, r.tag);
            ASSERT_TRUE(dec) << asconAeadName(sh.v) << " pt " << ptLen << " ad " << adLen;
            EXPECT_EQ(*dec, pt);
            if (adLen > 0) {
                Bytes badAd = ad;
                badAd[adLen - 1] ^= 1;
                EXPECT_FALSE(asconDecrypt(sh.v, key, nonce, badAd, r.ct, r.tag));
            }
            Bytes badNonce = nonce;
            badNonce[ptLen % 16] ^= 0x40;
            EXPECT_FALSE(asconDecrypt(sh.v, key, badNonce, ad, r.ct, r.tag));
        }
        // One long message crosses many blocks.
        const Bytes key = randomBytes(16), nonce = randomBytes(16), pt = randomBytes(4099);
        const AeadResult r = asconEncrypt(sh.v, key, nonce, {}, pt);
        const auto dec = asconDecrypt(sh.v, key, nonce, {}, r.ct, r.tag);
        EXPECT_TRUE(dec && *dec == pt) << asconAeadName(sh.v) << " 4099-byte message";
    }
}

TEST(AsconAeadTrace, TracedEqualsFastAndStepCountsFollowTheFormula) {
    for (const Shape& sh : kShapes) {
        for (std::size_t adLen : {0u, 1u, 8u, 16u, 20u, 33u}) {
            for (std::size_t ptLen : {0u, 7u, 8u, 16u, 31u, 32u}) {
                const Bytes ad = pattern(adLen, 0x30), pt = pattern(ptLen, 0x20);
                const std::string where = std::string(asconAeadName(sh.v)) + " ad " + std::to_string(adLen) +
                                          " pt " + std::to_string(ptLen);
                Trace t;
                const AeadResult traced = asconEncryptTraced(sh.v, kKey, kNonce, ad, pt, t);
                const AeadResult fast = asconEncrypt(sh.v, kKey, kNonce, ad, pt);
                EXPECT_EQ(traced.ct, fast.ct) << where;
                EXPECT_EQ(traced.tag, fast.tag) << where;
                EXPECT_EQ(t.layout.name, "ascon-320");

                const std::size_t a = 12, b = sh.b, r = sh.rate;
                const std::size_t adSteps = adLen == 0 ? 1 : (adLen / r + 1) * (3 * b + 1) + 1;
                const auto m = stepsPerPhase(t);
                EXPECT_EQ(m.at("initialization"), 3 * a + 2) << where;
                EXPECT_EQ(m.at("associated data"), adSteps) << where;
                EXPECT_EQ(m.at("plaintext"), (ptLen / r) * (3 * b + 1) + 1) << where;
                EXPECT_EQ(m.at("finalization"), 3 * a + 2) << where;
                EXPECT_EQ(m.size(), 4u) << where;

                // Initial state is IV || K || N, with x0 = IV in every variant.
                ASSERT_FALSE(t.steps.empty());
                EXPECT_EQ(t.steps.front().step, "initial state");
                EXPECT_EQ(loadBe64(t.steps.front().state.data()), sh.iv) << where;

                // The "tag" step's x3, x4 are the tag, in the variant's byte order.
                const TraceStep& last = t.steps.back();
                EXPECT_EQ(last.phase, "finalization");
                EXPECT_EQ(last.step, "tag");
                EXPECT_EQ(last.roundKey, kKey);
                Bytes tagFromState(16);
                for (int w = 0; w < 2; ++w) {
                    const std::uint64_t x = loadBe64(last.state.data() + 24 + 8 * w);
                    if (sh.le)
                        storeLe64(tagFromState.data() + 8 * w, x);
                    else
                        storeBe64(tagFromState.data() + 8 * w, x);
                }
                EXPECT_EQ(tagFromState, fast.tag) << where;

                // Decrypt walks through exactly the same states, under the "ciphertext" phase.
                Trace dt;
                const auto dec = asconDecryptTraced(sh.v, kKey, kNonce, ad, fast.ct, fast.tag, dt);
                EXPECT_TRUE(dec && *dec == pt) << where;
                ASSERT_EQ(dt.steps.size(), t.steps.size()) << where;
                for (std::size_t i = 0; i < t.steps.size(); ++i) {
                    const std::string phase =
                        t.steps[i].phase == "plaintext" ? "ciphertext" : t.steps[i].phase;
                    EXPECT_EQ(dt.steps[i].phase, phase) << where << " step " << i;
                    EXPECT_EQ(dt.steps[i].step, t.steps[i].step) << where << " step " << i;
                    EXPECT_EQ(dt.steps[i].state, t.steps[i].state) << where << " step " << i;
                }
            }
        }
    }
}

TEST(AsconAeadTrace, Ascon128With20ByteAdHasThreeAdBlocks) {
    Trace t;
    asconEncryptTraced(V::Ascon128v12, kKey, kNonce, pattern(20, 0x30), pattern(10, 0x20), t);
    // 20 bytes at rate 8: two full blocks and a padded third, each absorb + p^6 (18 steps).
    std::vector<const TraceStep*> ad;
    for (const auto& s : t.steps)
        if (s.phase == "associated data") ad.push_back(&s);
    ASSERT_EQ(ad.size(), 3u * 19u + 1u);
    for (int blk = 0; blk < 3; ++blk) {
        const TraceStep& head = *ad[static_cast<std::size_t>(19 * blk)];
        EXPECT_EQ(head.block, blk);
        EXPECT_EQ(head.round, 0);
        EXPECT_EQ(head.step, blk < 2 ? "absorb" : "pad and absorb");
        EXPECT_EQ(ad[static_cast<std::size_t>(19 * blk + 18)]->round, 6);
        EXPECT_EQ(ad[static_cast<std::size_t>(19 * blk + 18)]->step, "linear diffusion");
        EXPECT_EQ(ad[static_cast<std::size_t>(19 * blk + 18)]->block, blk);
    }
    EXPECT_EQ(ad.back()->step, "domain separation");
    EXPECT_EQ(ad.back()->block, -1);

    // The boundary steps outside the permutations, in order.
    std::vector<std::string> boundary;
    for (const auto& s : t.steps)
        if (s.round == 0) boundary.push_back(s.phase + "/" + s.step);
    EXPECT_EQ(boundary,
              (std::vector<std::string>{"initialization/initial state", "initialization/key addition",
                                        "associated data/absorb", "associated data/absorb",
                                        "associated data/pad and absorb", "associated data/domain separation",
                                        "plaintext/absorb", "plaintext/pad and absorb",
                                        "finalization/key addition", "finalization/tag"}));
}

TEST(AsconAeadTrace, FailedTracedDecryptReturnsNothing) {
    const AeadResult r = asconEncrypt(V::AsconAead128, kKey, kNonce, {}, pattern(24, 0x20));
    Bytes badTag = r.tag;
    badTag[15] ^= 1;
    Trace t;
    EXPECT_FALSE(asconDecryptTraced(V::AsconAead128, kKey, kNonce, {}, r.ct, badTag, t));
    EXPECT_EQ(t.layout.name, "ascon-320");
    EXPECT_EQ(t.steps.back().step, "tag");
}
