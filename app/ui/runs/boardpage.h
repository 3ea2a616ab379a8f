#pragma once
// The Board page: a Zynq board over its USB-UART (the serial ports present) or the virtual board, baud
// rate, connect/disconnect, what the board said about itself, a log, and KAT runs (all 1089 records of a
// variant, hardware IP or ARM software path) and benchmarks with progress and cancel; "Paper 000" runs
// paper 000's comparison (both KAT files, both paths, the firmware builds' memory) on the chosen port while
// not connected, and fills a table of the paper's figures beside ours, each labelled measured or modelled.
// Talks only to BoardSession.

#include "app/ui/runs/runpage.h"

class QComboBox;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QSpinBox;
class QTableWidget;
class QJsonObject;

namespace rs::hw {
class BoardSession;
}

namespace rs::gui {

/** The Run button runs the KAT file (Ctrl+Return too); Benchmark runs the benchmark. */
class BoardPage : public RunPage {
    Q_OBJECT

  public:
    explicit BoardPage(hw::BoardSession* session, QWidget* parent = nullptr);

    QComboBox* portBox() const { return m_port; }
    QComboBox* variantBox() const { return m_variant; }
    QLineEdit* katFileEdit() const { return m_katFile; }
    QPushButton* connectButton() const { return m_connect; }
    QPushButton* benchButton() const { return m_bench; }
    QProgressBar* progressBar() const { return m_progress; }
    QPushButton* paper000Button() const { return m_paper000; }
    QTableWidget* paper000Table() const { return m_paperTable; }
    /** @brief Records per KAT file the Paper 000 button runs (0, the default: all 1089). */
    void setPaper000Records(int records) { m_paperRecords = records; }

  public slots:
    /** @brief Runs the KAT file through the board. */
    void run() override;
    void refreshPorts();

  private:
    void updateButtons();
    /** @brief The line in the status label (an error in the error colour) and in the log. */
    void report(const QString& line, bool error);
    void showPaper000(const QJsonObject& report);
    /** @brief The firmware's variant code of the chosen operation (the combo's item data). */
    int variant() const;

    hw::BoardSession* m_session;
    QComboBox* m_port = nullptr;
    QComboBox* m_baud = nullptr;
    QComboBox* m_path = nullptr;
    QComboBox* m_variant = nullptr;
    QLineEdit* m_katFile = nullptr;
    QSpinBox* m_size = nullptr;
    QSpinBox* m_count = nullptr;
    QPushButton* m_connect = nullptr;
    QPushButton* m_bench = nullptr;
    QProgressBar* m_progress = nullptr;
    QPlainTextEdit* m_log = nullptr;
    QPushButton* m_paper000 = nullptr;
    QTableWidget* m_paperTable = nullptr;
    int m_paperRecords = 0;
};

} // namespace rs::gui
