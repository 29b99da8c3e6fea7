//! Games defined in Python: `grundy.Game(moves=f, components=g,
//! may_repeat=...)`. [`CallableGame`] implements the engine's `Rules`,
//! `Impartial` and `TextGame` by calling the Python callables, and
//! [`registration`] hands it to the api like a rules file: the api's
//! [`Adapter`] answers every question (analysis, moves, genus, misère
//! quotient, play), [`SearchedSeq`] the value sequence. Nothing here
//! builds an answer.
//!
//! Positions are ints or tuples of ints ([`Position`]); their text is
//! Python's own (`5`, `(3, 4)`, `(7,)`, `()`), so every `to` of an answer
//! reads back as a position.
//!
//! The GIL: the engine runs with the GIL released; each call of a
//! callable takes it ([`Python::attach`]) and gives it back. The searches
//! that call back into Python run on the call's own thread (crate::long,
//! while the thread that asked waits for it and polls signals; the rayon
//! phases of retrograde analysis work on the explored graph and never
//! call back), so answers for a Python-defined game are single-threaded.
//! No lock of this module is held while the GIL is taken.
//!
//! Time: a call still running at the answer's time limit is interrupted
//! (interrupt.rs), and none is made after it.
//!
//! Failures: an exception raised by a callable, or an answer that is no
//! list of positions, is kept (per thread, the first one) as the Python
//! exception object and the engine is handed a `RulesError` that stops
//! the search; the front end then raises the kept object itself
//! ([`CallableGame::take_fault`]), traceback and all.

use crate::convert::{type_name, RulesError as PyRulesError};
use crate::interrupt::Watch;
use grundy_api::searched::SearchedSeq;
use grundy_api::{Adapter, Family, GameError, Limits, Registration, SearchError};
use grundy_engine::list_memo::ListMemo;
use grundy_engine::{Impartial, Move, ParseError, Rules, RulesError, TextGame};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyInt, PyString, PyTuple};
use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};
use std::thread::ThreadId;
use std::time::Duration;

/// A position of a game defined in Python: an int or a tuple of ints
/// (64-bit). Ints sort before tuples; tuples sort by their items.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Position {
    /// An int.
    Int(i64),
    /// A tuple of ints.
    Tuple(Arc<[i64]>),
}

/// The syntax of a position, for messages and `Game.syntax`.
pub(crate) const SYNTAX: &str =
    "an int such as 5 or a tuple of ints such as (3, 4) (given as the Python value, or as that text)";

impl fmt::Display for Position {
    /// Python's `repr`: `5`, `(3, 4)`, `(7,)`, `()`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Position::Int(k) => write!(f, "{k}"),
            Position::Tuple(items) => {
                f.write_str("(")?;
                for (i, k) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{k}")?;
                }
                f.write_str(if items.len() == 1 { ",)" } else { ")" })
            }
        }
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl Position {
    /// Reads the text [`Position`]'s `Display` writes (white space
    /// anywhere between the parts, a trailing comma in a tuple allowed).
    pub(crate) fn parse(text: &str) -> Result<Position, String> {
        let t = text.trim();
        let int = |s: &str| -> Result<i64, String> {
            let s = s.trim();
            s.parse::<i64>().map_err(|_| {
                if !s.is_empty()
                    && s.trim_start_matches(['-', '+'])
                        .bytes()
                        .all(|b| b.is_ascii_digit())
                {
                    format!("'{s}' is outside the 64-bit range of a position's ints")
                } else {
                    format!("'{s}' is not an int")
                }
            })
        };
        let Some(inner) = t.strip_prefix('(') else {
            return int(t).map(Position::Int);
        };
        let inner = inner
            .strip_suffix(')')
            .ok_or_else(|| format!("'{t}' opens a tuple it does not close"))?;
        if inner.trim().is_empty() {
            return Ok(Position::Tuple(Arc::from([])));
        }
        let mut parts: Vec<&str> = inner.split(',').collect();
        if parts.len() > 1 && parts.last().is_some_and(|s| s.trim().is_empty()) {
            parts.pop();
        }
        let items = parts.into_iter().map(int).collect::<Result<Vec<_>, _>>()?;
        Ok(Position::Tuple(items.into()))
    }

    /// The Python value: an int or a tuple of ints.
    pub(crate) fn to_python<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(match self {
            Position::Int(k) => k.into_pyobject(py)?.into_any(),
            Position::Tuple(items) => PyTuple::new(py, items.iter())?.into_any(),
        })
    }

    /// The position a Python value is, or what is wrong with it (a
    /// phrase completing "... is ").
    pub(crate) fn from_python(value: &Bound<'_, PyAny>) -> Result<Position, String> {
        if let Ok(t) = value.cast::<PyTuple>() {
            let mut items = Vec::with_capacity(t.len());
            for (i, item) in t.iter().enumerate() {
                items.push(int_of(&item).map_err(|e| {
                    format!("{}, a tuple whose item {i} is {e}", short_repr(value))
                })?);
            }
            return Ok(Position::Tuple(items.into()));
        }
        int_of(value).map(Position::Int)
    }
}

