// The one oracle: verify() names the first differing byte; OutputJudge judges every output of a run and
// keeps the first wrong one, so a back end that is right once and wrong later is caught.
#include <gtest/gtest.h>

#include "core/oracle/oracle.h"

using rs::crypto::Bytes;
using rs::oracle::OutputJudge;
using rs::oracle::verify;

TEST(Oracle, VerifyNamesTheFirstDifferingByte) {
    EXPECT_TRUE(verify(Bytes{1, 2, 3}, Bytes{1, 2, 3}).ok);
    EXPECT_TRUE(verify(Bytes{}, Bytes{}).ok);
    const auto v = verify(Bytes{1, 2, 3}, Bytes{1, 2, 4});
    EXPECT_FALSE(v.ok);
    EXPECT_EQ(v.firstDifference, 2u);
    EXPECT_EQ(v.message, "output byte 2 is 03, the C++ model gives 04");
    const auto shorter = verify(Bytes{1}, Bytes{1, 2});
    EXPECT_FALSE(shorter.ok);
    EXPECT_EQ(shorter.firstDifference, 1u);
    EXPECT_EQ(shorter.message, "1 output bytes, the C++ model gives 2");
    const auto longer = verify(Bytes{9, 2, 3}, Bytes{1, 2});
    EXPECT_FALSE(longer.ok);
    EXPECT_EQ(longer.firstDifference, 0u);
}

TEST(Oracle, VerifyNamesWhereTheKnownAnswerComesFrom) {
    EXPECT_EQ(verify(Bytes{1, 2}, Bytes{1, 3}, "the KAT").message, "output byte 1 is 02, the KAT gives 03");
    EXPECT_EQ(verify(Bytes{}, Bytes{1}, "the KAT").message, "0 output bytes, the KAT gives 1");
    EXPECT_TRUE(verify(Bytes{7}, Bytes{7}, "the KAT").message.empty());
}

TEST(Oracle, JudgeCatchesAWrongLaterOutput) {
    OutputJudge judge(Bytes{0xaa, 0xbb});
    EXPECT_TRUE(judge.check(Bytes{0xaa, 0xbb}));
    EXPECT_TRUE(judge.ok());
    EXPECT_FALSE(judge.check(Bytes{0xaa, 0xbc})); // right once, wrong afterwards
    EXPECT_TRUE(judge.check(Bytes{0xaa, 0xbb}));
    EXPECT_FALSE(judge.check(Bytes{0x00}));
    EXPECT_EQ(judge.count(), 4);
    EXPECT_FALSE(judge.ok());
    ASSERT_TRUE(judge.failure().has_value());
    EXPECT_EQ(*judge.failure(),
              "output 2: output byte 1 is bc, the C++ model gives bb"); // the first wrong one
    EXPECT_EQ(judge.first(), (Bytes{0xaa, 0xbb}));
}

TEST(Oracle, JudgeBeforeAnyOutput) {
    const OutputJudge judge(Bytes{1});
    EXPECT_EQ(judge.count(), 0);
    EXPECT_TRUE(judge.ok()); // nothing wrong seen: the engine separately refuses a run with no output
    EXPECT_TRUE(judge.first().empty());
}
