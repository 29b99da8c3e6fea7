"""grundy's optional parts written in Python: data frames (pandas,
polars), drawings on a matplotlib axis and the tqdm bar of
`progress=True`. Compiled into the extension
module (src/extras.rs includes this file) and run on first use, so the
package stays one module. Nothing here decides an answer or a picture:
the api computed the values, the rows and the dots and cells of a plot
(`Sequence.plot_data()`); this only places them. pandas, polars and
matplotlib are optional (tqdm too): a call that needs one that is missing raises an
ImportError naming the extra that installs it."""

import importlib

# The extra of the Python package index's `grundy[...]` that installs
# each optional library.
EXTRAS = {"pandas": "pandas", "polars": "polars", "matplotlib": "plot"}

# The colours of the SVG picture (crates/api/src/plot.rs).
BLUE = "#1f4e9c"
PERIOD = "#ffbe00"
PREPERIOD = "#d00000"


def need(module, what):
    """`module` imported, or an ImportError saying that `what` needs it
    and which extra installs it."""
    top = module.split(".")[0]
    try:
        return importlib.import_module(module)
    except ImportError as e:
        raise ImportError(
            f"{what} needs {top}, which is not installed: "
            f"pip install 'grundy[{EXTRAS[top]}]' (or pip install {top})",
            name=top,
        ) from e


def frame(columns, library, what):
    """A frame of `library` ("pandas" or "polars") with `columns` (a dict
    of equally long arrays or lists), in their order."""
    if library == "pandas":
        return need("pandas", what).DataFrame(columns)
    return need("polars", what).DataFrame(columns)


def sequence_frame(seq, library):
    """A Sequence as a frame: a row a heap, columns `heap` and `value`."""
    what = f"Sequence.to_{library}()"
    need(library, what)
    numpy = need("numpy", what)
    values = seq.values
    heaps = numpy.arange(len(values), dtype=numpy.uint64)
    return frame({"heap": heaps, "value": values}, library, what)


def quotient_frame(q, library):
    """A Quotient as a frame: a row a heap, columns `heap`, `element` (the
    element the heap pretends to be), `p` (whether that element is in the
    P-portion: a heap alone is then a P-position) and `order` (the order
    of the quotient of the heaps up to it)."""
    what = f"Quotient.to_{library}()"
    need(library, what)
    elements = q.pretending
    p = set(q.p_portion)
    columns = {
        "heap": list(range(len(elements))),
        "element": elements,
        "p": [e in p for e in elements],
        "order": q.orders,
    }
    return frame(columns, library, what)


def rows_frame(results, library):
    """Results as a frame: a Sequence or Quotient as its own frame, else a
    row an item of `results` (dicts, such as `survey`'s lines, or answers
    such as a list of `Analysis`, read as their `to_dict()`), a column a
    field in the order the fields first appear."""
    what = f"grundy.to_{library}()"
    own = getattr(results, f"to_{library}", None)
    if own is not None:
        return own()
    module = need(library, what)
    rows = [r.to_dict() if hasattr(r, "to_dict") else dict(r) for r in results]
    if library == "pandas":
        return module.DataFrame.from_records(rows)
    return module.from_dicts(rows, infer_schema_length=None)


def plot(data, ax):
    """Draws `data` (`Sequence.plot_data()`) on the matplotlib axis `ax`
    (the current one when None) as the SVG picture draws it: the dots or
    shaded cells in blue, one period shaded from the end of the
    pre-period, that end as a red line, the caption as title. Returns the
    axis."""
    what = "Sequence.plot()"
    need("matplotlib", what)
    if ax is None:
        ax = need("matplotlib.pyplot", what).gca()
    collections = need("matplotlib.collections", what)
    colors = need("matplotlib.colors", what)
    ticker = need("matplotlib.ticker", what)
    numpy = need("numpy", what)
    low, high = data["from"], data["to"]
    period = data["period"]
    if period is not None:
        pre, length = period["preperiod"], period["period"]
        a, b = max(pre, low), min(pre + length, high + 1)
        if a < b:
            ax.axvspan(a, b, color=PERIOD, alpha=0.25, linewidth=0, label=f"one period: heaps {pre} to {pre + length - 1}")
        if low <= pre <= high:
            ax.axvline(pre, color=PREPERIOD, linewidth=2, label=f"end of the pre-period: heap {pre}")
    if data["style"] == "points":
        each = data["each_heap"]
        ax.scatter(
            data["heaps"],
            data["values"],
            s=16 if each else 4,
            marker="o" if each else "s",
            color=BLUE,
            linewidths=0,
            label="values",
        )
    else:
        cells = data["cells"]
        x0 = cells["first_heap"].astype(float) - 0.5
        x1 = cells["last_heap"].astype(float) + 0.5
        y0 = cells["low_value"].astype(float) - 0.5
        y1 = cells["high_value"].astype(float) + 0.5
        corners = numpy.stack([numpy.stack(c, axis=1) for c in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))], axis=1)
        faces = numpy.tile(colors.to_rgba(BLUE), (len(x0), 1))
        faces[:, 3] = cells["shade"] / data["shades"]
        ax.add_collection(collections.PolyCollection(corners, facecolors=faces, edgecolors="none", label="heaps a cell"))
    pad = max(0.5, (high - low) * 0.01)
    ax.set_xlim(low - pad, high + pad)
    ax.set_ylim(-0.5, data["top_value"] + 0.5)
    ax.xaxis.set_major_locator(ticker.MaxNLocator(integer=True))
    ax.yaxis.set_major_locator(ticker.MaxNLocator(integer=True))
    ax.set_xlabel("heap")
    ax.set_ylabel("value")
    ax.set_title(data["caption"])
    return ax


class ProgressBar:
    """`progress=True`: a tqdm bar (tqdm.auto: a widget in a notebook
    that has ipywidgets, text otherwise) counting `unit`s, called with the
    counts (done, total) as they change, closed when the call ends."""

    def __init__(self, tqdm, unit):
        self.tqdm = tqdm
        self.unit = unit
        self.bar = None

    def __call__(self, done, total):
        if self.bar is None:
            self.bar = self.tqdm(total=total, initial=done, unit=self.unit, unit_scale=True)
            return
        if total != self.bar.total:
            self.bar.total = total
        self.bar.update(done - self.bar.n)

    def close(self):
        if self.bar is not None:
            self.bar.close()


def progress_bar(unit):
    """A `ProgressBar` of `unit`s; an ImportError when tqdm is missing
    (the caller says how to install it)."""
    from tqdm.auto import tqdm

    return ProgressBar(tqdm, unit)
