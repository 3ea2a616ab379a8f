#include "tests/testsupport.h"

#include "core/crypto/bytes.h"

using namespace rs::crypto;

TEST(Bytes, HexRoundTrip) {
    const Bytes b = fromHex("00ff10aB");
    ASSERT_EQ(b, (Bytes{0x00, 0xFF, 0x10, 0xAB}));
    EXPECT_EQ(toHex(b), "00FF10AB");
    EXPECT_TRUE(fromHex("").empty());
}

TEST(Bytes, HexRejectsOddLength) {
    EXPECT_THROW(fromHex("abc"), InvalidArgument);
}

TEST(Bytes, HexRejectsNonHexAndNamesPosition) {
    try {
        fromHex("00g0");
        FAIL() << "no exception";
    } catch (const InvalidArgument& e) {
        EXPECT_NE(std::string(e.what()).find("position 2"), std::string::npos) << e.what();
    }
}

TEST(Bytes, ConstantTimeEqual) {
    EXPECT_TRUE(constantTimeEqual(fromHex("0102"), fromHex("0102")));
    EXPECT_FALSE(constantTimeEqual(fromHex("0102"), fromHex("0103")));
    EXPECT_FALSE(constantTimeEqual(fromHex("0102"), fromHex("01")));
    EXPECT_TRUE(constantTimeEqual({}, {}));
}

TEST(Bytes, EndianLoadsAndStores) {
    const Bytes b = fromHex("0102030405060708");
    EXPECT_EQ(loadBe64(b.data()), 0x0102030405060708ull);
    EXPECT_EQ(loadLe64(b.data()), 0x0807060504030201ull);
    EXPECT_EQ(loadLe32(b.data()), 0x04030201u);
    EXPECT_EQ(loadBe32(b.data()), 0x01020304u);
    std::uint8_t out[8];
    storeBe64(out, 0x0102030405060708ull);
    EXPECT_EQ(Bytes(out, out + 8), b);
    storeLe64(out, 0x0807060504030201ull);
    EXPECT_EQ(Bytes(out, out + 8), b);
}

TEST(Bytes, RequireLengthNamesTheArgument) {
    try {
        requireLength("key", fromHex("00"), 16);
        FAIL() << "no exception";
    } catch (const InvalidArgument& e) {
        EXPECT_EQ(std::string(e.what()), "key must be 16 bytes, got 1");
    }
}
