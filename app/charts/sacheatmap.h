#pragma once
// The SAC heatmap of one round: P(state bit flips | input bit flipped) for every varied input bit
// (y) and state bit (x), blue below 0.5, red above, neutral at 0.5 (the strict avalanche criterion).

#include "app/charts/chartview.h"

#include <memory>

#include "core/analysis/diffusion.h"

class QCPMarginGroup;

namespace rs::charts {

class SacHeatmap : public ChartView {
    Q_OBJECT

  public:
    explicit SacHeatmap(QWidget* parent = nullptr);

    /** @brief Shows a result (nullptr clears); keeps the round when it still exists. The result is
     *  shared, not copied. */
    void setResult(std::shared_ptr<const analysis::DiffusionResult> result);
    /** @brief The result shown, or nullptr. */
    const std::shared_ptr<const analysis::DiffusionResult>& result() const { return m_result; }
    /** @brief Chooses the round (1-based). */
    void setRound(int round);
    int round() const { return m_round; }
    /** @brief True when the result carries SAC matrices. */
    bool hasSac() const;

  protected:
    void rebuild() override;

  private:
    std::shared_ptr<const analysis::DiffusionResult> m_result;
    int m_round = 1;
    QCPMarginGroup* m_margins; ///< keeps the heatmap and its colour scale the same height
};

} // namespace rs::charts
