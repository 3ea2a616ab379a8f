#pragma once
// The LEA "counter diffusion" view (paper 003, Fig. 4): with the counter in word X[0] (CTR) or X[3]
// (the GCM placement), per round which words depend on the counter and which round operations
// depend only on the nonce, so they can be precomputed once per nonce.

#include <QWidget>

#include <memory>

#include "core/analysis/diffusion.h"

class QLabel;
class QPushButton;
class QTableWidget;

namespace rs::gui {

class CounterDiffusionView : public QWidget {
    Q_OBJECT

  public:
    explicit CounterDiffusionView(QWidget* parent = nullptr);

    /** @brief Enables the presets for LEA (they vary plaintext bits 0–31 or 96–127). */
    void setLeaSelected(bool lea);
    /** @brief Shows a result, shared, not copied (nullptr or a result without a PrecomputeReport
     *  shows why not). */
    void setResult(std::shared_ptr<const analysis::DiffusionResult> result);
    /** @brief The result shown, or nullptr. */
    const std::shared_ptr<const analysis::DiffusionResult>& result() const { return m_result; }
    QTableWidget* table() const { return m_table; }
    /** @brief "6 XOR, 3 add, 3 rot" */
    QLabel* totalsLabel() const { return m_totals; }

  signals:
    /** @brief A preset was chosen: analyse plaintext bits firstBit..lastBit. */
    void analyzeRequested(int firstBit, int lastBit);

  protected:
    void changeEvent(QEvent* event) override;

  private:
    void fill();

    QPushButton* m_word0 = nullptr;
    QPushButton* m_word3 = nullptr;
    QLabel* m_note = nullptr;
    QTableWidget* m_table = nullptr;
    QLabel* m_totals = nullptr;
    std::shared_ptr<const analysis::DiffusionResult> m_result;
    bool m_lea = false;
};

} // namespace rs::gui
