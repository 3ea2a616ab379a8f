// The software path's cost on the virtual board: Cortex-A9 instructions of one operation of the
// firmware's ascon_sw.c, as a fit to the retired instructions measured under QEMU (xilinx-zynq-a9,
// -icount shift=0) for every record of the Ascon-128 and Ascon-128a KAT files (AD and message lengths
// 0..32 bytes). The fit follows Ascon's structure: a fixed part (initialisation, finalisation, the tag),
// a part per AD block and per message block (a permutation of 6 or 8 rounds, the absorbing), and a part
// per byte of the last, partial, block. tests/hw/test_board_qemu.cpp measures the counts again and fails
// when the firmware's code has drifted from the fit. Variant 2 (Ascon-AEAD128) uses 128a's figures.
#include "hw/zynq/sim/halhost.h"

namespace rs::hw::board {

double swFitMaxResidual() {
    return 26.0;
}

namespace {

struct Fit {
    double fixed, withAd, perAdBlock, perAdByte, perMsgBlock, perMsgByte;
};

// [variant 0 / 1][encrypt / decrypt], fitted by least squares to the 1 089 counts of each (QEMU 7.2,
// arm-none-eabi-gcc 12.2.1, -O2 -marm -mcpu=cortex-a9). The largest residual of the four fits is 26
// instructions (0.4 %), about the ±10 of the timer's resolution at each end of an operation.
constexpr Fit kFits[2][2] = {
    {{2927.7, -148.8, 849.9, 23.6, 897.0, 29.0}, {2845.6, -150.1, 849.8, 23.6, 1085.3, 52.9}},
    {{2494.4, -336.0, 1242.0, 23.2, 1330.5, 28.3}, {2213.5, -336.0, 1242.1, 23.2, 1714.4, 52.4}}};

} // namespace

double swInstructions(int variant, bool decrypt, std::uint32_t adLength, std::uint32_t length) {
    const bool a = variant != 0;
    const std::uint32_t rate = a ? 16 : 8;
    const Fit& f = kFits[a ? 1 : 0][decrypt ? 1 : 0];
    const double adBlocks = adLength ? adLength / rate + 1 : 0;
    const double msgBlocks = length / rate + 1;
    return f.fixed + (adLength ? f.withAd : 0) + f.perAdBlock * adBlocks + f.perAdByte * (adLength % rate) +
           f.perMsgBlock * msgBlocks + f.perMsgByte * (length % rate);
}

} // namespace rs::hw::board
