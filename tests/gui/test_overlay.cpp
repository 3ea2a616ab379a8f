// "Show where bits move" (issue 17): the overlay drawn by the state grid painter, checked against the
// specs (SKINNY's ShiftRows: row i rotated right by i cells; Ascon's p_L rotations; LEA's ROL9), not
// against the painter's own arithmetic: arrows join the right cells' centres, an Ascon bit's sources
// are framed at the right columns (wrapped ones dashed), the overlay changes pixels only where it draws,
// steps without a model say so; and the Round Explorer's action, click selection and exports.
#include <QtTest>

#include <QAction>
#include <QPainter>

#include "app/teach/stepexport.h"
#include "app/ui/explorer/roundexplorerpage.h"
#include "app/ui/explorer/stateview.h"
#include "core/sessions/ciphersession.h"
#include "core/teach/substeps.h"
#include "tests/gui/guitestsupport.h"

using namespace rs;

namespace {

// The Ascon spec's p_L rotation amounts of x0..x4.
constexpr int kAsconRot[5][2] = {{19, 28}, {61, 39}, {1, 6}, {10, 17}, {7, 41}};

// Ascon words are big-endian in the state bytes and drawn bit 63 first: bit b of xw is column 63 - b
// and state bit 64 w + 63 - b (core/crypto/trace.h, app/teach/stategeometry.h).
int asconColumn(int bit) {
    return 63 - bit;
}
int asconStateBit(int word, int bit) {
    return 64 * word + 63 - bit;
}

std::size_t stepNamed(const crypto::Trace& t, const std::string& name) {
    for (std::size_t i = 1; i < t.steps.size(); ++i)
        if (t.steps[i].step == name) return i;
    return 0;
}

teach::StateGrid gridOf(const crypto::Trace& t, std::size_t step, bool show, int selected = -1,
                        teach::GridFormat format = teach::GridFormat::Bits) {
    teach::GridContent c;
    c.geometry = teach::StateGeometry::fromLayout(t.layout);
    c.state = t.steps[step].state;
    c.format = format;
    c.overlay.show = show;
    c.overlay.moves = teach::bitMovesFor(t, step);
    c.overlay.selectedBit = selected;
    teach::GridStyle style;
    style.mono = QFont(QStringLiteral("monospace"));
    style.mono.setPixelSize(12);
    return teach::StateGrid(std::move(c), style);
}

std::vector<teach::GridItem> overlayItems(const teach::GridScene& sc, teach::GridItem::Kind kind) {
    std::vector<teach::GridItem> out;
    for (const auto& it : sc.items)
        if (it.overlay && it.kind == kind) out.push_back(it);
    return out;
}

bool near(const QPointF& a, const QPointF& b) {
    return std::abs(a.x() - b.x()) < 0.01 && std::abs(a.y() - b.y()) < 0.01;
}

// The grid drawn in a box of `size` at the top of an image of `imageSize` (background below).
QImage render(const teach::StateGrid& g, QSizeF size, QSize imageSize) {
    QImage img(imageSize, QImage::Format_RGB32);
    img.fill(g.style().colors.background);
    QPainter p(&img);
    p.setRenderHint(QPainter::Antialiasing, true);
    g.paint(p, QRectF(QPointF(0, 0), size));
    return img;
}

// Everything the overlay draws, widened by its pens and arrow heads.
QRegion overlayRegion(const teach::GridScene& sc) {
    QRegion r;
    for (const auto& it : sc.items) {
        if (!it.overlay) continue;
        QRectF box = it.rect;
        for (const QPointF& pt : it.points)
            box = box.united(QRectF(pt, QSizeF(0.01, 0.01)));
        r += box.adjusted(-8, -8, 8, 8).toAlignedRect();
    }
    return r;
}

// Pixels that differ between two images of the same size: how many, and how many outside `allowed`.
std::pair<int, int> differing(const QImage& a, const QImage& b, const QRegion& allowed) {
    int n = 0, outside = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x)
            if (a.pixel(x, y) != b.pixel(x, y)) {
                ++n;
                outside += allowed.contains(QPoint(x, y)) ? 0 : 1;
            }
    return {n, outside};
}

int pixelsOf(const QImage& img, const QColor& c) {
    int n = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x)
            n += img.pixel(x, y) == c.rgb() ? 1 : 0;
    return n;
}

} // namespace

class TestOverlay : public QObject {
    Q_OBJECT

  private:
    // The centre of SKINNY cell (row, col) as drawn: its one hex unit, or its cellBits bit units.
    static QPointF cellCentre(const teach::StateGrid& g, const teach::StateGrid::Metrics& m, int row,
                              int col) {
        const int units = g.unitBits() == 1 ? g.content().geometry.cellBits : 1;
        QRectF r;
        for (int u = col * units; u < (col + 1) * units; ++u)
            r = r.united(g.unitRect(m, row, u));
        return r.center();
    }

