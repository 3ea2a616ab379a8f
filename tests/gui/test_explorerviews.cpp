// Issue 34, "every view right for every algorithm": the Round Explorer's views offscreen. The ML-DSA grid
// shows all 256 coefficients (6 hex digits, labels unclipped, the butterfly pair framed and scrolled to);
// the twin chart and the SAC tab say what a linear transform has instead of a random permutation's n/2;
// side by side shows each side's own values; an algorithm change starts the grid at its top left; the
// legends, the explanation's height, the chart's ticks and the dark palette's bits are legible; F5 with an
// invalid input refuses and names the field. Set RS_EXPLORER_SHOTS=<prefix> to write screenshots.
#include <QtTest>

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>

#include <qcustomplot.h>

#include <cmath>
#include <set>

#include "app/charts/sacheatmap.h"
#include "app/charts/theme.h"
#include "app/charts/twinflipchart.h"
#include "app/ui/explorer/diffusionpage.h"
#include "app/ui/explorer/inputpanel.h"
#include "app/ui/explorer/roundexplorerpage.h"
#include "app/ui/explorer/sidebysidepage.h"
#include "app/ui/explorer/stateview.h"
#include "app/ui/explorer/statezoomarea.h"
#include "app/ui/explorer/stepcontrols.h"
#include "app/ui/window/mainwindow.h"
#include "core/crypto/mldsantt.h"
#include "core/sessions/ciphersession.h"
#include "core/sessions/diffusionsession.h"
#include "tests/gui/guitestsupport.h"

using namespace rs;
using gui::RoundExplorerPage;
using sessions::CipherSession;

namespace {

// WCAG 2 relative luminance and contrast ratio.
double luminance(const QColor& c) {
    const auto lin = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF());
}

double contrast(const QColor& a, const QColor& b) {
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// A colour as drawn over the background (alpha composed).
QColor over(const QColor& c, const QColor& background) {
    const double a = c.alphaF();
    return QColor::fromRgbF(float(c.redF() * a + background.redF() * (1 - a)),
                            float(c.greenF() * a + background.greenF() * (1 - a)),
                            float(c.blueF() * a + background.blueF() * (1 - a)));
}

// The text item drawn exactly in a rectangle (a cell's text), or nullptr.
const teach::GridItem* textIn(const teach::GridScene& sc, const QRectF& r) {
    for (const teach::GridItem& it : sc.items)
        if (it.kind == teach::GridItem::Kind::Text && it.rect == r) return &it;
    return nullptr;
}

QString coefficientHex(const crypto::Bytes& state, int index) {
    const std::uint32_t v = crypto::loadBe32(state.data() + 4 * index);
    return QStringLiteral("%1").arg(v, 6, 16, QLatin1Char('0')).toUpper();
}

void shoot(QWidget& w, const char* name) {
    const QByteArray prefix = qgetenv("RS_EXPLORER_SHOTS");
    if (!prefix.isEmpty()) w.grab().save(QString::fromLocal8Bit(prefix) + QString::fromLatin1(name));
}

RoundExplorerPage* explorerOf(gui::MainWindow& w) {
    return w.findChild<RoundExplorerPage*>();
}

} // namespace

class TestExplorerViews : public QObject {
    Q_OBJECT

