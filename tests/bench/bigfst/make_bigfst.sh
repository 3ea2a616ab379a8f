#!/bin/sh
# Writes a large FST through Verilator's own FST tracing, for measuring the waveform viewer against
# GTKWave (issue 32, "Large files"). Not built by CMake or CI: run by hand.
#   tests/bench/bigfst/make_bigfst.sh OUT.fst [NCELL] [MIN_BYTES] [MAX_CYCLES]
# NCELL bigcell instances (default 1000) carry 102 traced signals each, plus clk, seed and the generate
# blocks' parameters that Verilator traces too (1000 -> 205 003 FST variables, 104 072 distinct signals);
# the simulation runs until OUT.fst holds MIN_BYTES (default 1 GiB + 5 %) or MAX_CYCLES (default 10^7).
# Builds in $BIGFST_BUILD (default /tmp/bigfst/build-NCELL) with -O0 and --output-split, as the design's
# generated C++ is large (155 MB for 1000 cells: 52 min on a busy 2-core machine; the run then takes 5 min).
set -eu
out=${1:?usage: make_bigfst.sh OUT.fst [NCELL] [MIN_BYTES] [MAX_CYCLES]}
ncell=${2:-1000}
minbytes=${3:-1127428915}
maxcycles=${4:-10000000}
here=$(cd "$(dirname "$0")" && pwd)
build=${BIGFST_BUILD:-/tmp/bigfst/build-$ncell}
mkdir -p "$build"
jobs=$(nproc)
verilator --cc --exe --build --trace-fst --trace-threads 1 -O0 --output-split 20000 \
    --output-split-cfuncs 2000 --output-split-ctrace 2000 -Wno-WIDTH \
    -CFLAGS -std=c++17 -MAKEFLAGS OPT_FAST=-O0 -MAKEFLAGS OPT_SLOW=-O0 -MAKEFLAGS OPT_GLOBAL=-O1 -j "$jobs" -GNCELL="$ncell" \
    --top-module bigtop --Mdir "$build" -o bigfst "$here/bigtop.sv" "$here/main.cpp"
rm -f "$out"
"$build/bigfst" "$out" "$maxcycles" "$minbytes"
ls -l "$out"
