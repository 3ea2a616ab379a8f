#pragma once
// A host HAL for the firmware (hw/zynq/firmware/hal.h) that keeps the line in memory: what the firmware
// writes to its UART is collected, time is a counter, and there is no IP (the software path only, as the
// virtual board runs with --no-ip). For the firmware's receive-path tests and fuzz target: include it in
// exactly one source file of a program linked with rs_board_firmware.
#include <cstdint>
#include <vector>

extern "C" {
#include "hw/zynq/firmware/firmware.h"
#include "hw/zynq/firmware/hal.h"
}

namespace rs::fuzz::board {

/** What the firmware wrote to its UART since the last take. */
inline std::vector<std::uint8_t>& uartOut() {
    static std::vector<std::uint8_t> out;
    return out;
}

/** Software-path operations run (hal_sw_done calls), to tell a cached answer from a second run. */
inline std::uint64_t& softwareOps() {
    static std::uint64_t n = 0;
    return n;
}

inline std::uint64_t& ticks() {
    static std::uint64_t t = 0;
    return t;
}

} // namespace rs::fuzz::board

extern "C" {

uint32_t hal_ip_read(uint32_t) {
    return 0;
}
void hal_ip_write(uint32_t, uint32_t) {}
int hal_ip_present(void) {
    return 0;
}
uint64_t hal_time(void) {
    return rs::fuzz::board::ticks() += 7;
}
uint32_t hal_time_hz(void) {
    return 333333333u;
}
uint32_t hal_pl_hz(void) {
    return 100000000u;
}
int hal_uart_getc(uint32_t) {
    return -1;
}
void hal_uart_write(const uint8_t* p, uint32_t n) {
    rs::fuzz::board::uartOut().insert(rs::fuzz::board::uartOut().end(), p, p + n);
}
void hal_sw_done(int, int, uint32_t, uint32_t) {
    ++rs::fuzz::board::softwareOps();
}
uint32_t hal_stack_used(uint32_t* size) {
    *size = 0;
    return 0;
}

} // extern "C"
