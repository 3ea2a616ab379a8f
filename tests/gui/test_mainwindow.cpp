// The main window: pages are docks, the palettes switch, and QSettings keep layout and last inputs
// (XDG_CONFIG_HOME points into the build tree, so the user's settings are untouched).
#include <QtTest>

#include <QAction>
#include <QDockWidget>
#include <QLineEdit>
#include <QSettings>

#include "ciphersession.h"
#include "diffusionpage.h"
#include "hexfieldedit.h"
#include "inputpanel.h"
#include "mainwindow.h"
#include "roundexplorerpage.h"
#include "theme.h"

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
        QCOMPARE(docks.size(), 2);
        for (QDockWidget* d : docks)
            QVERIFY(d->features() & QDockWidget::DockWidgetMovable);
        QVERIFY(w.explorerPage()->parentWidget() != nullptr);
        QCOMPARE(qobject_cast<QDockWidget*>(w.explorerPage()->parentWidget()), docks.front());
    }

    void darkPaletteToggles() {
        gui::MainWindow w(false);
        w.darkAction()->trigger();
        QVERIFY(gui::isDarkPalette(QApplication::palette()));
        QTRY_VERIFY(gui::isDarkPalette(w.explorerPage()->palette())); // propagated by posted events
        w.darkAction()->trigger();
        QVERIFY(!gui::isDarkPalette(QApplication::palette()));
        QTRY_VERIFY(!gui::isDarkPalette(w.explorerPage()->palette()));
    }

    void settingsKeepInputsAndLayout() {
        {
            gui::MainWindow w(true);
            w.show();
            QVERIFY(w.session()->setAlgorithm(QStringLiteral("lea-192")));
            gui::HexFieldEdit* key = w.explorerPage()->inputPanel()->field(QStringLiteral("key"));
            key->lineEdit()->selectAll();
            QTest::keyClicks(key->lineEdit(),
                             QStringLiteral("00112233445566778899AABBCCDDEEFF0011223344556677"));
            w.session()->setRounds(9);
            w.explorerPage()->hexAction()->setChecked(true);
            w.darkAction()->setChecked(true);
            w.close();
        }
        gui::MainWindow again(true);
        QCOMPARE(QString::fromStdString(again.session()->algorithm().id), QStringLiteral("lea-192"));
        QCOMPARE(again.session()->inputText(QStringLiteral("key")),
                 QStringLiteral("00112233445566778899AABBCCDDEEFF0011223344556677"));
        QCOMPARE(again.session()->rounds(), 9);
        QCOMPARE(again.session()->stepCount(), 10);
        QVERIFY(again.explorerPage()->hexAction()->isChecked());
        QVERIFY(again.darkAction()->isChecked());
        again.setDarkTheme(false);
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
