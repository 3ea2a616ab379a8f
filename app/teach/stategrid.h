#pragma once
// The state grid without a widget: one trace state in its cipher's layout (Ascon 5×64 bits, LEA 4×32,
// SKINNY 4×4 cells), as bits or hex cells, showing the value, the bits changed since the previous
// step or the bits that differ from the twin run, with an optional title line above and an optional
// caption (a step's explanation) below. The grid is first laid out as a scene (a list of filled boxes
// and text runs) for a given size; QPainter draws that scene (the explorer's state view, the
// presentation view, PNG, PDF, GIF) and stateGridSvg() writes the very same scene as SVG, so every
// export shows the same cells.

#include <QColor>
#include <QFont>
#include <QRectF>
#include <QString>

#include <cstdint>
#include <vector>

#include "app/teach/stategeometry.h"
#include "core/teach/bitmoves.h"

class QPainter;

namespace rs::teach {

enum class GridMode { Value, Changed, Twin };
enum class GridFormat { Bits, Hex };

/** @brief The grid's colours (the fields of charts::StateColors; see gridColorsFrom). */
struct GridColors {
    QColor background{0xff, 0xff, 0xff};
    QColor zero{0xe4, 0xe7, 0xec};
    QColor one{0x2b, 0x4c, 0x7e};
    QColor dimZero{0xee, 0xef, 0xf2};
    QColor dimOne{0xb4, 0xbd, 0xcc};
    QColor changed{0xe0, 0x8a, 0x00};
    QColor differs{0xc6, 0x28, 0x28};
    QColor text{0x20, 0x20, 0x20};
    QColor mutedText{0x70, 0x70, 0x70};
    QColor overlay{0x00, 0x96, 0x88}; ///< "where bits move" arrows and markers (not in charts::StateColors)
};

/** @brief GridColors from any struct with the same fields (charts::StateColors), without linking it. */
template <class C> GridColors gridColorsFrom(const C& c) {
    return {c.background, c.zero, c.one, c.dimZero, c.dimOne, c.changed, c.differs, c.text, c.mutedText};
}

/** @brief "Show where bits move" (gridoverlay.cpp): drawn over the grid when show is set. SKINNY ShiftRows:
 *  an arrow from every moving cell's previous position to its new one; p_L and LEA rotations: the
 *  selected bit framed, its source bits (in the previous state's positions) framed and joined to it
 *  (dashed when the rotation wraps around the word). A line under the legend says what is shown. */
struct GridOverlay {
    bool show = false;
    BitMoves moves;       ///< the step's movement model (core/teach/bitmoves.h); empty: none to show
    int selectedBit = -1; ///< a state bit (MSB of byte 0 first) whose sources are shown; -1: none
};

/** @brief What the grid shows: a state, its reference (previous step or twin; may be empty), the texts. */
struct GridContent {
    StateGeometry geometry;
    std::vector<std::uint8_t> state;
    std::vector<std::uint8_t> reference; ///< same size as state, or empty
    GridMode mode = GridMode::Value;
    GridFormat format = GridFormat::Bits;
    QString title;                                  ///< a bold line above the grid; empty: none
    QString caption;                                ///< wrapped lines below the legend; empty: none
    QString emptyText;                              ///< drawn instead of the grid when there is no state
    QString referenceName = QStringLiteral("twin"); ///< Twin mode's legend: "differs from <this>"
    bool hexDelta = true; ///< Twin mode's hex cells show state ⊕ reference; false: the state's own value
    /** @brief State bits whose units are framed (the ML-DSA butterfly's pair), in the overlay colour, with
     *  framedLabel in the legend; empty: none. */
    std::vector<int> framedBits{};
    QString framedLabel;
    GridOverlay overlay;
};

/** @brief How the grid is drawn: colours, the monospace font and the scale of every length. */
struct GridStyle {
    GridColors colors;
    QFont mono;         ///< labels and hex cells (already scaled by the caller)
    double scale = 1.0; ///< multiplies paddings, gaps and the cell size limits
};

/** @brief One drawn item: a filled box (rounded or not), a line of text in a box, or (the overlay) an
 *  outlined frame or a polyline through points, dashed or not, with an arrow head at its last point. */
struct GridItem {
    enum class Kind { Box, RoundedBox, Text, Frame, Path };
    enum class Font { Mono, Title, Caption };
    Kind kind = Kind::Box;
    QRectF rect;
    QColor color; ///< fill, or the text's colour
    QString text;
    int align = 0; ///< Qt::Alignment of text in rect
    Font font = Font::Mono;
    double radius = 0;
    std::vector<QPointF> points{}; ///< Path: the polyline
    double penWidth = 0;           ///< Frame, Path: the line width
    bool dashed = false;           ///< Frame, Path
    bool arrowHead = false;        ///< Path: a filled head at the last point
    bool overlay = false;          ///< drawn by the overlay (tests and the pixel check find them so)
};

/** @brief The laid-out grid for one size: the background and the items in painting order. */
struct GridScene {
    QSizeF size;
    QColor background;
    QFont mono, title, caption;
    std::vector<GridItem> items;
};

class StateGrid {
  public:
    /** @brief Lengths of the laid-out grid (pixels). */
    struct Metrics {
        double labelW = 0, headerH = 0, cell = 0, cellW = 0, rowH = 0, rowGap = 0, rightW = 0, legendH = 0;
        double left = 0, top = 0, width = 0, titleH = 0, captionTop = 0;
        double wideGap = 0;                  ///< the gap between groups of units (cell: the gap inside one)
        double overlayTop = 0, overlayH = 0; ///< the overlay's legend lines (0 high when it is off)
        std::vector<QString> captionLines;
        std::vector<QString> overlayLines; ///< the overlay's legend, wrapped to the width
    };

