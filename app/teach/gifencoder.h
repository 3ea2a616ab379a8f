#pragma once
// A small GIF89a writer (Qt reads GIF but cannot write it): every frame full size on one global palette
// of the frames' most frequent colours, or (one pass over the frames, as the step export streams them)
// each frame only where it differs from the screen so far, on a local colour table of its own, the
// unchanged pixels transparent. The state grid has a handful of colours; antialiased text adds
// shades, which map to the nearest palette colour. LZW-compressed, with a per-frame delay and the
// NETSCAPE2.0 loop extension.

#include <QByteArray>
#include <QHash>
#include <QImage>
#include <QRect>
#include <QRgb>

#include <cstdint>
#include <vector>

namespace rs::teach {

struct GifFrame {
    QImage image;      ///< converted to RGB; every frame must have the first frame's size
    int delayCs = 100; ///< display time in hundredths of a second
};

/** @brief Counts the colours of images, to choose a palette: the most frequent ones. */
class GifPaletteCounter {
  public:
    void add(const QImage& image);
    void add(QRgb rgb, qint64 count = 1);
    /** @brief At most maxColours (2..256) colours, the most frequent first. */
    std::vector<QRgb> palette(int maxColours = 256) const;

  private:
    QHash<QRgb, qint64> m_counts;
};

/** @brief Writes a GIF frame by frame (frames need not be kept in memory). */
class GifWriter {
  public:
    /** @brief Every frame on one global palette; loops = 0 loops forever. */
    GifWriter(QSize size, std::vector<QRgb> palette, int loops = 0);
    /** @brief Each frame on a local colour table of its own most frequent colours, and after the first
     *  only what changed: the rectangle around the changed pixels, the unchanged ones in it transparent. */
    explicit GifWriter(QSize size, int loops = 0);
    /** @brief Appends a frame of the writer's size (false, and nothing added, for another size). */
    bool addFrame(const QImage& image, int delayCs);
    /** @brief The whole file (header, frames, trailer). */
    QByteArray finish();
    int frameCount() const { return m_frames; }

  private:
    void writeHeader(int loops);
    void usePalette(std::vector<QRgb> palette, bool transparentSlot = false);
    std::uint8_t indexOf(QRgb rgb);
    /** The rectangle around the pixels of img that differ from m_shown (1 x 1 when none do). */
    QRect changedRect(const QImage& img) const;
    QSize m_size;
    bool m_localTables = false;
    std::vector<QRgb> m_palette;
    QHash<QRgb, std::uint8_t> m_nearest;
    int m_paletteBits = 1;
    int m_transparent = -1; ///< the transparent index of the frame being written, -1: none
    QImage m_shown;         ///< local tables: the screen as the frames so far show it
    int m_minCodeSize = 2;
    int m_frames = 0;
    QByteArray m_out;
};

/** @brief GIF LZW: the code stream of pixel indices with the given minimum code size, packed LSB
 *  first (without the sub-block framing). */
QByteArray gifLzw(const std::vector<std::uint8_t>& indices, int minCodeSize);

/** @brief An animated GIF of the frames; loops = 0 loops forever. Empty when frames is empty or the
 *  sizes differ. */
QByteArray encodeGif(const std::vector<GifFrame>& frames, int loops = 0);

} // namespace rs::teach
