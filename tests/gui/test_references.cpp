// Reference images: the state grid (Ascon bits with a twin difference, SKINNY hex cells, LEA changed
// bits) and the waveform view of Verilator's own VCD file are drawn offscreen at a fixed size and
// compared with committed PNGs in tests/gui/reference, pixel by pixel with a tolerance (anti-aliasing
// may differ by a few levels; a moved cell, a wrong colour or a missing label does not pass).
// ROUNDSCOPE_UPDATE_REFERENCES=1 rewrites the references (then look at them before committing).
#include <QtTest>

#include <QFontDatabase>
#include <QFontInfo>
#include <QStyle>

#include "app/ui/explorer/stateview.h"
#include "app/ui/waveform/waveformview.h"
#include "core/waveform/vcd.h"
#include "tests/gui/guitestsupport.h"

using namespace rs;

namespace {

/** @brief Pixels whose largest channel difference exceeds this differ. */
constexpr int kLevelTolerance = 48;
/** @brief The share of differing pixels an image may have and still match. */
constexpr double kPixelShare = 0.01;

struct Comparison {
    bool sameSize = false;
    qint64 differing = 0;
    qint64 total = 0;
    double share() const {
        return total == 0 ? 1.0 : static_cast<double>(differing) / static_cast<double>(total);
    }
};

Comparison compareImages(const QImage& a, const QImage& b) {
    Comparison c;
    c.sameSize = a.size() == b.size();
    if (!c.sameSize) return c;
    const QImage x = a.convertToFormat(QImage::Format_RGB32), y = b.convertToFormat(QImage::Format_RGB32);
    c.total = static_cast<qint64>(x.width()) * x.height();
    for (int row = 0; row < x.height(); ++row) {
        const auto* p = reinterpret_cast<const QRgb*>(x.constScanLine(row));
        const auto* q = reinterpret_cast<const QRgb*>(y.constScanLine(row));
        for (int col = 0; col < x.width(); ++col) {
            const int d =
                std::max({std::abs(qRed(p[col]) - qRed(q[col])), std::abs(qGreen(p[col]) - qGreen(q[col])),
                          std::abs(qBlue(p[col]) - qBlue(q[col]))});
            c.differing += d > kLevelTolerance ? 1 : 0;
        }
    }
    return c;
}

QString referencePath(const QString& name) {
    return QStringLiteral(RS_REFERENCE_DIR "/%1.png").arg(name);
}

/** @brief Draws the widget at its fixed size and compares it with the named reference. */
void checkAgainstReference(QWidget& widget, const QString& name) {
    widget.show();
    QVERIFY(QTest::qWaitForWindowExposed(&widget));
    const QImage shot = widget.grab().toImage();
    if (qEnvironmentVariableIsSet("ROUNDSCOPE_UPDATE_REFERENCES")) {
        QVERIFY(shot.save(referencePath(name), "PNG"));
        QSKIP(qPrintable(QStringLiteral("reference rewritten: ") + referencePath(name)));
    }
    const QImage reference(referencePath(name));
    QVERIFY2(!reference.isNull(), qPrintable(QStringLiteral("no reference image %1 (create it with "
                                                            "ROUNDSCOPE_UPDATE_REFERENCES=1)")
                                                 .arg(referencePath(name))));
    const Comparison c = compareImages(shot, reference);
    const QString failed = QDir::temp().filePath(QStringLiteral("roundscope-%1-actual.png").arg(name));
    if (!c.sameSize || c.share() > kPixelShare) shot.save(failed, "PNG");
    QVERIFY2(c.sameSize, qPrintable(QStringLiteral("%1: drawn %2×%3, reference %4×%5 (drawn image: %6)")
                                        .arg(name)
                                        .arg(shot.width())
                                        .arg(shot.height())
                                        .arg(reference.width())
                                        .arg(reference.height())
                                        .arg(failed)));
    QVERIFY2(c.share() <= kPixelShare,
             qPrintable(QStringLiteral("%1: %2 of %3 pixels differ (%4 %, at most %5 %); drawn image: %6")
                            .arg(name)
                            .arg(c.differing)
                            .arg(c.total)
                            .arg(100.0 * c.share(), 0, 'f', 2)
                            .arg(100.0 * kPixelShare, 0, 'f', 2)
                            .arg(failed)));
}

/** @brief The state view over step `step` of an algorithm's spec-example trace. */
void checkState(const std::string& algorithm, std::size_t step, gui::StateView::Mode mode,
                gui::StateView::CellFormat format, const QString& name) {
    const crypto::Trace t = test::referenceTrace(algorithm);
    QVERIFY(step > 0 && step < t.steps.size());
    gui::StateView view;
    view.setFixedSize(980, 300);
    view.setStateLayout(t.layout);
    view.setMode(mode);
    view.setCellFormat(format);
    // Changed: against the previous step. Twin: against a state with one bit of this one flipped, so the
    // highlighted bits are known without running a second trace.
    crypto::Bytes reference = t.steps[step - 1].state;
    if (mode == gui::StateView::Mode::Twin) {
        reference = t.steps[step].state;
        reference[3] ^= 0x10;
        reference[reference.size() - 1] ^= 0x81;
    }
    view.setState(t.steps[step].state, reference);
    checkAgainstReference(view, name);
}

} // namespace

