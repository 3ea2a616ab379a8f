#!/bin/sh
# Regenerates the waveform files made by other tools that tests/waveform/test_wavefiles.cpp reads (the
# committed files are what the tests use; nothing here runs at test time). Needs verilator (5.x)
# and GTKWave's fst2vcd/vcd2fst (Debian: apt-get install verilator gtkwave).
set -e
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
verilator --binary --trace -Wno-fatal --top-module top "$here/top.sv" -Mdir vcd -o sim >/dev/null
./vcd/sim >/dev/null
verilator --binary --trace-fst -DFST -Wno-fatal --top-module top "$here/top.sv" -Mdir fst -o sim >/dev/null
./fst/sim >/dev/null
fst2vcd verilator.fst >fst2vcd.vcd
vcd2fst verilator.vcd gtkwave.fst >/dev/null
cp verilator.vcd verilator.fst fst2vcd.vcd gtkwave.fst "$here/"