/// The int `value` holds (an int, or an object with `__index__` such as
/// numpy's integers; not a bool), or what is wrong with it.
fn int_of(value: &Bound<'_, PyAny>) -> Result<i64, String> {
    let described = || {
        format!(
            "{} (a {}), not an int or a tuple of ints",
            short_repr(value),
            type_name(value)
        )
    };
    if value.is_instance_of::<PyBool>() {
        return Err(described());
    }
    let index = if value.is_instance_of::<PyInt>() {
        value.clone()
    } else if value.hasattr("__index__").unwrap_or(false) {
        value.call_method0("__index__").map_err(|_| described())?
    } else {
        return Err(described());
    };
    index.extract::<i64>().map_err(|_| {
        format!(
            "{}, an int outside the 64-bit range of a position (-2**63 to 2**63 - 1)",
            short_repr(value)
        )
    })
}

/// `repr(value)`, at most 80 characters.
pub(crate) fn short_repr(value: &Bound<'_, PyAny>) -> String {
    let text = value
        .repr()
        .map(|r| r.to_string())
        .unwrap_or_else(|_| "<unprintable>".into());
    match text.char_indices().nth(80) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text,
    }
}

type Memo = ListMemo<Position>;

/// A game whose moves (and, optionally, components) are Python callables.
/// Cheap to clone: clones share the callables, the memo and the faults.
#[derive(Clone)]
pub(crate) struct CallableGame {
    inner: Arc<Inner>,
}

struct Inner {
    name: String,
    moves: Py<PyAny>,
    components: Option<Py<PyAny>>,
    may_repeat: bool,
    options: Memo,
    parts: Memo,
    /// The first failure of a callable on each thread, until the front
    /// end takes it.
    faults: Mutex<HashMap<ThreadId, PyErr>>,
}

/// Which callable to call.
#[derive(Clone, Copy)]
enum Callable {
    Moves,
    Components,
}

impl Callable {
    fn name(self) -> &'static str {
        match self {
            Callable::Moves => "moves",
            Callable::Components => "components",
        }
    }
}

impl CallableGame {
    /// The game named `name` whose options are `moves(p)` and whose
    /// independent parts are `components(p)` (each part one component);
    /// `may_repeat` declares that positions may come back (cycles).
    pub(crate) fn new(
        name: String,
        moves: Py<PyAny>,
        components: Option<Py<PyAny>>,
        may_repeat: bool,
    ) -> CallableGame {
        CallableGame {
            inner: Arc::new(Inner {
                name,
                moves,
                components,
                may_repeat,
                options: ListMemo::default(),
                parts: ListMemo::default(),
                faults: Mutex::default(),
            }),
        }
    }

    /// The game's name.
    pub(crate) fn name(&self) -> &str {
        &self.inner.name
    }

    /// The moves callable.
    pub(crate) fn moves_callable(&self) -> &Py<PyAny> {
        &self.inner.moves
    }

