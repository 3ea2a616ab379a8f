// The fast Ascon AEAD path (asconEncryptInto / asconDecryptInto, and asconEncrypt / asconDecrypt built on
// them) against the step-by-step model the traced functions run (asconEncryptModel / asconDecryptModel),
// for all three variants: every message length 0..300 and every AD length 0..300, a few large
// messages, unaligned and in-place buffers, and rejected tags.

#include "tests/testsupport.h"

#include <algorithm>
#include <random>
#include <string>

#include "core/crypto/asconaead.h"

using namespace rs::crypto;
using V = AsconAeadVariant;

namespace {

constexpr V kVariants[] = {V::Ascon128v12, V::Ascon128av12, V::AsconAead128};

class Random {
  public:
    explicit Random(std::uint32_t seed) : m_rng(seed) {}
    Bytes bytes(std::size_t n) {
        Bytes b(n);
        for (auto& x : b)
            x = static_cast<std::uint8_t>(m_rng());
        return b;
    }
    std::size_t below(std::size_t n) { return m_rng() % n; }

  private:
    std::mt19937 m_rng;
};

bool allZero(ByteView b) {
    return std::all_of(b.begin(), b.end(), [](std::uint8_t x) { return x == 0; });
}

// One message through both paths: the fast one into buffers that start one byte past an aligned
// allocation (so no word load is aligned), the allocating one, and in place; then decryption of the
// model's output, and a tampered tag that must be rejected with the plaintext zeroed.
void compareOne(V v, Random& rnd, std::size_t adLen, std::size_t ptLen) {
    const std::string where =
        std::string(asconAeadName(v)) + " ad " + std::to_string(adLen) + " pt " + std::to_string(ptLen);
    const Bytes key = rnd.bytes(16), nonce = rnd.bytes(16), ad = rnd.bytes(adLen), pt = rnd.bytes(ptLen);
    const AeadResult model = asconEncryptModel(v, key, nonce, ad, pt);
    ASSERT_EQ(model.ct.size(), ptLen) << where;

    Bytes ctBuf(ptLen + 1, 0xee), tagBuf(17, 0xee);
    const MutableByteView ct(ctBuf.data() + 1, ptLen), tag(tagBuf.data() + 1, 16);
    Bytes adBuf(adLen + 1), ptBuf(ptLen + 1);
    std::copy(ad.begin(), ad.end(), adBuf.begin() + 1);
    std::copy(pt.begin(), pt.end(), ptBuf.begin() + 1);
    asconEncryptInto(v, key, nonce, ByteView(adBuf).subspan(1), ByteView(ptBuf).subspan(1), ct, tag);
    ASSERT_TRUE(std::equal(ct.begin(), ct.end(), model.ct.begin())) << where << " (ciphertext)";
    ASSERT_TRUE(std::equal(tag.begin(), tag.end(), model.tag.begin())) << where << " (tag)";
    EXPECT_EQ(ctBuf[0], 0xee) << where << ": nothing is written before the buffer";

    const AeadResult fast = asconEncrypt(v, key, nonce, ad, pt);
    EXPECT_EQ(fast.ct, model.ct) << where;
    EXPECT_EQ(fast.tag, model.tag) << where;

    Bytes inPlace = pt, inPlaceTag(16);
    asconEncryptInto(v, key, nonce, ad, inPlace, inPlace, inPlaceTag);
    EXPECT_EQ(inPlace, model.ct) << where << " (in place)";
    EXPECT_EQ(inPlaceTag, model.tag) << where << " (in place)";

    // Decryption: unaligned, in place, and the allocating form, all against the model's decryption.
    const auto modelPt = asconDecryptModel(v, key, nonce, ad, model.ct, model.tag);
    ASSERT_TRUE(modelPt && *modelPt == pt) << where;
    Bytes ptOut(ptLen + 1, 0xee);
    ASSERT_TRUE(asconDecryptInto(v, key, nonce, ad, ByteView(ctBuf).subspan(1), ByteView(tagBuf).subspan(1),
                                 MutableByteView(ptOut.data() + 1, ptLen)))
        << where;
    EXPECT_TRUE(std::equal(pt.begin(), pt.end(), ptOut.begin() + 1)) << where << " (decrypted)";
    ASSERT_TRUE(asconDecryptInto(v, key, nonce, ad, inPlace, inPlaceTag, inPlace)) << where;
    EXPECT_EQ(inPlace, pt) << where << " (decrypted in place)";
    const auto dec = asconDecrypt(v, key, nonce, ad, model.ct, model.tag);
    EXPECT_TRUE(dec && *dec == pt) << where;

    // A flipped bit anywhere in the tag, or in the ciphertext or AD, is rejected by both paths.
    Bytes badTag = model.tag;
    badTag[rnd.below(16)] ^= static_cast<std::uint8_t>(1u << rnd.below(8));
    Bytes wiped(ptLen, 0x55);
    EXPECT_FALSE(asconDecryptInto(v, key, nonce, ad, model.ct, badTag, wiped)) << where << " (bad tag)";
    EXPECT_TRUE(allZero(wiped)) << where << ": a rejected plaintext is zeroed";
    EXPECT_FALSE(asconDecrypt(v, key, nonce, ad, model.ct, badTag)) << where;
    EXPECT_FALSE(asconDecryptModel(v, key, nonce, ad, model.ct, badTag)) << where;
    if (ptLen > 0) {
        Bytes badCt = model.ct;
        badCt[rnd.below(ptLen)] ^= static_cast<std::uint8_t>(1u << rnd.below(8));
        Bytes out(ptLen, 0x55);
        EXPECT_FALSE(asconDecryptInto(v, key, nonce, ad, badCt, model.tag, out)) << where << " (bad ct)";
        EXPECT_TRUE(allZero(out)) << where;
        // In place: the rejected plaintext overwrites the ciphertext and is zeroed there too.
        EXPECT_FALSE(asconDecryptInto(v, key, nonce, ad, badCt, model.tag, badCt)) << where;
        EXPECT_TRUE(allZero(badCt)) << where;
    }
    if (adLen > 0) {
        Bytes badAd = ad;
        badAd[rnd.below(adLen)] ^= static_cast<std::uint8_t>(1u << rnd.below(8));
        Bytes out(ptLen);
        EXPECT_FALSE(asconDecryptInto(v, key, nonce, badAd, model.ct, model.tag, out))
            << where << " (bad ad)";
    }
}

} // namespace

