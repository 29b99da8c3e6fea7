//! The typed answers: `Analysis`, `Sequence`, `Period` and `Quotient`,
//! each holding the api's report as built there (an [`Explained`], a
//! [`SeqReport`], a [`QuotientReport`]) and showing it: attributes,
//! `to_dict()` (the command line's JSON document as Python objects, made
//! by the same serialisation), `text()` (the command line's text, laid out
//! by the api), `__repr__` and `_repr_html_` for notebooks (tables, and a
//! sequence's plot as inline SVG).
//!
//! For the code written against the dict answers of earlier versions,
//! each answer also reads as that dict: `a["outcome"]`, `"genus" in a`,
//! `a.keys()`, `a.get(key)`, and `a == d` when `d` is its `to_dict()`.

use crate::convert::{int_text, to_python, InputError};
use crate::extras::{self, u64_array};
use grundy_api::explain::Explained;
use grundy_api::plot::{
    plot_data, plot_svg, DensityCell, PlotData, PlotStyle, PlotView, PLOT_SIDES, PLOT_SIZE, SHADES,
};
use grundy_api::{html, render, Period as ApiPeriod, QuotientReport, SeqReport};
use pyo3::basic::CompareOp;
use pyo3::exceptions::PyKeyError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyDict, PyList};
use serde::Serialize;

/// The JSON document of `value` as a Python dict, made once and kept in
/// `cell`. Never handed out as it is: see [`fresh`].
fn doc<'py, T: Serialize>(
    py: Python<'py>,
    cell: &PyOnceLock<Py<PyAny>>,
    value: &T,
) -> PyResult<Bound<'py, PyAny>> {
    cell.get_or_try_init(py, || to_python(py, value).map(Bound::unbind))
        .map(|d| d.bind(py).clone())
}

/// A copy of `value` whose lists and dicts are new (their numbers and
/// strings shared): what a caller may change without changing the
/// answer.
fn fresh<'py>(value: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let py = value.py();
    if let Ok(list) = value.cast::<PyList>() {
        let out = PyList::empty(py);
        for item in list.iter() {
            out.append(fresh(&item)?)?;
        }
        return Ok(out.into_any());
    }
    if let Ok(dict) = value.cast::<PyDict>() {
        let out = PyDict::new(py);
        for (k, v) in dict.iter() {
            out.set_item(k, fresh(&v)?)?;
        }
        return Ok(out.into_any());
    }
    Ok(value.clone())
}

/// Field `key` of the document (a fresh copy), or `None` when absent.
fn field<'py, T: Serialize>(
    py: Python<'py>,
    cell: &PyOnceLock<Py<PyAny>>,
    value: &T,
    key: &str,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let d = doc(py, cell, value)?;
    let d = d.cast::<PyDict>()?;
    d.get_item(key)?.map(|v| fresh(&v)).transpose()
}

/// The dict-reading protocol and equality every answer shares, for a
/// pyclass with fields `doc` (the cache) and the report.
macro_rules! reads_as_dict {
    ($class:ty, $report:ident, { $($own:tt)* }) => {
        #[pymethods]
        impl $class {
            $($own)*

            /// The command line's JSON document as a new dict (changing it
            /// changes nothing here).
            ///
            /// Example: `grundy.analyze("nim", "1 2").to_dict()["outcome"]` is `'N'`.
            fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                fresh(&doc(py, &self.doc, &self.$report)?)
            }

            /// Field `key` of `to_dict()` (a `KeyError` when absent).
            fn __getitem__<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
                field(py, &self.doc, &self.$report, key)?
                    .ok_or_else(|| PyKeyError::new_err(key.to_string()))
            }

            /// Whether `to_dict()` has field `key`.
            fn __contains__(&self, py: Python<'_>, key: &str) -> PyResult<bool> {
                let d = doc(py, &self.doc, &self.$report)?;
                d.cast::<PyDict>()?.contains(key)
            }

            /// The field names of `to_dict()`, in its order.
            ///
            /// Example: `"winning_moves" in grundy.analyze("nim", "1 2").keys()` is True.
            fn keys<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                let d = doc(py, &self.doc, &self.$report)?;
                Ok(d.cast::<PyDict>()?.keys().into_any())
            }

            /// Field `key` of `to_dict()`, or `default` when absent.
            ///
            /// Example: `grundy.analyze("nim", "1 2").get("genus")` is None (normal play).
            #[pyo3(signature = (key, default=None))]
            fn get<'py>(
                &self,
                py: Python<'py>,
                key: &str,
                default: Option<Bound<'py, PyAny>>,
            ) -> PyResult<Option<Bound<'py, PyAny>>> {
                Ok(field(py, &self.doc, &self.$report, key)?.or(default))
            }

            /// Equal to an answer of the same kind with the same document,
            /// and to a dict equal to `to_dict()`.
            fn __richcmp__(
                &self,
                py: Python<'_>,
                other: &Bound<'_, PyAny>,
                op: CompareOp,
            ) -> PyResult<Py<PyAny>> {
                let same = if let Ok(o) = other.cast::<$class>() {
                    let mine = doc(py, &self.doc, &self.$report)?;
                    let theirs = doc(py, &o.get().doc, &o.get().$report)?;
                    mine.eq(theirs)?
                } else if other.is_instance_of::<PyDict>() {
                    doc(py, &self.doc, &self.$report)?.eq(other)?
                } else {
                    return Ok(py.NotImplemented());
                };
                match op {
                    CompareOp::Eq => Ok(same.into_pyobject(py)?.to_owned().into_any().unbind()),
                    CompareOp::Ne => Ok((!same).into_pyobject(py)?.to_owned().into_any().unbind()),
                    _ => Ok(py.NotImplemented()),
                }
            }
        }
    };
}