  private slots:
    void shiftRowsArrowsJoinTheCellsCentres() {
        for (const char* id : {"skinny-128-128", "skinny-64-64"})
            for (auto format : {teach::GridFormat::Bits, teach::GridFormat::Hex}) {
                const crypto::Trace t = test::referenceTrace(id);
                const std::size_t sr = stepNamed(t, "ShiftRows");
                QVERIFY(sr > 0);
                const teach::StateGrid g = gridOf(t, sr, true, -1, format);
                const QSizeF size = g.preferredSize();
                const auto m = g.metrics(size);
                const teach::GridScene sc = g.scene(size);
                const auto paths = overlayItems(sc, teach::GridItem::Kind::Path);
                int heads = 0;
                for (const auto& p : paths)
                    heads += p.arrowHead ? 1 : 0;
                QCOMPARE(heads, 12); // rows 1..3 move, row 0 stays
                for (int row = 0; row < 4; ++row)
                    for (int col = 0; col < 4; ++col) {
                        const QPointF from = cellCentre(g, m, row, col);
                        const int newCol = (col + row) % 4; // the spec: right by `row` cells
                        const QPointF to = cellCentre(g, m, row, newCol);
                        int starts = 0, ends = 0;
                        for (const auto& p : paths) {
                            if (near(p.points.front(), from)) {
                                ++starts;
                                QCOMPARE(p.dashed, col + row > 3); // wrapped arrows are dashed
                            }
                            if (p.arrowHead && near(p.points.back(), to)) {
                                ++ends;
                                QCOMPARE(p.dashed, col + row > 3);
                            }
                        }
                        QCOMPARE(starts, row == 0 ? 0 : 1);
                        QCOMPARE(ends, row == 0 ? 0 : 1);
                    }
                QVERIFY(g.overlayLegend().contains(QStringLiteral("ShiftRows")));
            }
    }

    void asconBitSourcesAreMarkedAtTheRotatedColumns() {
        const crypto::Trace t = test::referenceTrace("ascon-p");
        const std::size_t pl = stepNamed(t, "linear diffusion");
        QVERIFY(pl > 0);
        struct Case {
            int word, bit;
        };
        // x0 bit 12: bits 12, 31, 40, no wrap; x0 bit 50: 69 and 78 wrap to 5 and 14; x3 bit 60 and x4
        // bit 30 wrap both or one; x1 bit 0 none.
        for (const Case c : {Case{0, 12}, Case{0, 50}, Case{3, 60}, Case{4, 30}, Case{1, 0}}) {
            const teach::StateGrid g = gridOf(t, pl, true, asconStateBit(c.word, c.bit));
            const QSizeF size = g.preferredSize();
            const auto m = g.metrics(size);
            const teach::GridScene sc = g.scene(size);
            const auto frames = overlayItems(sc, teach::GridItem::Kind::Frame);
            QStringList bits{QString::number(c.bit)};
            bool anyWrapped = false;
            for (int r : kAsconRot[c.word]) {
                const int src = (c.bit + r) % 64;
                const bool wrapped = c.bit + r >= 64;
                anyWrapped = anyWrapped || wrapped;
                bits << QString::number(src);
                const QPointF centre = g.unitRect(m, c.word, asconColumn(src)).center();
                int found = 0;
                for (const auto& f : frames)
                    if (near(f.rect.center(), centre)) {
                        ++found;
                        QCOMPARE(f.dashed, wrapped);
                    }
                QVERIFY2(found == 1,
                         qPrintable(QStringLiteral("x%1 bit %2: source %3").arg(c.word).arg(c.bit).arg(src)));
                // A join from the source (its top) to the selected bit.
                const QPointF sel = g.unitRect(m, c.word, asconColumn(c.bit)).center();
                int joins = 0;
                for (const auto& p : overlayItems(sc, teach::GridItem::Kind::Path))
                    joins += p.arrowHead && std::abs(p.points.front().x() - centre.x()) < 0.01 &&
                                     std::abs(p.points.back().x() - sel.x()) < 0.01
                                 ? 1
                                 : 0;
                QCOMPARE(joins, 1);
            }
            // The selected bit itself: framed twice (selection and its own contribution), no other row.
            QCOMPARE(int(frames.size()), 4);
            for (const auto& f : frames)
                QVERIFY(f.rect.intersects(g.unitRect(m, c.word, 0).united(g.unitRect(m, c.word, 63))));
            QString want = QStringLiteral("x%1 bit %2 ← bits %3 of x%1 before p_L")
                               .arg(c.word)
                               .arg(c.bit)
                               .arg(bits.join(QStringLiteral(", ")));
            if (anyWrapped) want += QStringLiteral(" (dashed: wrapped around the word)");
            QCOMPARE(g.overlayLegend(), want);
        }
    }

