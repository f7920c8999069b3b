#!/usr/bin/env bash
# From nothing to the embedded network: generates the self-play games
# (seeded, node budgets: any machine makes the same files), exports their
# distinct positions, trains the network on the CPU with the pinned trainer
# and writes src/engine/eval/net.bin. Prints the FNV-1a the engine's
# NET_FNV must then say (src/engine/eval/nn/mod.rs).
#
#   bash scripts/nn/make-net.sh [WORK_DIR]
#
# WORK_DIR (default target/nn) keeps the games, the arrays and the Python
# environment; chunks already made are kept, so a stopped run goes on
# where it stopped. CHUNKS (default 17) sets how many chunks of games,
# JOBS (default 2) how many are played at once, EPOCHS (default 6) how
# many passes the training makes; the defaults make the committed network
# (1,044,626 distinct positions). Generation 1: chunks of 2,000 games at
# 4,000 nodes a move (about 5 minutes a chunk on one idle core of the
# team's 2-core machine; about 65,000 new distinct positions a chunk with
# the random plies). Training: about 18 s an epoch per 100,000 positions
# on two cores (18.5 minutes for the committed network).
set -euo pipefail
cd "$(dirname "$0")/../.."
work="${1:-target/nn}"
jobs="${JOBS:-2}"
chunks="${CHUNKS:-17}"
epochs="${EPOCHS:-6}"
mkdir -p "$work"

cargo build --release --no-default-features --bin gomoku-tune
tune="${CARGO_TARGET_DIR:-target}/release/gomoku-tune"

# Seed 501 was played with variety 60 and repeated two positions in five
# of its games' openings; seeds 502 and 503 allow 150 units of variety;
# from seed 504 on, four random moves follow each opening (redrawn while
# the position is lopsided): with 520 openings, chunks without them
# repeated 40% of their positions by the third.
chunk() {
    local seed=$1 variety=150 random=0
    [ "$seed" = 501 ] && variety=60
    [ "$seed" -ge 504 ] && random=4
    [ -f "$work/g1-$seed.gkt" ] && return 0
    "$tune" datagen --seed "$seed" --games 2000 --nodes 4000 --variety "$variety" \
        --random-plies "$random" --threads 1 --eval classical --out "$work/g1-$seed.tmp" \
        > "$work/g1-$seed.log"
    mv "$work/g1-$seed.tmp" "$work/g1-$seed.gkt"
}
export -f chunk
export work tune
seq 501 $((500 + chunks)) | xargs -P "$jobs" -I{} bash -c 'chunk {}'

"$tune" nn-export $(for s in $(seq 501 $((500 + chunks))); do printf -- '--data %s ' "$work/g1-$s.gkt"; done) \
    --out "$work/arrays"

if [ ! -x "$work/venv/bin/python" ]; then
    python3 -m venv "$work/venv"
    "$work/venv/bin/pip" install -q -r scripts/nn/requirements.txt
fi
"$work/venv/bin/python" scripts/nn/train.py --data "$work/arrays" \
    --out src/engine/eval/net.bin --version 1 --epochs "$epochs" --seed 1
