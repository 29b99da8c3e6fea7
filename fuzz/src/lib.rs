//! What the fuzz targets share: small search limits, the registered
//! families picked by a byte, a position's words and options read from
//! fuzzed text, and the command line's own argument code.
//!
//! The `grundy` command is a binary crate, so its files are compiled here
//! by path, at this crate's root where their `crate::error` imports
//! resolve. The fuzz targets run exactly the code the binary runs (`batch`
//! is the api's, `grundy_api::batch`, which the binary calls).

use grundy_api::{Detail, Family, GameError, GameOptions, Limits, Play, Registration};
use std::path::PathBuf;
use std::time::Duration;

#[path = "../../crates/cli/src/args.rs"]
#[allow(dead_code)]
pub mod args;
#[path = "../../crates/cli/src/error.rs"]
#[allow(dead_code)]
pub mod error;

/// States a fuzzed search may store: enough to solve small positions to
/// the end (and so to check what their answers must satisfy), little
/// enough that a thousand inputs run a second. Larger positions reach the
/// limit, whose path is fuzzed as well. At 20,000 the misère and genus
/// searches behind one answer took most of the time of `position` and
/// `batch_lines` (300-700 inputs a second).
pub const MAX_STATES: u64 = 2_000;

/// The time limit of every fuzzed answer: 25 ms. The instrumented build
/// runs about twenty times slower than a release build, so this is a
/// millisecond or two of a user's search, enough for the positions
/// [`MAX_STATES`] lets finish. A path that ignores it shows up as a
/// libFuzzer timeout or slow unit. At a quarter of a second the inputs
/// that reach the limit (one in seven of the `position` corpus: long
/// codes, large heaps) took nine tenths of the time: 31 inputs a second.
pub const MAX_TIME: Duration = Duration::from_millis(25);

/// The limits of every fuzzed search: [`MAX_STATES`] and [`MAX_TIME`].
pub fn limits() -> Limits {
    Limits {
        max_states: MAX_STATES,
        max_time: Some(MAX_TIME),
        ..Limits::default()
    }
}

/// The limits of a fuzzed `batch` line: a tenth of [`limits`]. The batch
/// target checks the protocol (one answer a line, in order, error lines
/// numbered), and the searches behind a line are the `position` target's
/// business. At [`limits`] half of its time went to value tables grown
/// towards huge heaps for [`MAX_TIME`] a line.
pub fn batch_limits() -> Limits {
    Limits {
        max_states: MAX_STATES / 10,
        max_time: Some(MAX_TIME / 10),
        ..limits()
    }
}

/// How much of the move list a fuzzed analysis works out: the count and
/// the first few, so positions with many moves stay cheap to answer.
pub const DETAIL: Detail = Detail::FirstMoves(4);

/// The play a fuzz input's first byte picks by its top bit: misère when
/// set.
pub fn play(first: u8) -> Play {
    if first & 0x80 != 0 {
        Play::Misere
    } else {
        Play::Normal
    }
}

/// A fuzz input as its first byte and the text after it; `None` when it
/// is empty or the rest is not UTF-8 (the targets that read text skip it).
pub fn first_and_text(data: &[u8]) -> Option<(u8, &str)> {
    let (&first, rest) = data.split_first()?;
    Some((first, std::str::from_utf8(rest).ok()?))
}

/// Every registered family, built once per process.
pub fn registry() -> &'static [Registration] {
    static REGISTRY: std::sync::OnceLock<Vec<Registration>> = std::sync::OnceLock::new();
    REGISTRY.get_or_init(grundy_games::registry)
}

/// The family a byte picks (modulo their number).
pub fn pick(byte: u8) -> &'static Registration {
    let regs = registry();
    &regs[byte as usize % regs.len()]
}

/// The registered family named `name`.
pub fn named(name: &str) -> &'static Registration {
    registry()
        .iter()
        .find(|r| r.name == name)
        .unwrap_or_else(|| panic!("no family '{name}' is registered"))
}

/// A position as typed after the game's name: `--NAME VALUE` pairs of
/// the registration's own options first, then the position's words.
pub struct Typed<'a> {
    /// The game options given.
    pub options: GameOptions,
    /// The position's words.
    pub words: Vec<&'a str>,
}

/// Reads `text` as the words after the game's name on a command line
/// (split at whitespace, as a shell would): leading `--NAME VALUE` pairs
/// naming an option of `reg` become game options, the rest the position.
pub fn typed<'a>(reg: &Registration, text: &'a str) -> Typed<'a> {
    let mut words: Vec<&str> = text.split_whitespace().collect();
    let mut options = GameOptions::default();
    let mut taken = 0;
    while let [flag, value, ..] = &words[taken..] {
        let Some(name) = flag.strip_prefix("--") else {
            break;
        };
        if !reg.options.iter().any(|o| o.name == name) {
            break;
        }
        options.set(name, value);
        taken += 2;
    }
    words.drain(..taken);
    Typed { options, words }
}

