//! The Python package `grundy`: the built-in games of the registry,
//! `analyze`, `moves` and one-heap value sequences, as Python functions,
//! and `Match`, a game against the engine by the rules of `grundy play`
//! ([`grundy_api::Match`]).
//!
//! Every answer is the command line's JSON document turned into Python
//! objects (`analyze` returns the dict of `grundy analyze --json`, with
//! `explain=True` that of `grundy analyze --explain --json`, `seq`
//! the dict of `grundy seq --json`, `games` the list of `grundy games
//! --json`), because it is made by the same serialisation. Bad input is
//! checked by [`grundy_api::request`] with the command line's messages
//! and raised as [`GrundyError`] (a `ValueError`), a hit search limit as
//! its subclass `LimitError`, a bug as `RuntimeError`. Searches and
//! sequence runs release the GIL (`Python::detach`), so other Python
//! threads run meanwhile; every search obeys its limits (by default ten
//! million states and 60 seconds, as on the command line), so a call
//! always returns.

mod convert;
mod play;

/// The system allocator, counted: every search's memory budget
/// (`max_memory=`) reads the bytes this module holds.
#[global_allocator]
static GLOBAL: grundy_api::memory::CountingAlloc<std::alloc::System> =
    grundy_api::memory::CountingAlloc(std::alloc::System);

use convert::{build, position_words, py_err, to_python, GrundyError, LimitError};
use grundy_api::explain::Explained;
use grundy_api::{request, Family, Play, Registration, SeqControl};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::time::Duration;

/// A game of the registry, built once with its options and limits, so
/// that its tables serve every question asked of it.
///
/// `Game(name, options=None, max_states=None, time_limit=None,
/// max_memory=None)`: `name` is a name listed by `games()`; `options` a
/// dict of the game's own options without dashes (`{"set": "1,3,4"}` for
/// `--set 1,3,4`); `max_states`, `time_limit` (seconds) and `max_memory`
/// (bytes, or a string like `"512M"`) bound every search as
/// `--max-states`, `--time-limit` and `--max-memory` do. An explicit
/// `time_limit` also bounds `seq`, which is otherwise bounded by memory
/// only.
#[pyclass(frozen, module = "grundy")]
struct Game {
    registration: Registration,
    family: Box<dyn Family>,
    explicit_time_limit: Option<Duration>,
    max_memory: u64,
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (name, options=None, max_states=None, time_limit=None, max_memory=None))]
    fn new(
        py: Python<'_>,
        name: &str,
        options: Option<&Bound<'_, PyDict>>,
        max_states: Option<&Bound<'_, PyAny>>,
        time_limit: Option<&Bound<'_, PyAny>>,
        max_memory: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Game> {
        let built = build(py, name, options, max_states, time_limit, max_memory)?;
        Ok(Game {
            registration: built.registration,
            family: built.family,
            explicit_time_limit: built.explicit_time_limit,
            max_memory: built.max_memory,
        })
    }

    /// The game's name with its options, e.g. `octal 0.137`.
    #[getter]
    fn name(&self) -> String {
        self.family.name()
    }

    /// The rules in one line.
    #[getter]
    fn rules(&self) -> &str {
        &self.registration.rules
    }

    /// The position syntax.
    #[getter]
    fn syntax(&self) -> &str {
        &self.registration.syntax
    }

    /// Outcome, value and every winning move of `position` (a string such
    /// as `"3 4 5"` or a list of words), as the dict of `grundy analyze
    /// --json`; with `explain=True`, that of `grundy analyze --explain
    /// --json` (the reasoning in its `explanation` field).
    #[pyo3(signature = (position, misere=false, explain=false))]
    fn analyze<'py>(
        &self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
        misere: bool,
        explain: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let words = position_words(position)?;
        let play = if misere { Play::Misere } else { Play::Normal };
        let family = &*self.family;
        let answer = py.detach(|| {
            let args: Vec<&str> = words.iter().map(String::as_str).collect();
            let analysis = family.analyze(&args, play)?;
            Explained::new(family, &args, analysis, explain)
        });
        to_python(py, &answer.map_err(py_err)?)
    }

    /// Every legal move from `position`, as a list of dicts with `label`
    /// and `to` (a position `analyze` accepts), in the game's order.
    fn moves<'py>(
        &self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let words = position_words(position)?;
        let family = &*self.family;
        let answer = py.detach(|| {
            let args: Vec<&str> = words.iter().map(String::as_str).collect();
            family.moves(&args)
        });
        to_python(py, &answer.map_err(py_err)?)
    }

    /// The values of heaps 0..=n with the period found, as the dict of
    /// `grundy seq --json` (`game`, `n`, `values`, `period`); with
    /// `genus=True` each heap's genus too (`genus`, as `seq --genus`).
    /// `threads` workers (0: every core).
    #[pyo3(signature = (n, threads=0, genus=false))]
    fn seq<'py>(
        &self,
        py: Python<'py>,
        n: &Bound<'py, PyAny>,
        threads: usize,
        genus: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        if !n.is_instance_of::<pyo3::types::PyInt>() || n.is_instance_of::<pyo3::types::PyBool>() {
            return Err(PyTypeError::new_err(format!(
                "n: expected an int, got {}",
                n.get_type().name()?
            )));
        }
        let n = request::seq_n(&n.str()?.to_cow()?).map_err(py_err)?;
        let ctl = SeqControl {
            threads,
            time_limit: self.explicit_time_limit,
            memory_limit: Some(self.max_memory),
            ..SeqControl::default()
        };
        let family = &*self.family;
        let answer = py.detach(|| grundy_api::seq_report(family, n, &ctl, genus));
        to_python(py, &answer.map_err(py_err)?)
    }

    /// The misère quotient of heaps 0..=max_heap (default 300), as the
    /// dict of `grundy quotient --json` (`order`, `p_portion`,
    /// `generators`, `relations`, `pretending`, `preperiod`, `period`,
    /// `solved`, `tame`, ...); stops early when proven whole. Only games
    /// of heaps have one (else `GrundyError`); a limit hit is
    /// `LimitError`, naming the last quotient proven. Kept by the game:
    /// asked again, it is not grown again. Example: `grundy.Game("kayles").quotient()["order"]`
    /// is 40.
    #[pyo3(signature = (max_heap=None))]
    fn quotient<'py>(&self, py: Python<'py>, max_heap: Option<u64>) -> PyResult<Bound<'py, PyAny>> {
        let n = max_heap.unwrap_or(request::DEFAULT_QUOTIENT_HEAP);
        let family = &*self.family;
        let answer = py.detach(|| family.quotient(n, &grundy_api::QuotientControl::default()));
        to_python(py, &answer.map_err(py_err)?)
    }

    fn __repr__(&self) -> String {
        format!("grundy.Game({:?})", self.family.name())
    }
}