    StateGrid(GridContent content, GridStyle style);

    /** @brief Lays the grid out in a box of this size (the cells fill its width, within limits). */
    Metrics metrics(QSizeF size) const;
    /** @brief Where the unit (a bit, or a hex cell) at (row, unit) is drawn. */
    QRectF unitRect(const Metrics& m, int row, int unit) const;
    /** @brief The drawn items for a box of this size. */
    GridScene scene(QSizeF size) const;
    /** @brief Draws scene(target.size()) at target's top-left. */
    void paint(QPainter& p, const QRectF& target) const;
    /** @brief A comfortable size for exports: the cells at their usual size, the title and caption. */
    QSize preferredSize() const;
    /** @brief The narrowest box that shows every unit at its smallest (its text whole) and every label. */
    double minimumWidth() const;
    /** @brief The lowest box of this width that shows every row at its smallest, the legends and caption. */
    double minimumHeight(double width) const;

    bool hasState() const { return m_c.geometry.rows > 0 && !m_c.state.empty(); }
    /** @brief Bits per drawn unit: 1, or the cell's bits in hex format. */
    int unitBits() const;
    int unitsPerRow() const;
    /** @brief True when drawn bit stateBit differs from the reference (never in Value mode). */
    bool isHighlighted(int stateBit) const;
    int highlightedBits() const;
    /** @brief The hex text of a unit, of the state or (delta) of state ⊕ reference. */
    QString unitText(int row, int unit, bool delta) const;
    const GridContent& content() const { return m_c; }
    const GridStyle& style() const { return m_s; }
    QFont titleFont() const;
    QFont captionFont() const;
    /** @brief The overlay's one-line legend: what is drawn, or why nothing is (empty when it is off). */
    QString overlayLegend() const;
    /** @brief The drawn (row, column) of a state bit; false when the geometry has no such bit. */
    bool bitPosition(int stateBit, int* row, int* col) const;

  private:
    double columnX(const Metrics& m, int unit) const;
    void addHeader(GridScene& s, const Metrics& m) const;
    void addRows(GridScene& s, const Metrics& m) const;
    void addLegend(GridScene& s, const Metrics& m) const;
    void addFrames(GridScene& s, const Metrics& m) const;
    void addOverlay(GridScene& s, const Metrics& m) const; // gridoverlay.cpp
    QRectF cellRect(const Metrics& m, int firstBit, int bits) const;
    std::vector<QString> wrapCaption(double width) const;
    static std::vector<QString> wrapText(const QString& text, const QFont& font, double width);
    double hexTextWidth() const;
    double smallGap() const;
    double wideGap() const;
    double hexPadding() const; ///< a hex cell's width beyond its text

    GridContent m_c;
    GridStyle m_s;
};

/** @brief Draws a scene (boxes and text) with a painter, at the painter's origin. */
void paintGridScene(QPainter& p, const GridScene& scene);
/** @brief Draws a Frame or Path item (gridoverlay.cpp). */
void paintOverlayItem(QPainter& p, const GridItem& item);
/** @brief The arrow head of a Path item with arrowHead (a triangle at its last point); empty otherwise. */
std::vector<QPointF> arrowHeadOf(const GridItem& item);
/** @brief The same scene as an SVG document (the PNG and the SVG of a step show the same cells). */
QByteArray stateGridSvg(const GridScene& scene);

} // namespace rs::teach