    /// The components callable, if any.
    pub(crate) fn components_callable(&self) -> Option<&Py<PyAny>> {
        self.inner.components.as_ref()
    }

    /// The first failure of a callable on this thread since the last
    /// call, as the Python exception to raise (the callable's own, or a
    /// `grundy.RulesError` saying what it answered).
    pub(crate) fn take_fault(&self) -> Option<PyErr> {
        self.inner
            .faults
            .lock()
            .ok()?
            .remove(&std::thread::current().id())
    }

    /// The time limit of the answer this thread is working out, when it
    /// has passed: the engine's deadline of the front end's call
    /// ([`grundy_engine::clock::answer_limit`], set by
    /// `Limits::within_answer` around every call), read at each call of a
    /// callable. The engine's searches read it only every million
    /// options or so, which a slow callable may take minutes to list.
    fn expired(&self) -> Option<Duration> {
        if !grundy_engine::clock::answer_time_passed() {
            return None;
        }
        grundy_engine::clock::answer_limit().map(|(limit, _, _)| limit)
    }

    /// Keeps `e` as this thread's failure (unless one is kept already) and
    /// returns the engine's error, `summary`, that stops the search.
    fn fault(&self, e: PyErr, summary: String) -> RulesError {
        if let Ok(mut faults) = self.inner.faults.lock() {
            faults.entry(std::thread::current().id()).or_insert(e);
        }
        RulesError::new(summary)
    }

    fn faulted(&self) -> bool {
        self.inner
            .faults
            .lock()
            .map(|f| f.contains_key(&std::thread::current().id()))
            .unwrap_or(false)
    }

    /// Calls `which(p)` with the GIL and reads its answer as positions.
    fn call(&self, which: Callable, p: &Position) -> Result<Vec<Position>, RulesError> {
        let what = format!("{}({p})", which.name());
        if self.faulted() {
            // A failure is pending: stop at once rather than call again.
            return Err(RulesError::new(format!(
                "game '{}': {what} not called after an earlier failure",
                self.name()
            )));
        }
        Python::attach(|py| {
            if let Some(limit) = self.expired() {
                let e = SearchError::TimeLimit(limit);
                return Err(self.fault(
                    crate::convert::py_err(GameError::Search(e.clone())),
                    e.to_string(),
                ));
            }
            // Ctrl-C in a long search: the KeyboardInterrupt is raised
            // (on the main thread; a call's own thread sees its watch
            // raised by the thread that waits for it, crate::long).
            if let Err(e) = py.check_signals() {
                return Err(self.fault(e, format!("interrupted before {what}")));
            }
            if grundy_engine::interrupt::raised() {
                return Err(self.fault(
                    pyo3::exceptions::PyKeyboardInterrupt::new_err(format!(
                        "interrupted before {what}"
                    )),
                    format!("interrupted before {what}"),
                ));
            }
            let f = match which {
                Callable::Moves => self.inner.moves.bind(py),
                Callable::Components => match &self.inner.components {
                    Some(f) => f.bind(py),
                    None => return Ok(vec![p.clone()]),
                },
            };
            let arg = p
                .to_python(py)
                .map_err(|e| self.fault(e, format!("cannot pass {p} to Python")))?;
            // Interrupted at the answer's time limit, the call and the
            // reading of its answer (an iterable runs Python code too): a
            // callable looping for seconds held the answer that long.
            let watch = Watch::start(py);
            let answer = f
                .call1((arg,))
                .map_err(Stop::Raised)
                .and_then(|a| self.positions(&a));
            // Interrupted, or answered after the watchdog raised: the
            // answer's time is up either way.
            let answer = match watch.and_then(|w| w.finish(py)) {
                Some(limit) => Err(Stop::Limit(SearchError::TimeLimit(limit))),
                None => answer,
            };
            answer.map_err(|stop| match stop {
                Stop::Raised(e) => {
                    let summary = format!(
                        "game '{}': {what} raised {}",
                        self.name(),
                        e.value(py)
                            .repr()
                            .map(|r| r.to_string())
                            .unwrap_or_default()
                    );
                    self.fault(e, summary)
                }
                Stop::Problem(problem) => {
                    let message = format!("game '{}': {what} returned {problem}", self.name());
                    self.fault(PyRulesError::new_err(message.clone()), message)
                }
                Stop::Limit(e) => self.fault(
                    crate::convert::py_err(GameError::Search(e.clone())),
                    e.to_string(),
                ),
            })
        })
    }

