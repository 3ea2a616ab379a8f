// Stopping a campaign: Cancel answers at once ("Cancelling…") and stops even the run in progress (one long
// simulation on the Verilated IP), and closing the window during a campaign asks, then cancels and keeps
// the window until the worker has stopped, so no invisible process is left holding the store.
#include <QtTest>

#include <QPushButton>
#include <QStatusBar>
#include <QTemporaryDir>

#include "app/ui/campaigns/campaignspage.h"
#include "app/ui/window/mainwindow.h"
#include "core/campaign/campaignspec.h"
#include "core/campaign/campaignstore.h"
#include "core/sessions/campaignsession.h"
#include "hw/ip/iprunner.h"
#include "tests/gui/campaigntestsupport.h"

using namespace rs;

namespace {

// One run of a 64 MiB message on the IP: about ten seconds of simulation, stopped by Cancel in well under
// one.
constexpr const char* kLongIp = R"({"name": "long ip", "targets": ["ip"], "algorithms": ["ascon-128"],
  "message_bytes": [67108864], "repeats": 1})";

using rs::test::openStore;

/** @brief Starts the long campaign and waits until its run is under way. */
bool startLong(sessions::CampaignSession& session) {
    QSignalSpy started(&session, &sessions::CampaignSession::started);
    if (!session.start(campaign::parseSpec(kLongIp), campaign::StartMode::Fresh)) return false;
    if (!QTest::qWaitFor([&] { return !started.isEmpty(); }, 10000)) return false;
    QTest::qWait(300); // inside the simulation
    return session.isRunning();
}

} // namespace

class TestCampaignClose : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() { hw::registerIpRunner(); }

    void cancelStopsTheRunInProgressAndSaysSo() {
        QTemporaryDir dir;
        gui::MainWindow w(false);
        sessions::CampaignSession* session = w.workbench()->campaigns();
        QVERIFY(openStore(*session, dir.filePath(QStringLiteral("c.sqlite"))));
        auto* page = w.page<gui::CampaignsPage>();
        QVERIFY(startLong(*session));
        QSignalSpy finished(session, &sessions::CampaignSession::finished);
        QVERIFY(page->cancelButton()->isEnabled());
        page->cancelButton()->click();
        // At once: the button says the campaign is stopping and cannot be pressed twice.
        QCOMPARE(page->cancelButton()->text(), QStringLiteral("Cancelling…"));
        QVERIFY(!page->cancelButton()->isEnabled());
        QVERIFY(session->isCancelling());
        // The run in progress stops too (it would take about ten seconds to its end).
        QVERIFY(QTest::qWaitFor([&] { return !finished.isEmpty(); }, 5000));
        QVERIFY(finished.front().at(3).toBool()); // cancelled
        QCOMPARE(page->cancelButton()->text(), QStringLiteral("Cancel"));
        QVERIFY(!session->isCancelling());
    }

    void closingDuringACampaignAsksThenCancelsAndWaits() {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("c.sqlite"));
        gui::MainWindow w(false);
        QStringList questions;
        bool answer = false;
        w.setAsk([&](const QString&, const QString& q) {
            questions << q;
            return answer;
        });
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        sessions::CampaignSession* session = w.workbench()->campaigns();
        QVERIFY(openStore(*session, db));
        QVERIFY(startLong(*session));
        // "No": the window stays and the campaign goes on.
        QVERIFY(!w.close());
        QCOMPARE(questions.size(), 1);
        QVERIFY(questions.front().contains(QStringLiteral("campaign is running")));
        QVERIFY(w.isVisible());
        QVERIFY(session->isRunning() && !session->isCancelling());
        // "Yes": cancelled, and the window waits for the worker before it closes.
        answer = true;
        QVERIFY(!w.close());
        QVERIFY(w.isVisible());
        QVERIFY(session->isCancelling());
        QVERIFY(w.statusBar()->currentMessage().contains(QStringLiteral("Cancelling")));
        QVERIFY(!w.close()); // asked once only
        QCOMPARE(questions.size(), 2);
        QVERIFY(QTest::qWaitFor([&] { return !w.isVisible(); }, 5000));
        QVERIFY(!session->isRunning());
        // The store says so, read by another connection.
        const auto rows =
            campaign::CampaignStore(db.toStdString(), {campaign::OpenMode::ReadOnly}).campaigns();
        QCOMPARE(rows.size(), std::size_t{1});
        QCOMPARE(rows.front().status, std::string("cancelled"));
    }
};

QTEST_MAIN(TestCampaignClose)
#include "test_campaignclose.moc"
