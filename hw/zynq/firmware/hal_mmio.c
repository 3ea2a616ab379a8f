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

void hal_board_init(void) {
    /* 115200 8N1 from the 100 MHz UART reference: CD 124, BDIV 6. */
    REG(RS_UART_BASE + UART_CR) = 0x03u; /* reset both paths */
    REG(RS_UART_BASE + UART_MR) = 0x20u; /* 8 bits, no parity, 1 stop */
    REG(RS_UART_BASE + UART_BAUDGEN) = 124u;
    REG(RS_UART_BASE + UART_BAUDDIV) = 6u;
    REG(RS_UART_BASE + UART_CR) = 0x14u; /* TX and RX enabled */
    REG(GTIMER_BASE + 0x08u) = 1u;       /* global timer on, no prescaler */
}

#ifdef RS_IP_IN_RAM
/* The IP's registers as plain RAM that always reads "done, room and data" (STATUS) and INFO version 2:
 * ascon_ip_run then runs every line under QEMU, which has no PL. Its outputs mean nothing; the build is
 * for measuring the driver's stack (roundscope-fw-zynq-ip-ram.elf). */
static volatile uint32_t ip_ram[64];

uint32_t hal_ip_read(uint32_t offset) {
    if (offset == 0x08u) return 0x00FFFF02u;
    if (offset == 0x28u) return 2u << 24;
    return ip_ram[(offset / 4u) % 64u];
}

void hal_ip_write(uint32_t offset, uint32_t value) {
    ip_ram[(offset / 4u) % 64u] = value;
}

int hal_ip_present(void) {
    return 1;
}
#else
static int ip_state = -1; /* -1 unknown, 0 absent, 1 present */

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
#endif

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

void hal_sw_done(int variant, int decrypt, uint32_t ad_len, uint32_t len) {
    (void)variant, (void)decrypt, (void)ad_len, (void)len;
}

/* startup_a9.S fills the SVC stack with this before the first call. */
#define STACK_FILL 0x5AA5F00Du
extern uint32_t __svc_stack_limit[], __svc_stack[];

uint32_t hal_stack_used(uint32_t *size) {
    const volatile uint32_t *p = __svc_stack_limit;
    while (p < __svc_stack && *p == STACK_FILL) ++p;
    *size = (uint32_t)((uintptr_t)__svc_stack - (uintptr_t)__svc_stack_limit);
    return (uint32_t)((uintptr_t)__svc_stack - (uintptr_t)p);
}
