// Generic GCM: the KISA LEA-GCM vectors (encrypt, decrypt, tamper rejection), the McGrew-Viega cases
// replayed through a recorded block cipher (so non-96-bit IVs are covered without AES), counter
// wrap-around, round trips and argument checks.
#include "tests/crypto/xorcipher.h"
#include "tests/testsupport.h"

#include "core/crypto/gcm.h"
#include "core/crypto/gcmfast.h"
#include "core/crypto/lea.h"
#include "core/katfile.h"

#include <map>
#include <random>

using namespace rs::crypto;
using rs::core::readKatFile;
using rs::test::hex;
using rs::test::vectorPath;

namespace {

using Block = std::array<std::uint8_t, 16>;

Bytes randomBytes(std::mt19937& rng, std::size_t n) {
    Bytes b(n);
    for (auto& x : b)
        x = static_cast<std::uint8_t>(rng());
    return b;
}

Block toBlock(ByteView b) {
    Block out{};
    std::copy(b.begin(), b.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(16, b.size())),
              out.begin());
    return out;
}

// A block cipher that only knows the input/output pairs it was given, and counts queries it does
// not know: replaying a spec case through it checks exactly which counter blocks GCM asks for.
class RecordedCipher final : public BlockCipher {
  public:
    void add(const Block& in, const Block& out) { m_table[in] = out; }
    std::size_t blockSize() const noexcept override { return 16; }
    std::string name() const override { return "recorded-128"; }
    void encryptBlock(const std::uint8_t* in, std::uint8_t* out) const noexcept override {
        const auto it = m_table.find(toBlock(ByteView(in, 16)));
        if (it == m_table.end()) {
            ++m_misses;
            std::fill(out, out + 16, std::uint8_t{0});
            return;
        }
        std::copy(it->second.begin(), it->second.end(), out);
    }
    void decryptBlock(const std::uint8_t*, std::uint8_t* out) const noexcept override {
        std::fill(out, out + 16, std::uint8_t{0});
    }
    int misses() const { return m_misses; }

  private:
    std::map<Block, Block> m_table;
    mutable int m_misses = 0;
};

using rs::test::XorCipher;

} // namespace

TEST(LeaGcm, KisaVectors) {
    rs::test::forEachKatRecord("lea/lea_kisa_gcm.txt", 30, "Source", [&](const rs::core::KatRecord& r) {
        const Lea lea(r.hex("Key"));
        EXPECT_EQ(lea.name(), r.text("Algorithm"));
        const Bytes iv = r.hex("IV"), aad = r.hex("AAD"), pt = r.hex("PT"), ct = r.hex("CT"),
                    tag = r.hex("Tag");
        const AeadResult enc = gcmEncrypt(lea, iv, aad, pt);
        EXPECT_EQ(toHex(enc.ct), toHex(ct));
        EXPECT_EQ(toHex(enc.tag), toHex(tag));
        const auto dec = gcmDecrypt(lea, iv, aad, ct, tag);
        ASSERT_TRUE(dec.has_value());
        EXPECT_EQ(toHex(*dec), toHex(pt));
    });
}

TEST(LeaGcm, KisaVectorsRejectTampering) {
    rs::test::forEachKatRecord("lea/lea_kisa_gcm.txt", 30, "Source", [&](const rs::core::KatRecord& r) {
        const Lea lea(r.hex("Key"));
        const Bytes iv = r.hex("IV"), aad = r.hex("AAD"), ct = r.hex("CT"), tag = r.hex("Tag");
        for (std::size_t bit = 0; bit < 128; bit += 37) {
            Bytes badTag = tag;
            badTag[bit / 8] ^= std::uint8_t(1u << (bit % 8));
            EXPECT_FALSE(gcmDecrypt(lea, iv, aad, ct, badTag).has_value()) << "tag bit " << bit;
        }
        Bytes badCt = ct;
        badCt.back() ^= 0x01;
        EXPECT_FALSE(gcmDecrypt(lea, iv, aad, badCt, tag).has_value());
        Bytes badAad = aad;
        if (badAad.empty())
            badAad.push_back(0x00); // adding AAD changes len(A) in the length block
        else
            badAad.front() ^= 0x80;
        EXPECT_FALSE(gcmDecrypt(lea, iv, badAad, ct, tag).has_value());
        Bytes badIv = iv;
        badIv[5] ^= 0x10;
        EXPECT_FALSE(gcmDecrypt(lea, badIv, aad, ct, tag).has_value());
        // Truncating the ciphertext must fail too (len(C) is authenticated).
        EXPECT_FALSE(gcmDecrypt(lea, iv, aad, ByteView(ct).first(ct.size() - 1), tag).has_value());
    });
}

