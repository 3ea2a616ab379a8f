#pragma once
// Register map of the ML-DSA polynomial unit's AXI4-Lite slave (byte addresses; hw/rtl/REGISTERS.md is the
// full description; hw/ip/axiregistermaps.cpp names these registers and tests/hw checks the names against
// it).

#include <cstdint>

namespace rs::hw::mldsareg {

inline constexpr std::uint8_t kCtrl = 0x00;   ///< W: bit0 START, bit1 CLEAR
inline constexpr std::uint8_t kConfig = 0x04; ///< RW: [1:0] op
inline constexpr std::uint8_t kStatus = 0x08; ///< R: [0] BUSY, [1] DONE, [2] BANK_CONFLICT
inline constexpr std::uint8_t kCycles = 0x14; ///< R: clocks of the last operation
inline constexpr std::uint8_t kInfo = 0x28;   ///< R: [7:0] B, [15:8] core, [31:24] version
inline constexpr std::uint8_t kSlot = 0x30;   ///< RW: [0] slot A or B
inline constexpr std::uint8_t kIndex = 0x34;  ///< RW: [7:0] coefficient index
inline constexpr std::uint8_t kData = 0x38;   ///< RW: the coefficient (SLOT, INDEX), then INDEX + 1

} // namespace rs::hw::mldsareg
