#!/usr/bin/env python3
"""Runs a pbrain engine and tells it a turn time of its own.

    scripts/turn-limit.py MS ENGINE [ARGS...]

Every `INFO timeout_turn N` from the manager reaches the engine as
`INFO timeout_turn MS`; everything else passes through unchanged, both
ways. `gomoku-match` gives every engine of a tournament the same turn
limit, and the ladder's top needs two kinds at once: a limit that never
binds the node-bounded levels (10 s) and the clock's own time for the
time-bound players (level 12 at 2.5 s, as the app gives Maximum; PentaZen
at 2 s). See docs/levels.md. The manager still enforces its own limit.
"""
import subprocess
import sys
import threading


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    ms = sys.argv[1].encode()
    engine = subprocess.Popen(sys.argv[2:], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, bufsize=0)

    def answers():
        # The engine's lines go out as they come: managers time the moves.
        for line in iter(engine.stdout.readline, b''):
            sys.stdout.buffer.write(line)
            sys.stdout.buffer.flush()

    threading.Thread(target=answers, daemon=True).start()
    for line in iter(sys.stdin.buffer.readline, b''):
        if line.upper().startswith(b'INFO TIMEOUT_TURN'):
            line = b'INFO timeout_turn ' + ms + b'\n'
        engine.stdin.write(line)
        engine.stdin.flush()
    engine.stdin.close()
    engine.wait()


if __name__ == '__main__':
    main()
