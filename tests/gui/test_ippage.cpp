// The IP core page: the spec example runs on the Verilated IP off the GUI thread, its ciphertext and
// tag equal the C++ model's and its clock count the formula's; invalid hex disables Run and runs
// nothing; the resources table carries the paper's figures.
#include <QtTest>

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>

#include "app/ui/common/hexfieldedit.h"
#include "app/ui/explorer/roundexplorerpage.h"
#include "app/ui/explorer/stateview.h"
#include "app/ui/ip/asconippage.h"
#include "app/ui/ip/ipcorepage.h"
#include "app/ui/window/mainwindow.h"
#include "core/crypto/asconaead.h"
#include "core/sessions/ciphersession.h"
#include "hw/ip/ascon/asconip.h"
#include "hw/ip/ascon/asconipcycles.h"
#include "hw/session/ipsession.h"

using namespace rs;
using gui::AsconIpPage;
using hw::IpSession;

namespace {
constexpr const char* kKey = "000102030405060708090A0B0C0D0E0F";
constexpr const char* kNonce = "101112131415161718191A1B1C1D1E1F";
constexpr const char* kAd = "30313233";
constexpr const char* kPt = "202122232425262728292A2B2C2D2E2F";

QString hex(const crypto::Bytes& b) {
    return QString::fromStdString(crypto::toHex(b));
}

void type(AsconIpPage& page, const QString& field, const QString& text) {
    QLineEdit* e = page.field(field)->lineEdit();
    e->selectAll();
    QTest::keyClick(e, Qt::Key_Delete);
    QTest::keyClicks(e, text);
}
} // namespace

class TestIpPage : public QObject {
    Q_OBJECT

  private slots:
    void runsTheSpecExample_data() {
        QTest::addColumn<int>("variant");
        QTest::addColumn<int>("unroll");
        QTest::addColumn<bool>("precomputed");
        QTest::newRow("Ascon-128 v1.2, unroll 1")
            << static_cast<int>(crypto::AsconAeadVariant::Ascon128v12) << 1 << false;
        QTest::newRow("Ascon-128a v1.2, unroll 6, precomputed")
            << static_cast<int>(crypto::AsconAeadVariant::Ascon128av12) << 6 << true;
        QTest::newRow("Ascon-AEAD128, unroll 12")
            << static_cast<int>(crypto::AsconAeadVariant::AsconAead128) << 12 << false;
    }

    void runsTheSpecExample() {
        QFETCH(int, variant);
        QFETCH(int, unroll);
        QFETCH(bool, precomputed);
        IpSession session;
        AsconIpPage page(&session);
        page.show();
        type(page, QStringLiteral("key"), QString::fromLatin1(kKey));
        type(page, QStringLiteral("nonce"), QString::fromLatin1(kNonce));
        type(page, QStringLiteral("ad"), QString::fromLatin1(kAd));
        type(page, QStringLiteral("pt"), QString::fromLatin1(kPt));
        const QString op =
            QString::fromStdString(hw::ipVariantId(static_cast<crypto::AsconAeadVariant>(variant)));
        QVERIFY(page.variantBox()->findData(op) >= 0);
        page.variantBox()->setCurrentIndex(page.variantBox()->findData(op));
        const int u = page.unrollBox()->findData(unroll);
        QVERIFY(u >= 0);
        page.unrollBox()->setCurrentIndex(u);
        page.precomputedBox()->setChecked(precomputed);
        QVERIFY(page.runButton()->isEnabled());

        QSignalSpy done(&session, &IpSession::finished);
        QTest::mouseClick(page.runButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 60000);
        QVERIFY(page.runButton()->isEnabled());

        const auto v = static_cast<crypto::AsconAeadVariant>(variant);
        const auto key = crypto::fromHex(kKey), nonce = crypto::fromHex(kNonce), ad = crypto::fromHex(kAd),
                   pt = crypto::fromHex(kPt);
        const crypto::AeadResult ref = crypto::asconEncrypt(v, key, nonce, ad, pt);
        QCOMPARE(page.ciphertextLabel()->text(), hex(ref.ct));
        QCOMPARE(page.tagLabel()->text(), hex(ref.tag));
        QCOMPARE(page.matchLabel()->text(), QStringLiteral("yes"));

        hw::AsconIpCycleQuery q;
        q.variant = v;
        q.unroll = unroll;
        q.precomputed = precomputed;
        q.adBytes = ad.size();
        q.msgBytes = pt.size();
        const hw::AsconIpCycleFormula f = hw::expectedCycles(q);
        const hw::IpSessionResult& r = session.lastResult();
        QCOMPARE(r.operation, op);
        QCOMPARE(r.settings.at("unroll"), unroll);
        QCOMPARE(r.run.busClocks, f.totalCycles);
        QCOMPARE(r.run.busTransactions, f.axiTransactions);
        QCOMPARE(page.cycleTable()->item(5, 0)->text(), QString::number(f.totalCycles));
        QCOMPARE(page.cycleTable()->item(5, 1)->text(), QString::number(f.totalCycles));
        QCOMPARE(page.cycleTable()->item(0, 1)->text(), QString::number(f.core.init));
    }

