//! `grundy.Match`: a game against the engine, played by the rules of
//! `grundy play` ([`grundy_api::Match`]: the same turns, engine choice,
//! hints, draw rules and words).

use crate::convert::{
    build, option_text, position_words, py_err, to_python, GrundyError, LimitError,
};
use grundy_api::play::text::no_such_move;
use grundy_api::{request, GameError, MatchError, MatchOptions, Play};
use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyString};
use std::sync::Arc;

/// The Python exception for a move or undo the match refused: the
/// family's errors as `analyze` raises them (a limit as `LimitError`),
/// naming the position they were hit at; a refused request (the game is
/// over, not this side's turn, no such move, nothing to undo) as
/// `GrundyError`.
fn match_err(e: MatchError) -> PyErr {
    let message = request::message(&GameError::Input(e.to_string()));
    match e {
        MatchError::Family {
            error: GameError::Search(_),
            ..
        } => LimitError::new_err(message),
        MatchError::Family {
            error: GameError::Internal(_),
            ..
        } => PyRuntimeError::new_err(message),
        _ => GrundyError::new_err(message),
    }
}

/// A match against the engine, played by the rules of `grundy play`.
///
/// `Match(game, position, misere=False, engine_first=False, seed=None,
/// options=None, max_states=None, time_limit=None)`: `game`, `options`,
/// `max_states` and `time_limit` as for `Game`; `position` the start (a
/// string or a list of words); `engine_first` lets the engine move first;
/// `seed` (an int from 0) breaks ties among the engine's equally good
/// moves, so the same seed and moves replay the same match.
///
/// On the person's turn `play(move)` plays a move: an int is its index in
/// `moves` (from 0), a str is read as typed in `grundy play` (a move's
/// number counted from 1, its label, the position it leads to, or the
/// game's notation). On the engine's turn `engine_move()` plays the
/// engine's choice. `undo()` takes back the person's last move and the
/// engine's reply. `state` is the whole match as a dict; `status` says
/// whether it goes on (`{"state": "ongoing"}`), was won
/// (`{"state": "won", "winner": "human" | "engine", "reason", "text"}`) or
/// drawn (`{"state": "drawn", "reason": "repetition" | "length",
/// "text"}`): a game whose positions may repeat is drawn when a position
/// comes up with the same player to move for the 4th time, or after 10000
/// moves.
#[pyclass(module = "grundy", name = "Match")]
pub struct PyMatch {
    inner: grundy_api::Match,
}

#[pymethods]
impl PyMatch {
    #[new]
    #[pyo3(signature = (game, position, misere=false, engine_first=false, seed=None, options=None, max_states=None, time_limit=None))]
    // One parameter per keyword argument of the Python signature.
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: &str,
        position: &Bound<'_, PyAny>,
        misere: bool,
        engine_first: bool,
        seed: Option<&Bound<'_, PyAny>>,
        options: Option<&Bound<'_, PyDict>>,
        max_states: Option<&Bound<'_, PyAny>>,
        time_limit: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyMatch> {
        let words = position_words(position)?;
        let seed = match seed {
            None => None,
            Some(s) => {
                let text = option_text(s, "seed")?;
                Some(
                    grundy_api::parse_u64_in(&text, 0, u64::MAX)
                        .map_err(|e| GrundyError::new_err(format!("seed: {e}")))?,
                )
            }
        };
        let family = Arc::from(build(py, game, options, max_states, time_limit)?.family);
        let play = if misere { Play::Misere } else { Play::Normal };
        let opts = MatchOptions {
            engine_first,
            seed,
            hints: false,
        };
        let inner = py
            .detach(|| {
                let args: Vec<&str> = words.iter().map(String::as_str).collect();
                grundy_api::Match::new(family, &args, play, opts)
            })
            .map_err(py_err)?;
        Ok(PyMatch { inner })
    }

    /// The whole match as a dict: `game`, `play`, `position`, `turn`
    /// (`"human"` or `"engine"`), `ply`, `analysis` (the dict of
    /// `analyze`), `moves`, `status`, `history` (each move played: `by`,
    /// `move`, `to`, `comment`), `may_repeat`, `can_undo`.
    #[getter]
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.inner.state())
    }

    /// The legal moves of the current position, as dicts with `move` and
    /// `to`; `play(i)` plays `moves[i]`.
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.inner.moves())
    }

    /// Whether the match goes on, or how it ended, as a dict (see the
    /// class doc).
    #[getter]
    fn status<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, self.inner.status())
    }

    /// Whether the match is over (won or drawn).
    #[getter]
    fn over(&self) -> bool {
        !self.inner.status().is_ongoing()
    }

    /// The player to move: `"human"` or `"engine"`.
    #[getter]
    fn turn<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.inner.turn())
    }

    /// The current position.
    #[getter]
    fn position(&self) -> String {
        self.inner.analysis().position.clone()
    }

    /// The analysis of the current position (the dict of `analyze`).
    #[getter]
    fn analysis<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, self.inner.analysis())
    }

    /// The moves played, first to last (dicts with `by`, `move`, `to`,
    /// `comment`).
    #[getter]
    fn history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.inner.history())
    }

    /// The index in `moves` of the move `text` names, read as `grundy
    /// play` reads a typed line; a `GrundyError` saying why when it names
    /// none.
    fn read(&self, text: &str) -> PyResult<usize> {
        self.inner
            .read(text)
            .map_err(|e| GrundyError::new_err(e.message))
    }

    /// Plays the person's move (an int: its index in `moves`; a str: as
    /// typed, see `read`) and returns it as a dict with `by`, `move`,
    /// `to` and `comment` (whether it kept or threw away a win).
    #[pyo3(name = "play")]
    fn play_move<'py>(
        &mut self,
        py: Python<'py>,
        r#move: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let index = if let Ok(s) = r#move.cast::<PyString>() {
            self.read(&s.to_cow()?)?
        } else if r#move.is_instance_of::<PyInt>() && !r#move.is_instance_of::<PyBool>() {
            // A negative index is refused here in the words the match
            // uses for any index out of range.
            let i: i128 = r#move.extract()?;
            usize::try_from(i)
                .map_err(|_| GrundyError::new_err(no_such_move(i, self.inner.moves().len())))?
        } else {
            return Err(PyTypeError::new_err(format!(
                "move: expected an int (an index in moves) or a str (a move as typed), got {}",
                r#move.get_type().name()?
            )));
        };
        let inner = &mut self.inner;
        let ply = py.detach(|| inner.play(index)).map_err(match_err)?;
        to_python(py, &ply)
    }

    /// Plays the engine's move (the fastest win, the slowest loss, a draw
    /// kept) and returns it as a dict with `by`, `move`, `to`.
    fn engine_move<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let inner = &mut self.inner;
        let ply = py.detach(|| inner.engine_move()).map_err(match_err)?;
        to_python(py, &ply)
    }

    /// Takes back the person's last move and the engine's reply; returns
    /// the moves taken back, in the order they were played. A
    /// `GrundyError` when the person has not moved yet.
    fn undo<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let undone = self.inner.undo().map_err(match_err)?;
        to_python(py, &undone)
    }

    /// The good moves of the current position: a dict with `outcome`,
    /// `indices` (in `moves`, from 0: the winning moves, or the moves
    /// keeping a draw) and `text` (the hint in words).
    fn hint<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_python(py, &self.inner.hint())
    }

    fn __repr__(&self) -> String {
        format!(
            "grundy.Match({:?}, {:?})",
            self.inner.family().name(),
            self.inner.analysis().position
        )
    }
}
