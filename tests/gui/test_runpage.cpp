// RunPage, the skeleton the CUDA, RISC-V and Board pages share: Run and Ctrl+Return (only while the focus
// is inside the page) reach the page's run(), Run / Cancel follow the running state, the status line turns
// to the error colour and back, and the controls, buttons and results are laid out in one place.
#include <QtTest>

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include "app/ui/runs/runpage.h"

using namespace rs;

namespace {

class CountingPage : public gui::RunPage {
  public:
    explicit CountingPage(QWidget* parent = nullptr)
        : RunPage(QStringLiteral("countingPage"), QStringLiteral("Go"), QStringLiteral("go (Ctrl+Return)"),
                  parent) {
        edit = new QLineEdit(this);
        table = makeResultTable({QStringLiteral("a"), QStringLiteral("b")});
        addControl(QStringLiteral("value"), edit, 1);
        layOut(table, new QLabel(QStringLiteral("chart"), this));
    }
    void run() override { ++runs; }
    using RunPage::setRunnable;
    using RunPage::setRunning;
    using RunPage::setStatus;
    QLineEdit* edit = nullptr;
    QTableWidget* table = nullptr;
    int runs = 0;
};

} // namespace

class TestRunPage : public QObject {
    Q_OBJECT

  private slots:
    void runAndCtrlReturnReachTheSubclassesRun() {
        QWidget window;
        auto* layout = new QVBoxLayout(&window);
        auto* page = new CountingPage(&window);
        auto* outside = new QLineEdit(&window);
        layout->addWidget(page);
        layout->addWidget(outside);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        page->runButton()->click();
        QCOMPARE(page->runs, 1);
        page->edit->setFocus();
        QTRY_VERIFY(page->edit->hasFocus());
        QTest::keyClick(page->edit, Qt::Key_Return, Qt::ControlModifier);
        QCOMPARE(page->runs, 2);
        // Outside the page Ctrl+Return is not the page's.
        outside->setFocus();
        QTRY_VERIFY(outside->hasFocus());
        QTest::keyClick(outside, Qt::Key_Return, Qt::ControlModifier);
        QCOMPARE(page->runs, 2);
        // A page that cannot run (no device): Run and Ctrl+Return stay off, through running and back,
        // and Run's tooltip says why until the page can run again.
        page->setRunnable(false, QStringLiteral("no device here"));
        QVERIFY(!page->runButton()->isEnabled());
        QCOMPARE(page->runButton()->toolTip(), QStringLiteral("no device here"));
        page->edit->setFocus();
        QTRY_VERIFY(page->edit->hasFocus());
        QTest::keyClick(page->edit, Qt::Key_Return, Qt::ControlModifier);
        QCOMPARE(page->runs, 2);
        page->setRunning(true);
        page->setRunning(false);
        QVERIFY(!page->runButton()->isEnabled());
        page->setRunnable(true);
        QVERIFY(page->runButton()->isEnabled());
        QCOMPARE(page->runButton()->toolTip(), QStringLiteral("go (Ctrl+Return)"));
        QTest::keyClick(page->edit, Qt::Key_Return, Qt::ControlModifier);
        QCOMPARE(page->runs, 3);
    }

    void runningStatusAndLayout() {
        CountingPage page;
        QVERIFY(page.runButton()->isEnabled());
        QVERIFY(!page.cancelButton()->isEnabled());
        page.setRunning(true);
        QVERIFY(!page.runButton()->isEnabled());
        QVERIFY(page.cancelButton()->isEnabled());
        page.setRunning(false);
        QVERIFY(page.runButton()->isEnabled());
        page.setStatus(QStringLiteral("broken"), true);
        QCOMPARE(page.statusLabel()->text(), QStringLiteral("broken"));
        QVERIFY(!page.statusLabel()->styleSheet().isEmpty());
        page.setStatus(QStringLiteral("fine"));
        QVERIFY(page.statusLabel()->styleSheet().isEmpty());
        QCOMPARE(page.runButton()->toolTip(), QStringLiteral("go (Ctrl+Return)"));
        // The results side by side; the table sorts and is not editable.
        auto* split = page.findChild<QSplitter*>();
        QVERIFY(split != nullptr);
        QCOMPARE(split->widget(0), page.table);
        QVERIFY(page.table->isSortingEnabled());
        QCOMPARE(page.table->editTriggers(), QAbstractItemView::NoEditTriggers);
        QCOMPARE(page.table->columnCount(), 2);
    }
};

QTEST_MAIN(TestRunPage)
#include "test_runpage.moc"