TEST(AsconAeadFast, EqualsTheModelForEveryMessageLengthUpTo300) {
    Random rnd(20);
    for (V v : kVariants)
        for (std::size_t ptLen = 0; ptLen <= 300; ++ptLen) {
            // AD lengths cycle through empty, partial, exactly one and several blocks.
            compareOne(v, rnd, (ptLen * 7) % 53, ptLen);
            compareOne(v, rnd, 0, ptLen);
            if (HasFatalFailure()) return;
        }
}

TEST(AsconAeadFast, EqualsTheModelForEveryAdLengthUpTo300) {
    Random rnd(21);
    for (V v : kVariants)
        for (std::size_t adLen = 0; adLen <= 300; ++adLen) {
            compareOne(v, rnd, adLen, (adLen * 5) % 37);
            if (HasFatalFailure()) return;
        }
}

TEST(AsconAeadFast, EqualsTheModelForLargeMessages) {
    Random rnd(22);
    for (V v : kVariants)
        for (std::size_t ptLen : {std::size_t{4096 + 7}, std::size_t{65536}, std::size_t{65536 + 13},
                                  std::size_t{(1u << 20) + 5}})
            for (std::size_t adLen : {std::size_t{0}, std::size_t{1000 + 3}}) {
                compareOne(v, rnd, adLen, ptLen);
                if (HasFatalFailure()) return;
            }
}

TEST(AsconAeadFast, ModelChecksArgumentsAsTheFastPathDoes) {
    const Bytes k(16), n(16), shortKey(15), shortTag(15);
    EXPECT_THROW(asconEncryptModel(V::AsconAead128, shortKey, n, {}, {}), InvalidArgument);
    EXPECT_THROW(asconDecryptModel(V::AsconAead128, k, shortKey, {}, {}, Bytes(16)), InvalidArgument);
    EXPECT_THROW(asconDecryptModel(V::AsconAead128, k, n, {}, {}, shortTag), InvalidArgument);
    EXPECT_THROW(asconEncrypt(V::AsconAead128, shortKey, n, {}, {}), InvalidArgument);
    EXPECT_THROW(asconDecrypt(V::AsconAead128, k, n, {}, {}, shortTag), InvalidArgument);
    Bytes ct(3), tag(16);
    EXPECT_THROW(asconEncryptInto(static_cast<V>(7), k, n, {}, Bytes(3), ct, tag), InvalidArgument);
    EXPECT_THROW((void)asconDecryptInto(static_cast<V>(7), k, n, {}, Bytes(3), tag, ct), InvalidArgument);
}