  private slots:
    // Item 1: every coefficient of every row, as 6 hex digits, inside the view (the area scrolls to it),
    // the row labels whole.
    void mldsaGridShowsEveryCoefficient() {
        gui::MainWindow w(false);
        w.resize(1366, 768);
        w.setPageLayout(gui::MainWindow::defaultLayoutFor(QSize(1366, 768)));
        QVERIFY(w.session()->setAlgorithm(QStringLiteral("mldsa-ntt")));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        RoundExplorerPage* page = explorerOf(w);
        QVERIFY(page != nullptr);
        w.showPage(page);
        QApplication::processEvents();
        shoot(w, "explorer-mldsa.png");
        gui::StateView* view = page->stateView();
        const teach::StateGrid grid = view->grid();
        QCOMPARE(grid.unitsPerRow(), 16);
        const teach::GridScene sc = grid.scene(view->size());
        const crypto::Bytes& state = view->displayedState();
        QCOMPARE(state.size(), std::size_t{1024});
        const QFontMetricsF fm(grid.style().mono);
        for (int r = 0; r < 16; ++r) {
            for (int c = 0; c < 16; ++c) {
                const QRectF cell = view->unitRectAt(r, c);
                const teach::GridItem* t = textIn(sc, cell);
                QVERIFY2(t != nullptr, qPrintable(QStringLiteral("no text in cell %1,%2").arg(r).arg(c)));
                QCOMPARE(t->text, coefficientHex(state, 16 * r + c));
                QVERIFY(fm.horizontalAdvance(t->text) <= cell.width());
                QVERIFY(QRectF(view->rect()).contains(cell));
            }
            // The row label is whole: its box holds its text and starts inside the view.
            const QString label = view->geometry().rowLabel(r);
            bool found = false;
            for (const teach::GridItem& it : sc.items)
                if (it.kind == teach::GridItem::Kind::Text && it.text == label) {
                    found = true;
                    QVERIFY2(it.rect.left() >= 0 && fm.horizontalAdvance(label) <= it.rect.width(),
                             qPrintable(label));
                    QVERIFY(it.rect.right() <= view->unitRectAt(r, 0).left());
                }
            QVERIFY2(found, qPrintable(label));
        }
        // The last column can be scrolled to; zoomed out, all of it fits the visible area.
        gui::StateZoomArea* area = page->stateArea();
        area->horizontalScrollBar()->setValue(area->horizontalScrollBar()->maximum());
        const QRect lastCell = view->unitRectAt(0, 15).toAlignedRect();
        QVERIFY(area->viewport()->rect().intersects(
            QRect(view->mapTo(area->viewport(), lastCell.topLeft()), lastCell.size())));
        while (view->zoom() > gui::StateView::kMinZoom + 1e-9)
            page->zoomOutAction()->trigger();
        QApplication::processEvents();
        QVERIFY2(view->unitRectAt(0, 15).right() <= area->viewport()->width(),
                 qPrintable(QStringLiteral("%1 > %2")
                                .arg(view->unitRectAt(0, 15).right())
                                .arg(area->viewport()->width())));
    }

    // Item 1: butterfly by butterfly, the pair is framed and scrolled into view.
    void mldsaButterflyPairIsFramedAndVisible() {
        CipherSession session;
        RoundExplorerPage page(&session);
        page.resize(1366, 700);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QVERIFY(session.setAlgorithm(QStringLiteral("mldsa-ntt")));
        session.setSubsteps(true);
        QApplication::processEvents();
        // The 16 rows are taller than the area: a pair in the lower rows must be scrolled to.
        QVERIFY(page.stateArea()->verticalScrollBar()->maximum() > 0);
        const auto framedCells = [&](gui::StateView* v) {
            std::set<int> cells;
            const teach::GridScene sc = v->grid().scene(v->size());
            for (const teach::GridItem& it : sc.items) {
                if (it.kind != teach::GridItem::Kind::Frame || it.overlay) continue;
                for (int c = 0; c < 256; ++c)
                    if (it.rect.contains(v->unitRectAt(c / 16, c % 16).center())) cells.insert(c);
            }
            return cells;
        };
        for (const int step : {1, session.stepCount() - 2}) {
            session.setCurrentStep(step);
            QApplication::processEvents();
            const QString title = page.stepTitle()->text();
            const QRegularExpression re(QStringLiteral("butterfly \\d+: \\((\\d+), (\\d+)\\)"));
            const auto match = re.match(title);
            QVERIFY2(match.hasMatch(), qPrintable(title));
            const int a = match.captured(1).toInt(), b = match.captured(2).toInt();
            QCOMPARE(framedCells(page.stateView()), (std::set<int>{a, b}));
            shoot(page, step == 1 ? "butterfly-first.png" : "butterfly-last.png");
            for (const int c : {a, b}) {
                const QRect cell = page.stateView()->unitRectAt(c / 16, c % 16).toAlignedRect();
                const QRect shown(page.stateView()->mapTo(page.stateArea()->viewport(), cell.topLeft()),
                                  cell.size());
                QVERIFY2(page.stateArea()->viewport()->rect().contains(shown),
                         qPrintable(QStringLiteral("coefficient %1 of %2 not in view").arg(c).arg(title)));
            }
        }
        // A layer step frames nothing.
        session.setSubsteps(false);
        session.setCurrentStep(1);
        QApplication::processEvents();
        QVERIFY(framedCells(page.stateView()).empty());
    }

