#pragma once
// The Board page: a Zynq board over its USB-UART (the serial ports present) or the virtual board, baud
// rate, connect/disconnect, what the board said about itself, a log, and KAT runs (all 1089 records of a
// variant, hardware IP or ARM software path) and benchmarks with progress and cancel. Talks only to
// BoardSession.

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace rs::hw {
class BoardSession;
}

namespace rs::gui {

class BoardPage : public QWidget {
    Q_OBJECT

  public:
    explicit BoardPage(hw::BoardSession* session, QWidget* parent = nullptr);

    QComboBox* portBox() const { return m_port; }
    QComboBox* baudBox() const { return m_baud; }
    QComboBox* pathBox() const { return m_path; }
    QComboBox* variantBox() const { return m_variant; }
    QLineEdit* katFileEdit() const { return m_katFile; }
    QPushButton* connectButton() const { return m_connect; }
    QPushButton* katButton() const { return m_kat; }
    QPushButton* benchButton() const { return m_bench; }
    QPushButton* cancelButton() const { return m_cancel; }
    QLabel* statusLabel() const { return m_status; }
    QProgressBar* progressBar() const { return m_progress; }
    QPlainTextEdit* log() const { return m_log; }

  public slots:
    void refreshPorts();

  private:
    void updateButtons();

    hw::BoardSession* m_session;
    QComboBox* m_port = nullptr;
    QComboBox* m_baud = nullptr;
    QComboBox* m_path = nullptr;
    QComboBox* m_variant = nullptr;
    QLineEdit* m_katFile = nullptr;
    QSpinBox* m_size = nullptr;
    QSpinBox* m_count = nullptr;
    QPushButton* m_connect = nullptr;
    QPushButton* m_kat = nullptr;
    QPushButton* m_bench = nullptr;
    QPushButton* m_cancel = nullptr;
    QLabel* m_status = nullptr;
    QProgressBar* m_progress = nullptr;
    QPlainTextEdit* m_log = nullptr;
};

} // namespace rs::gui
