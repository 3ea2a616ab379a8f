// The Campaigns page's "Run on: Slurm cluster": a definition submitted to the real one-node cluster that
// .ci/slurm-cluster starts (the CTest fixture), the shard table following each shard to done, Merge, and
// the merged store opened on the page like any store. Without a cluster those steps skip and say why;
// the page's own refusals (no folder, no CLI) are checked everywhere.
#include <QtTest>

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>

#include "app/ui/campaigns/campaignspage.h"
#include "app/ui/campaigns/clusterpanel.h"
#include "core/sessions/campaignsession.h"
#include "core/sessions/clustersession.h"
#include "tests/gui/campaigntestsupport.h"

using namespace rs;

namespace {

constexpr const char* kCpu = R"({"name": "gui cluster", "targets": ["cpu"], "algorithms": ["ascon-aead128"],
  "message_bytes": [16, 64, 256, 1024], "ad_bytes": [0, 16], "repeats": 2})";

using rs::test::openStore;

int rowsInState(QTableWidget* t, const QString& state) {
    int n = 0;
    for (int r = 0; r < t->rowCount(); ++r)
        n += t->item(r, 3) && t->item(r, 3)->text() == state ? 1 : 0;
    return n;
}

} // namespace

class TestCluster : public QObject {
    Q_OBJECT

  private slots:
    void runOnSwitchesTheButtonAndRefusesWithoutFolderOrCli() {
        QTemporaryDir dir;
        sessions::CampaignSession session;
        QVERIFY(openStore(session, dir.filePath(QStringLiteral("c.sqlite"))));
        gui::CampaignsPage page(&session);
        gui::ClusterPanel* panel = page.clusterPanel();
        QCOMPARE(page.runButton()->text(), QStringLiteral("Run"));
        panel->whereBox()->setCurrentIndex(1);
        QCOMPARE(page.runButton()->text(), QStringLiteral("Submit to Slurm"));
        QVERIFY(!page.resumeBox()->isVisibleTo(&page));
        page.editor()->setPlainText(QString::fromLatin1(kCpu));
        QVERIFY(page.runButton()->isEnabled());

        // No CLI the nodes could run: refused before anything is written.
        panel->cliEdit()->setText(dir.filePath(QStringLiteral("no-such-cli")));
        panel->folderEdit()->setText(dir.filePath(QStringLiteral("c1")));
        page.runButton()->click();
        QVERIFY(panel->statusLabel()->text().contains(QStringLiteral("not an executable file")));
        QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("c1/plan.json"))));

        // No folder: the session says so.
        panel->cliEdit()->setText(QStringLiteral(RS_CLI_PATH));
        panel->folderEdit()->clear();
        page.runButton()->click();
        QVERIFY(QTest::qWaitFor(
            [&] {
                return page.log()->toPlainText().contains(QStringLiteral("choose the campaign's folder"));
            },
            5000));
        panel->whereBox()->setCurrentIndex(0);
        QCOMPARE(page.runButton()->text(), QStringLiteral("Run"));
    }

    void submitFollowMergeAndOpenTheMergedStore() {
        if (!QFile::exists(QStringLiteral(RS_SLURM_STATE "/up")))
            QSKIP("no Slurm cluster: the fixture .ci/slurm-cluster did not start one (see its skip-reason)");
        QTemporaryDir dir;
        sessions::CampaignSession session;
        QVERIFY(openStore(session, dir.filePath(QStringLiteral("local.sqlite"))));
        gui::CampaignsPage page(&session);
        page.resize(1366, 768);
        page.show();
        gui::ClusterPanel* panel = page.clusterPanel();
        panel->whereBox()->setCurrentIndex(1);
        panel->cliEdit()->setText(QStringLiteral(RS_CLI_PATH));
        const QString folder = dir.filePath(QStringLiteral("cluster"));
        panel->folderEdit()->setText(folder);
        panel->maxParallelBox()->setValue(2);
        panel->perTaskBox()->setValue(2);
        page.editor()->setPlainText(QString::fromLatin1(kCpu));
        page.runButton()->click();
        QVERIFY2(
            QTest::qWaitFor(
                [&] { return page.log()->toPlainText().contains(QStringLiteral("submitted as 4 shards")); },
                60000),
            qPrintable(page.log()->toPlainText()));
        QTableWidget* shards = panel->shardTable();
        QVERIFY2(QTest::qWaitFor([&] { return rowsInState(shards, QStringLiteral("done")) == 4; }, 180000),
                 qPrintable(panel->statusLabel()->text()));
        QVERIFY(panel->mergeButton()->isEnabled());
        panel->mergeButton()->click();
        QVERIFY(QTest::qWaitFor([&] { return rowsInState(shards, QStringLiteral("merged")) == 4; }, 60000));
        QVERIFY2(panel->statusLabel()->text().contains(QStringLiteral("8 / 8 runs merged (finished)")),
                 qPrintable(panel->statusLabel()->text()));
        QVERIFY(page.log()->toPlainText().contains(QStringLiteral("merged 4 shards (8 runs added)")));

        QSignalSpy opened(&session, &sessions::CampaignSession::storeOpened);
        panel->openStoreButton()->click();
        QVERIFY(QTest::qWaitFor([&] { return !opened.isEmpty(); }, 60000));
        QCOMPARE(session.storePath(), QDir(folder).filePath(QStringLiteral("campaign.db")));
        QVERIFY(QTest::qWaitFor([&] { return page.campaignTable()->rowCount() == 1; }, 10000));
        QCOMPARE(page.campaignTable()->item(0, 2)->text(), QStringLiteral("finished"));
        QCOMPARE(page.campaignTable()->item(0, 3)->text(), QStringLiteral("8 / 8"));
    }
};

QTEST_MAIN(TestCluster)
#include "test_cluster.moc"
