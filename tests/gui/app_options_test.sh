#!/usr/bin/env bash
# The app's screenshot options: a value it does not know, or a screenshot it cannot take, is an error on
# stderr with a non-zero exit and no file written; never a screenshot of another page.
# Usage: app_options_test.sh ROUNDSCOPE WORKDIR
set -uo pipefail
app=$1
work=$2
mkdir -p "$work"
export QT_QPA_PLATFORM=offscreen
XDG_CONFIG_HOME=$(mktemp -d)
export XDG_CONFIG_HOME
trap 'rm -rf "$XDG_CONFIG_HOME"' EXIT
failures=0

# expect CODE MESSAGE ARGS...: exit status CODE, MESSAGE on stderr, no screenshot file.
expect() {
  local code=$1 message=$2
  shift 2
  local out="$work/shot.png"
  rm -f "$out"
  local err
  err=$(timeout 120 "$app" --screenshot "$out" "$@" 2>&1 >/dev/null)
  local got=$?
  if [ "$got" -ne "$code" ] || ! grep -qF -- "$message" <<<"$err" || [ -e "$out" ]; then
    echo "FAIL: roundscope $* -> exit $got (want $code), stderr: $err, file: $([ -e "$out" ] && echo written || echo none)"
    failures=$((failures + 1))
  else
    echo "ok: $* -> $code: $err"
  fi
}

expect 2 "--tab: 'wave' is not one of" --tab wave
expect 2 "--mode: 'diff' is not one of" --mode diff
expect 2 "--size: '1366*768' is not one of" --size '1366*768'
expect 2 "--size: '10x10' is not one of" --size 10x10
expect 2 "--step: 'x' is not one of" --step x
expect 2 "--samples: '-5' is not one of" --samples -5
expect 2 "--tab counter: the counter analysis is LEA-CTR's" --tab counter --alg ascon-128
expect 2 "--alg: unknown algorithm 'ascon-999'" --alg ascon-999
# The waveform page needs a capture: the permutation has no IP core, so no screenshot of another page.
expect 1 "--tab waves: ascon-p has no IP core to capture" --tab waves --alg ascon-p

[ "$failures" -eq 0 ] || exit 1
echo "app options: all refused as they should be"
