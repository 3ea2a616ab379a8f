/* The firmware's view of the board, one interface and three backends:
 *   hal_xilinx.c  Xilinx standalone BSP (Xil_In32/Xil_Out32, XTime_GetTime, XUartPs) — for Vitis.
 *   hal_mmio.c    plain MMIO for the arm-none-eabi build: Cadence UART0, the A9 global timer, the IP at
 *                 RS_IP_BASE (no IP under QEMU: ip_present() probes the INFO register's version).
 *   hw/zynq/sim/halhost.cpp  the host backend: the Verilated IP behind the same register reads and writes,
 *                 the UART on a pseudo-terminal, and a timing model (roundscope-board-sim). */
#ifndef RS_HAL_H
#define RS_HAL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

uint32_t hal_ip_read(uint32_t offset);
void hal_ip_write(uint32_t offset, uint32_t value);
/** Whether the IP answers (INFO reads version 1). */
int hal_ip_present(void);
/** A free-running counter and its rate (the A9 global timer: CPU clock / 2). */
uint64_t hal_time(void);
uint32_t hal_time_hz(void);
/** The PL clock the IP runs at (100 MHz in the block design). */
uint32_t hal_pl_hz(void);
/** A byte from the UART, or -1 when none came within about timeout_ms. */
int hal_uart_getc(uint32_t timeout_ms);
void hal_uart_write(const uint8_t* p, uint32_t n);
/** Called after each software-path operation (variant 0..2, decrypt, the lengths) so a host backend can
 *  charge its modelled time; the boards' backends do nothing. */
void hal_sw_done(int variant, int decrypt, uint32_t ad_len, uint32_t len);
/** The SVC stack's size and its high-water mark in bytes (startup fills it with a pattern; the deepest
 *  word that changed marks the mark); 0 and 0 where it is not measured (the host and the Xilinx BSP). */
uint32_t hal_stack_used(uint32_t* size);

#ifdef __cplusplus
}
#endif

#endif
