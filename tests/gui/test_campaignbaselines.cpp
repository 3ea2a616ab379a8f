// The Campaigns page's store panel marks a baseline (issue 33): Mark as baseline on the selected campaign
// writes the mark through CampaignSession off the GUI thread, the list shows "★ baseline" in its Baseline
// column, the button and the list's context-menu action turn into Clear baseline, marking another campaign
// of the same machine and revision moves the star (the log names the one replaced), Clear baseline removes
// it, and a mark written by another program (the CLI) appears without a refresh.
#include <QtTest>

#include <QAction>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>

#include "app/ui/campaigns/storepanel.h"
#include "core/campaign/campaignstore.h"
#include "core/sessions/campaignsession.h"
#include "tests/gui/campaigntestsupport.h"

using namespace rs;

namespace {

campaign::CampaignSpec spec(const std::string& name) {
    campaign::CampaignSpec s;
    s.name = name;
    s.targets = {"cpu"};
    s.algorithms = {"ascon-aead128"};
    s.messageBytes = {16};
    s.repeats = 1;
    return s;
}

using rs::test::openStore;

int rowOf(const QTableWidget* t, qint64 id) {
    for (int r = 0; r < t->rowCount(); ++r)
        if (t->item(r, 0) && t->item(r, 0)->data(Qt::UserRole).toLongLong() == id) return r;
    return -1;
}

QString baselineCell(const QTableWidget* t, qint64 id) {
    const int r = rowOf(t, id);
    return r >= 0 && t->item(r, 6) ? t->item(r, 6)->text() : QStringLiteral("(no row)");
}

} // namespace

class TestCampaignBaselines : public QObject {
    Q_OBJECT

  private slots:
    void markReplaceAndClearFromTheStorePanel() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("b.sqlite"));
        {
            campaign::CampaignStore s(path.toStdString());
            s.createCampaign(spec("first"), {{"host", "h"}, {"git_revision", "aaa"}});
            s.createCampaign(spec("second"), {{"host", "h"}, {"git_revision", "aaa"}});
            s.createCampaign(spec("other machine"), {{"host", "g"}, {"git_revision", "aaa"}});
        }
        sessions::CampaignSession session;
        QVERIFY(openStore(session, path));
        gui::StorePanel panel(&session);
        panel.resize(900, 600);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QStringList log;
        connect(&panel, &gui::StorePanel::logLine, this, [&log](const QString& line) { log << line; });
        panel.refreshCampaigns();
        auto* table = panel.campaignTable();
        QCOMPARE(table->rowCount(), 3);
        QCOMPARE(table->horizontalHeaderItem(6)->text(), QStringLiteral("Baseline"));
        QCOMPARE(baselineCell(table, 1), QString());
        // The action is the list's context menu's, and the button beside it does the same.
        QVERIFY(table->actions().contains(panel.baselineAction()));
        QCOMPARE(table->contextMenuPolicy(), Qt::ActionsContextMenu);

        table->selectRow(rowOf(table, 1));
        QCOMPARE(panel.selectedCampaign(), std::optional<std::int64_t>(1));
        QCOMPARE(panel.baselineButton()->text(), QStringLiteral("Mark as baseline"));
        QVERIFY(panel.baselineButton()->isEnabled());
        QVERIFY(panel.baselineButton()->toolTip().contains(QStringLiteral("baseline of its machine")));
        QSignalSpy changed(&session, &sessions::CampaignSession::baselineChanged);
        QTest::mouseClick(panel.baselineButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 1, 30000);
        QVERIFY2(changed.front().at(1).toBool(), qPrintable(changed.front().at(2).toString()));
        QTRY_COMPARE_WITH_TIMEOUT(baselineCell(table, 1), QStringLiteral("★ baseline"), 10000);
        QVERIFY(
            table->item(rowOf(table, 1), 6)->toolTip().contains(QStringLiteral("host h at revision aaa")));
        QCOMPARE(baselineCell(table, 2), QString());
        QCOMPARE(panel.selectedCampaign(), std::optional<std::int64_t>(1));
        QCOMPARE(panel.baselineButton()->text(), QStringLiteral("Clear baseline"));
        QCOMPARE(panel.baselineAction()->text(), QStringLiteral("Clear baseline"));
        QVERIFY(log.last().contains(QStringLiteral("campaign 1 is the baseline of host h at revision aaa")));

        // Another campaign of the same machine and revision takes the star; the log names the one replaced.
        table->selectRow(rowOf(table, 2));
        QCOMPARE(panel.baselineButton()->text(), QStringLiteral("Mark as baseline"));
        panel.baselineAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 2, 30000);
        QTRY_COMPARE_WITH_TIMEOUT(baselineCell(table, 2), QStringLiteral("★ baseline"), 10000);
        QCOMPARE(baselineCell(table, 1), QString());
        QVERIFY2(log.last().contains(QStringLiteral("replacing campaign 1")), qPrintable(log.last()));
        {
            campaign::CampaignStore s(path.toStdString(), {campaign::OpenMode::ReadOnly, {}});
            QCOMPARE(s.baselines().size(), std::size_t(1));
            QCOMPARE(s.baselines().front().campaignId, std::int64_t(2));
        }

        // Clear baseline removes it.
        QCOMPARE(panel.baselineButton()->text(), QStringLiteral("Clear baseline"));
        QTest::mouseClick(panel.baselineButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 3, 30000);
        QTRY_COMPARE_WITH_TIMEOUT(baselineCell(table, 2), QString(), 10000);
        QCOMPARE(panel.baselineButton()->text(), QStringLiteral("Mark as baseline"));
        QVERIFY(session.baselines().empty());

        // A mark another program writes appears without a refresh (the store is watched).
        {
            campaign::CampaignStore s(path.toStdString());
            s.markBaseline(3);
        }
        QTRY_COMPARE_WITH_TIMEOUT(baselineCell(table, 3), QStringLiteral("★ baseline"), 10000);
    }

    void withoutASelectionOrStoreNothingIsMarked() {
        sessions::CampaignSession session;
        QString error;
        QVERIFY(!session.setBaseline(1, true, &error));
        QVERIFY(error.contains(QStringLiteral("no store")));
        QTemporaryDir dir;
        QVERIFY(openStore(session, dir.filePath(QStringLiteral("empty.sqlite"))));
        gui::StorePanel panel(&session);
        panel.refreshCampaigns();
        QVERIFY(!panel.selectedCampaign());
        QVERIFY(!panel.baselineButton()->isEnabled());
        QVERIFY(!panel.baselineAction()->isEnabled());
        // A campaign that is not there: the session says why, nothing is written.
        QSignalSpy changed(&session, &sessions::CampaignSession::baselineChanged);
        QVERIFY(session.setBaseline(7, true));
        QTRY_COMPARE_WITH_TIMEOUT(changed.count(), 1, 30000);
        QVERIFY(!changed.front().at(1).toBool());
        QVERIFY2(changed.front().at(2).toString().contains(QStringLiteral("no campaign 7")),
                 qPrintable(changed.front().at(2).toString()));
    }
};

QTEST_MAIN(TestCampaignBaselines)
#include "test_campaignbaselines.moc"
