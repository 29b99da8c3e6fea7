//! `grundy.Game`: a game of the registry, a rules file or a game defined
//! by Python callables, built once and asked many questions (analyze,
//! moves, seq, quotient), each answered by the api under the game's
//! limits or the call's own.

use crate::convert::{
    int_text, keywords, option_text, position_words, py_err, registry_game, type_name, InputError,
    LimitTexts,
};
use crate::custom::{self, CallableGame, Errors, Position};
use crate::long::{self, Progress};
use crate::results::{Analysis, Quotient, Sequence};
use grundy_api::explain::Explained;
use grundy_api::{request, Family, GameError, GameOptions, Limits, Play, Registration, SeqControl};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyString, PyTuple};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Where a game comes from.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// The registry of built-in games.
    Registry,
    /// A rules file (`Game.from_rules`).
    Rules,
    /// Python callables (`Game(moves=...)`).
    Custom,
}

/// A family built under one set of limits.
pub(crate) struct Built {
    pub(crate) family: Arc<Family>,
    /// The call's limits, its time shared from the call's start
    /// ([`Limits::sharing_time`]): one time limit for the whole call.
    pub(crate) limits: Limits,
    /// The time limit when one was given (it then also bounds `seq`).
    pub(crate) explicit_time_limit: Option<Duration>,
}

/// A game, built once with its options and limits so that its tables
/// (and, for a game defined in Python, the moves its callable gave)
/// serve every question asked of it.
///
/// Three kinds:
///
/// - `Game(name, options=None, max_states=None, time_limit=None,
///   max_memory=None)`: a built-in game, `name` as listed by `games()`,
///   `options` the game's own options without dashes (`{"set": "1,3,4"}`
///   for `--set 1,3,4`).
/// - `Game(moves=f, name="custom", components=None, may_repeat=False)`:
///   a game of your own. A position is an int or a tuple of ints; `f(p)`
///   returns the list of positions one move reaches from `p` (any
///   iterable); `components(p)`, if given, the independent parts whose
///   disjunctive sum `p` is (each part indecomposable); `may_repeat=True`
///   declares that a position may come back, and cycles then give draws.
///   `seq(n)` values the int positions 0..=n; `quotient()` takes the
///   ints as heaps. Positions in answers are written as Python writes
///   them (`5`, `(3, 4)`).
/// - `Game.from_rules(path_or_text)`: a rules file (rhai), as
///   `grundy analyze --rules FILE`.
///
/// `max_states`, `time_limit` (seconds) and `max_memory` (bytes, or a
/// string like `"512M"`) bound every search as `--max-states`,
/// `--time-limit` and `--max-memory` do (by default 10**7 states, 60 s
/// and half the memory); each method also takes them for one call. An
/// explicit `time_limit` also bounds `seq`, which is otherwise bounded by
/// memory only.
///
/// Every answer is built by the same engine for all three kinds: a game
/// defined in Python gets the answers `grundy` gives for the same rules.
/// Its callables run with the GIL held, one call at a time, on the
/// call's own thread (its searches are single-threaded); an exception
/// they raise comes out of the method as that same exception object, and
/// an answer that is no list of positions as `RulesError`.
///
/// Example:
///
/// >>> def take_1_3_4(n):
/// ...     return [n - k for k in (1, 3, 4) if k <= n]
/// >>> g = grundy.Game(moves=take_1_3_4, name="take 1, 3 or 4")
/// >>> g.analyze(10).outcome, g.seq(13).values.tolist()
/// ('N', [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2])
#[pyclass(frozen, module = "grundy")]
pub(crate) struct Game {
    kind: Kind,
    registration: Registration,
    options: GameOptions,
    /// The limits given to the constructor.
    limits: LimitTexts,
    /// The family under those limits.
    family: Kept,
    pub(crate) errors: Errors,
    /// The family built for the last call that gave limits of its own,
    /// kept for the next call giving the same.
    last: Mutex<Option<(LimitTexts, Kept)>>,
}

