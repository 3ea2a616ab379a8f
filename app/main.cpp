// roundscope: the desktop app. With --screenshot FILE it loads a state, runs a diffusion analysis,
// saves the main window as FILE and exits (the Xvfb screenshot test and the README use it).
#include "app/backends/backends.h"
#include "app/ui/explorer/diffusionpage.h"
#include "app/ui/explorer/roundexplorerpage.h"
#include "app/ui/window/mainwindow.h"
#include "core/fileio/safefile.h"
#include "core/sessions/ciphersession.h"
#include "core/sessions/diffusionsession.h"
#include "core/sessions/explorermodel.h"
#include "hw/session/ipsession.h"

#include <QAction>
#include <QApplication>
#include <QCommandLineParser>
#include <QSpinBox>
#include <QTabWidget>
#include <QTimer>

#include <cstdio>

namespace {

using rs::gui::MainWindow;

struct ShotOptions {
    QString path;
    QString mode;
    QString tab;
    bool hex = false;
    int step = -1;
    int samples = 2000;
    int timeoutMs = 60000;
    bool tabGiven = false; ///< --tab was on the command line: the screenshot must show that tab
};

// What --tab and --mode name: the diffusion page's tabs in their order ("waves" is the waveform page), the
// explorer's view modes.
const QStringList kAnalysisTabs{QStringLiteral("twin"), QStringLiteral("dependency"), QStringLiteral("sac"),
                                QStringLiteral("counter")};
const QStringList kShotTabs = kAnalysisTabs + QStringList{QStringLiteral("waves")};
const QStringList kModes{QStringLiteral("value"), QStringLiteral("changed"), QStringLiteral("twin")};

// Puts the window into the state the screenshot shows, then waits for the analysis and saves.
void scheduleScreenshot(MainWindow& w, const ShotOptions& o) {
    auto* session = w.session();
    auto* page = w.page<rs::gui::RoundExplorerPage>();
    session->recomputeNow();
    int step = o.step;
    if (step < 0) {
        // After round 2: the twin difference has spread but not yet filled the state.
        const auto ends = rs::sessions::roundEndSteps(session->trace());
        step = ends.size() > 1 ? ends[1] : 0;
    }
    session->setCurrentStep(step);
    using Mode = rs::gui::StateView::Mode;
    page->setViewMode(o.mode == QLatin1String("value")     ? Mode::Value
                      : o.mode == QLatin1String("changed") ? Mode::Changed
                                                           : Mode::Twin);
    page->hexAction()->setChecked(o.hex);
    auto* diffusion = w.page<rs::gui::DiffusionPage>();
    diffusion->tabs()->setCurrentIndex(std::max(0, static_cast<int>(kAnalysisTabs.indexOf(o.tab))));
    // In the tabbed layout (a window below 1600x1000) the diffusion page is a page of its own: a named tab
    // brings it to the front, else the screenshot would be of the explorer.
    if (o.tabGiven && kAnalysisTabs.contains(o.tab)) w.showPage(diffusion);
    diffusion->samplesBox()->setValue(o.samples);

    auto done = std::make_shared<bool>(false);
    const auto shoot = [&w, o, done] {
        if (*done) return;
        *done = true;
        // Let the last coalesced updates and the repaint land before grabbing.
        QTimer::singleShot(500, &w, [&w, o] {
            // What the screenshot shows is said, and checked: a named tab that is not on screen is an error.
            QString shows;
            if (o.tabGiven && kAnalysisTabs.contains(o.tab)) {
                auto* diffusion = w.page<rs::gui::DiffusionPage>();
                const int index = static_cast<int>(kAnalysisTabs.indexOf(o.tab));
                if (!diffusion->isVisible() || diffusion->tabs()->currentIndex() != index ||
                    diffusion->visibleRegion().isEmpty()) {
                    std::fprintf(stderr,
                                 "--tab %s: the diffusion page is not on screen; no screenshot saved at %s\n",
                                 qPrintable(o.tab), qPrintable(o.path));
                    QCoreApplication::exit(1);
                    return;
                }
                shows =
                    QStringLiteral(" (the Diffusion page, tab %1)").arg(diffusion->tabs()->tabText(index));
            }
            const bool ok = w.saveScreenshot(o.path);
            std::fprintf(ok ? stdout : stderr, "%s %s%s\n",
                         ok ? "screenshot saved:" : "could not save screenshot", qPrintable(o.path),
                         qPrintable(shows));
            QCoreApplication::exit(ok ? 0 : 1);
        });
    };
    if (o.tab == QLatin1String("waves")) {
        // The waveform page over a capture of the explorer's inputs, cursor A on the current step. A capture
        // that cannot start or fails is an error: never a screenshot of another page.
        const auto fail = [o](const QString& why) {
            std::fprintf(stderr, "--tab waves: %s; no screenshot saved at %s\n", qPrintable(why),
                         qPrintable(o.path));
            QCoreApplication::exit(1);
        };
        QObject::connect(w.ipSession(), &rs::hw::IpSession::finished, &w, shoot);
        QObject::connect(w.ipSession(), &rs::hw::IpSession::failed, &w,
                         [fail](const QString&, const QString& why) { fail(why); });
        QTimer::singleShot(o.timeoutMs, &w,
                           [fail] { fail(QStringLiteral("the IP run did not finish in time")); });
        if (!w.captureExplorerInputs())
            fail(QStringLiteral("%1 has no IP core to capture (use --alg with an Ascon AEAD, LEA or "
                                "SKINNY-128-256 algorithm)")
                     .arg(QString::fromStdString(session->algorithm().id)));
        return;
    }
    rs::sessions::DiffusionSession* analysis = w.workbench()->diffusion();
    QObject::connect(analysis, &rs::sessions::DiffusionSession::finished, &w, shoot);
    QObject::connect(analysis, &rs::sessions::DiffusionSession::failed, &w, shoot);
    QObject::connect(analysis, &rs::sessions::DiffusionSession::cancelled, &w, shoot);
    QTimer::singleShot(o.timeoutMs, &w, shoot);
    if (o.tab == QLatin1String("counter"))
        diffusion->runCounterAnalysis(0, 31); // the CTR placement of paper 003, Fig. 4 (LEA: checked in main)
    else
        diffusion->runAnalysis();
    if (!analysis->running()) shoot();
}

} // namespace

