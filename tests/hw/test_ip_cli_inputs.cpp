// Issue 30's inputs and outputs of `ip` and `wave`, end to end through roundscope-cli: `ip run --alg mldsa-*
// --in` reads only a regular file of bounded size and names --in in every error (it grew to 3.8 GB on
// /dev/zero, blocked forever on a FIFO, read 2 GB before refusing it, and said "basic_filebuf::underflow
// error" for a folder); `ip run --fst` on a full disk is an error naming --fst with no file left (it died of
// SIGBUS and left hidden temporary files); `ip resources --param` names a parameter the core does not have
// before yosys runs; `wave` says how long it will wait for a big FST file.
#include "tests/clitestsupport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <functional>

#include <sys/resource.h>
#include <sys/stat.h>

#include "core/crypto/mldsantt.h"
#include "core/waveform/fst.h"

namespace {

using rs::test::CliResult;
using rs::test::expectUsageError;
using rs::test::runCli;

constexpr const char* kKey = "000102030405060708090A0B0C0D0E0F";
constexpr const char* kNonce = "101112131415161718191A1B1C1D1E1F";

/** roundscope-cli with a setup step in the child before it starts, and a time-out that kills it (a read
 *  that blocks fails the test instead of hanging it). */
CliResult runCliWith(const QStringList& args, const std::function<void()>& inChild, int timeoutMs = 120000) {
    QProcess p;
    if (inChild) p.setChildProcessModifier(inChild);
    p.start(QStringLiteral(RS_CLI_PATH), args);
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        ADD_FAILURE() << "roundscope-cli " << args.join(' ').toStdString() << " did not finish (blocked?)";
    }
    CliResult r;
    r.status = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

void expectRefused(const CliResult& r, const QStringList& mentions) {
    EXPECT_EQ(r.status, 2) << r.err.toStdString();
    EXPECT_TRUE(r.out.isEmpty()) << r.out.toStdString();
    const QString err = QString::fromUtf8(r.err).trimmed();
    EXPECT_EQ(err.count('\n'), 0) << "one line: " << err.toStdString();
    for (const QString& m : mentions)
        EXPECT_TRUE(err.contains(m)) << err.toStdString() << " should name " << m.toStdString();
}

QStringList mldsaRun(const QString& in) {
    return {"ip", "run", "--alg", "mldsa-ntt", "--butterflies", "2", "--in", in, "--json"};
}

TEST(IpCliInputs, MlDsaInReadsOnlyARegularFileOfBoundedSize) {
    QTemporaryDir dir;
    const QString fifo = dir.filePath("fifo");
    ASSERT_EQ(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
    const QString big = dir.filePath("big.bin");
    { std::ofstream f(big.toStdString(), std::ios::binary); }
    std::filesystem::resize_file(big.toStdString(), std::uint64_t{2} << 30); // sparse: no disk used
    const std::pair<QString, QString> cases[] = {{"/dev/zero", "a character device"},
                                                 {fifo, "a FIFO"},
                                                 {dir.path(), "a directory"},
                                                 {big, "the limit is 256 KiB"},
                                                 {dir.filePath("absent.bin"), "No such file"}};
    for (const auto& [path, why] : cases)
        expectRefused(runCliWith(mldsaRun(path), {}, 60000), {"--in:", path, why});
}

TEST(IpCliInputs, MlDsaInTakesRawHexOrDecimalLikeNttRun) {
    QTemporaryDir dir;
    rs::crypto::MlDsaPoly a{};
    for (std::size_t i = 0; i < a.size(); ++i)
        a[i] = static_cast<std::int32_t>((i * 7919u + 3u) % static_cast<std::size_t>(rs::crypto::kMlDsaQ));
    QString decimal;
    for (const std::int32_t c : a)
        decimal += QString::number(c) + QStringLiteral(",\n");
    const QString path = dir.filePath("a.txt");
    {
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(decimal.toUtf8());
    }
    const CliResult r = runCli(mldsaRun(path));
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const QJsonArray out = r.json().value("output").toArray();
    const rs::crypto::MlDsaPoly want = rs::crypto::mldsaNtt(a);
    ASSERT_EQ(out.size(), 256);
    for (int i = 0; i < 256; ++i)
        ASSERT_EQ(out[i].toInt(), want[static_cast<std::size_t>(i)]) << i;
    // pwm takes a then b: one polynomial is refused, saying what the file holds.
    expectRefused(runCli({"ip", "run", "--alg", "mldsa-pwm", "--in", path}),
                  {"--in:", path, "256 decimal coefficients", "expected 2 polynomials, a then b"});
}

TEST(IpCliInputs, FstOnAFullDiskIsAnErrorAndLeavesNoFile) {
    if (!rs::waveform::fstSupported()) GTEST_SKIP() << "FST support was not built";
    // A 16 KiB file-size limit stands in for a full disk (SIGXFSZ ignored, as on a real one: EFBIG).
    const auto fullDisk = [] {
        const rlimit r{16 << 10, 16 << 10};
        ::setrlimit(RLIMIT_FSIZE, &r);
    };
    const QStringList runs[] = {
        {"ip", "run", "--alg", "ascon-aead128", "--key", kKey, "--nonce", kNonce, "--pt", "00112233"},
        {"ip", "run", "--alg", "lea-128", "--key", kKey, "--pt", kNonce},
        {"ip", "run", "--alg", "mldsa-ntt", "--random", "3"}};
    for (const QStringList& run : runs) {
        QTemporaryDir dir;
        const QString fst = dir.filePath("trace.fst");
        expectRefused(runCliWith(run + QStringList{"--fst", fst}, fullDisk),
                      {"--fst: cannot write FST file " + fst, "nothing was written"});
        EXPECT_EQ(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
                  QStringList{})
            << run.join(' ').toStdString() << ": no file, no hidden temporary file";
        // Without the limit the same run writes the trace, and only it.
        const CliResult ok = runCli(run + QStringList{"--fst", fst});
        EXPECT_EQ(ok.status, 0) << ok.err.toStdString();
        EXPECT_EQ(QDir(dir.path()).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot),
                  QStringList{"trace.fst"});
    }
}

TEST(IpCliInputs, ResourcesRefuseAParameterTheCoreDoesNotHaveBeforeYosysRuns) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // No yosys at all: the parameter is refused before it would be looked for.
    env.insert("ROUNDSCOPE_YOSYS", QStringLiteral("/nonexistent/yosys"));
    const auto resources = [&](const QString& param) {
        return runCli({"ip", "resources", "--param", param}, env);
    };
    expectRefused(resources("NOPE=3"),
                  {"--param:", "NOPE is not a parameter of ascon_axi_top", "IN_DEPTH", "OUT_DEPTH"});
    expectRefused(resources("IN_DEPTH=8,NOPE=3"), {"--param:", "NOPE"});
    expectRefused(resources("UNROLL=3"), {"--param:", "UNROLL", "set by the unroll setting"});
    // A parameter the top declares goes on to yosys (missing here: its own error).
    const CliResult known = resources("OUT_DEPTH=16");
    EXPECT_EQ(known.status, 2);
    EXPECT_TRUE(known.err.contains("yosys not found")) << known.err.toStdString();
}

