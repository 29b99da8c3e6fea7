//! `grundy.Match`: a game against the engine, played by the rules of
//! `grundy play` ([`grundy_api::Match`]: the same turns, engine choice,
//! hints, draw rules and words).

use crate::convert::{keywords, scalar_text, to_python, InputError, LimitError, LimitTexts};
use crate::custom::Errors;
use crate::game::Game;
use crate::results::Analysis;
use grundy_api::explain::Explained;
use grundy_api::play::text::no_such_move;
use grundy_api::{
    request, Family, GameError, Match, MatchError, MatchOptions, Play, SearchError, Side,
};
use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyString};
use std::sync::{Mutex, PoisonError};

/// The Python exception for a move or undo the match refused: a failure
/// of a game defined in Python as the exception its callable raised; the
/// family's errors as `analyze` raises them (a limit as `LimitError`, a
/// failure of the game's rules as `RulesError`), naming the position they
/// were hit at; a refused request (the game is over, not this side's
/// turn, no such move, nothing to undo) as `InputError`.
fn match_err(errors: &Errors, e: MatchError) -> PyErr {
    if let Some(fault) = errors.custom.as_ref().and_then(|c| c.take_fault()) {
        return fault;
    }
    let message = keywords(
        &request::message(&GameError::Input(e.to_string())),
        &errors.options,
    );
    match e {
        MatchError::Family {
            error: GameError::Search(SearchError::Rules(_)),
            ..
        } => crate::convert::RulesError::new_err(message),
        MatchError::Family {
            error: GameError::Search(_),
            ..
        } => LimitError::new_err(message),
        MatchError::Family {
            error: GameError::Internal(_),
            ..
        } => PyRuntimeError::new_err(message),
        _ => InputError::new_err(message),
    }
}

/// A match against the engine, played by the rules of `grundy play`.
///
/// `Match(game, position, misere=False, engine_first=False, seed=None,
/// options=None, max_states=None, time_limit=None, max_memory=None)`:
/// `game` a built-in game's name (with its `options`) or a `Game` (a
/// built-in game, a rules file or a game defined in Python); the limits
/// as for `Game`; `position` the start (as `Game.analyze` takes it);
/// `engine_first` lets the engine move first;
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
///
/// A match may be shared by threads: their calls take it one at a time,
/// a call waiting (without holding the GIL) while another thread's move
/// is worked out.
///
/// Example:
///
/// >>> m = grundy.Match("nim", "1 2")
/// >>> m.play(m.hint()["indices"][0])["comment"]
/// 'Good move: the engine is now in a losing position.'
#[pyclass(module = "grundy", name = "Match", frozen)]
pub struct PyMatch {
    /// Calls from several Python threads take the match in turn: a call
    /// waits, without the GIL, while another thread's move is worked out.
    inner: Mutex<Match>,
    /// How the game's errors reach Python.
    errors: Errors,
}

/// The deadline of one call of a match for a game defined in Python: the
/// family's time limit started now ([`Family::weighing_deadline`]), which
/// the game's callables read ([`in_call_time`]); none for other games.
fn call_deadline(errors: &Errors, family: &Family) -> Option<grundy_engine::Deadline> {
    errors.custom.as_ref().map(|_| family.weighing_deadline())
}

/// Runs `f`, one call of a match, as one answer ending by `deadline`
/// ([`call_deadline`]; a request of the match that searches sets its own,
/// alike), or as it is without one.
fn in_call_time<R>(deadline: Option<grundy_engine::Deadline>, f: impl FnOnce() -> R) -> R {
    match deadline {
        Some(d) => grundy_engine::clock::within_answer(d, f),
        None => f(),
    }
}

impl PyMatch {
    /// Runs `f` on the match once no other thread is using it, without the
    /// GIL (so the other thread can finish meanwhile).
    fn with<T: Send>(&self, py: Python<'_>, f: impl FnOnce(&mut Match) -> T + Send) -> T {
        py.detach(|| {
            let mut m = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
            let deadline = call_deadline(&self.errors, m.family());
            in_call_time(deadline, || f(&mut m))
        })
    }