    void leaRotationsMarkTheRotatedSource() {
        const crypto::Trace t = teach::expandLeaSubsteps(test::referenceTrace("lea-128"));
        const std::size_t rot = stepNamed(t, std::string(teach::kLeaRotations));
        QVERIFY(rot > 0);
        const teach::StateGeometry geo = teach::StateGeometry::fromLayout(t.layout);
        // X[0] = ROL9(S0): bit 9 comes from bit 0, bit 3 from bit 26 (wrapped). Bit b is column 31 - b.
        for (auto [bit, src, wrapped] : {std::tuple{9, 0, false}, std::tuple{3, 26, true}}) {
            const teach::StateGrid g = gridOf(t, rot, true, geo.bitIndex(0, 31 - bit));
            const QSizeF size = g.preferredSize();
            const auto m = g.metrics(size);
            const auto frames = overlayItems(g.scene(size), teach::GridItem::Kind::Frame);
            QCOMPARE(int(frames.size()), 2);
            QVERIFY(near(frames[1].rect.center(), g.unitRect(m, 0, 31 - src).center()));
            QCOMPARE(frames[1].dashed, wrapped);
            QVERIFY2(g.overlayLegend().startsWith(
                         QStringLiteral("X[0] bit %1 ← bit %2 of X[0] before rotations").arg(bit).arg(src)),
                     qPrintable(g.overlayLegend()));
        }
    }

    void overlayChangesPixelsOnlyWhereItDraws() {
        const crypto::Trace ascon = test::referenceTrace("ascon-p");
        const crypto::Trace skinny = test::referenceTrace("skinny-128-128");
        const std::size_t pl = stepNamed(ascon, "linear diffusion");
        const std::size_t sr = stepNamed(skinny, "ShiftRows");
        struct Case {
            const crypto::Trace* t;
            std::size_t step;
            int selected;
        };
        for (const Case c : {Case{&ascon, pl, asconStateBit(0, 50)}, Case{&skinny, sr, -1},
                             Case{&ascon, pl - 1, asconStateBit(0, 50)}}) {
            const teach::StateGrid on = gridOf(*c.t, c.step, true, c.selected);
            const teach::StateGrid off = gridOf(*c.t, c.step, false, c.selected);
            const QSize size = on.preferredSize();
            // The legend line takes its height off the bottom: the grid drawn in a box that much
            // smaller without the overlay has every cell where the overlay's grid has it.
            const double lineH = on.metrics(QSizeF(size)).overlayH;
            QVERIFY(lineH > 0);
            QCOMPARE(off.metrics(QSizeF(size)).overlayH, 0.0);
            QVERIFY(std::abs(size.height() - off.preferredSize().height() - lineH) <= 1);
            const QSizeF offSize(size.width(), size.height() - lineH);
            QCOMPARE(on.unitRect(on.metrics(QSizeF(size)), 3, 5), off.unitRect(off.metrics(offSize), 3, 5));
            const teach::GridScene onScene = on.scene(QSizeF(size));
            for (const auto& it : onScene.items) // the overlay inside the image, its legend line too
                if (it.overlay && !it.rect.isEmpty())
                    QVERIFY(QRectF(QPointF(0, 0), QSizeF(size)).contains(it.rect));
            const teach::GridScene offScene = off.scene(offSize);
            for (const auto& it : offScene.items)
                QVERIFY(!it.overlay);
            const QImage a = render(on, size, size), b = render(off, offSize, size);
            // To look at the overlay: RS_OVERLAY_DUMP=DIR writes the images drawn with it.
            if (const QString dir = qEnvironmentVariable("RS_OVERLAY_DUMP"); !dir.isEmpty())
                a.save(QStringLiteral("%1/overlay-%2-%3.png")
                           .arg(dir, QString::fromStdString(c.t->layout.name))
                           .arg(c.step));
            const auto [n, outside] = differing(a, b, overlayRegion(onScene));
            QVERIFY(n > 50);
            QCOMPARE(outside, 0);
            QVERIFY(pixelsOf(a, on.style().colors.overlay) > 20);
            QCOMPARE(pixelsOf(b, on.style().colors.overlay), 0);
        }
    }

