"""The `grundy` command line the package's answers are compared with.

The binary is GRUNDY_BIN when that is set; otherwise the workspace's
release build, brought up to date with `cargo build --release -p
grundy-cli` (a no-op when it is; cargo honours CARGO_TARGET_DIR and says
where the binary is). Without cargo, the binary already built under
CARGO_TARGET_DIR (or the workspace's target/) is used. When there is no
binary to be had, every test that needs one fails, saying why: a missing
binary must never pass as a skipped comparison.
"""

import json
import os
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]

# The binary's path, or the reason there is none, found once per session.
_found = {}


def _find():
    given = os.environ.get("GRUNDY_BIN")
    if given:
        if not pathlib.Path(given).is_file():
            return None, f"GRUNDY_BIN={given} is not a file"
        return given, None
    cargo = shutil.which(os.environ.get("CARGO", "cargo"))
    if cargo is None:
        target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
        if not target.is_absolute():
            target = ROOT / target
        built = target / "release" / "grundy"
        if built.is_file():
            return str(built), None
        return None, (
            f"no grundy binary: GRUNDY_BIN is unset, cargo is not on PATH to build "
            f"one, and {built} does not exist"
        )
    run = subprocess.run(
        [cargo, "build", "--release", "-p", "grundy-cli", "--message-format=json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if run.returncode != 0:
        return None, (
            "`cargo build --release -p grundy-cli` failed (set GRUNDY_BIN to a built "
            f"grundy binary instead):\n{run.stderr[-4000:]}"
        )
    for line in run.stdout.splitlines():
        message = json.loads(line)
        if (
            message.get("reason") == "compiler-artifact"
            and message["target"]["name"] == "grundy"
            and message.get("executable")
        ):
            return message["executable"], None
    return None, "`cargo build --release -p grundy-cli` named no grundy executable"


def binary():
    """The path of the `grundy` binary; fails the calling test when there is none."""
    if not _found:
        _found["path"], _found["why"] = _find()
    if _found["path"] is None:
        pytest.fail(_found["why"], pytrace=False)
    return _found["path"]


def cli(*args):
    """The command line's stdout as JSON, or its error message."""
    run = subprocess.run([binary(), *args], capture_output=True, text=True, timeout=120)
    if run.returncode == 0:
        return json.loads(run.stdout)
    assert run.returncode == 2, run.stderr
    line = run.stderr.strip()
    assert line.startswith("error: "), line
    return line[len("error: ") :]


# How the package names the command line's flags in its messages: each
# flag by its Python keyword, a game's own option as a key of options=.
PYTHON_WORDS = [
    ("--max-memory; in Python, max_memory=", "max_memory="),
    ("--max-states: ", "max_states= "),
    ("--time-limit: ", "time_limit= "),
    ("--max-memory: ", "max_memory= "),
    ("--threads: ", "threads= "),
    ("--max-states", "max_states="),
    ("--time-limit", "time_limit="),
    ("--max-memory", "max_memory="),
    ("--max-heap: ", "max_heap= "),
    ("--max-heap ", "max_heap="),
    ("unknown option '--", "unknown option '"),
    ("missing option --set S ", "missing option options={'set': S} "),
    ("--set: ", "options['set']: "),
    ("--code: ", "options['code']: "),
    (" (common options: see `grundy --help`)", ""),
]


def in_python(message):
    """The command line's error MESSAGE in the words of the Python package
    (the flags named by keywords, a leading `-n` as `n=`), for comparing
    the two."""
    for flag, keyword in PYTHON_WORDS:
        message = message.replace(flag, keyword)
    if message.startswith("-n: "):
        message = "n= " + message[len("-n: ") :]
    return message


def play(args, lines):
    """The transcript of `grundy play ARGS` given LINES on stdin (it must succeed)."""
    run = subprocess.run(
        [binary(), "play", *args],
        input="".join(f"{line}\n" for line in lines),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""
    return run.stdout