    /// [`PyMatch::with`] for a call that may fail: a failure a callable of
    /// the game left (even behind an answer) is raised first.
    fn run<T: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut Match) -> Result<T, MatchError> + Send,
    ) -> PyResult<T> {
        let answer = self.with(py, f);
        if let Some(fault) = self.errors.custom.as_ref().and_then(|c| c.take_fault()) {
            return Err(fault);
        }
        answer.map_err(|e| match_err(&self.errors, e))
    }
}

/// Why a move was not played: the match refused it, or no move is named.
enum Refused {
    Match(MatchError),
    Read(String),
}

/// The move a Python value names.
enum Named {
    /// An int: an index in `moves`, perhaps out of range or negative.
    Index(i128),
    /// A str: a move as typed.
    Typed(String),
}

#[pymethods]
impl PyMatch {
    #[new]
    #[pyo3(signature = (game, position, misere=false, engine_first=false, seed=None, options=None, max_states=None, time_limit=None, max_memory=None))]
    // One parameter per keyword argument of the Python signature.
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: &Bound<'_, PyAny>,
        position: &Bound<'_, PyAny>,
        misere: bool,
        engine_first: bool,
        seed: Option<&Bound<'_, PyAny>>,
        options: Option<&Bound<'_, PyDict>>,
        max_states: Option<&Bound<'_, PyAny>>,
        time_limit: Option<&Bound<'_, PyAny>>,
        max_memory: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyMatch> {
        let seed = match seed.filter(|s| !s.is_none()) {
            None => None,
            Some(s) => {
                let text = scalar_text(s, "seed")?;
                Some(
                    grundy_api::parse_u64_in(&text, 0, u64::MAX)
                        .map_err(|e| InputError::new_err(format!("seed= {e}")))?,
                )
            }
        };
        let limits = LimitTexts::read(max_states, time_limit, max_memory)?;
        let (game, call) = Game::named(py, game, options, limits)?;
        let game = game.get();
        let words = game.words(position)?;
        let built = game.built(py, &call)?;
        let family = built.family;
        let errors = game.errors.clone();
        let play = if misere { Play::Misere } else { Play::Normal };
        let opts = MatchOptions {
            engine_first,
            seed,
            hints: false,
        };
        let inner = py.detach(|| {
            let args: Vec<&str> = words.iter().map(String::as_str).collect();
            let deadline = call_deadline(&errors, &family);
            in_call_time(deadline, || Match::new(family, &args, play, opts))
        });
        let inner = errors.finish(inner)?;
        Ok(PyMatch {
            inner: Mutex::new(inner),
            errors,
        })
    }