    // Item 2: no random-permutation line for a linear transform (and why), but for a cipher; the SAC tab
    // says why there is no SAC instead of asking for samples.
    void linearTransformHasNoRandomPermutationLine() {
        CipherSession session;
        sessions::DiffusionSession diffusion;
        gui::DiffusionPage page(&session, &diffusion);
        page.resize(1100, 600);
        page.show();
        const auto lineTexts = [&] {
            QStringList texts;
            QCustomPlot* plot = page.twinChart()->plot();
            for (int i = 0; i < plot->itemCount(); ++i)
                if (auto* t = qobject_cast<QCPItemText*>(plot->item(i))) texts << t->text();
            return texts.join(QLatin1Char('\n'));
        };
        QVERIFY(session.setAlgorithm(QStringLiteral("ascon-p")));
        session.setFlip(session.flipField(), 3);
        QTRY_VERIFY(!page.twinChart()->flips().empty());
        QVERIFY(lineTexts().contains(QStringLiteral("random permutation")));
        QVERIFY(session.setAlgorithm(QStringLiteral("mldsa-ntt")));
        session.setFlip(session.flipField(), 32 * 5 + 31);
        QTRY_VERIFY(session.hasTwin());
        QTRY_COMPARE(page.twinChart()->flips().size(), std::size_t{9});
        QApplication::processEvents();
        QVERIFY2(!lineTexts().contains(QStringLiteral("random permutation")), qPrintable(lineTexts()));
        QVERIFY2(lineTexts().contains(QStringLiteral("linear")), qPrintable(lineTexts()));
        shoot(page, "twinchart-mldsa.png");
        // The SAC tab: the reason, not a request for samples.
        page.tabs()->setCurrentIndex(2);
        auto* note = page.findChild<QLabel*>(QStringLiteral("sacNote"));
        QVERIFY(note != nullptr);
        QVERIFY(note->isVisible());
        QVERIFY2(note->text().contains(QStringLiteral("linear over Z_q")), qPrintable(note->text()));
        QVERIFY(!page.sacHeatmap()->isVisible());
        shoot(page, "sac-mldsa.png");
        QVERIFY(session.setAlgorithm(QStringLiteral("lea-128")));
        QVERIFY(!note->isVisible());
        QVERIFY(page.sacHeatmap()->isVisible());
    }

    // Item 3: side by side, each grid shows its own side's coefficients (highlighted where they differ).
    void sideBySideShowsEachSidesValues() {
        CipherSession left, right;
        gui::SideBySidePage page(&left, &right);
        page.resize(1366, 700);
        page.show();
        QVERIFY(left.setAlgorithm(QStringLiteral("mldsa-ntt")));
        page.copyLeftWithOneBitFlipped();
        page.setPosition(8);
        QVERIFY(page.comparison().comparable);
        int differing = 0;
        for (const auto side : {gui::SideBySidePage::Left, gui::SideBySidePage::Right}) {
            gui::StateView* v = page.stateView(side);
            const teach::GridScene sc = v->grid().scene(v->size());
            const crypto::Bytes& own = v->displayedState();
            QVERIFY(own != v->reference());
            for (int c = 0; c < 256; ++c) {
                const teach::GridItem* t = textIn(sc, v->unitRectAt(c / 16, c % 16));
                QVERIFY(t != nullptr);
                QCOMPARE(t->text, coefficientHex(own, c));
                differing += coefficientHex(own, c) != coefficientHex(v->reference(), c) ? 1 : 0;
            }
        }
        QCOMPARE(differing, 2 * 256);
        shoot(page, "sidebyside-mldsa.png");
    }

