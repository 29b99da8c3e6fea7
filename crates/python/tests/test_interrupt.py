"""Long calls in a notebook: SIGINT (the stop button) raises
KeyboardInterrupt before the work ends (counted in work done, never in
seconds: bench/py_interrupt.py times it), the checkpoint kept for the same call
to resume from; `progress=` shows the counts of the work (a function of
(done, total), or a tqdm bar)."""

import os
import signal
import sys
import threading
import time

import pytest

import grundy

@pytest.fixture(autouse=True)
def python_handles_sigint():
    """Python's own SIGINT handler for each test, whatever this process
    inherited: one started in the background by a shell without job
    control (`(pytest &)` in a script) begins with SIGINT ignored, and
    then every call below would run to its end instead of stopping."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


# Officers: its values to 10**8 take many minutes, so every interrupt
# below lands while it runs.
OFFICERS = {"code": "0.6"}
LONG = 10**8


def interrupted_after(delay, call):
    """Sends this process SIGINT `delay` seconds into `call()`, which
    must raise KeyboardInterrupt."""
    sent = []

    def send():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(delay, send)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
    finally:
        timer.cancel()
    assert sent, "the call ended before the signal was sent"


def test_sigint_stops_a_long_seq_keeping_its_checkpoint(tmp_path):
    kept = tmp_path / "officers.ckpt"
    done = []
    interrupted_after(
        1.0, lambda: grundy.seq("octal", LONG, options=OFFICERS, checkpoint=kept, progress=lambda d, t: done.append(d))
    )
    assert done and done[-1] < LONG // 2, done[-3:]
    assert kept.stat().st_size > 0
    # The same call resumes from it and answers what a run without a
    # checkpoint answers.
    n = 300_000
    resumed = grundy.seq("octal", n, options=OFFICERS, checkpoint=kept)
    fresh = grundy.seq("octal", n, options=OFFICERS)
    assert resumed.values.tolist() == fresh.values.tolist()
    assert resumed.period == fresh.period


def test_a_checkpoint_is_resumed_where_it_stopped(tmp_path):
    kept = tmp_path / "officers.ckpt"
    before = []
    interrupted_after(
        0.5, lambda: grundy.Game("octal", OFFICERS).seq(LONG, checkpoint=kept, progress=lambda d, t: before.append(d))
    )
    # Asked for more heaps than were kept, the call starts from them.
    counts = []
    grundy.seq("octal", 1_500_000, options=OFFICERS, checkpoint=kept, progress=lambda d, t: counts.append(d))
    assert before and before[-1] < LONG // 2, before[-3:]
    assert counts[0] >= before[-1], (before[-3:], counts[:3])


def test_sigint_stops_a_quotient_which_resumes_from_its_checkpoint(tmp_path):
    kept = tmp_path / "quotient.ckpt"
    # 0.07's quotient to heap 28: a second of work or more.
    code = {"code": "0.07"}
    before = []
    interrupted_after(
        0.2, lambda: grundy.quotient("octal", 28, options=code, checkpoint=kept, progress=lambda d, t: before.append(d))
    )
    assert before and before[-1] < 28, before
    counts = []
    resumed = grundy.quotient("octal", 28, options=code, checkpoint=kept, progress=lambda d, t: counts.append(d))
    # It starts where the interrupted call got to.
    assert before and counts[0] >= before[-1], (before, counts)
    assert resumed.to_dict() == grundy.quotient("octal", 28, options=code).to_dict()


def test_sigint_stops_a_search_of_a_game_defined_in_python():
    def moves(n):
        return [n - k for k in (1, 2, 5) if k <= n] + [(a, n - 2 - a) for a in range(1, (n - 2) // 2 + 1)]

    g = grundy.Game(moves=moves, components=lambda p: list(p) if isinstance(p, tuple) else [p])
    done = []
    interrupted_after(0.5, lambda: g.seq(10**6, time_limit=600, progress=lambda d, t: done.append(d)))
    assert not done or done[-1] < 10**6 // 2, done[-3:]
    # The game still answers afterwards.
    assert g.analyze(3).outcome in ("N", "P")


def test_sigint_stops_a_callable_looping_in_python_code():
    # The stop reaches into the game's own Python code: a callable busy
    # for hours ends at once, not when it returns.
    spins = [0]
    SPINS = 10**10

    def moves(n):
        if n == 5:
            while spins[0] < SPINS:
                spins[0] += 1
        return [n - k for k in (1, 2) if k <= n]

    g = grundy.Game(moves=moves)
    interrupted_after(0.5, lambda: g.seq(10, time_limit=600))
    assert 0 < spins[0] < SPINS // 2, spins
    # Nothing is left pending: the game answers (heap 5 looped above; 4
    # does not).
    assert g.analyze(4).outcome == "N"


def test_sigint_stops_a_long_analysis():
    # analyze has no progress= to count its work: the call raising
    # KeyboardInterrupt, not returning an Analysis, is what is checked.
    interrupted_after(
        0.5,
        lambda: grundy.analyze("treblecross", "." * 28, misere=True, max_states=10**9, time_limit=600),
    )


def test_sigint_stops_a_survey_keeping_the_finished_codes(tmp_path):
    kept = tmp_path / "survey.ckpt"
    # Kayles' line is done at once, Officers' takes a second or more.
    codes, n = "0.77,0.6", 400_000
    before = []
    interrupted_after(
        0.5, lambda: grundy.survey(codes, n=n, threads=1, checkpoint=kept, progress=lambda d, t: before.append(d))
    )
    assert not before or before[-1] < 2, before
    counts = []
    resumed = grundy.survey(codes, n=n, threads=1, checkpoint=kept, progress=lambda d, t: counts.append((d, t)))
    assert counts[0] == (1, 2), counts
    fresh = grundy.survey(codes, n=n, threads=1)
    for line in resumed + fresh:
        line.pop("seconds")
    assert resumed == fresh


def test_a_signal_handler_that_raises_nothing_lets_the_call_finish():
    seen = []
    old = signal.signal(signal.SIGINT, lambda *_: seen.append(1))
    try:
        timer = threading.Timer(0.2, lambda: os.kill(os.getpid(), signal.SIGINT))
        timer.start()
        s = grundy.seq("octal", 400_000, options=OFFICERS)
        timer.join()
    finally:
        signal.signal(signal.SIGINT, old)
    assert seen == [1]
    assert s.n == 400_000


def test_a_forked_child_answers_after_its_parent_did():
    # The worker thread of the parent's calls is not in a child made by
    # fork (multiprocessing's default on Linux): the child makes its own.
    grundy.analyze("nim", "1 2")
    pid = os.fork()
    if pid == 0:
        ok = grundy.analyze("nim", "3 4 5").value == 2 and grundy.seq("kayles", 100).n == 100
        os._exit(0 if ok else 1)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            assert os.waitstatus_to_exitcode(status) == 0
            return
        time.sleep(0.05)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    raise AssertionError("the forked child did not answer in 60 s")


def test_a_call_inside_progress_runs_on_a_worker_of_its_own():
    # progress= runs on the calling thread while its worker is busy.
    inner = []

    def show(done, total):
        if not inner:
            inner.append(grundy.analyze("nim", "3 4 5").value)

    grundy.seq("octal", 300_000, options=OFFICERS, progress=show)
    assert inner == [2]


def test_progress_gets_increasing_counts_ending_at_the_total():
    counts = []
    n = 400_000
    grundy.seq("octal", n, options=OFFICERS, progress=lambda done, total: counts.append((done, total)))
    assert len(counts) >= 2, counts
    assert {t for _, t in counts} == {n + 1}
    done = [d for d, _ in counts]
    assert done == sorted(done) and len(set(done)) == len(done)
    assert counts[-1] == (n + 1, n + 1)


def test_progress_of_a_quotient_a_survey_and_a_game_defined_in_python():
    heaps = []
    grundy.quotient("kayles", 120, progress=lambda d, t: heaps.append((d, t)))
    assert heaps[-1] == (120, 120)
    codes = []
    grundy.survey("0.7x", n=2000, progress=lambda d, t: codes.append((d, t)))
    assert codes[-1] == (8, 8)
    own = []
    g = grundy.Game(moves=lambda n: [n - k for k in (1, 3, 4) if k <= n])
    g.seq(500, progress=lambda d, t: own.append((d, t)))
    assert own[-1] == (501, 501)


def test_progress_true_draws_a_tqdm_bar(capsys):
    # tqdm is a test requirement (.ci/run installs it).
    grundy.seq("octal", 200_000, options=OFFICERS, progress=True)
    assert "200k/200k" in capsys.readouterr().err


def test_progress_true_without_tqdm_is_an_input_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm", None)
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    with pytest.raises(grundy.InputError, match="tqdm is not installed"):
        grundy.seq("kayles", 100, progress=True)


def test_a_progress_function_that_raises_ends_the_call():
    seen = []

    def fail(done, total):
        seen.append(done)
        raise RuntimeError(f"seen {done} of {total}")

    with pytest.raises(RuntimeError, match="seen"):
        grundy.seq("octal", LONG, options=OFFICERS, progress=fail)
    # Called once, well short of the total: no work went on after it.
    assert len(seen) == 1 and seen[0] < LONG // 2, seen[-3:]


def test_bad_progress_and_checkpoint_arguments_are_named():
    with pytest.raises(TypeError, match="progress="):
        grundy.seq("kayles", 10, progress="yes")
    with pytest.raises(grundy.InputError, match="checkpoint= the file name is empty"):
        grundy.seq("kayles", 10, checkpoint="")
    with pytest.raises(TypeError, match="checkpoint="):
        grundy.seq("kayles", 10, checkpoint=3)
    with pytest.raises(grundy.InputError, match="checkpoint"):
        grundy.Game(moves=lambda n: [n - 1] if n else []).seq(10, checkpoint="x.ckpt")