/// A Python string literal of `s` (its `repr`, for ASCII-safe text).
fn lit(s: &str) -> String {
    format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'"))
}

/// A Python-style text of an optional number.
fn opt<T: std::fmt::Display>(v: Option<T>) -> String {
    v.map(|v| v.to_string()).unwrap_or_else(|| "None".into())
}

/// The analysis of one position: who wins, the value and the good moves,
/// as `grundy analyze` gives them.
///
/// Attributes: `game`, `position`, `play` (`"normal"` or `"misere"`),
/// `outcome` (`"N"`: the player to move wins, `"P"`: the other player,
/// `"D"`: a draw), `value` (the Sprague-Grundy value, or None),
/// `winning_moves` and `drawing_moves` (dicts with `move` and `to`),
/// their counts, `genus`, `loopy_value`, `components`, `method`, `notes`
/// and `explanation` (with `explain=True`). `to_dict()` is the document
/// of `grundy analyze --json`; `text()` what `grundy analyze` prints.
///
/// Example:
///
/// >>> a = grundy.analyze("nim", "3 4 5")
/// >>> a.outcome, a.value, a.winning_moves
/// ('N', 2, [{'move': 'heap 1: 3 -> 1', 'to': '1 4 5'}])
#[pyclass(frozen, module = "grundy")]
pub(crate) struct Analysis {
    report: Explained,
    /// The game as the command line names it (`subtraction --set
    /// 1,3,4`), the title of `text()`.
    title: String,
    doc: PyOnceLock<Py<PyAny>>,
}

impl Analysis {
    /// The answer `report` to a question about the game `title` (as the
    /// command line names it, options included).
    pub(crate) fn new(report: Explained, title: String) -> Analysis {
        Analysis {
            report,
            title,
            doc: PyOnceLock::new(),
        }
    }

    fn list<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        Ok(match field(py, &self.doc, &self.report, key)? {
            Some(v) => v,
            None => PyList::empty(py).into_any(),
        })
    }

    fn optional<'py>(&self, py: Python<'py>, key: &str) -> PyResult<Bound<'py, PyAny>> {
        Ok(match field(py, &self.doc, &self.report, key)? {
            Some(v) => v,
            None => py.None().into_bound(py),
        })
    }
}

