#!/bin/sh
# GTKWave's side of the large-file figures (issue 32, "Large files"), headless under xvfb-run:
#   tests/bench/bigfst/measure_gtkwave.sh FILE.fst [SIGNAL...]
# Per run prints open_ms (gtkwave started until its -S script runs: file loaded, hierarchy built, window
# shown; includes GTKWave's own start-up, so run it on a tiny file too and subtract), add_ms per SIGNAL
# (gtkwave::addSignalsFromList of one signal, full GTKWave name) and maxrss_kib (/usr/bin/time -v).
# RUNS (default 3) runs; take medians.
set -eu
file=${1:?usage: measure_gtkwave.sh FILE.fst [SIGNAL...]}
shift
here=$(cd "$(dirname "$0")" && pwd)
GTK_SIGS="$*"
export GTK_SIGS
runs=${RUNS:-3}
tmp=$(mktemp -d)
i=1
while [ "$i" -le "$runs" ]; do
    xvfb-run -a sh -c 's=$(date +%s%3N); /usr/bin/time -v gtkwave --rcvar "splash_disable on" -S "$1" "$2" \
        >"$3/out" 2>"$3/err"; echo "start_ms $s" >>"$3/out"' sh "$here/gtkwave_add.tcl" "$file" "$tmp"
    awk -v run="$i" '/^start_ms/ {s = $2} /^script_start_ms/ {t = $2} /^add_ms/ {print "run " run ": " $0}
         /^facs/ {print "run " run ": " $0} END {print "run " run ": open_ms " t - s}' "$tmp/out"
    awk -v run="$i" '/Maximum resident/ {print "run " run ": maxrss_kib " $NF}' "$tmp/err"
    i=$((i + 1))
done
rm -rf "$tmp"
