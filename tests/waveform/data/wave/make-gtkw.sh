#!/bin/sh
# Regenerates gtkwave-made.gtkw, the GTKWave save file that tests/waveform/test_gtkw.cpp reads: GTKWave
# 3.3.118 itself (Debian's gtkwave package, headless under xvfb-run) opens verilator.vcd, runs the Tcl
# script make-gtkw.tcl (six signals, binary / signed decimal / decimal formats, a group "regs", zoom -4,
# the primary marker at 50000, named markers A "first" at 20000 and B at 120000, the window at 10000)
# and writes the save file. Nothing here runs at test time: the committed file is what the test reads.
set -e
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
rm -f gtkwave-made.gtkw
timeout 120 xvfb-run -a gtkwave -S make-gtkw.tcl verilator.vcd
test -s gtkwave-made.gtkw
