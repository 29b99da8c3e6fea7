//! The Python package `grundy`: the built-in games of the registry, games
//! written as rules files, and games defined by Python callables, asked
//! through one class, `Game` (analyze, moves, seq, quotient), the
//! functions `analyze`, `moves`, `seq`, `quotient` and `games`, and
//! `Match`, a game against the engine by the rules of `grundy play`
//! ([`grundy_api::Match`]).
//!
//! Every answer is built by the api (or below) and shown here: the typed
//! answers of results.rs hold the api's reports, their `to_dict()` the
//! command line's JSON document made by the same serialisation. A game
//! defined in Python is a family the api builds like a rules file
//! (custom.rs). Bad input is checked by [`grundy_api::request`] with the
//! command line's messages, in which the flags are named by the Python
//! keywords, and raised as `InputError` (a `ValueError`), a hit search
//! limit as `LimitError`, a failure of a game's own rules as `RulesError`,
//! all subclasses of `GrundyError`; a bug as `RuntimeError`. Searches and
//! sequence runs work on a thread of their own while the caller waits
//! without the GIL (long.rs), so other Python threads run meanwhile and
//! the stop button (SIGINT) raises `KeyboardInterrupt` within a fraction
//! of a second; every search obeys its limits (by default ten million
//! states and 60 seconds, as on the command line), so a call always
//! returns.

mod convert;
mod custom;
mod extras;
mod game;
mod interrupt;
mod long;
mod play;
mod results;

/// The system allocator, counted: every search's memory budget
/// (`max_memory=`) reads the bytes this module holds.
#[global_allocator]
static GLOBAL: grundy_api::memory::CountingAlloc<std::alloc::System> =
    grundy_api::memory::CountingAlloc(std::alloc::System, grundy_api::memory::Blocks::Malloc);

use convert::{GrundyError, InputError, LimitError, LimitTexts, RulesError};
use game::Game;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use results::{Analysis, Period, Quotient, Sequence};

/// Every built-in game, as the list of `grundy games --json`: dicts with
/// `name`, `rules`, `syntax`, `options` and `example`.
///
/// Example:
///
/// >>> [g["name"] for g in grundy.games()][:3]
/// ['nim', 'bash', 'bounded-nim']
#[pyfunction]
fn games(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    let text = grundy_api::render::games_json(&grundy_games::registry());
    py.import("json")?.call_method1("loads", (text,))
}

/// `analyze(game, position, misere=False, options=None, max_states=None,
/// time_limit=None, explain=False, max_memory=None, *,
/// outcome_only=False, max_moves=None)`: the `Analysis` of `position` in
/// `game` (a built-in game's name, with its `options`, or a `Game`), as
/// `Game.analyze` gives it.
///
/// Example:
///
/// >>> a = grundy.analyze("nim", "3 4 5")
/// >>> a.outcome, a.value
/// ('N', 2)
#[pyfunction]
#[pyo3(signature = (game, position, misere=false, options=None, max_states=None, time_limit=None, explain=false, max_memory=None, *, outcome_only=false, max_moves=None))]
// One parameter per keyword argument of the Python signature.
#[allow(clippy::too_many_arguments)]
fn analyze<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    position: &Bound<'py, PyAny>,
    misere: bool,
    options: Option<&Bound<'py, PyDict>>,
    max_states: Option<&Bound<'py, PyAny>>,
    time_limit: Option<&Bound<'py, PyAny>>,
    explain: bool,
    max_memory: Option<&Bound<'py, PyAny>>,
    outcome_only: bool,
    max_moves: Option<&Bound<'py, PyAny>>,
) -> PyResult<Analysis> {
    let limits = LimitTexts::read(max_states, time_limit, max_memory)?;
    // One time limit for the whole call, the game's build included (a
    // graph of 10^6 edges was built for seconds past time_limit=1 before
    // the analysis's own time started).
    limits.limits()?.sharing_time().within_answer(|| {
        let (g, call) = Game::named(py, game, options, limits)?;
        g.get().analyze_with(
            py,
            position,
            misere,
            explain,
            &call,
            outcome_only,
            max_moves,
        )
    })
}

