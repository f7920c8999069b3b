#!/usr/bin/env bash
# Makes docs/screenshot.png: the release app under a virtual X display
# (Xvfb), opened on a game record, with the pointer resting on the board.
# Needs xvfb, xdotool and imagemagick. Uses a throwaway HOME, so the
# player's own settings and saved game are neither read nor touched.
#
#   scripts/screenshot.sh [OUT.png]
set -euo pipefail

out=${1:-docs/screenshot.png}
display=:${DISPLAY_NUMBER:-97}
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'kill ${app_pid:-} ${xvfb_pid:-} 2>/dev/null || true; rm -rf "$work"' EXIT

cargo build --release --bin gomoku --manifest-path "$here/Cargo.toml"
bin="$here/target/release/gomoku"

mkdir -p "$work/home" "$work/run"
chmod 700 "$work/run"
# A game in progress: Black (the player) has just answered White's threat.
echo "h8i9j8i8i7j9h9h7k10g6j10h10" > "$work/game.txt"

Xvfb "$display" -screen 0 1024x768x24 -nolisten tcp &
xvfb_pid=$!
sleep 1

HOME="$work/home" XDG_RUNTIME_DIR="$work/run" DISPLAY="$display" \
    "$bin" "$work/game.txt" >"$work/app.log" 2>&1 &
app_pid=$!

DISPLAY="$display" xdotool search --sync --onlyvisible --name '^Gomoku$' >/dev/null
sleep 2
# Rest the pointer on the board so the stone preview shows.
DISPLAY="$display" xdotool mousemove 320 280
sleep 1
mkdir -p "$(dirname "$out")"
DISPLAY="$display" import -window root -crop 1000x720+0+0 +repage "$out"
echo "wrote $out"
