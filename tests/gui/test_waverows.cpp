// The waveform view's rows (issue 32, "Buses" and "Rows"): a radix per row from the context menu (signed,
// ASCII, an enum mapping file's names), F2 renames a row (the signal's name stays in the tooltip), a
// separator and a comment inserted from the context menu, a bus expanded into its bits and back, bits
// grouped into one bus row; the view paints them all, and a separator selected is harmless to searches.
#include <QtTest>

#include <QAction>
#include <QContextMenuEvent>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenu>
#include <QTemporaryDir>

#include <fstream>
#include <functional>

#include "app/ui/waveform/waveformview.h"

using namespace rs;
using waveform::RowKind;

namespace {

// 100 ticks: bus (8 bits) 0xFE then 0x41 from 50; phase (2 bits) 0 then 3 from 50; a and b (1 bit).
std::shared_ptr<waveform::WaveformStore> trace() {
    auto s = std::make_shared<waveform::WaveformStore>();
    const auto bus = s->addSignal("bus", 8, "top");
    const auto phase = s->addSignal("phase", 2, "top");
    const auto a = s->addSignal("a", 1, "top");
    const auto b = s->addSignal("b", 1, "top");
    s->sample(bus, 0, 0xFE);
    s->sample(bus, 50, 0x41);
    s->sample(phase, 0, 0);
    s->sample(phase, 50, 3);
    s->sample(a, 0, 1);
    s->sample(b, 0, 0);
    s->sample(b, 30, 1);
    s->advance(100);
    return s;
}

/** Runs `act` on the next popup menu or dialog once it is shown. */
void whenShown(std::function<void()> act) {
    QTimer::singleShot(0, [act = std::move(act)] { act(); });
}

/** Opens the row context menu over a row's name and triggers the action whose text starts with `text`. */
bool chooseFromMenu(gui::WaveformView& view, int row, const QString& text, std::function<void()> then = {}) {
    bool found = false;
    whenShown([&] {
        auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
        if (!menu) return;
        const std::function<QAction*(QMenu*)> find = [&](QMenu* m) -> QAction* {
            for (QAction* a : m->actions()) {
                if (a->menu())
                    if (QAction* inner = find(a->menu())) return inner;
                if (a->text().startsWith(text) && a->isEnabled()) return a;
            }
            return nullptr;
        };
        QAction* a = find(menu);
        menu->close();
        if (a) {
            found = true;
            if (then) whenShown(then); // a dialog the action opens
            a->trigger();
        }
    });
    const QPoint pos(20, gui::WaveformView::kRulerHeight + row * gui::WaveformView::kRowHeight + 5);
    QContextMenuEvent event(QContextMenuEvent::Mouse, pos, view.viewport()->mapToGlobal(pos));
    QApplication::sendEvent(view.viewport(), &event);
    return found;
}

} // namespace

class TestWaveRows : public QObject {
    Q_OBJECT

  private slots:
    void radixPerRowAndEnumFile() {
        gui::WaveformView view;
        view.resize(900, 400);
        view.setStore(trace());
        for (waveform::SignalId id = 0; id < 4; ++id)
            view.addSignal(id);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(chooseFromMenu(view, 0, QStringLiteral("Signed decimal")));
        QCOMPARE(view.rows()[0].radix, gui::Radix::Signed);
        QCOMPARE(view.valueText(0, 10), QStringLiteral("-2"));
        QVERIFY(chooseFromMenu(view, 0, QStringLiteral("ASCII")));
        QCOMPARE(view.valueText(0, 60), QStringLiteral("A"));
        QCOMPARE(view.valueText(0, 10), QStringLiteral("."));
        QVERIFY(chooseFromMenu(view, 0, QStringLiteral("Decimal (unsigned)")));
        QCOMPARE(view.valueText(0, 10), QStringLiteral("254"));

        QTemporaryDir dir;
        const QString map = dir.filePath(QStringLiteral("phase.txt"));
        std::ofstream(map.toStdString()) << "# phase\n0x0 IDLE\n0x3 FINAL\n";
        QString error;
        QVERIFY(view.setEnumFile(1, map, &error));
        QCOMPARE(view.valueText(1, 10), QStringLiteral("IDLE"));
        QCOMPARE(view.valueText(1, 60), QStringLiteral("FINAL"));
        QVERIFY(view.rowToolTip(1).contains(map));
        const QString bad = dir.filePath(QStringLiteral("bad.txt"));
        std::ofstream(bad.toStdString()) << "0x0 IDLE\nthree FINAL\n";
        QVERIFY(!view.setEnumFile(0, bad, &error));
        QVERIFY2(error.contains(QStringLiteral("line 2")) && error.contains(bad), qPrintable(error));
        QCOMPARE(view.rows()[0].radix, gui::Radix::Dec); // unchanged
        QVERIFY(!view.grab().isNull());                  // paints the enum row
    }

