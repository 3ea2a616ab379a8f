// Paper 000 side by side (hw/board/papers/paper000.h) on the virtual board: the totals are the sums of the
// records' ticks and follow the paper's formula; a record counts only after both of its outputs verified
// (a board that starts lying is caught, and what it answered after that never enters a total); the ranges
// are built from the model's inputs as stated. No timed assertion: the figures are checked for
// consistency, never against the paper's.
#include <gtest/gtest.h>

#include <QFileInfo>
#include <QJsonArray>

#include "hw/board/boardframing.h"
#include "hw/board/papers/paper000.h"
#include "hw/board/qemuboard.h"
#include "hw/zynq/sim/halhost.h"
#include "tests/qtcoreapp.h"

namespace {

using namespace rs::hw::board;

constexpr int kRecords = 40;

void expectSums(const Paper000PathRun& p, int records) {
    ASSERT_EQ(static_cast<int>(p.records.size()), records);
    std::uint64_t sum = 0;
    for (const Paper000Record& r : p.records) {
        EXPECT_GT(r.encTicks, 0u) << "Count " << r.count;
        EXPECT_GT(r.decTicks, 0u) << "Count " << r.count;
        sum += r.encTicks + r.decTicks;
    }
    EXPECT_EQ(p.ticks(), sum);
    ASSERT_GT(p.timerHz, 0);
    EXPECT_DOUBLE_EQ(p.us(),
                     static_cast<double>(sum) * 1e6 / p.timerHz); // T = ticks × 10⁶ / COUNTS_PER_SECOND
}

bool haveQemuSoftware() {
    return !QemuBoard::executable().isEmpty() && QFileInfo::exists(QemuBoard::firmware(QStringLiteral("sw")));
}

/** Each software-path record on the virtual board at CPI `cpi` against the model computed here, from the
 *  instruction fit alone: its ticks are the instructions × CPI at 666.67 MHz on the 333.33 MHz timer (±1 tick
 *  for the timer's truncation at both ends), so a swapped, doubled or dropped operation shows. */
void expectSoftwareModel(const Paper000PathRun& p, int variant, double cpi) {
    for (const Paper000Record& r : p.records) {
        const auto ticks = [&](bool decrypt) {
            return swInstructions(variant, decrypt, static_cast<std::uint32_t>(r.adLength),
                                  static_cast<std::uint32_t>(r.length)) *
                   cpi / kCpuHz * kTimerHz;
        };
        EXPECT_NEAR(static_cast<double>(r.encTicks), ticks(false), 1.0) << "Count " << r.count;
        EXPECT_NEAR(static_cast<double>(r.decTicks), ticks(true), 1.0) << "Count " << r.count;
        EXPECT_EQ(r.ipClocks, 0u) << "Count " << r.count;
    }
}

TEST(Paper000, TotalsAreTheSumsOfTheVerifiedRecords) {
    Paper000Options o;
    o.records = kRecords;
    const Paper000Report r = runPaper000(o);
    ASSERT_TRUE(r.failures.empty()) << r.failures.front();
    EXPECT_TRUE(r.modelled);
    EXPECT_EQ(r.kind, "modelled");
    ASSERT_EQ(r.variants.size(), 2u);
    const Paper000Model& m = r.model;
    for (const Paper000Variant& v : r.variants) {
        SCOPED_TRACE(v.operation);
        EXPECT_EQ(v.records, kRecords);
        expectSums(v.sw, kRecords);
        expectSums(v.ip, kRecords);
        expectSums(v.ipHigh, kRecords);
        expectSoftwareModel(v.sw, &v == &r.variants[0] ? 0 : 1, m.cpi.lo);
        EXPECT_GT(v.ip.ipClocks(), 0u);
        EXPECT_GT(v.ipHigh.ipClocks(), 0u);
        // The IP path at the high inputs is slower than at the low ones; the range is [low, high].
        EXPECT_LT(v.ip.ticks(), v.ipHigh.ticks());
        EXPECT_DOUBLE_EQ(v.ipUs.lo, v.ip.us());
        EXPECT_DOUBLE_EQ(v.ipUs.hi, v.ipHigh.us());
        if (haveQemuSoftware()) {
            expectSums(v.swQemu, kRecords);
            EXPECT_EQ(v.swInstructions(), v.swQemu.ticks() * kQemuInstructionsPerTick);
            const double us = static_cast<double>(v.swInstructions()) * 1e6 / m.cpuHz;
            EXPECT_DOUBLE_EQ(v.swUs.lo, us * m.cpi.lo);
            EXPECT_DOUBLE_EQ(v.swUs.hi, us * m.cpi.hi);
        }
        EXPECT_DOUBLE_EQ(v.speedup.lo, v.swUs.lo / v.ipUs.hi);
        EXPECT_DOUBLE_EQ(v.speedup.hi, v.swUs.hi / v.ipUs.lo);
        EXPECT_LT(v.speedup.lo, v.speedup.hi);
    }
    // The JSON says "modelled" and gives a range, never a bare speedup.
    const QJsonObject j = r.toJson();
    for (const auto v : j.value(QStringLiteral("variants")).toArray()) {
        EXPECT_TRUE(v.toObject().contains(QStringLiteral("speedup_range")));
        EXPECT_FALSE(v.toObject().contains(QStringLiteral("speedup")));
    }
}

TEST(Paper000, ARecordCountsOnlyAfterItsOutputsVerified) {
    Paper000Options o;
    o.records = 12;
    o.boardArgs = {QStringLiteral("--lie-after"), QStringLiteral("5")}; // ENCRYPT answers 6.. are wrong
    const Paper000Report r = runPaper000(o);
    ASSERT_FALSE(r.failures.empty());
    EXPECT_NE(r.failures.front().find("Count = 6: encryption gave"), std::string::npos) << r.failures.front();
    // Ascon-128's software path (the low board's first 12 ENCRYPTs): 5 verified records, the rest failed.
    const Paper000Variant& v = r.variants[0];
    ASSERT_EQ(v.sw.records.size(), 5u);
    for (int i = 0; i < 5; ++i)
        EXPECT_EQ(v.sw.records[static_cast<std::size_t>(i)].count, i + 1);
    EXPECT_TRUE(v.ip.records.empty()); // every later ENCRYPT lies
    const QJsonObject j = r.toJson();
    for (const auto x : j.value(QStringLiteral("variants")).toArray())
        EXPECT_FALSE(x.toObject().contains(QStringLiteral("speedup_range")))
            << "a speedup over unverified records";
    EXPECT_NE(r.text().find("FAILED"), std::string::npos);
}

TEST(Paper000, ADecryptionThatDoesNotVerifyNeverCounts) {
    Paper000Options o;
    o.records = 40; // Counts 1-33 have no plaintext; 34.. have one
    o.boardArgs = {QStringLiteral("--lie-decrypt-after"), QStringLiteral("3")}; // plaintexts 4.. are wrong
    const Paper000Report r = runPaper000(o);
    ASSERT_FALSE(r.failures.empty());
    EXPECT_NE(r.failures.front().find("Count = 37: decryption gave"), std::string::npos)
        << r.failures.front();
    const Paper000Variant& v = r.variants[0];
    ASSERT_EQ(v.sw.records.size(), 36u); // Counts 1-36: the encryptions and decryptions that verified
    EXPECT_EQ(v.sw.records.back().count, 36);
    ASSERT_EQ(v.ip.records.size(), 33u); // only the records without a plaintext, whose answers are right
    EXPECT_EQ(v.ip.records.back().count, 33);
    EXPECT_FALSE(r.toJson()
                     .value(QStringLiteral("variants"))
                     .toArray()[0]
                     .toObject()
                     .contains(QStringLiteral("speedup_range")));
}

TEST(Paper000, BadModelRangesAreRefused) {
    Paper000Options o;
    o.records = 1;
    o.model.cpi = {1.5, 0.8};
    EXPECT_THROW(runPaper000(o), BoardError);
    o.model.cpi = {0.8, 1.5};
    o.model.gpReadNs = {0, 100};
    EXPECT_THROW(runPaper000(o), BoardError);
    o.model.gpReadNs = {120, 200};
    o.model.cpi = {0.4, 1.5}; // below a dual-issue core's floor
    EXPECT_THROW(runPaper000(o), BoardError);
}

TEST(Paper000, EveryModelInputHasASource) {
    const auto inputs = paper000Inputs(Paper000Model{});
    ASSERT_GE(inputs.size(), 8u);
    for (const ModelInput& i : inputs) {
        EXPECT_FALSE(i.name.empty());
        EXPECT_GT(i.source.size(), 20u) << i.name;
        EXPECT_LE(i.value.lo, i.value.hi) << i.name;
    }
}

} // namespace
