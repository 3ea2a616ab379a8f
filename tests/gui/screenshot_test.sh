#!/usr/bin/env bash
# Starts the real RoundScope app under a virtual X server, lets it load a state and run an analysis,
# and checks the screenshot it saved: it exists, is large and has many colours.
# Usage: screenshot_test.sh ROUNDSCOPE OUT.png [app options...]
# SHOT_MIN=WxH (default 1200x800): the smallest screenshot accepted; SHOT_SAYS=TEXT: what the app must say
# it saved (the page and tab it shows).
set -euo pipefail
app=$1
out=$2
shift 2

if ! command -v xvfb-run >/dev/null 2>&1; then
  echo "SKIP: xvfb-run is not installed (apt-get install xvfb xauth); no screenshot taken"
  exit 77
fi

rm -f "$out"
# Keep the user's QSettings out of it, and use X11 even when CTest exports QT_QPA_PLATFORM=offscreen.
XDG_CONFIG_HOME=$(mktemp -d)
export XDG_CONFIG_HOME
trap 'rm -rf "$XDG_CONFIG_HOME"' EXIT
export QT_QPA_PLATFORM=xcb

said=$(timeout 150 xvfb-run -a -s "-screen 0 1920x1200x24" "$app" --screenshot "$out" "$@")
echo "$said"
if [ -n "${SHOT_SAYS:-}" ] && ! grep -qF -- "$SHOT_SAYS" <<<"$said"; then
  echo "FAIL: the app did not say it saved '$SHOT_SAYS'"
  exit 1
fi
min=${SHOT_MIN:-1200x800}
min_w=${min%x*}
min_h=${min#*x}

if [ ! -s "$out" ]; then
  echo "FAIL: no screenshot at $out"
  exit 1
fi
bytes=$(stat -c %s "$out")
if [ "$bytes" -lt 40000 ]; then
  echo "FAIL: $out is only $bytes bytes; the window looks empty"
  exit 1
fi
if command -v identify >/dev/null 2>&1; then
  read -r width height colours < <(identify -format '%w %h %k\n' "$out")
  echo "screenshot $out: ${width}x${height}, $colours colours, $bytes bytes"
  if [ "$width" -lt "$min_w" ] || [ "$height" -lt "$min_h" ]; then
    echo "FAIL: the screenshot is ${width}x${height}, smaller than the window"
    exit 1
  fi
  if [ "$colours" -lt 64 ]; then
    echo "FAIL: only $colours colours: the window did not draw a state and charts"
    exit 1
  fi
else
  echo "screenshot $out: $bytes bytes (ImageMagick's identify is missing: colours not checked)"
fi
