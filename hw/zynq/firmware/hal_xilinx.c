/* The HAL over the Xilinx standalone BSP, for a Vitis application on a real board (see hw/zynq/README.md):
 * Xil_In32/Xil_Out32 to the IP at XPAR_ASCON_AXI_TOP_0_BASEADDR, XTime_GetTime (the global timer at
 * COUNTS_PER_SECOND), and XUartPs for the USB-UART. Not built here (it needs the BSP Vitis generates). */
#include "hal.h"

#include "xil_io.h"
#include "xparameters.h"
#include "xtime_l.h"
#include "xuartps.h"

#ifndef XPAR_ASCON_AXI_TOP_0_BASEADDR
#define XPAR_ASCON_AXI_TOP_0_BASEADDR 0x43C00000u
#endif

static XUartPs uart;

void hal_board_init(void) {
    XUartPs_Config *c = XUartPs_LookupConfig(XPAR_PS7_UART_1_DEVICE_ID);
    XUartPs_CfgInitialize(&uart, c, c->BaseAddress);
    XUartPs_SetBaudRate(&uart, 115200);
}

uint32_t hal_ip_read(uint32_t offset) {
    return Xil_In32(XPAR_ASCON_AXI_TOP_0_BASEADDR + offset);
}

void hal_ip_write(uint32_t offset, uint32_t value) {
    Xil_Out32(XPAR_ASCON_AXI_TOP_0_BASEADDR + offset, value);
}

int hal_ip_present(void) {
    return (hal_ip_read(0x28) >> 24) == 2u;
}

uint64_t hal_time(void) {
    XTime t;
    XTime_GetTime(&t);
    return (uint64_t)t;
}

uint32_t hal_time_hz(void) {
    return (uint32_t)COUNTS_PER_SECOND;
}

uint32_t hal_pl_hz(void) {
    return XPAR_PS7_CORTEXA9_0_CPU_CLK_FREQ_HZ ? 100000000u : 100000000u;
}

int hal_uart_getc(uint32_t timeout_ms) {
    const uint64_t end = hal_time() + (uint64_t)timeout_ms * (COUNTS_PER_SECOND / 1000u);
    u8 c;
    while (XUartPs_Recv(&uart, &c, 1) == 0)
        if (hal_time() > end) return -1;
    return c;
}

void hal_uart_write(const uint8_t *p, uint32_t n) {
    uint32_t sent = 0;
    while (sent < n) sent += XUartPs_Send(&uart, (u8 *)p + sent, n - sent);
}

void hal_sw_done(int variant, int decrypt, uint32_t ad_len, uint32_t len) {
    (void)variant, (void)decrypt, (void)ad_len, (void)len;
}

uint32_t hal_stack_used(uint32_t *size) {
    *size = 0;
    return 0;
}
