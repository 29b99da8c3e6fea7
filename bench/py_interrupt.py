"""Seconds from SIGINT to KeyboardInterrupt in a long Python call.

    python3 bench/py_interrupt.py N DELAY REPEATS [CODE]

Runs `grundy.seq("octal", N, options={"code": CODE})` (default 0.6,
Officers) REPEATS times, each interrupted by SIGINT sent to this process
DELAY seconds in (from another thread, as the kernel of a notebook gets
its stop button), with a checkpoint kept in a temporary file; prints each
time from the signal to the KeyboardInterrupt, then the median and the
largest. Needs the package installed (maturin build, pip install)."""

import os
import signal
import statistics
import sys
import tempfile
import threading
import time

import grundy


def once(n, delay, code, kept):
    sent = []

    def send():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(delay, send)
    timer.start()
    try:
        grundy.seq("octal", n, options={"code": code}, checkpoint=kept)
    except KeyboardInterrupt:
        caught = time.monotonic()
    else:
        sys.exit(f"seq to {n} ended before the signal at {delay} s: give a larger N")
    finally:
        timer.cancel()
    return caught - sent[0]


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    n, delay, repeats = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
    code = sys.argv[4] if len(sys.argv) == 5 else "0.6"
    times = []
    with tempfile.TemporaryDirectory() as d:
        for i in range(repeats):
            kept = os.path.join(d, f"run{i}.ckpt")
            t = once(n, delay, code, kept)
            times.append(t)
            print(f"run {i + 1}: {t:.3f} s", flush=True)
    print(f"median {statistics.median(times):.3f} s, max {max(times):.3f} s")


if __name__ == "__main__":
    main()
