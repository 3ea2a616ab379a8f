// The waveform page's signal list and clock box on a design of many signals (issue 32, "Large files"):
// both are models made on demand from the store, so they must list exactly what the store holds (groups
// in name order, each signal once under its group, its width, a box that follows the view), filter by
// name or group without case, fold a big design's groups, and find the clock among 1-bit signals.
#include <QtTest>

#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QTextStream>
#include <QTreeView>

#include "app/ui/waveform/signaltree.h"
#include "app/ui/waveform/signaltreemodel.h"
#include "app/ui/waveform/waveformpage.h"
#include "app/ui/waveform/waveformview.h"
#include "hw/session/waveformsession.h"

#include <memory>
#include <set>
#include <string>

using namespace rs;
using waveform::SignalId;

namespace {

/** cells x 3 signals: g[i].u.{data (8 bits), valid, clk_en}, and a top-level "sys_clk" (1 bit) last. */
std::shared_ptr<waveform::WaveformStore> design(int cells) {
    auto s = std::make_shared<waveform::WaveformStore>();
    for (int i = 0; i < cells; ++i) {
        const std::string g = "g[" + std::to_string(i) + "].u";
        s->addSignal(g + ".data", 8, g);
        s->addSignal(g + ".valid", 1, g);
        s->addSignal(g + ".clk_en", 1, g);
    }
    s->addSignal("sys_clk", 1);
    s->advance(10);
    return s;
}

} // namespace

class TestSignalTree : public QObject {
    Q_OBJECT

