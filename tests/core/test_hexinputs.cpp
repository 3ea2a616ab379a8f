// core/inputs: the hex rules every page that takes hex shares (messages, character positions, lengths)
// and the HexInputs model (texts validated as set, first error, bytes only when valid, random fill of the
// right length, spec examples, a field list that changes under kept texts).
#include <gtest/gtest.h>

#include <algorithm>

#include "core/inputs/hexinputs.h"

namespace {

using rs::crypto::Bytes;
using rs::crypto::fromHex;
using rs::inputs::HexField;
using rs::inputs::HexInputs;
using rs::inputs::validateHex;

std::string check(const HexField& f, std::string_view text) {
    return validateHex(f, text, nullptr);
}

const HexField kKey{"key", "Key", 2, "0000"};

TEST(HexField, MessagesNameTheFieldAndCountCharacters) {
    // A no-break space (U+00A0, two UTF-8 bytes, common in pasted hex) is whitespace like ' ': the 'z' is
    // character 5 of "0 ␣ z" although it is byte 6.
    EXPECT_EQ(check(kKey, "0 \xC2\xA0 z"), "key: 'z' at position 5 is not a hex digit");
    EXPECT_EQ(check(kKey, "00\xC3\xA9z"), "key: 'é' (U+00E9) at position 3 is not a hex digit");
    EXPECT_EQ(check(kKey, "\xE2\x82\xAC"), "key: '€' (U+20AC) at position 1 is not a hex digit");
    EXPECT_EQ(check(kKey, "0\xFF"), "key: a byte that is not UTF-8 at position 2 is not a hex digit");
    EXPECT_EQ(check(kKey, "0\n"), "key: the control character U+000A at position 2 is not a hex digit");
    EXPECT_EQ(check(kKey, "000"), "key: odd number of hex digits (3); every byte needs two");
    EXPECT_EQ(check(kKey, "00"), "key must be 2 bytes, got 1");
    EXPECT_EQ(check({"pt", "Plaintext", 1, ""}, "0011"), "plaintext must be 1 bytes, got 2");
    EXPECT_EQ(check({"ad", "AD", -1, ""}, "0"),
              "associated data: odd number of hex digits (1); every byte needs two");
    EXPECT_EQ(check({"iv", "IV", 16, ""}, "00"), "counter block must be 16 bytes, got 1");
    EXPECT_EQ(check({"ad", "AD", -1, ""}, std::string(2 * 1025, 'a')),
              "associated data is limited to 1024 bytes here, got 1025");
    Bytes out;
    EXPECT_EQ(validateHex(kKey,
                          "AB\xC2\xA0"
                          "cd",
                          &out),
              "");
    EXPECT_EQ(out, fromHex("ABCD"));
}

TEST(HexField, RandomBytesHaveTheFieldsLength) {
    EXPECT_EQ(rs::inputs::randomBytes(kKey, "zz").size(), 2u);
    const HexField ad{"ad", "AD", -1, ""};
    EXPECT_EQ(rs::inputs::randomBytes(ad, "001122").size(), 3u); // keeps a valid length
    EXPECT_EQ(rs::inputs::randomBytes(ad, "0").size(), 16u);     // invalid: 16
    EXPECT_EQ(rs::inputs::randomBytes(ad, "").size(), 16u);      // empty: 16
    // 64 random bytes are not all equal (a fill that forgot to draw would be all zeros).
    const Bytes b = rs::inputs::randomBytes({"k", "K", 64, ""}, "");
    EXPECT_NE(std::count(b.begin(), b.end(), b.front()), 64);
}

TEST(HexInputs, ValidatesAsSetAndGivesBytesOnlyWhenValid) {
    HexInputs in({{"key", "Key", 2, "0102"}, {"pt", "Plaintext", -1, "AA"}});
    EXPECT_TRUE(in.valid());
    EXPECT_EQ(in.text("key"), "0102");
    ASSERT_TRUE(in.values().has_value());
    EXPECT_EQ(in.values()->at("pt"), fromHex("AA"));

    EXPECT_TRUE(in.setText("key", "01"));
    EXPECT_EQ(in.error("key"), "key must be 2 bytes, got 1");
    EXPECT_TRUE(in.setText("pt", "x"));
    EXPECT_EQ(in.firstError(), "key must be 2 bytes, got 1"); // field order, not alphabetical
    EXPECT_FALSE(in.values().has_value());
    EXPECT_FALSE(in.bytes("key").has_value());
    EXPECT_FALSE(in.setText("nonce", "00"));
    EXPECT_EQ(in.text("nonce"), "");

    in.reset();
    EXPECT_TRUE(in.valid());
    EXPECT_EQ(in.text("key"), "0102");

    EXPECT_TRUE(in.setBytes("pt", fromHex("00112233")));
    EXPECT_EQ(in.text("pt"), "00112233");
    EXPECT_TRUE(in.setBytes("key", fromHex("001122")));
    EXPECT_EQ(in.error("key"), "key must be 2 bytes, got 3"); // never truncated

    const std::string r = in.randomize("key");
    EXPECT_EQ(r.size(), 4u);
    EXPECT_EQ(in.text("key"), r);
    EXPECT_TRUE(in.error("key").empty());
    EXPECT_EQ(in.randomize("pt").size(), 8u); // the valid 4-byte length is kept
}

TEST(HexInputs, NewFieldsKeepTheTextsOfTheSameNames) {
    HexInputs in({{"key", "Key", 2, "0102"}, {"pt", "Plaintext", 2, "AABB"}});
    ASSERT_TRUE(in.setText("key", "FFFF"));
    in.setFields({{"key", "Key", 4, "01020304"}, {"iv", "IV", 1, "00"}});
    EXPECT_EQ(in.text("key"), "FFFF");
    EXPECT_EQ(in.error("key"), "key must be 4 bytes, got 2");
    EXPECT_EQ(in.text("iv"), "00");
    EXPECT_EQ(in.field("pt"), nullptr);
    EXPECT_EQ(in.fields().size(), 2u);
}

} // namespace
