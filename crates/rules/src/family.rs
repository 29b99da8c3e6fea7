//! A rules file as a [`Family`]: the engine's [`Adapter`] around a
//! [`ScriptGame`], with the script's clock started at every command,
//! `seq` through `heap(n)`; games with cycles (`loopy()`) go to the
//! engine's retrograde analysis like any game whose positions may repeat.

use crate::game::ScriptGame;
use crate::sandbox::Sandbox;
use grundy_api::{
    Adapter, Family, GameError, GameOptions, Genus, GenusSequence, Limits, MisereQuotient,
    QuotientControl, QuotientReport, Registration, Scope, SearchError, SeqReport, SeqValues,
    ValueSequence,
};
use grundy_engine::{Deadline, SharedClock, Solver};
use grundy_sequence::Control;
use std::path::Path;
use std::sync::{Arc, Mutex};

/// Largest file accepted as rules: a game's rules fit in far less, and the
/// bound keeps a wrong path (a disk image, say) from being read whole.
const MAX_FILE_BYTES: u64 = 1 << 20;

/// Most heaps `seq` computes for a rules game: each is a search through
/// the script, so larger runs belong in a built-in family.
pub const MAX_SEQ_HEAP: u64 = 1_000_000;

/// Reads and compiles the rules file at `path` and returns its
/// registration: the family it builds is named after the file as given,
/// takes no game-specific options and runs in the default [`Sandbox`].
///
/// Errors (bad input, exit status 2): the file cannot be read or is too
/// large, does not parse (line and column), or lacks a function.
pub fn registration(path: &Path) -> Result<Registration, GameError> {
    let file = path.display().to_string();
    let source = read_bounded(path, MAX_FILE_BYTES)
        .map_err(|e| GameError::Input(format!("cannot read rules file '{file}': {e}")))?;
    registration_from_source(&file, &source, Sandbox::default())
}

/// The text of the file at `path`, read up to one byte past `max` and no
/// further: a device or pipe without end (`/dev/zero`), whose size the
/// file system does not know, is refused at the bound like a big file.
///
/// A named pipe or socket is refused before it is opened: opening a pipe
/// waits for a writer, for ever if none comes (`mkfifo` then `--rules`
/// hung past any time limit).
fn read_bounded(path: &Path, max: u64) -> Result<String, String> {
    use std::io::Read;
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if let Ok(meta) = std::fs::metadata(path) {
            let t = meta.file_type();
            if t.is_fifo() || t.is_socket() {
                return Err(
                    "it is a named pipe or a socket, not a file; give a regular file".into(),
                );
            }
        }
    }
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    if let Ok(meta) = file.metadata() {
        if meta.is_dir() {
            return Err("it is a directory".into());
        }
        if meta.len() > max {
            return Err(format!(
                "it is {} bytes; at most {max} are read",
                meta.len()
            ));
        }
    }
    let mut bytes = Vec::new();
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    if bytes.len() as u64 > max {
        return Err(format!(
            "it is longer than {max} bytes, the most that are read"
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "it is not UTF-8 text (byte {} is not)",
            e.utf8_error().valid_up_to()
        )
    })
}

/// The registration of rules `source` named `file`, under `sandbox`.
/// The source is compiled and checked now, so its errors surface before
/// any position is read.
pub fn registration_from_source(
    file: &str,
    source: &str,
    sandbox: Sandbox,
) -> Result<Registration, GameError> {
    let game = ScriptGame::compile(file, source, sandbox).map_err(GameError::Input)?;
    let syntax = "whatever the rules file's parse(text) reads (the position arguments joined by single spaces)";
    let example = "";
    let rules = format!("the game defined by the rules file '{file}'");
    Ok(Registration::new(
        file,
        rules,
        syntax,
        example,
        Vec::new(),
        move |_options: &GameOptions, limits: &Limits| Ok(script_family(game.clone(), limits)),
    ))
}

/// What runs around every question the [`Adapter`] of a rules file
/// answers: the script's clock started, a cycle in a file that declares
/// none worded as such, a failed `format` made the answer's error.
struct ScriptScope {
    game: ScriptGame,
    /// The script's total time per command: the family's time limit.
    budget: Option<std::time::Duration>,
    /// The clock it is measured on: the family's ([`Limits::clock`]).
    clock: Option<SharedClock>,
    /// The memory budget of every command ([`Limits::max_memory`]).
    max_memory: u64,
}

