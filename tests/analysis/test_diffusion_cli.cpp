// roundscope-cli diffusion end to end: the real executable, its one JSON object, the paper's LEA-CTR
// figures, and exit status 2 with a one-line message naming the argument for every bad input.
#include "tests/clitestsupport.h"

#include <cmath>

#include <QDir>
#include <QFile>
#include <QImage>
#include <QSet>
#include <QTemporaryDir>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStringList>

namespace {

using rs::test::CliResult;

QJsonObject diffusionJson(QStringList args) {
    args.prepend("diffusion");
    args.append("--json");
    const CliResult r = rs::test::runCli(args);
    EXPECT_EQ(r.status, 0) << r.err.toStdString();
    return r.json();
}

void expectUsageError(QStringList args, const char* mentions) {
    args.prepend("diffusion");
    args.append("--json");
    rs::test::expectUsageError(args, mentions);
}

TEST(DiffusionCli, LeaCounterInWordZeroGivesThePapersPrecomputation) {
    const QJsonObject o = diffusionJson({"--alg", "lea-128", "--vary", "pt:0-31", "--samples", "0"});
    EXPECT_EQ(o.value("algorithm").toString(), "LEA-128");
    EXPECT_EQ(o.value("field").toString(), "pt");
    EXPECT_EQ(o.value("first_bit").toInt(), 0);
    EXPECT_EQ(o.value("last_bit").toInt(), 31);
    EXPECT_EQ(o.value("state_bits").toInt(), 128);
    const QJsonObject p = o.value("precomputable").toObject();
    EXPECT_EQ(p.value("xor").toInt(), 6);
    EXPECT_EQ(p.value("add").toInt(), 3);
    EXPECT_EQ(p.value("rot").toInt(), 3);
    EXPECT_EQ(p.value("full_word_diffusion_round").toInt(), 3);
    const QJsonArray pr = p.value("rounds").toArray();
    ASSERT_GE(pr.size(), 2);
    EXPECT_EQ(pr[0].toObject().value("independent_words").toArray(), (QJsonArray{1, 2}));
    EXPECT_EQ(pr[1].toObject().value("independent_words").toArray(), (QJsonArray{1}));
    EXPECT_TRUE(pr[0].toObject().contains("operand_xor"));
    // Round 1 by hand: X1[1], X1[2] clear, X1[0] and X1[3] = X0[0] fully dependent.
    const QJsonArray rounds = o.value("rounds").toArray();
    ASSERT_EQ(rounds.size(), 24);
    const QJsonObject r1 = rounds[0].toObject();
    EXPECT_EQ(r1.value("round").toInt(), 1);
    EXPECT_EQ(r1.value("dependent_bits").toString().toLower(), "ffffffff0000000000000000ffffffff");
    EXPECT_DOUBLE_EQ(r1.value("dependent_fraction").toDouble(), 0.5);
    EXPECT_TRUE(r1.value("avalanche_mean").isNull()) << "no samples, no empirical figures";
}

TEST(DiffusionCli, AsconAeadVariantsPlaceTheKeyAsTheyLoadIt) {
    // Key bit 0 is the MSB of key byte 0: v1.2 loads it as bit 63 of x1 (state bit 64),
    // SP 800-232 as bit 7 of x1 (state bit 120, byte 0 is the word's least significant byte).
    const auto firstRound = [](const char* alg, const QString& vary) {
        return diffusionJson({"--alg", alg, "--vary", vary, "--rounds", "1", "--samples", "0"})
            .value("rounds")
            .toArray()[0]
            .toObject()
            .value("dependent_bits")
            .toString();
    };
    EXPECT_EQ(firstRound("ascon-aead128", "key:0"), firstRound("ascon-p", "state:120"));
    EXPECT_EQ(firstRound("ascon-128", "key:0"), firstRound("ascon-p", "state:64"));
    EXPECT_EQ(firstRound("ascon-128a", "nonce:9"), firstRound("ascon-p", "state:201"));
    EXPECT_NE(firstRound("ascon-aead128", "key:0"), firstRound("ascon-128", "key:0"));
    const QJsonObject o = diffusionJson({"--alg", "ascon-aead128", "--samples", "0"});
    EXPECT_EQ(o.value("algorithm").toString(), "Ascon-AEAD128 (SP 800-232) initialization");
    EXPECT_EQ(o.value("field").toString(), "nonce");
}

TEST(DiffusionCli, GcmPlacementInWordThree) {
    const QJsonObject p = diffusionJson({"--alg", "lea-256", "--vary", "pt:96-127", "--samples", "0"})
                              .value("precomputable")
                              .toObject();
    EXPECT_EQ(p.value("xor").toInt(), 6);
    EXPECT_EQ(p.value("add").toInt(), 3);
    EXPECT_EQ(p.value("rot").toInt(), 3);
    EXPECT_EQ(p.value("full_word_diffusion_round").toInt(), 4);
}

TEST(DiffusionCli, AsconDefaultsAndEmpiricalFigures) {
    const QJsonObject o = diffusionJson({"--alg", "ascon-p", "--samples", "200", "--seed", "7"});
    EXPECT_EQ(o.value("field").toString(), "state");
    EXPECT_EQ(o.value("last_bit").toInt(), 319);
    EXPECT_EQ(o.value("state_bits").toInt(), 320);
    EXPECT_EQ(o.value("precomputable").toObject(), QJsonObject{});
    const int full = o.value("full_diffusion_round").toInt();
    const QJsonArray rounds = o.value("rounds").toArray();
    ASSERT_EQ(rounds.size(), 12);
    for (const auto& v : rounds) {
        const QJsonObject r = v.toObject();
        EXPECT_EQ(r.value("dependent_bits").toString().size(), 80);
        if (r.value("round").toInt() >= full) {
            EXPECT_DOUBLE_EQ(r.value("pair_fraction").toDouble(), 1.0);
            EXPECT_NEAR(r.value("avalanche_mean").toDouble(), 160.0, 2.0);
            // 200 samples: the worst of 102400 frequencies is about 4.7 sigma = 0.17 off 0.5.
            if (r.value("round").toInt() > full) {
                EXPECT_LT(r.value("sac_max_deviation").toDouble(), 0.2);
            }
        } else {
            EXPECT_LT(r.value("pair_fraction").toDouble(), 1.0);
        }
    }
    // Same seed, same figures.
    EXPECT_EQ(diffusionJson({"--alg", "ascon-p", "--samples", "200", "--seed", "7"}), o);
}

TEST(DiffusionCli, ReducedRoundsAndNeverFull) {
    const QJsonObject o =
        diffusionJson({"--alg", "skinny-64-64", "--vary", "key:0-3", "--rounds", "2", "--samples", "10"});
    EXPECT_EQ(o.value("algorithm").toString(), "SKINNY-64-64 (2 rounds)");
    EXPECT_EQ(o.value("rounds").toArray().size(), 2);
    EXPECT_TRUE(o.value("full_diffusion_round").isNull());
    // One TK1 cell in round 1 reaches cells 0, 4 and 12 (MixColumns of row 0).
    EXPECT_EQ(o.value("rounds").toArray()[0].toObject().value("dependent_bits").toString().toLower(),
              "f000f0000000f000");
}

// The ML-DSA NTT: one input coefficient reaches 2^k coefficients (32 × 2^k bits) after layer k, all
// of them after layer 8; structural only, so --samples defaults to 0 and any other count is refused.
TEST(DiffusionCli, MlDsaNttPerCoefficientStructuralOnly) {
    const QJsonObject o = diffusionJson({"--alg", "mldsa-ntt", "--vary", "state:64-95"});
    EXPECT_EQ(o.value("algorithm").toString(), "ML-DSA NTT");
    EXPECT_EQ(o.value("samples").toInt(), 0);
    EXPECT_EQ(o.value("full_diffusion_round").toInt(), 8);
    const QJsonArray rounds = o.value("rounds").toArray();
    ASSERT_EQ(rounds.size(), 8);
    for (int k = 1; k <= 8; ++k)
        EXPECT_DOUBLE_EQ(rounds[k - 1].toObject().value("dependent_fraction").toDouble(),
                         std::ldexp(1.0, k) / 256)
            << "layer " << k;
    expectUsageError({"--alg", "mldsa-ntt", "--samples", "100"}, "--samples");
    expectUsageError({"--alg", "mldsa-intt", "--rounds", "9"}, "--rounds");
    expectUsageError({"--alg", "mldsa-ntt", "--vary", "key"}, "--vary");
}

TEST(DiffusionCli, BadInputExitsTwoNamingTheArgument) {
    expectUsageError({"--alg", "aes-128"}, "--alg");
    expectUsageError({"--vary", "pt"}, "--alg");
    expectUsageError({"--alg", "ascon-p", "--vary", "pt"}, "--vary");
    expectUsageError({"--alg", "lea-128", "--vary", "nonce"}, "--vary");
    expectUsageError({"--alg", "lea-128", "--vary", "bogus:0-3"}, "--vary");
    expectUsageError({"--alg", "lea-128", "--vary", "pt:5-2"}, "--vary");
    expectUsageError({"--alg", "lea-128", "--vary", "pt:0-128"}, "--vary");
    expectUsageError({"--alg", "lea-128", "--vary", "pt:a-b"}, "--vary");
    expectUsageError({"--alg", "lea-128", "--vary", "pt:-3"}, "--vary");
    expectUsageError({"--alg", "skinny-64-64", "--vary", "key:64"}, "--vary");
    expectUsageError({"--alg", "lea-128", "--samples", "-1"}, "--samples");
    expectUsageError({"--alg", "lea-128", "--samples", "99999999999"}, "--samples");
    expectUsageError({"--alg", "lea-128", "--samples", "many"}, "--samples");
    expectUsageError({"--alg", "ascon-p", "--rounds", "13"}, "--rounds");
    expectUsageError({"--alg", "lea-128", "--rounds", "0"}, "--rounds");
    expectUsageError({"--alg", "lea-128", "--seed", "x"}, "--seed");
    expectUsageError({"--alg", "lea-128", "--samples", "0", "--png", "/nonexistent-dir/x.png"}, "--png");
}

TEST(DiffusionCli, PngWritesTheGuiChart) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString png = dir.filePath("lea.png");
    const QJsonObject o = diffusionJson({"--alg", "lea-128", "--samples", "50", "--png", png});
    EXPECT_EQ(o.value("rounds").toArray().size(), 24);
    QImage img(png);
    ASSERT_FALSE(img.isNull()) << "no PNG written at " << png.toStdString();
    EXPECT_GE(img.width(), 400);
    // A drawn chart has many colours; a blank or failed render has one or two.
    QSet<QRgb> colours;
    for (int y = 0; y < img.height(); y += 3)
        for (int x = 0; x < img.width(); x += 3)
            colours.insert(img.pixel(x, y));
    EXPECT_GT(colours.size(), 20);
}

TEST(DiffusionCli, PngGoesOnlyIntoAPngFile) {
    // The CLI's one rule for files it writes in a format: the extension says the format (any case).
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    for (const char* name : {"x.txt", "x", "x.png.bak", "x.pdf"}) {
        const QString path = dir.filePath(QLatin1String(name));
        expectUsageError({"--alg", "lea-128", "--samples", "0", "--png", path}, "--png");
        EXPECT_FALSE(QFile::exists(path)) << name;
    }
    const QString folder = dir.filePath("folder.png");
    ASSERT_TRUE(QDir().mkpath(folder));
    expectUsageError({"--alg", "lea-128", "--samples", "0", "--png", folder}, "is a folder");
    const QString upper = dir.filePath("LEA.PNG");
    diffusionJson({"--alg", "lea-128", "--samples", "0", "--png", upper});
    EXPECT_FALSE(QImage(upper).isNull());
}

} // namespace
