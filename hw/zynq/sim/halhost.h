#pragma once
// The host backend of the firmware's HAL (hw/zynq/firmware/hal.h): the Verilated Ascon IP behind the
// register reads and writes, the UART on a file descriptor (the master side of a pseudo-terminal), time
// from a model, and faults injected on purpose for the client's tests.
//
// Timing model (modelled, never measured; its inputs are stated and sourced in hw/board/papers/paper000.h's
// paper000Inputs()): the A9 global timer runs at 333.33 MHz (a 666.67 MHz Cortex-A9, timer = CPU/2).
// A register access costs the M_AXI_GP read or write latency (or the IP's bus clocks, if longer) plus the
// driver's instructions around it at the CPI, and the Verilated IP runs one 100 MHz PL clock per 10 ns of
// all that time (so a poll sees the IP as far as a real one would be). A software-path operation costs its
// Cortex-A9 instructions (swInstructions(), fitted to counts measured under QEMU) at the CPI.

#include <cstdint>

namespace rs::hw::board {

struct HostBoardOptions {
    int unroll = 1;          ///< the Verilated IP's rounds per clock
    bool ipPresent = true;   ///< false: a board without the PL design (software path only)
    int corruptEvery = 0;    ///< flip a byte in every Nth response frame (0: never)
    int dropEvery = 0;       ///< drop a byte of every Nth response frame (0: never)
    int disconnectAfter = 0; ///< close the line after N response frames (0: never)
    int resetAfter = 0;      ///< forget the key/nonce (a board reset) after N response frames (0: never)
    // Damage the host's decoder must survive (each on the Nth response frame only; 0: never):
    int garbageBefore = 0; ///< a 4200-byte line without a 0x00 (longer than any frame) before it
    int mergeAt = 0;       ///< the 0x00s between it and the next frame lost: the two arrive as one line
    int badLength = 0;     ///< its header says one body byte more than it carries (the CRC is right)
    int extraByte = 0;     ///< one body byte more than its command answers, header and CRC consistent
    // A board that computes wrongly (a well-formed frame with a wrong answer):
    int lieAfter = 0;        ///< after N right ENCRYPT answers, every later one has a byte flipped (0: never)
    int lieDecryptAfter = 0; ///< the same for DECRYPT answers that carry a plaintext (0: never)
    // The timing model's inputs (the midpoints of paper000's ranges by default):
    double cpi = 1.15;       ///< Cortex-A9 cycles per instruction
    double gpReadNs = 160;   ///< one M_AXI_GP read
    double gpWriteNs = 115;  ///< one M_AXI_GP write
    double driverInsns = 32; ///< the driver's instructions per register access
};

/** @brief The length of the line written before the garbageBefore frame. */
inline constexpr int kGarbageLineBytes = 4200;

inline constexpr double kTimerHz = 333333333.0;
inline constexpr double kCpuHz = 666666667.0;
inline constexpr double kPlHz = 100e6;

/** @brief The Cortex-A9 instructions of one software-path operation of the firmware (ascon_sw.c at -O2,
 *  arm-none-eabi-gcc 12.2), from a fit to the counts measured under QEMU; see swcost.cpp. */
double swInstructions(int variant, bool decrypt, std::uint32_t adLength, std::uint32_t length);
/** @brief The fit's largest residual over the KAT records, in instructions. */
double swFitMaxResidual();

/** @brief Sets the backend up (builds the Verilated IP on this thread) with the UART on fd. */
void hostBoardInit(int uartFd, const HostBoardOptions& options);
/** @brief Whether the line was closed by the disconnect fault (the simulator then exits). */
bool hostBoardDisconnected();

} // namespace rs::hw::board
