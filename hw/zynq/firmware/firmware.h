/* The firmware: bytes in from the UART, frames handled (hw/zynq/PROTOCOL.md), responses out. The same
 * code runs on the Zynq's ARM (main_baremetal.c) and inside roundscope-board-sim (hw/zynq/sim). */
#ifndef RS_FIRMWARE_H
#define RS_FIRMWARE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RS_FIRMWARE_NAME "roundscope-fw 1.0"

/** Forgets the key, nonce, state and the last response. */
void fw_init(void);
/** One received byte; a 0x00 completes a frame, which is handled and answered at once. */
void fw_feed(uint8_t byte);
/** Reads and handles bytes forever. */
void fw_loop(void);

#ifdef __cplusplus
}
#endif

#endif