    /// The positions a callable answered (any iterable of positions but
    /// a str, bytes or dict), or what is wrong with the answer.
    /// Stops at a limit while reading a long iterable: every 65,536 items
    /// the answer's clock is read and the positions held are admitted
    /// against the answer's memory budget (`moves=lambda n: range(n)` at
    /// 10^8, or `itertools.count()`, grew until the system refused an
    /// allocation and the interpreter aborted).
    fn positions(&self, answer: &Bound<'_, PyAny>) -> Result<Vec<Position>, Stop> {
        let not_a_list = || {
            format!(
                "{} (a {}), not a list of positions ({SYNTAX})",
                short_repr(answer),
                type_name(answer)
            )
        };
        if answer.is_instance_of::<PyString>()
            || answer.is_instance_of::<PyBytes>()
            || answer.is_instance_of::<pyo3::types::PyDict>()
        {
            return Err(Stop::Problem(not_a_list()));
        }
        let items = answer.try_iter().map_err(|_| Stop::Problem(not_a_list()))?;
        let mut out = Vec::new();
        for (i, item) in items.enumerate() {
            if i % (1 << 16) == (1 << 16) - 1 {
                if let Some(limit) = self.expired() {
                    return Err(Stop::Limit(SearchError::TimeLimit(limit)));
                }
                let held =
                    (i as u64 + 1).saturating_mul(2 * std::mem::size_of::<Position>() as u64);
                grundy_engine::memory::admit(held, grundy_engine::memory::answer_max_memory())
                    .map_err(Stop::Limit)?;
            }
            let item = item
                .map_err(|e| Stop::Problem(format!("an iterable that failed at item {i}: {e}")))?;
            out.push(
                Position::from_python(&item)
                    .map_err(|e| Stop::Problem(format!("a list whose item {i} is {e}")))?,
            );
        }
        Ok(out)
    }
}

/// Why a call of a callable, or the reading of its answer, stopped.
enum Stop {
    /// The callable raised this exception.
    Raised(PyErr),
    /// The answer is no list of positions: what is wrong with it.
    Problem(String),
    /// A limit was hit while reading it.
    Limit(SearchError),
}

impl Rules for CallableGame {
    type Position = Position;

    fn options(&self, p: &Position) -> Result<Vec<Position>, RulesError> {
        let list = self
            .inner
            .options
            .get_or_compute(p, || self.call(Callable::Moves, p))?;
        Ok(list.to_vec())
    }

    fn may_repeat(&self) -> bool {
        self.inner.may_repeat
    }
}

impl Impartial for CallableGame {
    fn components(&self, p: &Position) -> Result<Vec<Position>, RulesError> {
        if self.inner.components.is_none() {
            return Ok(vec![p.clone()]);
        }
        let list = self
            .inner
            .parts
            .get_or_compute(p, || self.call(Callable::Components, p))?;
        Ok(list.to_vec())
    }
}

impl TextGame for CallableGame {
    /// The words joined by single spaces, read as [`Position::parse`].
    fn parse(&self, args: &[&str]) -> Result<Position, ParseError> {
        let text = args.join(" ");
        Position::parse(&text).map_err(|e| {
            ParseError::new(format!(
                "'{text}' is no position of game '{}': {e}; a position is {SYNTAX}",
                self.name()
            ))
        })
    }

    fn format(&self, p: &Position) -> String {
        p.to_string()
    }