    void stepsWithoutAModelSaySo() {
        const crypto::Trace ascon = test::referenceTrace("ascon-p");
        const crypto::Trace lea = test::referenceTrace("lea-128"); // whole rounds, no sub-steps
        for (const auto& [t, step] : {std::pair{&ascon, stepNamed(ascon, "substitution layer")},
                                      std::pair{&lea, std::size_t(1)}, std::pair{&ascon, std::size_t(0)}}) {
            const teach::StateGrid g = gridOf(*t, step, true, 5);
            const teach::GridScene sc = g.scene(g.preferredSize());
            QVERIFY(overlayItems(sc, teach::GridItem::Kind::Path).empty());
            QVERIFY(overlayItems(sc, teach::GridItem::Kind::Frame).empty());
            const auto texts = overlayItems(sc, teach::GridItem::Kind::Text);
            QCOMPARE(int(texts.size()), 1);
            QVERIFY2(texts[0].text.contains(QStringLiteral("nothing to show")), qPrintable(texts[0].text));
        }
    }

    void svgHasTheOverlay() {
        const crypto::Trace t = test::referenceTrace("skinny-64-64");
        const teach::StateGrid g = gridOf(t, stepNamed(t, "ShiftRows"), true);
        const teach::GridScene sc = g.scene(g.preferredSize());
        const QByteArray svg = teach::stateGridSvg(sc);
        QCOMPARE(int(svg.count("<polyline")), int(overlayItems(sc, teach::GridItem::Kind::Path).size()));
        QCOMPARE(int(svg.count("<polygon")), 12);
        QVERIFY(svg.contains("stroke-dasharray"));
    }

    void explorerActionClickAndExports() {
        sessions::CipherSession session;
        gui::RoundExplorerPage page(&session);
        page.resize(1300, 760);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QVERIFY(session.setAlgorithm(QStringLiteral("ascon-p")));
        QCoreApplication::processEvents();
        const std::size_t pl = stepNamed(session.trace(), "linear diffusion");
        session.setCurrentStep(int(pl));
        QCoreApplication::processEvents();
        gui::StateView* v = page.stateView();
        QAction* a = page.showMovesAction();
        QVERIFY(a != nullptr && a->isCheckable() && !a->isChecked());
        QVERIFY(!v->showsMoves());
        QVERIFY(v->grid().overlayLegend().isEmpty());
        a->trigger();
        QCoreApplication::processEvents();
        QVERIFY(v->showsMoves());
        QVERIFY(!v->moves().empty());
        // Click x0 bit 12 (column 51): it is selected and the legend names its sources.
        QTest::mouseClick(v, Qt::LeftButton, {}, v->unitRectAt(0, asconColumn(12)).center().toPoint());
        QCOMPARE(v->selectedBit(), asconStateBit(0, 12));
        QCOMPARE(v->grid().overlayLegend(), QStringLiteral("x0 bit 12 ← bits 12, 31, 40 of x0 before p_L"));
        // Shift+arrows move it (the bare arrows still step the trace): right is bit 11, down is x1.
        v->setFocus();
        QTest::keyClick(v, Qt::Key_Right, Qt::ShiftModifier);
        QCOMPARE(v->selectedBit(), asconStateBit(0, 11));
        QTest::keyClick(v, Qt::Key_Down, Qt::ShiftModifier);
        QCOMPARE(v->selectedBit(), asconStateBit(1, 11));
        QCOMPARE(session.currentStep(), int(pl));
        QCOMPARE(
            v->grid().overlayLegend(),
            QStringLiteral("x1 bit 11 ← bits 11, 8, 50 of x1 before p_L (dashed: wrapped around the word)"));
        QTest::keyClick(v, Qt::Key_Left, Qt::ShiftModifier);
        QTest::keyClick(v, Qt::Key_Up, Qt::ShiftModifier);
        QCOMPARE(v->selectedBit(), asconStateBit(0, 12));
        // The exports and the presentation get the same overlay.
        const teach::StepExportJob job = page.exportJob(int(pl), int(pl));
        QVERIFY(job.showMoves);
        QCOMPARE(job.selectedBit, asconStateBit(0, 12));
        QCOMPARE(teach::stepGrid(job, pl).overlayLegend(), v->grid().overlayLegend());
        // The substitution layer has no model: the legend says so; the selection stays for later steps.
        session.setCurrentStep(int(pl) - 1);
        QCoreApplication::processEvents();
        QVERIFY(v->moves().empty());
        QVERIFY(v->grid().overlayLegend().contains(QStringLiteral("nothing to show")));
        QCOMPARE(v->selectedBit(), asconStateBit(0, 12));
        // Esc clears the selection; off again, the view has no overlay.
        v->setFocus();
        QTest::keyClick(v, Qt::Key_Escape);
        QCOMPARE(v->selectedBit(), -1);
        a->trigger();
        QCoreApplication::processEvents();
        QVERIFY(!v->showsMoves());
        QVERIFY(!page.exportJob(0, 0).showMoves);
    }
};

QTEST_MAIN(TestOverlay)
#include "test_overlay.moc"