/// A family held by a [`Game`], let go of on another thread: the tables
/// of a long search take long to free (a misère Lasker's nim search of
/// 20 s holds millions of states, 2.5 s to free with the system's
/// allocator), and a call that made them, on a `Game` made for the call
/// (`grundy.analyze("lasker", ...)`, a `Match` of a game's name), would
/// spend that time after its time limit.
struct Kept(Option<Arc<Family>>);

impl Kept {
    fn new(family: Arc<Family>) -> Kept {
        Kept(Some(family))
    }
}

impl std::ops::Deref for Kept {
    type Target = Arc<Family>;

    fn deref(&self) -> &Arc<Family> {
        self.0
            .as_ref()
            .expect("a family is held until it is dropped")
    }
}

impl Drop for Kept {
    fn drop(&mut self) {
        let Some(family) = self.0.take() else { return };
        // The last holder frees the tables on a thread of its own; if no
        // thread can be started, here.
        if Arc::strong_count(&family) == 1 {
            let _ = std::thread::Builder::new()
                .name("grundy-free".into())
                .spawn(move || drop(family));
        }
    }
}

impl Game {
    /// The game of `registration` with `options`, its family built under
    /// `limits`.
    fn build(
        py: Python<'_>,
        kind: Kind,
        registration: Registration,
        options: GameOptions,
        limits: LimitTexts,
        custom: Option<CallableGame>,
    ) -> PyResult<Game> {
        let errors = Errors {
            custom,
            options: registration.options.iter().map(|o| o.name).collect(),
        };
        let checked = limits.limits()?;
        // Building may fill a family's tables: no Python object is touched.
        let family = py
            .detach(|| registration.build(&options, &checked))
            .map_err(|e| errors.err(e))?;
        Ok(Game {
            kind,
            registration,
            options,
            limits,
            family: Kept::new(Arc::new(family)),
            errors,
            last: Mutex::new(None),
        })
    }

    /// The family for a call giving `call` limits (the game's own where
    /// it gives none).
    ///
    /// The call's time starts here, before a family is built for its
    /// limits (which may fill tables): the answer's searches end by the
    /// end of the call's one time limit ([`Game::ask`]).
    pub(crate) fn built(&self, py: Python<'_>, call: &LimitTexts) -> PyResult<Built> {
        let merged = call.over(&self.limits);
        let limits = merged.limits()?;
        let shared = limits.sharing_time();
        let explicit_time_limit = limits.max_time.filter(|_| merged.time_limit.is_some());
        if call.is_empty() {
            return Ok(Built {
                family: Arc::clone(&self.family),
                limits: shared,
                explicit_time_limit,
            });
        }
        let kept = self.last.lock().ok().and_then(|last| {
            last.as_ref()
                .filter(|(l, _)| *l == merged)
                .map(|(_, f)| Arc::clone(f))
        });
        let family = match kept {
            Some(f) => f,
            None => {
                // Built with the limits as given (the family is kept for
                // later calls), within this call's time.
                let f: Arc<Family> = Arc::new(
                    py.detach(|| {
                        shared.within_answer(|| self.registration.build(&self.options, &limits))
                    })
                    .map_err(|e| self.errors.err(e))?,
                );
                if let Ok(mut last) = self.last.lock() {
                    *last = Some((merged, Kept::new(f.clone())));
                }
                f
            }
        };
        Ok(Built {
            family,
            limits: shared,
            explicit_time_limit,
        })
    }

    /// The words of `position` as the family reads them: for a game
    /// defined in Python an int, a tuple of ints or its text; otherwise a
    /// string (split on white space) or a list of words.
    pub(crate) fn words(&self, position: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        if self.kind != Kind::Custom {
            return position_words(position);
        }
        if let Ok(s) = position.cast::<PyString>() {
            return Ok(s.to_cow()?.split_whitespace().map(str::to_string).collect());
        }
        let int_like = position.is_instance_of::<PyInt>()
            || position.is_instance_of::<PyTuple>()
            || (!position.is_instance_of::<PyBool>() && position.hasattr("__index__")?);
        if !int_like {
            return Err(PyTypeError::new_err(format!(
                "position: expected {}, got {}",
                custom::SYNTAX,
                type_name(position)
            )));
        }
        let p = Position::from_python(position)
            .map_err(|e| InputError::new_err(format!("position: {e}")))?;
        Ok(vec![p.to_string()])
    }

