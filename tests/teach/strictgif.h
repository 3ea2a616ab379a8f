#pragma once
// A strict GIF89a decoder for the tests, written from the GIF89a specification (W3C, 1990: sections
// 17-27 and Appendix F, "Variable-Length-Code LZW Compression"), sharing no code with the project's
// encoder (app/teach/gifencoder.cpp). Strict as giflib is about the code stream, and stricter about
// the file's structure:
//   - every code is read at exactly the width the spec's decoder uses (it widens after adding the
//     table entry 2^width - 1, up to 12 bits): a code whose bits run past the end of the image data is
//     an error, so an end-of-information code written one bit too narrow at the end is caught;
//   - a code above the next free table entry, a first code after a clear that is not a colour index,
//     a missing end-of-information code, data after it, too few or too many pixels, an index past the
//     colour table, a truncated block, a bad block size, a frame outside the logical screen and bytes
//     after the trailer are errors.
// decodeGif returns the frames composed on the logical screen as the spec's disposal methods say (and
// how many screen pixels no frame has drawn yet), so tests compare them pixel for pixel with the images
// they encoded; quantisedDifference allows what a palette of 256 colours must change.

#include <QByteArray>
#include <QColor>
#include <QHash>
#include <QImage>

#include <algorithm>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace rs::test::gif {

/** @brief What the LZW decoder saw of one image's code stream. */
struct LzwStats {
    int codes = 0;                 ///< codes read, clear and end-of-information included
    int clears = 0;                ///< clear codes read
    int maxWidth = 0;              ///< the widest code read, in bits
    bool eoiAfterWidening = false; ///< the last pixel code filled the table to 2^n: the EOI is one bit wider
    std::size_t endBit = 0;        ///< the bit just after the end-of-information code
};

struct LzwResult {
    std::vector<std::uint8_t> indices;
    LzwStats stats;
    std::string error; ///< empty: a valid code stream
};

/** @brief Decodes an image's LZW code stream (the sub-blocks' bytes joined) that must yield exactly
 *  `pixels` colour indices. */
inline LzwResult decodeLzw(const std::vector<std::uint8_t>& data, int minCodeSize, std::size_t pixels) {
    LzwResult r;
    if (minCodeSize < 2 || minCodeSize > 8) {
        r.error = "LZW minimum code size " + std::to_string(minCodeSize) + " is outside 2..8";
        return r;
    }
    constexpr int kMaxCode = 4096;
    const int clear = 1 << minCodeSize, eoi = clear + 1;
    // The string table: each entry is (prefix entry, last index); roots have no prefix.
    std::vector<int> prefix(kMaxCode, -1), length(kMaxCode, 1);
    std::vector<std::uint8_t> suffix(kMaxCode, 0), first(kMaxCode, 0);
    for (int i = 0; i < clear; ++i) {
        suffix[std::size_t(i)] = std::uint8_t(i);
        first[std::size_t(i)] = std::uint8_t(i);
    }
    int width = minCodeSize + 1, next = eoi + 1, previous = -1;
    std::size_t bit = 0;
    const std::size_t totalBits = data.size() * 8;
    std::vector<std::uint8_t> string;
    bool lastWidened = false;
    for (;;) {
        if (bit + std::size_t(width) > totalBits) {
            r.error = "code " + std::to_string(r.stats.codes + 1) + " (" + std::to_string(width) +
                      " bits at bit " + std::to_string(bit) + ") is read past the end of the image data (" +
                      std::to_string(totalBits) + " bits): no end-of-information code";
            return r;
        }
        int code = 0;
        for (int b = 0; b < width; ++b, ++bit) // least significant bit first
            code |= ((data[bit / 8] >> (bit % 8)) & 1) << b;
        ++r.stats.codes;
        r.stats.maxWidth = std::max(r.stats.maxWidth, width);
        if (code == clear) {
            ++r.stats.clears;
            width = minCodeSize + 1;
            next = eoi + 1;
            previous = -1;
            lastWidened = false;
            continue;
        }
        if (code == eoi) {
            r.stats.eoiAfterWidening = lastWidened;
            r.stats.endBit = bit;
            if ((bit + 7) / 8 != data.size()) {
                r.error = "image data goes on for " + std::to_string(data.size() - (bit + 7) / 8) +
                          " bytes after the end-of-information code";
                return r;
            }
            if (r.indices.size() != pixels) {
                r.error = "the image has " + std::to_string(pixels) + " pixels, the code stream " +
                          std::to_string(r.indices.size());
                return r;
            }
            return r;
        }
        lastWidened = false;
        if (previous < 0) {
            if (code >= clear) {
                r.error = "code " + std::to_string(code) + " follows a clear code but is not a colour index";
                return r;
            }
        } else if (code > next || (code == next && next >= kMaxCode)) {
            r.error = "code " + std::to_string(code) + " is not in the table (next free code " +
                      std::to_string(next) + ")";
            return r;
        }
        // The string of the code; for code == next (not yet in the table) previous + first(previous).
        const int known = code == next ? previous : code;
        string.assign(std::size_t(length[std::size_t(known)]), 0);
        for (int c = known, i = length[std::size_t(known)] - 1; c >= 0; c = prefix[std::size_t(c)], --i)
            string[std::size_t(i)] = suffix[std::size_t(c)];
        if (code == next) string.push_back(first[std::size_t(previous)]);
        if (r.indices.size() + string.size() > pixels) {
            r.error = "the code stream holds more than the image's " + std::to_string(pixels) + " pixels";
            return r;
        }
        r.indices.insert(r.indices.end(), string.begin(), string.end());
        if (previous >= 0 && next < kMaxCode) {
            prefix[std::size_t(next)] = previous;
            suffix[std::size_t(next)] = string.front();
            first[std::size_t(next)] = first[std::size_t(previous)];
            length[std::size_t(next)] = length[std::size_t(previous)] + 1;
            ++next;
            // Appendix F: the code width grows when the table reaches 2^width entries (12 bits at most).
            if (next == (1 << width) && width < 12) {
                ++width;
                lastWidened = true;
            }
        }
        previous = code;
    }
}

