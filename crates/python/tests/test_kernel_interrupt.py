"""The notebook user's stop button, in a real Jupyter kernel
(jupyter_client and ipykernel, test requirements): Officers (octal 0.6)
started to 10**8 heaps with a checkpoint and a progress bar
(`progress=True`: tqdm, a test requirement, drawing on the kernel's
stderr), interrupted 3 s in by the kernel's interrupt (SIGINT to the
kernel), shows its progress meanwhile and raises KeyboardInterrupt well
before the work ends (counted in heaps on its bar, never in seconds:
bench/py_interrupt.py times it); the same call then resumes from the checkpoint and answers
what an uninterrupted run answers. (The comparison is made to 2*10**6
heaps: 10**8 takes many minutes.)"""

import queue
import re
import time

import jupyter_client

START = """
import grundy, time
started = time.monotonic()
try:
    grundy.seq("octal", 10**8, options={"code": "0.6"}, checkpoint=KEPT, progress=True)
    print("finished")
except KeyboardInterrupt:
    print("KeyboardInterrupt")
"""

RESUME = """
counts = []
resumed = grundy.seq("octal", N, options={"code": "0.6"}, checkpoint=KEPT,
                     progress=lambda done, total: counts.append(done))
fresh = grundy.seq("octal", N, options={"code": "0.6"})
# No progress at all: the checkpoint already held all N heaps.
print("resumed from", counts[0] if counts else N + 1, "equal", resumed.values.tolist() == fresh.values.tolist()
      and resumed.period == fresh.period)
"""


def run(client, code, timeout):
    """Runs `code` in the kernel: what it printed on stdout, and when each
    piece came (monotonic seconds of this process)."""
    msg_id = client.execute(code)
    printed = []
    end = time.monotonic() + timeout
    while True:
        left = end - time.monotonic()
        assert left > 0, f"no answer in {timeout} s; printed {printed}"
        try:
            msg = client.get_iopub_msg(timeout=left)
        except queue.Empty:
            continue
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        kind = msg["msg_type"]
        if kind == "stream" and msg["content"]["name"] == "stdout":
            printed.append((time.monotonic(), msg["content"]["text"]))
        elif kind == "error":
            raise AssertionError("\n".join(msg["content"]["traceback"]))
        elif kind == "status" and msg["content"]["execution_state"] == "idle":
            return printed


def test_the_stop_button_stops_officers_before_the_end_and_it_resumes(tmp_path):
    kept = tmp_path / "officers.ckpt"
    manager, client = jupyter_client.manager.start_new_kernel(kernel_name="python3")
    try:
        run(client, f"KEPT = {str(kept)!r}\nN = 2_000_000", 30)
        msg_id = client.execute(START)
        time.sleep(3.0)
        manager.interrupt_kernel()
        printed, bar = [], []
        while not printed:
            msg = client.get_iopub_msg(timeout=30)
            if msg["parent_header"].get("msg_id") != msg_id or msg["msg_type"] != "stream":
                continue
            text = msg["content"]["text"]
            if msg["content"]["name"] == "stdout":
                printed.append((time.monotonic(), text))
            else:
                bar.append(text)
        _, text = printed[0]
        assert text.strip() == "KeyboardInterrupt", text
        # The last count on the bar is well short of the 10**8 heaps.
        counts = [m for t in bar for m in re.findall(r"([0-9.]+)([kMG]?)/100M", t)]
        assert counts, bar
        number, scale = counts[-1]
        assert float(number) * {"": 1, "k": 1e3, "M": 1e6, "G": 1e9}[scale] < 5e7, bar[-3:]
        # The bar counted heaps while the call ran (a speed, not '?').
        assert [t for t in bar if re.search(r"[0-9.]+[kMG]?heap/s", t)], bar
        assert kept.stat().st_size > 0
        (_, said), *_ = run(client, RESUME, 120)
        words = said.split()
        assert words[0:2] == ["resumed", "from"] and int(words[2]) > 0, said
        assert words[-2:] == ["equal", "True"], said
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