    // Item 4: an algorithm change starts the new grid at its top left.
    void algorithmChangeResetsTheScroll() {
        CipherSession session;
        RoundExplorerPage page(&session);
        page.resize(1366, 700);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QVERIFY(session.setAlgorithm(QStringLiteral("mldsa-ntt")));
        QApplication::processEvents();
        page.stateView()->setZoom(2.0);
        QApplication::processEvents();
        QScrollBar* h = page.stateArea()->horizontalScrollBar();
        QScrollBar* v = page.stateArea()->verticalScrollBar();
        QVERIFY(h->maximum() > 0 && v->maximum() > 0);
        h->setValue(h->maximum());
        v->setValue(v->maximum());
        QVERIFY(session.setAlgorithm(QStringLiteral("ascon-p")));
        QApplication::processEvents();
        QCOMPARE(h->value(), 0);
        QCOMPARE(v->value(), 0);
    }

    // Item 5: the "Where bits move" line stays inside the view in a narrow (docked) explorer.
    void overlayLegendIsNotClipped() {
        CipherSession session;
        RoundExplorerPage page(&session);
        page.resize(900, 520);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QVERIFY(session.setAlgorithm(QStringLiteral("skinny-64-64")));
        page.showMovesAction()->setChecked(true);
        for (int step = 0; step < 4; ++step) {
            session.setCurrentStep(step);
            QApplication::processEvents();
            gui::StateView* v = page.stateView();
            const teach::StateGrid g = v->grid();
            const teach::GridScene sc = g.scene(v->size());
            const QFontMetricsF fm(g.style().mono);
            QString drawn;
            for (const teach::GridItem& it : sc.items)
                if (it.overlay && it.kind == teach::GridItem::Kind::Text) {
                    drawn += (drawn.isEmpty() ? QString() : QStringLiteral(" ")) + it.text;
                    QVERIFY2(QRectF(v->rect()).contains(it.rect), qPrintable(it.text));
                    QVERIFY(fm.horizontalAdvance(it.text) <= it.rect.width());
                }
            QCOMPARE(drawn.simplified(), g.overlayLegend().simplified());
        }
    }

    // Item 5: the same in the workbench layout (the explorer a dock above the lower area), with the wrapped
    // lines inside the view's box and the view tall enough for them (it scrolls rather than cuts them).
    void overlayLegendFitsTheWorkbench_data() {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1600x1000") << QSize(1600, 1000);
        QTest::newRow("1920x1200") << QSize(1920, 1200);
    }

    void overlayLegendFitsTheWorkbench() {
        QFETCH(QSize, size);
        gui::MainWindow w(false);
        w.resize(size);
        w.setPageLayout(gui::MainWindow::defaultLayoutFor(size));
        QVERIFY(w.session()->setAlgorithm(QStringLiteral("ascon-p")));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        RoundExplorerPage* page = explorerOf(w);
        page->showMovesAction()->setChecked(true);
        w.session()->setCurrentStep(3);
        page->stateView()->setSelectedBit(0); // its sources: the longest legend line
        QApplication::processEvents();
        shoot(w, size.width() == 1600 ? "workbench-moves-1600.png" : "workbench-moves.png");
        gui::StateView* v = page->stateView();
        const teach::StateGrid g = v->grid();
        const teach::GridScene sc = g.scene(v->size());
        int lines = 0;
        for (const teach::GridItem& it : sc.items)
            if (it.overlay && it.kind == teach::GridItem::Kind::Text) {
                ++lines;
                QVERIFY2(QRectF(v->rect()).contains(it.rect), qPrintable(it.text));
            }
        QVERIFY(lines >= 1);
        QVERIFY(v->height() >= qCeil(g.minimumHeight(v->width())));
    }

    // Item 5: the explanation keeps one height, so the grid stays put from step to step.
    void gridDoesNotJumpWithTheExplanation() {
        CipherSession session;
        RoundExplorerPage page(&session);
        page.resize(1000, 700);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QVERIFY(session.setAlgorithm(QStringLiteral("ascon-128")));
        std::set<int> tops, lines;
        const QFontMetrics fm(page.stepExplanation()->font());
        for (int step = 0; step < session.stepCount(); ++step) {
            session.setCurrentStep(step);
            QApplication::processEvents();
            tops.insert(page.stateArea()->geometry().top());
            const int width = page.stepExplanation()->width();
            lines.insert(
                fm.boundingRect(QRect(0, 0, width, 10000), Qt::TextWordWrap, page.stepExplanation()->text())
                    .height());
        }
        QVERIFY2(lines.size() > 1, "the steps' explanations should differ in height");
        QCOMPARE(tops.size(), std::size_t{1});
    }

