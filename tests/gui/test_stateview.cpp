// StateGeometry's bit mapping (checked against the layouts' documented encodings) and the state
// view's modes, drawn offscreen.
#include <QtTest>

#include <QFontDatabase>

#include "app/ui/explorer/inputbitsview.h"
#include "app/ui/explorer/stategeometry.h"
#include "app/ui/explorer/stateview.h"
#include "core/crypto/lea.h"
#include "tests/gui/guitestsupport.h"

using namespace rs;
using gui::StateGeometry;
using gui::StateView;

class TestStateView : public QObject {
    Q_OBJECT

  private slots:
    void asconRowsAreBigEndianWords() {
        const StateGeometry g = StateGeometry::fromLayout(crypto::asconLayout());
        QCOMPARE(g.rows, 5);
        QCOMPARE(g.rowBits, 64);
        QCOMPARE(g.title, QStringLiteral("Ascon 5×64"));
        QCOMPARE(g.bitIndex(0, 0), 0);    // x0 bit 63 = MSB of byte 0
        QCOMPARE(g.bitIndex(1, 0), 64);   // x1 bit 63 = MSB of byte 8
        QCOMPARE(g.bitIndex(4, 63), 319); // x4 bit 0 = LSB of byte 39
        QCOMPARE(g.rowLabel(2), QStringLiteral("x2"));
    }

    void leaRowsAreLittleEndianWords() {
        const StateGeometry g = StateGeometry::fromLayout(crypto::Lea::layout());
        QCOMPARE(g.rows, 4);
        QCOMPARE(g.rowBits, 32);
        QCOMPARE(g.title, QStringLiteral("LEA 4×32"));
        // X[0] bit 31 is the MSB of byte 3; X[0] bit 0 the LSB of byte 0; X[2] bit 8 is byte 9's LSB.
        QCOMPARE(g.bitIndex(0, 0), 3 * 8);
        QCOMPARE(g.bitIndex(0, 31), 7);
        QCOMPARE(g.bitIndex(2, 31 - 8), 9 * 8 + 7);
        QCOMPARE(g.rowLabel(3), QStringLiteral("X[3]"));
    }

    void skinnyCellsFillRowByRow() {
        const auto* a64 = oracle::findBlock("skinny-64-64");
        const auto* a128 = oracle::findBlock("skinny-128-256");
        const StateGeometry g64 = StateGeometry::fromLayout(a64->make(crypto::Bytes(8), 0)->stateLayout());
        const StateGeometry g128 = StateGeometry::fromLayout(a128->make(crypto::Bytes(32), 0)->stateLayout());
        QCOMPARE(g64.rowBits, 16);
        QCOMPARE(g128.rowBits, 32);
        // SKINNY-64: cell 1 (row 0, second cell) is the low nibble of byte 0.
        QCOMPARE(g64.bitIndex(0, 4), 4);
        // Cell 5 (row 1, col 1): SKINNY-64 byte 2's low nibble, SKINNY-128 byte 5.
        QCOMPARE(g64.bitIndex(1, 4), 5 * 4);
        QCOMPARE(g128.bitIndex(1, 8), 5 * 8);
        QCOMPARE(g128.columnLabel(1, 8), QStringLiteral("cell 5 bit 7"));
    }

    void modesHighlightTheRightBits() {
        StateView v;
        v.resize(900, 260);
        v.setStateLayout(crypto::Lea::layout());
        crypto::Bytes a(16, 0), b(16, 0);
        b[0] = 0x01;  // X[0] bit 0
        b[15] = 0x80; // X[3] bit 31
        v.setState(a, b);
        QCOMPARE(v.displayedState(), a);
        QCOMPARE(v.highlightedBits(), 0); // Value mode highlights nothing
        v.setMode(StateView::Mode::Twin);
        QCOMPARE(v.highlightedBits(), 2);
        QVERIFY(v.isHighlighted(7));
        QVERIFY(v.isHighlighted(15 * 8));
        v.setMode(StateView::Mode::Changed);
        QCOMPARE(v.highlightedBits(), 2);
        v.setState(a, {}); // no previous step
        QCOMPARE(v.highlightedBits(), 0);
    }

    void bothFormatsDrawInBothPalettes() {
        StateView v;
        v.resize(1000, 300);
        v.setStateLayout(crypto::asconLayout());
        crypto::Bytes s = crypto::fromHex(sessions::findExplorerAlgorithm("ascon-p")->fields[0].defaultHex);
        crypto::Bytes t = s;
        t[3] ^= 0x10;
        v.setState(s, t);
        v.setMode(StateView::Mode::Twin);
        for (const bool hex : {false, true}) {
            v.setCellFormat(hex ? StateView::CellFormat::Hex : StateView::CellFormat::Bits);
            const QImage img = v.grab().toImage();
            QVERIFY2(test::distinctColours(img) > 4, hex ? "hex cells" : "bits");
        }
    }

    void theSameLayoutAgainChangesNothing() {
        QWidget parent;
        auto* v = new StateView(&parent);
        v->setStateLayout(crypto::Lea::layout());
        QCOMPARE(v->geometryUpdates(), 1);
        crypto::Bytes a(16, 0x5a);
        v->setState(a, {});
        for (int i = 0; i < 5; ++i)
            v->setStateLayout(crypto::Lea::layout());
        QCOMPARE(v->geometryUpdates(), 1);
        QCOMPARE(v->displayedState(), a); // kept: same grid
        v->setStateLayout(crypto::asconLayout());
        QCOMPARE(v->geometryUpdates(), 2);
        QVERIFY(v->displayedState().empty()); // another grid: the old state is dropped
        QCOMPARE(v->focusPolicy(), Qt::StrongFocus);
    }

    void hexCellsFitTheirTextInALargeFont() {
        const auto* a128 = oracle::findBlock("skinny-128-256");
        StateView v;
        QFont big = v.font();
        big.setPointSizeF(60);
        v.setFont(big);
        v.resize(2400, 900);
        v.setStateLayout(a128->make(crypto::Bytes(32), 0)->stateLayout());
        v.setCellFormat(StateView::CellFormat::Hex);
        v.setState(crypto::Bytes(16, 0xab), {});
        // Two hex digits at 60 pt are wider than the usual 64 px cap: the cell grows with its text.
        QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
        mono.setPointSizeF(60);
        const double text = QFontMetricsF(mono).horizontalAdvance(QStringLiteral("FF"));
        QVERIFY(text + 8 > 64);
        QVERIFY2(v.unitRectAt(0, 0).width() >= text + 8,
                 qPrintable(QString::number(v.unitRectAt(0, 0).width())));
        QVERIFY(v.unitRectAt(0, 1).left() >= v.unitRectAt(0, 0).right());
    }

    void inputBitsClickChoosesABit() {
        gui::InputBitsView bits;
        bits.resize(bits.sizeHint());
        bits.setBytes(crypto::Bytes(16, 0xA5));
        QSignalSpy spy(&bits, &gui::InputBitsView::bitClicked);
        QTest::mouseClick(&bits, Qt::LeftButton, {}, bits.bitCenter(77));
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toInt(), 77);
        QCOMPARE(bits.selectedBit(), 77);
        QCOMPARE(bits.bitAt(bits.bitCenter(0)), 0);
    }
};

QTEST_MAIN(TestStateView)
#include "test_stateview.moc"