reads_as_dict!(Analysis, report, {
    /// The game's name with its options (`subtraction 1,3,4`).
    #[getter]
    fn game(&self) -> &str {
        &self.report.analysis.game
    }

    /// The position, in the game's syntax.
    #[getter]
    fn position(&self) -> &str {
        &self.report.analysis.position
    }

    /// `"normal"` or `"misere"`.
    #[getter]
    fn play(&self) -> String {
        self.report.analysis.play.to_string()
    }

    /// `"N"` (the player to move wins), `"P"` (the player to move
    /// loses) or `"D"` (a draw: neither can force a win).
    #[getter]
    fn outcome(&self) -> String {
        self.report.analysis.outcome.to_string()
    }

    /// The normal-play Sprague-Grundy value; None in misère play, for an
    /// infinite loopy value, or when only the outcome was found.
    #[getter]
    fn value(&self) -> Option<u64> {
        self.report.analysis.value
    }

    /// How many winning moves there are (None when not examined).
    #[getter]
    fn winning_move_count(&self) -> Option<usize> {
        self.report.analysis.winning_move_count
    }

    /// The winning moves, dicts with `move` (the label) and `to` (the
    /// position it leaves, which `analyze` reads back).
    #[getter]
    fn winning_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.list(py, "winning_moves")
    }

    /// How many moves keep the draw of a drawn position (None otherwise).
    #[getter]
    fn drawing_move_count(&self) -> Option<usize> {
        self.report.analysis.drawing_move_count
    }

    /// The moves of a drawn position that keep the draw (`[]` otherwise).
    #[getter]
    fn drawing_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.list(py, "drawing_moves")
    }

    /// Conway's genus (`{"normal": g, "misere": [γ0, ...]}`) of a small
    /// enough position in misère play; None otherwise.
    #[getter]
    fn genus<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.optional(py, "genus")
    }

    /// The generalized (Smith) value when infinite, e.g. `"∞{0,2}"`;
    /// None otherwise.
    #[getter]
    fn loopy_value(&self) -> Option<String> {
        self.report.analysis.loopy_value.clone()
    }

    /// The parts the position splits into, dicts with `position`,
    /// `value` and the part's own `outcome`.
    #[getter]
    fn components<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.list(py, "components")
    }

    /// How the answer was found (`"memoised search"`, a theorem, ...).
    #[getter]
    fn method(&self) -> &str {
        &self.report.analysis.method
    }

    /// Remarks for the reader.
    #[getter]
    fn notes(&self) -> Vec<String> {
        self.report.analysis.notes.clone()
    }

    /// The reasoning (with `explain=True`): a dict whose `text` holds the
    /// lines `grundy analyze --explain` prints; None otherwise.
    #[getter]
    fn explanation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.optional(py, "explanation")
    }

    /// What `grundy analyze` prints for this answer (with the reasoning
    /// when it was asked for).
    ///
    /// Example: `print(grundy.analyze("nim", "3 4 5").text())`.
    fn text(&self) -> String {
        let a = &self.report.analysis;
        let mut s = render::analysis_text(&self.title, a);
        if let Some(e) = &self.report.explanation {
            s.push_str(&render::explanation_text(e));
        }
        s
    }

    fn __repr__(&self) -> String {
        let a = &self.report.analysis;
        let count = a
            .winning_move_count
            .map(|c| c.to_string())
            .unwrap_or_else(|| "None".into());
        format!(
            "Analysis(game={}, position={}, play={}, outcome={}, value={}, winning_moves={count})",
            lit(&a.game),
            lit(&a.position),
            lit(&a.play.to_string()),
            lit(&a.outcome.to_string()),
            opt(a.value)
        )
    }

    /// A table for notebooks: the parts of `text()` (the headline, the
    /// moves worth playing, the components, method and notes) and the
    /// reasoning when it was asked for.
    fn _repr_html_(&self) -> String {
        let a = &self.report.analysis;
        let e = self.report.explanation.as_ref().map(|e| e.text.as_slice());
        html::analysis_html(&render::analysis_view(&self.title, a), e)
    }
});

/// The period of a value sequence: `G(n + period) == G(n)` for every
/// `n >= preperiod` computed; `proven` when a theorem carries it on for
/// ever (else it is only observed).
///
/// Example:
///
/// >>> grundy.seq("kayles", 1000).period
/// Period(preperiod=71, period=12, proven=True)
#[pyclass(frozen, module = "grundy")]
pub(crate) struct Period {
    report: ApiPeriod,
    doc: PyOnceLock<Py<PyAny>>,
}

reads_as_dict!(Period, report, {
    /// The first heap from which the values repeat.
    #[getter]
    fn preperiod(&self) -> u64 {
        self.report.preperiod
    }

    /// The least period.
    #[getter]
    fn period(&self) -> u64 {
        self.report.period
    }

    /// Whether a theorem proves the period continues for ever.
    #[getter]
    fn proven(&self) -> bool {
        self.report.proven
    }

    fn __repr__(&self) -> String {
        let p = &self.report;
        format!(
            "Period(preperiod={}, period={}, proven={})",
            p.preperiod,
            p.period,
            if p.proven { "True" } else { "False" }
        )
    }
});