TEST(Gcm, McGrewViegaCasesThroughARecordedCipher) {
    const auto recs = readKatFile(vectorPath("gcm/gcm_mcgrew_viega_testcases.txt"));
    ASSERT_EQ(recs.size(), 18u);
    int checked = 0;
    for (const auto& r : recs) {
        SCOPED_TRACE("test case " + r.text("Count"));
        const Bytes iv = r.hex("IV"), aad = r.hex("AAD"), pt = r.hex("PT"), ct = r.hex("CT"),
                    tag = r.hex("Tag");
        // The cipher's answers the spec gives: E(0) = H, E(Y0) = EKY0, and E(Y_i) = C_i xor P_i for
        // Y_i = inc32^i(Y0) (a partial last block only defines the leading bytes).
        RecordedCipher cipher;
        cipher.add(Block{}, toBlock(r.hex("H")));
        Block y = toBlock(r.hex("Y0"));
        cipher.add(y, toBlock(r.hex("EKY0")));
        for (std::size_t off = 0; off < pt.size(); off += 16) {
            gcmInc32(y.data());
            Block ks{};
            for (std::size_t k = 0; k < 16 && off + k < pt.size(); ++k)
                ks[k] = pt[off + k] ^ ct[off + k];
            cipher.add(y, ks);
        }
        const AeadResult enc = gcmEncrypt(cipher, iv, aad, pt);
        EXPECT_EQ(toHex(enc.ct), toHex(ct));
        EXPECT_EQ(toHex(enc.tag), toHex(tag));
        const auto dec = gcmDecrypt(cipher, iv, aad, ct, tag);
        ASSERT_TRUE(dec.has_value());
        EXPECT_EQ(toHex(*dec), toHex(pt));
        EXPECT_EQ(cipher.misses(), 0) << "GCM asked for a block the spec does not use";
        ++checked;
    }
    EXPECT_EQ(checked, 18);
}

TEST(Gcm, CounterIncrementWrapsTheLow32BitsOnly) {
    const XorCipher c(16);
    // CB_1 ends in FFFFFFFF; inc32 gives ...00000000 with bytes 0..11 unchanged (no carry into byte 11).
    const Bytes icb = hex("000102030405060708090AFFFFFFFFFF");
    const Bytes out = gcmCtr(c, icb.data(), Bytes(40, 0));
    ASSERT_EQ(out.size(), 40u);
    Bytes expect;
    for (const char* cb : {"000102030405060708090AFFFFFFFFFF", "000102030405060708090AFF00000000",
                           "000102030405060708090AFF00000001"}) {
        const Bytes b = hex(cb);
        for (std::size_t i = 0; i < 16; ++i)
            expect.push_back(b[i] ^ std::uint8_t(0xA0 + i));
    }
    expect.resize(40);
    EXPECT_EQ(toHex(out), toHex(expect));
    Bytes block = hex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF");
    gcmInc32(block.data());
    EXPECT_EQ(toHex(block), "FFFFFFFFFFFFFFFFFFFFFFFF00000000");
}

TEST(LeaGcm, RandomRoundTripsAllKeySizesAndIvLengths) {
    std::mt19937 rng(38);
    for (const std::size_t keyBytes : {16u, 24u, 32u}) {
        const Lea lea(randomBytes(rng, keyBytes));
        for (const std::size_t ivBytes : {1u, 8u, 12u, 16u, 60u}) {
            for (int trial = 0; trial < 8; ++trial) {
                const Bytes iv = randomBytes(rng, ivBytes);
                const Bytes aad = randomBytes(rng, rng() % 50);
                const Bytes pt = randomBytes(rng, rng() % 100);
                const AeadResult enc = gcmEncrypt(lea, iv, aad, pt);
                EXPECT_EQ(enc.ct.size(), pt.size());
                EXPECT_EQ(enc.tag.size(), kGcmTagBytes);
                const auto dec = gcmDecrypt(lea, iv, aad, enc.ct, enc.tag);
                ASSERT_TRUE(dec.has_value()) << lea.name() << " iv " << ivBytes;
                EXPECT_EQ(*dec, pt);
            }
        }
    }
}