    /// Runs `f` on `family` without the GIL, for Python, as one answer
    /// under the call's limits ([`Limits::within_answer`]): every search
    /// `f` makes (the analysis, its explanation, the move list), and every
    /// call of a game's Python callables, ends by the end of the call's
    /// one time limit, started in [`Game::built`]. A long call
    /// ([`long::run`]): a signal (the stop button) ends it within a
    /// fraction of a second, raised as its `KeyboardInterrupt`.
    pub(crate) fn ask<T: Send>(
        &self,
        py: Python<'_>,
        built: &Built,
        f: impl FnOnce(&Family) -> Result<T, GameError> + Send,
    ) -> PyResult<T> {
        self.ask_showing(py, built, &Progress::default(), f)
    }

    /// [`Game::ask`], the counts of the work passed to `progress`.
    pub(crate) fn ask_showing<T: Send>(
        &self,
        py: Python<'_>,
        built: &Built,
        progress: &Progress,
        f: impl FnOnce(&Family) -> Result<T, GameError> + Send,
    ) -> PyResult<T> {
        let family = &*built.family;
        let limits = &built.limits;
        let errors = &self.errors;
        // A callable's failure is kept for the thread it failed on: taken
        // there.
        let (answer, fault) = long::run(py, progress, || {
            let answer = limits.within_answer(|| f(family));
            (answer, errors.take_fault())
        })?;
        self.errors.finish_taken(answer, fault)
    }

    /// A new reference to the `Game` named by `game`: `game` itself when
    /// it is one (then `options` must not be given), else the registry's
    /// game of that name built with `options` and the limits.
    pub(crate) fn named<'py>(
        py: Python<'py>,
        game: &Bound<'py, PyAny>,
        options: Option<&Bound<'py, PyDict>>,
        limits: LimitTexts,
    ) -> PyResult<(Bound<'py, Game>, LimitTexts)> {
        if let Ok(g) = game.cast::<Game>() {
            if options.is_some() {
                return Err(InputError::new_err(
                    "options=: a Game object has its options already; give them to Game(...)",
                ));
            }
            return Ok((g.clone(), limits));
        }
        let Ok(name) = game.cast::<PyString>() else {
            return Err(PyTypeError::new_err(format!(
                "game: expected a game's name (a str) or a grundy.Game, got {}",
                type_name(game)
            )));
        };
        let (registration, options) = registry_game(&name.to_cow()?, options)?;
        let g = Game::build(py, Kind::Registry, registration, options, limits, None)?;
        Ok((Bound::new(py, g)?, LimitTexts::default()))
    }
}

impl Game {
    /// `analyze` with the call's limits read.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn analyze_with(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        misere: bool,
        explain: bool,
        call: &LimitTexts,
        outcome_only: bool,
        max_moves: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Analysis> {
        let max_moves = max_moves
            .filter(|k| !k.is_none())
            .map(|k| option_text(k, "max_moves"))
            .transpose()?;
        if outcome_only && max_moves.is_some() {
            return Err(InputError::new_err(
                "outcome_only=True lists no move; max_moves= lists the first few: give one of them",
            ));
        }
        let detail = request::detail(outcome_only, max_moves.as_deref()).map_err(py_err)?;
        let words = self.words(position)?;
        let play = if misere { Play::Misere } else { Play::Normal };
        let built = self.built(py, call)?;
        let answer = self.ask(py, &built, |family| {
            let args: Vec<&str> = words.iter().map(String::as_str).collect();
            let analysis = family.analyze_with(&args, play, detail)?;
            Explained::new(family, &args, analysis, explain)
        })?;
        Ok(Analysis::new(
            answer,
            request::title(&self.registration, &self.options),
        ))
    }

