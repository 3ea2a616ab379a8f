#pragma once
// The lanes of one ML-DSA unit operation (hw/ip/mldsa/mldsalanes.h), clocks left to right from the START
// clock: a row of the layers (each layer's issue clocks, then its drain to the last write, hatched), the
// seven pipeline stages (issue, read, pre, mul1..3, write) and, per bank, its reads and writes. The Ascon
// PipelineLaneView draws rate blocks on the waveform view's axis and cannot take these rows, so this view
// has its own axis. Hovering a clock names it in the tooltip.

#include <QWidget>

#include <optional>

#include "hw/ip/mldsa/mldsalanes.h"

namespace rs::gui {

class MlDsaLaneView : public QWidget {
    Q_OBJECT

  public:
    static constexpr int kRowHeight = 11;
    static constexpr int kLabelWidth = 64;

    explicit MlDsaLaneView(QWidget* parent = nullptr);

    /** @brief Shows lanes (nullopt: message instead, e.g. why there are none). */
    void setLanes(std::optional<hw::MlDsaLanes> lanes, const QString& message = {});
    bool hasLanes() const { return m_lanes.has_value(); }
    /** @brief The rows drawn: "layers", the 7 stages, then "bank0 rd", "bank0 wr", ... */
    QStringList rowNames() const;
    /** @brief The clock (tick) under x, or nullopt outside the chart. */
    std::optional<waveform::Tick> clockAt(int x) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

  protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;

  private:
    std::optional<hw::MlDsaLanes> m_lanes;
    QString m_message;
};

} // namespace rs::gui
