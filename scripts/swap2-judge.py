#!/usr/bin/env python3
"""How balanced are pbrain-gomoku's swap2 openings by another engine's judgement?

Asks our engine for swap2's first three stones (SWAP2BOARD on an empty
board, a fresh process each time, the manager's time for the move given
by --turn-ms), then asks a judge engine (any Gomocup brain that prints
`MESSAGE ... Eval N ...` lines, e.g. Rapfi built by ../shared/sparring.md)
to search each opening for --judge-ms and reads its last Eval, turned into
Black's score. Prints every opening and a summary by |score|.

    python3 scripts/swap2-judge.py --ours target/release/pbrain-gomoku \
        --judge /root/sparring/rapfi.sh --count 40

The judge is never shipped or committed; this script only talks to it.
"""

import argparse
import re
import statistics
import subprocess
import time

EVAL = re.compile(r"\bEval\s+(-?\d+)")


def run(cmd, lines, wait_s):
    """Runs an engine on `lines`, waits `wait_s`, sends END; its stdout lines."""
    proc = subprocess.Popen(
        cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    proc.stdin.write("".join(l + "\n" for l in lines))
    proc.stdin.flush()
    time.sleep(wait_s)
    try:
        proc.stdin.write("END\n")
        proc.stdin.flush()
    except BrokenPipeError:
        pass
    out, _ = proc.communicate(timeout=30)
    return out.splitlines()


def our_opening(ours, turn_ms):
    """Three stones from our SWAP2BOARD, and the seconds they took."""
    proc = subprocess.Popen(
        [ours], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    proc.stdin.write(f"START 15\nINFO rule 6\nINFO timeout_turn {turn_ms}\n")
    proc.stdin.flush()
    assert proc.stdout.readline().strip() == "OK"
    start = time.monotonic()
    proc.stdin.write("SWAP2BOARD\nDONE\n")
    proc.stdin.flush()
    while True:
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError("our engine ended without an answer")
        line = line.strip()
        if line.startswith(("MESSAGE", "DEBUG")):
            continue
        took = time.monotonic() - start
        proc.stdin.write("END\n")
        proc.stdin.flush()
        proc.wait(timeout=10)
        stones = [tuple(int(v) for v in t.split(",")) for t in line.split()]
        if len(stones) != 3:
            raise RuntimeError(f"not three stones: {line!r}")
        return stones, took


def judge_black(judge, stones, judge_ms):
    """The judge's score for Black of the three stones (White to move)."""
    # BOARD fields are the mover's view: 1 its own (White's), 2 the opponent's.
    fields = [f"{x},{y},{2 if i % 2 == 0 else 1}" for i, (x, y) in enumerate(stones)]
    lines = run(
        [judge],
        ["START 15", f"INFO timeout_turn {judge_ms}", "INFO thread_num 1", "BOARD", *fields, "DONE"],
        judge_ms / 1000 + 1.5,
    )
    evals = [int(m.group(1)) for l in lines if (m := EVAL.search(l))]
    if not evals:
        raise RuntimeError("the judge printed no Eval")
    return -evals[-1]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ours", required=True, help="our pbrain-gomoku")
    ap.add_argument("--judge", required=True, help="the judging engine")
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--turn-ms", type=int, default=5000, help="manager's time for our answer")
    ap.add_argument("--judge-ms", type=int, default=1000)
    args = ap.parse_args()
    scores, times = [], []
    for i in range(args.count):
        stones, took = our_opening(args.ours, args.turn_ms)
        score = judge_black(args.judge, stones, args.judge_ms)
        scores.append(score)
        times.append(took)
        names = " ".join(f"{chr(ord('a') + x)}{15 - y}" for x, y in stones)
        print(f"{i + 1:3} {names:14} ours {took:4.1f} s  judge (Black) {score:+6}", flush=True)
    a = [abs(s) for s in scores]
    n = len(a)
    print(
        f"\n{n} openings: |score| within 150: {sum(v <= 150 for v in a)}, "
        f"within 300: {sum(v <= 300 for v in a)}, over 600: {sum(v > 600 for v in a)}; "
        f"median |score| {statistics.median(a)}, mean score {statistics.mean(scores):+.0f}; "
        f"our time median {statistics.median(times):.1f} s, longest {max(times):.1f} s"
    )


if __name__ == "__main__":
    main()
