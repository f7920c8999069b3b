#!/usr/bin/env python3
"""Trains the neural evaluation (src/engine/eval/nn) on the arrays that
`gomoku-tune nn-export` writes, and writes the network file the engine
embeds (src/engine/eval/net.bin).

The model is the engine's, in floating point: per empty point, the table
rows of its four line codes summed and clipped to 0..1; the points summed
and divided by POOL; with both sides' threat flags, one hidden layer of
ReLU units and a logit of the side to move's winning chance. The target
mixes the game's result with the search score's win chance.

    python3 scripts/nn/train.py --data DIR --out src/engine/eval/net.bin

Games are split, not positions: every 20th game is held out, and its
positions give the held-out losses printed each epoch, beside those of the
classical evaluation and of the search score on the same positions.
"""

import argparse
import struct
import sys
import time
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np
import optax

CODES = 121          # line codes: own pattern x opponent pattern
FLAGS = 10           # threat flags, side to move's five then the opponent's
SCALE = 1493.0       # evaluation units per logit (WIN_CHANCE_SCALE)
SCORE_NONE = -32768
SCORE_WIN = 32767
MAX_TABLE = 15.9     # the engine's integer path holds |value| <= 15.9
MAGIC = b"GKNN1\n"


def load(folder: Path):
    info = dict(
        line.split(" ", 1)
        for line in (folder / "info.txt").read_text().splitlines()[:3]
    )
    n, v, w = int(info["positions"]), int(info["vocab"]), int(info["width"])
    vocab = np.fromfile(folder / "vocab.u8", dtype=np.uint8).reshape(v, 4)
    shapes = np.fromfile(folder / "shapes.u32", dtype=np.uint32).reshape(n, w)
    counts = np.fromfile(folder / "counts.u16", dtype=np.uint16).reshape(n, w)
    meta = np.fromfile(folder / "meta.i32", dtype=np.int32).reshape(n, 6)
    return vocab, shapes, counts, meta


def targets(meta, result_weight):
    result = (meta[:, 2].astype(np.float32) + 1.0) / 2.0
    score = meta[:, 3]
    chance = 1.0 / (1.0 + np.exp(-np.clip(score, -30000, 30000) / SCALE))
    chance = np.where(score == SCORE_WIN, 1.0, chance)
    chance = np.where(score == -SCORE_WIN, 0.0, chance)
    has_score = score != SCORE_NONE
    mixed = result_weight * result + (1.0 - result_weight) * chance
    return np.where(has_score, mixed, result).astype(np.float32)


def flag_bits(meta):
    f = meta[:, 4]
    bits = [(f >> b) & 1 for b in range(5)] + [(f >> (8 + b)) & 1 for b in range(5)]
    return np.stack(bits, axis=1).astype(np.float32)


def init(key, features, hidden):
    k1, k2, k3 = jax.random.split(key, 3)
    return {
        "table": 0.1 * jax.random.normal(k1, (CODES, features)),
        "w1": jax.random.normal(k2, (hidden, features + FLAGS)) / np.sqrt(features + FLAGS),
        "b1": jnp.zeros(hidden),
        "w2": jax.random.normal(k3, (hidden,)) / np.sqrt(hidden),
        "b2": jnp.zeros(()),
    }


def make_model(vocab, pool):
    vocab = jnp.asarray(vocab.astype(np.int32))

    def logits(params, shapes, counts, flags):
        # Every point shape's activation once, then each row's sum.
        phi = jnp.clip(params["table"][vocab].sum(axis=1), 0.0, 1.0)
        pooled = (phi[shapes] * counts[..., None]).sum(axis=1) / pool
        x = jnp.concatenate([pooled, flags], axis=1)
        h = jax.nn.relu(x @ params["w1"].T + params["b1"])
        return h @ params["w2"] + params["b2"]

    def loss(params, shapes, counts, flags, y):
        return optax.sigmoid_binary_cross_entropy(logits(params, shapes, counts, flags), y).mean()

    return logits, loss


def bce(logit, y):
    p = 1.0 / (1.0 + np.exp(-logit))
    p = np.clip(p, 1e-7, 1 - 1e-7)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def engine_grid(table):
    """The table on the engine's fixed-point grid (src/engine/eval/nn:
    the finest unit from 1/512 to 1/8192 at which two entries fit an
    i16), so that the engine's integer path computes what this float model
    computes: rounding left to the engine moved evaluations by up to 12
    units, since a hundred points of one shape repeat one entry's error."""
    largest = float(np.abs(table).max())
    quant = 512
    while quant < 8192 and 2.0 * largest * (2 * quant) <= 32000.0:
        quant *= 2
    return (np.round(table.astype(np.float64) * quant) / quant).astype(np.float32)