    // Item 5: the twin chart's x axis ticks are whole steps.
    void twinChartTicksAreIntegers_data() {
        QTest::addColumn<int>("points");
        for (const int n : {3, 5, 9, 11, 13, 17})
            QTest::newRow(qPrintable(QString::number(n))) << n;
    }

    void twinChartTicksAreIntegers() {
        QFETCH(int, points);
        crypto::Trace main, twin;
        for (int i = 0; i < points; ++i) {
            crypto::TraceStep s;
            s.round = i;
            s.step = "round";
            s.state = crypto::Bytes(8, 0);
            main.steps.push_back(s);
            s.state[0] = static_cast<std::uint8_t>(i);
            twin.steps.push_back(s);
        }
        charts::TwinFlipChart chart;
        chart.resize(700, 400);
        chart.setTraces(main, twin, 0, false);
        QCOMPARE(static_cast<int>(chart.flips().size()), points);
        chart.show();
        (void)chart.grab();
        chart.plot()->replot();
        const QVector<double> ticks = chart.plot()->xAxis->tickVector();
        QVERIFY(!ticks.isEmpty());
        for (const double t : ticks)
            QVERIFY2(std::abs(t - std::round(t)) < 1e-9, qPrintable(QString::number(t)));
    }

    // Item 5: in Changed and Twin modes every shade the cells use has its own legend swatch, and the two
    // shades of a highlighted bit (now 1 / now 0) differ from each other and from the plain bits.
    void legendShadesAreDistinct_data() {
        QTest::addColumn<bool>("twin");
        QTest::addColumn<bool>("dark");
        QTest::newRow("changed light") << false << false;
        QTest::newRow("twin light") << true << false;
        QTest::newRow("changed dark") << false << true;
        QTest::newRow("twin dark") << true << true;
    }

    void legendShadesAreDistinct() {
        QFETCH(bool, twin);
        QFETCH(bool, dark);
        gui::StateView v;
        v.setPalette(charts::themePalette(dark ? charts::Theme::Dark : charts::Theme::Light));
        v.resize(1000, 400);
        crypto::StateLayout layout;
        layout.name = "lea-128";
        v.setStateLayout(layout);
        v.setMode(twin ? gui::StateView::Mode::Twin : gui::StateView::Mode::Changed);
        crypto::Bytes a(16), b(16);
        for (int i = 0; i < 16; ++i) {
            a[std::size_t(i)] = static_cast<std::uint8_t>(0x5a + 17 * i);
            b[std::size_t(i)] = static_cast<std::uint8_t>(a[std::size_t(i)] ^ (i % 3 == 0 ? 0xf0 : 0x0f));
        }
        v.setState(a, b);
        const teach::StateGrid g = v.grid();
        const teach::GridScene sc = g.scene(v.size());
        const QColor bg = sc.background;
        std::set<QRgb> cellShades, legendShades;
        std::vector<QColor> legend;
        const double legendTop = v.unitRectAt(3, 0).bottom();
        for (const teach::GridItem& it : sc.items) {
            if (it.kind != teach::GridItem::Kind::Box || it.overlay) continue;
            const QRgb shade = over(it.color, bg).rgb();
            if (it.rect.top() > legendTop) {
                QVERIFY2(
                    legendShades.insert(shade).second,
                    qPrintable(QStringLiteral("two legend swatches share %1").arg(QColor(shade).name())));
                legend.push_back(QColor(shade));
            } else {
                cellShades.insert(shade);
            }
        }
        QCOMPARE(cellShades.size(), std::size_t{4}); // highlighted 1 / 0, plain 1 / 0
        for (const QRgb s : cellShades)
            QVERIFY2(legendShades.count(s) == 1,
                     qPrintable(QStringLiteral("%1 has no legend swatch").arg(QColor(s).name())));
        for (std::size_t i = 0; i < legend.size(); ++i)
            for (std::size_t j = i + 1; j < legend.size(); ++j)
                QVERIFY2(contrast(legend[i], legend[j]) > 1.15 ||
                             std::abs(legend[i].hueF() - legend[j].hueF()) > 0.05,
                         qPrintable(legend[i].name() + QStringLiteral(" ~ ") + legend[j].name()));
    }

