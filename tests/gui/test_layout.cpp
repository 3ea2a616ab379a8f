// The window on real screens: at 1366×768 (a laptop) and 1920×1200 (a projector or a large monitor) every
// page, brought to the front, shows each of its controls and views whole, or inside a scroll area that
// can reach it; small screens get one page at a time (tabs), large ones the workbench of docks.
#include <QtTest>

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QLineEdit>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QStatusBar>
#include <QTabBar>
#include <QTextBrowser>

#include <memory>

#include "app/ui/explorer/roundexplorerpage.h"
#include "app/ui/explorer/stateview.h"
#include "app/ui/ip/ipcorepage.h"
#include "app/ui/waveform/waveformpage.h"
#include "app/ui/window/mainwindow.h"
#include "core/sessions/ciphersession.h"

using namespace rs;

namespace {

using Layout = gui::MainWindow::PageLayout;

/** @brief The widgets a user must be able to reach: controls, lists, text and the project's views. */
bool essential(const QWidget* w) {
    return qobject_cast<const QAbstractButton*>(w) || qobject_cast<const QLineEdit*>(w) ||
           qobject_cast<const QComboBox*>(w) || qobject_cast<const QAbstractSpinBox*>(w) ||
           qobject_cast<const QAbstractItemView*>(w) || qobject_cast<const QPlainTextEdit*>(w) ||
           qobject_cast<const gui::StateView*>(w) || w->inherits("QCustomPlot") ||
           w->inherits("rs::gui::WaveformView");
}

/** @brief Why widget w cannot be reached inside window (empty when it can): it must lie whole inside
 *  every ancestor up to the window, unless an ancestor is a scroll area's viewport, which can bring it
 *  into view as long as the scroll area itself is reachable and not squeezed to nothing. */
QString unreachable(const QWidget* w, const QWidget* window) {
    const QString name =
        QStringLiteral("%1 '%2'").arg(QString::fromLatin1(w->metaObject()->className()), w->objectName());
    if (w->width() < 8 || w->height() < 8)
        return QStringLiteral("%1 squeezed to %2×%3").arg(name).arg(w->width()).arg(w->height());
    const QWidget* child = w;
    QRect rect = w->rect();
    for (const QWidget* a = w->parentWidget(); a != nullptr; a = a->parentWidget()) {
        rect.translate(child->pos());
        if (auto* area = qobject_cast<const QAbstractScrollArea*>(a->parentWidget());
            area != nullptr && area->viewport() == a) {
            if (a->width() < 48 || a->height() < 32)
                return QStringLiteral("%1 in a scroll area squeezed to %2×%3")
                    .arg(name)
                    .arg(a->width())
                    .arg(a->height());
            rect = a->rect(); // reachable by scrolling: go on with the viewport as the widget
        } else if (!a->rect().adjusted(-1, -1, 1, 1).contains(rect)) {
            return QStringLiteral("%1 cut off by %2 '%3' (%4,%5 %6×%7 outside %8×%9)")
                .arg(name, QString::fromLatin1(a->metaObject()->className()), a->objectName())
                .arg(rect.x())
                .arg(rect.y())
                .arg(rect.width())
                .arg(rect.height())
                .arg(a->width())
                .arg(a->height());
        }
        if (a == window) return {};
        child = a;
    }
    return QStringLiteral("%1 is not inside the window").arg(name);
}

} // namespace

class TestLayout : public QObject {
    Q_OBJECT

  private slots:
    void defaultLayoutFollowsTheScreen() {
        QCOMPARE(gui::MainWindow::defaultLayoutFor(QSize(1366, 768)), Layout::Tabs);
        QCOMPARE(gui::MainWindow::defaultLayoutFor(QSize(1280, 1024)), Layout::Tabs);
        QCOMPARE(gui::MainWindow::defaultLayoutFor(QSize(1920, 1200)), Layout::Workbench);
        gui::MainWindow w(false);
        w.fitTo(QSize(1366, 768));
        QCOMPARE(w.pageLayout(), Layout::Tabs);
        QCOMPARE(w.size(), QSize(1366, 768));
        // The size is the inside of the window: the app shows it maximized, so the title bar fits too.
        QVERIFY(w.startsMaximized());
        QVERIFY(w.tabsAction()->isChecked());
        w.fitTo(QSize(1920, 1200));
        QVERIFY(!w.startsMaximized()); // a large screen: a window on it
        QCOMPARE(w.pageLayout(), Layout::Workbench);
        QVERIFY(!w.tabsAction()->isChecked());
        QVERIFY(w.width() <= 1920 && w.height() <= 1200 && w.width() >= 1500);
    }

    void tabsGiveEachPageTheWholeWindow() {
        gui::MainWindow w(false);
        w.resize(1366, 768);
        w.setPageLayout(Layout::Tabs);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const int client = w.height() - w.menuBar()->height() - w.statusBar()->height();
        QDockWidget* front = nullptr; // the last page brought to the front

        for (const auto& p : w.pages()) {
            w.showPage(p.page);
            QApplication::processEvents();
            QVERIFY2(p.page->isVisible(), qPrintable(p.objectName));
            if (p.side) {
                // A side panel opens at the right of the page in front, which stays in front.
                QCOMPARE(w.dockWidgetArea(p.dock), Qt::RightDockWidgetArea);
                QVERIFY2(front != nullptr && !front->visibleRegion().isEmpty(), qPrintable(p.objectName));
                p.dock->close();
                continue;
            }
            QCOMPARE(w.dockWidgetArea(p.dock), Qt::TopDockWidgetArea);
            // The whole client area, less the tab bar and the dock's title.
            QVERIFY2(p.dock->height() > client - 90,
                     qPrintable(
                         QStringLiteral("%1: %2 of %3").arg(p.objectName).arg(p.dock->height()).arg(client)));
            QVERIFY2(p.dock->width() > w.width() - 30, qPrintable(p.objectName));
            front = p.dock;
            for (const auto& other : w.pages())
                if (other.page != p.page)
                    QVERIFY2(other.dock->visibleRegion().isEmpty(),
                             qPrintable(other.objectName)); // tabbed away
        }
        // Back to the workbench: the explorer and the RTL panel side by side again.
        w.tabsAction()->trigger();
        QCOMPARE(w.pageLayout(), Layout::Workbench);
        QApplication::processEvents();
        QVERIFY(w.pages()[0].page->isVisible());
        QVERIFY(!w.tabifiedDockWidgets(w.pages()[0].dock).contains(w.pages()[4].dock));
    }

