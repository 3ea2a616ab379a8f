// The Campaigns and Charts pages over a real store and real runners: the preset editor validates as
// you type, a small campaign on the CPU and the Verilated IP runs off the GUI thread into the store
// with progress and a log, its runs sort and filter, cancel stops it and resume finishes it, and the
// Charts page plots throughput and paper 004's speedup against the CPU baseline.
#include <QtTest>

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>

#include "campaignchart.h"
#include "campaignsession.h"
#include "campaignspage.h"
#include "chartspage.h"
#include "guitestsupport.h"
#include "hw/iprunner.h"

using namespace rs;

namespace {

constexpr const char* kSmall = R"({"name": "small", "targets": ["cpu", "ip"], "algorithms": ["ascon-aead128"],
  "message_bytes": [16, 64], "ad_bytes": [0], "repeats": 2, "options": {}})";

} // namespace

class TestCampaigns : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() { hw::registerIpRunner(); }

    void editorValidatesAsYouType() {
        QTemporaryDir dir;
        sessions::CampaignSession session;
        QVERIFY(session.openStore(dir.filePath(QStringLiteral("c.sqlite"))));
        gui::CampaignsPage page(&session);
        QVERIFY(page.specError()->text().isEmpty()); // the first preset is valid
        QVERIFY(page.runButton()->isEnabled());
        page.editor()->setPlainText(QStringLiteral(R"({"name": "x", "targets": ["gpu"]})"));
        QVERIFY(!page.specError()->text().isEmpty());
        QVERIFY(!page.runButton()->isEnabled());
        const int paper004 = page.presetBox()->findText(QStringLiteral("paper004"));
        QVERIFY(paper004 >= 0);
        page.presetBox()->setCurrentIndex(paper004);
        QVERIFY(page.editor()->toPlainText().contains(QStringLiteral("skinny-128-256")));
        QVERIFY(page.specError()->text().isEmpty());
    }

    void runsSortsFiltersCancelsAndResumes() {
        QTemporaryDir dir;
        sessions::CampaignSession session;
        QVERIFY(session.openStore(dir.filePath(QStringLiteral("c.sqlite"))));
        gui::CampaignsPage page(&session);
        page.editor()->setPlainText(QString::fromLatin1(kSmall));
        QVERIFY(page.runButton()->isEnabled());
        QSignalSpy done(&session, &sessions::CampaignSession::finished);
        page.run();
        QVERIFY(!page.runButton()->isEnabled());
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 120000);
        QCOMPARE(done.front().at(1).toInt(), 4); // runs
        QCOMPARE(done.front().at(2).toInt(), 0); // failed
        QCOMPARE(page.campaignTable()->rowCount(), 1);
        QCOMPARE(page.progressBar()->value(), 4);
        QVERIFY(page.log()->toPlainText().contains(QStringLiteral("finished")));
        QCOMPARE(page.runTable()->model()->rowCount(), 4);
        for (int r = 0; r < 4; ++r)
            QCOMPARE(page.runTable()->model()->index(r, 4).data().toString(), QStringLiteral("yes"));
        page.runFilter()->setText(QStringLiteral("ip"));
        QCOMPARE(page.runTable()->model()->rowCount(), 2);
        page.runFilter()->clear();
        page.runTable()->sortByColumn(3, Qt::DescendingOrder); // message size
        QCOMPARE(page.runTable()->model()->index(0, 3).data().toString(), QStringLiteral("64"));
        const QString csv = dir.filePath(QStringLiteral("runs.csv"));
        QVERIFY(page.exportCsv(csv));
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll().count('\n'), 5); // header + 4 runs

        // Charts: throughput per target, and the IP's speedup against the CPU.
        gui::ChartsPage charts(&session);
        QCOMPARE(charts.campaignBox()->count(), 1);
        QCOMPARE(charts.chart()->data().series.size(), std::size_t{2});
        charts.kindBox()->setCurrentIndex(1); // speedup
        QCOMPARE(charts.chart()->data().series.size(), std::size_t{1});
        QCOMPARE(charts.chart()->data().series.front().target, std::string("ip"));
        QCOMPARE(charts.chart()->data().series.front().points.size(), std::size_t{2});
        QVERIFY(charts.chart()->hasData());
        QVERIFY(test::distinctColours(charts.chart()->renderImage(QSize(800, 480))) > 5);

        // A longer campaign, cancelled: what finished is kept; resume completes it without repeats.
        page.editor()->setPlainText(QStringLiteral(
            R"({"name": "long", "targets": ["cpu"], "algorithms": ["ascon-aead128", "ascon-128"],
                "message_bytes": [16, 32, 64, 128, 256, 512, 1024, 2048], "repeats": 50})"));
        QSignalSpy progress(&session, &sessions::CampaignSession::progress);
        page.run();
        QTRY_VERIFY_WITH_TIMEOUT(progress.count() >= 1, 60000);
        page.cancelButton()->click();
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 2, 60000);
        const auto list = session.campaigns();
        QCOMPARE(list.size(), std::size_t{2});
        const bool cancelled = done.back().at(3).toBool();
        if (cancelled) {
            QCOMPARE(list.back().status, std::string("cancelled"));
            page.resumeBox()->setChecked(true);
            page.run();
            QTRY_COMPARE_WITH_TIMEOUT(done.count(), 3, 120000);
            QVERIFY(!done.back().at(3).toBool());
            QCOMPARE(session.campaigns().size(), std::size_t{2}); // resumed, not a new campaign
        }
        const auto runs = session.runs(session.campaigns().back().id);
        QCOMPARE(runs.size(), std::size_t{16});
        QCOMPARE(session.campaigns().back().status, std::string("finished"));
    }

    void aForeignFileIsRefusedAndUntouched() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("notes.sqlite"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write("these are my notes, not a database\n");
        }
        sessions::CampaignSession session;
        QString error;
        QVERIFY(!session.openStore(path, &error));
        QVERIFY(!error.isEmpty());
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("these are my notes, not a database\n"));
        gui::CampaignsPage page(&session);
        QVERIFY(!page.runButton()->isEnabled()); // no store: nothing can run
    }
};

QTEST_MAIN(TestCampaigns)
#include "test_campaigns.moc"
