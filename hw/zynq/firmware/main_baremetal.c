/* The firmware's entry on the Zynq PS (arm-none-eabi build and Vitis alike): set the board up, then serve
 * the protocol on the UART forever. */
#include "firmware.h"

void hal_board_init(void);

int main(void) {
    hal_board_init();
    fw_init();
    fw_loop();
    return 0;
}
