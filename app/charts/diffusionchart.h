#pragma once
// The dependency chart of a diffusion analysis: per round the fraction of state bits that depend on
// the varied input bits, the fraction of dependent (state bit, input bit) pairs and, with samples,
// the avalanche mean as a fraction of the state, with the full-diffusion round marked. The same
// chart goes to a PNG without a window (renderDiffusionChart), for `roundscope-cli diffusion --png`.

#include "app/charts/chartview.h"

#include <memory>

#include "core/analysis/diffusion.h"

namespace rs::charts {

class DiffusionChart : public ChartView {
    Q_OBJECT

  public:
    explicit DiffusionChart(QWidget* parent = nullptr);

    /** @brief Shows a result (shared, not copied); nullptr clears the chart. */
    void setResult(std::shared_ptr<const analysis::DiffusionResult> result);
    /** @brief The result shown, or nullptr. */
    const std::shared_ptr<const analysis::DiffusionResult>& result() const { return m_result; }

  protected:
    void rebuild() override;

  private:
    std::shared_ptr<const analysis::DiffusionResult> m_result;
};

/**
 * @brief Writes the dependency chart of `result` to a PNG (1000×560, light palette) without showing a
 * window. Needs a QApplication: when no application object exists it makes a temporary one on the
 * "offscreen" platform; when a plain QCoreApplication exists it fails (construct a QApplication in
 * main() instead). Returns false and sets *error when the chart cannot be written.
 */
bool renderDiffusionChart(const analysis::DiffusionResult& result, const QString& pngPath, QString* error);

} // namespace rs::charts