    /// The options, each labelled by the position it leads to.
    fn moves(&self, p: &Position) -> Result<Vec<Move<Position>>, RulesError> {
        Ok(self
            .options(p)?
            .into_iter()
            .map(|to| Move {
                label: to.to_string(),
                to,
            })
            .collect())
    }
}

/// The one-heap position of size `k`: the int `k`.
fn heap(k: u64) -> Position {
    Position::Int(i64::try_from(k).unwrap_or(i64::MAX))
}

/// The registration of `game`: the family it builds is the api's
/// [`Adapter`] around it (heaps are the ints 0, 1, 2, ... for `seq`,
/// `seq --genus` and the misère quotient), the sequence by
/// [`SearchedSeq`]. It takes no game-specific options.
pub(crate) fn registration(game: CallableGame, rules: String) -> Registration {
    let name = game.name().to_string();
    Registration::new(
        name,
        rules,
        SYNTAX,
        "",
        Vec::new(),
        move |_options, limits: &Limits| Ok(family(game.clone(), limits)),
    )
}

fn family(game: CallableGame, limits: &Limits) -> Family {
    let adapter = Adapter::new(game.name().to_string(), game.clone(), limits);
    // A game with cycles has no values to sequence, and no quotient.
    if game.may_repeat() {
        return adapter.family();
    }
    let searched = SearchedSeq::new(Arc::new(game), limits);
    adapter
        .with_heaps(heap)
        .with_heap_quotient(None, |p: &Position| match p {
            Position::Int(k) => u64::try_from(*k).ok(),
            Position::Tuple(_) => None,
        })
        .with_seq(Box::new(move |_: &CallableGame, name, n, ctl| {
            searched.report(name, n, ctl, |k| Ok(heap(k)))
        }))
        .family()
}

/// How a game's errors reach Python: the failure a callable left on this
/// thread first (the very exception it raised), then the api's error
/// with the Python keywords, a cycle in a game made without
/// `may_repeat=True` saying so.
#[derive(Clone, Default)]
pub(crate) struct Errors {
    /// The game defined in Python, if it is one.
    pub(crate) custom: Option<CallableGame>,
    /// The game's own option names (`set` of `subtraction`).
    pub(crate) options: Vec<&'static str>,
}

impl Errors {
    /// The Python exception for `e`.
    pub(crate) fn err(&self, e: GameError) -> PyErr {
        if let Some(custom) = &self.custom {
            if let Some(fault) = custom.take_fault() {
                return fault;
            }
            if let GameError::Search(SearchError::Cycle(at)) = &e {
                return crate::convert::InputError::new_err(format!(
                    "game '{}' has a cycle through {at}: a move sequence comes back to it; a game whose positions may repeat is made with Game(moves=..., may_repeat=True), and its cycles are draws",
                    custom.name()
                ));
            }
        }
        crate::convert::py_err_for(e, &self.options)
    }

    /// The failure a callable left on this thread, taken (the thread that
    /// did the work, for [`Errors::finish_taken`] on the one that asked).
    pub(crate) fn take_fault(&self) -> Option<PyErr> {
        self.custom.as_ref().and_then(CallableGame::take_fault)
    }

    /// [`Errors::finish`] of an answer worked out on another thread,
    /// `fault` the failure taken there ([`Errors::take_fault`]): it wins.
    pub(crate) fn finish_taken<T>(
        &self,
        r: Result<T, GameError>,
        fault: Option<PyErr>,
    ) -> PyResult<T> {
        match fault {
            Some(fault) => Err(fault),
            None => self.finish(r),
        }
    }

    /// `r` for Python: its error as [`Errors::err`] makes it; an answer
    /// reached although a callable failed (a search that read the failure
    /// as "no answer" and went on) gives way to that failure.
    pub(crate) fn finish<T>(&self, r: Result<T, GameError>) -> PyResult<T> {
        match r {
            Ok(v) => match self.custom.as_ref().and_then(CallableGame::take_fault) {
                Some(fault) => Err(fault),
                None => Ok(v),
            },
            Err(e) => Err(self.err(e)),
        }
    }
}
