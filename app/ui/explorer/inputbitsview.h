#pragma once
// The bits of one input field (MSB of byte 0 first, analyzeDiffusion's numbering), eight bytes a
// line. Clicking a bit chooses the bit the twin run flips.

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

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;

  signals:
    /** @brief The user clicked bit `bit`. */
    void bitClicked(int bit);

  protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(class QMouseEvent* event) override;
    bool event(QEvent* event) override;

  private:
    int bitsPerLine(int width) const;
    QRect bitRect(int bit, int width) const;

    Bytes m_bytes;
    int m_selected = -1;
};

} // namespace rs::gui