/// The values of heaps 0..=n of a one-heap game, with the period found,
/// as `grundy seq` gives them.
///
/// Attributes: `game`, `code` (a take-and-break game's code, or None),
/// `n`, `values` (a read-only numpy array of dtype uint16, or uint64 when
/// a value does not fit in 16 bits, made once), `period` (a `Period`, or
/// None when no period shows), `computed_to`, `genus` (with
/// `genus=True`). `to_dict()` is the document of `grundy seq --json`;
/// `text()` what `grundy seq` prints; `svg()` a plot of the values,
/// `plot()` the same on a matplotlib axis; `to_pandas()` and
/// `to_polars()` the values as a data frame.
///
/// Example:
///
/// >>> s = grundy.seq("kayles", 100)
/// >>> s.values[:6], s.period
/// (array([0, 1, 2, 3, 1, 4], dtype=uint16), Period(preperiod=71, period=12, proven=True))
#[pyclass(frozen, module = "grundy")]
pub(crate) struct Sequence {
    report: SeqReport,
    doc: PyOnceLock<Py<PyAny>>,
    /// The values as little-endian bytes, then the array viewing them.
    array: PyOnceLock<Py<PyAny>>,
}

impl Sequence {
    pub(crate) fn new(report: SeqReport) -> Sequence {
        Sequence {
            report,
            doc: PyOnceLock::new(),
            array: PyOnceLock::new(),
        }
    }

    /// The values as a read-only numpy array of little-endian integers
    /// (uint16, or uint64 when a value passes 65535), over one copy of
    /// the answer's values made straight into the bytes it views.
    fn make_array<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let numpy = extras::numpy(py, "Sequence.values")?;
        let values = &self.report.values;
        let width = values.width();
        let bytes = PyBytes::new_with(py, values.len() * width, |out| {
            for (chunk, v) in out.chunks_exact_mut(width).zip(values.iter()) {
                if width == 2 {
                    chunk.copy_from_slice(&(v as u16).to_le_bytes());
                } else {
                    chunk.copy_from_slice(&v.to_le_bytes());
                }
            }
            Ok(())
        })?;
        let dtype = if width == 2 { "<u2" } else { "<u8" };
        numpy.call_method1("frombuffer", (bytes, dtype))
    }

    /// The view of the whole sequence `svg`, `plot_data` and `plot` draw:
    /// each side an int from 0 to 100000, drawn at least 120 and at most
    /// 8192 pixels (the command line's default when None), and the style.
    fn view(
        &self,
        width: Option<&Bound<'_, PyAny>>,
        height: Option<&Bound<'_, PyAny>>,
        style: Option<&str>,
    ) -> PyResult<PlotView> {
        let side = |v: Option<&Bound<'_, PyAny>>, what: &str, default: u32| -> PyResult<u32> {
            let Some(v) = v.filter(|v| !v.is_none()) else {
                return Ok(default);
            };
            grundy_api::parse_u64_in(&int_text(v, what)?, 0, MAX_SVG_SIDE)
                .map(|s| (s as u32).clamp(PLOT_SIDES.0, PLOT_SIDES.1))
                .map_err(|e| InputError::new_err(format!("{what}= {e}")))
        };
        let style = match style {
            Some(s) => s
                .parse::<PlotStyle>()
                .map_err(|e| InputError::new_err(format!("style= {e}")))?,
            None => PlotStyle::default(),
        };
        Ok(PlotView {
            width: side(width, "width", PLOT_SIZE.0)?,
            height: side(height, "height", PLOT_SIZE.1)?,
            ..PlotView::whole(&self.report, style)
        })
    }
}

/// One field of a density cell, as a number.
type CellField = fn(&DensityCell) -> u64;

