#pragma once
// The RISC-V page: the RV32 kernels under QEMU or Spike (which are there, or why not), chosen kernels
// over a list of message sizes, or paper 003's tables in one click; results (instructions, per block, per
// phase, verified against the C++ model) in a table and instructions per byte in a chart. Runs through
// RiscvSession off the GUI thread, with cancel.

#include "app/ui/runs/runpage.h"

class QComboBox;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace rs::riscv {
class RiscvSession;
}

namespace rs::charts {
class CampaignChart;
}

namespace rs::gui {

class RiscvPage : public RunPage {
    Q_OBJECT

  public:
    explicit RiscvPage(riscv::RiscvSession* session, QWidget* parent = nullptr);

    QComboBox* simBox() const { return m_sim; }
    QListWidget* kernelList() const { return m_kernels; }
    QLineEdit* sizesEdit() const { return m_sizes; }
    QPushButton* paperButton() const { return m_paper; }
    QPushButton* buildButton() const { return m_build; }
    QTableWidget* table() const { return m_table; }
    charts::CampaignChart* chart() const { return m_chart; }

  public slots:
    /** @brief Runs the checked kernels over the sizes. */
    void run() override;
    /** @brief Runs paper 003's tables (LEA CTR variants at 64 B; LEA-GCM at 16/64/128 B, AAD 16 B). */
    void runPaper003();

  private:
    void updateStatus();
    void setBusy(bool busy);
    void addResult(int index);
    void addFailure(const QString& kernel, const QString& why);
    void replot();

    riscv::RiscvSession* m_session;
    QComboBox* m_sim = nullptr;
    QComboBox* m_isa = nullptr;
    QListWidget* m_kernels = nullptr;
    QLineEdit* m_sizes = nullptr;
    QSpinBox* m_ad = nullptr;
    QPushButton* m_paper = nullptr;
    QPushButton* m_build = nullptr;
    QTableWidget* m_table = nullptr;
    charts::CampaignChart* m_chart = nullptr;
};

} // namespace rs::gui
