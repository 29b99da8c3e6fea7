"""The answers as data frames (pandas, polars) and the plot drawn on a
matplotlib axis from the api's own dots and cells, and the ImportError
naming the extra when one of those optional libraries is missing.
pandas, polars and matplotlib are test requirements (.ci/run installs
them): when one is missing these tests fail, they do not skip."""

import re
import sys

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy  # noqa: E402
import pandas  # noqa: E402
import polars  # noqa: E402
import pytest  # noqa: E402

import grundy  # noqa: E402


def test_a_sequence_as_a_pandas_frame():
    s = grundy.seq("kayles", 1000)
    df = s.to_pandas()
    assert isinstance(df, pandas.DataFrame)
    assert list(df.columns) == ["heap", "value"] and len(df) == 1001
    assert df["heap"].tolist() == list(range(1001))
    assert df["value"].tolist() == s.values.tolist()
    assert df["value"].dtype == numpy.dtype("uint16")
    # The frame is the caller's to change; the answer stays.
    df.loc[1, "value"] = 7
    assert s.values[1] == 1 and s.to_pandas()["value"][1] == 1
    assert grundy.to_pandas(s).equals(s.to_pandas())


def test_a_sequence_as_a_polars_frame():
    s = grundy.seq("nim", 70000)
    df = s.to_polars()
    assert isinstance(df, polars.DataFrame)
    assert df.columns == ["heap", "value"] and df.height == 70001
    assert df["value"].dtype == polars.UInt64 and df["value"][69999] == 69999
    assert grundy.to_polars(s).equals(df)


def test_a_quotient_as_frames_heap_by_heap():
    q = grundy.quotient("kayles")
    df = q.to_pandas()
    assert list(df.columns) == ["heap", "element", "p", "order"]
    assert df["heap"].tolist() == list(range(q.max_heap + 1))
    assert df["element"].tolist() == q.pretending and df["order"].tolist() == q.orders
    # `p`: the heap alone is a misère P-position, as the engine finds it.
    for n in range(14):
        alone = grundy.analyze("kayles", str(n), misere=True).outcome == "P"
        assert bool(df["p"][n]) == alone, n
    assert q.to_polars()["element"].to_list() == q.pretending
    assert grundy.to_pandas(q).equals(df)


def test_survey_lines_and_many_answers_as_frames():
    lines = grundy.survey("0.75,0.77", misere=True)
    df = grundy.to_pandas(lines)
    assert list(df.columns) == list(lines[0])
    assert df["code"].tolist() == ["0.75", "0.77"] and df["order"].tolist() == [8, 40]
    normal = grundy.survey("0.1x", n=300)
    pl = grundy.to_polars(normal)
    assert pl.height == len(normal) == 8
    assert pl["code"].to_list() == [line["code"] for line in normal]
    assert pl["period"].to_list() == [line["period"] for line in normal]
    # Many positions answered, as `grundy batch` answers them: a row each.
    g = grundy.Game("nim")
    answers = [g.analyze(p) for p in ("1 2", "1 2 3", "4")]
    df = grundy.to_pandas(answers)
    assert list(df.columns) == list(answers[0].keys())
    assert df["outcome"].tolist() == ["N", "P", "N"] and df["value"].tolist() == [3, 0, 4]
    assert df["winning_moves"][0] == answers[0].winning_moves
    assert grundy.to_polars(answers)["outcome"].to_list() == ["N", "P", "N"]


def dots_of(ax):
    """The scatter of a plot's dots."""
    found = [c for c in ax.collections if c.get_label() == "values"]
    assert len(found) == 1, [c.get_label() for c in ax.collections]
    return found[0].get_offsets()


def test_the_plot_draws_the_apis_dots_with_the_period_marked():
    s = grundy.seq("kayles", 200)
    fig, ax = plt.subplots()
    try:
        assert s.plot(ax) is ax
        data = s.plot_data()
        dots = dots_of(ax)
        # A dot a heap, as the SVG's circles.
        assert len(dots) == len(data["heaps"]) == s.svg().count("<circle") == 201
        assert dots[:, 0].tolist() == list(range(201))
        assert dots[:, 1].tolist() == s.values.tolist()
        caption = re.search(r'aria-label="([^"]*)"', s.svg()).group(1)
        assert ax.get_title() == caption == data["caption"]
        labels = [a.get_label() for a in ax.patches + ax.lines]
        assert "one period: heaps 71 to 82" in labels and "end of the pre-period: heap 71" in labels
        assert (ax.get_xlabel(), ax.get_ylabel()) == ("heap", "value")
    finally:
        plt.close(fig)


@pytest.mark.parametrize("style", ["points", "density"])
def test_a_plot_of_many_heaps_draws_what_the_svg_draws(style):
    s = grundy.seq("octal", 100000, options={"code": "0.6"})
    svg = s.svg(style=style)
    data = s.plot_data(style=style)
    fig, ax = plt.subplots()
    try:
        s.plot(ax, style=style)
        if style == "points":
            dots = dots_of(ax)
            assert len(dots) == len(data["heaps"]) == svg.count("h2v2h-2z")
            assert 1000 < len(dots) < 100001, "merged dots, bands kept"
            assert numpy.array_equal(s.values[data["heaps"]], data["values"])
        else:
            cells = [c for c in ax.collections if c.get_label() == "heaps a cell"]
            assert len(cells) == 1
            drawn = sum(p.split("/>")[0].count("M") for p in svg.split('<path class="density"')[1:])
            assert len(cells[0].get_paths()) == len(data["cells"]["count"]) == drawn
            assert int(data["cells"]["count"].sum()) == 100001
            # A cell's shade is its opacity, as in the SVG.
            alphas = cells[0].get_facecolors()[:, 3]
            assert numpy.allclose(alphas, data["cells"]["shade"] / data["shades"])
    finally:
        plt.close(fig)


def test_without_an_axis_the_plot_is_drawn_on_the_current_one():
    fig = plt.figure()
    try:
        ax = grundy.seq("kayles", 50).plot()
        assert ax is plt.gca() and len(dots_of(ax)) == 51
    finally:
        plt.close(fig)


def test_the_plot_data_is_checked_as_the_svg_is():
    s = grundy.seq("kayles", 50)
    with pytest.raises(grundy.InputError, match="^style= plot style 'dots' is not known"):
        s.plot_data(style="dots")
    with pytest.raises(grundy.InputError, match="^width= "):
        s.plot(width=-1)


@pytest.mark.parametrize(
    "module, extra, call",
    [
        ("pandas", "pandas", lambda s, q: s.to_pandas()),
        ("pandas", "pandas", lambda s, q: q.to_pandas()),
        ("pandas", "pandas", lambda s, q: grundy.to_pandas([{"code": "0.7"}])),
        ("polars", "polars", lambda s, q: s.to_polars()),
        ("polars", "polars", lambda s, q: grundy.to_polars([s])),
        ("matplotlib", "plot", lambda s, q: s.plot()),
    ],
)
def test_a_missing_extra_is_named_with_the_install_command(monkeypatch, module, extra, call):
    s = grundy.seq("kayles", 20)
    q = grundy.quotient("kayles", max_heap=20)
    monkeypatch.setitem(sys.modules, module, None)  # import fails
    with pytest.raises(ImportError, match=rf"needs {module}, which is not installed: pip install 'grundy\[{extra}\]'"):
        call(s, q)


def test_without_numpy_the_values_say_so(monkeypatch):
    s = grundy.seq("kayles", 20)
    monkeypatch.setitem(sys.modules, "numpy", None)
    with pytest.raises(ImportError, match="^Sequence.values needs numpy, a dependency of grundy"):
        s.values
