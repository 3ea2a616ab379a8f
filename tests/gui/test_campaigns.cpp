// The Campaigns and Charts pages over a real store and real runners: the preset editor validates as
// you type, a small campaign on the CPU and the Verilated IP runs off the GUI thread into the store
// with progress and a log, its runs sort and filter, cancel stops it and resume finishes it, and the
// Charts page plots throughput and paper 004's speedup against the CPU baseline. Run follows the
// store's rules (Resume / New campaign); the app, the CLI and the sqlite3 shell share one store; a
// damaged store is shown, never thrown; exports to a device fail with a message.
#include <QtTest>

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardPaths>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>

#include <set>

#include <sqlite3.h>

#include "app/charts/campaignchart.h"
#include "app/ui/campaigns/campaignform.h"
#include "app/ui/campaigns/campaignspage.h"
#include "app/ui/campaigns/chartspage.h"
#include "app/ui/campaigns/comparisondialog.h"
#include "core/campaign/campaignstore.h"
#include "core/sessions/campaignsession.h"
#include "hw/ip/iprunner.h"
#include "tests/gui/campaigntestsupport.h"
#include "tests/gui/guitestsupport.h"

using namespace rs;

namespace {

constexpr const char* kSmall = R"({"name": "small", "targets": ["cpu", "ip"], "algorithms": ["ascon-aead128"],
  "message_bytes": [16, 64], "ad_bytes": [0], "repeats": 2, "options": {}})";
constexpr const char* kCpu = R"({"name": "cpu", "targets": ["cpu"], "algorithms": ["ascon-aead128"],
  "message_bytes": [16, 64], "repeats": 2})";
constexpr const char* kLong =
    R"({"name": "long", "targets": ["cpu"], "algorithms": ["ascon-aead128", "ascon-128"],
  "message_bytes": [1024, 4096, 16384, 65536], "ad_bytes": [0, 16], "repeats": 300})";

// Opens a store and waits for the answer: the session opens (and checks) it off the GUI thread.
using rs::test::openStore;

} // namespace

class TestCampaigns : public QObject {
    Q_OBJECT

  private slots:
    void theSplitterNeverHidesTheDefinitionOrItsRunButton() {
        QTemporaryDir dir;
        sessions::CampaignSession session;
        QVERIFY(openStore(session, dir.filePath(QStringLiteral("split.sqlite"))));
        gui::CampaignsPage page(&session);
        page.resize(1366, 700);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        auto* split = page.findChild<QSplitter*>();
        QVERIFY(split);
        QVERIFY(!split->childrenCollapsible());
        split->setSizes({5000, 0}); // a drag all the way to the right
        QVERIFY2(split->sizes().at(1) >= 320, qPrintable(QString::number(split->sizes().at(1))));
        QVERIFY(page.runButton()->isVisible());
        QVERIFY(page.runButton()->visibleRegion().boundingRect().width() > 0);
    }

