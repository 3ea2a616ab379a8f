#pragma once
// A practice run's student report and the instructor's class table (issue 34).
//
// Report JSON ("roundscope-practice-report", version 1): student, lesson title, algorithm, rounds, start
// time (UTC, ISO 8601), total seconds, and per practice stop: its lesson stop index, title, solved (right
// without revealing), attempts, hints used, revealed, seconds, the wrong bits of every wrong attempt
// (state bit numbers). "mac" is HMAC-SHA-256 over the compact JSON of everything else, keyed with the
// class key the teacher sets: an edited report (or one of another class) is refused by readReport. This
// stops casual editing, not a student who knows the key.
//
// PracticeRecorder keeps the counts while a student works (attempts, hints, reveals, time per stop); its
// clock is injectable so tests need no sleeps.

#include <chrono>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include <QByteArray>

namespace rs::teach {

/** @brief A report that cannot be read or whose MAC does not match. */
class ReportError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/** @brief One practice stop's outcome. */
struct StopResult {
    int stop = 0;        ///< index into the lesson's stops
    std::string title;   ///< the stop's title
    bool solved = false; ///< right, without revealing the answer
    int attempts = 0;    ///< checks of a readable entry
    int hintsUsed = 0;
    bool revealed = false;
    double seconds = 0;         ///< time spent on the stop
    std::vector<int> wrongBits; ///< every wrong attempt's wrong bits, in order (a bit may repeat)
    bool operator==(const StopResult&) const = default;
};

/** @brief A whole practice run. */
struct StudentReport {
    std::string student;
    std::string lesson;    ///< the lesson's title
    std::string algorithm; ///< explorer id
    int rounds = 0;        ///< 0 = standard
    std::string started;   ///< UTC, ISO 8601
    double seconds = 0;    ///< whole run
    std::vector<StopResult> stops;
    bool operator==(const StudentReport&) const = default;
    int solvedCount() const;
};

inline constexpr const char* kReportFormat = "roundscope-practice-report";
inline constexpr int kReportVersion = 1;

/** @brief The report as JSON with its MAC; ReportError when the class key is empty. */
QByteArray writeReport(const StudentReport& report, const std::string& classKey);

/** @brief Parses and checks a report; ReportError for bad JSON, missing fields, or a MAC that does not match
 *  ("edited after it was written, or written with another class key"). */
StudentReport readReport(const QByteArray& json, const std::string& classKey);

/** @brief Reads a report file (capped read); ReportError names the file. */
StudentReport loadReport(const std::string& path, const std::string& classKey);

/** @brief Counts a student's work on the practice stops of one lesson. */
class PracticeRecorder {
  public:
    using Clock = std::function<std::chrono::steady_clock::time_point()>;
    explicit PracticeRecorder(StudentReport header, Clock clock = std::chrono::steady_clock::now);

    /** @brief The student arrives at practice stop `stop` (the timer of the previous stop pauses). */
    void enter(int stop, const std::string& title);
    /** @brief One checked attempt at the current stop; wrongBits empty = right. */
    void attempt(const std::vector<int>& wrongBits);
    /** @brief The student took a hint at the current stop. */
    void hint();
    /** @brief The student revealed the answer at the current stop (it cannot count as solved any more). */
    void reveal();
    /** @brief Whether the current stop is solved (right before any reveal). */
    bool solved() const;
    /** @brief The report so far, times included up to now. */
    StudentReport report() const;

  private:
    StopResult* current();
    void pause();
    StudentReport m_report;
    Clock m_clock;
    std::chrono::steady_clock::time_point m_start, m_since;
    int m_current = -1; ///< index into m_report.stops
};

/** @brief The instructor's view of many reports of one lesson. */
struct ClassTable {
    std::string lesson;
    std::vector<std::pair<int, std::string>> stops; ///< lesson stop index and title, in lesson order
    struct Row {
        std::string student;
        std::map<int, StopResult>
            results; ///< by lesson stop index; a stop the student never reached is absent
        double seconds = 0;
    };
    std::vector<Row> rows; ///< sorted by student name
    /** @brief Per stop: wrong bit → how many students entered it wrong at least once, most common first. */
    std::map<int, std::vector<std::pair<int, int>>> commonWrongBits;
};

/** @brief The table of reports of one lesson; ReportError when the reports are of different lessons (title,
 *  algorithm or rounds differ). */
ClassTable classTable(const std::vector<StudentReport>& reports);

/** @brief The table as CSV (RFC 4180 quoting): student, seconds, per stop "solved/attempts/hints", then
 *  the totals. */
std::string classTableCsv(const ClassTable& table);

} // namespace rs::teach
