//! The optional parts written in Python (extras.py): data frames for
//! pandas and polars, drawings on a matplotlib axis, the tqdm bar of
//! `progress=True`. The source is
//! compiled into this module and run once, on first use, so the package
//! stays one extension module and needs none of those libraries until a
//! call asks for one. What they show is the api's: the rows of the
//! answers, and a plot's dots and cells from [`grundy_api::plot::plot_data`],
//! the very ones `Sequence.svg()` and `grundy seq --plot` draw.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyModule;
use std::ffi::CString;

/// The Python source of the optional parts.
const SOURCE: &str = include_str!("extras.py");

/// The module of extras.py, made once.
static MODULE: PyOnceLock<Py<PyModule>> = PyOnceLock::new();

/// The function `name` of extras.py.
pub(crate) fn function<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    let module = MODULE.get_or_try_init(py, || -> PyResult<Py<PyModule>> {
        let code = CString::new(SOURCE)?;
        Ok(PyModule::from_code(py, &code, c"grundy/extras.py", c"grundy._extras")?.unbind())
    })?;
    module.bind(py).getattr(name)
}

/// The bytes of `values` as a read-only numpy array of dtype uint64.
pub(crate) fn u64_array<'py>(
    py: Python<'py>,
    values: impl ExactSizeIterator<Item = u64>,
) -> PyResult<Bound<'py, PyAny>> {
    let bytes = pyo3::types::PyBytes::new_with(py, values.len() * 8, |out| {
        for (chunk, v) in out.chunks_exact_mut(8).zip(values) {
            chunk.copy_from_slice(&v.to_le_bytes());
        }
        Ok(())
    })?;
    numpy(py, "plot_data()")?.call_method1("frombuffer", (bytes, "<u8"))
}

/// numpy, or an ImportError saying that `what` needs it (numpy is a
/// dependency of the package: only a broken installation lacks it).
pub(crate) fn numpy<'py>(py: Python<'py>, what: &str) -> PyResult<Bound<'py, PyModule>> {
    py.import("numpy").map_err(|e| {
        let err = pyo3::exceptions::PyImportError::new_err(format!(
            "{what} needs numpy, a dependency of grundy that is not installed: pip install numpy"
        ));
        err.set_cause(py, Some(e));
        err
    })
}

/// `to_pandas(results)`: `results` as a pandas DataFrame: a `Sequence`
/// or `Quotient` as its own `to_pandas()`, else a row for each item of
/// the iterable (dicts such as `survey`'s lines, or answers such as a
/// list of `Analysis` for many positions, read as their `to_dict()`), a
/// column for each field. pandas is optional (`pip install
/// 'grundy[pandas]'`): without it, an ImportError says so.
///
/// Example:
///
/// >>> df = grundy.to_pandas(grundy.survey("0.75,0.77", misere=True))
/// >>> df[["code", "order"]].values.tolist()
/// [['0.75', 8], ['0.77', 40]]
#[pyfunction]
pub(crate) fn to_pandas<'py>(
    py: Python<'py>,
    results: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    function(py, "rows_frame")?.call1((results, "pandas"))
}

/// `to_polars(results)`: as `to_pandas`, a polars DataFrame. polars is
/// optional (`pip install 'grundy[polars]'`).
///
/// Example:
///
/// >>> g = grundy.Game("nim")
/// >>> grundy.to_polars([g.analyze(p) for p in ["1 2", "1 2 3"]])["outcome"].to_list()
/// ['N', 'P']
#[pyfunction]
pub(crate) fn to_polars<'py>(
    py: Python<'py>,
    results: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    function(py, "rows_frame")?.call1((results, "polars"))
}
