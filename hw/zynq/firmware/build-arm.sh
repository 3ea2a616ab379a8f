#!/bin/sh
# Builds the firmware for the Zynq-7020's Cortex-A9 with arm-none-eabi-gcc and picolibc (used by
# hw/CMakeLists.txt): build-arm.sh CC OUT.elf SRCDIR
set -eu
cc="$1"; out="$2"; src="$3"
exec "$cc" -mcpu=cortex-a9 -marm -mfloat-abi=soft -mno-unaligned-access --specs=picolibc.specs -nostartfiles \
  -O2 -g -Wall -Wextra -ffunction-sections -Wl,--gc-sections -Wl,--no-warn-rwx-segments -T "$src/zynq.ld" \
  "$src/startup_a9.S" "$src/main_baremetal.c" "$src/hal_mmio.c" "$src/firmware.c" "$src/protocol.c" \
  "$src/ascon_sw.c" "$src/ascon_ip.c" -o "$out"
