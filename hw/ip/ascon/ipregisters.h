#pragma once
// Register map of the Ascon IP's AXI4-Lite slave (byte addresses; hw/rtl/REGISTERS.md is the
// full description and must agree with this file).

#include <cstdint>

namespace rs::hw::reg {

inline constexpr std::uint8_t kCtrl = 0x00;     ///< W: bit0 START, bit1 CLEAR (FIFOs, flags)
inline constexpr std::uint8_t kConfig = 0x04;   ///< RW: [1:0] variant, [4] decrypt, [5] precomp, [6] AD
                                                ///< precomp, [7] stream unverified, [8] verify first
inline constexpr std::uint8_t kStatus = 0x08;   ///< R: busy, done, auth fail, stalled, phase, FIFO levels
inline constexpr std::uint8_t kAdLen = 0x0c;    ///< RW: AD length in bytes
inline constexpr std::uint8_t kMsgLen = 0x10;   ///< RW: plaintext/ciphertext length in bytes
inline constexpr std::uint8_t kCycles = 0x14;   ///< R: core clocks of the last operation
inline constexpr std::uint8_t kCycInit = 0x18;  ///< R: of which load + initialisation
inline constexpr std::uint8_t kCycAd = 0x1c;    ///< R: of which associated data
inline constexpr std::uint8_t kCycData = 0x20;  ///< R: of which message blocks
inline constexpr std::uint8_t kCycFinal = 0x24; ///< R: of which finalisation
inline constexpr std::uint8_t kCycStall = 0x2c; ///< R: clocks the core waited on a FIFO (CYCLES.md)
inline constexpr std::uint8_t kInfo =
    0x28; ///< R: [7:0] UNROLL, [15:8] IN_DEPTH, [23:16] OUT_DEPTH, [31:24] version
inline constexpr std::uint8_t kKey = 0x30;   ///< W: KEY0..3 (bytes 4i..4i+3 of the key, little-endian)
inline constexpr std::uint8_t kNonce = 0x40; ///< RW: NONCE0..3
inline constexpr std::uint8_t kState = 0x50; ///< RW: injected state STATE0..9 (reads what was written)
inline constexpr std::uint8_t kDin = 0x80;   ///< W: push a word into the input FIFO
inline constexpr std::uint8_t kDout = 0x84;  ///< R: pop a word from the output FIFO
inline constexpr std::uint8_t kTag = 0x90;   ///< R: computed TAG0..3 (after an encryption); W: expected tag

inline constexpr std::uint32_t kCtrlStart = 1u << 0;
inline constexpr std::uint32_t kCtrlClear = 1u << 1;

inline constexpr std::uint32_t kCfgDecrypt = 1u << 4;
inline constexpr std::uint32_t kCfgPrecomputed = 1u << 5;
inline constexpr std::uint32_t kCfgAdPrecomputed = 1u << 6;
/** Decryption streams plaintext before the tag is checked (unsafe; off by default). */
inline constexpr std::uint32_t kCfgStreamUnverified = 1u << 7;
/** Decryption in two passes: the first only checks the tag, the second releases the plaintext. */
inline constexpr std::uint32_t kCfgVerifyFirst = 1u << 8;

inline constexpr std::uint32_t kStBusy = 1u << 0;
inline constexpr std::uint32_t kStDone = 1u << 1;
inline constexpr std::uint32_t kStAuthFail = 1u << 2;
inline constexpr std::uint32_t kStStalled = 1u << 3;
inline constexpr std::uint32_t kStAuthOk = 1u << 7;    ///< decryption done and its tag verified
inline constexpr std::uint32_t kStHeld = 1u << 24;     ///< decrypted plaintext held until AUTH_OK
inline constexpr std::uint32_t kStVerified = 1u << 25; ///< a verify-first pass succeeded
/** @brief STATUS[6:4]: the phase code (AsconIpPhase). */
inline constexpr unsigned statusPhase(std::uint32_t s) {
    return (s >> 4) & 7u;
}
/** @brief STATUS[15:8]: free words in the input FIFO. */
inline constexpr unsigned statusInFree(std::uint32_t s) {
    return (s >> 8) & 0xffu;
}
/** @brief STATUS[23:16]: words waiting in the output FIFO. */
inline constexpr unsigned statusOutCount(std::uint32_t s) {
    return (s >> 16) & 0xffu;
}

/** @brief FIFO depths the RTL is built with (ascon_axi_top parameters). */
inline constexpr unsigned kInDepth = 32;
inline constexpr unsigned kOutDepth = 32;
/** @brief INFO[31:24] of this register map. */
inline constexpr unsigned kInfoVersion = 2;

} // namespace rs::hw::reg
