// Mode logic tested against a transparent test cipher (E(x) = x XOR k), so every keystream
// block is visible; the real ciphers' mode KATs live in their own tests.
#include "tests/crypto/xorcipher.h"
#include "tests/testsupport.h"

#include "core/crypto/blockmodes.h"

using namespace rs::crypto;

using rs::test::XorCipher;

TEST(BlockModes, IncrementCarriesAcrossTheWholeBlock) {
    Bytes b = fromHex("00FFFFFF");
    incrementBigEndian(b.data(), b.size());
    EXPECT_EQ(toHex(b), "01000000");
    Bytes w = fromHex("FFFFFFFF");
    incrementBigEndian(w.data(), w.size());
    EXPECT_EQ(toHex(w), "00000000");
}

TEST(BlockModes, EcbRejectsPartialBlocks) {
    XorCipher c(8);
    EXPECT_THROW(ecbEncrypt(c, fromHex("0011")), InvalidArgument);
    EXPECT_THROW(ecbDecrypt(c, fromHex("001122334455667788")), InvalidArgument);
    EXPECT_TRUE(ecbEncrypt(c, {}).empty());
}

TEST(BlockModes, EcbAppliesTheCipherPerBlock) {
    XorCipher c(8);
    const Bytes pt = fromHex("00000000000000000101010101010101");
    EXPECT_EQ(toHex(ecbEncrypt(c, pt)), "A0A1A2A3A4A5A6A7A1A0A3A2A5A4A7A6");
    EXPECT_EQ(ecbDecrypt(c, ecbEncrypt(c, pt)), pt);
}

TEST(BlockModes, CtrIncrementsTheWholeBlockAndTruncatesTheTail) {
    XorCipher c(8);
    // Counter blocks: 00..00FF, 00..0100 (carry into byte 6); keystream = counter XOR A0A1...
    const Bytes iv = fromHex("00000000000000FF");
    const Bytes out = ctrXor(c, iv, Bytes(11, 0));
    EXPECT_EQ(toHex(out), "A0A1A2A3A4A5A658"
                          "A0A1A2");
    EXPECT_EQ(ctrXor(c, iv, out), Bytes(11, 0));
}

TEST(BlockModes, CtrRejectsWrongIvLength) {
    XorCipher c(16);
    EXPECT_THROW(ctrXor(c, fromHex("00"), fromHex("00")), InvalidArgument);
}
