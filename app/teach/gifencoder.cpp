#include "app/teach/gifencoder.h"

#include <QHash>

#include <algorithm>
#include <cstdint>

namespace rs::teach {

namespace {

constexpr int kMaxCodes = 4096; // GIF codes are at most 12 bits

void putU16(QByteArray& out, int v) {
    out.append(char(v & 0xff));
    out.append(char((v >> 8) & 0xff));
}

int squaredDistance(QRgb a, QRgb b) {
    const int dr = qRed(a) - qRed(b), dg = qGreen(a) - qGreen(b), db = qBlue(a) - qBlue(b);
    return dr * dr + dg * dg + db * db;
}

/** Packs codes of varying width, least significant bit first (GIF's order). */
class BitWriter {
  public:
    explicit BitWriter(QByteArray& out) : m_out(out) {}
    void put(int code, int bits) {
        m_acc |= std::uint32_t(code) << m_bits;
        m_bits += bits;
        while (m_bits >= 8) {
            m_out.append(char(m_acc & 0xff));
            m_acc >>= 8;
            m_bits -= 8;
        }
    }
    void flush() {
        if (m_bits > 0) m_out.append(char(m_acc & 0xff));
        m_acc = 0;
        m_bits = 0;
    }

  private:
    QByteArray& m_out;
    std::uint32_t m_acc = 0;
    int m_bits = 0;
};

/** The palette's bits: 2^bits entries hold count colours (1..8 bits). */
int paletteBits(std::size_t count) {
    int bits = 1;
    while ((std::size_t(1) << bits) < count && bits < 8)
        ++bits;
    return bits;
}

/** A colour table of 2^bits entries: the palette, padded with black. */
void putColourTable(QByteArray& out, const std::vector<QRgb>& palette, int bits) {
    for (int i = 0; i < (1 << bits); ++i) {
        const QRgb c = i < int(palette.size()) ? palette[std::size_t(i)] : 0xff000000u;
        out.append(char(qRed(c)));
        out.append(char(qGreen(c)));
        out.append(char(qBlue(c)));
    }
}

} // namespace

void GifPaletteCounter::add(const QImage& image) {
    const QImage img = image.convertToFormat(QImage::Format_RGB32);
    const int width = img.width();
    for (int y = 0; y < img.height(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(img.constScanLine(y));
        for (int x = 0; x < width;) {
            const QRgb rgb = line[x] | 0xff000000u;
            int run = 1; // one hash update a run of one colour
            while (x + run < width && (line[x + run] | 0xff000000u) == rgb)
                ++run;
            add(rgb, run);
            x += run;
        }
    }
}

void GifPaletteCounter::add(QRgb rgb, qint64 count) {
    m_counts[rgb | 0xff000000u] += count;
}

std::vector<QRgb> GifPaletteCounter::palette(int maxColours) const {
    maxColours = std::clamp(maxColours, 2, 256);
    std::vector<std::pair<qint64, QRgb>> byCount;
    byCount.reserve(std::size_t(m_counts.size()));
    for (auto it = m_counts.cbegin(); it != m_counts.cend(); ++it)
        byCount.emplace_back(it.value(), it.key());
    // Most frequent first; ties by colour so the palette does not depend on hash order.
    std::sort(byCount.begin(), byCount.end(), [](const auto& a, const auto& b) {
        return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    std::vector<QRgb> palette;
    for (const auto& [n, rgb] : byCount) {
        if (int(palette.size()) == maxColours) break;
        palette.push_back(rgb);
    }
    if (palette.empty()) palette.push_back(0xff000000u);
    return palette;
}

QByteArray gifLzw(const std::vector<std::uint8_t>& indices, int minCodeSize) {
    QByteArray out;
    BitWriter bits(out);
    const int alphabet = 1 << minCodeSize;
    const int clear = alphabet, end = alphabet + 1;
    // dict[code * alphabet + k]: the code of (string of code) + k, or -1.
    std::vector<std::int16_t> dict(std::size_t(kMaxCodes) * std::size_t(alphabet), -1);
    int next = end + 1, codeSize = minCodeSize + 1;
    bits.put(clear, codeSize);
    if (indices.empty()) {
        bits.put(end, codeSize);
        bits.flush();
        return out;
    }
    int prefix = indices[0];
    for (std::size_t i = 1; i < indices.size(); ++i) {
        const int k = indices[i];
        const std::size_t slot = std::size_t(prefix) * std::size_t(alphabet) + std::size_t(k);
        if (dict[slot] >= 0) {
            prefix = dict[slot];
            continue;
        }
        bits.put(prefix, codeSize);
        if (next < kMaxCodes) {
            dict[slot] = std::int16_t(next);
            // The decoder adds this entry one code later; it widens its codes when its next free
            // code reaches 2^codeSize, which is this entry's code.
            if (next == (1 << codeSize) && codeSize < 12) ++codeSize;
            ++next;
        } else {
            // The table is full: start afresh (clear is sent at the full 12 bits).
            bits.put(clear, codeSize);
            std::fill(dict.begin(), dict.end(), std::int16_t(-1));
            next = end + 1;
            codeSize = minCodeSize + 1;
        }
        prefix = k;
    }
    bits.put(prefix, codeSize);
    // The decoder adds an entry for this last code too (the one we would add after the next code): when
    // that entry's code, `next`, is 2^codeSize it reads the end code one bit wider.
    if (next == (1 << codeSize) && codeSize < 12) ++codeSize;
    bits.put(end, codeSize);
    bits.flush();
    return out;
}

GifWriter::GifWriter(QSize size, std::vector<QRgb> palette, int loops) : m_size(size) {
    usePalette(std::move(palette));
    writeHeader(loops);
}

GifWriter::GifWriter(QSize size, int loops) : m_size(size), m_localTables(true) {
    writeHeader(loops);
}

void GifWriter::usePalette(std::vector<QRgb> palette, bool transparentSlot) {
    m_palette = std::move(palette);
    if (m_palette.empty()) m_palette.push_back(0xff000000u);
    if (m_palette.size() > (transparentSlot ? 255u : 256u)) m_palette.resize(transparentSlot ? 255 : 256);
    m_transparent = transparentSlot ? int(m_palette.size()) : -1;
    m_paletteBits = paletteBits(m_palette.size() + (transparentSlot ? 1 : 0));
    m_minCodeSize = std::max(2, m_paletteBits);
    m_nearest.clear();
    for (std::size_t i = 0; i < m_palette.size(); ++i)
        m_nearest.insert(m_palette[i], std::uint8_t(i));
}

void GifWriter::writeHeader(int loops) {
    m_out = QByteArray("GIF89a");
    putU16(m_out, m_size.width());
    putU16(m_out, m_size.height());
    // 8-bit colour resolution; a global colour table unless each frame brings its own.
    m_out.append(char(m_localTables ? 0x70 : 0x80 | 0x70 | (m_paletteBits - 1)));
    m_out.append(char(0)); // background colour index
    m_out.append(char(0)); // square pixels
    if (!m_localTables) putColourTable(m_out, m_palette, m_paletteBits);
    // NETSCAPE2.0 application extension: the loop count (0 = forever).
    m_out.append("\x21\xff\x0b", 3);
    m_out.append("NETSCAPE2.0");
    m_out.append("\x03\x01", 2);
    putU16(m_out, std::clamp(loops, 0, 0xffff));
    m_out.append(char(0));
}

std::uint8_t GifWriter::indexOf(QRgb rgb) {
    const auto it = m_nearest.constFind(rgb);
    if (it != m_nearest.constEnd()) return it.value();
    std::size_t best = 0;
    for (std::size_t i = 1; i < m_palette.size(); ++i)
        if (squaredDistance(m_palette[i], rgb) < squaredDistance(m_palette[best], rgb)) best = i;
    m_nearest.insert(rgb, std::uint8_t(best));
    return std::uint8_t(best);
}

QRect GifWriter::changedRect(const QImage& img) const {
    const int width = m_size.width();
    int top = -1, bottom = -1, left = width, right = -1;
    for (int y = 0; y < m_size.height(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(img.constScanLine(y));
        const auto* shown = reinterpret_cast<const QRgb*>(m_shown.constScanLine(y));
        int x = 0;
        while (x < width && (line[x] | 0xff000000u) == shown[x])
            ++x;
        if (x == width) continue;
        int last = width - 1;
        while ((line[last] | 0xff000000u) == shown[last])
            --last;
        if (top < 0) top = y;
        bottom = y;
        left = std::min(left, x);
        right = std::max(right, last);
    }
    if (top < 0) return QRect(0, 0, 1, 1); // the same picture: one transparent pixel
    return QRect(QPoint(left, top), QPoint(right, bottom));
}

bool GifWriter::addFrame(const QImage& image, int delayCs) {
    if (image.size() != m_size || m_size.isEmpty() || m_size.width() > 0xffff || m_size.height() > 0xffff)
        return false;
    const QImage img = image.convertToFormat(QImage::Format_RGB32);
    // With local tables a frame after the first is what changed since the screen as shown: the
    // rectangle around the changed pixels, on a table of their colours, the unchanged pixels in it
    // transparent. The first frame draws every pixel (viewers show an undrawn one transparent).
    const bool delta = m_localTables && m_frames > 0;
    if (m_localTables && m_shown.isNull()) m_shown = QImage(m_size, QImage::Format_RGB32);
    const QRect rect = delta ? changedRect(img) : QRect(QPoint(0, 0), m_size);
    if (m_localTables) {
        GifPaletteCounter counter;
        qint64 unchanged = 0;
        for (int y = rect.top(); y <= rect.bottom(); ++y) {
            const auto* line = reinterpret_cast<const QRgb*>(img.constScanLine(y));
            const auto* shown = reinterpret_cast<const QRgb*>(m_shown.constScanLine(y));
            for (int x = rect.left(); x <= rect.right(); ++x)
                if (delta && (line[x] | 0xff000000u) == shown[x])
                    ++unchanged;
                else
                    counter.add(line[x]);
        }
        usePalette(counter.palette(256), unchanged > 0);
    }
    // Graphic control extension: keep the frame (disposal 1), the delay, the transparent index if any.
    m_out.append("\x21\xf9\x04", 3);
    m_out.append(char(0x04 | (m_transparent >= 0 ? 1 : 0)));
    putU16(m_out, std::clamp(delayCs, 0, 0xffff));
    m_out.append(char(std::max(0, m_transparent)));
    m_out.append(char(0));
    // Image descriptor: the rectangle, not interlaced, the frame's own colour table if it has one.
    m_out.append(char(0x2c));
    putU16(m_out, rect.left());
    putU16(m_out, rect.top());
    putU16(m_out, rect.width());
    putU16(m_out, rect.height());
    m_out.append(char(m_localTables ? 0x80 | (m_paletteBits - 1) : 0));
    if (m_localTables) putColourTable(m_out, m_palette, m_paletteBits);
    std::vector<std::uint8_t> indices(std::size_t(rect.width()) * std::size_t(rect.height()));
    std::size_t n = 0;
    QRgb last = 0; // no pixel: every pixel is opaque
    std::uint8_t lastIndex = 0;
    for (int y = rect.top(); y <= rect.bottom(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(img.constScanLine(y));
        auto* shown = m_localTables ? reinterpret_cast<QRgb*>(m_shown.scanLine(y)) : nullptr;
        for (int x = rect.left(); x <= rect.right(); ++x) {
            const QRgb rgb = line[x] | 0xff000000u;
            if (delta && shown[x] == rgb) {
                indices[n++] = std::uint8_t(m_transparent);
                continue;
            }
            if (rgb != last) { // runs of one colour are the rule: one hash lookup a run
                last = rgb;
                lastIndex = indexOf(rgb);
            }
            indices[n++] = lastIndex;
            if (shown != nullptr) shown[x] = m_palette[lastIndex];
        }
    }
    m_out.append(char(m_minCodeSize));
    const QByteArray data = gifLzw(indices, m_minCodeSize);
    for (qsizetype pos = 0; pos < data.size(); pos += 255) {
        const qsizetype len = std::min<qsizetype>(255, data.size() - pos);
        m_out.append(char(len));
        m_out.append(data.constData() + pos, len);
    }
    m_out.append(char(0)); // block terminator
    ++m_frames;
    return true;
}

QByteArray GifWriter::finish() {
    QByteArray out = m_out;
    out.append(char(0x3b)); // trailer
    return out;
}

QByteArray encodeGif(const std::vector<GifFrame>& frames, int loops) {
    if (frames.empty()) return {};
    GifPaletteCounter counter;
    for (const GifFrame& f : frames)
        counter.add(f.image);
    GifWriter writer(frames.front().image.size(), counter.palette(256), loops);
    for (const GifFrame& f : frames)
        if (!writer.addFrame(f.image, f.delayCs)) return {};
    return writer.finish();
}

} // namespace rs::teach
