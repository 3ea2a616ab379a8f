#pragma once
// A student's practice report as a one-page A4 PDF (issue 34): the student, the lesson, the algorithm and
// its rounds, the date, the total time, a table of every practice stop (right / wrong / revealed, attempts,
// hints, time) and the number solved. The printout is for reading, not the proof: the JSON report
// (core/teach/studentreport.h) carries the MAC the instructor checks, and the page says so.

#include <QByteArray>
#include <QString>

#include <stdexcept>

#include "core/teach/studentreport.h"

namespace rs::teach {

/** @brief The report PDF could not be written (the folder is not writable, the disk is full …). */
class ReportPdfError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/** @brief A stop's outcome in words: "right", "revealed", "wrong" (checked, never right) or "no answer"
 *  (nothing checked). */
QString stopOutcome(const StopResult& stop);

/** @brief "1 hint", "3 hints": n and the singular or plural word, already translated (English plurals
 *  without a translation file). */
QString countText(int n, const QString& one, const QString& many);

/** @brief A duration in words: "45 s", "3 min 07 s", "1 h 02 min". */
QString durationText(double seconds);

/** @brief The report's page as PDF bytes (one A4 page; a long list of stops is drawn smaller to fit). */
QByteArray practiceReportPdf(const StudentReport& report);

/** @brief Writes practiceReportPdf atomically to path (all or nothing); ReportPdfError naming the path and
 *  the reason when it cannot. */
void writePracticeReportPdf(const StudentReport& report, const QString& path);

} // namespace rs::teach