    void theShortcutsSheetFitsTheScreenWithItsOkButton() {
        gui::MainWindow w(false);
        w.resize(1366, 768);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        std::unique_ptr<QDialog> sheet(w.makeShortcutsDialog());
        sheet->show();
        QVERIFY(QTest::qWaitForWindowExposed(sheet.get()));
        const QRect screen = w.screen()->availableGeometry();
        QVERIFY2(
            sheet->frameGeometry().height() <= screen.height(),
            qPrintable(QStringLiteral("%1 > %2").arg(sheet->frameGeometry().height()).arg(screen.height())));
        QPushButton* ok = sheet->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
        QVERIFY(ok->isVisible());
        QVERIFY(sheet->rect().contains(QRect(ok->mapTo(sheet.get(), QPoint(0, 0)), ok->size())));
        auto* text = sheet->findChild<QTextBrowser*>(QStringLiteral("shortcutsText"));
        QVERIFY(text->toPlainText().contains(QStringLiteral("Ctrl+Return")));
        QTest::keyClick(ok, Qt::Key_Space);
        QVERIFY(!sheet->isVisible());
    }

    void altDigitsGoToPages() {
        gui::MainWindow w(false);
        w.resize(1366, 768);
        w.setPageLayout(Layout::Tabs);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        // The digits count the tabs: the side panels (closed until asked for) have none.
        QList<gui::DockedPage> tabs;
        for (const auto& p : w.pages())
            if (!p.side) tabs << p;
        QVERIFY(tabs.size() < w.pages().size());
        QTabBar* bar = nullptr;
        for (QTabBar* b : w.findChildren<QTabBar*>())
            if (b->isVisible() && b->count() >= tabs.size()) bar = b;
        QVERIFY(bar);
        for (int i = 0; i < std::min<int>(10, static_cast<int>(tabs.size())); ++i) {
            QTest::keyClick(&w, static_cast<Qt::Key>(Qt::Key_0 + (i + 1) % 10), Qt::AltModifier);
            QVERIFY2(tabs[i].page->isVisible(), qPrintable(tabs[i].objectName));
            QCOMPARE(bar->tabText(i), tabs[i].title); // Alt+N is the N-th tab as shown
            // The keyboard is in the page: its own keys (Ctrl+Return) answer without a click first.
            const QWidget* focus = QApplication::focusWidget();
            QVERIFY2(focus == tabs[i].page || tabs[i].page->isAncestorOf(focus),
                     qPrintable(tabs[i].objectName + QStringLiteral(": focus in ") +
                                (focus ? focus->objectName() : QStringLiteral("nothing"))));
        }
    }

    void everyPageIsReachable_data() {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("algorithm");
        QTest::newRow("1366x768") << QSize(1366, 768) << QString();
        QTest::newRow("1920x1200") << QSize(1920, 1200) << QString();
        // The ML-DSA polynomial's 16 × 16 grid and 1024-byte input on the laptop screen (issue 18).
        QTest::newRow("1366x768 ML-DSA NTT") << QSize(1366, 768) << QStringLiteral("mldsa-ntt");
    }

    void everyPageIsReachable() {
        QFETCH(QSize, size);
        QFETCH(QString, algorithm);
        gui::MainWindow w(false);
        w.resize(size);
        w.setPageLayout(gui::MainWindow::defaultLayoutFor(size));
        if (!algorithm.isEmpty()) QVERIFY(w.session()->setAlgorithm(algorithm));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QCOMPARE(w.size(), size); // no page's minimum size pushes the window past the screen
        QStringList problems;
        const auto check = [&](QWidget* page, const QString& name) {
            int checked = 0;
            for (QWidget* c : page->findChildren<QWidget*>()) {
                if (!essential(c) || !c->isVisibleTo(page)) continue;
                ++checked;
                const QString why = unreachable(c, &w);
                if (!why.isEmpty()) problems << QStringLiteral("%1: %2").arg(name, why);
            }
            if (checked == 0) problems << QStringLiteral("%1: nothing to check").arg(name);
        };
        for (const auto& p : w.pages()) {
            w.showPage(p.page);
            QApplication::processEvents();
            check(p.page, p.objectName);
            // The IP page stacks its cores: each one's controls are reachable when it is shown.
            if (auto* ip = qobject_cast<gui::IpCorePage*>(p.page)) {
                for (const QString& core : ip->cores()) {
                    ip->showCore(core);
                    QApplication::processEvents();
                    check(p.page, QStringLiteral("%1 core %2").arg(p.objectName, core));
                }
                ip->showCore(ip->cores().front());
            }
        }
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    }
};

QTEST_MAIN(TestLayout)
#include "test_layout.moc"