class TestReferences : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() {
        // The references are drawn with DejaVu (installed by .ci/setup): another font is another image.
        QApplication::setFont(QFont(QStringLiteral("DejaVu Sans"), 9));
        QCOMPARE(QFontInfo(QApplication::font()).family(), QStringLiteral("DejaVu Sans"));
        QApplication::setStyle(QStringLiteral("Fusion"));
        QApplication::setPalette(QApplication::style()->standardPalette());
    }

    void comparisonSeesSmallChanges() {
        QImage a(200, 100, QImage::Format_RGB32);
        a.fill(Qt::white);
        QImage b = a;
        QCOMPARE(compareImages(a, b).differing, 0);
        // A 10×10 cell in another colour: 100 pixels, 0.5 % of the image.
        for (int y = 10; y < 20; ++y)
            for (int x = 10; x < 20; ++x)
                b.setPixel(x, y, qRgb(200, 40, 40));
        QCOMPARE(compareImages(a, b).differing, 100);
        // Anti-aliasing noise of a few levels is not a difference.
        QImage c = a;
        c.setPixel(5, 5, qRgb(230, 230, 230));
        QCOMPARE(compareImages(a, c).differing, 0);
        QVERIFY(!compareImages(a, a.scaled(100, 100)).sameSize);
    }

    void asconBitsTwin() {
        checkState("ascon-p", 5, gui::StateView::Mode::Twin, gui::StateView::CellFormat::Bits,
                   QStringLiteral("state-ascon-twin"));
    }

    void skinnyHexChanged() {
        checkState("skinny-128-256", 4, gui::StateView::Mode::Changed, gui::StateView::CellFormat::Hex,
                   QStringLiteral("state-skinny-hex"));
    }

    void leaBitsChanged() {
        checkState("lea-128", 3, gui::StateView::Mode::Changed, gui::StateView::CellFormat::Bits,
                   QStringLiteral("state-lea-changed"));
    }

    void waveformOfVerilatorsVcd() {
        auto store = std::make_shared<waveform::WaveformStore>(
            waveform::readVcdFile(RS_WAVE_DATA_DIR "/verilator.vcd"));
        QVERIFY(store->signalCount() >= 3);
        gui::WaveformView view;
        view.setFixedSize(900, 200);
        view.setStore(store);
        for (waveform::SignalId id = 0; id < 5 && id < store->signalCount(); ++id)
            view.addSignal(id);
        view.setCursor(40);
        checkAgainstReference(view, QStringLiteral("waveform-verilator"));
    }
};

QTEST_MAIN(TestReferences)
#include "test_references.moc"
