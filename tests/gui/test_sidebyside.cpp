// The Side by side page offscreen (issue 17, teaching): one set of step controls moves both sides, the
// difference count is the number of differing bits of the two states (computed here from the models), two
// layouts are never counted against each other, the shared plaintext follows the left, traces of different
// lengths align by step index clamped to each side's last step, and an invalid right input stops only the
// right.
#include <QtTest>

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSlider>

#include <bit>

#include "app/ui/common/hexfieldedit.h"
#include "app/ui/explorer/inputpanel.h"
#include "app/ui/explorer/roundexplorerpage.h"
#include "app/ui/explorer/sidebysidepage.h"
#include "app/ui/explorer/stateview.h"
#include "core/sessions/ciphersession.h"
#include "core/teach/explain.h"
#include "tests/gui/guitestsupport.h"

using namespace rs;
using gui::SideBySidePage;
using sessions::CipherSession;
using Side = SideBySidePage::Side;

namespace {

crypto::Bytes defaultBytes(const char* alg, const char* field) {
    return crypto::fromHex(sessions::findExplorerAlgorithm(alg)->field(field)->defaultHex);
}

/** @brief Ascon-p¹² traced straight from the model. */
crypto::Trace asconPTrace(const crypto::Bytes& state) {
    crypto::Trace t;
    crypto::AsconState s = crypto::asconStateFromBytes(state);
    crypto::asconPermuteTraced(s, 12, t);
    return t;
}

/** @brief One block encrypted and traced straight from the model. */
crypto::Trace blockTrace(const std::string& id, const crypto::Bytes& key, const crypto::Bytes& pt) {
    crypto::Trace t;
    crypto::Bytes out(pt.size());
    oracle::findBlock(id)->make(key, 0)->encryptBlockTraced(pt.data(), out.data(), t);
    return t;
}

int popcountXor(const crypto::Bytes& a, const crypto::Bytes& b) {
    int n = 0;
    for (std::size_t i = 0; i < a.size(); ++i)
        n += std::popcount(static_cast<unsigned>(a[i] ^ b[i]));
    return n;
}

int weight(const crypto::Bytes& a) {
    int n = 0;
    for (const auto byte : a)
        n += std::popcount(static_cast<unsigned>(byte));
    return n;
}

void settle(CipherSession& left, CipherSession& right, SideBySidePage& page) {
    left.recomputeNow();
    right.recomputeNow();
    page.refresh();
}

/** @brief Types text into a field of a side's input panel as a user does (select all, type). */
void typeInto(SideBySidePage& page, Side side, const QString& field, const QString& text) {
    gui::HexFieldEdit* edit = page.inputPanel(side)->field(field);
    QVERIFY2(edit != nullptr, qPrintable(field));
    edit->lineEdit()->setFocus();
    edit->lineEdit()->selectAll();
    QTest::keyClicks(edit->lineEdit(), text);
}

} // namespace

class TestSideBySide : public QObject {
    Q_OBJECT