/// The api's [`PlotData`] as the dict `Sequence.plot_data()` returns:
/// numbers and text as they are, the dots' and cells' fields as numpy
/// arrays of uint64.
fn plot_dict<'py>(py: Python<'py>, data: &PlotData) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("caption", &data.caption)?;
    d.set_item("from", data.from)?;
    d.set_item("to", data.to)?;
    d.set_item("top_value", data.top_value)?;
    d.set_item("period", to_python(py, &data.period)?)?;
    d.set_item("style", to_python(py, &data.style)?)?;
    d.set_item("each_heap", data.each_heap)?;
    let points = &data.points;
    d.set_item("heaps", u64_array(py, points.iter().map(|p| p.0))?)?;
    d.set_item("values", u64_array(py, points.iter().map(|p| p.1))?)?;
    d.set_item("columns", data.columns)?;
    d.set_item("rows", data.rows)?;
    d.set_item("shades", SHADES)?;
    let cells = PyDict::new(py);
    let fields: [(&str, CellField); 8] = [
        ("column", |c| c.column),
        ("row", |c| c.row),
        ("first_heap", |c| c.heaps.0),
        ("last_heap", |c| c.heaps.1),
        ("low_value", |c| c.values.0),
        ("high_value", |c| c.values.1),
        ("count", |c| c.count),
        ("shade", |c| c.shade as u64),
    ];
    for (name, field) in fields {
        cells.set_item(name, u64_array(py, data.cells.iter().map(field))?)?;
    }
    d.set_item("cells", cells)?;
    Ok(d)
}