    void renameSeparatorsCommentsAndBits() {
        gui::WaveformView view;
        view.resize(900, 500);
        view.setStore(trace());
        for (waveform::SignalId id = 0; id < 4; ++id)
            view.addSignal(id);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));

        // F2 renames the selected row; the tooltip keeps the signal's name.
        view.setSelectedRow(1);
        view.setFocus();
        whenShown([] {
            auto* dialog = qobject_cast<QInputDialog*>(QApplication::activeModalWidget());
            if (!dialog) return;
            dialog->setTextValue(QStringLiteral("phase register"));
            dialog->accept();
        });
        QTest::keyClick(&view, Qt::Key_F2);
        QCOMPARE(view.rowTitle(1), QStringLiteral("phase register"));
        QVERIFY(view.rowToolTip(1).startsWith(QStringLiteral("phase (2 bits)")));
        view.renameRow(1, QString());
        QCOMPARE(view.rowTitle(1), QStringLiteral("phase[1:0]"));

        // A separator above row 1, and a comment above row 0 (its text asked for).
        QVERIFY(chooseFromMenu(view, 1, QStringLiteral("Insert separator above")));
        QCOMPARE(view.rows()[1].kind, RowKind::Separator);
        QVERIFY(chooseFromMenu(view, 0, QStringLiteral("Insert comment above"), [] {
            if (auto* dialog = qobject_cast<QInputDialog*>(QApplication::activeModalWidget())) {
                dialog->setTextValue(QStringLiteral("-- inputs --"));
                dialog->accept();
            }
        }));
        QCOMPARE(view.rows()[0].kind, RowKind::Comment);
        QCOMPARE(view.rowTitle(0), QStringLiteral("-- inputs --"));
        QCOMPARE(view.rows().size(), std::size_t{6}); // comment, bus, separator, phase, a, b

        // A separator selected: searches find nothing, cursor A stays unset.
        view.setSelectedRow(2);
        QVERIFY(!view.selectedSignal());
        QTest::keyClick(&view, Qt::Key_N);
        QVERIFY(!view.cursor());
        QCOMPARE(view.valueText(2, 10), QString());

        // The bus expanded into bits (MSB first), two bits grouped into one bus row, collapsed back.
        QVERIFY(chooseFromMenu(view, 1, QStringLiteral("Expand into bits")));
        QCOMPARE(view.rows().size(), std::size_t{13});
        QCOMPARE(view.rowTitle(1), QStringLiteral("bus[7]"));
        QCOMPARE(view.rowTitle(8), QStringLiteral("bus[0]"));
        QCOMPARE(view.valueText(8, 10), QStringLiteral("0")); // 0xFE
        QCOMPARE(view.valueText(7, 10), QStringLiteral("1"));
        QVERIFY(!view.grab().isNull()); // paints bits, separators and comments
        view.setSelectedRow(11);        // a
        QVERIFY(chooseFromMenu(view, 12, QStringLiteral("Group rows 12 to 13 into a bus")));
        QCOMPARE(view.rowTitle(11), QStringLiteral("{a, b}"));
        QCOMPARE(view.valueText(11, 10), QStringLiteral("2"));
        QCOMPARE(view.valueText(11, 40), QStringLiteral("3"));
        QVERIFY(chooseFromMenu(view, 3, QStringLiteral("Collapse bits")));
        QCOMPARE(view.rowTitle(1), QStringLiteral("bus[7:0]"));
        QCOMPARE(view.rows().size(), std::size_t{5}); // comment, bus, separator, phase, {a, b}
        QVERIFY(!view.grab().isNull());
    }

    void groupsCollapseToOneRow() {
        gui::WaveformView view;
        view.resize(900, 400);
        view.setStore(trace());
        for (waveform::SignalId id = 0; id < 4; ++id)
            view.addSignal(id); // bus, phase, a, b
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setSelectedRow(1);
        QVERIFY(chooseFromMenu(view, 2, QStringLiteral("Group rows 2 to 3"), [] {
            if (auto* dialog = qobject_cast<QInputDialog*>(QApplication::activeModalWidget())) {
                dialog->setTextValue(QStringLiteral("control"));
                dialog->accept();
            }
        }));
        QCOMPARE(view.rows().size(), std::size_t{5}); // bus, [control], phase, a, b
        QCOMPARE(view.rows()[1].kind, RowKind::Group);
        QCOMPARE(view.rowTitle(1), QStringLiteral("control"));
        QVERIFY(chooseFromMenu(view, 1, QStringLiteral("Collapse group")));
        QVERIFY(view.rows()[1].collapsed);
        // Collapsed: b is the third row shown; Down from the header skips the hidden rows.
        view.setSelectedRow(1);
        view.setFocus();
        QTest::keyClick(&view, Qt::Key_Down);
        QCOMPARE(view.selectedRow(), 4);
        QVERIFY(!view.grab().isNull());
        // Ctrl+Up moves the group as one above bus.
        view.setSelectedRow(1);
        QTest::keyClick(&view, Qt::Key_Up, Qt::ControlModifier);
        QCOMPARE(view.rows()[0].kind, RowKind::Group);
        QCOMPARE(view.rows()[3].name, std::string("bus"));
        QVERIFY(chooseFromMenu(view, 0, QStringLiteral("Ungroup")));
        QCOMPARE(view.rows().size(), std::size_t{4});
        QCOMPARE(view.rows()[0].name, std::string("phase"));
    }

    void analogRowsAreTaller() {
        gui::WaveformView view;
        view.resize(900, 400);
        view.setStore(trace());
        view.addSignal(0); // bus
        view.addSignal(2); // a
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY(chooseFromMenu(view, 0, QStringLiteral("Analog, step (scaled to the trace)")));
        QCOMPARE(view.rows()[0].analog, waveform::Analog::Step);
        QCOMPARE(view.rowHeight(0), gui::WaveformView::kAnalogRowHeight);
        // The row below starts after the taller row.
        const int y = gui::WaveformView::kRulerHeight + gui::WaveformView::kAnalogRowHeight - 2;
        QCOMPARE(view.rowAt(y), 0);
        QCOMPARE(view.rowAt(y + 4), 1);
        const QImage image = view.grab().toImage();
        QVERIFY(!image.isNull());
        QVERIFY(chooseFromMenu(view, 0, QStringLiteral("Values")));
        QCOMPARE(view.rowHeight(0), gui::WaveformView::kRowHeight);
    }
};

QTEST_MAIN(TestWaveRows)
#include "test_waverows.moc"