/// Every built-in game, as the list of `grundy games --json`: dicts with
/// `name`, `rules`, `syntax`, `options` and `example`.
#[pyfunction]
fn games(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    let text = grundy_api::render::games_json(&grundy_games::registry());
    py.import("json")?.call_method1("loads", (text,))
}

/// `analyze(game, position, misere=False, options=None, max_states=None,
/// time_limit=None, explain=False, max_memory=None)`: the dict of
/// `grundy analyze --json` (with `explain=True`, of `grundy analyze
/// --explain --json`).
#[pyfunction]
#[pyo3(signature = (game, position, misere=false, options=None, max_states=None, time_limit=None, explain=false, max_memory=None))]
// One parameter per keyword argument of the Python signature.
#[allow(clippy::too_many_arguments)]
fn analyze<'py>(
    py: Python<'py>,
    game: &str,
    position: &Bound<'py, PyAny>,
    misere: bool,
    options: Option<&Bound<'py, PyDict>>,
    max_states: Option<&Bound<'py, PyAny>>,
    time_limit: Option<&Bound<'py, PyAny>>,
    explain: bool,
    max_memory: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    Game::new(py, game, options, max_states, time_limit, max_memory)?
        .analyze(py, position, misere, explain)
}

/// `moves(game, position, options=None, max_states=None,
/// max_memory=None)`: every legal move as dicts with `label` and `to`.
#[pyfunction]
#[pyo3(signature = (game, position, options=None, max_states=None, max_memory=None))]
fn moves<'py>(
    py: Python<'py>,
    game: &str,
    position: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyDict>>,
    max_states: Option<&Bound<'py, PyAny>>,
    max_memory: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    Game::new(py, game, options, max_states, None, max_memory)?.moves(py, position)
}

/// `seq(game, n, options=None, time_limit=None, threads=0,
/// max_memory=None, genus=False)`: the dict of `grundy seq --json` for
/// heaps 0..=n (with `genus=True`, of `grundy seq --genus --json`).
#[pyfunction]
#[pyo3(signature = (game, n, options=None, time_limit=None, threads=0, max_memory=None, genus=false))]
// One parameter per keyword argument of the Python signature.
#[allow(clippy::too_many_arguments)]
fn seq<'py>(
    py: Python<'py>,
    game: &str,
    n: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyDict>>,
    time_limit: Option<&Bound<'py, PyAny>>,
    threads: usize,
    max_memory: Option<&Bound<'py, PyAny>>,
    genus: bool,
) -> PyResult<Bound<'py, PyAny>> {
    Game::new(py, game, options, None, time_limit, max_memory)?.seq(py, n, threads, genus)
}

/// `quotient(game, max_heap=None, options=None, time_limit=None,
/// max_memory=None)`: the dict of `grundy quotient --json`, the misère
/// quotient of a game of heaps. Example:
/// `grundy.quotient("octal", options={"code": "0.33"})["order"]` is 6.
#[pyfunction]
#[pyo3(signature = (game, max_heap=None, options=None, time_limit=None, max_memory=None))]
fn quotient<'py>(
    py: Python<'py>,
    game: &str,
    max_heap: Option<u64>,
    options: Option<&Bound<'py, PyDict>>,
    time_limit: Option<&Bound<'py, PyAny>>,
    max_memory: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    Game::new(py, game, options, None, time_limit, max_memory)?.quotient(py, max_heap)
}

/// The module `grundy`.
#[pymodule]
fn grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("GrundyError", m.py().get_type::<GrundyError>())?;
    m.add("LimitError", m.py().get_type::<LimitError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<Game>()?;
    m.add_class::<play::PyMatch>()?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add_function(wrap_pyfunction!(moves, m)?)?;
    m.add_function(wrap_pyfunction!(seq, m)?)?;
    m.add_function(wrap_pyfunction!(quotient, m)?)?;
    Ok(())
}
