// Student reports and the class table (core/teach/studentreport.h): the recorder's counts on a fake clock,
// the MAC against edits and other class keys, the table and its CSV.

#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include "core/teach/studentreport.h"

using namespace rs;

namespace {

struct FakeClock {
    std::chrono::steady_clock::time_point now{};
    void advance(double s) {
        now +=
            std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(s));
    }
};

teach::StudentReport header(const std::string& student) {
    teach::StudentReport h;
    h.student = student;
    h.lesson = "Ascon-p, two rounds";
    h.algorithm = "ascon-p";
    h.rounds = 2;
    h.started = "2026-12-07T09:00:00Z";
    return h;
}

std::string error(const std::function<void()>& f) {
    try {
        f();
    } catch (const teach::ReportError& e) {
        return e.what();
    }
    return "no error";
}

} // namespace

TEST(StudentReport, TheRecorderCountsAttemptsHintsRevealsAndTime) {
    FakeClock clock;
    teach::PracticeRecorder rec(header("Ada"), [&] { return clock.now; });
    rec.enter(1, "S-box column");
    clock.advance(30);
    rec.hint();
    rec.attempt({3, 67});
    clock.advance(20);
    rec.attempt({});
    EXPECT_TRUE(rec.solved());
    rec.attempt({5}); // after solving: not counted
    rec.hint();
    rec.enter(3, "p_L word");
    clock.advance(40);
    rec.reveal();
    rec.attempt({});
    EXPECT_FALSE(rec.solved()) << "a revealed stop is never solved";
    rec.enter(1, "S-box column"); // back to an earlier stop: its time goes on
    clock.advance(5);
    const teach::StudentReport r = rec.report();
    ASSERT_EQ(r.stops.size(), 2u);
    EXPECT_EQ(r.stops[0].stop, 1);
    EXPECT_TRUE(r.stops[0].solved);
    EXPECT_EQ(r.stops[0].attempts, 2);
    EXPECT_EQ(r.stops[0].hintsUsed, 1);
    EXPECT_EQ(r.stops[0].wrongBits, (std::vector<int>{3, 67}));
    EXPECT_DOUBLE_EQ(r.stops[0].seconds, 55);
    EXPECT_EQ(r.stops[1].stop, 3);
    EXPECT_TRUE(r.stops[1].revealed);
    EXPECT_FALSE(r.stops[1].solved);
    EXPECT_EQ(r.stops[1].attempts, 1);
    EXPECT_DOUBLE_EQ(r.stops[1].seconds, 40);
    EXPECT_DOUBLE_EQ(r.seconds, 95);
    EXPECT_EQ(r.solvedCount(), 1);
}

TEST(StudentReport, RoundTripsWithTheClassKeyAndRefusesEdits) {
    teach::StudentReport r = header("Ada \"the first\" Lovelace");
    r.seconds = 300.5;
    r.stops = {{1, "S-box column", true, 2, 1, false, 55, {3, 67}},
               {3, "p_L word", false, 1, 0, true, 40, {}}};
    const QByteArray json = teach::writeReport(r, "class-7B");
    EXPECT_EQ(teach::readReport(json, "class-7B"), r);
    EXPECT_NE(error([&] { teach::readReport(json, "class-7C"); }).find("MAC does not match"),
              std::string::npos);
    QByteArray edited = json;
    edited.replace("\"solved\": false", "\"solved\": true");
    ASSERT_NE(edited, json);
    EXPECT_NE(error([&] { teach::readReport(edited, "class-7B"); }).find("edited after it was written"),
              std::string::npos);
    QByteArray noMac = json;
    noMac.replace("\"mac\"", "\"mac_\"");
    EXPECT_NE(error([&] { teach::readReport(noMac, "class-7B"); }).find("'mac' is missing"),
              std::string::npos);
    EXPECT_NE(error([&] { teach::writeReport(r, ""); }).find("no class key"), std::string::npos);
    EXPECT_NE(error([&] { teach::readReport("[1]", "k"); }).find("must be an object"), std::string::npos);
    EXPECT_NE(error([&] { teach::readReport("{", "k"); }).find("not JSON"), std::string::npos);
}

TEST(StudentReport, LoadNamesTheFile) {
    QTemporaryDir dir;
    const QString path = dir.filePath("ada.json");
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write(teach::writeReport(header("Ada"), "k"));
    f.close();
    EXPECT_EQ(teach::loadReport(path.toStdString(), "k").student, "Ada");
    const std::string missing = dir.filePath("none.json").toStdString();
    EXPECT_NE(error([&] { teach::loadReport(missing, "k"); }).find("none.json"), std::string::npos);
    EXPECT_NE(error([&] { teach::loadReport(path.toStdString(), "x"); }).find(path.toStdString() + ": "),
              std::string::npos);
}

TEST(StudentReport, TheClassTableCountsWhoGotWhichStopAndTheCommonWrongBits) {
    teach::StudentReport ada = header("Ada"), bob = header("Bob"), cy = header("Cy, Jr.");
    ada.seconds = 600;
    ada.stops = {{1, "S-box column", true, 2, 1, false, 55, {3, 3, 67}},
                 {3, "p_L word", true, 1, 0, false, 40, {}}};
    bob.seconds = 700.4;
    bob.stops = {{1, "S-box column", false, 4, 3, true, 200, {3, 9}}};
    cy.seconds = 12;
    cy.stops = {{3, "p_L word", false, 2, 2, false, 9, {9}}};
    const teach::ClassTable t = teach::classTable({cy, bob, ada});
    ASSERT_EQ(t.rows.size(), 3u);
    EXPECT_EQ(t.rows[0].student, "Ada");
    EXPECT_EQ(t.rows[2].student, "Cy, Jr.");
    ASSERT_EQ(t.stops.size(), 2u);
    EXPECT_EQ(t.stops[1], (std::pair<int, std::string>{3, "p_L word"}));
    // Bit 3 was wrong for two students (Ada twice counts once), 67 and 9 for one each.
    ASSERT_EQ(t.commonWrongBits.at(1).size(), 3u);
    EXPECT_EQ(t.commonWrongBits.at(1)[0], (std::pair<int, int>{3, 2}));
    EXPECT_EQ(t.commonWrongBits.at(3), (std::vector<std::pair<int, int>>{{9, 1}}));
    EXPECT_EQ(
        teach::classTableCsv(t),
        "student,seconds,stop 2 S-box column solved,stop 2 S-box column attempts,stop 2 S-box column hints,"
        "stop 4 p_L word solved,stop 4 p_L word attempts,stop 4 p_L word hints,solved\r\n"
        "Ada,600,yes,2,1,yes,1,0,2\r\n"
        "Bob,700,revealed,4,3,not reached,,,0\r\n"
        "\"Cy, Jr.\",12,not reached,,,no,2,2,0\r\n");
    teach::StudentReport other = header("Dee");
    other.lesson = "SKINNY";
    EXPECT_NE(error([&] { teach::classTable({ada, other}); }).find("different lessons"), std::string::npos);
    teach::StudentReport longer = header("Eve");
    longer.rounds = 12;
    EXPECT_NE(error([&] {
                  teach::classTable({ada, longer});
              }).find("ran different ciphers (ascon-p, 2 rounds and ascon-p, 12 rounds)"),
              std::string::npos);
    EXPECT_TRUE(teach::classTable({}).rows.empty());
}