    void reportOfTheSelectedCampaignAloneOrAgainstABaseline() {
        QTemporaryDir dir;
        sessions::CampaignSession session;
        QVERIFY(openStore(session, dir.filePath(QStringLiteral("report.sqlite"))));
        gui::CampaignsPage page(&session);
        QSignalSpy done(&session, &sessions::CampaignSession::finished);
        page.editor()->setPlainText(QString::fromLatin1(kCpu));
        page.run();
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 60000);
        page.newBox()->setChecked(true);
        page.run();
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 2, 60000);
        QCOMPARE(page.selectedCampaign(), std::optional<std::int64_t>(2));
        auto* against = page.storePanel()->reportAgainst();
        QCOMPARE(against->count(), 3); // no comparison, #1, #2
        // A refresh that changes no campaign leaves the list as it is (an open list stays open).
        QSignalSpy rebuilt(against->model(), &QAbstractItemModel::modelReset);
        QSignalSpy removed(against->model(), &QAbstractItemModel::rowsRemoved);
        page.storePanel()->refreshCampaigns();
        QCOMPARE(rebuilt.count() + removed.count(), 0);
        const QString html = dir.filePath(QStringLiteral("r.html"));
        QVERIFY(page.storePanel()->exportReport(html));
        QFile f(html);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QString text = QString::fromUtf8(f.readAll());
        f.close();
        QVERIFY(text.contains(QStringLiteral("<title>RoundScope: campaign #2 cpu</title>")));
        QVERIFY(!text.contains(QStringLiteral("<h2>Comparison</h2>")));
        against->setCurrentIndex(against->findData(qint64(1)));
        QVERIFY(page.storePanel()->exportReport(html));
        QVERIFY(f.open(QIODevice::ReadOnly));
        text = QString::fromUtf8(f.readAll());
        QVERIFY(text.contains(QStringLiteral("campaign #2 against #1")));
        QVERIFY(text.contains(QStringLiteral("<h2>Comparison</h2>")));
        QVERIFY(text.contains(QStringLiteral("too few repeats"))); // 2 repeats a side
        // The File menu's entry is the page's; a device is refused and the log says why.
        QCOMPARE(page.menuActions().size(), 1);
        QCOMPARE(page.menuActions().front().actions.front()->objectName(),
                 QStringLiteral("exportCampaignReport"));
        QVERIFY(!page.storePanel()->exportReport(QStringLiteral("/dev/full")));
        QVERIFY(page.log()->toPlainText().contains(QStringLiteral("Cannot export the report")));

        // Compare…: the same comparison as a table in the app, #2 against #1, every point of both.
        gui::ComparisonDialog* table = page.storePanel()->compareWithChosen();
        QVERIFY(table);
        QVERIFY(table->isVisible());
        QCOMPARE(table->windowTitle(), QStringLiteral("Campaign #2 against #1"));
        QCOMPARE(table->table()->rowCount(), 2); // kCpu: 2 points
        for (int r = 0; r < table->table()->rowCount(); ++r)
            QVERIFY2(table->table()->item(r, 9)->text().contains(QStringLiteral("too few repeats")),
                     qPrintable(table->table()->item(r, 9)->text()));
        table->close();
        // Nothing chosen to compare against: the log says what to do, nothing opens.
        against->setCurrentIndex(0);
        QVERIFY(!page.storePanel()->compareWithChosen());
        const QString why =
            QStringLiteral("Cannot compare: choose the campaign to compare against in the list beside");
        QCOMPARE(page.log()->toPlainText().count(why), 1);
        page.storePanel()->compareButton()->click(); // the button asks the same
        QCOMPARE(page.log()->toPlainText().count(why), 2);
    }

    void initTestCase() { hw::registerIpRunner(); }

    void editorValidatesAsYouType() {
        QTemporaryDir dir;
        sessions::CampaignSession session;
        QVERIFY(openStore(session, dir.filePath(QStringLiteral("c.sqlite"))));
        gui::CampaignsPage page(&session);
        // The first preset (NIST LWC: 3 variants x 17 AD sizes x 19 message sizes) is valid.
        QCOMPARE(page.specError()->text(), QStringLiteral("969 runs, 9 repeats each"));
        QVERIFY(page.runButton()->isEnabled());
        page.editor()->setPlainText(QStringLiteral(R"({"name": "x", "targets": ["gpu"]})"));
        QVERIFY(page.specError()->text().startsWith(QStringLiteral("targets[0]: unknown target 'gpu'")));
        QVERIFY(!page.runButton()->isEnabled());
        const int paper004 = page.presetBox()->findText(QStringLiteral("paper004"));
        QVERIFY(paper004 >= 0);
        page.presetBox()->setCurrentIndex(paper004);
        QVERIFY(page.editor()->toPlainText().contains(QStringLiteral("skinny-128-256")));
        QCOMPARE(page.specError()->text(), QStringLiteral("46 runs, 10 repeats each"));
    }

    void formAndJsonStayInStep() {
        QTemporaryDir dir;
        sessions::CampaignSession session;
        QVERIFY(openStore(session, dir.filePath(QStringLiteral("c.sqlite"))));
        gui::CampaignsPage page(&session);
        gui::CampaignForm* form = page.form();
        page.presetBox()->setCurrentIndex(page.presetBox()->findText(QStringLiteral("paper004")));
        // JSON -> form: the preset shows as compact size lists and checked ids.
        QCOMPARE(form->messageSizesEdit()->text(), QStringLiteral("16..64M*2"));
        QCOMPARE(form->nameEdit()->text(), QStringLiteral("paper 004 sweep"));
        const auto checkedIds = [](QListWidget* l) {
            QStringList ids;
            for (int i = 0; i < l->count(); ++i)
                if (l->item(i)->checkState() == Qt::Checked) ids << l->item(i)->text();
            return ids;
        };
        QCOMPARE(checkedIds(form->targetList()), QStringList{QStringLiteral("cpu")});
        QCOMPARE(checkedIds(form->algorithmList()),
                 (QStringList{QStringLiteral("skinny-128-256-ecb"), QStringLiteral("skinny-128-256-ctr")}));

        // Form -> JSON: typing a size list rewrites the definition.
        form->messageSizesEdit()->selectAll();
        QTest::keyClicks(form->messageSizesEdit(), QStringLiteral("16, 0..64/32"));
        auto spec = campaign::parseSpec(page.editor()->toPlainText().toStdString());
        QCOMPARE(spec.messageBytes, (std::vector<std::uint64_t>{16, 0, 32, 64}));
        QCOMPARE(page.specError()->text(), QStringLiteral("8 runs, 10 repeats each"));
        for (int i = 0; i < form->targetList()->count(); ++i)
            if (form->targetList()->item(i)->text() == QStringLiteral("ip"))
                form->targetList()->item(i)->setCheckState(Qt::Checked);
        form->repeatsBox()->setValue(3);
        form->optionsEdit()->setText(QStringLiteral("ip.unroll=2"));
        emit form->optionsEdit()->textEdited(form->optionsEdit()->text());
        spec = campaign::parseSpec(page.editor()->toPlainText().toStdString());
        QCOMPARE(spec.targets, (std::vector<std::string>{"cpu", "ip"}));
        QCOMPARE(spec.repeats, 3);
        QCOMPARE(spec.options.at("ip.unroll"), std::string("2"));
        QVERIFY(page.runButton()->isEnabled());

        // A bad field: the error names it, Run waits, the JSON keeps the last valid definition.
        const QString before = page.editor()->toPlainText();
        form->adSizesEdit()->setText(QStringLiteral("8, 8"));
        emit form->adSizesEdit()->textEdited(form->adSizesEdit()->text());
        QCOMPARE(page.specError()->text(), QStringLiteral("AD sizes: '8': repeats the size 8"));
        QVERIFY(!page.runButton()->isEnabled());
        QCOMPARE(page.editor()->toPlainText(), before);
        form->optionsEdit()->setText(QStringLiteral("gpu.x=1"));
        emit form->optionsEdit()->textEdited(form->optionsEdit()->text());
        QVERIFY(page.specError()->text().startsWith(QStringLiteral("AD sizes:"))); // first bad field first
        form->adSizesEdit()->setText(QStringLiteral("0"));
        emit form->adSizesEdit()->textEdited(QStringLiteral("0"));
        QVERIFY2(page.specError()->text().contains(QStringLiteral("options[\"gpu.x\"]")),
                 qPrintable(page.specError()->text()));
        QVERIFY(!page.runButton()->isEnabled());
        for (int i = 0; i < form->algorithmList()->count(); ++i)
            form->algorithmList()->item(i)->setCheckState(Qt::Unchecked);
        form->optionsEdit()->setText(QString());
        emit form->optionsEdit()->textEdited(QString());
        QVERIFY2(page.specError()->text().contains(QStringLiteral("algorithms: must not be empty")),
                 qPrintable(page.specError()->text()));
    }

    void compareWaitsForACampaignNotReadYetInsteadOfComparingNothing() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("two.sqlite"));
        {
            campaign::CampaignStore store(path.toStdString());
            campaign::CampaignSpec spec = campaign::parseSpec(kCpu);
            for (const char* name : {"first", "second"}) {
                spec.name = name;
                const auto id = store.createCampaign(spec, {});
                for (const std::uint64_t n : {16u, 64u})
                    store.recordRun(id, {"cpu", "ascon-aead128", n, 0}, true, "", {},
                                    {{"time_median", 100.0 * n, "ns"}}, {100.0 * n, 101.0 * n, 99.0 * n});
                store.setStatus(id, "finished");
            }
        }
        sessions::CampaignSession session;
        QVERIFY(openStore(session, path));
        gui::CampaignsPage page(&session);
        QTRY_COMPARE(page.selectedCampaign(), std::optional<std::int64_t>(2));
        QTRY_COMPARE_WITH_TIMEOUT(page.runTable()->model()->rowCount(), 2, 30000); // #2's runs are read
        auto* against = page.storePanel()->reportAgainst();
        QTRY_VERIFY(against->findData(qint64(1)) >= 0);
        against->setCurrentIndex(against->findData(qint64(1)));
        // #1's runs were never shown: the first ask starts reading them and says so, never a table of
        // points "only in campaign 2".
        QVERIFY(!page.storePanel()->compareWithChosen());
        QVERIFY2(page.log()->toPlainText().contains(QStringLiteral("reading campaign #1 from the store")),
                 qPrintable(page.log()->toPlainText()));
        gui::ComparisonDialog* table = nullptr;
        QTRY_VERIFY((table = page.storePanel()->compareWithChosen()) != nullptr);
        QCOMPARE(table->table()->rowCount(), 2);
        for (int r = 0; r < 2; ++r)
            QCOMPARE(table->table()->item(r, 1)->text(), QStringLiteral("SAME"));
        table->close();
    }

    void interleavingIsChosenInTheFormAndKeptInTheJson() {
        QTemporaryDir dir;
        sessions::CampaignSession session;
        QVERIFY(openStore(session, dir.filePath(QStringLiteral("c.sqlite"))));
        gui::CampaignsPage page(&session);
        gui::CampaignForm* form = page.form();
        page.presetBox()->setCurrentIndex(page.presetBox()->findText(QStringLiteral("paper003")));
        QVERIFY(!form->interleaveBox()->isChecked());
        QVERIFY(!form->seedEdit()->isEnabled());
        QVERIFY(!page.editor()->toPlainText().contains(QStringLiteral("interleave_seed")));
        // Checking it draws a seed, shown, and the definition keeps it.
        form->interleaveBox()->click();
        QVERIFY(form->seedEdit()->isEnabled());
        const QString drawn = form->seedEdit()->text();
        QVERIFY(!drawn.isEmpty());
        auto spec = campaign::parseSpec(page.editor()->toPlainText().toStdString());
        QCOMPARE(spec.interleaveSeed, std::optional<std::uint64_t>(drawn.toULongLong()));
        form->seedEdit()->selectAll();
        QTest::keyClicks(form->seedEdit(), QStringLiteral("42"));
        spec = campaign::parseSpec(page.editor()->toPlainText().toStdString());
        QCOMPARE(spec.interleaveSeed, std::optional<std::uint64_t>(42));
        QVERIFY(page.runButton()->isEnabled());
        // JSON -> form.
        spec.interleaveSeed = 7;
        page.editor()->setPlainText(QString::fromStdString(campaign::specJson(spec)));
        QVERIFY(form->interleaveBox()->isChecked());
        QCOMPARE(form->seedEdit()->text(), QStringLiteral("7"));
        // Checked without a seed: the field is named and Run waits.
        form->seedEdit()->clear();
        emit form->seedEdit()->textEdited(QString());
        QVERIFY2(page.specError()->text().startsWith(QStringLiteral("seed: expected a whole number")),
                 qPrintable(page.specError()->text()));
        QVERIFY(!page.runButton()->isEnabled());
        // Unchecked: run after run again, and the definition says nothing of a seed.
        form->interleaveBox()->click();
        QVERIFY(!page.editor()->toPlainText().contains(QStringLiteral("interleave_seed")));
        QVERIFY(page.runButton()->isEnabled());
    }

    void aStoreThatCannotBeOpenedSaysWhy() {
        // As at start-up: the session opens a damaged file; the store label says why, as Open store… does.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("damaged.sqlite"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray(4096, 'x'));
        }
        sessions::CampaignSession session;
        gui::CampaignsPage page(&session);
        QString error;
        QVERIFY(!openStore(session, path, &error));
        QVERIFY(!error.isEmpty());
        const QString why = QStringLiteral("Cannot open %1: %2").arg(path, error);
        QCOMPARE(page.storeLabel()->text(), why);
        QVERIFY(!page.storeLabel()->styleSheet().isEmpty());
        QVERIFY(page.log()->toPlainText().contains(why));
        // A store that opens clears it.
        QVERIFY(openStore(session, dir.filePath(QStringLiteral("good.sqlite"))));
        QTRY_VERIFY(page.storeLabel()->text().startsWith(QStringLiteral("Store: ")));
        QVERIFY(page.storeLabel()->styleSheet().isEmpty());
    }

    void unsupportedPairsAreNamedAndRunWaits() {
        QTemporaryDir dir;
        sessions::CampaignSession session;
        QVERIFY(openStore(session, dir.filePath(QStringLiteral("c.sqlite"))));
        gui::CampaignsPage page(&session);
        // JSON: the IP runs no LEA-GCM. The pair is named with what the IP runs, Run waits, the form shows
        // it.
        page.editor()->setPlainText(QStringLiteral(R"({"name": "pairs", "targets": ["cpu", "ip"],
            "algorithms": ["lea-128-gcm"], "message_bytes": [16]})"));
        const QString pairError =
            QStringLiteral("targets x algorithms: ip does not run lea-128-gcm (ip runs ascon-128, ");
        QVERIFY2(page.specError()->text().startsWith(pairError), qPrintable(page.specError()->text()));
        QVERIFY2(page.specError()->text().endsWith(QStringLiteral("drop the pair or split the campaign")),
                 qPrintable(page.specError()->text()));
        QVERIFY(!page.runButton()->isEnabled());
        QListWidgetItem* ip = nullptr;
        for (int i = 0; i < page.form()->targetList()->count(); ++i)
            if (page.form()->targetList()->item(i)->text() == QStringLiteral("ip"))
                ip = page.form()->targetList()->item(i);
        QVERIFY(ip);
        QCOMPARE(ip->checkState(), Qt::Checked);
        // Form: without the IP the definition is valid; checking it again names the pair.
        ip->setCheckState(Qt::Unchecked);
        QCOMPARE(page.specError()->text(), QStringLiteral("1 run, 9 repeats each"));
        QVERIFY(page.runButton()->isEnabled());
        ip->setCheckState(Qt::Checked);
        QVERIFY2(page.specError()->text().startsWith(QStringLiteral("definition: ") + pairError),
                 qPrintable(page.specError()->text()));
        QVERIFY(!page.runButton()->isEnabled());
    }

    void runsSortsFiltersCancelsAndResumes() {
        QTemporaryDir dir;
        sessions::CampaignSession session;
        QVERIFY(openStore(session, dir.filePath(QStringLiteral("c.sqlite"))));
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
        f.close();
        // A device is refused before anything is written; the log says why.
        QVERIFY(!page.exportCsv(QStringLiteral("/dev/full")));
        QVERIFY(page.log()->toPlainText().contains(QStringLiteral("/dev/full")));

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
        QVERIFY(!charts.exportCsv(QStringLiteral("/dev/full")));
        QVERIFY(charts.noteLabel()->text().contains(QStringLiteral("/dev/full")));
        QVERIFY(charts.exportCsv(dir.filePath(QStringLiteral("series.csv"))));
        // The chart's PNG/PDF are written whole, or not at all.
        QString error;
        QVERIFY(charts.chart()->exportPdf(dir.filePath(QStringLiteral("c.pdf")), &error));
        QVERIFY(!charts.chart()->exportPng(QStringLiteral("/dev/full"), 0, 0, &error));
        QVERIFY2(error.contains(QStringLiteral("character device")), qPrintable(error));

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

    void runFollowsTheStoreRules() {
        // As the CLI: a stored definition needs Resume (nothing to do when finished) or New campaign.
        QTemporaryDir dir;
        sessions::CampaignSession session;
        QVERIFY(openStore(session, dir.filePath(QStringLiteral("rules.sqlite"))));
        gui::CampaignsPage page(&session);
        page.editor()->setPlainText(QString::fromLatin1(kCpu));
        QSignalSpy done(&session, &sessions::CampaignSession::finished);
        QSignalSpy failed(&session, &sessions::CampaignSession::failed);
        page.run();
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 60000);
        QTRY_VERIFY(page.runButton()->isEnabled());
        page.run();
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 60000);
        QVERIFY2(failed.front().at(0).toString().contains(QStringLiteral("has this definition already")),
                 qPrintable(failed.front().at(0).toString()));
        QVERIFY(page.log()->toPlainText().contains(QStringLiteral("has this definition already")));
        // Not only in the log: a banner above it says why, wrapped, until the next run starts.
        QVERIFY(!page.runBar()->banner()->isHidden());
        QVERIFY(page.runBar()->banner()->text().contains(QStringLiteral("has this definition already")));
        QVERIFY(page.runBar()->banner()->wordWrap());
        QCOMPARE(page.log()->verticalScrollBar()->value(), page.log()->verticalScrollBar()->maximum());
        page.resumeBox()->setChecked(true);
        page.run();
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 2, 60000);
        QVERIFY(done.back().at(4).toBool()); // nothing to do
        QVERIFY(page.log()->toPlainText().contains(QStringLiteral("nothing to do: campaign #1 is finished")));
        QVERIFY(page.runBar()->banner()->isHidden());
        page.newBox()->setChecked(true);
        QVERIFY(!page.resumeBox()->isChecked());
        page.run();
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 3, 60000);
        QCOMPARE(session.campaigns().size(), std::size_t{2});
        QCOMPARE(session.runs(2).size(), std::size_t{2});
        // The table shows the campaign that just ran, not the one selected before it.
        const QList<QTableWidgetItem*> selected = page.campaignTable()->selectedItems();
        QVERIFY(!selected.isEmpty());
        QCOMPARE(page.campaignTable()->item(selected.front()->row(), 0)->data(Qt::UserRole).toLongLong(), 2);
    }

    void appCliAndSqliteShellShareOneStore() {
        // The README's workflow: the app keeps its store open (and runs a campaign into it) while the CLI
        // lists, exports and runs another campaign into the same file and the sqlite3 shell reads it.
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("shared.sqlite"));
        sessions::CampaignSession session;
        QVERIFY(openStore(session, db));
        gui::CampaignsPage page(&session);
        gui::ChartsPage charts(&session);
        page.editor()->setPlainText(QString::fromLatin1(kLong));
        QSignalSpy done(&session, &sessions::CampaignSession::finished);
        QSignalSpy failed(&session, &sessions::CampaignSession::failed);
        page.run();
        const QString other = dir.filePath(QStringLiteral("other.json"));
        {
            QFile f(other);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(kCpu);
        }
        const QString shell = QStandardPaths::findExecutable(QStringLiteral("sqlite3"));
        if (shell.isEmpty())
            qWarning("sqlite3 shell not installed (.ci/setup installs it): its part is skipped");
        QProcess cliRun;
        const auto cli = [](const QStringList& args) {
            QProcess p;
            p.start(QStringLiteral(RS_CLI_PATH), args);
            p.waitForFinished(120000);
            return std::make_pair(p.exitCode(), p.readAllStandardOutput() + p.readAllStandardError());
        };
        QTRY_VERIFY_WITH_TIMEOUT(!session.campaigns().empty(), 30000);
        for (int round = 0; round < 6; ++round) {
            const auto list =
                cli({QStringLiteral("campaign"), QStringLiteral("list"), QStringLiteral("--db"), db});
            QVERIFY2(list.first == 0, list.second.constData());
            const auto exported =
                cli({QStringLiteral("campaign"), QStringLiteral("export"), QStringLiteral("--db"), db,
                     QStringLiteral("--id"), QStringLiteral("1"), QStringLiteral("--json")});
            QVERIFY2(exported.first == 0, exported.second.constData());
            if (!shell.isEmpty()) {
                QProcess sql;
                sql.start(shell, {db, QStringLiteral("SELECT count(*) FROM runs; PRAGMA quick_check;")});
                QVERIFY(sql.waitForFinished(60000));
                QCOMPARE(sql.exitCode(), 0);
                QVERIFY(sql.readAllStandardOutput().contains("ok"));
            }
            if (round == 1)
                cliRun.start(QStringLiteral(RS_CLI_PATH), {QStringLiteral("campaign"), QStringLiteral("run"),
                                                           other, QStringLiteral("--db"), db});
            QTest::qWait(30); // the app reads what the others wrote
            QString error;
            session.campaigns(&error);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            QVERIFY2(!page.storeLabel()->text().contains(QStringLiteral("cannot be read")),
                     qPrintable(page.storeLabel()->text()));
        }
        if (cliRun.state() != QProcess::NotRunning) QVERIFY(cliRun.waitForFinished(120000));
        QCOMPARE(cliRun.exitStatus(), QProcess::NormalExit);
        QVERIFY2(cliRun.exitCode() == 0, cliRun.readAllStandardError().constData());
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 120000);
        QCOMPARE(failed.count(), 0);
        // The app's campaign may end before the CLI's (a loaded machine): its last read then predates the
        // CLI's campaign, which the next read shows.
        session.refresh();
        QTRY_COMPARE_WITH_TIMEOUT(page.campaignTable()->rowCount(), 2, 10000);
        // Nothing lost, nothing twice, every checksum right, the file intact.
        campaign::CampaignStore check(db.toStdString());
        check.verifyAll();
        const auto list = check.campaigns();
        QCOMPARE(list.size(), std::size_t{2});
        for (const auto& c : list) {
            QCOMPARE(c.status, std::string("finished"));
            QCOMPARE(c.runsDone, c.runsTotal);
            std::set<campaign::RunKey> keys;
            for (const auto& r : check.runs(c.id))
                keys.insert(r.key);
            QCOMPARE(static_cast<int>(keys.size()), c.runsTotal);
        }
    }

    void anotherProgramsCampaignAppearsWithoutARefresh() {
        // The CLI (here: a second connection in this process, as the CLI would open one) records a
        // campaign while the page is open: the page lists it by itself (the store's files are watched).
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("watched.sqlite"));
        sessions::CampaignSession session;
        QVERIFY(openStore(session, db));
        gui::CampaignsPage page(&session);
        QCOMPARE(page.campaignTable()->rowCount(), 0);
        {
            campaign::CampaignStore other(db.toStdString());
            campaign::CampaignSpec spec;
            spec.name = "from the CLI";
            spec.targets = {"cpu"};
            spec.algorithms = {"ascon-aead128"};
            spec.messageBytes = {16};
            spec.adBytes = {0};
            const auto id = other.createCampaign(spec, {});
            other.recordRun(id, {"cpu", "ascon-aead128", 16, 0}, true, "", {}, {{"time_median", 5, "ns"}});
        }
        QTRY_COMPARE_WITH_TIMEOUT(page.campaignTable()->rowCount(), 1, 10000);
        QCOMPARE(page.campaignTable()->item(0, 1)->text(), QStringLiteral("from the CLI"));
        QTRY_COMPARE_WITH_TIMEOUT(page.runTable()->model()->rowCount(), 1, 10000);
    }

    void aDamagedStoreIsShownNeverThrown() {
        QTemporaryDir dir;
        const QString db = dir.filePath(QStringLiteral("d.sqlite"));
        sessions::CampaignSession session;
        QVERIFY(openStore(session, db));
        gui::CampaignsPage page(&session);
        gui::ChartsPage charts(&session);
        page.editor()->setPlainText(QString::fromLatin1(kCpu));
        QSignalSpy done(&session, &sessions::CampaignSession::finished);
        QSignalSpy failed(&session, &sessions::CampaignSession::failed);
        page.run();
        QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 60000);
        // Another program changes a measured value behind the app's back (through SQLite).
        sqlite3* raw = nullptr;
        QCOMPARE(sqlite3_open(db.toUtf8().constData(), &raw), SQLITE_OK);
        QCOMPARE(sqlite3_exec(raw, "UPDATE measurements SET value = value + 1 WHERE rowid = 1", nullptr,
                              nullptr, nullptr),
                 SQLITE_OK);
        sqlite3_close(raw);
        // The pages read the session's last read: nothing on the GUI thread has looked at the file yet.
        QString before;
        QCOMPARE(session.runs(1, &before).size(), std::size_t{2});
        QVERIFY(before.isEmpty());
        QSignalSpy reread(&session, &sessions::CampaignSession::storeChanged);
        session.refresh(); // read again (off the GUI thread), as after any change by another program
        QVERIFY(reread.wait(60000));
        QVERIFY2(page.storeLabel()->text().contains(QStringLiteral("is corrupt")),
                 qPrintable(page.storeLabel()->text()));
        QVERIFY2(charts.noteLabel()->text().contains(QStringLiteral("cannot be read")),
                 qPrintable(charts.noteLabel()->text()));
        QString error;
        QVERIFY(session.runs(1, &error).empty());
        QVERIFY(error.contains(QString::fromUtf8(db.toUtf8()) + QStringLiteral(" is corrupt")));
        // A run into it is refused before anything is written, shown in the log.
        page.newBox()->setChecked(true);
        page.run();
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 60000);
        QVERIFY2(page.log()->toPlainText().contains(QStringLiteral("is corrupt")),
                 qPrintable(page.log()->toPlainText()));
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
        QVERIFY(!openStore(session, path, &error));
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