/// Builds `reg` with `options` under [`limits`]; `None` when the options
/// are refused (an input error). Any other error is a bug.
pub fn build(reg: &Registration, options: &GameOptions) -> Option<Family> {
    build_under(reg, options, &limits())
}

/// [`build`] under `limits`.
pub fn build_under(reg: &Registration, options: &GameOptions, limits: &Limits) -> Option<Family> {
    match reg.build(options, limits) {
        Ok(f) => Some(f),
        Err(GameError::Input(_)) | Err(GameError::Search(_)) => None,
        Err(e) => panic!("building {} with {options:?}: {e}", reg.name),
    }
}

/// Families built so far, by name and options, at most [`KEPT`]: some
/// take tens of milliseconds to build (their value tables), and one family
/// serves every position of a batch or a `play` session anyway, so its
/// caches carried from one input to the next are what users get too.
type Kept = std::collections::HashMap<String, Option<Family>>;

/// The most families [`with_family`] keeps built.
const KEPT: usize = 256;

/// Calls `f` with `reg` built with `options` (by [`build`], kept for the
/// next inputs); does nothing when the options are refused.
pub fn with_family(reg: &Registration, options: &GameOptions, f: impl FnOnce(&Family)) {
    with_family_under(reg, options, &limits(), f)
}

/// [`with_family`] under `limits`.
pub fn with_family_under(
    reg: &Registration,
    options: &GameOptions,
    limits: &Limits,
    f: impl FnOnce(&Family),
) {
    thread_local! {
        static KEPT_FAMILIES: std::cell::RefCell<Kept> = std::cell::RefCell::default();
    }
    // The limits' numbers, not their clock (whose Debug form is the time
    // it was made: every input a new key).
    let key = format!(
        "{} {options:?} {} {:?} {}",
        reg.name, limits.max_states, limits.max_time, limits.max_memory
    );
    let family = KEPT_FAMILIES.with(|kept| {
        let mut kept = kept.borrow_mut();
        if kept.len() >= KEPT {
            kept.clear();
        }
        kept.remove(&key)
            .unwrap_or_else(|| build_under(reg, options, limits))
    });
    if let Some(family) = &family {
        f(family);
    }
    KEPT_FAMILIES.with(|kept| kept.borrow_mut().insert(key, family));
}

/// Panics on an internal error (a bug); input errors and limits hit are
/// answers.
pub fn check_error(what: &str, e: &GameError) {
    if let GameError::Internal(msg) = e {
        panic!("{what}: internal error: {msg}");
    }
}

/// Analyses `words` with `family` and checks what every answer must
/// satisfy: the position written back parses to itself, a listed move's
/// `to` parses, the move counts agree with the moves listed.
pub fn analyze_and_check(family: &Family, words: &[&str], play: Play) {
    let a = match family.analyze_with(words, play, DETAIL) {
        Ok(a) => a,
        Err(e) => return check_error(&format!("analyze {words:?}"), &e),
    };
    // TextGame::parse(format(p)) == p: the position as printed reads back
    // as the same position.
    let again: Vec<&str> = a.position.split_whitespace().collect();
    match family.analyze_with(&again, play, Detail::OutcomeOnly) {
        Ok(b) => {
            assert_eq!(
                a.position, b.position,
                "the position {words:?} printed as {:?} reads back differently",
                a.position
            );
            assert_eq!(
                a.outcome, b.outcome,
                "{words:?} and its printed form {:?} have different outcomes",
                a.position
            );
        }
        Err(GameError::Input(e)) => {
            panic!(
                "the position {words:?} printed as {:?} is refused: {e}",
                a.position
            )
        }
        Err(e) => check_error(&format!("analyze {again:?}"), &e),
    }
    if let Some(count) = a.winning_move_count {
        assert!(
            a.winning_moves.len() <= count,
            "{words:?}: {} winning moves listed of {count}",
            a.winning_moves.len()
        );
    }
    // Every reported `to` can be fed back to analyze.
    if let Some(m) = a.winning_moves.first() {
        let to: Vec<&str> = m.to.split_whitespace().collect();
        match family.analyze_with(&to, play, Detail::OutcomeOnly) {
            Ok(_) => {}
            Err(GameError::Input(e)) => {
                panic!("{words:?}: the move's position {:?} is refused: {e}", m.to)
            }
            Err(e) => check_error(&format!("analyze {to:?}"), &e),
        }
    }
}

/// A scratch file named `name` in this process's own directory, made
/// once: in memory (/dev/shm) where there is one, since checkpoint saves
/// sync the file to disk.
pub fn scratch_file(name: &str) -> PathBuf {
    static DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let shm = std::path::Path::new("/dev/shm");
        let base = if shm.is_dir() {
            shm.to_path_buf()
        } else {
            std::env::temp_dir()
        };
        let dir = base.join(format!("grundy-fuzz-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a temporary directory");
        dir
    })
    .join(name)
}