    /// `seq` with the call's limits read.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn seq_with(
        &self,
        py: Python<'_>,
        n: &Bound<'_, PyAny>,
        threads: Option<&Bound<'_, PyAny>>,
        genus: bool,
        call: &LimitTexts,
        checkpoint: Option<&Bound<'_, PyAny>>,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Sequence> {
        let checkpoint = checkpoint_of(checkpoint)?;
        let progress = Progress::read(py, progress, "heap")?;
        let threads = threads.map(threads_of).transpose()?.unwrap_or(0);
        let n = seq_n(n)?;
        // A game with cycles has no sequence capability: said in its
        // Python words.
        if let Some(c) = self
            .errors
            .custom
            .as_ref()
            .filter(|_| self.family.may_repeat())
        {
            return Err(InputError::new_err(format!(
                "game '{}' was made with may_repeat=True; seq computes the values of games without cycles",
                c.name()
            )));
        }
        let mut built = self.built(py, call)?;
        if built.explicit_time_limit.is_none() {
            // Without an explicit time limit, `seq` is bounded by memory
            // only: the call is no timed answer.
            built.limits.max_time = None;
            built.limits.until = None;
        }
        // An explicit time limit ends with the call's (started before the
        // family was built).
        let shared_end = built
            .explicit_time_limit
            .and(built.limits.clock.clone().zip(built.limits.until));
        let ctl = SeqControl {
            threads,
            time_limit: built.explicit_time_limit,
            until: shared_end.as_ref().map(|(_, until)| *until),
            clock: match shared_end {
                Some((clock, _)) => Some(clock),
                None => SeqControl::default().clock,
            },
            memory_limit: Some(built.limits.max_memory),
            checkpoint,
            progress: progress.shown(),
            ..SeqControl::default()
        };
        let answer = self.ask_showing(py, &built, &progress, |family| {
            grundy_api::seq_report(family, n, &ctl, genus)
        })?;
        Ok(Sequence::new(answer))
    }

    /// `quotient` with the call's limits read.
    pub(crate) fn quotient_with(
        &self,
        py: Python<'_>,
        max_heap: Option<&Bound<'_, PyAny>>,
        call: &LimitTexts,
        checkpoint: Option<&Bound<'_, PyAny>>,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Quotient> {
        let n = max_heap_of(max_heap)?;
        let checkpoint = checkpoint_of(checkpoint)?;
        let progress = Progress::read(py, progress, "heap")?;
        let built = self.built(py, call)?;
        let ctl = grundy_api::QuotientControl {
            progress: progress.shown(),
            checkpoint,
            ..grundy_api::QuotientControl::default()
        };
        let answer = self.ask_showing(py, &built, &progress, |family| family.quotient(n, &ctl))?;
        Ok(Quotient::new(answer))
    }
}