reads_as_dict!(Sequence, report, {
    /// The game as named, with its options.
    #[getter]
    fn game(&self) -> &str {
        &self.report.game
    }

    /// The take-and-break code in normal form (`0.77` for Kayles), or None.
    #[getter]
    fn code(&self) -> Option<String> {
        self.report.code.clone()
    }

    /// The largest heap asked for.
    #[getter]
    fn n(&self) -> u64 {
        self.report.n
    }

    /// The largest heap computed (past `n` when a short run was extended
    /// to find the period).
    #[getter]
    fn computed_to(&self) -> u64 {
        self.report.computed_to
    }

    /// The values of heaps 0..=n: a read-only numpy array (uint16, or
    /// uint64 past 65535) over one copy of the answer's values, made once
    /// (the same array at each access). numpy is a dependency of the
    /// package.
    #[getter]
    fn values<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.array
            .get_or_try_init(py, || self.make_array(py).map(Bound::unbind))
            .map(|a| a.bind(py).clone())
    }

    /// The period found, or None.
    #[getter]
    fn period(&self) -> Option<Period> {
        self.report.period.map(|p| Period {
            report: p,
            doc: PyOnceLock::new(),
        })
    }

    /// With `genus=True`, each heap's genus (dicts with `normal` and
    /// `misere`); None otherwise.
    #[getter]
    fn genus<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(match field(py, &self.doc, &self.report, "genus")? {
            Some(v) => v,
            None => py.None().into_bound(py),
        })
    }

    /// What `grundy seq` prints: the values in rows, then the period.
    ///
    /// Example: `print(grundy.seq("kayles", 30).text())`.
    fn text(&self) -> String {
        render::seq_text(&self.report.game, &self.report)
    }

    /// The values plotted against the heap as an SVG picture, `width` by
    /// `height` pixels (default 960 by 540), the end of the pre-period as a
    /// red line and one period shaded: the picture `grundy seq --plot`
    /// draws, byte for byte. `style` is `"points"` (default: a dot for
    /// each distinct pixel column and value, so the bands stay visible at
    /// any range) or `"density"` (each cell shaded by how many heaps fall
    /// in it).
    ///
    /// Example: `open("kayles.svg", "w").write(grundy.seq("kayles", 200).svg())`.
    /// Each side is an int from 0 to 100000, drawn at least 120 and at
    /// most 8192 pixels.
    #[pyo3(signature = (width=None, height=None, style=None))]
    fn svg(
        &self,
        width: Option<&Bound<'_, PyAny>>,
        height: Option<&Bound<'_, PyAny>>,
        style: Option<&str>,
    ) -> PyResult<String> {
        let view = self.view(width, height, style)?;
        plot_svg(&self.report, &view).map_err(|e| InputError::new_err(e.to_string()))
    }

    /// What `svg()` draws, as data: a dict with `caption`, `from` and
    /// `to` (the heaps drawn), `top_value` (the top of the value axis),
    /// `period` (a dict, or None), `style`, and the picture's marks as the
    /// api decided them. Points: `heaps` and `values` (numpy arrays, a
    /// dot each; `each_heap` is True when every heap is one, else each
    /// dot is the first heap of its pixel column and value row). Density:
    /// `columns` by `rows` cells of which `cells` holds the non-empty
    /// ones as numpy arrays `column`, `row`, `first_heap`, `last_heap`,
    /// `low_value`, `high_value`, `count` (heaps in the cell) and `shade`
    /// (1 to `shades`). Same arguments as `svg()`; `plot()` draws this.
    ///
    /// Example:
    ///
    /// >>> d = grundy.seq("kayles", 200).plot_data()
    /// >>> len(d["heaps"]), d["top_value"], d["period"]["period"]
    /// (201, 8, 12)
    #[pyo3(signature = (width=None, height=None, style=None))]
    fn plot_data<'py>(
        &self,
        py: Python<'py>,
        width: Option<&Bound<'py, PyAny>>,
        height: Option<&Bound<'py, PyAny>>,
        style: Option<&str>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let view = self.view(width, height, style)?;
        let data =
            plot_data(&self.report, &view).map_err(|e| InputError::new_err(e.to_string()))?;
        plot_dict(py, &data)
    }

    /// Draws the plot of `svg()` on a matplotlib axis `ax` (the current
    /// one when None) and returns the axis: the same dots or shaded cells
    /// (`plot_data()`, as the api decided them), one period shaded, the
    /// end of the pre-period as a red line, the caption as title. `style`,
    /// `width` and `height` as for `svg()` (the size sets how finely dots
    /// are merged). matplotlib is optional (`pip install 'grundy[plot]'`):
    /// without it, an ImportError says so.
    ///
    /// Example: `grundy.seq("octal", 100000, options={"code": "0.6"}).plot(style="density")`.
    #[pyo3(signature = (ax=None, style=None, width=None, height=None))]
    fn plot<'py>(
        &self,
        py: Python<'py>,
        ax: Option<&Bound<'py, PyAny>>,
        style: Option<&str>,
        width: Option<&Bound<'py, PyAny>>,
        height: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let data = self.plot_data(py, width, height, style)?;
        extras::function(py, "plot")?.call1((data, ax))
    }

    /// The values as a pandas DataFrame: a row a heap, columns `heap`
    /// and `value` (a copy: the frame is yours to change). pandas is
    /// optional (`pip install 'grundy[pandas]'`): without it, an
    /// ImportError says so.
    ///
    /// Example:
    ///
    /// >>> df = grundy.seq("kayles", 1000).to_pandas()
    /// >>> df["value"].value_counts().head(3).to_dict()
    /// {1: 250, 2: 247, 4: 169}
    fn to_pandas<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        extras::function(slf.py(), "sequence_frame")?.call1((slf, "pandas"))
    }

    /// The values as a polars DataFrame with columns `heap` and `value`.
    /// polars is optional (`pip install 'grundy[polars]'`).
    ///
    /// Example:
    ///
    /// >>> grundy.seq("kayles", 1000).to_polars()["value"].max()
    /// 8
    fn to_polars<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        extras::function(slf.py(), "sequence_frame")?.call1((slf, "polars"))
    }

    fn __repr__(&self) -> String {
        let r = &self.report;
        let head: Vec<String> = r.values.iter().take(12).map(|v| v.to_string()).collect();
        let more = if r.values.len() > 12 { ", ..." } else { "" };
        let period = match &r.period {
            Some(p) => format!(
                "Period(preperiod={}, period={}, proven={})",
                p.preperiod,
                p.period,
                if p.proven { "True" } else { "False" }
            ),
            None => "None".into(),
        };
        format!(
            "Sequence(game={}, n={}, period={period}, values=[{}{more}])",
            lit(&r.game),
            r.n,
            head.join(", ")
        )
    }

    /// For notebooks: the game, the period and the plot.
    fn _repr_html_(&self) -> String {
        html::seq_html(&self.report)
    }
});

/// The largest side of [`Sequence::svg`]'s picture, in pixels.
const MAX_SVG_SIDE: u64 = 100_000;

/// The misère quotient of a game of heaps (Plambeck and Siegel), as
/// `grundy quotient` gives it: a commutative monoid, its P-portion and
/// the element each heap pretends to be.
///
/// Attributes: `game`, `max_heap`, `solved` (proven the whole game's
/// quotient), `order`, `elements`, `p_portion`, `generators` (dicts with
/// `name` and `heap`), `relations`, `pretending` (heap n's element),
/// `preperiod` and `period` of the pretending function, `tame`, `orders`,
/// `last_change`. `to_dict()` is the document of `grundy quotient
/// --json`; `text()` what `grundy quotient` prints.
///
/// Example:
///
/// >>> q = grundy.quotient("kayles")
/// >>> q.order, q.solved, q.p_portion[:3]
/// (40, True, ['a', 'd', 'e'])
#[pyclass(frozen, module = "grundy")]
pub(crate) struct Quotient {
    report: QuotientReport,
    doc: PyOnceLock<Py<PyAny>>,
}

