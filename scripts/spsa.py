#!/usr/bin/env python3
"""SPSA tuning of the engine's search parameters by self-play.

Each iteration perturbs every tuned parameter at once by +-c_k (a random
sign per parameter), plays one opening with both colours between the
engine at theta+ and at theta- (`gomoku-match --games 2`), and moves
theta along the perturbation by r_k * c_k * (wins of theta+ minus wins of
theta-). The schedules are the usual ones (Spall; as Fishtest uses them):

    c_k = c / (k + 1) ** gamma,   a_k = a / (A + k + 1) ** alpha,
    r_k = a_k / c_k ** 2,

with c and a chosen so that at the last iteration c_k is the parameter's
step (`pbrain-gomoku --list-params`) and r_k is --r-end.

The state (iteration and theta) is a JSON file, so a run stops and goes on
across sessions; every iteration is appended to a CSV log. A tuned theta is
only a candidate: it lands after a self-play SPRT against the defaults and
partner runs (docs/strength.md).

Example, from the project root after a release build:

    scripts/spsa.py --engine target/release/pbrain-gomoku \\
        --match target/release/gomoku-match --iterations 5000 \\
        --turn-ms 100 --concurrency 2 --state spsa/state.json
"""

import argparse
import csv
import json
import os
import random
import subprocess
import sys
import tempfile

ALPHA = 0.602
GAMMA = 0.101


def list_params(engine):
    """The engine's tunables: name -> (default, min, max, step)."""
    out = subprocess.run([engine, "--list-params"], check=True,
                         capture_output=True, text=True).stdout
    table = {}
    for line in out.splitlines():
        name, default, lo, hi, step = line.split()
        table[name] = tuple(int(x) for x in (default, lo, hi, step))
    return table


def clamp_round(value, lo, hi):
    return max(lo, min(hi, int(round(value))))


def command(engine, table, theta):
    spec = ",".join(f"{n}={clamp_round(v, table[n][1], table[n][2])}"
                    for n, v in sorted(theta.items()))
    return f"{engine} --threads 1 --param {spec}"


def play_pair(args, plus, minus, seed, folder):
    """Starts one two-game match; returns the process."""
    cmd = [args.match, "--engine1", plus, "--engine2", minus,
           "--games", "2", "--turn-ms", str(args.turn_ms),
           "--openings", args.openings, "--seed", str(seed),
           "--memory-mb", "64", "--out", folder, "--quiet"]
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)


def pair_result(folder):
    """Wins of engine1 minus wins of engine2 in the folder's results."""
    with open(os.path.join(folder, "results.csv"), newline="") as f:
        rows = list(csv.DictReader(f))
    if len(rows) != 2:
        raise RuntimeError(f"{folder}: {len(rows)} games instead of 2")
    return sum((r["winner"] == "engine1") - (r["winner"] == "engine2")
               for r in rows)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--engine", required=True, help="pbrain-gomoku binary")
    p.add_argument("--match", required=True, help="gomoku-match binary")
    p.add_argument("--params", default="",
                   help="comma-separated names to tune (default: all)")
    p.add_argument("--iterations", type=int, required=True,
                   help="planned total iterations N (sets the schedules)")
    p.add_argument("--stop-after", type=int, default=0,
                   help="stop after this many iterations in this run")
    p.add_argument("--turn-ms", type=int, default=100,
                   help="time per move; below about 60 ms the engine's "
                        "fixed margins leave it almost no thinking time")
    p.add_argument("--openings", default="balanced")
    p.add_argument("--concurrency", type=int, default=1,
                   help="iterations played at once (at most the cores)")
    p.add_argument("--r-end", type=float, default=0.002,
                   help="learning rate at the last iteration")
    p.add_argument("--state", required=True, help="JSON state file")
    p.add_argument("--log", help="CSV log (default: STATE with .csv)")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()

    table = list_params(args.engine)
    names = [n for n in args.params.split(",") if n] or sorted(table)
    unknown = [n for n in names if n not in table]
    if unknown:
        sys.exit(f"spsa.py: unknown parameters {unknown}; "
                 f"the engine has {sorted(table)}")
    if os.path.exists(args.state):
        with open(args.state) as f:
            state = json.load(f)
        if sorted(state["theta"]) != sorted(names):
            sys.exit(f"spsa.py: {args.state} tunes {sorted(state['theta'])}")
    else:
        state = {"k": 0, "theta": {n: float(table[n][0]) for n in names}}
    log = args.log or os.path.splitext(args.state)[0] + ".csv"
    new_log = not os.path.exists(log)

    n_iter = args.iterations
    big_a = 0.1 * n_iter
    rng = random.Random(args.seed * 1_000_003 + state["k"])
    done_here = 0
    with open(log, "a", newline="") as logf:
        writer = csv.writer(logf)
        if new_log:
            writer.writerow(["k", "result"] + names)
        while state["k"] < n_iter and (args.stop_after == 0
                                       or done_here < args.stop_after):
            batch = []
            theta = state["theta"]
            for j in range(min(args.concurrency, n_iter - state["k"])):
                k = state["k"] + j
                plus, minus, flips, c_k = {}, {}, {}, {}
                for n in names:
                    step = table[n][3]
                    c = step * n_iter ** GAMMA
                    c_k[n] = c / (k + 1) ** GAMMA
                    flips[n] = rng.choice((-1, 1))
                    plus[n] = theta[n] + c_k[n] * flips[n]
                    minus[n] = theta[n] - c_k[n] * flips[n]
                folder = tempfile.mkdtemp(prefix="spsa-")
                proc = play_pair(args, command(args.engine, table, plus),
                                 command(args.engine, table, minus),
                                 args.seed * 100_000 + k, folder)
                batch.append((k, proc, folder, flips, c_k))
            for k, proc, folder, flips, c_k in batch:
                _, err = proc.communicate()
                if proc.returncode != 0:
                    sys.exit(f"spsa.py: match {k} failed: {err.strip()}")
                result = pair_result(folder)
                for n in names:
                    lo, hi, step = table[n][1], table[n][2], table[n][3]
                    a_end = args.r_end * step ** 2
                    a = a_end * (big_a + n_iter) ** ALPHA
                    a_k = a / (big_a + k + 1) ** ALPHA
                    r_k = a_k / c_k[n] ** 2
                    theta[n] += r_k * c_k[n] * result * flips[n]
                    theta[n] = max(lo, min(hi, theta[n]))
                writer.writerow([k, result] + [f"{theta[n]:.3f}" for n in names])
            logf.flush()
            state["k"] += len(batch)
            done_here += len(batch)
            tmp = args.state + ".tmp"
            with open(tmp, "w") as f:
                json.dump(state, f, indent=1, sort_keys=True)
            os.replace(tmp, args.state)
            for _, _, folder, _, _ in batch:
                for name in os.listdir(folder):
                    os.remove(os.path.join(folder, name))
                os.rmdir(folder)
    theta = state["theta"]
    print(f"after {state['k']} iterations:")
    for n in names:
        print(f"  {n:20} {theta[n]:9.2f}  (default {table[n][0]})")
    print("--param " + ",".join(
        f"{n}={clamp_round(theta[n], table[n][1], table[n][2])}" for n in names))


if __name__ == "__main__":
    main()
