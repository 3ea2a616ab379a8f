#pragma once
// The instructor's view of a class's practice reports (issue 34, File ▸ Class reports…): the class key,
// "Open reports…" (many JSON files, each read with teach::loadReport: a report that is refused, edited
// after it was written, of another class key or of another lesson, is listed with its reason, never
// dropped), the class table (a row per student, a column per practice stop: right / wrong / revealed with
// attempts and hints, a totals row), the bits most students entered wrong at each stop (named as the
// explorer names them: the lesson's algorithm is run once with its default inputs for its state layout)
// and "Export CSV…" (teach::classTableCsv, written atomically). A selected student's page can be printed
// as the one-page PDF of app/teach/practicereportpdf.h.

#include <QDialog>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

#include "core/crypto/trace.h"
#include "core/teach/studentreport.h"

class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QTableWidget;

namespace rs::gui {

/** @brief A report file the dialog did not take, and why. */
struct RefusedReport {
    QString path;
    QString reason;
};

/** @brief A stop's cell of the class table: "right · 2 attempts · 1 hint"; "not reached" when absent. */
QString classCellText(const teach::StopResult* result);

/** @brief The totals row's cell of one stop: "2 of 3 right · 1 revealed · 7 attempts · 3 hints". */
QString classTotalText(const teach::ClassTable& table, int stop);

/** @brief Per stop, one line: "Stop 2 · Title: x2 bit 37 (3 students), x0 bit 5 (1 student)" (at most
 *  `most` bits, then a count); bits are named by stateBitName of the layout, or "bit N" without one. */
QStringList commonWrongBitLines(const teach::ClassTable& table,
                                const std::optional<crypto::StateLayout>& layout, int most = 8);

/** @brief The state layout of an explorer algorithm run with its default inputs and `rounds`; nullopt
 *  when the id is unknown or the run fails. */
std::optional<crypto::StateLayout> explorerLayout(const std::string& algorithm, int rounds);

class ClassReportDialog : public QDialog {
    Q_OBJECT

  public:
    explicit ClassReportDialog(QWidget* parent = nullptr);

    /** @brief Reads every file with the key in the key field; a refused one goes to refused() with its
     *  reason. Returns the number taken. */
    int addReports(const QStringList& paths);
    /** @brief Forgets every report and refusal. */
    void clearReports();
    /** @brief Writes teach::classTableCsv of the table to path (all or nothing); the error, empty when
     *  written. */
    QString exportCsv(const QString& path) const;

    const std::vector<teach::StudentReport>& reports() const { return m_reports; }
    const QList<RefusedReport>& refused() const { return m_refused; }
    const teach::ClassTable& table() const { return m_table; }
    QLineEdit* keyEdit() const { return m_key; }
    QTableWidget* tableWidget() const { return m_view; }
    QListWidget* refusedList() const { return m_refusedList; }
    QPlainTextEdit* wrongBitsView() const { return m_wrongBits; }

  private:
    void openReports();
    void exportCsvInteractive();
    void exportStudentPdf();
    void rebuild();

    QLineEdit* m_key = nullptr;
    QLabel* m_summary = nullptr;
    QTableWidget* m_view = nullptr;
    QListWidget* m_refusedList = nullptr;
    QPlainTextEdit* m_wrongBits = nullptr;
    QPushButton* m_exportCsv = nullptr;
    QPushButton* m_exportPdf = nullptr;
    std::vector<teach::StudentReport> m_reports;
    QStringList m_paths; ///< the files of m_reports
    QList<RefusedReport> m_refused;
    teach::ClassTable m_table;
};

} // namespace rs::gui
