// The Ascon IP page's decrypt mode: the ciphertext and tag (the C++ model's encryption of the inputs as
// typed) decrypt on the Verilated IP to the plaintext; with "tamper the tag" one tag bit flips before the run
// and the page says "authentication failed — no plaintext released". The capture the Waveforms page shows
// holds the output FIFO's fill, STATUS.HELD and AUTH_OK, and no DOUT read comes before AUTH_OK.
#include <QtTest>

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

#include "app/ui/common/hexfieldedit.h"
#include "app/ui/ip/asconippage.h"
#include "app/ui/waveform/waveformpage.h"
#include "app/ui/waveform/waveformview.h"
#include "core/crypto/asconaead.h"
#include "hw/ip/ascon/ipregisters.h"
#include "hw/session/ipsession.h"
#include "hw/session/waveformsession.h"

using namespace rs;
using gui::AsconIpPage;
using hw::IpSession;

namespace {
constexpr const char* kKey = "000102030405060708090A0B0C0D0E0F";
constexpr const char* kNonce = "101112131415161718191A1B1C1D1E1F";
constexpr const char* kAd = "30313233";
constexpr const char* kPt = "202122232425262728292A2B2C2D2E2F3031";

QString hex(const crypto::Bytes& b) {
    return QString::fromStdString(crypto::toHex(b));
}

void type(AsconIpPage& page, const QString& field, const QString& text) {
    QLineEdit* e = page.field(field)->lineEdit();
    e->selectAll();
    QTest::keyClick(e, Qt::Key_Delete);
    QTest::keyClicks(e, text);
}

/** What the capture shows of the release rule. */
struct Release {
    bool heldWithData = false; ///< a clock with HELD, output FIFO words and no AUTH_OK
    bool authOk = false;       ///< AUTH_OK at some clock
    int doutReads = 0;         ///< DOUT reads (address handshakes)
    int doutReadsBeforeAuth = 0;
    std::uint64_t lastOutCount = 0;
};

Release releaseOf(const waveform::WaveformStore& s) {
    Release r;
    const auto held = s.find("held"), ok = s.find("auth_ok"), count = s.find("out_count");
    const auto arvalid = s.find("arvalid"), arready = s.find("arready"), araddr = s.find("araddr");
    if (!held || !ok || !count || !arvalid || !arready || !araddr) return r;
    for (waveform::Tick t = 0; t < s.endTick(); ++t) {
        const bool h = s.valueAt(*held, t) != 0, a = s.valueAt(*ok, t) != 0;
        if (h && !a && s.valueAt(*count, t) > 0) r.heldWithData = true;
        r.authOk = r.authOk || a;
        // A read address handshake on DOUT: one per word read.
        if (s.valueAt(*arvalid, t) != 0 && s.valueAt(*arready, t) != 0 &&
            s.valueAt(*araddr, t) == hw::reg::kDout) {
            ++r.doutReads;
            if (!a) ++r.doutReadsBeforeAuth;
        }
        r.lastOutCount = s.valueAt(*count, t);
    }
    return r;
}
} // namespace

class TestIpDecrypt : public QObject {
    Q_OBJECT

  private:
    /** The page in decrypt mode over the spec-like inputs; the Ascon-AEAD128 reference of them. */
    crypto::AeadResult prepare(AsconIpPage& page) {
        page.show();
        type(page, QStringLiteral("key"), QString::fromLatin1(kKey));
        type(page, QStringLiteral("nonce"), QString::fromLatin1(kNonce));
        type(page, QStringLiteral("ad"), QString::fromLatin1(kAd));
        type(page, QStringLiteral("pt"), QString::fromLatin1(kPt));
        page.variantBox()->setCurrentIndex(page.variantBox()->findData(QStringLiteral("ascon-aead128")));
        page.modeBox()->setCurrentIndex(1);
        return crypto::asconEncrypt(crypto::AsconAeadVariant::AsconAead128, crypto::fromHex(kKey),
                                    crypto::fromHex(kNonce), crypto::fromHex(kAd), crypto::fromHex(kPt));
    }

  private slots:
    void decryptModeTakesTheCiphertextAndTag() {
        IpSession session;
        AsconIpPage page(&session);
        QVERIFY(!page.decryptMode());
        QVERIFY(!page.tamperBox()->isVisible());
        const crypto::AeadResult ref = prepare(page);
        QVERIFY(page.decryptMode());
        QVERIFY(page.tamperBox()->isVisible());
        QVERIFY(page.field(QStringLiteral("pt")) == nullptr);
        QCOMPARE(page.field(QStringLiteral("ct"))->lineEdit()->text(), hex(ref.ct));
        QCOMPARE(page.field(QStringLiteral("tag"))->lineEdit()->text(), hex(ref.tag));
        // A tag of 15 bytes disables Run.
        type(page, QStringLiteral("tag"), hex(ref.tag).left(30));
        QVERIFY(!page.runButton()->isEnabled());
        QVERIFY(!page.run());
        QCOMPARE(session.runsStarted(), 0);
        // Back to encryption: the plaintext as typed.
        page.modeBox()->setCurrentIndex(0);
        QVERIFY(page.field(QStringLiteral("ct")) == nullptr);
        QCOMPARE(page.field(QStringLiteral("pt"))->lineEdit()->text(), QString::fromLatin1(kPt));
        QVERIFY(!page.tamperBox()->isVisible());
    }

