"""The stubs (grundy.pyi, installed with py.typed) checked by mypy
--strict on a typed example, which is also run; and every function and
method of the module documented with an example."""

import inspect
import json
import os
import pathlib
import re
import subprocess
import sys

import grundy

EXAMPLE = pathlib.Path(__file__).resolve().parent / "typed" / "example.py"
ROOT = pathlib.Path(__file__).resolve().parents[3]
NOTEBOOKS = ROOT / "examples" / "notebooks"


def mypy_strict(path):
    """`mypy --strict` on `path`: (exit status, what it printed)."""
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", "/dev/null", str(path)],
        capture_output=True,
        text=True,
    )
    return run.returncode, run.stdout + run.stderr


def readme_python():
    """The Python blocks of README.md, as one program."""
    blocks = re.findall(r"^```python\n(.*?)^```", (ROOT / "README.md").read_text(), re.S | re.M)
    assert blocks, "README.md has no Python block"
    return "\n".join(blocks)


def test_mypy_strict_accepts_the_readmes_python(tmp_path):
    program = tmp_path / "readme.py"
    program.write_text(readme_python())
    status, said = mypy_strict(program)
    assert status == 0, said


def test_the_readmes_python_runs(tmp_path):
    """Run from the repository's root (it names examples/rules/), plots
    drawn off screen."""
    program = tmp_path / "readme.py"
    program.write_text(readme_python())
    env = dict(os.environ, MPLBACKEND="Agg")
    run = subprocess.run([sys.executable, str(program)], capture_output=True, text=True, timeout=300, cwd=ROOT, env=env)
    assert run.returncode == 0, run.stderr
    assert "71 12" in run.stdout


def test_mypy_strict_accepts_the_notebooks_code(tmp_path):
    notebooks = sorted(NOTEBOOKS.glob("*.ipynb"))
    assert len(notebooks) >= 3, notebooks
    for notebook in notebooks:
        cells = json.loads(notebook.read_text())["cells"]
        code = "\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        program = tmp_path / (notebook.stem.replace("-", "_") + ".py")
        program.write_text(code)
        status, said = mypy_strict(program)
        assert status == 0, f"{notebook.name}: {said}"


def test_the_stubs_are_installed_beside_the_module():
    package = pathlib.Path(grundy.__file__).resolve().parent
    assert (package / "py.typed").is_file()
    stubs = [p.name for p in package.glob("*.pyi")]
    assert stubs, f"no .pyi in {package}"


def test_mypy_strict_accepts_the_typed_example():
    # mypy is a test requirement (.ci/run installs it): when it is missing
    # the test fails, it does not skip.
    import mypy  # noqa: F401

    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", "/dev/null", str(EXAMPLE)],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_mypy_strict_rejects_a_misuse():
    """The stubs say something: a wrong call is an error."""
    bad = EXAMPLE.parent / "bad_example.py"
    bad.write_text('import grundy\nx: int = grundy.analyze("nim", "1").outcome\ngrundy.seq("nim", "10")\n')
    try:
        run = subprocess.run(
            [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--cache-dir", "/dev/null", str(bad)],
            capture_output=True,
            text=True,
        )
    finally:
        bad.unlink()
    assert run.returncode == 1, run.stdout + run.stderr
    assert "Incompatible types in assignment" in run.stdout
    assert 'Argument 2 to "seq" has incompatible type "str"' in run.stdout


def test_the_typed_example_runs():
    run = subprocess.run([sys.executable, str(EXAMPLE)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr


def test_every_function_and_method_has_a_docstring_with_an_example():
    missing = []
    for name, obj in vars(grundy).items():
        if name.startswith("_"):
            continue
        if inspect.isbuiltin(obj) or inspect.isfunction(obj):
            if "Example" not in (obj.__doc__ or ""):
                missing.append(name)
        elif inspect.isclass(obj):
            if "Example" not in (obj.__doc__ or ""):
                missing.append(name)
            for attr, member in vars(obj).items():
                if attr.startswith("_") or isinstance(member, (property,)) or not callable(member):
                    continue
                if "Example" not in (getattr(obj, attr).__doc__ or ""):
                    missing.append(f"{name}.{attr}")
    assert not missing, missing