impl Quotient {
    pub(crate) fn new(report: QuotientReport) -> Quotient {
        Quotient {
            report,
            doc: PyOnceLock::new(),
        }
    }
}

reads_as_dict!(Quotient, report, {
    /// The game, as named.
    #[getter]
    fn game(&self) -> &str {
        &self.report.game
    }

    /// The largest heap of the closure computed.
    #[getter]
    fn max_heap(&self) -> usize {
        self.report.max_heap
    }

    /// Whether the periodicity test proved this the whole game's quotient.
    #[getter]
    fn solved(&self) -> bool {
        self.report.solved
    }

    /// The number of elements.
    #[getter]
    fn order(&self) -> usize {
        self.report.order
    }

    /// Every element's name, in the monoid's order.
    #[getter]
    fn elements(&self) -> Vec<String> {
        self.report.elements.clone()
    }

    /// The elements of the P-portion: a sum is a P-position exactly when
    /// the product of its heaps' elements is one of them.
    #[getter]
    fn p_portion(&self) -> Vec<String> {
        self.report.p_portion.clone()
    }

    /// The generators, dicts with `name` and the `heap` it comes from.
    #[getter]
    fn generators<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.report.generators)
    }

    /// The relations, each `word = word`.
    #[getter]
    fn relations(&self) -> Vec<String> {
        self.report.relations.clone()
    }

    /// Heap n's element, for n in 0..=max_heap.
    #[getter]
    fn pretending(&self) -> Vec<String> {
        self.report.pretending.clone()
    }

    /// The pre-period of the pretending function, or None.
    #[getter]
    fn preperiod(&self) -> Option<usize> {
        self.report.preperiod
    }

    /// The period of the pretending function, or None.
    #[getter]
    fn period(&self) -> Option<usize> {
        self.report.period
    }

    /// Whether the quotient is tame (a quotient of nim's).
    #[getter]
    fn tame(&self) -> bool {
        self.report.tame
    }

    /// The order of Q_n for each heap n in 0..=max_heap.
    #[getter]
    fn orders(&self) -> Vec<usize> {
        self.report.orders.clone()
    }

    /// The last heap that changed the order.
    #[getter]
    fn last_change(&self) -> usize {
        self.report.last_change
    }

    /// What `grundy quotient` prints: the presentation, P and the
    /// pretending function.
    ///
    /// Example: `print(grundy.quotient("kayles").text())`.
    fn text(&self) -> String {
        self.report.text()
    }

    fn __repr__(&self) -> String {
        let q = &self.report;
        format!(
            "Quotient(game={}, order={}, solved={}, tame={}, max_heap={})",
            lit(&q.game),
            q.order,
            if q.solved { "True" } else { "False" },
            if q.tame { "True" } else { "False" },
            q.max_heap
        )
    }

    /// For notebooks: the presentation, P and the pretending function.
    fn _repr_html_(&self) -> String {
        html::quotient_html(&self.report)
    }

    /// The quotient heap by heap as a pandas DataFrame: columns `heap`,
    /// `element` (the element the heap pretends to be), `p` (whether that
    /// element is in the P-portion: the heap alone is a misère
    /// P-position) and `order` (the order of the quotient of the heaps up
    /// to it). pandas is optional (`pip install 'grundy[pandas]'`).
    ///
    /// Example:
    ///
    /// >>> df = grundy.quotient("kayles").to_pandas()
    /// >>> df[["element", "p"]].head(3).values.tolist()
    /// [['1', False], ['a', True], ['b', False]]
    fn to_pandas<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        extras::function(slf.py(), "quotient_frame")?.call1((slf, "pandas"))
    }

    /// As `to_pandas()`, a polars DataFrame. polars is optional (`pip
    /// install 'grundy[polars]'`).
    ///
    /// Example:
    ///
    /// >>> grundy.quotient("kayles").to_polars()["order"].max()
    /// 40
    fn to_polars<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        extras::function(slf.py(), "quotient_frame")?.call1((slf, "polars"))
    }
});
