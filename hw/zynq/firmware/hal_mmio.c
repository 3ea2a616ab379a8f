/* The HAL on the bare Zynq PS without the Xilinx BSP (the arm-none-eabi build): the Cadence UART that
 * carries the board's USB-UART (UART1 on the ZedBoard, PYNQ-Z1 and Zybo; RS_UART_BASE), the Cortex-A9
 * global timer (CPU clock / 2), and the IP on the M_AXI_GP0 port at RS_IP_BASE (the block design's
 * address). Without the PL (QEMU) the probe read aborts: startup_a9.S counts it and the IP is absent. */
#include <stdint.h>

#include "hal.h"

#ifndef RS_UART_BASE
#define RS_UART_BASE 0xE0001000u
#endif
#ifndef RS_IP_BASE
#define RS_IP_BASE 0x43C00000u
#endif
#define GTIMER_BASE 0xF8F00200u
#define CPU_HZ 666666666u

#define REG(a) (*(volatile uint32_t *)(uintptr_t)(a))
#define UART_CR 0x00u
#define UART_MR 0x04u
#define UART_BAUDGEN 0x18u
#define UART_SR 0x2Cu
#define UART_FIFO 0x30u
#define UART_BAUDDIV 0x34u
#define SR_RXEMPTY 0x02u
#define SR_TXFULL 0x10u

volatile uint32_t rs_abort_count;
static int ip_state = -1; /* -1 unknown, 0 absent, 1 present */

void hal_board_init(void) {
    /* 115200 8N1 from the 100 MHz UART reference: CD 124, BDIV 6. */
    REG(RS_UART_BASE + UART_CR) = 0x03u; /* reset both paths */
    REG(RS_UART_BASE + UART_MR) = 0x20u; /* 8 bits, no parity, 1 stop */
    REG(RS_UART_BASE + UART_BAUDGEN) = 124u;
    REG(RS_UART_BASE + UART_BAUDDIV) = 6u;
    REG(RS_UART_BASE + UART_CR) = 0x14u; /* TX and RX enabled */
    REG(GTIMER_BASE + 0x08u) = 1u;       /* global timer on, no prescaler */
}

uint32_t hal_ip_read(uint32_t offset) {
    return REG(RS_IP_BASE + offset);
}

void hal_ip_write(uint32_t offset, uint32_t value) {
    REG(RS_IP_BASE + offset) = value;
}

int hal_ip_present(void) {
    if (ip_state < 0) {
        const uint32_t before = rs_abort_count;
        const uint32_t info = REG(RS_IP_BASE + 0x28u);
        ip_state = rs_abort_count == before && (info >> 24) == 2u;
    }
    return ip_state;
}

uint64_t hal_time(void) {
    uint32_t hi, lo;
    do {
        hi = REG(GTIMER_BASE + 0x04u);
        lo = REG(GTIMER_BASE + 0x00u);
    } while (hi != REG(GTIMER_BASE + 0x04u));
    return ((uint64_t)hi << 32) | lo;
}

uint32_t hal_time_hz(void) {
    return CPU_HZ / 2u;
}

uint32_t hal_pl_hz(void) {
    return 100000000u;
}

int hal_uart_getc(uint32_t timeout_ms) {
    const uint64_t end = hal_time() + (uint64_t)timeout_ms * (hal_time_hz() / 1000u);
    while (REG(RS_UART_BASE + UART_SR) & SR_RXEMPTY)
        if (hal_time() > end) return -1;
    return (int)(REG(RS_UART_BASE + UART_FIFO) & 0xffu);
}

void hal_uart_write(const uint8_t *p, uint32_t n) {
    for (uint32_t i = 0; i < n; ++i) {
        while (REG(RS_UART_BASE + UART_SR) & SR_TXFULL) {
        }
        REG(RS_UART_BASE + UART_FIFO) = p[i];
    }
}

void hal_sw_begin(void) {}
void hal_sw_end(void) {}
