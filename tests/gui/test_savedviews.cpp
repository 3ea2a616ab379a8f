// Saved views on the waveform page (issue 32, "Saved views"): the view is autosaved beside the file as
// <dump>.rsview when it changes and when another file is opened, and offered on reopen in a banner inside
// the page (Restore view / Dismiss); a damaged autosave is a message, never a crash; Save view / Open view;
// Import / Export GTKWave's .gtkw; Open in GTKWave writes a .gtkw of the rows shown and passes it after the
// dump on GTKWave's command line (checked through the launcher, GTKWave is not started).
#include <QtTest>

#include <QAction>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QTemporaryDir>

#include "app/ui/waveform/savedviews.h"
#include "app/ui/waveform/waveformpage.h"
#include "app/ui/waveform/waveformview.h"
#include "hw/session/waveformsession.h"

using namespace rs;
using waveform::Radix;
using waveform::Tick;

namespace {

QString copyDump(const QTemporaryDir& dir, const QString& name) {
    const QString to = dir.filePath(name);
    QFile::remove(to);
    if (!QFile::copy(QStringLiteral(RS_WAVE_DATA_DIR "/verilator.vcd"), to)) return {};
    return to;
}

bool openNow(gui::WaveformPage& page, hw::WaveformSession& session, const QString& path) {
    QSignalSpy changed(&session, &hw::WaveformSession::storeChanged);
    page.openFile(path);
    return changed.wait(30000) || changed.count() > 0;
}

std::vector<std::string> rowNames(const gui::WaveformView& view) {
    std::vector<std::string> names;
    for (const auto& r : view.rows())
        names.push_back(r.name);
    return names;
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestSavedViews : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() { qputenv("RS_WAVE_VIEW_AUTOSAVE", "on"); }

    void theViewIsAutosavedAndOfferedOnReopen() {
        QTemporaryDir dir;
        const QString a = copyDump(dir, QStringLiteral("a.vcd")), b = copyDump(dir, QStringLiteral("b.vcd"));
        QVERIFY(!a.isEmpty() && !b.isEmpty());
        std::vector<std::string> saved;
        {
            hw::WaveformSession session;
            gui::WaveformPage page(&session);
            QVERIFY(openNow(page, session, a));
            QVERIFY(page.savedViews()->banner()->isHidden()); // nothing saved yet
            gui::WaveformView& view = *page.view();
            while (!view.rows().empty())
                view.removeRow(0);
            view.addSignal(*view.store().find("state"));
            view.addSignal(*view.store().find("count"));
            view.setRadix(1, Radix::Bin);
            view.setCursor(35000);
            view.addMarker(35000);
            saved = rowNames(view);
            // Opening another file saves this one's view beside it first.
            QVERIFY(openNow(page, session, b));
            QVERIFY(QFile::exists(gui::SavedViews::autosavePath(a)));
            QVERIFY(!QFile::exists(gui::SavedViews::autosavePath(b))); // b's view was not changed
        }
        hw::WaveformSession session;
        gui::WaveformPage page(&session);
        QVERIFY(openNow(page, session, a));
        gui::SavedViews& views = *page.savedViews();
        QVERIFY(!views.banner()->isHidden());
        QVERIFY(views.bannerLabel()->text().contains(QStringLiteral("a.vcd.rsview")));
        QVERIFY(rowNames(*page.view()) != saved); // the file's first rows until restored
        // A change while the offer is open does not overwrite the view offered.
        page.view()->setCursor(1000);
        views.flushAutosave();
        views.restoreButton()->click();
        QVERIFY(views.banner()->isHidden());
        QCOMPARE(rowNames(*page.view()), saved);
        QCOMPARE(page.view()->rows()[1].radix, Radix::Bin);
        QCOMPARE(page.view()->cursor(), std::optional<Tick>(35000));
        QCOMPARE(page.view()->markers().size(), std::size_t{1});

        // Dismissed, the offer goes and the next change is saved over it.
        hw::WaveformSession again;
        gui::WaveformPage other(&again);
        QVERIFY(openNow(other, again, a));
        QVERIFY(!other.savedViews()->banner()->isHidden());
        other.savedViews()->dismissButton()->click();
        QVERIFY(other.savedViews()->banner()->isHidden());
        other.view()->removeRow(0);
        other.savedViews()->flushAutosave();
        const QByteArray json = readAll(gui::SavedViews::autosavePath(a));
        QVERIFY(!json.contains("\"block\"") && json.contains("\"mix\""));
    }

    void aDamagedAutosaveIsAMessage() {
        QTemporaryDir dir;
        const QString a = copyDump(dir, QStringLiteral("a.vcd"));
        QFile f(gui::SavedViews::autosavePath(a));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"format\": \"roundscope-wave-view\", \"version\": 1, \"rows\": [ {\"sig");
        f.close();
        hw::WaveformSession session;
        gui::WaveformPage page(&session);
        QVERIFY(openNow(page, session, a));
        const auto rows = rowNames(*page.view());
        QVERIFY(!page.savedViews()->banner()->isHidden());
        page.savedViews()->restoreButton()->click();
        QVERIFY(page.messageLabel()->isVisibleTo(&page));
        QVERIFY2(page.messageLabel()->text().contains(QStringLiteral("a.vcd.rsview cannot be read")),
                 qPrintable(page.messageLabel()->text()));
        QCOMPARE(rowNames(*page.view()), rows); // the view as it was
    }