/** @brief One image of the file: its descriptor, controls and pixels. */
struct Frame {
    int left = 0, top = 0, width = 0, height = 0;
    bool interlaced = false;
    bool localTable = false;
    int delayCs = 0;                   ///< from the graphic control extension (0 without one)
    int disposal = 0;                  ///< 0..3
    int transparent = -1;              ///< the transparent colour index, -1 for none
    std::vector<QRgb> table;           ///< the colour table it uses (local or global)
    std::vector<std::uint8_t> indices; ///< width * height, in row order (interlacing undone)
    LzwStats lzw;
    QImage canvas;           ///< the logical screen after this frame (RGB32)
    std::size_t undrawn = 0; ///< screen pixels no frame has drawn yet (viewers show them transparent)
};

struct Gif {
    std::string error; ///< empty: the whole file is valid
    int width = 0, height = 0;
    std::vector<QRgb> globalTable;
    int background = 0;
    int loops = -1; ///< the NETSCAPE2.0 loop count (0 = forever), -1 without the extension
    std::vector<Frame> frames;
    bool ok() const { return error.empty(); }
};

namespace detail {

class Reader {
  public:
    Reader(const std::uint8_t* data, std::size_t size) : m_data(data), m_size(size) {}
    bool has(std::size_t n) const { return m_size - m_pos >= n; }
    std::size_t pos() const { return m_pos; }
    std::size_t left() const { return m_size - m_pos; }
    int u8() { return m_data[m_pos++]; }
    int u16() {
        const int v = m_data[m_pos] | (m_data[m_pos + 1] << 8);
        m_pos += 2;
        return v;
    }
    const std::uint8_t* take(std::size_t n) {
        const std::uint8_t* p = m_data + m_pos;
        m_pos += n;
        return p;
    }

  private:
    const std::uint8_t* m_data;
    std::size_t m_size;
    std::size_t m_pos = 0;
};

/** Reads data sub-blocks up to the block terminator; false when the file ends first. */
inline bool subBlocks(Reader& in, std::vector<std::uint8_t>* out) {
    for (;;) {
        if (!in.has(1)) return false;
        const int n = in.u8();
        if (n == 0) return true;
        if (!in.has(std::size_t(n))) return false;
        const std::uint8_t* p = in.take(std::size_t(n));
        if (out != nullptr) out->insert(out->end(), p, p + n);
    }
}

inline bool colourTable(Reader& in, int packed, std::vector<QRgb>& table) {
    const std::size_t n = std::size_t(2) << (packed & 7);
    if (!in.has(3 * n)) return false;
    table.clear();
    for (std::size_t i = 0; i < n; ++i) {
        const int r = in.u8(), g = in.u8(), b = in.u8();
        table.push_back(qRgb(r, g, b));
    }
    return true;
}

/** The row of the image that the i-th row of interlaced data fills (section 20, Appendix E). */
inline int interlacedRow(int i, int height) {
    const int passes[4][2] = {{0, 8}, {4, 8}, {2, 4}, {1, 2}};
    for (const auto& [start, step] : passes) {
        const int rows = start < height ? (height - start + step - 1) / step : 0;
        if (i < rows) return start + i * step;
        i -= rows;
    }
    return -1;
}

} // namespace detail

