// Signals wider than 64 bits: the store keeps them whole (out of line, the <= 64-bit path untouched),
// text in hex/decimal/binary and back, search, and both file formats round trip them exactly.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "core/waveform/bitvalue.h"
#include "core/waveform/fst.h"
#include "core/waveform/navigation.h"
#include "core/waveform/vcd.h"
#include "tests/waveform/wavetest.h"

namespace {

using namespace rs::waveform;
using rs::wavetest::tempPath;
using W = std::vector<std::uint64_t>;

W words(Words w) {
    return W(w.begin(), w.end());
}

TEST(WideStore, KeepsEveryWordAndDropsBitsAboveTheWidth) {
    WaveformStore s;
    const auto state = s.addSignal("state", 320, "ascon"); // was refused: "width 320 is outside 1..64"
    const auto narrow = s.addSignal("n", 8);
    EXPECT_EQ(words(s.wordsAt(state, 0)), W(5, 0)) << "zeros before the first change";
    s.sampleWords(state, 0, W{1, 2, 3, 4, 5});
    s.sampleWords(state, 1, W{1, 2, 3, 4, 5});     // the same value: no change
    s.sampleWords(state, 2, W{1, 2, 3, 4, ~0ull}); // the top word has 64 bits
    s.sampleWords(state, 3, W{7});                 // missing words are 0
    s.sample(state, 4, 9);
    s.sampleWords(state, 4, W{7, 0}); // back to the value before tick 4: no change at 4
    ASSERT_EQ(s.changeCount(state), 3u);
    EXPECT_EQ(words(s.changeWords(state, 1)), (W{1, 2, 3, 4, ~0ull}));
    EXPECT_EQ(words(s.wordsAt(state, 3)), (W{7, 0, 0, 0, 0}));
    EXPECT_EQ(s.valueAt(state, 2), 1u) << "the low 64 bits";
    EXPECT_EQ(s.change(state, 2).value, 7u);

    const auto odd = s.addSignal("odd", 65);
    s.sampleWords(odd, 0, W{~0ull, ~0ull});
    EXPECT_EQ(words(s.changeWords(odd, 0)), (W{~0ull, 1}));
    EXPECT_THROW(s.setValueNames(odd, {{1, "one"}}), std::invalid_argument);

    // The narrow path stores 16 bytes a change, wide values live apart.
    for (Tick t = 0; t < 1000; ++t)
        s.sample(narrow, t, t);
    const std::uint64_t before = s.changeBytes();
    for (Tick t = 1000; t < 2000; ++t)
        s.sample(narrow, t, t);
    EXPECT_EQ(s.changeBytes() - before, 1000u * 16);
    const auto items = s.viewItems(state, 0, 5, 100);
    ASSERT_EQ(items.size(), 3u);
    EXPECT_EQ(words(s.changeWords(state, items[1].index)), (W{1, 2, 3, 4, ~0ull}));
}

TEST(WideText, HexDecimalBinaryBothWays) {
    const W v{0xfedcba9876543210ull, 0x0123456789abcdefull};
    EXPECT_EQ(hexDigits(v, 128), "0123456789abcdeffedcba9876543210");
    EXPECT_EQ(hexDigits(v, 125), "0123456789abcdeffedcba9876543210"); // 32 digits either way
    EXPECT_EQ(hexDigits(W{0xf}, 70), "00000000000000000f");
    EXPECT_EQ(binaryDigits(W{5, 1}, 66), "01" + std::string(61, '0') + "101");
    EXPECT_EQ(decimalDigits(W{0, 1}), "18446744073709551616");
    EXPECT_EQ(decimalDigits(W{~0ull, ~0ull}), "340282366920938463463374607431768211455");
    EXPECT_EQ(decimalDigits(W{}), "0");
    EXPECT_EQ(decimalDigits(W{10000000000000000000ull}), "10000000000000000000");
    EXPECT_EQ(parseDigits("340282366920938463463374607431768211455", 10, 128), (W{~0ull, ~0ull}));
    EXPECT_EQ(parseDigits("0123456789ABCDEF_fedcba9876543210", 16, 128), v);
    EXPECT_EQ(parseDigits("1" + std::string(64, '0'), 2, 65), (W{0, 1}));
    EXPECT_FALSE(parseDigits("1" + std::string(64, '0'), 2, 64)) << "needs 65 bits";
    EXPECT_FALSE(parseDigits("340282366920938463463374607431768211456", 10, 128)) << "2^128";
    for (const char* bad : {"", "_1", "1_", "12g", "-1", "0x10", " 1"})
        EXPECT_FALSE(parseDigits(bad, 16, 64)) << bad;
    EXPECT_FALSE(parseDigits("2", 2, 8));
    const W big{0x1234, 0x8000000000000000ull, 0x55};
    EXPECT_EQ(parseDigits(decimalDigits(big), 10, 135), big);
    EXPECT_EQ(parseDigits(hexDigits(big, 135), 16, 135), big);
    EXPECT_EQ(parseDigits(binaryDigits(big, 135), 2, 135), big);
}

TEST(WideNavigation, FindsWholeValuesNotTheirLowWords) {
    WaveformStore s;
    const auto b = s.addSignal("b", 128);
    s.sampleWords(b, 0, W{5, 0});
    s.sampleWords(b, 10, W{5, 1}); // same low word as tick 0
    s.sampleWords(b, 20, W{6, 0});
    s.sampleWords(b, 30, W{5, 1});
    s.advance(40);
    EXPECT_EQ(nextValue(s, b, 0, W{5, 1}), Tick{10});
    EXPECT_EQ(nextValue(s, b, 10, W{5, 1}), Tick{30});
    EXPECT_EQ(previousValue(s, b, 30, W{5, 0}), Tick{0});
    EXPECT_FALSE(nextValue(s, b, 0, std::uint64_t{5})) << "5 is {5, 0}, held only from tick 0";
    EXPECT_EQ(nextValue(s, b, 10, std::uint64_t{6}), Tick{20});
}

WaveformStore wideCapture() {
    WaveformStore s;
    s.setTickSeconds(1e-9);
    const auto a = s.addSignal("a65", 65, "w"), b = s.addSignal("b128", 128, "w"),
               c = s.addSignal("state", 320), d = s.addSignal("mem", 1000, "w.deep"), n = s.addSignal("n", 7);
    rs::wavetest::XorShift next;
    W v(16);
    for (Tick t = 0; t < 300; ++t) {
        for (auto& w : v)
            w = next();
        if (t % 3 == 0) s.sampleWords(a, t, v);
        s.sampleWords(b, t, t % 7 ? v : W{1, 0});
        if (t >= 5) s.sampleWords(c, t, v);
        if (t % 11 == 0) s.sampleWords(d, t, v);
        s.sample(n, t, t);
    }
    s.advance(310);
    return s;
}

TEST(WideFiles, VcdRoundTripIsExact) {
    const WaveformStore s = wideCapture();
    std::stringstream text;
    writeVcd(s, text);
    EXPECT_NE(text.str().find("$var wire 1000 "), std::string::npos);
    rs::wavetest::expectSameStore(s, readVcd(text), false);
    const std::string path = tempPath("wide.vcd");
    writeVcdFile(s, path);
    const WaveformStore back = readVcdFile(path);
    for (SignalId i = 0; i < s.signalCount(); ++i)
        for (std::size_t k = 0; k < s.changeCount(i); ++k)
            ASSERT_EQ(words(back.changeWords(*back.find(s.signal(i).name), k)), words(s.changeWords(i, k)));
    std::filesystem::remove(path);
}

TEST(WideFiles, FstRoundTripIsExact) {
    if (!fstSupported()) GTEST_SKIP() << "FST support was not built";
    const WaveformStore s = wideCapture();
    const std::string path = tempPath("wide.fst");
    writeFstFile(s, path);
    const WaveformStore stores[] = {readFstFile(path), openFstFile(path)};
    for (const WaveformStore& back : stores) {
        rs::wavetest::expectSameStore(s, back, true);
        for (SignalId i = 0; i < s.signalCount(); ++i)
            for (std::size_t k = 0; k < s.changeCount(i); ++k)
                ASSERT_EQ(words(back.changeWords(*back.find(s.signal(i).name), k)),
                          words(s.changeWords(i, k)));
    }
    std::filesystem::remove(path);
}

} // namespace
