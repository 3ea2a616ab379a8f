// `roundscope-cli ip run --alg mldsa-* --butterflies B --lanes` through the real executable: the layer spans
// (first issue, issue clocks, last write) and totals beside mldsaIpCycles for B = 1, 2, 4, the text table,
// and the refusals.
#include <gtest/gtest.h>

#include <QJsonArray>
#include <QRegularExpression>

#include "hw/ip/mldsa/mldsaip.h"
#include "tests/clitestsupport.h"
#include "tests/hw/hwtest.h"

namespace {

using rs::hw::kMlDsaIpDrainClocks;
using rs::oracle::MlDsaKind;
using rs::test::expectUsageError;
using rs::test::runCli;

QStringList lanesRun(const QString& alg, const QString& b) {
    return {QStringLiteral("ip"),
            QStringLiteral("run"),
            QStringLiteral("--alg"),
            alg,
            QStringLiteral("--butterflies"),
            b,
            QStringLiteral("--lanes")};
}

qint64 num(const QJsonObject& o, const char* key) {
    return static_cast<qint64>(o.value(QLatin1String(key)).toDouble());
}

TEST(MlDsaIpCliLanes, SpansAddUpToTheFormulaClocks) {
    for (const int b : {1, 2, 4}) {
        for (const MlDsaKind op :
             {MlDsaKind::Ntt, MlDsaKind::InverseNtt, MlDsaKind::MultiplyNtt, MlDsaKind::AddNtt}) {
            const QString alg = QString::fromStdString(rs::test::mldsaId(op));
            const std::string what = alg.toStdString() + " B=" + std::to_string(b);
            QStringList args = lanesRun(alg, QString::number(b));
            args << QStringLiteral("--random") << QStringLiteral("3") << QStringLiteral("--json");
            const auto r = runCli(args);
            ASSERT_EQ(r.status, 0) << what << ": " << r.err.toStdString();
            const QJsonObject o = r.json();
            const auto cycles = static_cast<qint64>(rs::hw::mldsaIpCycles(op, b));
            ASSERT_EQ(num(o, "core_cycles"), cycles) << what;
            const QJsonObject lanes = o.value(QStringLiteral("lanes")).toObject();
            EXPECT_EQ(lanes.value(QStringLiteral("butterflies")).toInt(), b) << what;
            const qint64 start = num(lanes, "start");
            EXPECT_EQ(num(lanes, "end") - start, cycles) << what;
            const bool transform = op == MlDsaKind::Ntt || op == MlDsaKind::InverseNtt;
            const QJsonArray layers = lanes.value(QStringLiteral("layers")).toArray();
            ASSERT_EQ(layers.size(), transform ? 8 : 1) << what;
            // Issue clocks: all of the formula but the START clock and the drain, split evenly over layers.
            const qint64 issues = cycles - 1 - kMlDsaIpDrainClocks;
            const qint64 perLayer = issues / layers.size();
            qint64 sum = 0;
            for (int l = 0; l < layers.size(); ++l) {
                const QJsonObject s = layers.at(l).toObject();
                EXPECT_EQ(s.value(QStringLiteral("layer")).toInt(), l) << what;
                EXPECT_EQ(num(s, "issue_clocks"), perLayer) << what << " layer " << l;
                EXPECT_EQ(num(s, "first_issue"), start + 1 + l * perLayer) << what << " layer " << l;
                EXPECT_EQ(num(s, "last_write"), num(s, "first_issue") + perLayer - 1 + kMlDsaIpDrainClocks)
                    << what << " layer " << l;
                const QJsonArray span = s.value(QStringLiteral("span")).toArray();
                ASSERT_EQ(span.size(), 2);
                EXPECT_EQ(static_cast<qint64>(span.at(1).toDouble()), num(s, "last_write") + 1) << what;
                sum += num(s, "issue_clocks");
            }
            EXPECT_EQ(num(layers.last().toObject(), "last_write") + 1, num(lanes, "end")) << what;
            const QJsonObject totals = lanes.value(QStringLiteral("totals")).toObject();
            EXPECT_EQ(num(totals, "issue_clocks"), sum) << what;
            EXPECT_EQ(num(totals, "issue_clocks"), issues) << what;
            EXPECT_EQ(num(totals, "drain_clocks"), kMlDsaIpDrainClocks) << what;
            EXPECT_EQ(num(totals, "core_cycles"), cycles) << what;
        }
    }
}

TEST(MlDsaIpCliLanes, TextIsATable) {
    const auto r = runCli(lanesRun(QStringLiteral("mldsa-ntt"), QStringLiteral("2")));
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const QString text = QString::fromUtf8(r.out);
    EXPECT_TRUE(text.contains(QStringLiteral("first_issue"))) << text.toStdString();
    const auto cycles = rs::hw::mldsaIpCycles(MlDsaKind::Ntt, 2);
    const QString total = QStringLiteral("total: 1 start + %1 issue + %2 drain = %3 core cycles")
                              .arg(cycles - 1 - kMlDsaIpDrainClocks)
                              .arg(kMlDsaIpDrainClocks)
                              .arg(cycles);
    EXPECT_TRUE(text.contains(total)) << text.toStdString();
    EXPECT_EQ(text.count(QRegularExpression(QStringLiteral("(?m)^ +\\d+ +\\d+ +\\d+ +\\d+$"))), 8);
}

TEST(MlDsaIpCliLanes, BadButterfliesOrAlgorithmAreClearErrors) {
    expectUsageError(lanesRun(QStringLiteral("mldsa-ntt"), QStringLiteral("3")), "--butterflies");
    expectUsageError(lanesRun(QStringLiteral("mldsa-ntt"), QStringLiteral("0")), "--butterflies");
    expectUsageError(lanesRun(QStringLiteral("mldsa-ntt"), QStringLiteral("two")), "--butterflies");
    expectUsageError({QStringLiteral("ip"), QStringLiteral("run"), QStringLiteral("--alg"),
                      QStringLiteral("mldsa-foo"), QStringLiteral("--lanes")},
                     "--alg");
}

} // namespace