/** @brief Decodes a whole GIF file strictly; Gif::error says the first thing wrong. A logical screen
 *  of more than maxScreenPixels is refused (every frame keeps a copy of the screen). */
inline Gif decodeGif(const std::uint8_t* data, std::size_t size, std::size_t maxScreenPixels = 1u << 26) {
    Gif g;
    detail::Reader in(data, size);
    const auto fail = [&g, &in](const std::string& why) {
        g.error = why + " (at byte " + std::to_string(in.pos()) + ")";
        return g;
    };
    if (!in.has(13)) return fail("shorter than a GIF header and logical screen descriptor");
    const std::string magic(reinterpret_cast<const char*>(in.take(6)), 6);
    if (magic != "GIF89a" && magic != "GIF87a") return fail("not a GIF file (signature '" + magic + "')");
    g.width = in.u16();
    g.height = in.u16();
    if (g.width == 0 || g.height == 0) return fail("the logical screen is empty");
    if (std::size_t(g.width) * std::size_t(g.height) > maxScreenPixels)
        return fail("the logical screen is larger than this decoder takes");
    const int screen = in.u8();
    g.background = in.u8();
    in.u8(); // pixel aspect ratio
    if ((screen & 0x80) && !detail::colourTable(in, screen, g.globalTable))
        return fail("the global colour table is cut off");
    if (!g.globalTable.empty() && g.background >= int(g.globalTable.size()))
        return fail("the background colour index is past the global colour table");
    const QRgb backgroundColour =
        g.globalTable.empty() ? qRgb(0, 0, 0) : g.globalTable[std::size_t(g.background)];
    QImage canvas(g.width, g.height, QImage::Format_RGB32);
    canvas.fill(backgroundColour);
    // Which screen pixels a frame has drawn: the others are transparent in viewers (the background
    // colour is a hint most ignore), so a test must not take them for the colour under them.
    std::vector<std::uint8_t> drawn(std::size_t(g.width) * std::size_t(g.height), 0);
    bool control = false; // a graphic control extension waits for its image
    Frame pending;
    for (;;) {
        if (!in.has(1)) return fail("no trailer (0x3B): the file is cut off");
        const int block = in.u8();
        if (block == 0x3b) {
            if (control) return fail("a graphic control extension without an image");
            if (in.left() != 0) return fail(std::to_string(in.left()) + " bytes after the trailer");
            return g;
        }
        if (block == 0x21) {
            if (!in.has(1)) return fail("an extension is cut off");
            const int label = in.u8();
            if (label == 0xf9) {
                if (control) return fail("two graphic control extensions before one image");
                if (!in.has(6) || in.u8() != 4) return fail("a graphic control extension's size is not 4");
                const int packed = in.u8();
                pending.disposal = (packed >> 2) & 7;
                pending.delayCs = in.u16();
                const int transparent = in.u8();
                pending.transparent = (packed & 1) ? transparent : -1;
                if (in.u8() != 0) return fail("a graphic control extension has no block terminator");
                if (pending.disposal > 3) return fail("disposal method " + std::to_string(pending.disposal));
                control = true;
            } else if (label == 0xff) {
                if (!in.has(12) || in.u8() != 11) return fail("an application extension's size is not 11");
                const std::string id(reinterpret_cast<const char*>(in.take(11)), 11);
                std::vector<std::uint8_t> body;
                if (!detail::subBlocks(in, &body)) return fail("an application extension is cut off");
                if (id == "NETSCAPE2.0") {
                    if (body.size() != 3 || body[0] != 1)
                        return fail("a NETSCAPE2.0 extension is not 3 bytes");
                    g.loops = body[1] | (body[2] << 8);
                }
            } else if (!detail::subBlocks(in, nullptr)) {
                return fail("an extension is cut off");
            }
            continue;
        }
        if (block != 0x2c) return fail("unknown block 0x" + QByteArray::number(block, 16).toStdString());
        Frame f = pending;
        pending = Frame();
        control = false;
        if (!in.has(9)) return fail("an image descriptor is cut off");
        f.left = in.u16();
        f.top = in.u16();
        f.width = in.u16();
        f.height = in.u16();
        const int packed = in.u8();
        const int frameNo = int(g.frames.size()) + 1;
        const std::string which = "frame " + std::to_string(frameNo) + ": ";
        if (f.width == 0 || f.height == 0) return fail(which + "the image is empty");
        if (f.left + f.width > g.width || f.top + f.height > g.height)
            return fail(which + "the image is outside the logical screen");
        f.interlaced = packed & 0x40;
        f.localTable = packed & 0x80;
        if (f.localTable) {
            if (!detail::colourTable(in, packed, f.table))
                return fail(which + "the local colour table is cut off");
        } else {
            if (g.globalTable.empty()) return fail(which + "no local and no global colour table");
            f.table = g.globalTable;
        }
        if (!in.has(1)) return fail(which + "no LZW minimum code size");
        const int minCodeSize = in.u8();
        std::vector<std::uint8_t> lzw;
        if (!detail::subBlocks(in, &lzw)) return fail(which + "the image data is cut off");
        const std::size_t pixels = std::size_t(f.width) * std::size_t(f.height);
        LzwResult d = decodeLzw(lzw, minCodeSize, pixels);
        if (!d.error.empty()) return fail(which + d.error);
        f.lzw = d.stats;
        for (const std::uint8_t i : d.indices)
            if (i >= f.table.size())
                return fail(which + "colour index " + std::to_string(i) + " is past the colour table");
        f.indices.assign(pixels, 0);
        for (int row = 0; row < f.height; ++row) {
            const int y = f.interlaced ? detail::interlacedRow(row, f.height) : row;
            std::copy_n(d.indices.begin() + std::ptrdiff_t(row) * f.width, f.width,
                        f.indices.begin() + std::ptrdiff_t(y) * f.width);
        }
        // The previous frame's disposal was applied before this one is drawn (section 23).
        const QImage before = canvas;
        const std::vector<std::uint8_t> drawnBefore = drawn;
        for (int y = 0; y < f.height; ++y) {
            auto* row = reinterpret_cast<QRgb*>(canvas.scanLine(f.top + y)) + f.left;
            std::uint8_t* rowDrawn = drawn.data() + std::size_t(f.top + y) * std::size_t(g.width) + f.left;
            const std::uint8_t* line = f.indices.data() + std::size_t(y) * std::size_t(f.width);
            for (int x = 0; x < f.width; ++x)
                if (line[x] != f.transparent) {
                    row[x] = f.table[line[x]];
                    rowDrawn[x] = 1;
                }
        }
        f.canvas = canvas;
        f.undrawn = std::size_t(std::count(drawn.begin(), drawn.end(), std::uint8_t(0)));
        if (f.disposal == 2) {
            for (int y = 0; y < f.height; ++y) {
                std::fill_n(reinterpret_cast<QRgb*>(canvas.scanLine(f.top + y)) + f.left, f.width,
                            backgroundColour);
                std::fill_n(drawn.begin() + std::ptrdiff_t(f.top + y) * g.width + f.left, f.width, 0);
            }
        } else if (f.disposal == 3) {
            canvas = before;
            drawn = drawnBefore;
        }
        g.frames.push_back(std::move(f));
    }
}