    void invalidHexRunsNothing() {
        IpSession session;
        AsconIpPage page(&session);
        page.show();
        QVERIFY(page.runButton()->isEnabled());
        type(page, QStringLiteral("nonce"), QStringLiteral("1011g2"));
        QVERIFY(!page.field(QStringLiteral("nonce"))->error().isEmpty());
        QVERIFY(page.field(QStringLiteral("nonce"))->errorLabel()->isVisible());
        QVERIFY(!page.runButton()->isEnabled());
        QVERIFY(!page.runAction()->isEnabled());
        QVERIFY(!page.run()); // even when asked directly
        // The facade refuses inputs the operation cannot take, before anything runs.
        QString error;
        QVERIFY(!session.run({QStringLiteral("ascon-128"),
                              {crypto::fromHex(kKey), crypto::fromHex("1011"), {}, crypto::fromHex(kPt)},
                              {}},
                             &error));
        QVERIFY2(error.contains(QStringLiteral("nonce")), qPrintable(error));
        page.runAction()->trigger();
        QTest::qWait(100);
        QCOMPARE(session.runsStarted(), 0);
        QCOMPARE(page.ciphertextLabel()->text(), QStringLiteral("—"));

        type(page, QStringLiteral("nonce"), QString::fromLatin1(kNonce));
        QVERIFY(page.field(QStringLiteral("nonce"))->error().isEmpty());
        QVERIFY(page.runButton()->isEnabled());
    }

    void aRunStartedElsewhereShowsItsInputsAndOptions() {
        // The explorer's capture runs the facade directly (bytes, session to session): the page follows the
        // Ascon core's current settings and shows what ran.
        IpSession session;
        AsconIpPage page(&session);
        QVERIFY(session.setSettings(QStringLiteral("ascon"), {{"unroll", 3}, {"precomputed", 1}}));
        QCOMPARE(page.unrollBox()->currentData().toInt(), 3);
        QVERIFY(page.precomputedBox()->isChecked());
        const auto key = crypto::fromHex(kKey), nonce = crypto::fromHex(kNonce), pt = crypto::fromHex(kPt);
        QSignalSpy done(&session, &IpSession::finished);
        QVERIFY(session.run({QStringLiteral("ascon-128a"), {key, nonce, {}, pt}, {}}));
        QVERIFY(done.wait(60000));
        QCOMPARE(session.lastResult().settings, (hw::IpSettings{{"unroll", 3}, {"precomputed", 1}}));
        QCOMPARE(page.variantBox()->currentData().toString(), QStringLiteral("ascon-128a"));
        QCOMPARE(page.field(QStringLiteral("key"))->lineEdit()->text(), hex(key));
        QCOMPARE(page.field(QStringLiteral("pt"))->lineEdit()->text(), hex(pt));
        QCOMPARE(page.field(QStringLiteral("ad"))->lineEdit()->text(), QString());
        const crypto::AeadResult ref =
            crypto::asconEncrypt(crypto::AsconAeadVariant::Ascon128av12, key, nonce, {}, pt);
        QCOMPARE(page.ciphertextLabel()->text(), hex(ref.ct));
        QCOMPARE(page.tagLabel()->text(), hex(ref.tag));
        QCOMPARE(page.matchLabel()->text(), QStringLiteral("yes"));
    }

