// `roundscope-cli wave gtkw FILE --out OUT.gtkw [--view VIEW.rsview]`: a GTKWave save file of a saved view
// (its rows, radix, markers and cursor by GTKWave's names) or of the file's first signals; a bad view or
// output is a usage error (exit 2) naming the option.
#include "tests/clitestsupport.h"

#include <QFile>
#include <QTemporaryDir>

#include "core/fileio/safefile.h"
#include "core/waveform/viewstate.h"
#include "core/waveform/waveformfile.h"

namespace {

using rs::test::CliResult;
using rs::test::expectUsageError;
using rs::test::runCli;

const QString kVcd = QStringLiteral(RS_WAVE_DATA_DIR "/verilator.vcd");

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

TEST(WaveGtkwCli, WritesTheFilesFirstSignals) {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("first.gtkw"));
    const CliResult r = runCli({"wave", "gtkw", kVcd, "--out", out});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    EXPECT_TRUE(r.out.contains("11 traces")) << r.out.toStdString();
    const QByteArray text = readAll(out);
    EXPECT_TRUE(text.contains("[dumpfile] \"" + kVcd.toUtf8() + "\"")) << text.constData();
    EXPECT_TRUE(text.contains("@22\nTOP.top.block[127:0]\nTOP.top.clk\n")) << text.constData();
    EXPECT_TRUE(text.contains("TOP.top.u_sub.count_q[7:0]\n")) << text.constData();
}

TEST(WaveGtkwCli, WritesASavedView) {
    QTemporaryDir dir;
    const auto store = rs::waveform::readWaveformFile(kVcd.toStdString());
    rs::waveform::WaveViewState view;
    view.setWaveArea(0, 800);
    view.reset(store);
    view.addSignal(store, *store.find("state"));
    view.addSignal(store, *store.find("count"));
    view.setRadix(1, rs::waveform::Radix::Signed);
    view.setCursor(rs::waveform::Cursor::A, 35000);
    view.addMarker(20000, "go");
    const QString saved = dir.filePath(QStringLiteral("v.rsview"));
    rs::fileio::writeFileAtomic(saved.toStdString(), view.toJson());
    const QString out = dir.filePath(QStringLiteral("v.gtkw"));
    const CliResult r = runCli({"wave", "gtkw", kVcd, "--view", saved, "--out", out});
    ASSERT_EQ(r.status, 0) << r.err.toStdString();
    const QByteArray text = readAll(out);
    EXPECT_TRUE(text.contains("@22\nTOP.top.state[319:0]\n@420\nTOP.top.count[7:0]\n")) << text.constData();
    EXPECT_TRUE(text.contains(" 35000 20000 -1")) << text.constData();
    EXPECT_TRUE(text.contains("[markername] Ago")) << text.constData();
}

TEST(WaveGtkwCli, BadInputNamesTheOption) {
    QTemporaryDir dir;
    const QString bad = dir.filePath(QStringLiteral("bad.rsview"));
    rs::fileio::writeFileAtomic(bad.toStdString(), "{\"format\": \"something else\"}");
    expectUsageError({"wave", "gtkw", kVcd, "--view", bad, "--out", dir.filePath(QStringLiteral("o.gtkw"))},
                     "--view");
    expectUsageError({"wave", "gtkw", kVcd, "--view", dir.filePath(QStringLiteral("none.rsview")), "--out",
                      dir.filePath(QStringLiteral("o.gtkw"))},
                     "none.rsview");
    expectUsageError({"wave", "gtkw", kVcd, "--out", dir.path()}, "--out");
    expectUsageError({"wave", "gtkw", kVcd}, "--out");
}

} // namespace
