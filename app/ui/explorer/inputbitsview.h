#pragma once
// The bits of one input field (MSB of byte 0 first, analyzeDiffusion's numbering), eight bytes a
// line (32 when narrower). Clicking a bit chooses the bit the twin run flips; so does the keyboard:
// the arrow keys (and Home/End) move a focus bit, drawn with a dashed frame, and Space or Return
// flips it. In a scroll area the focus bit is scrolled into view.

#include <QWidget>

#include <cstdint>
#include <vector>

namespace rs::gui {

class InputBitsView : public QWidget {
    Q_OBJECT

  public:
    using Bytes = std::vector<std::uint8_t>;

    explicit InputBitsView(QWidget* parent = nullptr);

    /** @brief Shows the field's bytes. */
    void setBytes(const Bytes& bytes);
    const Bytes& bytes() const { return m_bytes; }
    /** @brief Marks the flipped bit (-1 = none). */
    void setSelectedBit(int bit);
    int selectedBit() const { return m_selected; }
    /** @brief The bit under a widget position, or -1. */
    int bitAt(const QPoint& pos) const;
    /** @brief The centre of a bit's square (tests click there). */
    QPoint bitCenter(int bit) const;

    /** @brief The bit the keyboard acts on (-1 before the first key: the selected bit, else 0). */
    int focusBit() const { return m_focus; }
    void setFocusBit(int bit);
    /** @brief Where bit is drawn in widget coordinates. */
    QRect bitRect(int bit) const { return bitRect(bit, width()); }

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    /** @brief The width of 32 bits a line: narrower, the bits scroll sideways. */
    QSize minimumSizeHint() const override;

  signals:
    /** @brief The user clicked bit `bit`. */
    void bitClicked(int bit);

  protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(class QMouseEvent* event) override;
    void keyPressEvent(class QKeyEvent* event) override;
    bool event(QEvent* event) override;

  private:
    int bitsPerLine(int width) const;
    QRect bitRect(int bit, int width) const;

    int bitCount() const { return static_cast<int>(m_bytes.size()) * 8; }

    Bytes m_bytes;
    int m_selected = -1;
    int m_focus = -1;
};

} // namespace rs::gui