TEST(LeaGcm, EmptyPlaintextStillAuthenticatesAad) {
    const Lea lea(Bytes(16, 0x11));
    const Bytes iv(12, 0x22), aad = hex("0102030405");
    const AeadResult enc = gcmEncrypt(lea, iv, aad, {});
    EXPECT_TRUE(enc.ct.empty());
    ASSERT_EQ(enc.tag.size(), 16u);
    EXPECT_TRUE(gcmDecrypt(lea, iv, aad, {}, enc.tag).has_value());
    EXPECT_FALSE(gcmDecrypt(lea, iv, hex("0102030406"), {}, enc.tag).has_value());
}

TEST(LeaGcm, FastIntoTheCallersBuffersEqualsTheModelAndRefusesWrongSizes) {
    // What the cpu target times under cpu.impl = fast: ciphertext and tag written into the run's buffers,
    // in place too, for every GHASH implementation this machine has.
    std::mt19937 rng(39);
    for (const GhashIsa gi : {GhashIsa::Portable, GhashIsa::Pclmul, GhashIsa::Vpclmul}) {
        if (!ghashIsaAvailable(gi)) continue;
        for (const std::size_t keyBytes : {16u, 24u, 32u}) {
            const Bytes key = randomBytes(rng, keyBytes);
            const Lea lea(key);
            const LeaFast fast(key);
            for (std::size_t n = 0; n <= 300; n += (n < 40 ? 1 : 13)) {
                const Bytes iv = randomBytes(rng, n % 3 == 0 ? 12 : 1 + n % 20);
                const Bytes aad = randomBytes(rng, n % 37);
                const Bytes pt = randomBytes(rng, n);
                const AeadResult want = gcmEncrypt(lea, iv, aad, pt);
                Bytes ct(n, 0xee), tag(16, 0xee);
                gcmEncryptFastInto(fast, iv, aad, pt, ct, tag, gi);
                EXPECT_EQ(ct, want.ct) << ghashIsaName(gi) << " " << keyBytes << " " << n;
                EXPECT_EQ(tag, want.tag) << ghashIsaName(gi) << " " << keyBytes << " " << n;
                Bytes inPlace = pt;
                gcmEncryptFastInto(fast, iv, aad, inPlace, inPlace, tag, gi);
                EXPECT_EQ(inPlace, want.ct) << "in place, " << n;
            }
        }
        const LeaFast fast(Bytes(16));
        Bytes ct(4), tag(16), shortTag(15);
        EXPECT_THROW(gcmEncryptFastInto(fast, Bytes(12), {}, Bytes(5), ct, tag, gi), InvalidArgument);
        EXPECT_THROW(gcmEncryptFastInto(fast, Bytes(12), {}, Bytes(4), ct, shortTag, gi), InvalidArgument);
        EXPECT_THROW(gcmEncryptFastInto(fast, {}, {}, Bytes(4), ct, tag, gi), InvalidArgument);
    }
}

TEST(Gcm, RejectsEmptyIv) {
    const Lea lea(Bytes(16));
    EXPECT_THROW(gcmEncrypt(lea, {}, {}, hex("00")), InvalidArgument);
    EXPECT_THROW(gcmDecrypt(lea, {}, {}, hex("00"), Bytes(16)), InvalidArgument);
}

TEST(Gcm, RejectsWrongTagLength) {
    const Lea lea(Bytes(16));
    const Bytes iv(12, 0);
    const AeadResult enc = gcmEncrypt(lea, iv, {}, hex("00112233"));
    for (const std::size_t n : {0u, 4u, 12u, 15u, 17u, 32u}) {
        Bytes tag = enc.tag;
        tag.resize(n);
        EXPECT_THROW(gcmDecrypt(lea, iv, {}, enc.ct, tag), InvalidArgument) << n << "-byte tag";
    }
}

TEST(Gcm, RejectsSixtyFourBitBlockCiphers) {
    const XorCipher c8(8);
    const Bytes iv(12, 0);
    EXPECT_THROW(gcmEncrypt(c8, iv, {}, hex("00")), InvalidArgument);
    EXPECT_THROW(gcmDecrypt(c8, iv, {}, hex("00"), Bytes(16)), InvalidArgument);
    EXPECT_THROW(gcmCtr(c8, iv.data(), hex("00")), InvalidArgument);
}