  private slots:
    void listsEveryGroupAndSignalOnceInNameOrder() {
        gui::WaveformView view;
        view.setStore(design(40));
        gui::SignalTree tree(&view);
        tree.rebuild();
        const QAbstractItemModel* m = tree.tree()->model();
        QCOMPARE(m->rowCount(), 41); // 40 groups and "(top)"
        QString previous;
        std::set<SignalId> seen;
        for (int g = 0; g < m->rowCount(); ++g) {
            const QModelIndex group = m->index(g, 0);
            const QString name = group.data().toString();
            QVERIFY2(previous < name, qPrintable(previous + " before " + name));
            previous = name;
            QVERIFY(!(m->flags(group) & Qt::ItemIsUserCheckable));
            QCOMPARE(m->parent(group), QModelIndex());
            for (int r = 0; r < m->rowCount(group); ++r) {
                const QModelIndex item = m->index(r, 0, group);
                QCOMPARE(m->parent(item), group);
                const auto id = static_cast<SignalId>(item.data(gui::SignalTreeModel::kIdRole).toULongLong());
                QVERIFY(seen.insert(id).second);
                const auto& info = view.store().signal(id);
                QCOMPARE(item.data().toString(), QString::fromStdString(info.name));
                QCOMPARE(m->index(r, 1, group).data().toInt(), info.width);
                QCOMPARE(name,
                         info.group.empty() ? QStringLiteral("(top)") : QString::fromStdString(info.group));
                QCOMPARE(item.data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));
            }
        }
        QCOMPARE(seen.size(), view.store().signalCount());
        QVERIFY(tree.tree()->isExpanded(m->index(0, 0))); // 121 signals: groups start open
    }

    void aBigDesignStartsFoldedFiltersWithoutCaseAndBoxesFollowTheView() {
        gui::WaveformView view;
        view.setStore(design(1000)); // 3001 signals, over kOpenGroupsUpTo
        gui::SignalTree tree(&view);
        tree.rebuild();
        QAbstractItemModel* m = tree.tree()->model();
        QCOMPARE(m->rowCount(), 1001);
        QVERIFY(!tree.tree()->isExpanded(m->index(0, 0)));

        // Checking a box shows the row; removing the row clears the box.
        const QModelIndex valid = tree.index(QStringLiteral("g[7].u.valid"));
        QVERIFY(valid.isValid());
        QVERIFY(m->setData(valid, Qt::Checked, Qt::CheckStateRole));
        QCOMPARE(view.rows().size(), std::size_t{1});
        QCOMPARE(view.store().signal(view.rows()[0].id).name, std::string("g[7].u.valid"));
        QCOMPARE(valid.data(Qt::CheckStateRole).toInt(), int(Qt::Checked));
        QSignalSpy changed(m, &QAbstractItemModel::dataChanged);
        view.addSignal(*view.store().find("g[900].u.data"));
        QCOMPARE(changed.count(), 1); // only the box that changed is told, not 3001
        QCOMPARE(tree.index(QStringLiteral("g[900].u.data")).data(Qt::CheckStateRole).toInt(),
                 int(Qt::Checked));
        view.removeRow(0);
        QCOMPARE(valid.data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));

        // The filter: by signal name or group name, without case; a few left open their groups.
        tree.filter()->setText(QStringLiteral("G[12].U.VAL"));
        QCOMPARE(m->rowCount(), 1);
        const QModelIndex group = m->index(0, 0);
        QCOMPARE(group.data().toString(), QStringLiteral("g[12].u"));
        QCOMPARE(m->rowCount(group), 1);
        QCOMPARE(m->index(0, 0, group).data().toString(), QStringLiteral("g[12].u.valid"));
        QVERIFY(tree.tree()->isExpanded(group));
        QVERIFY(!tree.index(QStringLiteral("g[13].u.valid")).isValid());
        tree.filter()->setText(QStringLiteral("g[999].u")); // a group's name keeps all its signals
        QCOMPARE(m->rowCount(), 1);
        QCOMPARE(m->rowCount(m->index(0, 0)), 3);
        tree.filter()->setText(QStringLiteral("nothing like it"));
        QCOMPARE(m->rowCount(), 0);
        tree.filter()->clear();
        QCOMPARE(m->rowCount(), 1001);

        // A double click shows the signal and selects its row.
        const QModelIndex data = tree.index(QStringLiteral("g[3].u.data"));
        emit tree.tree()->doubleClicked(data);
        QCOMPARE(view.store().signal(view.rows()[static_cast<std::size_t>(view.selectedRow())].id).name,
                 std::string("g[3].u.data"));
        // Group rows and bad indices are not signals.
        SignalId id = 0;
        QVERIFY(!tree.model()->signalOf(m->index(0, 0), &id));
        QVERIFY(!tree.model()->signalOf(QModelIndex(), &id));
        QVERIFY(!m->setData(m->index(0, 0), Qt::Checked, Qt::CheckStateRole));
    }

    void theClockBoxListsEvery1BitSignalAndPicksTheClock() {
        // A VCD of 500 cells (data, valid, clk_en each), then sys_clk and CLK in the top scope.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("many.vcd"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QTextStream out(&f);
            int next = 0;
            const auto code = [&next] { // a fresh identifier code: base 94 of printable characters
                QString c;
                for (int n = next++; c.isEmpty() || n > 0; n /= 94)
                    c += QChar('!' + n % 94);
                return c;
            };
            out << "$timescale 1ns $end\n$scope module top $end\n";
            for (int i = 0; i < 500; ++i)
                out << "$scope module g_" << i << " $end\n$var wire 8 " << code()
                    << " data $end\n$var wire 1 " << code() << " valid $end\n$var wire 1 " << code()
                    << " clk_en $end\n$upscope $end\n";
            out << "$var wire 1 " << code() << " sys_clk $end\n";
            const QString clk = code();
            out << "$var wire 1 " << clk << " CLK $end\n$upscope $end\n$enddefinitions $end\n";
            for (int t = 0; t < 10; ++t)
                out << "#" << t * 5 << "\n" << (t % 2) << clk << "\n";
        }
        hw::WaveformSession session;
        gui::WaveformPage page(&session);
        QVERIFY(session.loadFileNow(path));
        QComboBox* box = page.clockBox();
        QCOMPARE(box->count(), 1 + 2 * 500 + 2); // "none", valid and clk_en of each cell, sys_clk, CLK
        QCOMPARE(box->itemText(0), QStringLiteral("none (ticks)"));
        QCOMPARE(box->itemText(1), QStringLiteral("g_0.valid"));
        QCOMPARE(box->itemText(2), QStringLiteral("g_0.clk_en"));
        // The second cell's names carry their group already (the store names the repeats "g_1.valid"):
        // shown once, not as "g_1.g_1.valid".
        QCOMPARE(box->itemText(3), QStringLiteral("g_1.valid"));
        QCOMPARE(box->itemText(4), QStringLiteral("g_1.clk_en"));
        // "CLK" is a clock's name exactly (without case): it wins over the names that only hold clk.
        QCOMPARE(box->currentText(), QStringLiteral("CLK"));
        const auto& store = page.view()->store();
        QCOMPARE(box->currentData().value<qulonglong>(), qulonglong{*store.find("CLK")});
        QCOMPARE(box->findData(QVariant::fromValue<qulonglong>(*store.find("sys_clk"))), box->count() - 2);
        QCOMPARE(page.view()->state().clockSignal(), std::optional<SignalId>(*store.find("CLK")));
    }
};

QTEST_MAIN(TestSignalTree)
#include "test_signaltree.moc"
