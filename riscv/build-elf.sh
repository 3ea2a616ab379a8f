#!/bin/sh
# Builds one RV32 image: build-elf.sh CC MARCH OUT.elf SRCDIR (used by riscv/CMakeLists.txt).
set -eu
cc="$1"; march="$2"; out="$3"; src="$4"
exec "$cc" -march="$march" -mabi=ilp32 --specs=picolibc.specs -nostartfiles -O2 -g -Wall -Wextra \
  -ffunction-sections -fno-builtin-printf -DRS_ISA="\"$march\"" -Wl,--no-warn-rwx-segments -T "$src/harness/link.ld" \
  "$src/harness/crt0.S" "$src/harness/platform.c" "$src/harness/main.c" \
  "$src/kernels/lea.c" "$src/kernels/lea_ctr.S" "$src/kernels/ghash.c" "$src/kernels/ascon.c" \
  "$src/kernels/skinny.c" -o "$out"
