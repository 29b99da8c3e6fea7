//! Between Python and the api: Python values read as the command line's
//! words (options, limits, positions), a game built from them, answers
//! turned into Python objects and errors into Python exceptions. Shared by
//! the functions of the module and by `grundy.Match`.

use grundy_api::{request, Family, GameError, Limits, Registration};
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};
use serde::Serialize;
use std::time::Duration;

create_exception!(
    grundy,
    GrundyError,
    PyValueError,
    "Input the command line would reject (unknown game or option, malformed position, number out of range), or a search limit hit; the message is the command line's."
);
create_exception!(
    grundy,
    LimitError,
    GrundyError,
    "A search stopped at its state or time limit; the message names the limit."
);

/// The Python exception for `e`, with the message the command line
/// prints after `error: ` (internal errors keep their own prefix).
pub(crate) fn py_err(e: GameError) -> PyErr {
    let message = request::message(&e);
    match e {
        GameError::Input(_) => GrundyError::new_err(message),
        GameError::Search(_) => LimitError::new_err(message),
        GameError::Internal(_) => PyRuntimeError::new_err(message),
    }
}

/// `value` serialised to JSON and read back by Python's `json` module:
/// the very document the command line prints, as Python objects.
pub(crate) fn to_python<'py, T: Serialize>(
    py: Python<'py>,
    value: &T,
) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(value).map_err(|e| {
        py_err(GameError::Internal(format!(
            "cannot serialise the answer: {e}"
        )))
    })?;
    py.import("json")?.call_method1("loads", (text,))
}

/// The text of an option or limit given as a Python value: a string as it
/// is, an int or float as Python prints it, a list or tuple as its items
/// joined by commas (`set=[1, 3, 4]` is `--set 1,3,4`). `what` names the
/// argument in the error for any other type.
pub(crate) fn option_text(value: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    if let Ok(s) = value.cast::<PyString>() {
        return Ok(s.to_cow()?.to_string());
    }
    if value.is_instance_of::<pyo3::types::PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{what}: expected a number or a string, got a bool"
        )));
    }
    if value.is_instance_of::<pyo3::types::PyInt>()
        || value.is_instance_of::<pyo3::types::PyFloat>()
    {
        return Ok(value.str()?.to_cow()?.to_string());
    }
    if value.is_instance_of::<PyList>() || value.is_instance_of::<PyTuple>() {
        let items = value
            .try_iter()?
            .map(|item| option_text(&item?, what))
            .collect::<PyResult<Vec<_>>>()?;
        return Ok(items.join(","));
    }
    Err(PyTypeError::new_err(format!(
        "{what}: expected a string, a number or a list of numbers, got {}",
        value.get_type().name()?
    )))
}

/// The position's words: a string is split on white space, as the shell
/// splits the command line; a list or tuple gives the words themselves.
pub(crate) fn position_words(position: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if let Ok(s) = position.cast::<PyString>() {
        return Ok(s.to_cow()?.split_whitespace().map(str::to_string).collect());
    }
    if position.is_instance_of::<PyList>() || position.is_instance_of::<PyTuple>() {
        return position
            .try_iter()?
            .map(|w| option_text(&w?, "position"))
            .collect();
    }
    Err(PyTypeError::new_err(format!(
        "position: expected a string such as '3 4 5' or a list of words, got {}",
        position.get_type().name()?
    )))
}

/// A family of the registry built with its options and limits.
pub(crate) struct Built {
    pub(crate) registration: Registration,
    pub(crate) family: Box<dyn Family>,
    /// The time limit when one was given (it then also bounds `seq`).
    pub(crate) explicit_time_limit: Option<Duration>,
    /// The memory budget, which also bounds `seq`.
    pub(crate) max_memory: u64,
}

/// Builds the game `name` with `options` (a dict of the game's own
/// options without dashes) and the search limits, checked with the
/// command line's messages.
pub(crate) fn build(
    py: Python<'_>,
    name: &str,
    options: Option<&Bound<'_, PyDict>>,
    max_states: Option<&Bound<'_, PyAny>>,
    time_limit: Option<&Bound<'_, PyAny>>,
    max_memory: Option<&Bound<'_, PyAny>>,
) -> PyResult<Built> {
    let registration = request::find_game(&grundy_games::registry(), name).map_err(py_err)?;
    let mut pairs = Vec::new();
    if let Some(options) = options {
        for (k, v) in options.iter() {
            let key = k
                .cast::<PyString>()
                .map_err(|_| PyTypeError::new_err("options: the names must be strings"))?
                .to_cow()?
                .trim_start_matches("--")
                .to_string();
            let value = option_text(&v, &format!("--{key}"))?;
            pairs.push((key, value));
        }
    }
    let options = request::game_options(&registration, pairs).map_err(py_err)?;
    let max_states = max_states
        .map(|v| option_text(v, "--max-states"))
        .transpose()?;
    let time_limit = time_limit
        .map(|v| option_text(v, "--time-limit"))
        .transpose()?;
    let max_memory = max_memory
        .map(|v| option_text(v, "--max-memory"))
        .transpose()?;
    let limits: Limits = request::limits(
        max_states.as_deref(),
        time_limit.as_deref(),
        max_memory.as_deref(),
    )
    .map_err(py_err)?;
    let explicit_time_limit = limits.max_time.filter(|_| time_limit.is_some());
    // Building may fill a family's tables: no Python object is touched.
    let family = py
        .detach(|| registration.build(&options, &limits))
        .map_err(py_err)?;
    Ok(Built {
        registration,
        family,
        explicit_time_limit,
        max_memory: limits.max_memory,
    })
}