inline Gif decodeGif(const QByteArray& bytes) {
    return decodeGif(reinterpret_cast<const std::uint8_t*>(bytes.constData()), std::size_t(bytes.size()));
}

/** @brief Empty when the screen after the frame shows `source` as a GIF of at most 256 colours a frame
 *  may: each pixel in its own colour, or in a colour of the frame's table nearest to it (RGB distance);
 *  otherwise says where it does not. */
inline std::string quantisedDifference(const Frame& frame, const QImage& source) {
    const QImage src = source.convertToFormat(QImage::Format_RGB32);
    if (src.size() != frame.canvas.size()) return "the frame's size differs from the source's";
    if (frame.undrawn > 0)
        return std::to_string(frame.undrawn) + " pixels of the screen are drawn by no frame";
    const auto distance = [](QRgb a, QRgb b) {
        const int dr = qRed(a) - qRed(b), dg = qGreen(a) - qGreen(b), db = qBlue(a) - qBlue(b);
        return dr * dr + dg * dg + db * db;
    };
    QHash<QRgb, int> nearestOf; // the distance from a colour to the table's nearest
    for (int y = 0; y < src.height(); ++y)
        for (int x = 0; x < src.width(); ++x) {
            const QRgb want = src.pixel(x, y), got = frame.canvas.pixel(x, y);
            if (got == want) continue;
            auto it = nearestOf.find(want);
            if (it == nearestOf.end()) {
                int d = INT_MAX;
                for (const QRgb c : frame.table)
                    d = std::min(d, distance(c, want));
                it = nearestOf.insert(want, d);
            }
            const int nearest = it.value();
            if (distance(got, want) != nearest ||
                std::find(frame.table.begin(), frame.table.end(), got) == frame.table.end())
                return "pixel (" + std::to_string(x) + ", " + std::to_string(y) + ") is " +
                       QColor(got).name().toStdString() + " for " + QColor(want).name().toStdString();
        }
    return {};
}

} // namespace rs::test::gif