    void releasesThePlaintextOnceTheTagVerifies() {
        IpSession session;
        AsconIpPage page(&session);
        prepare(page);
        QVERIFY(page.runButton()->isEnabled());
        QSignalSpy done(&session, &IpSession::finished);
        QTest::mouseClick(page.runButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 60000);
        QCOMPARE(page.plaintextLabel()->text(), QString::fromLatin1(kPt));
        QCOMPARE(page.matchLabel()->text(), QStringLiteral("yes"));
        const hw::IpSessionResult& r = session.lastResult();
        QVERIFY(r.tag.has_value());
        QVERIFY(r.authenticated);
        QCOMPARE(hex(r.run.output), QString::fromLatin1(kPt));
        QVERIFY(r.capture);
        const Release rel = releaseOf(*r.capture);
        QVERIFY(r.capture->find("held") && r.capture->find("auth_ok") && r.capture->find("out_count"));
        QVERIFY(rel.heldWithData); // the plaintext sat in the output FIFO, held, before the tag verified
        QVERIFY(rel.authOk);
        QCOMPARE(rel.doutReads, 5); // 18 bytes: five words, read only after AUTH_OK
        QCOMPARE(rel.doutReadsBeforeAuth, 0);
    }

    void aTamperedTagReleasesNothing() {
        IpSession session;
        AsconIpPage page(&session);
        const crypto::AeadResult ref = prepare(page);
        page.tamperBox()->setChecked(true);
        QSignalSpy done(&session, &IpSession::finished);
        QTest::mouseClick(page.runButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 60000);
        QCOMPARE(page.plaintextLabel()->text(),
                 QStringLiteral("authentication failed — no plaintext released"));
        QVERIFY(!page.plaintextLabel()->text().contains(QString::fromLatin1(kPt)));
        QCOMPARE(page.matchLabel()->text(), QStringLiteral("yes")); // the C++ model refuses it too
        const hw::IpSessionResult& r = session.lastResult();
        QVERIFY(!r.authenticated);
        QVERIFY(r.run.output.empty());
        crypto::Bytes flipped = ref.tag;
        flipped.back() ^= 0x01;
        QCOMPARE(hex(*r.tag), hex(flipped)); // one bit flipped before the run
        QCOMPARE(page.tagLabel()->text(), hex(flipped));
        QCOMPARE(page.field(QStringLiteral("tag"))->lineEdit()->text(), hex(ref.tag)); // the input as typed
        const Release rel = releaseOf(*r.capture);
        QVERIFY(rel.heldWithData); // decrypted, held ...
        QVERIFY(!rel.authOk);      // ... never verified ...
        QCOMPARE(rel.doutReads, 0);
        QCOMPARE(rel.lastOutCount, std::uint64_t{0}); // ... and cleared
    }

    void theWaveformsPageShowsTheReleaseRowsOfADecryption() {
        IpSession session;
        AsconIpPage page(&session);
        prepare(page);
        QSignalSpy done(&session, &IpSession::finished);
        QVERIFY(page.run());
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 1, 60000);
        const auto decryption = session.lastResult().capture;
        page.modeBox()->setCurrentIndex(0);
        QVERIFY(page.run());
        QTRY_VERIFY_WITH_TIMEOUT(done.count() == 2, 60000);
        const auto encryption = session.lastResult().capture;

        hw::WaveformSession waves;
        gui::WaveformPage wavePage(&waves);
        const auto rows = [&wavePage] {
            QStringList names;
            const gui::WaveformView* view = wavePage.view();
            for (const auto& row : view->rows())
                names << QString::fromStdString(view->store().signal(row.id).name);
            return names;
        };
        waves.setCapture(decryption, QStringLiteral("decryption"));
        const QStringList shown = rows();
        for (const char* name : {"held", "auth_ok", "out_count", "phase"})
            QVERIFY2(shown.contains(QLatin1String(name)), qPrintable(shown.join(QLatin1Char(' '))));
        waves.setCapture(encryption, QStringLiteral("encryption"));
        QVERIFY2(!rows().contains(QStringLiteral("held")), qPrintable(rows().join(QLatin1Char(' '))));
    }
};

QTEST_MAIN(TestIpDecrypt)
#include "test_ipdecrypt.moc"