impl ScriptScope {
    /// Hands the script the deadline of a command starting now, `budget`
    /// on the family's clock, and forgets any earlier failed `format` and
    /// earlier printed lines.
    fn start(&self, budget: Option<std::time::Duration>) {
        self.game
            .start_deadline(Deadline::start(budget, self.clock.as_ref()));
        self.game.limit_memory(self.max_memory);
        let _ = self.game.take_format_error();
        let _ = self.game.take_printed();
    }

    /// Runs one command with the script's clock started for `budget`,
    /// its error worded, a failed `format` made its error.
    fn run<T>(
        &self,
        budget: Option<std::time::Duration>,
        run: impl FnOnce() -> Result<T, GameError>,
    ) -> Result<T, GameError> {
        self.start(budget);
        let answer = run().map_err(|e| self.word(e))?;
        match self.fault() {
            Some(e) => Err(e),
            None => Ok(answer),
        }
    }
}

impl Scope for ScriptScope {
    fn enter(&self) {
        self.start(self.budget);
    }

    fn word(&self, e: GameError) -> GameError {
        match e {
            GameError::Search(SearchError::Cycle(at)) => GameError::Input(format!(
                "rules file '{}': the game has a cycle through {at}; a game whose positions may repeat declares fn loopy() {{ true }}",
                self.game.file()
            )),
            e => e,
        }
    }

    fn fault(&self) -> Option<GameError> {
        self.game.take_format_error().map(GameError::Input)
    }

    /// The lines the file printed, bounded ([`ScriptGame::take_printed`]).
    fn notes(&self) -> Vec<String> {
        self.game.take_printed()
    }
}

/// What a rules file answers beyond the engine's [`Adapter`]: the value
/// sequence, genus and misère quotient of `heap(n)`.
struct ScriptHeaps {
    game: ScriptGame,
    scope: Arc<ScriptScope>,
    adapter: Arc<Adapter<ScriptGame>>,
    limits: Limits,
    seq_solver: Mutex<Option<Solver<ScriptGame>>>,
}

/// The family of a rules game under search `limits` (the script's total
/// time per command is `limits.max_time`): the engine's [`Adapter`] with
/// every capability it gives any game (remoteness play, analyses across
/// ranks for a file declaring `loopy()`), and, for a file that defines
/// `heap(n)` and no cycles, the value sequence, genus and misère quotient
/// of its heaps.
pub fn script_family(game: ScriptGame, limits: &Limits) -> Family {
    let scope = Arc::new(ScriptScope {
        game: game.clone(),
        budget: limits.max_time,
        clock: limits.clock.clone(),
        max_memory: limits.max_memory,
    });
    let adapter = Arc::new(
        Adapter::new(game.file().to_string(), game.clone(), limits).with_scope(scope.clone()),
    );
    let heaps = (game.has_heap() && !game.is_loopy()).then(|| {
        Arc::new(ScriptHeaps {
            game,
            scope,
            adapter: adapter.clone(),
            limits: limits.clone(),
            seq_solver: Mutex::new(None),
        })
    });
    adapter
        .record()
        .with_sequence(heaps.clone().map(|h| h as Arc<dyn ValueSequence>))
        .with_genus(heaps.clone().map(|h| h as Arc<dyn GenusSequence>))
        .with_quotient(heaps.map(|h| h as Arc<dyn MisereQuotient>))
}

impl ScriptHeaps {
    fn name(&self) -> String {
        self.game.file().to_string()
    }

    /// Runs one command with the script's clock started for `budget`.
    fn command<T>(
        &self,
        budget: Option<std::time::Duration>,
        run: impl FnOnce() -> Result<T, GameError>,
    ) -> Result<T, GameError> {
        self.scope.run(budget, run)
    }

    /// Refuses `seq` (and `seq --genus`) of heaps 0..=n past
    /// [`MAX_SEQ_HEAP`].
    fn one_heap_sequence(&self, n: u64) -> Result<(), GameError> {
        if n > MAX_SEQ_HEAP {
            return Err(GameError::Input(format!(
                "-n {n} is too large for a rules game: at most {MAX_SEQ_HEAP}"
            )));
        }
        Ok(())
    }
}