/// The checkpoint file `checkpoint=` names (a str or a path), checked as
/// `--checkpoint FILE` is; `None` when not given.
pub(crate) fn checkpoint_of(
    checkpoint: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<std::path::PathBuf>> {
    let Some(c) = checkpoint.filter(|c| !c.is_none()) else {
        return Ok(None);
    };
    let path: std::path::PathBuf = if c.is_instance_of::<PyString>() || c.hasattr("__fspath__")? {
        c.extract()?
    } else {
        return Err(PyTypeError::new_err(format!(
            "checkpoint=: expected a file's path (a str or a pathlib.Path), got {}",
            type_name(c)
        )));
    };
    let text = path.to_string_lossy();
    request::checkpoint_file(Some(&text), None).map_err(py_err)
}

/// The number of worker threads `threads` asks for: 0 (every core) or 1
/// to 256; any other value an `InputError` naming `threads=`.
fn threads_of(threads: &Bound<'_, PyAny>) -> PyResult<usize> {
    let text = int_text(threads, "threads")?;
    grundy_api::parse_u64_in(&text, 0, request::MAX_THREADS)
        .map(|t| t as usize)
        .map_err(|e| {
            InputError::new_err(keywords(
                &format!("--threads: {e} (0 means every core)"),
                &[],
            ))
        })
}

/// The largest heap `n` of a sequence: an int from 0.
fn seq_n(n: &Bound<'_, PyAny>) -> PyResult<u64> {
    request::seq_n(&int_text(n, "n")?).map_err(py_err)
}

/// The largest heap of a quotient, `max_heap` (absent: the default), as
/// the command line reads `--max-heap`.
fn max_heap_of(max_heap: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
    let text = max_heap
        .filter(|v| !v.is_none())
        .map(|v| int_text(v, "max_heap"))
        .transpose()?;
    request::quotient_max_heap(text.as_deref()).map_err(py_err)
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (name=None, options=None, max_states=None, time_limit=None, max_memory=None, *, moves=None, components=None, may_repeat=false))]
    // One parameter per keyword argument of the Python signature.
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        name: Option<&str>,
        options: Option<&Bound<'_, PyDict>>,
        max_states: Option<&Bound<'_, PyAny>>,
        time_limit: Option<&Bound<'_, PyAny>>,
        max_memory: Option<&Bound<'_, PyAny>>,
        moves: Option<&Bound<'_, PyAny>>,
        components: Option<&Bound<'_, PyAny>>,
        may_repeat: bool,
    ) -> PyResult<Game> {
        let limits = LimitTexts::read(max_states, time_limit, max_memory)?;
        let Some(moves) = moves.filter(|m| !m.is_none()) else {
            if components.is_some_and(|c| !c.is_none()) || may_repeat {
                return Err(InputError::new_err(
                    "components= and may_repeat= define a game of your own, with moves=; a built-in game has its own",
                ));
            }
            let Some(name) = name else {
                return Err(PyTypeError::new_err(
                    "Game: give a game's name (one of grundy.games()), or moves= (a function from a position to the list of its options) for a game of your own",
                ));
            };
            let (registration, options) = registry_game(name, options)?;
            return Game::build(py, Kind::Registry, registration, options, limits, None);
        };
        if options.is_some() {
            return Err(InputError::new_err(
                "options= are a built-in game's options; a game defined by moves= takes none",
            ));
        }
        let callable = |f: &Bound<'_, PyAny>, what: &str| -> PyResult<Py<PyAny>> {
            if f.is_callable() {
                Ok(f.clone().unbind())
            } else {
                Err(PyTypeError::new_err(format!(
                    "{what}=: expected a function of a position, got {}",
                    type_name(f)
                )))
            }
        };
        let moves = callable(moves, "moves")?;
        let components = components
            .filter(|c| !c.is_none())
            .map(|c| callable(c, "components"))
            .transpose()?;
        let name = match name {
            Some(n) => n.to_string(),
            None => "custom".to_string(),
        };
        let described = |f: &Py<PyAny>| {
            let f = f.bind(py);
            f.getattr("__qualname__")
                .or_else(|_| f.getattr("__name__"))
                .map(|n| n.to_string())
                .unwrap_or_else(|_| custom::short_repr(f))
        };
        let mut rules = format!(
            "the game whose moves the Python function {} gives",
            described(&moves)
        );
        if let Some(c) = &components {
            rules.push_str(&format!(", split into components by {}", described(c)));
        }
        if may_repeat {
            rules.push_str("; positions may repeat (cycles are draws)");
        }
        let game = CallableGame::new(name, moves, components, may_repeat);
        let registration = custom::registration(game.clone(), rules);
        Game::build(
            py,
            Kind::Custom,
            registration,
            GameOptions::default(),
            limits,
            Some(game),
        )
    }

    /// A game defined by a rules file (rhai), as `grundy analyze --rules
    /// FILE` reads it: `rules` is the file's path (a str or a
    /// `pathlib.Path`) or the rules themselves as text (a str that names
    /// no file and defines functions with `fn`); `name` names a game given
    /// as text (default `"rules"`). The limits as for `Game(...)`; the
    /// rules run in the command line's sandbox.
    ///
    /// Example:
    ///
    /// >>> g = grundy.Game.from_rules("examples/rules/subtraction.rhai")
    /// >>> g.seq(10).values.tolist()
    /// [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1]
    #[staticmethod]
    #[pyo3(signature = (rules, name=None, max_states=None, time_limit=None, max_memory=None))]
    fn from_rules(
        py: Python<'_>,
        rules: &Bound<'_, PyAny>,
        name: Option<&str>,
        max_states: Option<&Bound<'_, PyAny>>,
        time_limit: Option<&Bound<'_, PyAny>>,
        max_memory: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Game> {
        let limits = LimitTexts::read(max_states, time_limit, max_memory)?;
        let registration = if let Ok(text) = rules.cast::<PyString>() {
            let text = text.to_cow()?.into_owned();
            let path = std::path::Path::new(&text);
            if (!text.contains('\n') && path.is_file()) || !text.contains("fn") {
                grundy_rules::registration(path)
            } else {
                grundy_rules::registration_from_source(
                    name.unwrap_or("rules"),
                    &text,
                    grundy_rules::Sandbox::default(),
                )
            }
        } else if rules.hasattr("__fspath__")? {
            let path: std::path::PathBuf = rules.extract()?;
            grundy_rules::registration(&path)
        } else {
            return Err(PyTypeError::new_err(format!(
                "rules: expected a path or the rules as text, got {}",
                type_name(rules)
            )));
        }
        .map_err(py_err)?;
        Game::build(
            py,
            Kind::Rules,
            registration,
            GameOptions::default(),
            limits,
            None,
        )
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

    /// Whether positions may repeat (a game with cycles, whose positions
    /// may be draws).
    #[getter]
    fn may_repeat(&self) -> bool {
        self.family.may_repeat()
    }

    /// What the game answers beyond analyses and moves, by name:
    /// `sequence` (`seq`), `genus` (`seq(genus=True)`), `quotient`,
    /// `notation` (moves typed in the game's own notation), `remoteness`
    /// (the engine plays the fastest win), `ranks` (MPI), `end_reasons`,
    /// `value_sources`, `loopy` (positions may repeat).
    ///
    /// Example:
    ///
    /// >>> "quotient" in grundy.Game("kayles").capabilities
    /// True
    #[getter]
    fn capabilities(&self) -> Vec<&'static str> {
        self.family
            .capabilities()
            .into_iter()
            .map(grundy_api::Capability::name)
            .collect()
    }

    /// Outcome, value and every winning move of `position`, as an
    /// `Analysis` (its `to_dict()` the document of `grundy analyze
    /// --json`); with `explain=True`, the reasoning too (`explanation`,
    /// as `--explain`). `position`: for a game defined in Python an int or
    /// a tuple of ints; otherwise a string such as `"3 4 5"` or a list of
    /// words. `outcome_only=True` finds no move (positions with too many
    /// to list); `max_moves=k` lists the first k. The limits bound this
    /// call only.
    ///
    /// Example:
    ///
    /// >>> grundy.Game("nim").analyze("3 4 5").winning_moves
    /// [{'move': 'heap 1: 3 -> 1', 'to': '1 4 5'}]
    #[pyo3(signature = (position, misere=false, explain=false, *, max_states=None, time_limit=None, max_memory=None, outcome_only=false, max_moves=None))]
    // One parameter per keyword argument of the Python signature.
    #[allow(clippy::too_many_arguments)]
    fn analyze(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        misere: bool,
        explain: bool,
        max_states: Option<&Bound<'_, PyAny>>,
        time_limit: Option<&Bound<'_, PyAny>>,
        max_memory: Option<&Bound<'_, PyAny>>,
        outcome_only: bool,
        max_moves: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Analysis> {
        let call = LimitTexts::read(max_states, time_limit, max_memory)?;
        self.analyze_with(
            py,
            position,
            misere,
            explain,
            &call,
            outcome_only,
            max_moves,
        )
    }

    /// Every legal move from `position`, as a list of dicts with `move`
    /// (its label) and `to` (a position `analyze` accepts), in the game's
    /// order.
    ///
    /// Example:
    ///
    /// >>> grundy.Game("nim").moves("1 2")
    /// [{'move': 'heap 1: 1 -> 0', 'to': '0 2'}, {'move': 'heap 2: 2 -> 0', 'to': '1 0'}, {'move': 'heap 2: 2 -> 1', 'to': '1 1'}]
    pub(crate) fn moves<'py>(
        &self,
        py: Python<'py>,
        position: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let words = self.words(position)?;
        let built = self.built(py, &LimitTexts::default())?;
        let answer = self.ask(py, &built, |family| {
            let args: Vec<&str> = words.iter().map(String::as_str).collect();
            family.moves(&args)
        })?;
        crate::convert::to_python(py, &answer)
    }

    /// The values of heaps 0..=n (n + 1 values, as `grundy seq -n N`)
    /// with the period found, as a `Sequence` (its `to_dict()` the
    /// document of `grundy seq --json`); with `genus=True` each heap's
    /// genus too (as `seq --genus`). For a game defined in Python the
    /// heaps are the ints 0..=n, each valued by search (at most 10**6),
    /// the period only observed. `threads`: workers (0: every core; from
    /// 0 to 256). `time_limit`, `max_memory` and `max_states` bound this
    /// call only. `checkpoint`: a file the values are kept in, as `grundy
    /// seq --checkpoint FILE` keeps them (every minute and when the call
    /// ends, also by an interrupt): the same call resumes from it.
    /// `progress`: `True` draws a tqdm bar of the heaps done, a function
    /// is called with the counts `(done, total)`. The stop button (SIGINT)
    /// raises `KeyboardInterrupt` within a fraction of a second, the
    /// checkpoint written.
    ///
    /// Example:
    ///
    /// >>> grundy.Game("kayles").seq(100).period
    /// Period(preperiod=71, period=12, proven=True)
    #[pyo3(signature = (n, threads=None, genus=false, *, time_limit=None, max_memory=None, max_states=None, checkpoint=None, progress=None))]
    // One parameter per keyword argument of the Python signature.
    #[allow(clippy::too_many_arguments)]
    fn seq(
        &self,
        py: Python<'_>,
        n: &Bound<'_, PyAny>,
        threads: Option<&Bound<'_, PyAny>>,
        genus: bool,
        time_limit: Option<&Bound<'_, PyAny>>,
        max_memory: Option<&Bound<'_, PyAny>>,
        max_states: Option<&Bound<'_, PyAny>>,
        checkpoint: Option<&Bound<'_, PyAny>>,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Sequence> {
        let call = LimitTexts::read(max_states, time_limit, max_memory)?;
        self.seq_with(py, n, threads, genus, &call, checkpoint, progress)
    }

    /// The misère quotient of heaps 0..=max_heap (default 300), as a
    /// `Quotient` (its `to_dict()` the document of `grundy quotient
    /// --json`); stops early when proven whole. Only games of heaps have
    /// one (else `InputError`); for a game defined in Python the heaps
    /// are the ints, and every option of a heap must split (by
    /// `components`) into smaller heaps. A limit hit is `LimitError`,
    /// naming the last quotient proven. Kept by the game: asked again, it
    /// is not grown again. `checkpoint` and `progress` as for `seq`
    /// (`grundy quotient --checkpoint FILE`).
    ///
    /// Example:
    ///
    /// >>> grundy.Game("kayles").quotient().order
    /// 40
    #[pyo3(signature = (max_heap=None, *, time_limit=None, max_memory=None, max_states=None, checkpoint=None, progress=None))]
    // One parameter per keyword argument of the Python signature.
    #[allow(clippy::too_many_arguments)]
    fn quotient(
        &self,
        py: Python<'_>,
        max_heap: Option<&Bound<'_, PyAny>>,
        time_limit: Option<&Bound<'_, PyAny>>,
        max_memory: Option<&Bound<'_, PyAny>>,
        max_states: Option<&Bound<'_, PyAny>>,
        checkpoint: Option<&Bound<'_, PyAny>>,
        progress: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Quotient> {
        let call = LimitTexts::read(max_states, time_limit, max_memory)?;
        self.quotient_with(py, max_heap, &call, checkpoint, progress)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        match (&self.kind, &self.errors.custom) {
            (Kind::Custom, Some(c)) => {
                let f = custom::short_repr(c.moves_callable().bind(py));
                let mut s = format!("grundy.Game(moves={f}, name={:?}", c.name());
                if let Some(comp) = c.components_callable() {
                    s.push_str(&format!(
                        ", components={}",
                        custom::short_repr(comp.bind(py))
                    ));
                }
                if self.family.may_repeat() {
                    s.push_str(", may_repeat=True");
                }
                s + ")"
            }
            (Kind::Rules, _) => format!("grundy.Game.from_rules({:?})", self.family.name()),
            _ => format!("grundy.Game({:?})", self.family.name()),
        }
    }
}
