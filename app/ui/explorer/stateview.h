#pragma once
// The state view: one trace state drawn in its cipher's layout (Ascon 5×64 bits, LEA 4×32 bits,
// SKINNY 4×4 cells), as bits or hex cells, in one of three modes: the value, the bits changed since
// the previous step, or the bits that differ from the twin run with one flipped input bit. The
// drawing itself is teach::StateGrid's (shared with the presentation view and the exports); the view
// adds the focus frame, the tooltips and the zoom (a scale of the font and of every length).

#include <QWidget>

#include <cstdint>
#include <vector>

#include "app/teach/stategrid.h"
#include "app/ui/explorer/stategeometry.h"

namespace rs::gui {

class StateView : public QWidget {
    Q_OBJECT

  public:
    enum class Mode { Value, Changed, Twin };
    enum class CellFormat { Bits, Hex };
    using Bytes = std::vector<std::uint8_t>;

    explicit StateView(QWidget* parent = nullptr);

    /** @brief Sets how states are drawn (clears the state when the geometry changes); the same
     *  geometry again changes nothing (no relayout). */
    void setStateLayout(const crypto::StateLayout& layout);
    /** @brief Shows a state; reference is the previous step (Changed) or the twin (Twin), may be empty. */
    void setState(const Bytes& state, const Bytes& reference);
    /** @brief Empties the view (no trace). */
    void clearState();
    void setMode(Mode mode);
    Mode mode() const { return m_mode; }
    void setCellFormat(CellFormat format);
    /** @brief What Twin mode compares with, as its legend and tooltips name it ("twin"; Side by side: the
     *  other side). */
    void setReferenceName(const QString& name) {
        m_referenceName = name;
        update();
    }
    CellFormat cellFormat() const { return m_format; }
    /** @brief Twin mode's hex cells: state ⊕ reference (true, the explorer's twin) or the state's own value
     *  (false: Side by side, where each side shows its values and highlights where they differ). */
    void setHexShowsDelta(bool delta);
    bool hexShowsDelta() const { return m_hexDelta; }
    /** @brief Frames the units holding these state bits (the ML-DSA butterfly's pair), with label in the
     *  legend; empty: none. */
    void setFramedBits(const std::vector<int>& bits, const QString& label = {});
    const std::vector<int>& framedBits() const { return m_framed; }
    /** @brief Where the framed units are drawn, united (empty when none is). */
    QRectF framedRect() const;

    /** @brief The state bytes now drawn (exactly the TraceStep state passed in). */
    const Bytes& displayedState() const { return m_state; }
    /** @brief The reference bytes now used for highlighting. */
    const Bytes& reference() const { return m_reference; }
    /** @brief Number of highlighted bits (0 in Value mode or without a reference). */
    int highlightedBits() const;
    /** @brief True when drawn bit stateBit is highlighted. */
    bool isHighlighted(int stateBit) const;
    const StateGeometry& geometry() const { return m_geometry; }
    /** @brief Where the unit (a bit, or a hex cell in hex format) at (row, unit) is drawn. */
    QRectF unitRectAt(int row, int unit) const;
    /** @brief How many times a layout change asked the parent layout for a new size. */
    int geometryUpdates() const { return m_geometryUpdates; }

    static constexpr double kMinZoom = 0.5;
    static constexpr double kMaxZoom = 4.0;
    /** @brief Scales the labels' font and the grid's lengths (clamped to kMinZoom..kMaxZoom). */
    void setZoom(double zoom);
    double zoom() const { return m_zoom; }
    /** @brief The monospace font the grid is drawn with (the widget's size times the zoom). */
    QFont gridFont() const;
    /** @brief "Show where bits move": the overlay on or off, and the shown step's movement model. */
    void setMoves(bool show, const teach::BitMoves& moves);
    bool showsMoves() const { return m_showMoves; }
    const teach::BitMoves& moves() const { return m_moves; }
    /** @brief The bit whose sources the overlay shows (a click on a bit selects it, again or Esc
     *  clears it, Shift+arrows move it); -1: none. Kept from step to step. */
    void setSelectedBit(int stateBit);
    int selectedBit() const { return m_selectedBit; }
    /** @brief The painter of the state now shown, with the view's palette, font and zoom. */
    teach::StateGrid grid() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

  signals:
    void zoomChanged(double zoom);
    /** @brief The view's minimum size may have changed (another grid, format, overlay): the zoom area
     *  sizes it again. */
    void sizeLimitsChanged();
    void selectedBitChanged(int stateBit);

  protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

  private:
    int unitAt(const QPoint& pos, int* row) const;

    StateGeometry m_geometry;
    Bytes m_state;
    Bytes m_reference;
    Mode m_mode = Mode::Value;
    QString m_referenceName = QStringLiteral("twin");
    CellFormat m_format = CellFormat::Bits;
    int m_geometryUpdates = 0;
    double m_zoom = 1.0;
    bool m_showMoves = false;
    teach::BitMoves m_moves;
    int m_selectedBit = -1;
    bool m_hexDelta = true;
    std::vector<int> m_framed;
    QString m_framedLabel;
};

} // namespace rs::gui