    /// The whole match as a dict: `game`, `play`, `position`, `turn`
    /// (`"human"` or `"engine"`), `ply`, `analysis` (the dict of
    /// `analyze`), `moves`, `status`, `history` (each move played: `by`,
    /// `move`, `to`, `comment`), `may_repeat`, `can_undo`, `status_line`
    /// (the state in one line, as the page shows it).
    #[getter]
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let state = self.with(py, |m| m.state());
        to_python(py, &state)
    }

    /// The legal moves of the current position, as dicts with `move` and
    /// `to`; `play(i)` plays `moves[i]`.
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let moves = self.with(py, |m| m.moves().to_vec());
        to_python(py, &moves)
    }

    /// Whether the match goes on, or how it ended, as a dict (see the
    /// class doc).
    #[getter]
    fn status<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let status = self.with(py, |m| m.status().clone());
        to_python(py, &status)
    }

    /// Whether the match is over (won or drawn).
    #[getter]
    fn over(&self, py: Python<'_>) -> bool {
        self.with(py, |m| !m.status().is_ongoing())
    }

    /// The player to move: `"human"` or `"engine"`.
    #[getter]
    fn turn<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let turn = self.with(py, |m| m.turn());
        to_python(py, &turn)
    }

    /// The current position.
    #[getter]
    fn position(&self, py: Python<'_>) -> String {
        self.with(py, |m| m.analysis().position.clone())
    }

    /// The `Analysis` of the current position, as `analyze` gives it.
    #[getter]
    fn analysis(&self, py: Python<'_>) -> Analysis {
        let (analysis, title) = self.with(py, |m| (m.analysis().clone(), m.family().name()));
        Analysis::new(
            Explained {
                analysis,
                explanation: None,
            },
            title,
        )
    }

    /// The moves played, first to last (dicts with `by`, `move`, `to`,
    /// `comment`).
    #[getter]
    fn history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let history = self.with(py, |m| m.history().to_vec());
        to_python(py, &history)
    }

    /// The index in `moves` of the move `text` names, read as `grundy
    /// play` reads a typed line; an `InputError` saying why when it names
    /// none.
    ///
    /// Example: `grundy.Match("nim", "1 2").read("2 1")` is 2 (one counter
    /// from heap 2).
    fn read(&self, py: Python<'_>, text: &str) -> PyResult<usize> {
        let read = self.with(py, |m| m.read(text));
        if let Some(fault) = self.errors.custom.as_ref().and_then(|c| c.take_fault()) {
            return Err(fault);
        }
        read.map_err(|e| InputError::new_err(e.message))
    }

    /// Plays the person's move (an int: its index in `moves`; a str: as
    /// typed, see `read`) and returns it as a dict with `by`, `move`,
    /// `to` and `comment` (whether it kept or threw away a win). A move
    /// out of turn (the match over, or the engine to move) is refused as
    /// such, whatever it names.
    ///
    /// Example: `grundy.Match("nim", "1 2").play("2 1")["to"]` is `'1 1'`.
    #[pyo3(name = "play")]
    fn play_move<'py>(
        &self,
        py: Python<'py>,
        r#move: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let named = if let Ok(s) = r#move.cast::<PyString>() {
            Named::Typed(s.to_cow()?.into_owned())
        } else if r#move.is_instance_of::<PyInt>() && !r#move.is_instance_of::<PyBool>() {
            Named::Index(r#move.extract()?)
        } else {
            return Err(PyTypeError::new_err(format!(
                "move: expected an int (an index in moves) or a str (a move as typed), got {}",
                r#move.get_type().name()?
            )));
        };
        let errors = &self.errors;
        let ply = self.with(py, |m| {
            m.check_turn(Side::Human).map_err(Refused::Match)?;
            let index = match named {
                Named::Typed(t) => m.read(&t).map_err(|e| Refused::Read(e.message))?,
                // Only an index no usize can hold is refused here; any
                // other is the match's to refuse, in the same words.
                Named::Index(i) => usize::try_from(i)
                    .map_err(|_| Refused::Read(no_such_move(i, m.moves().len())))?,
            };
            m.play(index).map_err(Refused::Match)
        });
        if let Some(fault) = errors.custom.as_ref().and_then(|c| c.take_fault()) {
            return Err(fault);
        }
        let ply = ply.map_err(|e| match e {
            Refused::Match(e) => match_err(errors, e),
            Refused::Read(message) => InputError::new_err(message),
        })?;
        to_python(py, &ply)
    }

    /// Plays the engine's move (the fastest win, the slowest loss, a draw
    /// kept) and returns it as a dict with `by`, `move`, `to`.
    ///
    /// Example: `grundy.Match("nim", "3 4 5", engine_first=True).engine_move()["to"]`
    /// is `'1 4 5'`.
    fn engine_move<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let ply = self.run(py, |m| m.engine_move())?;
        to_python(py, &ply)
    }

    /// Takes back the person's last move and the engine's reply; returns
    /// the moves taken back, in the order they were played. An
    /// `InputError` when the person has not moved yet.
    ///
    /// Example: after `m.play(0)` and `m.engine_move()`, `m.undo()` gives
    /// both moves back and it is the person's turn again.
    fn undo<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let undone = self.run(py, |m| m.undo())?;
        to_python(py, &undone)
    }

    /// The good moves of the current position: a dict with `outcome`,
    /// `indices` (in `moves`, from 0: the winning moves, or the moves
    /// keeping a draw) and `text` (the hint in words).
    ///
    /// Example: `grundy.Match("nim", "1 2").hint()["indices"]` is `[2]`.
    fn hint<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let hint = self.with(py, |m| m.hint());
        to_python(py, &hint)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        self.with(py, |m| {
            format!(
                "grundy.Match({:?}, {:?})",
                m.family().name(),
                m.analysis().position
            )
        })
    }
}
