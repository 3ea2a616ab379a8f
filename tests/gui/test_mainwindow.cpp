// The main window: pages are docks, the palettes switch, and QSettings keep layout and last inputs
// (XDG_CONFIG_HOME points into the build tree, so the user's settings are untouched).
#include <QtTest>

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QSettings>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>

#include "app/charts/theme.h"
#include "app/ui/campaigns/campaignspage.h"
#include "app/ui/common/hexfieldedit.h"
#include "app/ui/explorer/diffusionpage.h"
#include "app/ui/explorer/inputpanel.h"
#include "app/ui/explorer/roundexplorerpage.h"
#include "app/ui/explorer/stateview.h"
#include "app/ui/ip/rtlstatepanel.h"
#include "app/ui/waveform/waveformpage.h"
#include "app/ui/window/mainwindow.h"
#include "core/sessions/ciphersession.h"
#include "core/sessions/diffusionsession.h"
#include "hw/session/waveformsession.h"

using namespace rs;

class TestMainWindow : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() {
        QCoreApplication::setOrganizationName(QStringLiteral("RoundScope"));
        QCoreApplication::setApplicationName(QStringLiteral("RoundScope"));
        QSettings(QStringLiteral("RoundScope"), QStringLiteral("RoundScope")).clear();
    }

    void pagesAreDocks() {
        gui::MainWindow w(false);
        const auto docks = w.findChildren<QDockWidget*>();
        // Explorer, Diffusion, IP core, Waveforms, Model vs RTL, Campaigns, Charts, CUDA, RISC-V, Board,
        // Lesson, Your turn, Side by side
        QCOMPARE(docks.size(), 13);
        for (QDockWidget* d : docks)
            QVERIFY(d->features() & QDockWidget::DockWidgetMovable);
        QVERIFY(w.page<gui::RoundExplorerPage>()->parentWidget() != nullptr);
        QCOMPARE(qobject_cast<QDockWidget*>(w.page<gui::RoundExplorerPage>()->parentWidget()),
                 w.pages().front().dock);
    }

    void thePageTableDrivesDocksViewMenuAndResetLayout() {
        gui::MainWindow w(false);
        w.setPageLayout(gui::MainWindow::PageLayout::Workbench); // the tabs keep the side panels closed
        const auto& pages = w.pages();
        QCOMPARE(pages.size(), 13);
        QSet<QString> names;
        QMenu* view = nullptr;
        for (QAction* a : w.menuBar()->actions())
            if (a->text() == QStringLiteral("&View")) view = a->menu();
        QVERIFY(view != nullptr);
        for (const auto& p : pages) {
            names.insert(p.objectName);
            QCOMPARE(p.dock->objectName(), p.objectName);
            QCOMPARE(p.dock->windowTitle(), p.title);
            QCOMPARE(w.dockOf(p.page), p.dock);
            QVERIFY(p.dock->isAncestorOf(p.page));
            QVERIFY(view->actions().contains(p.dock->toggleViewAction())); // one entry per page
            p.dock->hide();
        }
        QCOMPARE(names.size(), pages.size()); // the saved layout tells every dock apart
        QAction* reset = nullptr;
        for (QAction* a : view->actions())
            if (a->text() == QStringLiteral("&Reset layout")) reset = a;
        QVERIFY(reset != nullptr);
        reset->trigger();
        for (const auto& p : pages)
            QVERIFY2(!p.dock->isHidden(), qPrintable(p.objectName));
        // Tabbed pages share one area; the RTL panel sits beside the explorer.
        QCOMPARE(w.dockWidgetArea(w.dockOf(w.page<gui::RtlStatePanel>())), Qt::TopDockWidgetArea);
        QVERIFY(w.tabifiedDockWidgets(w.dockOf(w.page<gui::DiffusionPage>()))
                    .contains(w.dockOf(w.page<gui::WaveformPage>())));
    }

    void darkPaletteToggles() {
        gui::MainWindow w(false);
        w.darkAction()->trigger();
        QVERIFY(charts::isDarkPalette(QApplication::palette()));
        QTRY_VERIFY(charts::isDarkPalette(
            w.page<gui::RoundExplorerPage>()->palette())); // propagated by posted events
        w.darkAction()->trigger();
        QVERIFY(!charts::isDarkPalette(QApplication::palette()));
        QTRY_VERIFY(!charts::isDarkPalette(w.page<gui::RoundExplorerPage>()->palette()));
    }

    void settingsKeepInputsAndLayout() {
        {
            gui::MainWindow w(true);
            w.show();
            QVERIFY(w.session()->setAlgorithm(QStringLiteral("lea-192")));
            gui::HexFieldEdit* key =
                w.page<gui::RoundExplorerPage>()->inputPanel()->field(QStringLiteral("key"));
            key->lineEdit()->selectAll();
            QTest::keyClicks(key->lineEdit(),
                             QStringLiteral("00112233445566778899AABBCCDDEEFF0011223344556677"));
            w.session()->setRounds(9);
            w.page<gui::RoundExplorerPage>()->hexAction()->setChecked(true);
            w.darkAction()->setChecked(true);
            w.close();
        }
        gui::MainWindow again(true);
        QCOMPARE(QString::fromStdString(again.session()->algorithm().id), QStringLiteral("lea-192"));
        QCOMPARE(again.session()->inputText(QStringLiteral("key")),
                 QStringLiteral("00112233445566778899AABBCCDDEEFF0011223344556677"));
        QCOMPARE(again.session()->rounds(), 9);
        QCOMPARE(again.session()->stepCount(), 10);
        QVERIFY(again.page<gui::RoundExplorerPage>()->hexAction()->isChecked());
        QVERIFY(again.darkAction()->isChecked());
        again.setDarkTheme(false);
    }

    void otherDocksKeepTheStepKeys() {
        gui::MainWindow w(false);
        w.resize(1400, 900);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        auto* session = w.session();
        // The window starts with the focus on the state, where the bare keys step.
        QCOMPARE(QApplication::focusWidget(), w.page<gui::RoundExplorerPage>()->stateView());
        session->setCurrentStep(3);
        QTest::keyClick(w.page<gui::RoundExplorerPage>()->stateView(), Qt::Key_Right);
        QCOMPARE(session->currentStep(), 4);

        // A focused combo box in the diffusion dock keeps its arrow keys, Home and End.
        QComboBox* vary = w.page<gui::DiffusionPage>()->fieldBox();
        QCOMPARE(vary->count(), 3);
        vary->setCurrentIndex(0);
        vary->setFocus();
        QCOMPARE(QApplication::focusWidget(), vary);
        for (const Qt::Key k : {Qt::Key_Left, Qt::Key_Right, Qt::Key_Right, Qt::Key_Space})
            QTest::keyClick(vary, k);
        QCOMPARE(session->currentStep(), 4);
        vary->hidePopup(); // Space opened it
        QTest::keyClick(vary, Qt::Key_End);
        QCOMPARE(vary->currentIndex(), 2);
        QCOMPARE(session->currentStep(), 4);

        // So does a focused tab bar: → moves to the next tab.
        QTabWidget* tabs = w.page<gui::DiffusionPage>()->tabs();
        auto* bar = tabs->findChild<QTabBar*>();
        QVERIFY(bar != nullptr);
        tabs->setCurrentIndex(0);
        bar->setFocus();
        QTest::keyClick(bar, Qt::Key_Right);
        QCOMPARE(tabs->currentIndex(), 1);
        QCOMPARE(session->currentStep(), 4);
    }

    void pagesGoBeforeTheSession() {
        auto* w = new gui::MainWindow(false);
        QStringList order;
        QObject::connect(w->session(), &QObject::destroyed, [&order] { order << QStringLiteral("session"); });
        QObject::connect(w->page<gui::RoundExplorerPage>(), &QObject::destroyed,
                         [&order] { order << QStringLiteral("explorer"); });
        QObject::connect(w->page<gui::DiffusionPage>(), &QObject::destroyed,
                         [&order] { order << QStringLiteral("diffusion"); });
        delete w;
        QCOMPARE(order.size(), 3);
        QCOMPARE(order.last(), QStringLiteral("session"));
    }

    void noShortcutMeansTwoThings() {
        // A key bound to two actions that can be active at once does nothing at all (Qt reports it as
        // ambiguous); a menu listing one key twice is the same defect seen by the user.
        gui::MainWindow w(false);
        const auto ancestorOrSelf = [](const QWidget* a, const QWidget* b) {
            for (const QWidget* p = b; p; p = p->parentWidget())
                if (p == a) return true;
            return false;
        };
        const auto scopes = [](const QAction* a) {
            QList<const QWidget*> out;
            for (const QObject* o : a->associatedObjects())
                if (const auto* wd = qobject_cast<const QWidget*>(o); wd && !qobject_cast<const QMenu*>(wd))
                    out.append(wd);
            return out;
        };
        const QList<QAction*> actions = w.findChildren<QAction*>();
        for (int i = 0; i < actions.size(); ++i) {
            for (int j = i + 1; j < actions.size(); ++j) {
                const QAction* a = actions[i];
                const QAction* b = actions[j];
                if (a->shortcut().isEmpty() || a->shortcut() != b->shortcut()) continue;
                bool disjoint = a->shortcutContext() == Qt::WidgetWithChildrenShortcut &&
                                b->shortcutContext() == Qt::WidgetWithChildrenShortcut;
                for (const QWidget* x : scopes(a))
                    for (const QWidget* y : scopes(b))
                        if (ancestorOrSelf(x, y) || ancestorOrSelf(y, x)) disjoint = false;
                QVERIFY2(disjoint, qPrintable(QStringLiteral("%1 is bound to '%2' and '%3'")
                                                  .arg(a->shortcut().toString(), a->text(), b->text())));
            }
        }
        for (const QMenu* menu : w.menuBar()->findChildren<QMenu*>()) {
            QSet<QString> keys;
            for (const QAction* a : menu->actions()) {
                if (a->shortcut().isEmpty()) continue;
                const QString key = a->shortcut().toString();
                QVERIFY2(!keys.contains(key),
                         qPrintable(menu->title() + QStringLiteral(" lists ") + key + " twice"));
                keys.insert(key);
            }
        }
    }

    void statusAndPresetFollowLaterActions() {
        gui::MainWindow w(false);
        w.show();
        // A capture's "Capturing…" is answered, not left standing.
        QVERIFY(w.session()->setAlgorithm(QStringLiteral("ascon-128")));
        w.session()->recomputeNow();
        QVERIFY(w.captureExplorerInputs());
        QVERIFY(w.statusBar()->currentMessage().startsWith(QStringLiteral("Capturing")));
        QTRY_VERIFY_WITH_TIMEOUT(w.statusBar()->currentMessage().startsWith(QStringLiteral("Captured: ")),
                                 60000);
        QVERIFY2(w.statusBar()->currentMessage().contains(QString::number(w.waveformSession()->exactLinks())),
                 qPrintable(w.statusBar()->currentMessage()));
        // The preset combo names a preset only while the editor holds exactly its definition.
        auto* campaigns = w.page<gui::CampaignsPage>();
        QComboBox* preset = campaigns->presetBox();
        preset->setCurrentIndex(preset->findText(QStringLiteral("paper004")));
        const QString paper004 = campaigns->editor()->toPlainText();
        QCOMPARE(preset->currentText(), QStringLiteral("paper004"));
        campaigns->editor()->setPlainText(
            QString(paper004).replace(QStringLiteral("\"repeats\": 10"), QStringLiteral("\"repeats\": 3")));
        QVERIFY(campaigns->editor()->toPlainText() != paper004);
        QCOMPARE(preset->currentText(), QStringLiteral("(custom definition)"));
        campaigns->editor()->setPlainText(QStringLiteral("{ not json"));
        QCOMPARE(preset->currentText(), QStringLiteral("(custom definition)"));
        campaigns->editor()->setPlainText(paper004); // the preset's own definition again, typed or loaded
        QCOMPARE(preset->currentText(), QStringLiteral("paper004"));
        preset->setCurrentIndex(preset->findText(QStringLiteral("(custom definition)")));
        QCOMPARE(campaigns->editor()->toPlainText(), paper004); // choosing "custom" changes nothing
    }

    void analysisWithInvalidInputsRefusesAndNamesTheField() {
        // Issue 34: F5 never analyses silently on other inputs than the explorer's: it refuses, naming
        // the invalid field, and nothing starts.
        gui::MainWindow w(false);
        w.session()->setInput(QStringLiteral("state"), QStringLiteral("12zz"));
        QVERIFY(!w.session()->inputsValid());
        auto* diffusion = w.page<gui::DiffusionPage>();
        QSignalSpy notices(diffusion, &gui::DiffusionPage::notice);
        diffusion->runAnalysis(); // F5
        QVERIFY(!w.workbench()->diffusion()->running());
        QCOMPARE(notices.size(), 1);
        const QString note = notices.front().front().toString();
        QVERIFY2(note.contains(QStringLiteral("Not analysed")) &&
                     note.contains(QString::fromStdString(w.session()->algorithm().field("state")->label)) &&
                     note.contains(w.session()->firstInputError()),
                 qPrintable(note));
    }

    void screenshotWritesAPng() {
        gui::MainWindow w(false);
        w.resize(1200, 800);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("w.png"));
        QVERIFY(w.saveScreenshot(path));
        const QImage img(path);
        QCOMPARE(img.size(), QSize(1200, 800));
    }
};

QTEST_MAIN(TestMainWindow)
#include "test_mainwindow.moc"
