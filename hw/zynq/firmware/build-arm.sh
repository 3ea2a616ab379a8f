#!/bin/sh
# Builds the firmware for the Zynq-7020's Cortex-A9 with arm-none-eabi-gcc and picolibc (used by
# hw/CMakeLists.txt): build-arm.sh CC OUT.elf SRCDIR [VARIANT]
# VARIANT: full (both paths, the default), sw (the software Ascon only), ip (the IP driver only), none
# (neither: the protocol harness alone, the baseline subtracted from both), ip-ram (the IP driver over a
# RAM stand-in for the IP, to measure its stack under QEMU). All share the same flags and harness.
set -eu
cc="$1"; out="$2"; src="$3"; variant="${4:-full}"
case "$variant" in
  full) defs="" ;;
  sw) defs="-DRS_FW_IP=0" ;;
  ip) defs="-DRS_FW_SW=0" ;;
  none) defs="-DRS_FW_SW=0 -DRS_FW_IP=0" ;;
  ip-ram) defs="-DRS_FW_SW=0 -DRS_IP_IN_RAM" ;;
  *) echo "build-arm.sh: unknown variant $variant" >&2; exit 2 ;;
esac
# shellcheck disable=SC2086 # defs is a list of flags
exec "$cc" -mcpu=cortex-a9 -marm -mfloat-abi=soft -mno-unaligned-access --specs=picolibc.specs -nostartfiles \
  -O2 -g -Wall -Wextra -ffunction-sections -Wl,--gc-sections -Wl,--no-warn-rwx-segments $defs -T "$src/zynq.ld" \
  "$src/startup_a9.S" "$src/main_baremetal.c" "$src/hal_mmio.c" "$src/firmware.c" "$src/protocol.c" \
  "$src/ascon_sw.c" "$src/ascon_ip.c" -o "$out"