    // Item 5: in the dark palette a 0 and a 1 bit are clearly apart (contrast ratio ≥ 3:1), in every mode,
    // measured on the rendered pixels.
    void darkBitsHaveContrast_data() {
        QTest::addColumn<int>("mode");
        QTest::newRow("value") << int(gui::StateView::Mode::Value);
        QTest::newRow("changed") << int(gui::StateView::Mode::Changed);
        QTest::newRow("twin") << int(gui::StateView::Mode::Twin);
    }

    void darkBitsHaveContrast() {
        QFETCH(int, mode);
        gui::StateView v;
        v.setPalette(charts::themePalette(charts::Theme::Dark));
        v.resize(1000, 400);
        crypto::StateLayout layout;
        layout.name = "lea-128";
        v.setStateLayout(layout);
        v.setMode(static_cast<gui::StateView::Mode>(mode));
        crypto::Bytes a(16, 0x0f);
        v.setState(a, a); // nothing highlighted: only plain (or dimmed) bits
        const QImage img = v.grab().toImage();
        if (mode == int(gui::StateView::Mode::Changed)) shoot(v, "dark-changed.png");
        // LEA X[0] bit 31..28 are 0 (byte 3 = 0x0f, little-endian: bits 31..24 come from byte 3), 27..24 1.
        QCOMPARE(v.geometry().bitIndex(0, 0), 3 * 8);
        const QColor zero = img.pixelColor(v.unitRectAt(0, 0).center().toPoint());
        const QColor one = img.pixelColor(v.unitRectAt(0, 4).center().toPoint());
        const QColor bg = img.pixelColor(2, 2);
        QVERIFY2(
            contrast(zero, one) >= 3.0,
            qPrintable(QStringLiteral("%1 vs %2: %3").arg(zero.name(), one.name()).arg(contrast(zero, one))));
        // The 0 cells still stand out from the background.
        QVERIFY2(zero.rgb() != bg.rgb(), qPrintable(zero.name()));
        const charts::StateColors c = charts::stateColors(charts::themePalette(charts::Theme::Dark));
        QVERIFY(contrast(c.zero, c.one) >= 3.0);
        QVERIFY(contrast(c.dimZero, c.dimOne) >= 3.0);
    }

    // Item 6: F5 with an invalid explorer input refuses, naming the field; nothing runs.
    void analysisRefusesInvalidInputs() {
        CipherSession session;
        sessions::DiffusionSession diffusion;
        gui::DiffusionPage page(&session, &diffusion);
        QVERIFY(session.setAlgorithm(QStringLiteral("ascon-128")));
        session.setInput(QStringLiteral("key"), QStringLiteral("12zz"));
        QVERIFY(!session.inputsValid());
        QSignalSpy notices(&page, &gui::DiffusionPage::notice);
        QSignalSpy started(&diffusion, &sessions::DiffusionSession::started);
        page.runAnalysis();
        QTest::qWait(50);
        QCOMPARE(started.count(), 0);
        QVERIFY(!diffusion.running());
        QCOMPARE(notices.size(), 1);
        const QString note = notices.front().front().toString();
        const QString label = QString::fromStdString(session.algorithm().field("key")->label);
        QVERIFY(!label.isEmpty());
        QVERIFY2(note.contains(label) && note.contains(session.firstInputError()), qPrintable(note));
        QVERIFY2(page.summaryLabel()->text().contains(label), qPrintable(page.summaryLabel()->text()));
        // Valid again: it runs.
        session.resetInputs();
        QVERIFY(session.inputsValid());
        page.runAnalysis();
        QTRY_COMPARE(started.count(), 1);
        diffusion.cancel();
        QTRY_VERIFY_WITH_TIMEOUT(!diffusion.running(), 20000);
    }
};

QTEST_MAIN(TestExplorerViews)
#include "test_explorerviews.moc"
