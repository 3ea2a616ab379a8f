// The Campaigns and Charts pages over a real store and real runners: the preset editor validates as
// you type, a small campaign on the CPU and the Verilated IP runs off the GUI thread into the store
// with progress and a log, its runs sort and filter, cancel stops it and resume finishes it, and the
// Charts page plots throughput and paper 004's speedup against the CPU baseline.
#include <QtTest>

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>

#include "campaignchart.h"
#include "campaignform.h"
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
        // The first preset (NIST LWC: 3 variants x 17 AD sizes x 19 message sizes) is valid.
        QCOMPARE(page.specError()->text(), QStringLiteral("969 runs, 5 repeats each"));
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
        QVERIFY(session.openStore(dir.filePath(QStringLiteral("c.sqlite"))));
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