TEST(IpCliInputs, WaveSaysHowLongItWillWaitForABigFstFile) {
    if (!rs::waveform::fstSupported()) GTEST_SKIP() << "FST support was not built";
    QTemporaryDir dir;
    // A gzip-wrapped FST (first byte 254) of 1 MiB may unpack to 32 MiB: its limit is over half a minute, so
    // `wave info` says so first; the file itself is damaged and refused.
    const QString wrapped = dir.filePath("wrapped.fst");
    {
        std::ofstream f(wrapped.toStdString(), std::ios::binary);
        f << '\xfe' << std::string((1 << 20) - 1, '\0');
    }
    const double limit = rs::waveform::fstReadSeconds(wrapped.toStdString());
    ASSERT_GE(limit, 30);
    const CliResult r = runCliWith({"wave", "info", wrapped}, {}, 120000);
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(
        QString::fromUtf8(r.err).startsWith(QStringLiteral("roundscope-cli: reading %1 (up to %2 s)\n")
                                                .arg(wrapped)
                                                .arg(static_cast<int>(limit))))
        << r.err.toStdString();
    // A small file: no such line.
    const CliResult small = runCli({"wave", "info", QStringLiteral(RS_WAVE_DATA_DIR "/verilator.fst")});
    EXPECT_EQ(small.status, 0) << small.err.toStdString();
    EXPECT_TRUE(small.err.isEmpty()) << small.err.toStdString();
}

} // namespace