  private slots:
    void steppingMovesBothSides() {
        CipherSession left, right;
        SideBySidePage page(&left, &right);
        page.resize(1300, 900);
        page.show();
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        // Same cipher by default; the right runs the left's state with its first bit flipped.
        QCOMPARE(page.mode(), SideBySidePage::Mode::SameCipher);
        crypto::Bytes flipped = defaultBytes("ascon-p", "state");
        flipped[0] ^= 0x80;
        const crypto::Trace l = asconPTrace(defaultBytes("ascon-p", "state")), r = asconPTrace(flipped);
        const int n = static_cast<int>(l.steps.size());
        QCOMPARE(page.positionCount(), n);
        const auto expect = [&](int i) {
            QCOMPARE(page.position(), i);
            QCOMPARE(page.stateView(Side::Left)->displayedState(),
                     l.steps[static_cast<std::size_t>(i)].state);
            QCOMPARE(page.stateView(Side::Right)->displayedState(),
                     r.steps[static_cast<std::size_t>(i)].state);
            for (const Side s : {Side::Left, Side::Right}) {
                const crypto::Trace& t = s == Side::Left ? l : r;
                QVERIFY2(page.stepTitle(s)->text().contains(
                             QString::fromStdString(t.steps[static_cast<std::size_t>(i)].step)),
                         qPrintable(page.stepTitle(s)->text()));
                QCOMPARE(page.stepExplanation(s)->text(),
                         QString::fromStdString(teach::explainStep(t, static_cast<std::size_t>(i))));
            }
        };
#define EXPECT_STEP(i)                                                                                       \
    do {                                                                                                     \
        expect(i);                                                                                           \
        if (QTest::currentTestFailed()) return;                                                              \
    } while (false)
        page.firstAction()->trigger();
        EXPECT_STEP(0);
        page.nextAction()->trigger();
        page.nextAction()->trigger();
        EXPECT_STEP(2);
        page.previousAction()->trigger();
        EXPECT_STEP(1);
        page.lastAction()->trigger();
        EXPECT_STEP(n - 1);
        QVERIFY(!page.nextAction()->isEnabled());
        page.slider()->setValue(n / 2);
        EXPECT_STEP(n / 2);
        // The keys, with the focus inside the page.
        page.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&page));
        page.stateView(Side::Right)->setFocus();
        QTest::keyClick(page.stateView(Side::Right), Qt::Key_Right);
        EXPECT_STEP(n / 2 + 1);
        QTest::keyClick(page.stateView(Side::Right), Qt::Key_Home);
        EXPECT_STEP(0);
        QTest::keyClick(page.stateView(Side::Left), Qt::Key_End);
        EXPECT_STEP(n - 1);
        QTest::keyClick(page.stateView(Side::Left), Qt::Key_Left);
        EXPECT_STEP(n - 2);
