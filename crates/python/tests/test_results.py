"""The typed answers: attributes, to_dict() equal to the command line's
JSON, the old dict reading, repr and the notebook's HTML, numpy values."""

import doctest
import inspect
import os
import pathlib

import numpy
import pytest

import grundy
from command_line import binary, cli

ROOT = pathlib.Path(__file__).resolve().parents[3]


def test_an_analysis_has_typed_attributes_and_the_json_dict():
    a = grundy.analyze("nim", "3 4 5")
    assert isinstance(a, grundy.Analysis)
    assert (a.game, a.position, a.play, a.outcome, a.value) == ("nim", "3 4 5", "normal", "N", 2)
    assert a.winning_move_count == 1
    assert a.winning_moves == [{"move": "heap 1: 3 -> 1", "to": "1 4 5"}]
    assert [c["value"] for c in a.components] == [3, 4, 5]
    assert a.genus is None and a.loopy_value is None and a.explanation is None
    assert a.drawing_moves == [] and a.drawing_move_count is None
    theirs = cli("analyze", "nim", "3", "4", "5", "--json")
    assert a.to_dict() == theirs and type(a.to_dict()) is dict
    assert list(a.keys()) == list(theirs)
    # Read as the dict of earlier versions.
    assert a == theirs and a["outcome"] == "N" and "genus" not in a
    assert a.get("genus", "none") == "none"
    with pytest.raises(KeyError):
        a["genus"]
    # Changing what was handed out changes nothing.
    a.winning_moves.clear()
    a["components"].clear()
    a.to_dict()["winning_moves"].clear()
    assert a.to_dict() == theirs
    assert a == grundy.analyze("nim", "3 4 5") and a != grundy.analyze("nim", "3 4 6")
    assert a.text() == __import__("subprocess").run(
        [__import__("command_line").binary(), "analyze", "nim", "3", "4", "5"], capture_output=True, text=True
    ).stdout


def test_misere_loopy_and_explained_analyses():
    k = grundy.analyze("kayles", "5", misere=True)
    assert k.genus == {"normal": 4, "misere": [1, 4, 6]} and k.value is None
    e = grundy.analyze("nim", "3 4 5", explain=True)
    assert e.explanation["nim_sum"]["value"] == 2
    assert e.to_dict() == cli("analyze", "--explain", "nim", "3", "4", "5", "--json")
    assert "Their nim-sum" in e.text()
    d = grundy.analyze("graph", "a", options={"edges": "a-b,b-a,b-c"})
    theirs = cli("analyze", "graph", "--edges", "a-b,b-a,b-c", "a", "--json")
    assert d == theirs and d.outcome == theirs["outcome"]


def test_outcome_only_and_max_moves():
    a = grundy.analyze("kayles", "4333331", outcome_only=True)
    assert a.to_dict() == cli("analyze", "kayles", "4333331", "--outcome-only", "--json")
    assert a.winning_moves == [] and a.winning_move_count is None
    b = grundy.analyze("nim", "5 9 12", max_moves=1)
    assert b.to_dict() == cli("analyze", "nim", "5", "9", "12", "--max-moves", "1", "--json")
    with pytest.raises(grundy.InputError, match="outcome_only"):
        grundy.analyze("nim", "1", outcome_only=True, max_moves=1)


def test_repr_and_html_of_an_analysis():
    a = grundy.analyze("nim", "3 4 5")
    assert repr(a) == "Analysis(game='nim', position='3 4 5', play='normal', outcome='N', value=2, winning_moves=1)"
    html = a._repr_html_()
    assert "<table>" in html and "heap 1: 3 -&gt; 1" in html and "1 winning move:" in html
    assert "<script" not in grundy.analyze("nim", "1")._repr_html_()