impl GenusSequence for ScriptHeaps {
    /// The genus of `heap(0)` to `heap(n)`, by the engine's search of
    /// sums under the family's limits (the script's clock and the time
    /// limit covering them all).
    fn genus_seq(&self, n: u64) -> Result<Vec<Genus>, GameError> {
        self.one_heap_sequence(n)?;
        self.command(self.limits.max_time, || {
            grundy_api::admit_genus_heaps(n, &self.limits)?;
            let positions = (0..=n)
                .map(|k| self.game.heap(k))
                .collect::<Result<Vec<_>, _>>()
                .map_err(SearchError::from)?;
            self.adapter.genera(&positions)
        })
    }
}

impl MisereQuotient for ScriptHeaps {
    /// The misère quotient of `heap(0)` to `heap(max_heap)`: the options
    /// of `heap(n)`, split by the file's `components`, must each equal
    /// some `heap(k)` with `k < n`. No periodicity test applies: the
    /// answer is the bounded quotient. A checkpoint is the file's as
    /// named (`rules file games/take.rhai`); an edited file resumes it
    /// only if the quotient saved passes the exact check against the
    /// file's moves as they are.
    fn quotient(&self, max_heap: u64, ctl: &QuotientControl) -> Result<QuotientReport, GameError> {
        let max_heap = grundy_api::quotient_heaps(max_heap)?;
        self.command(self.limits.max_time, || {
            let heap = |k: u64| -> Result<_, GameError> {
                Ok(self.game.heap(k).map_err(SearchError::from)?)
            };
            // heap(k) for each k met so far, and the next k to make.
            let known = std::cell::RefCell::new((std::collections::HashMap::new(), 0u64));
            let size = |part: &_| {
                let mut known = known.borrow_mut();
                loop {
                    if let Some(&k) = known.0.get(part) {
                        return Some(k);
                    }
                    let k = known.1;
                    if k > max_heap as u64 {
                        return None;
                    }
                    // A script error in heap(k) reads the part as no
                    // heap; heap(k) itself reports it when asked for.
                    let p = self.game.heap(k).ok()?;
                    // heap(j) = heap(k), j < k: the part is heap j.
                    known.0.entry(p).or_insert(k);
                    known.1 += 1;
                }
            };
            let q = grundy_api::heap_quotient(
                &self.game,
                &format!("rules file {}", self.game.file()),
                &heap,
                &size,
                None,
                max_heap,
                &self.limits,
                ctl,
            )?;
            Ok(QuotientReport::new(&self.name(), &q))
        })
    }
}

impl ValueSequence for ScriptHeaps {
    /// The values of `heap(0)` to `heap(n)`, with the period observed in
    /// them (never proven: the rules are not a code the theorems know).
    fn seq(&self, n: u64, ctl: &Control) -> Result<SeqReport, GameError> {
        self.one_heap_sequence(n)?;
        // Refused, not ignored: a user asking for a checkpoint expects a
        // file a later run resumes from, and none would be written.
        if let Some(path) = &ctl.checkpoint {
            return Err(GameError::Input(format!(
                "--checkpoint {}: the values of a rules file are not checkpointed (at most {MAX_SEQ_HEAP} heaps, searched again each run); leave --checkpoint out",
                path.display()
            )));
        }
        let budget = ctl.time_limit.or(self.limits.max_time);
        self.command(budget, || {
            let mut slot = self
                .seq_solver
                .lock()
                .map_err(|_| GameError::Internal("solver lock poisoned".into()))?;
            let mut limits = self.limits.clone();
            limits.max_time = budget;
            let solver =
                slot.get_or_insert_with(|| Solver::new(Arc::new(self.game.clone()), limits));
            let mut values = Vec::with_capacity(n as usize + 1);
            for k in 0..=n {
                let p = self.game.heap(k).map_err(SearchError::from)?;
                values.push(solver.value(&p)?.0);
            }
            Ok(SeqReport {
                game: self.name(),
                code: None,
                n,
                period: grundy_api::searched::observed_period(&values),
                values: SeqValues::from_u64(values),
                computed_to: n,
                genus: None,
            })
        })
    }
}