/// `moves(game, position, options=None, max_states=None,
/// max_memory=None, time_limit=None)`: every legal move as dicts with
/// `move` and `to`.
///
/// Example:
///
/// >>> [m["to"] for m in grundy.moves("nim", "1 2")]
/// ['0 2', '1 0', '1 1']
#[pyfunction]
#[pyo3(signature = (game, position, options=None, max_states=None, max_memory=None, time_limit=None))]
fn moves<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    position: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyDict>>,
    max_states: Option<&Bound<'py, PyAny>>,
    max_memory: Option<&Bound<'py, PyAny>>,
    time_limit: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let limits = LimitTexts::read(max_states, time_limit, max_memory)?;
    // One time limit for the whole call, the game's build included.
    limits.limits()?.sharing_time().within_answer(|| {
        let (g, call) = Game::named(py, game, options, limits)?;
        if call.is_empty() {
            return g.get().moves(py, position);
        }
        let words = g.get().words(position)?;
        let built = g.get().built(py, &call)?;
        let answer = g.get().ask(py, &built, |family| {
            let args: Vec<&str> = words.iter().map(String::as_str).collect();
            family.moves(&args)
        })?;
        convert::to_python(py, &answer)
    })
}

/// `seq(game, n, options=None, time_limit=None, threads=0,
/// max_memory=None, genus=False, max_states=None, *, checkpoint=None,
/// progress=None)`: the `Sequence` of heaps 0..=n of `game` (a name with
/// its `options`, or a `Game`), as `Game.seq` gives it: resumed from and
/// kept in `checkpoint`, its counts shown by `progress` (`True`: a tqdm
/// bar; a function of `(done, total)`), ended by the stop button within
/// a fraction of a second (`KeyboardInterrupt`, the checkpoint kept).
///
/// Example:
///
/// >>> grundy.seq("kayles", 1000).period
/// Period(preperiod=71, period=12, proven=True)
#[pyfunction]
#[pyo3(signature = (game, n, options=None, time_limit=None, threads=None, max_memory=None, genus=false, max_states=None, *, checkpoint=None, progress=None))]
// One parameter per keyword argument of the Python signature.
#[allow(clippy::too_many_arguments)]
fn seq<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    n: &Bound<'py, PyAny>,
    options: Option<&Bound<'py, PyDict>>,
    time_limit: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    max_memory: Option<&Bound<'py, PyAny>>,
    genus: bool,
    max_states: Option<&Bound<'py, PyAny>>,
    checkpoint: Option<&Bound<'py, PyAny>>,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Sequence> {
    let limits = LimitTexts::read(max_states, time_limit, max_memory)?;
    let (g, call) = Game::named(py, game, options, limits)?;
    g.get()
        .seq_with(py, n, threads, genus, &call, checkpoint, progress)
}

/// `quotient(game, max_heap=None, options=None, time_limit=None,
/// max_memory=None, max_states=None, *, checkpoint=None, progress=None)`:
/// the misère `Quotient` of a game of heaps (a name with its `options`,
/// or a `Game`), as `Game.quotient` gives it.
///
/// Example:
///
/// >>> grundy.quotient("octal", options={"code": "0.33"}).order
/// 6
#[pyfunction]
#[pyo3(signature = (game, max_heap=None, options=None, time_limit=None, max_memory=None, max_states=None, *, checkpoint=None, progress=None))]
// One parameter per keyword argument of the Python signature.
#[allow(clippy::too_many_arguments)]
fn quotient<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyAny>,
    max_heap: Option<&Bound<'_, PyAny>>,
    options: Option<&Bound<'py, PyDict>>,
    time_limit: Option<&Bound<'py, PyAny>>,
    max_memory: Option<&Bound<'py, PyAny>>,
    max_states: Option<&Bound<'py, PyAny>>,
    checkpoint: Option<&Bound<'py, PyAny>>,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Quotient> {
    let limits = LimitTexts::read(max_states, time_limit, max_memory)?;
    let (g, call) = Game::named(py, game, options, limits)?;
    g.get()
        .quotient_with(py, max_heap, &call, checkpoint, progress)
}