    void ctrlReturnRunsOnTheIpAndCtrlROnlyRandomises() {
        gui::MainWindow w(false);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        // In the IP page Ctrl+Return runs on the IP (twice: the same worker thread clocks the model); Ctrl+R
        // runs nothing there.
        IpSession* session = w.ipSession();
        QWidget* dock = w.page<gui::IpCorePage>()->asconPage()->parentWidget();
        dock->show();
        dock->raise();
        w.activateWindow();
        QTRY_VERIFY(w.page<gui::IpCorePage>()->asconPage()->isVisible());
        QSignalSpy done(session, &IpSession::finished);
        QLineEdit* key = w.page<gui::IpCorePage>()->asconPage()->field(QStringLiteral("key"))->lineEdit();
        key->setFocus();
        QTRY_VERIFY(key->hasFocus());
        const QString explorerState = w.session()->inputText(QStringLiteral("state"));
        QTest::keyClick(key, Qt::Key_R, Qt::ControlModifier);
        QTest::qWait(100);
        QCOMPARE(session->runsStarted(), 0);
        QTest::keyClick(key, Qt::Key_Return, Qt::ControlModifier);
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 60000);
        QCOMPARE(w.session()->inputText(QStringLiteral("state")), explorerState);
        w.page<gui::IpCorePage>()->asconPage()->unrollBox()->setCurrentIndex(
            w.page<gui::IpCorePage>()->asconPage()->unrollBox()->count() - 1);
        QTest::keyClick(key, Qt::Key_Return, Qt::ControlModifier);
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 2, 60000);
        QCOMPARE(session->runsStarted(), 2);
        QCOMPARE(session->lastResult().settings.at("unroll"), 12);
        QVERIFY(session->lastResult().matchesModel);

        // In the Round Explorer it still randomises the inputs and runs nothing on the IP.
        w.page<gui::RoundExplorerPage>()->stateView()->setFocus();
        QTRY_VERIFY(w.page<gui::RoundExplorerPage>()->stateView()->hasFocus());
        QTest::keyClick(w.page<gui::RoundExplorerPage>()->stateView(), Qt::Key_R, Qt::ControlModifier);
        QTRY_VERIFY(w.session()->inputText(QStringLiteral("state")) != explorerState);
        QTest::qWait(100);
        QCOMPARE(session->runsStarted(), 2);
    }

    void showsThePapersFigures() {
        IpSession session;
        AsconIpPage page(&session);
        const QTableWidget* t = page.resourceTable();
        QCOMPARE(t->columnCount(), 5);
        QCOMPARE(t->rowCount(), 6);
        QCOMPARE(t->verticalHeaderItem(1)->text(), QStringLiteral("LUTs, yosys -abc9"));
        QCOMPARE(t->item(1, 0)->text(), QStringLiteral("4 555 + 30 RAM32M"));
        QCOMPARE(t->item(1, 2)->text(), QStringLiteral("2 047")); // the lean core, under rprimas's 2 444
        QCOMPARE(t->item(2, 3)->text(), QStringLiteral("39 224"));
        QCOMPARE(t->item(2, 4)->text(), QStringLiteral("29 471"));
        QCOMPARE(t->item(2, 0)->text(), QStringLiteral("—")); // no Vivado figure of ours
        QCOMPARE(t->verticalHeaderItem(5)->text(), QStringLiteral("LUT depth"));
        QVERIFY(page.findChild<QLabel*>(QStringLiteral("ipResourceSource"))
                    ->text()
                    .contains(QStringLiteral("yosys 0.23 synth_xilinx -family xc7")));
        QVERIFY(page.findChild<QLabel*>(QStringLiteral("ipResourceSource"))
                    ->text()
                    .contains(QStringLiteral("-abc9")));
    }
};

QTEST_MAIN(TestIpPage)
#include "test_ippage.moc"