#undef EXPECT_STEP
    }

    void theLeftIsTheRoundExplorersRun() {
        // One session under both pages: an edit on either page shows on the other, and the left steps its
        // run.
        CipherSession left, right;
        gui::RoundExplorerPage explorer(&left);
        SideBySidePage page(&left, &right);
        page.resize(1300, 900);
        page.show();
        QVERIFY(left.setAlgorithm(QStringLiteral("lea-128")));
        QCOMPARE(page.inputPanel(Side::Left)->algorithmBox()->currentData().toString(),
                 QStringLiteral("lea-128"));
        const QString pt = QStringLiteral("ffeeddccbbaa99887766554433221100");
        typeInto(page, Side::Left, QStringLiteral("pt"), pt);
        settle(left, right, page);
        QCOMPARE(explorer.inputPanel()->field(QStringLiteral("pt"))->text(), pt);
        QCOMPARE(left.inputBytes(QStringLiteral("pt")), crypto::fromHex(pt.toStdString()));
        const QString key = QStringLiteral("0123456789abcdef0123456789abcdef");
        gui::HexFieldEdit* explorerKey = explorer.inputPanel()->field(QStringLiteral("key"));
        explorerKey->lineEdit()->selectAll();
        QTest::keyClicks(explorerKey->lineEdit(), key);
        settle(left, right, page);
        QCOMPARE(page.inputPanel(Side::Left)->field(QStringLiteral("key"))->text(), key);
        const crypto::Trace l =
            blockTrace("lea-128", crypto::fromHex(key.toStdString()), crypto::fromHex(pt.toStdString()));
        page.setPosition(4);
        QCOMPARE(page.stateView(Side::Left)->displayedState(), l.steps[4].state);
    }

    void differenceCountIsTheDifferingBitsOfTheStates_data() {
        QTest::addColumn<QString>("alg");
        QTest::newRow("ascon-p") << QStringLiteral("ascon-p");
        QTest::newRow("lea-128") << QStringLiteral("lea-128");
        QTest::newRow("skinny-64-64") << QStringLiteral("skinny-64-64");
    }

    void differenceCountIsTheDifferingBitsOfTheStates() {
        QFETCH(QString, alg);
        CipherSession left, right;
        SideBySidePage page(&left, &right);
        page.resize(1300, 900);
        page.show();
        QVERIFY(left.setAlgorithm(alg));
        settle(left, right, page);
        QCOMPARE(right.algorithm().id, alg.toStdString()); // the right follows the left's cipher
        page.copyLeftWithOneBitFlipped();
        settle(left, right, page);
        // The two runs computed here from the models, the plaintext's first bit flipped on the right.
        const std::string id = alg.toStdString();
        crypto::Trace l, r;
        if (id == "ascon-p") {
            crypto::Bytes s = defaultBytes("ascon-p", "state");
            l = asconPTrace(s);
            s[0] ^= 0x80;
            r = asconPTrace(s);
        } else {
            crypto::Bytes pt = defaultBytes(id.c_str(), "pt");
            l = blockTrace(id, defaultBytes(id.c_str(), "key"), pt);
            pt[0] ^= 0x80;
            r = blockTrace(id, defaultBytes(id.c_str(), "key"), pt);
        }
        QCOMPARE(page.positionCount(), static_cast<int>(l.steps.size()));
        int most = 0;
        for (int i = 0; i < page.positionCount(); ++i) {
            page.setPosition(i);
            const auto& a = l.steps[static_cast<std::size_t>(i)].state;
            const auto& b = r.steps[static_cast<std::size_t>(i)].state;
            const int want = popcountXor(a, b);
            most = std::max(most, want);
            QVERIFY(page.comparison().comparable);
            QCOMPARE(page.comparison().differing, want);
            const QString expected =
                QStringLiteral("%1 of %2 bits differ").arg(want).arg(static_cast<int>(a.size()) * 8);
            QVERIFY2(page.differenceLabel()->text().contains(expected),
                     qPrintable(page.differenceLabel()->text() + QStringLiteral(" / ") + expected));
            // Both views highlight exactly those bits.
            QCOMPARE(page.stateView(Side::Left)->highlightedBits(), want);
            QCOMPARE(page.stateView(Side::Right)->highlightedBits(), want);
        }
        // Each legend names what it is compared with: the other side, not a twin.
        for (const auto& [side, other] : {std::pair{Side::Left, QStringLiteral("the right side")},
                                          std::pair{Side::Right, QStringLiteral("the left side")}}) {
            const auto scene = page.stateView(side)->grid().scene(QSizeF(page.stateView(side)->size()));
            QStringList texts;
            for (const auto& item : scene.items)
                texts << item.text;
            const QString legend = QStringLiteral("differs from %1: %2 bits")
                                       .arg(other)
                                       .arg(page.stateView(side)->highlightedBits());
            QVERIFY2(texts.contains(legend), qPrintable(texts.join(QStringLiteral(" | "))));
        }
        QVERIFY(most > 1); // the one flipped bit spreads: the count is not a constant
    }

    void differentLayoutsAreNotComparable() {
        CipherSession left, right;
        SideBySidePage page(&left, &right);
        page.resize(1300, 900);
        page.show();
        page.modeBox()->setCurrentIndex(page.modeBox()->findData(int(SideBySidePage::Mode::TwoCiphers)));
        QCOMPARE(page.mode(), SideBySidePage::Mode::TwoCiphers);
        QVERIFY(right.setAlgorithm(QStringLiteral("lea-128")));
        settle(left, right, page);
        // Ascon's 320-bit state beside LEA's 128 bits, then LEA beside SKINNY-128 (same size, other layout).
        for (const char* other : {"ascon-p", "skinny-128-256"}) {
            QVERIFY(left.setAlgorithm(QString::fromLatin1(other)));
            settle(left, right, page);
            for (const int i : {0, 5, page.positionCount() - 1}) {
                page.setPosition(i);
                const auto& a =
                    left.trace().steps[static_cast<std::size_t>(page.shownStep(Side::Left))].state;
                const auto& b =
                    right.trace().steps[static_cast<std::size_t>(page.shownStep(Side::Right))].state;
                const QString text = page.differenceLabel()->text();
                QVERIFY2(text.contains(QStringLiteral("not comparable bit for bit")), qPrintable(text));
                QVERIFY2(!text.contains(QStringLiteral("differ")), qPrintable(text));
                QVERIFY2(text.contains(QStringLiteral("left %1 of %2").arg(weight(a)).arg(a.size() * 8)),
                         qPrintable(text));
                QVERIFY2(text.contains(QStringLiteral("right %1 of %2").arg(weight(b)).arg(b.size() * 8)),
                         qPrintable(text));
                QVERIFY(!page.comparison().comparable);
                QCOMPARE(page.stateView(Side::Left)->highlightedBits(), 0);
                QCOMPARE(page.stateView(Side::Right)->highlightedBits(), 0);
            }
        }
    }

    void theSharedPlaintextFollowsTheLeft() {
        CipherSession left, right;
        SideBySidePage page(&left, &right);
        page.resize(1300, 900);
        page.show();
        QVERIFY(left.setAlgorithm(QStringLiteral("ascon-aead128")));
        page.setMode(SideBySidePage::Mode::TwoCiphers);
        QVERIFY(right.setAlgorithm(QStringLiteral("lea-128")));
        const QString key = QStringLiteral("000102030405060708090a0b0c0d0e0f");
        right.setInput(QStringLiteral("key"), key);
        for (const char* pt : {"00112233445566778899aabbccddeeff", "f0e1d2c3b4a5968778695a4b3c2d1e0f"}) {
            typeInto(page, Side::Left, QStringLiteral("pt"), QString::fromLatin1(pt));
            settle(left, right, page);
            QCOMPARE(left.inputBytes(QStringLiteral("pt")), crypto::fromHex(pt));
            QCOMPARE(right.inputBytes(QStringLiteral("pt")), crypto::fromHex(pt));                 // copied
            QCOMPARE(right.inputBytes(QStringLiteral("key")), crypto::fromHex(key.toStdString())); // its own
            QCOMPARE(page.inputPanel(Side::Right)->field(QStringLiteral("pt"))->text().toLower(),
                     QString::fromLatin1(pt));
            // The right's state is LEA-128 of that plaintext under its own key.
            const crypto::Trace r =
                blockTrace("lea-128", crypto::fromHex(key.toStdString()), crypto::fromHex(pt));
            page.setPosition(1);
            QCOMPARE(page.stateView(Side::Right)->displayedState(), r.steps[1].state);
        }
        // Kept in step: the right's copy cannot be edited; its key can.
        QVERIFY(page.inputPanel(Side::Right)->field(QStringLiteral("pt"))->lineEdit()->isReadOnly());
        QVERIFY(!page.inputPanel(Side::Right)->field(QStringLiteral("key"))->lineEdit()->isReadOnly());
        QVERIFY(page.inputPanel(Side::Right)->algorithmBox()->isEnabled());
        QVERIFY2(page.shareNote()->text().contains(QStringLiteral("Shared with the left: pt")),
                 qPrintable(page.shareNote()->text()));
        QVERIFY(left.setAlgorithm(QStringLiteral("ascon-p"))); // its "state" is no plaintext of LEA's
        QVERIFY2(page.shareNote()->text().startsWith(QStringLiteral("Nothing shared")),
                 qPrintable(page.shareNote()->text()));
        QVERIFY(left.setAlgorithm(QStringLiteral("ascon-aead128")));
        // Same cipher: the right's algorithm follows the left's and its plaintext is its own again.
        page.setMode(SideBySidePage::Mode::SameCipher);
        QCOMPARE(right.algorithm().id, std::string("ascon-aead128"));
        QVERIFY(!page.inputPanel(Side::Right)->algorithmBox()->isEnabled());
        QVERIFY(!page.inputPanel(Side::Right)->field(QStringLiteral("pt"))->lineEdit()->isReadOnly());
    }

    void thePairingRulesOnHandMadeValues() {
        // The alignment rule: the same index, clamped to the side's last step; no steps, nothing shown.
        QCOMPARE(sessions::alignedStep(5, 3), 2);
        QCOMPARE(sessions::alignedStep(2, 3), 2);
        QCOMPARE(sessions::alignedStep(-4, 3), 0);
        QCOMPARE(sessions::alignedStep(0, 0), -1);
        QCOMPARE(sessions::sharedStepCount(25, 37), 37);
        QCOMPARE(sessions::sharedStepCount(0, 0), 0);
        // 0xff/0x0f differ in 4 bits, 0x00/0x01 in 1; weights 8 and 5.
        const crypto::StateLayout lea{"lea-128", 1, 4, 32, "X", "le32"};
        const crypto::StateLayout skinny{"skinny-128", 4, 4, 8, "", "row-major"};
        const auto same = sessions::compareStates(lea, {0xff, 0x00}, lea, {0x0f, 0x01});
        QVERIFY(same.comparable);
        QCOMPARE(same.differing, 5);
        QCOMPARE(same.bits, 16);
        const auto other = sessions::compareStates(lea, {0xff, 0x00}, skinny, {0x0f, 0x01});
        QVERIFY(!other.comparable);
        QCOMPARE(other.differing, 0);
        QCOMPARE(other.leftWeight, 8);
        QCOMPARE(other.rightWeight, 5);
        const auto sizes = sessions::compareStates(lea, {0xff, 0x00}, lea, {0x0f});
        QVERIFY(!sizes.comparable);
    }

    void differentStepCountsAlignByIndexClampedToTheLastStep() {
        CipherSession left, right;
        SideBySidePage page(&left, &right);
        page.resize(1300, 900);
        page.show();
        page.setMode(SideBySidePage::Mode::TwoCiphers);
        QVERIFY(left.setAlgorithm(QStringLiteral("lea-128")));
        QVERIFY(right.setAlgorithm(QStringLiteral("skinny-128-256")));
        settle(left, right, page);
        // Step counts from the models themselves (they do not depend on the bytes).
        const int nl = static_cast<int>(test::referenceTrace("lea-128").steps.size());
        const int nr = static_cast<int>(test::referenceTrace("skinny-128-256").steps.size());
        QVERIFY(nl != nr);
        QCOMPARE(page.positionCount(), std::max(nl, nr));
        QCOMPARE(page.slider()->maximum(), std::max(nl, nr) - 1);
        const int shorter = std::min(nl, nr);
        const Side shortSide = nl < nr ? Side::Left : Side::Right,
                   longSide = nl < nr ? Side::Right : Side::Left;
        const CipherSession& shortSession = nl < nr ? left : right;
        for (const int p : {0, shorter - 2, shorter - 1, shorter, shorter + 3, std::max(nl, nr) - 1}) {
            page.setPosition(p);
            QCOMPARE(page.position(), p);
            QCOMPARE(page.shownStep(longSide), p);
            QCOMPARE(page.shownStep(shortSide), std::min(p, shorter - 1));
            QCOMPARE(page.stateView(shortSide)->displayedState(),
                     shortSession.trace().steps[static_cast<std::size_t>(std::min(p, shorter - 1))].state);
            QCOMPARE(page.stepDetail(shortSide)->text().contains(QStringLiteral("final state")),
                     p > shorter - 1);
            QVERIFY(!page.stepDetail(longSide)->text().contains(QStringLiteral("final state")));
        }
        // Past the end is the last position.
        page.setPosition(std::max(nl, nr) + 10);
        QCOMPARE(page.position(), std::max(nl, nr) - 1);
    }

    void invalidRightInputShowsTheErrorAndTheLeftKeepsWorking() {
        CipherSession left, right;
        SideBySidePage page(&left, &right);
        page.resize(1300, 900);
        page.show();
        QVERIFY(left.setAlgorithm(QStringLiteral("lea-128")));
        settle(left, right, page);
        const int runs = right.traceRuns();
        typeInto(page, Side::Right, QStringLiteral("pt"), QStringLiteral("00zz"));
        settle(left, right, page);
        const QString error = right.inputError(QStringLiteral("pt"));
        QVERIFY(!error.isEmpty());
        QCOMPARE(right.traceRuns(), runs); // nothing ran
        gui::HexFieldEdit* edit = page.inputPanel(Side::Right)->field(QStringLiteral("pt"));
        QCOMPARE(edit->error(), error);
        QVERIFY(edit->errorLabel()->isVisibleTo(&page));
        QCOMPARE(page.stepTitle(Side::Right)->text(), QStringLiteral("Not run"));
        QVERIFY(page.stateView(Side::Right)->displayedState().empty());
        QVERIFY2(page.differenceLabel()->text().contains(QStringLiteral("right side is not run")),
                 qPrintable(page.differenceLabel()->text()));
        QVERIFY(!page.comparison().comparable);
        // The left steps on through its whole trace.
        const crypto::Trace l = test::referenceTrace("lea-128");
        QCOMPARE(page.positionCount(), static_cast<int>(l.steps.size()));
        for (int i = 0; i < 3; ++i) {
            page.nextAction()->trigger();
            QCOMPARE(page.stateView(Side::Left)->displayedState(),
                     l.steps[static_cast<std::size_t>(i + 1)].state);
            QCOMPARE(page.shownStep(Side::Right), -1);
        }
        // Fixed again: the right runs and the count comes back.
        typeInto(page, Side::Right, QStringLiteral("pt"),
                 QString::fromStdString(sessions::findExplorerAlgorithm("lea-128")->field("pt")->defaultHex));
        settle(left, right, page);
        QVERIFY(page.comparison().comparable);
        QCOMPARE(page.shownStep(Side::Right), 3);
    }
};

QTEST_MAIN(TestSideBySide)
#include "test_sidebyside.moc"