def cli_text(*args):
    """What the command line prints for `args` (which must succeed)."""
    import subprocess

    run = subprocess.run([binary(), *args], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    return run.stdout


@pytest.mark.parametrize(
    "game,position,options,misere,flags",
    [
        ("subtraction", "10 7", {"set": "1,3,4"}, True, ["--set", "1,3,4", "--misere"]),
        ("ring", "2 A", {"n": "5", "a": "3,2", "b": "1,2,3"}, False, ["--n", "5", "--a", "3,2", "--b", "1,2,3"]),
        ("graph", "a", {"edges": "a-b,b-a,b-c"}, False, ["--edges", "a-b,b-a,b-c"]),
        ("kayles", "5 7", None, True, ["--misere"]),
    ],
)
def test_an_analysis_reads_as_the_command_lines_text_and_its_html_holds_it(game, position, options, misere, flags):
    a = grundy.analyze(game, position, options=options, misere=misere)
    text = cli_text("analyze", game, *flags, *position.split())
    assert a.text() == text
    # The notebook's table is made of the same parts: every line of the
    # text is in it, the aligned lists cell by cell.
    html = a._repr_html_()
    import html as html_module

    shown = html_module.unescape(html)
    for line in text.splitlines():
        for part in __import__("re").split(r"\s{2,}", line.strip()):
            assert part.removeprefix("to: ") in shown, (part, html)


def test_every_text_answer_is_the_command_lines():
    assert grundy.seq("kayles", 100).text() == cli_text("seq", "kayles", "-n", "100")
    assert grundy.quotient("kayles").text() == cli_text("quotient", "kayles")
    e = grundy.analyze("nim", "3 4 5", explain=True)
    assert e.text() == cli_text("analyze", "nim", "3", "4", "5", "--explain")


def test_a_sequence_has_numpy_values_over_its_bytes():
    s = grundy.seq("kayles", 1000)
    assert isinstance(s, grundy.Sequence)
    v = s.values
    assert isinstance(v, numpy.ndarray) and v.dtype == numpy.dtype("<u2") and v.shape == (1001,)
    assert not v.flags.writeable
    assert s.values is v  # made once: no copy per access
    assert v.base is not None
    assert v[:12].tolist() == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    assert s.period.to_dict() == {"preperiod": 71, "period": 12, "proven": True}
    assert s.period == {"preperiod": 71, "period": 12, "proven": True}
    assert repr(s.period) == "Period(preperiod=71, period=12, proven=True)"
    assert (s.n, s.code, s.game) == (1000, "0.77", "kayles") and s.computed_to >= 1000
    theirs = cli("seq", "kayles", "-n", "1000", "--json")
    assert s.to_dict() == theirs and s == theirs and s["values"] == theirs["values"]
    assert v.tolist() == theirs["values"]
    assert repr(s).startswith("Sequence(game='kayles', n=1000, period=Period(preperiod=71")


def test_wide_values_are_uint64():
    s = grundy.seq("nim", 70000)
    assert s.values.dtype == numpy.dtype("<u8")
    assert s.values[69999] == 69999


def test_the_plot_and_html_of_a_sequence():
    s = grundy.seq("kayles", 200)
    svg = s.svg()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert "end of the pre-period: heap 71" in svg and "one period: heaps 71 to 82" in svg
    assert svg.count("<circle") == 201
    big = grundy.seq("octal", 20000, options={"code": "0.6"}).svg(width=400)
    assert "<circle" not in big and big.count("M") > 300
    html = s._repr_html_()
    assert "<svg" in html and "period" in html


@pytest.mark.parametrize(
    "game, n, options, style",
    [
        ("kayles", 200, {}, None),
        ("octal", 100000, {"code": "0.6"}, "points"),
        ("octal", 100000, {"code": "0.6"}, "density"),
    ],
)
def test_the_plot_is_the_command_lines_byte_for_byte(tmp_path, game, n, options, style):
    """One picture, drawn once: `seq --plot` and `Sequence.svg()` agree."""
    import subprocess

    out = tmp_path / "plot.svg"
    args = [binary(), "seq", game, "-n", str(n), "--plot", str(out), "--summary"]
    for k, v in options.items():
        args += [f"--{k}", v]
    if style:
        args += ["--plot-style", style]
    run = subprocess.run(args, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    svg = grundy.seq(game, n, options=options).svg(style=style)
    assert out.read_text() == svg
    with pytest.raises(grundy.InputError, match="^style= plot style 'dots' is not known"):
        grundy.seq("kayles", 10).svg(style="dots")


def test_a_quotient_has_typed_attributes():
    q = grundy.quotient("kayles")
    assert isinstance(q, grundy.Quotient)
    assert (q.order, q.solved, q.tame, q.period) == (40, True, False, 12)
    theirs = cli("quotient", "kayles", "--json")
    assert q.to_dict() == theirs and q == theirs
    assert q.generators[0] == {"name": "a", "heap": 1}
    assert q.pretending[:3] == ["1", "a", "b"]
    assert "misère quotient of order 40" in q.text()
    assert repr(q) == f"Quotient(game='kayles', order=40, solved=True, tame=False, max_heap={q.max_heap})"
    assert "<table>" in q._repr_html_()


def test_threads_must_be_0_to_256():
    with pytest.raises(grundy.InputError) as caught:
        grundy.seq("kayles", 10, threads=-1)
    assert str(caught.value).startswith("threads= '-1' is negative")
    assert "--" not in str(caught.value)
    with pytest.raises(grundy.InputError, match="threads= '257' is too large"):
        grundy.Game("kayles").seq(10, threads=257)
    with pytest.raises(TypeError, match="threads"):
        grundy.seq("kayles", 10, threads=1.5)
    assert grundy.seq("kayles", 10, threads=2).values.tolist() == grundy.seq("kayles", 10).values.tolist()


def test_limits_per_call_name_their_keyword():
    g = grundy.Game("treblecross")
    with pytest.raises(grundy.LimitError, match=r"raise it with max_states=\)"):
        g.analyze("." * 40, misere=True, max_states=50)
    # The game's own limits are kept for the next call.
    assert g.analyze("." * 7).outcome == "N"
    with pytest.raises(grundy.InputError, match="time_limit= '-2' is not a positive number"):
        g.analyze("...", time_limit=-2)


def test_the_docstring_examples_hold():
    """Every `>>>` example in the module's docstrings, run by doctest from
    the repository's root (rules files are named from there)."""
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        finder = doctest.DocTestFinder(exclude_empty=True)
        runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
        objects = [grundy] + [o for n, o in vars(grundy).items() if not n.startswith("_") and (inspect.isclass(o) or callable(o))]
        ran = 0
        for obj in objects:
            docs = [obj.__doc__ or ""]
            if inspect.isclass(obj):
                docs += [getattr(obj, a).__doc__ or "" for a in vars(obj) if not a.startswith("_")]
            for i, doc in enumerate(docs):
                if ">>>" not in doc:
                    continue
                test = doctest.DocTestParser().get_doctest(doc, {"grundy": grundy}, f"{obj.__name__}[{i}]", None, 0)
                runner.run(test)
                ran += len(test.examples)
        results = runner.summarize(verbose=False)
        assert ran >= 20, ran
        assert results.failed == 0, results
    finally:
        os.chdir(here)
