#pragma once
// Flipped state bits per round for the twin run: after each round (in trace order, across every
// permutation of an AEAD trace) how many state bits differ from the main run, against the n/2 a
// random permutation would give (not for a transform linear over Z_q: there a note says why).

#include "app/charts/chartview.h"

#include <vector>

#include "core/crypto/trace.h"

namespace rs::charts {

class TwinFlipChart : public ChartView {
    Q_OBJECT

  public:
    explicit TwinFlipChart(QWidget* parent = nullptr);

    /** @brief Takes both traces (equal step counts) and the current step; empty twin = no data. */
    void setTraces(const crypto::Trace& main, const crypto::Trace& twin, int currentStep,
                   bool acrossPermutations);
    /** @brief A transform linear over Z_q (the ML-DSA NTT): a changed coefficient reaches a fixed set of
     *  coefficients, so no random permutation's n/2 line is drawn; a note says why. */
    void setLinearTransform(bool linear);
    bool isLinearTransform() const { return m_linear; }
    /** @brief Moves the current-round marker. */
    void setCurrentStep(int step);
    /** @brief Flipped bits per point: [0] = the input, then one per round. */
    const std::vector<int>& flips() const { return m_flips; }

  protected:
    void rebuild() override;

  private:
    std::vector<int> m_flips;
    std::vector<int> m_stepOfPoint; ///< trace step index of each point
    int m_stateBits = 0;
    int m_current = 0;
    bool m_across = false;
    bool m_linear = false;
};

} // namespace rs::charts
