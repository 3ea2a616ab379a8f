#pragma once
// The pipeline lane chart of one IP operation (paper 000 Fig. 7), drawn on the waveform view's time
// axis and cursors (its WaveViewState: range, wave area, cursors A and B): a row for the permutation unit
// (initialisation, then the rounds each block starts), and per rate block the clocks it spends in each stage
// of the input pipeline (word 0 read at issue, delay stages d1..d4, waiting, taken) with, below, the three
// stage inputs — the length descriptor, lane 0 and lane 1 — drawn from the clock each is complete to the take
// edge where they meet. It reads PipelineLanes from WaveformSession and never the capture itself.

#include <QWidget>

#include "core/waveform/viewstate.h"
#include "hw/ip/ascon/pipelinelanes.h"

namespace rs::gui {

class PipelineLaneView : public QWidget {
    Q_OBJECT

  public:
    static constexpr int kBlockHeight = 66;
    static constexpr int kPermHeight = 24;

    /** @brief The chart on the time axis of a waveform view's state (range, cursors); whoever changes
     *  the state repaints the chart (update()). */
    explicit PipelineLaneView(const waveform::WaveViewState* state, QWidget* parent = nullptr);

    /** @brief Shows lanes (nullptr: message instead, e.g. why there are none). */
    void setLanes(const hw::PipelineLanes* lanes, const QString& message = {});
    bool hasLanes() const { return m_has; }
    const hw::PipelineLanes& lanes() const { return m_lanes; }
    /** @brief The block whose row is at y, or -1. */
    int blockAt(int y) const;

    QSize sizeHint() const override;

  protected:
    void paintEvent(QPaintEvent* event) override;

  private:
    const waveform::WaveViewState* m_state;
    hw::PipelineLanes m_lanes;
    bool m_has = false;
    QString m_message;
};

} // namespace rs::gui