int main(int argc, char* argv[]) {
    rs::fileio::ignoreFileSizeSignal(); // a file-size limit is a write error with a message, not SIGXFSZ
    QApplication app(argc, argv);
    rs::backends::registerAllRunners(); // the Campaigns page's targets
    QApplication::setOrganizationName(QStringLiteral("RoundScope"));
    QApplication::setApplicationName(QStringLiteral("RoundScope"));
    QApplication::setApplicationVersion(QStringLiteral(ROUNDSCOPE_VERSION));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("RoundScope: the Round Explorer for Ascon, LEA and SKINNY"));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption shot(
        QStringLiteral("screenshot"),
        QStringLiteral("Load a state, analyse it, save the window as PNG FILE, exit."),
        QStringLiteral("FILE"));
    const QCommandLineOption alg(QStringLiteral("alg"),
                                 QStringLiteral("Algorithm to open (e.g. ascon-p, lea-128)."),
                                 QStringLiteral("ID"));
    const QCommandLineOption dark(QStringLiteral("dark"), QStringLiteral("Start with the dark palette."));
    const QCommandLineOption light(QStringLiteral("light"), QStringLiteral("Start with the light palette."));
    const QCommandLineOption step(QStringLiteral("step"), QStringLiteral("Screenshot: step index to show."),
                                  QStringLiteral("N"));
    const QCommandLineOption mode(QStringLiteral("mode"),
                                  QStringLiteral("Screenshot: value, changed or twin."),
                                  QStringLiteral("MODE"), QStringLiteral("twin"));
    const QCommandLineOption tab(
        QStringLiteral("tab"),
        QStringLiteral("Screenshot: twin, dependency, sac, counter, or waves (the waveform page "
                       "over an IP capture of the explorer's Ascon inputs)."),
        QStringLiteral("TAB"), QStringLiteral("dependency"));
    const QCommandLineOption samples(QStringLiteral("samples"),
                                     QStringLiteral("Screenshot: analysis samples."), QStringLiteral("N"),
                                     QStringLiteral("2000"));
    const QCommandLineOption hex(QStringLiteral("hex"),
                                 QStringLiteral("Screenshot: hex cells instead of bits."));
    const QCommandLineOption size(QStringLiteral("size"), QStringLiteral("Window size WxH."),
                                  QStringLiteral("WxH"));
    parser.addOptions({shot, alg, dark, light, step, mode, tab, samples, hex, size});
    parser.process(app);

    const bool screenshot = parser.isSet(shot);
    // A screenshot must not depend on (or change) what the last session left in QSettings.
    MainWindow w(!screenshot);
    if (parser.isSet(dark)) w.setDarkTheme(true);
    if (parser.isSet(light)) w.setDarkTheme(false);
    if (parser.isSet(alg) && !w.session()->setAlgorithm(parser.value(alg))) {
        std::fprintf(stderr, "--alg: unknown algorithm '%s'\n", qPrintable(parser.value(alg)));
        return 2;
    }
    // Every option is checked before anything is shown: a screenshot of something else is never saved.
    const auto refuse = [](const char* option, const QString& value, const QString& allowed) {
        std::fprintf(stderr, "%s: '%s' is not one of %s\n", option, qPrintable(value), qPrintable(allowed));
        return 2;
    };
    if (!kShotTabs.contains(parser.value(tab)))
        return refuse("--tab", parser.value(tab), kShotTabs.join(QStringLiteral(", ")));
    if (!kModes.contains(parser.value(mode)))
        return refuse("--mode", parser.value(mode), kModes.join(QStringLiteral(", ")));
    if (parser.value(tab) == QLatin1String("counter") && !w.session()->algorithm().id.starts_with("lea")) {
        std::fprintf(stderr,
                     "--tab counter: the counter analysis is LEA-CTR's (paper 003); use --alg lea-128\n");
        return 2;
    }
    bool samplesOk = false;
    if (const int n = parser.value(samples).toInt(&samplesOk); !samplesOk || n < 0)
        return refuse("--samples", parser.value(samples), "the sample counts (0, 1, ...)");
    bool stepOk = true;
    if (parser.isSet(step) && (parser.value(step).toInt(&stepOk), !stepOk))
        return refuse("--step", parser.value(step), "the step numbers (0, 1, ...)");
    if (parser.isSet(size)) {
        const QStringList wh = parser.value(size).split(QLatin1Char('x'));
        bool wOk = false, hOk = false;
        const int width = wh.size() == 2 ? wh[0].toInt(&wOk) : 0,
                  height = wh.size() == 2 ? wh[1].toInt(&hOk) : 0;
        if (!wOk || !hOk || width < 320 || height < 240 || width > 16384 || height > 16384)
            return refuse("--size", parser.value(size), "WIDTHxHEIGHT with 320x240 to 16384x16384");
        w.resize(width, height);
        w.setPageLayout(MainWindow::defaultLayoutFor(QSize(width, height)));
    } else if (screenshot) {
        w.resize(1600, 1000);
        w.setPageLayout(MainWindow::PageLayout::Workbench);
    }
    // A small screen's window is shown maximized, so its title bar stays on the screen too; a size given
    // on the command line (or a screenshot) is exactly that size.
    if (w.startsMaximized() && !parser.isSet(size) && !screenshot)
        w.showMaximized();
    else
        w.show();
    if (screenshot) {
        ShotOptions o;
        o.path = parser.value(shot);
        o.mode = parser.value(mode);
        o.tab = parser.value(tab);
        o.tabGiven = parser.isSet(tab);
        o.hex = parser.isSet(hex);
        o.step = parser.isSet(step) ? parser.value(step).toInt() : -1;
        o.samples = parser.value(samples).toInt();
        QTimer::singleShot(300, &w, [&w, o] { scheduleScreenshot(w, o); });
    }
    return QApplication::exec();
}
