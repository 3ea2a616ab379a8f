// What the waveform page costs a user on one large FST file (issue 32, "Large files"): the same file as
// rs_bench_wavefile, but through the GUI, as GTKWave is measured (open until the hierarchy is listed and
// the view drawn; add a signal until its row is drawn). A plain program (offscreen Qt), run 3 times.
//
//   RS_WAVE_BIG_FILE=/tmp/bigfst/big.fst QT_QPA_PLATFORM=offscreen rs_bench_wavepage [SIGNAL...]
//
// Prints, one "key: value" per line:
//   open_ms               openFile until the session has the store (the reading, in its worker thread)
//   shown_ms              from then until the page has listed the signals, filled the clock box and drawn
//   add_ms <signal>       WaveformView::addSignal and the repaint that draws its row (its first window)
//   fit_repaint_ms        with those rows, the whole time range on view (fitAll): one repaint, median of 5
//                         (a file read whole, a VCD, draws it from the store's summary levels)
//   maxrss_self_kib       getrusage(RUSAGE_SELF).ru_maxrss after each step
// Without RS_WAVE_BIG_FILE it prints why and exits with 77 (ctest's "skipped").
#include <QApplication>
#include <QSignalSpy>
#include <QTest>

#include "app/ui/waveform/waveformpage.h"
#include "app/ui/waveform/waveformview.h"
#include "hw/session/waveformsession.h"
#include "tests/bench/bigfilebench.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <sys/resource.h>
#include <vector>

namespace {

using namespace rs::bench;

void printRss(const char* step) {
    rusage self{};
    getrusage(RUSAGE_SELF, &self);
    std::printf("maxrss_self_kib %s: %ld\n", step, self.ru_maxrss);
}

} // namespace

int main(int argc, char** argv) {
    const char* path = bigFile("rs_bench_wavepage");
    if (path == nullptr) return kSkipped;
    QApplication app(argc, argv);
    std::vector<std::string> names;
    for (int i = 1; i < argc; ++i)
        names.emplace_back(argv[i]);
    if (names.empty()) names = {"g[500].u.blk[2].fast", "g[501].u.blk[5].mid", "g[502].u.blk[11].slow"};

    rs::hw::WaveformSession session;
    // Connected before the page's own slots, so it stamps the moment the store arrives, before them.
    Clock::time_point read;
    QObject::connect(
        &session, &rs::hw::WaveformSession::storeChanged, &session, [&] { read = Clock::now(); },
        Qt::DirectConnection);
    rs::gui::WaveformPage page(&session);
    page.resize(1366, 768);
    page.show();
    if (!QTest::qWaitForWindowExposed(&page)) {
        std::fputs("rs_bench_wavepage: no window\n", stderr);
        return 1;
    }
    printRss("start");
    QSignalSpy changed(&session, &rs::hw::WaveformSession::storeChanged);
    QSignalSpy failed(&session, &rs::hw::WaveformSession::loadFailed);
    const auto t0 = Clock::now();
    page.openFile(QString::fromLocal8Bit(path));
    if (!QTest::qWaitFor([&] { return changed.count() > 0 || failed.count() > 0; }, 120000) ||
        failed.count()) {
        std::fprintf(stderr, "rs_bench_wavepage: %s did not open: %s\n", path,
                     failed.isEmpty() ? "timed out"
                                      : failed.first().first().toString().toLocal8Bit().constData());
        return 1;
    }
    // The page's own slots ran after the stamp; then one paint.
    page.repaint();
    const auto shown = Clock::now();
    std::printf("open_ms: %.1f\nshown_ms: %.1f\nsignals: %zu\n",
                std::chrono::duration<double, std::milli>(read - t0).count(),
                std::chrono::duration<double, std::milli>(shown - read).count(),
                page.view()->store().signalCount());
    printRss("open");

    rs::gui::WaveformView& view = *page.view();
    while (!view.rows().empty()) // each added row is then on view, and drawn
        view.removeRow(0);
    view.repaint();
    for (const std::string& name : names) {
        const auto id = findSignal(view.store(), name);
        if (!id) {
            std::fprintf(stderr, "rs_bench_wavepage: no signal named (or ending with) '%s'\n", name.c_str());
            return 2;
        }
        const auto t = Clock::now();
        view.addSignal(*id);
        view.repaint();
        std::printf("add_ms %s: %.1f\n", view.store().signal(*id).name.c_str(), msSince(t));
    }
    printRss("add");
    view.fitAll();
    view.repaint(); // a lazily read file reads the rows' windows over the whole range here
    std::vector<double> repaints;
    for (int i = 0; i < 5; ++i) {
        const auto t = Clock::now();
        view.repaint();
        repaints.push_back(msSince(t));
    }
    std::sort(repaints.begin(), repaints.end());
    std::printf("fit_repaint_ms: %.1f\n", repaints[2]);
    return 0;
}
