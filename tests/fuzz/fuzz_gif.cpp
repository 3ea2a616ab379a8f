// Fuzz target: the GIF encoder (app/teach/gifencoder.h). RoundScope writes GIFs and reads none, so the
// fuzzer makes the frames: sizes, a palette, pixels, the loop count, one global table or a table a
// frame, and every file must decode with the strict decoder of the tests (tests/teach/strictgif.h) to
// the very frames given (they hold at most 256 colours, so nothing is quantised). The code stream alone
// (gifLzw, any minimum code size) must decode to its indices. Inputs whose first byte is odd go to the
// strict decoder as a file instead, which must answer (valid or an error), never crash.
//
// Input: mode, width-1, height-1, frames-1, colours-1, loops, then 3 bytes a colour, then the pixels'
// colour numbers (repeated when the input is shorter than the frames).
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "app/teach/gifencoder.h"
#include "tests/teach/strictgif.h"

using namespace rs;

namespace {

void check(bool ok) {
    if (!ok) std::abort();
}

void roundTrip(const std::uint8_t* data, std::size_t size) {
    if (size < 6) return;
    const bool localTables = data[0] & 2;
    const int width = 1 + data[1] % 64, height = 1 + data[2] % 64, frameCount = 1 + data[3] % 4;
    const int colours = 1 + data[4], loops = data[5];
    std::size_t at = 6;
    const auto next = [&]() -> std::uint8_t { return at < size ? data[at++] : std::uint8_t(at++ * 37); };
    std::vector<QRgb> palette;
    for (int i = 0; i < colours; ++i) {
        const int r = next(), g = next(), b = next();
        palette.push_back(qRgb(r, g, b));
    }
    const std::uint8_t* pixels = data + std::min(at, size);
    const std::size_t pixelBytes = size - std::min(at, size);
    std::vector<teach::GifFrame> frames;
    std::size_t p = 0;
    for (int f = 0; f < frameCount; ++f) {
        QImage img(width, height, QImage::Format_RGB32);
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x, ++p)
                img.setPixel(x, y, palette[pixelBytes == 0 ? 0 : pixels[p % pixelBytes] % palette.size()]);
        frames.push_back({img, int(p % 500)});
    }
    QByteArray bytes;
    if (localTables) {
        teach::GifWriter writer(QSize(width, height), loops);
        for (const teach::GifFrame& f : frames)
            check(writer.addFrame(f.image, f.delayCs));
        bytes = writer.finish();
    } else {
        bytes = teach::encodeGif(frames, loops);
    }
    const test::gif::Gif g = test::gif::decodeGif(bytes);
    check(g.ok());
    check(g.width == width && g.height == height && g.loops == loops);
    check(g.frames.size() == frames.size());
    for (std::size_t f = 0; f < frames.size(); ++f) {
        check(g.frames[f].undrawn == 0 && g.frames[f].canvas == frames[f].image);
        check(g.frames[f].delayCs == frames[f].delayCs);
    }
    // The code stream alone, at the minimum code size the pixel bytes ask for.
    const int minCodeSize = 2 + data[0] / 4 % 7;
    std::vector<std::uint8_t> indices(pixelBytes == 0 ? 1 : pixelBytes);
    for (std::size_t i = 0; i < indices.size(); ++i)
        indices[i] = pixelBytes == 0 ? 0 : std::uint8_t(pixels[i] % (1 << minCodeSize));
    const QByteArray packed = teach::gifLzw(indices, minCodeSize);
    const test::gif::LzwResult back = test::gif::decodeLzw(
        std::vector<std::uint8_t>(packed.begin(), packed.end()), minCodeSize, indices.size());
    check(back.error.empty() && back.indices == indices);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    if (data[0] & 1) {
        const test::gif::Gif g = test::gif::decodeGif(data + 1, size - 1, 1u << 16); // 256 x 256 at most
        check(g.ok() || !g.error.empty());
        return 0;
    }
    roundTrip(data, size);
    return 0;
}
