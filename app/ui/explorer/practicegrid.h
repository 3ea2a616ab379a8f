#pragma once
// The bits of a practice part ("Your turn", issue 34) as a small grid: one line per cell of the part (its
// label, then its bits, most significant first, wrapped at a power of two that fits the width). After a
// check every asked bit shows what the student wrote, green where it is right and red where it is wrong;
// after a reveal the answer's bits, in the palette's highlight colour. Plain painting, no model.

#include <QWidget>

#include <map>
#include <vector>

#include "core/teach/practice.h"

namespace rs::gui {

class PracticeBitGrid : public QWidget {
    Q_OBJECT

  public:
    /** @brief What a bit square shows. */
    enum class Mark { Unchecked, Right, Wrong, Revealed };

    explicit PracticeBitGrid(QWidget* parent = nullptr);

    /** @brief The part's cells, every bit unchecked (empty squares). */
    void setTarget(const teach::PracticeTarget& target);
    /** @brief No part: nothing drawn. */
    void clearTarget();
    /** @brief Every asked bit marked: `written` holds the student's bit per state bit, `wrongBits` the
     *  wrong ones (the others are right). */
    void showCheck(const std::map<int, bool>& written, const std::vector<int>& wrongBits);
    /** @brief The answer's bits (state bit → value), marked as revealed. */
    void showAnswer(const std::map<int, bool>& answer);

    /** @brief The mark of a state bit (Unchecked for a bit outside the part). */
    Mark mark(int bit) const;
    /** @brief The state bits with this mark, ascending. */
    std::vector<int> bitsMarked(Mark m) const;
    /** @brief Where the bit's square is drawn (empty for a bit outside the part), at the current width. */
    QRect bitRect(int bit) const;
    /** @brief The fill of a mark (right green, wrong red). */
    QColor fillOf(Mark m) const;

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

  protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

  private:
    int labelWidth() const;
    /** Bits per line at this width: the largest power of two ≥ 4 that fits (at most 64). */
    int bitsPerLine(int width) const;
    /** Calls f(cell, k, rect) for every bit k of every cell at this width; returns the height used. */
    template <class F> int layOut(int width, F&& f) const;

    std::vector<teach::PracticeCell> m_cells;
    std::map<int, Mark> m_marks;
    std::map<int, bool> m_values; ///< the digit shown in a square (what was written, or the answer)
};

} // namespace rs::gui