def write_net(path, params, features, hidden, pool, version):
    params = dict(params)
    params["table"] = engine_grid(np.asarray(params["table"], dtype=np.float32))
    table = params["table"]
    body = MAGIC + struct.pack("<IHHHH", version, features, hidden, CODES, FLAGS)
    body += struct.pack("<f", pool)
    for name in ("table", "w1", "b1", "w2"):
        body += np.asarray(params[name], dtype="<f4").tobytes()
    body += struct.pack("<f", float(params["b2"]))
    h = 0xCBF29CE484222325
    for b in body:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    data = body + struct.pack("<Q", h)
    Path(path).write_bytes(data)
    whole = 0xCBF29CE484222325
    for b in data:
        whole = ((whole ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    assert np.abs(table).max() <= MAX_TABLE
    return whole


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", required=True, type=Path, help="folder written by gomoku-tune nn-export")
    ap.add_argument("--out", required=True, type=Path, help="network file to write")
    ap.add_argument("--features", type=int, default=32)
    ap.add_argument("--hidden", type=int, default=32)
    ap.add_argument("--pool", type=float, default=64.0)
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--batch", type=int, default=1024)
    ap.add_argument("--lr", type=float, default=3e-3)
    ap.add_argument("--result-weight", type=float, default=0.5,
                    help="share of the game result in the target (the rest: the search score)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--version", type=int, default=1, help="generation number written into the file")
    ap.add_argument("--skip-plies", type=int, default=4, help="opening plies left out")
    args = ap.parse_args()

    start = time.time()
    vocab, shapes, counts, meta = load(args.data)
    keep = meta[:, 1] >= args.skip_plies
    vocab_size = vocab.shape[0]
    held = (meta[:, 0] % 20) == 0
    y = targets(meta, args.result_weight)
    flags = flag_bits(meta)
    train_idx = np.nonzero(keep & ~held)[0]
    test_idx = np.nonzero(keep & held)[0]
    print(f"{len(meta)} positions, {vocab_size} point shapes, width {shapes.shape[1]}; "
          f"training {len(train_idx)}, held out {len(test_idx)} "
          f"({len(np.unique(meta[held, 0]))} games)", flush=True)

    logits_fn, loss_fn = make_model(vocab, args.pool)
    params = init(jax.random.PRNGKey(args.seed), args.features, args.hidden)
    steps = args.epochs * (len(train_idx) // args.batch)
    schedule = optax.cosine_decay_schedule(args.lr, max(steps, 1), alpha=0.05)
    opt = optax.adam(schedule)
    state = opt.init(params)

    @jax.jit
    def step(params, state, s, c, f, t):
        value, grads = jax.value_and_grad(loss_fn)(params, s, c, f, t)
        updates, state = opt.update(grads, state, params)
        params = optax.apply_updates(params, updates)
        params["table"] = jnp.clip(params["table"], -MAX_TABLE, MAX_TABLE)
        return params, state, value

    predict = jax.jit(logits_fn)

    def evaluate(params, idx):
        out = []
        for i in range(0, len(idx), 8192):
            j = idx[i:i + 8192]
            out.append(np.asarray(predict(params, shapes[j].astype(np.int32),
                                          counts[j].astype(np.float32), flags[j])))
        return np.concatenate(out)

    yt = y[test_idx]
    classical = meta[test_idx, 5] / SCALE
    result_only = (meta[test_idx, 2] + 1.0) / 2.0
    print(f"held-out loss of the classical evaluation: {bce(classical, yt):.4f} "
          f"(against results alone: {bce(classical, result_only):.4f})", flush=True)
    rng = np.random.default_rng(args.seed)
    for epoch in range(args.epochs):
        order = rng.permutation(train_idx)
        total, n = 0.0, 0
        for i in range(0, len(order) - args.batch + 1, args.batch):
            j = np.sort(order[i:i + args.batch])
            params, state, value = step(params, state, shapes[j].astype(np.int32),
                                        counts[j].astype(np.float32), flags[j], y[j])
            total += float(value)
            n += 1
        pred = evaluate(params, test_idx)
        print(f"epoch {epoch + 1}: training loss {total / max(n, 1):.4f}, "
              f"held out {bce(pred, yt):.4f} (against results alone {bce(pred, result_only):.4f}), "
              f"{time.time() - start:.0f} s", flush=True)

    first = np.nonzero(meta[:, 0] == meta[0, 0])[0][:8]
    gridded = dict(params, table=jnp.asarray(engine_grid(np.asarray(params["table"]))))
    print(f"held-out loss on the engine's grid: {bce(evaluate(gridded, test_idx), yt):.4f}")
    print("first game's positions, evaluation units:",
          " ".join(str(int(round(v * SCALE))) for v in evaluate(gridded, first)))
    fnv = write_net(args.out, params, args.features, args.hidden, args.pool, args.version)
    print(f"wrote {args.out} (fnv1a of the file {fnv:#018x}: the engine's NET_FNV)")


if __name__ == "__main__":
    sys.exit(main())