    void saveAndOpenAView() {
        QTemporaryDir dir;
        const QString a = copyDump(dir, QStringLiteral("a.vcd"));
        hw::WaveformSession session;
        gui::WaveformPage page(&session);
        QVERIFY(openNow(page, session, a));
        gui::WaveformView& view = *page.view();
        view.removeRow(0);
        view.addMarker(12000);
        const auto rows = rowNames(view);
        const QString file = dir.filePath(QStringLiteral("mine.rsview"));
        QVERIFY(page.savedViews()->saveView(file));
        view.removeRow(0);
        view.clearMarkers();
        QVERIFY(page.savedViews()->openView(file));
        QCOMPARE(rowNames(view), rows);
        QCOMPARE(view.markers().size(), std::size_t{1});
        QVERIFY(!page.savedViews()->openView(dir.filePath(QStringLiteral("none.rsview"))));
        QVERIFY(page.messageLabel()->text().contains(QStringLiteral("none.rsview cannot be read")));
    }

    void importAndExportGtkw() {
        QTemporaryDir dir;
        const QString a = copyDump(dir, QStringLiteral("a.vcd"));
        hw::WaveformSession session;
        gui::WaveformPage page(&session);
        QVERIFY(openNow(page, session, a));
        // The save file GTKWave itself wrote for this dump.
        QVERIFY(page.savedViews()->importGtkw(QStringLiteral(RS_WAVE_DATA_DIR "/gtkwave-made.gtkw")));
        gui::WaveformView& view = *page.view();
        std::vector<std::string> names;
        for (const auto& r : view.rows())
            names.push_back(r.isSignal() ? r.name : "group " + r.label);
        QCOMPARE(names, (std::vector<std::string>{"clk", "phase", "count", "mix", "group regs", "state",
                                                  "count_q"}));
        QCOMPARE(view.rows()[2].radix, Radix::Bin);
        QCOMPARE(view.rows()[3].radix, Radix::Signed);
        QCOMPARE(view.cursor(), std::optional<Tick>(50000));
        QCOMPARE(view.markers().size(), std::size_t{2});
        const QString out = dir.filePath(QStringLiteral("out.gtkw"));
        QVERIFY(page.savedViews()->exportGtkw(out));
        const QByteArray text = readAll(out);
        QVERIFY2(text.contains("TOP.top.count[7:0]\n@420\nTOP.top.mix[15:0]\n@800200\n-regs\n"),
                 text.constData());
        QVERIFY(text.contains("[dumpfile] \"" + QFile::encodeName(a) + "\""));
        // Not a save file: a message.
        QVERIFY(!page.savedViews()->importGtkw(a + QStringLiteral(".missing")));
        QVERIFY(page.messageLabel()->text().contains(QStringLiteral("cannot be read")));
    }

    void openInGtkwaveWritesTheShownRows() {
        if (hw::WaveformSession::gtkwavePath().isEmpty())
            QSKIP("gtkwave is not installed: the action is off");
        QTemporaryDir dir;
        const QString a = copyDump(dir, QStringLiteral("a.vcd"));
        hw::WaveformSession session;
        gui::WaveformPage page(&session);
        QVERIFY(openNow(page, session, a));
        QString program;
        QStringList arguments;
        page.savedViews()->setLauncher([&](const QString& p, const QStringList& args) {
            program = p;
            arguments = args;
            return true;
        });
        gui::WaveformView& view = *page.view();
        while (!view.rows().empty())
            view.removeRow(0);
        view.addSignal(*view.store().find("state"));
        view.addSignal(*view.store().find("clk"));
        view.setRadix(0, Radix::Bin);
        view.setCursor(35000);
        QVERIFY(page.gtkwaveAction()->isEnabled());
        page.gtkwaveAction()->trigger();
        QCOMPARE(program, hw::WaveformSession::gtkwavePath());
        QCOMPARE(arguments.size(), 2);
        QCOMPARE(arguments[0], a);
        QCOMPARE(arguments[1], page.savedViews()->lastGtkwaveSaveFile());
        QVERIFY(arguments[1].endsWith(QStringLiteral(".gtkw")));
        const QByteArray text = readAll(arguments[1]);
        QFile::remove(arguments[1]);
        QVERIFY2(text.contains("@28\nTOP.top.state[319:0]\n@22\nTOP.top.clk\n"), text.constData());
        QVERIFY2(text.contains(" 35000 -1"), text.constData()); // cursor A is GTKWave's primary marker
    }

    void openInGtkwaveExportsACaptureWithItsClock() {
        if (hw::WaveformSession::gtkwavePath().isEmpty())
            QSKIP("gtkwave is not installed: the action is off");
        // A capture (one tick a cycle, no file): exported with a clock, two units a cycle (tick unknown).
        auto capture = std::make_shared<waveform::WaveformStore>();
        const auto x = capture->addSignal("x", 8);
        for (Tick t = 0; t < 20; ++t)
            capture->sample(x, t, t);
        hw::WaveformSession session;
        gui::WaveformPage page(&session);
        session.setCapture(capture, QStringLiteral("capture"));
        QVERIFY(session.isIpCapture());
        QStringList arguments;
        page.savedViews()->setLauncher([&](const QString&, const QStringList& args) {
            arguments = args;
            return true;
        });
        page.view()->addSignal(x);
        page.view()->setCursor(3);
        page.gtkwaveAction()->trigger();
        QCOMPARE(arguments.size(), 2);
        const QByteArray dump = readAll(arguments[0]);
        const QByteArray text = readAll(arguments[1]);
        QFile::remove(arguments[0]);
        QFile::remove(arguments[1]);
        QVERIFY(dump.contains("$scope module roundscope $end"));
        QVERIFY2(text.contains("\nroundscope.x[7:0]\n"), text.constData());
        QVERIFY2(text.contains(" 6 -1"), text.constData()); // cycle 3 is at 6 units in the exported file
    }
};

QTEST_MAIN(TestSavedViews)
#include "test_savedviews.moc"
