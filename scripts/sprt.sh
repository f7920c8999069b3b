#!/usr/bin/env bash
# Self-play SPRT between two revisions of this repository: builds each
# pbrain-gomoku in a git worktree, then runs gomoku-match's sequential test
# (NEW as engine 1) at a fast time control and then at a slower one.
#
#   scripts/sprt.sh OLD NEW [options]      e.g. scripts/sprt.sh main HEAD
#
#   --bounds SPEC     hypotheses (default elo0=0,elo1=5,alpha=0.05,beta=0.05)
#   --fast-ms MS      fast time per move (default 100)
#   --slow-ms MS      slow time per move (default 500; 0 skips the slow run)
#   --games N         most games per run (default 2000)
#   --concurrency N   games at once (default 2: both cores, one thread each)
#   --seed N          opening order (default: random, printed)
#   --out DIR         output folder (default sprt-out/<old>-<new>)
#
# Builds go to target/sprt (one shared target folder, so the second build
# reuses the first's dependencies); the worktrees are removed afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-2}"; }
[ $# -ge 2 ] || usage
case "$1" in -h|--help) usage 0;; esac
old=$1 new=$2; shift 2
bounds="elo0=0,elo1=5,alpha=0.05,beta=0.05" fast=100 slow=500 games=2000 concurrency=2 seed="" out=""
while [ $# -gt 0 ]; do
    case "$1" in
        --bounds) bounds=$2; shift 2;;
        --fast-ms) fast=$2; shift 2;;
        --slow-ms) slow=$2; shift 2;;
        --games) games=$2; shift 2;;
        --concurrency) concurrency=$2; shift 2;;
        --seed) seed=$2; shift 2;;
        --out) out=$2; shift 2;;
        -h|--help) usage 0;;
        *) echo "sprt.sh: unknown option '$1'" >&2; usage;;
    esac
done

root=$(pwd)
build_dir="$root/target/sprt"
mkdir -p "$build_dir/bin"
# Builds revision $1 and prints the path of its engine. Called as $(build …),
# so it runs in a subshell, whose exit removes the worktree.
build() {
    local sha tree bin
    sha=$(git rev-parse --short=10 "$1^{commit}") || { echo "sprt.sh: no revision '$1'" >&2; exit 2; }
    bin="$build_dir/bin/pbrain-$sha"
    if [ ! -x "$bin" ]; then
        tree=$(mktemp -d "${TMPDIR:-/tmp}/gomoku-sprt-$sha.XXXXXX")
        git worktree add --quiet --detach "$tree" "$sha" >&2
        # Expanded now: the trap runs when the subshell exits, after the
        # function's locals are gone (and `set -u` would stop on them).
        # shellcheck disable=SC2064
        trap "git -C '$root' worktree remove --force '$tree' 2>/dev/null || true" EXIT
        echo "building $1 ($sha)" >&2
        CARGO_TARGET_DIR="$build_dir" cargo build --quiet --release --no-default-features \
            --manifest-path "$tree/Cargo.toml" --bin pbrain-gomoku >&2
        cp "$build_dir/release/pbrain-gomoku" "$bin"
    fi
    echo "$bin"
}

old_bin=$(build "$old")
new_bin=$(build "$new")
cargo build --quiet --release --no-default-features --bin gomoku-match
out=${out:-sprt-out/$(basename "$old_bin" | sed 's/pbrain-//')-$(basename "$new_bin" | sed 's/pbrain-//')}

for ms in "$fast" "$slow"; do
    [ "$ms" -gt 0 ] || continue
    args=(--engine1 "$new_bin --threads 1" --engine2 "$old_bin --threads 1" --turn-ms "$ms"
          --sprt "$bounds" --games "$games" --concurrency "$concurrency" --out "$out/${ms}ms")
    [ -n "$seed" ] && args+=(--seed "$seed")
    echo "== $new vs $old at $ms ms/move, SPRT $bounds"
    target/release/gomoku-match "${args[@]}"
done
