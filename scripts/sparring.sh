#!/usr/bin/env bash
# Plays our engine against a sparring partner (any Gomocup engine binary, for
# example PentaZen or Rapfi built by ../shared/sparring.md) and writes the
# games and a one-line summary. The partner is never part of this repository.
#
#   scripts/sparring.sh OPPONENT [options]
#
#   OPPONENT          an engine's path, or `pentazen` / `rapfi` for the builds
#                     of ../shared/sparring.md under $SPARRING (default
#                     ~/sparring); Rapfi is started from its own folder, where
#                     it reads config.toml
#
#   --engine PATH     our pbrain-gomoku build (default: build this checkout)
#   --turn-ms MS      time per move (default 200)
#   --games N         fixed number of games (default 100); with --sprt, the cap
#   --sprt SPEC       run a sequential test instead, e.g. elo0=-10,elo1=10
#   --concurrency N   games at once (default 2: both cores, one thread each)
#   --openings SET    balanced | wide | smoke | none | FILE (default balanced)
#   --seed N          opening order (default: random, printed)
#   --out DIR         output folder (default sparring-out/<time>-<ms>ms)
#   --fresh-process   start both engines afresh for every game, as a Gomocup
#                     manager does (default: each keeps its process)
#
# Each engine gets one thread. The summary line is printed last and saved,
# with the report, as DIR/summary.txt; games are DIR/game-NNNN.psq and
# DIR/games.txt (position strings).
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,26p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-2}"; }
[ $# -ge 1 ] || usage
case "$1" in -h|--help) usage 0;; esac
opponent=$1; shift
sparring=${SPARRING:-$HOME/sparring}
case "$opponent" in
    pentazen) opponent=$sparring/pentazen/pbrain-pentazen;;
    rapfi)
        # Rapfi finds its configuration in the working folder: a wrapper
        # starts it there (gomoku-match runs one command line).
        [ -x "$sparring/rapfi/pbrain-rapfi" ] || { echo "sparring.sh: no Rapfi build in $sparring/rapfi" >&2; exit 2; }
        wrapper=$(mktemp "${TMPDIR:-/tmp}/rapfi.XXXXXX")
        printf '#!/bin/sh\ncd "%s" && exec ./pbrain-rapfi "$@"\n' "$sparring/rapfi" > "$wrapper"
        chmod +x "$wrapper"
        trap 'rm -f "$wrapper"' EXIT
        opponent=$wrapper;;
esac
[ -x "$opponent" ] || { echo "sparring.sh: '$opponent' is not an executable engine" >&2; exit 2; }

engine="" turn_ms=200 games=100 sprt="" concurrency=2 openings=balanced seed="" out="" fresh=""
while [ $# -gt 0 ]; do
    case "$1" in
        --engine) engine=$2; shift 2;;
        --turn-ms) turn_ms=$2; shift 2;;
        --games) games=$2; shift 2;;
        --sprt) sprt=$2; shift 2;;
        --concurrency) concurrency=$2; shift 2;;
        --openings) openings=$2; shift 2;;
        --seed) seed=$2; shift 2;;
        --out) out=$2; shift 2;;
        --fresh-process) fresh=1; shift;;
        -h|--help) usage 0;;
        *) echo "sparring.sh: unknown option '$1'" >&2; usage;;
    esac
done

cargo build --quiet --release --no-default-features --bin gomoku-match --bin pbrain-gomoku
if [ -z "$engine" ]; then
    engine=${CARGO_TARGET_DIR:-target}/release/pbrain-gomoku
fi
[ -x "$engine" ] || { echo "sparring.sh: '$engine' is not executable" >&2; exit 2; }
out=${out:-sparring-out/$(date +%Y%m%d-%H%M%S)-${turn_ms}ms}

args=(--engine1 "$engine --threads 1" --engine2 "$opponent" --turn-ms "$turn_ms"
      --games "$games" --concurrency "$concurrency" --openings "$openings" --out "$out")
[ -n "$sprt" ] && args+=(--sprt "$sprt")
[ -n "$seed" ] && args+=(--seed "$seed")
[ -n "$fresh" ] && args+=(--fresh-process)
"${CARGO_TARGET_DIR:-target}/release/gomoku-match" "${args[@]}"
