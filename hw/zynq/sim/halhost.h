#pragma once
// The host backend of the firmware's HAL (hw/zynq/firmware/hal.h): the Verilated Ascon IP behind the
// register reads and writes, the UART on a file descriptor (the master side of a pseudo-terminal), time
// from a model, and faults injected on purpose for the client's tests.
//
// Timing model (what makes the virtual board's numbers look like a board's, and only that: they are
// modelled, never measured): the A9 global timer runs at 333.33 MHz (a 667 MHz Cortex-A9, timer = CPU/2);
// each register access costs the IP's AXI clocks at the 100 MHz PL clock plus kAccessNs of interconnect
// and load/store latency on the ARM side; the software path costs the host's own time times
// kSoftwareSlowdown (a Cortex-A9 running the same C is that much slower than a desktop core, roughly).

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
    int lieAfter =
        0; ///< after N right ENCRYPT answers, every later one has a ciphertext byte flipped (0: never)
};

/** @brief The length of the line written before the garbageBefore frame. */
inline constexpr int kGarbageLineBytes = 4200;

inline constexpr double kTimerHz = 333333333.0;
inline constexpr double kPlHz = 100e6;
inline constexpr double kAccessNs = 60.0;
inline constexpr double kSoftwareSlowdown = 8.0;

/** @brief Sets the backend up (builds the Verilated IP on this thread) with the UART on fd. */
void hostBoardInit(int uartFd, const HostBoardOptions& options);
/** @brief Whether the line was closed by the disconnect fault (the simulator then exits). */
bool hostBoardDisconnected();

} // namespace rs::hw::board
