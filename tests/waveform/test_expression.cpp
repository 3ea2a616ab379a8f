// Computed rows: the expression parser (precedence, literals, errors with their column) and a computed signal
// added to a store that is already shared read-only.
#include <gtest/gtest.h>

#include <memory>

#include "core/waveform/expression.h"

namespace {

using rs::waveform::addComputedSignal;
using rs::waveform::Change;
using rs::waveform::Expression;
using rs::waveform::ExpressionError;
using rs::waveform::Tick;
using rs::waveform::WaveformStore;

std::uint64_t constant(const char* text) {
    const Expression e = Expression::parse(text);
    EXPECT_TRUE(e.signalNames().empty()) << text;
    return e.evaluate({}, {});
}

TEST(Expression, OperatorsFollowCsPrecedence) {
    EXPECT_EQ(constant("1 + 2 == 3"), 1u);
    EXPECT_EQ(constant("0x0F & 0x3C | 0x40"), 0x4Cu);
    EXPECT_EQ(constant("6 ^ 3 & 1"), 7u); // & binds tighter than ^
    EXPECT_EQ(constant("1 || 0 && 0"), 1u);
    EXPECT_EQ(constant("(1 || 0) && 0"), 0u);
    EXPECT_EQ(constant("!0 + 1"), 2u);
    EXPECT_EQ(constant("~0x0F"), 0u);       // ~ keeps the literal's 4 bits
    EXPECT_EQ(constant("~0b0101"), 0b010u); // 3 bits: 0b101 -> 0b010
    EXPECT_EQ(constant("3 - 5"), 6u);       // wraps to 3 bits
    EXPECT_EQ(constant("0x1_0000 >= 65536"), 1u);
    EXPECT_EQ(constant("2 < 1 != 1 <= 1"), 1u); // (2<1) != (1<=1)
    EXPECT_EQ(constant("0xFFFFFFFFFFFFFFFF + 1"), 0u);
}

TEST(Expression, NamesAreCollectedOnceWithTheirColumns) {
    const Expression e = Expression::parse("busy && !valid || top.dut.busy[3] == \"odd name\" && busy");
    ASSERT_EQ(e.signalNames(), (std::vector<std::string>{"busy", "valid", "top.dut.busy[3]", "odd name"}));
    EXPECT_EQ(e.nameColumn(1), 10u);
    EXPECT_EQ(e.evaluate({1, 0, 0, 0}, {1, 1, 1, 1}), 1u);
    EXPECT_EQ(e.evaluate({1, 1, 0, 0}, {1, 1, 1, 1}), 1u); // busy3 == odd name, && busy
    EXPECT_EQ(e.evaluate({0, 1, 0, 0}, {1, 1, 1, 1}), 0u);
    EXPECT_EQ(e.width({1, 1, 1, 1}), 1);
    EXPECT_EQ(Expression::parse("a + b").width({8, 4}), 9);
    EXPECT_EQ(Expression::parse("a & 0xFF").width({32}), 32);
}

std::string errorOf(const char* text) {
    try {
        Expression::parse(text);
    } catch (const ExpressionError& e) {
        return e.what();
    }
    return "(no error)";
}

TEST(Expression, ParseErrorsSayWhereAndWhatWasExpected) {
    EXPECT_EQ(errorOf("busy && "), "column 9: expected a signal name, a number or '(', found the end");
    EXPECT_EQ(errorOf("busy && )"), "column 9: expected a signal name, a number or '(', found ')'");
    EXPECT_EQ(errorOf("(a | b"), "column 7: expected ')', found the end");
    EXPECT_EQ(errorOf("a = b"), "column 3: expected an operator or the end, found '='");
    EXPECT_EQ(errorOf("0x"), "column 3: expected hex digits after 0x, found the end");
    EXPECT_EQ(errorOf("12ab"), "column 3: expected a digit of base 10, found 'a'");
    EXPECT_EQ(errorOf("0x1_0000_0000_0000_0000"), "column 1: the number does not fit in 64 bits");
    EXPECT_EQ(errorOf("\"open"), "column 6: expected the closing '\"' of the name, found the end");
    EXPECT_EQ(errorOf("   "), "the expression is empty");
    EXPECT_NE(errorOf(std::string(300, '(').c_str()).find("nesting deeper than 200"), std::string::npos);
    // Unary operators count too (each nests a call), alone and between parentheses.
    EXPECT_NE(errorOf((std::string(300, '!') + "busy").c_str()).find("nesting deeper than 200"),
              std::string::npos);
    std::string mixed;
    for (int i = 0; i < 150; ++i)
        mixed += "(!";
    EXPECT_NE(errorOf(mixed.c_str()).find("nesting deeper than 200"), std::string::npos);
    EXPECT_NE(errorOf(std::string(5000, '1').insert(0, "1").c_str()).find("64 bits"), std::string::npos);
    std::string sum = "1";
    for (int i = 0; i < 5000; ++i)
        sum += "+1";
    EXPECT_NE(errorOf(sum.c_str()).find("more than 4096"), std::string::npos);
}

TEST(ComputedSignal, IsEvaluatedAtEveryChangeAndAddedToASharedStore) {
    auto owned = std::make_shared<WaveformStore>();
    const auto busy = owned->addSignal("busy", 1);
    const auto valid = owned->addSignal("valid", 1);
    const auto count = owned->addSignal("count", 8);
    owned->sample(busy, 0, 0);
    owned->sample(busy, 10, 1);
    owned->sample(busy, 50, 0);
    owned->sample(valid, 0, 0);
    owned->sample(valid, 20, 1);
    owned->sample(valid, 30, 0);
    for (Tick t = 0; t < 60; t += 5)
        owned->sample(count, t, t / 5);
    owned->advance(60);
    const std::shared_ptr<const WaveformStore> store = owned; // what the viewer holds

    const auto id = addComputedSignal(*store, "  busy && !valid ");
    EXPECT_EQ(store->signal(id).name, "busy && !valid");
    EXPECT_EQ(store->signal(id).group, "computed");
    EXPECT_EQ(store->signal(id).width, 1);
    EXPECT_EQ(store->endTick(), Tick{60}); // a computed row does not lengthen the trace
    std::vector<std::pair<Tick, std::uint64_t>> changes;
    for (std::size_t i = 0; i < store->changeCount(id); ++i)
        changes.emplace_back(store->change(id, i).tick, store->change(id, i).value);
    EXPECT_EQ(changes,
              (std::vector<std::pair<Tick, std::uint64_t>>{{0, 0}, {10, 1}, {20, 0}, {30, 1}, {50, 0}}));
    // Asked again, the same row; a bus expression has the bus's width.
    EXPECT_EQ(addComputedSignal(*store, "busy && !valid"), id);
    const auto sum = addComputedSignal(*store, "count + 0xF0");
    EXPECT_EQ(store->signal(sum).width, 9);
    EXPECT_EQ(store->valueAt(sum, 57), 11u + 0xF0u);
}

TEST(ComputedSignal, UnknownAndWideSignalsAreNamedWithTheirColumn) {
    WaveformStore s;
    s.addSignal("busy", 1);
    s.addSignal("state", 320);
    try {
        addComputedSignal(s, "busy && !vaild");
        FAIL() << "no error";
    } catch (const ExpressionError& e) {
        EXPECT_STREQ(e.what(), "column 10: no signal named 'vaild' in this trace");
        EXPECT_EQ(e.column(), 10u);
    }
    try {
        addComputedSignal(s, "state == 0");
        FAIL() << "no error";
    } catch (const ExpressionError& e) {
        EXPECT_STREQ(e.what(),
                     "column 1: signal 'state' is 320 bits wide; an expression takes signals of up to "
                     "64 bits");
    }
    EXPECT_EQ(s.signalCount(), 2u); // nothing added by a refused expression
    EXPECT_THROW(s.addDerivedSignal("w", 65, std::vector<Change>{}), std::invalid_argument);
}

} // namespace
