#pragma once
// Register map of the LEA / SKINNY block IP's AXI4-Lite slave (byte addresses; hw/rtl/REGISTERS.md is the
// full description; hw/ip/axiregistermaps.cpp names these registers and tests/hw checks the names against
// it).

#include <cstdint>

namespace rs::hw::blockreg {

inline constexpr std::uint8_t kCtrl = 0x00;   ///< W: bit0 START, bit1 CLEAR
inline constexpr std::uint8_t kConfig = 0x04; ///< RW: [1:0] LEA key length
inline constexpr std::uint8_t kStatus = 0x08; ///< R: [0] BUSY, [1] DONE
inline constexpr std::uint8_t kCycles = 0x14; ///< R: clocks of the last operation
inline constexpr std::uint8_t kInfo = 0x28;   ///< R: [7:0] RPC, [15:8] cipher, [31:24] version
inline constexpr std::uint8_t kKey = 0x30;    ///< W: KEY0..7
inline constexpr std::uint8_t kDin = 0x50;    ///< RW: DIN0..3, the block
inline constexpr std::uint8_t kDout = 0x60;   ///< R: DOUT0..3, the result
inline constexpr std::uint8_t kKey3 = 0x80;   ///< W: KEY8..11, SKINNY-128-384's TK3

} // namespace rs::hw::blockreg