/// `survey(codes, n=None, *, misere=False, max_heap=None, threads=None,
/// time_limit=None, max_memory=None, checkpoint=None)`: the lines of
/// `grundy survey --json` as dicts, one a code of `codes` (a list such as
/// `"0.xy,4.7"`, patterns as on the command line), in its order: with
/// `n`, each code's value sequence to heap `n`; with `misere=True`, each
/// code's misère quotient to `max_heap` (default 300), `time_limit`
/// seconds a code, resumed from and kept in `checkpoint` (a str or a
/// path); `progress` shows the counts of codes done (`True`: a tqdm bar;
/// a function of `(done, total)`); the stop button raises
/// `KeyboardInterrupt` once the codes under way end, the finished ones
/// kept in the checkpoint.
///
/// Example:
///
/// >>> [l["order"] for l in grundy.survey("0.75,0.77", misere=True)]
/// [8, 40]
#[pyfunction]
#[pyo3(signature = (codes, n=None, *, misere=false, max_heap=None, threads=None, time_limit=None, max_memory=None, checkpoint=None, progress=None))]
// One parameter per keyword argument of the Python signature.
#[allow(clippy::too_many_arguments)]
fn survey<'py>(
    py: Python<'py>,
    codes: &str,
    n: Option<&Bound<'py, PyAny>>,
    misere: bool,
    max_heap: Option<&Bound<'py, PyAny>>,
    threads: Option<&Bound<'py, PyAny>>,
    time_limit: Option<&Bound<'py, PyAny>>,
    max_memory: Option<&Bound<'py, PyAny>>,
    checkpoint: Option<&Bound<'py, PyAny>>,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let int = |v: Option<&Bound<'py, PyAny>>, what: &str| {
        v.filter(|v| !v.is_none())
            .map(|v| convert::int_text(v, what))
            .transpose()
    };
    let (n, max_heap, threads) = (
        int(n, "n")?,
        int(max_heap, "max_heap")?,
        int(threads, "threads")?,
    );
    let limits = LimitTexts::read(None, time_limit, max_memory)?;
    let checkpoint = game::checkpoint_of(checkpoint)?;
    let checkpoint = checkpoint.as_ref().map(|p| p.to_string_lossy());
    let progress = long::Progress::read(py, progress, "code")?;
    let text = grundy_api::survey_request::SurveyText {
        codes,
        n: n.as_deref(),
        misere,
        max_heap: max_heap.as_deref(),
        threads: threads.as_deref(),
        time_limit: limits.time_limit.as_deref(),
        max_memory: limits.max_memory.as_deref(),
        checkpoint: checkpoint.as_deref(),
        json: true,
    };
    let request = grundy_api::survey_request::Survey::new(&text).map_err(convert::py_err)?;
    let rows = long::run(py, &progress, || {
        let mut rows = Vec::new();
        request
            .run(None, &mut |row| {
                rows.push(row);
                Ok(())
            })
            .map(|()| rows)
    })?
    .map_err(convert::py_err)?;
    convert::to_python(py, &rows)
}

/// The module `grundy`.
#[pymodule]
fn grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    // Python shows the counts of long calls itself (`progress=`): the
    // engine draws no bar on stderr.
    grundy_engine::interrupt::draw_bars(false);
    m.add("GrundyError", py.get_type::<GrundyError>())?;
    m.add("InputError", py.get_type::<InputError>())?;
    m.add("LimitError", py.get_type::<LimitError>())?;
    m.add("RulesError", py.get_type::<RulesError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<Game>()?;
    m.add_class::<play::PyMatch>()?;
    m.add_class::<Analysis>()?;
    m.add_class::<Sequence>()?;
    m.add_class::<Period>()?;
    m.add_class::<Quotient>()?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add_function(wrap_pyfunction!(moves, m)?)?;
    m.add_function(wrap_pyfunction!(seq, m)?)?;
    m.add_function(wrap_pyfunction!(survey, m)?)?;
    m.add_function(wrap_pyfunction!(quotient, m)?)?;
    m.add_function(wrap_pyfunction!(extras::to_pandas, m)?)?;
    m.add_function(wrap_pyfunction!(extras::to_polars, m)?)?;
    Ok(())
}
