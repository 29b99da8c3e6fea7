//! What every front end checks before it builds a family: the game's name,
//! its game-specific options, the search limits and the size of a
//! sequence; and the checked requests themselves ([`Request`] with
//! [`SeqRequest`] or the [`MatchOptions`] of `play`), built from the
//! options' text. The messages are the command line's, so the Python
//! package and the web page reject what `grundy` rejects with the same
//! words.

use crate::{
    parse_u64_in, Detail, GameError, GameOptions, Limits, MatchOptions, OptionSpec, Play,
    Registration,
};
use grundy_engine::memory;
use std::path::PathBuf;
use std::time::Duration;

/// Largest heap a sequence may be asked for: its answer holds N+1 values,
/// so anything near this is already far beyond memory; the bound keeps
/// N+1 and the sizes derived from it from overflowing.
pub const MAX_SEQ_N: u64 = 1 << 40;

/// The registration named `name` in `regs`, or an input error listing the
/// known names.
pub fn find_game(regs: &[Registration], name: &str) -> Result<Registration, GameError> {
    if let Some(r) = regs.iter().find(|r| r.name == name) {
        return Ok(r.clone());
    }
    let names: Vec<&str> = regs.iter().map(|r| r.name.as_str()).collect();
    Err(GameError::Input(if names.is_empty() {
        format!("unknown game '{name}' (no games are registered)")
    } else {
        let hint = crate::messages::did_you_mean(name, names.iter().copied())
            .map(|n| format!(" did you mean '{n}'?"))
            .unwrap_or_default();
        format!(
            "unknown game '{name}';{hint} known games: {}",
            names.join(", ")
        )
    }))
}

/// The text of `e` as the command line shows it after `error: `: one
/// line, quoted input clipped and control characters escaped
/// ([`crate::messages::clip_quotes`]).
pub fn message(e: &GameError) -> String {
    crate::messages::clip_quotes(&e.to_string())
}

/// The message for an option `shown` (as the user wrote it, e.g. `--max`)
/// that game `reg` does not take, listing the options it does take.
pub fn unknown_option_message(shown: &str, reg: &Registration) -> String {
    unknown_option_text(shown, &reg.name, &reg.options)
}

/// The message for an option `shown` that game `game`, whose options are
/// `options`, does not take.
pub fn unknown_option_text(shown: &str, game: &str, options: &[OptionSpec]) -> String {
    let listed = if options.is_empty() {
        format!("{game} has no game-specific options")
    } else {
        let opts: Vec<String> = options
            .iter()
            .map(|s| format!("--{} {}", s.name, s.value))
            .collect();
        format!("the options of {game} are {}", opts.join(", "))
    };
    format!("unknown option '{shown}' for game {game}; {listed}")
}

/// Game options from (name, value) pairs, names without dashes, checked
/// against `reg`: every name must be one of its options and every
/// required option must be present. The values themselves are checked by
/// the family's builder.
pub fn game_options<I>(reg: &Registration, pairs: I) -> Result<GameOptions, GameError>
where
    I: IntoIterator<Item = (String, String)>,
{
    let mut options = GameOptions::default();
    for (name, value) in pairs {
        if !reg.options.iter().any(|s| s.name == name) {
            return Err(GameError::Input(unknown_option_message(
                &format!("--{name}"),
                reg,
            )));
        }
        options.set(&name, &value);
    }
    check_required(reg, &options)?;
    Ok(options)
}

/// An input error naming the first required option of `reg` missing from
/// `options`.
pub fn check_required(reg: &Registration, options: &GameOptions) -> Result<(), GameError> {
    match reg
        .options
        .iter()
        .find(|s| s.required && options.get(s.name).is_none())
    {
        Some(spec) => Err(GameError::Input(format!(
            "missing option --{} {} for game {} ({})",
            spec.name, spec.value, reg.name, spec.help
        ))),
        None => Ok(()),
    }
}

/// A time limit: a positive number of seconds, fractions allowed, written
/// as text (`--time-limit`).
pub fn parse_seconds(s: &str) -> Result<Duration, GameError> {
    let bad = || {
        GameError::Input(format!(
            "--time-limit: '{s}' is not a positive number of seconds"
        ))
    };
    let secs: f64 = s.trim().parse().map_err(|_| bad())?;
    if !(secs.is_finite() && secs > 0.0) {
        return Err(bad());
    }
    let limit = Duration::try_from_secs_f64(secs)
        .map_err(|_| GameError::Input(format!("--time-limit: '{s}' seconds is too long")))?;
    if limit.is_zero() {
        return Err(GameError::Input(format!(
            "--time-limit: '{s}' seconds is shorter than a nanosecond, the clock's resolution"
        )));
    }
    Ok(limit)
}

/// The search limits from the texts of `--max-states`, `--time-limit`
/// and `--max-memory`, each defaulting to [`Limits::default`] when absent.
pub fn limits(
    max_states: Option<&str>,
    time_limit: Option<&str>,
    max_memory: Option<&str>,
) -> Result<Limits, GameError> {
    let mut limits = Limits::default();
    if let Some(s) = max_states {
        limits.max_states = parse_u64_in(s, 1, u64::MAX)
            .map_err(|e| GameError::Input(format!("--max-states: {e}")))?;
    }
    if let Some(s) = time_limit {
        limits.max_time = Some(parse_seconds(s)?);
    }
    if let Some(s) = max_memory {
        limits.max_memory = parse_max_memory(s)?;
    }
    Ok(limits)
}

/// A memory budget written as text (`--max-memory`): bytes, or a number
/// with K, M, G or T (`512M`, `4G`), at least 1M.
/// A budget the process already holds more than is refused, since every
/// answer under it would fail (each with a message about that answer).
pub fn parse_max_memory(s: &str) -> Result<u64, GameError> {
    let budget =
        memory::parse_size(s).map_err(|e| GameError::Input(format!("--max-memory: {e}")))?;
    match memory::allocated() {
        Some(held) if held >= budget => Err(GameError::Input(format!(
            "--max-memory {s}: below the {} MiB this process already holds; give more",
            held.div_ceil(1 << 20)
        ))),
        _ => Ok(budget),
    }
}

/// The largest heap of a sequence, `-n`, checked against [`MAX_SEQ_N`].
pub fn seq_n(s: &str) -> Result<u64, GameError> {
    parse_u64_in(s, 0, MAX_SEQ_N).map_err(|e| GameError::Input(format!("-n: {e}")))
}

/// `--plot-from` as typed: the first heap a plot of heaps 0..=`n` draws,
/// at most `n`.
pub fn plot_from(s: &str, n: u64) -> Result<u64, GameError> {
    parse_u64_in(s, 0, n).map_err(|e| GameError::Input(format!("--plot-from: {e}")))
}

/// `--checkpoint FILE` checked before any work: a file name that is not
/// empty; `--checkpoint-every` (`every`) only beside it.
pub fn checkpoint_file(
    file: Option<&str>,
    every: Option<&str>,
) -> Result<Option<PathBuf>, GameError> {
    match (file, every) {
        (Some(""), _) => Err(GameError::Input(
            "--checkpoint: the file name is empty; name the file to keep the work in".into(),
        )),
        (None, Some(secs)) => Err(without(
            "--checkpoint-every",
            secs,
            "saves a checkpoint",
            "--checkpoint FILE",
        )),
        (file, _) => Ok(file.map(PathBuf::from)),
    }
}

/// Most worker threads accepted. Starting a rayon pool costs time that
/// grows faster than the thread count (1024 threads took 2.5 s on two
/// cores, 4096 threads 32 s, even for a trivial command), so the bound
/// stays where starting the pool is still instant yet above the cores of
/// any machine we run on.
pub const MAX_THREADS: u64 = 256;

/// The options every game command takes, as typed (values unchecked).
#[derive(Clone, Copy, Debug, Default)]
pub struct CommonText<'a> {
    /// `--misere`.
    pub misere: bool,
    /// `--json`.
    pub json: bool,
    /// `--threads N`.
    pub threads: Option<&'a str>,
    /// `--max-states N`.
    pub max_states: Option<&'a str>,
    /// `--time-limit SECS`.
    pub time_limit: Option<&'a str>,
    /// `--max-memory SIZE`.
    pub max_memory: Option<&'a str>,
}

/// The option that gives the position ([`OptionSpec::position`]) if the
/// user gave it: its name and value.
fn position_option<'o>(
    registration: &Registration,
    options: &'o GameOptions,
) -> Option<(&'static str, &'o str)> {
    registration
        .options
        .iter()
        .filter(|o| o.position)
        .find_map(|o| options.get(o.name).map(|v| (o.name, v)))
}

/// At most 40 characters of `s`, for quoting in a message, escaped
/// ([`crate::messages::escaped`]).
fn clip(s: &str) -> String {
    crate::messages::escaped(&match s.char_indices().nth(40) {
        Some((i, _)) => format!("{}...", &s[..i]),
        None => s.to_string(),
    })
}

/// The largest heap `grundy quotient` grows a quotient to without
/// `--max-heap`: past the pre-period and period of every quotient solved
/// in the literature's small codes (Kayles is proven at heap 170).
pub const DEFAULT_QUOTIENT_HEAP: u64 = 300;

/// A game to build and what to ask it, with every option checked.
#[derive(Clone)]
pub struct Request {
    /// The family's registration.
    pub registration: Registration,
    /// Its game-specific options.
    pub options: GameOptions,
    /// The position arguments (empty for `batch` and `seq`).
    pub positions: Vec<String>,
    /// Normal or misère play.
    pub play: Play,
    /// JSON output.
    pub json: bool,
    /// How much of the move list `analyze` and `batch` work out.
    pub detail: Detail,
    /// `analyze --explain`: add the reasoning.
    pub explain: bool,
    /// Worker threads (`None`: every core).
    pub threads: Option<usize>,
    /// Search limits.
    pub limits: Limits,
    /// The time limit the user gave, if any: `seq` honours only an explicit
    /// one, since long sequence runs are meant to run for hours.
    pub explicit_time_limit: Option<Duration>,
    /// The game as the user invoked it, the title of text answers
    /// ([`title`]).
    pub title: String,
}

impl Request {
    /// The request for `registration` with its options and positions and
    /// the common options `c` checked.
    pub fn new(
        registration: Registration,
        options: GameOptions,
        positions: Vec<String>,
        c: &CommonText<'_>,
    ) -> Result<Request, GameError> {
        let threads = c
            .threads
            .map(|s| {
                parse_u64_in(s, 0, MAX_THREADS)
                    .map_err(|e| GameError::Input(format!("--threads: {e}")))
            })
            .transpose()?
            .filter(|&t| t > 0)
            .map(|t| t as usize);
        let limits = limits(c.max_states, c.time_limit, c.max_memory)?;
        if let (Some((name, given)), false) = (
            position_option(&registration, &options),
            positions.is_empty(),
        ) {
            return Err(GameError::Input(format!(
                "the position is given twice: by --{name} '{}' and by the position arguments '{}'; give it one way",
                clip(given),
                clip(&positions.join(" "))
            )));
        }
        Ok(Request {
            title: title(&registration, &options),
            registration,
            options,
            positions,
            play: if c.misere { Play::Misere } else { Play::Normal },
            json: c.json,
            detail: Detail::AllMoves,
            explain: false,
            threads,
            explicit_time_limit: limits.max_time.filter(|_| c.time_limit.is_some()),
            limits,
        })
    }

    /// An `analyze` request: `--outcome-only`, `--max-moves K` and
    /// `--explain` read.
    pub fn analyze(
        mut self,
        outcome_only: bool,
        max_moves: Option<&str>,
        explain: bool,
    ) -> Result<Request, GameError> {
        self.detail = detail(outcome_only, max_moves)?;
        self.explain = explain;
        Ok(self)
    }

    /// A `batch` request: the positions come from the input, and the
    /// reasoning is for one position only.
    pub fn batch(
        mut self,
        outcome_only: bool,
        max_moves: Option<&str>,
        explain: bool,
    ) -> Result<Request, GameError> {
        self.detail = detail(outcome_only, max_moves)?;
        if explain {
            return Err(GameError::Input(
                "--explain is for one position: use `grundy analyze GAME POSITION --explain`"
                    .into(),
            ));
        }
        if let Some(p) = self.positions.first() {
            return Err(GameError::Input(format!(
                "unexpected argument '{p}': batch reads its positions from stdin, one per line"
            )));
        }
        if let Some((name, _)) = position_option(&self.registration, &self.options) {
            return Err(GameError::Input(format!(
                "--{name} gives a position, and batch reads its positions from stdin, one per line: leave --{name} out"
            )));
        }
        Ok(self)
    }

    /// The request of `grundy quotient`: no position; `--max-heap N`
    /// (default [`DEFAULT_QUOTIENT_HEAP`]) and `--checkpoint-every SECS`
    /// read ([`quotient_max_heap`], [`checkpoint_every`]).
    pub fn quotient(self, q: &QuotientText<'_>) -> Result<(Request, QuotientRequest), GameError> {
        if let Some(p) = self.positions.first() {
            return Err(GameError::Input(format!(
                "unexpected argument '{p}': quotient takes no position; give the largest heap with --max-heap N"
            )));
        }
        let quotient = QuotientRequest {
            max_heap: quotient_max_heap(q.max_heap)?,
            progress: q.progress,
            checkpoint: checkpoint_file(q.checkpoint, q.checkpoint_every)?,
            checkpoint_every: q.checkpoint_every.map(checkpoint_every).transpose()?,
        };
        Ok((self, quotient))
    }

    /// A `seq` request: no position, normal play, `-n` and the options of
    /// `seq` checked.
    pub fn seq(self, s: &SeqText<'_>) -> Result<(Request, SeqRequest), GameError> {
        if let Some(p) = self.positions.first() {
            return Err(GameError::Input(format!(
                "unexpected argument '{p}': seq takes no position; give the largest heap with -n N"
            )));
        }
        if self.play == Play::Misere {
            return Err(GameError::Input(
                "seq computes normal-play values; --misere is not supported there".into(),
            ));
        }
        let n = s.n.ok_or_else(|| {
            GameError::Input("seq needs -n N, the largest heap to compute".into())
        })?;
        let seq = SeqRequest {
            n: seq_n(n)?,
            checkpoint: checkpoint_file(s.checkpoint, s.checkpoint_every)?,
            checkpoint_every: s.checkpoint_every.map(checkpoint_every).transpose()?,
            method: s.method.map(str::to_string),
            progress: s.progress,
            values: s.values.map(PathBuf::from),
            summary: s.summary,
            plot: s.plot.map(PathBuf::from),
            plot_style: match s.plot_style {
                Some(style) if s.plot.is_none() => {
                    return Err(without(
                        "--plot-style",
                        style,
                        "draws a plot",
                        "--plot FILE",
                    ))
                }
                Some(style) => style.parse()?,
                None => crate::plot::PlotStyle::default(),
            },
            plot_from: match s.plot_from {
                Some(from) if s.plot.is_none() => {
                    return Err(without("--plot-from", from, "draws a plot", "--plot FILE"))
                }
                Some(from) => plot_from(from, seq_n(n)?)?,
                None => 0,
            },
            genus: s.genus,
        };
        if seq.genus && (seq.summary || seq.values.is_some()) {
            let other = if seq.summary { "--summary" } else { "--values" };
            return Err(GameError::Input(format!(
                "--genus prints each heap's genus beside its value, and {other} prints no values: leave one out"
            )));
        }
        Ok((self, seq))
    }

    /// A `play` request: plain text only, the seed checked.
    pub fn play(
        self,
        engine_first: bool,
        hints: bool,
        seed: Option<&str>,
    ) -> Result<(Request, MatchOptions), GameError> {
        if self.json {
            return Err(GameError::Input(
                "play is an interactive game in plain text; --json is not supported there".into(),
            ));
        }
        let seed = seed
            .map(|s| {
                parse_u64_in(s, 0, u64::MAX).map_err(|e| GameError::Input(format!("--seed: {e}")))
            })
            .transpose()?;
        let play = MatchOptions {
            engine_first,
            seed,
            hints,
        };
        Ok((self, play))
    }
}

/// The game as the user invoked it: its name and game-specific options
/// in the registration's order, e.g. `subtraction --set 1,3,4`. The title
/// of text answers, so it can be pasted back.
pub fn title(registration: &Registration, options: &GameOptions) -> String {
    let mut s = registration.name.to_string();
    for spec in &registration.options {
        if let Some(v) = options.get(spec.name) {
            if v.is_empty() || v.contains(char::is_whitespace) {
                s.push_str(&format!(" --{} '{v}'", spec.name));
            } else {
                s.push_str(&format!(" --{} {v}", spec.name));
            }
        }
    }
    s
}

/// How much of the move list to work out: `--outcome-only`, or
/// `--max-moves K`, or every move.
pub fn detail(outcome_only: bool, max_moves: Option<&str>) -> Result<Detail, GameError> {
    if outcome_only {
        return Ok(Detail::OutcomeOnly);
    }
    match max_moves {
        None => Ok(Detail::AllMoves),
        Some(k) => parse_u64_in(k, 0, usize::MAX as u64)
            .map(|k| Detail::FirstMoves(k as usize))
            .map_err(|e| GameError::Input(format!("--max-moves: {e}"))),
    }
}

/// The options of `seq` as typed.
#[derive(Clone, Copy, Debug, Default)]
pub struct SeqText<'a> {
    /// `-n N`.
    pub n: Option<&'a str>,
    /// `--checkpoint FILE`.
    pub checkpoint: Option<&'a str>,
    /// `--checkpoint-every SECS`.
    pub checkpoint_every: Option<&'a str>,
    /// `--method M`.
    pub method: Option<&'a str>,
    /// `--progress` (the bar is on by default: kept for scripts that
    /// give it).
    pub progress: bool,
    /// `--values FILE`.
    pub values: Option<&'a str>,
    /// `--summary`.
    pub summary: bool,
    /// `--plot FILE`.
    pub plot: Option<&'a str>,
    /// `--plot-style STYLE`.
    pub plot_style: Option<&'a str>,
    /// `--plot-from K`.
    pub plot_from: Option<&'a str>,
    /// `--genus`.
    pub genus: bool,
}

/// What `seq` computes and how.
#[derive(Clone, Debug)]
pub struct SeqRequest {
    /// The largest heap.
    pub n: u64,
    /// Checkpoint file.
    pub checkpoint: Option<PathBuf>,
    /// Time between checkpoint writes, if not the default.
    pub checkpoint_every: Option<Duration>,
    /// Algorithm name.
    pub method: Option<String>,
    /// Progress bar on stderr.
    pub progress: bool,
    /// File to write the values to.
    pub values: Option<PathBuf>,
    /// Print the summary instead of the values.
    pub summary: bool,
    /// Image file to plot the values to.
    pub plot: Option<PathBuf>,
    /// How the plot draws the values.
    pub plot_style: crate::plot::PlotStyle,
    /// The first heap the plot draws (it ends at `n`).
    pub plot_from: u64,
    /// Each heap's genus as well (printed with the values: refused with
    /// `summary` or `values`).
    pub genus: bool,
}

/// The refusal of `option VALUE`, which `does` something (`draws a
/// plot`), given without the option it needs (`--plot FILE`).
pub(crate) fn without(option: &str, value: &str, does: &str, needed: &str) -> GameError {
    GameError::Input(format!(
        "{option} {} {does}: give {needed} too",
        crate::messages::clip_quotes(value)
    ))
}

impl SeqRequest {
    /// The part of `r` (the answer to this request) that `--plot` draws,
    /// and how.
    pub fn plot_view(&self, r: &crate::SeqReport) -> crate::plot::PlotView {
        crate::plot::PlotView {
            from: self.plot_from.min(r.n),
            ..crate::plot::PlotView::whole(r, self.plot_style)
        }
    }

    /// How the sequence is computed, with `req`'s threads and explicit
    /// time limit. Checks the method's name, and that the values and the
    /// plot go to different files.
    pub fn control(&self, req: &Request) -> Result<crate::SeqControl, GameError> {
        let defaults = crate::SeqControl::default();
        let method = match &self.method {
            Some(name) => {
                crate::SeqMethod::parse(name).map_err(|e| GameError::Input(e.to_string()))?
            }
            None => crate::SeqMethod::Auto,
        };
        if let (Some(v), Some(p)) = (&self.values, &self.plot) {
            if v == p {
                return Err(GameError::Input(format!(
                    "--values and --plot name the same file {}: give each its own",
                    v.display()
                )));
            }
        }
        Ok(crate::SeqControl {
            method,
            threads: req.threads.unwrap_or(0),
            checkpoint: self.checkpoint.clone(),
            checkpoint_interval: self
                .checkpoint_every
                .unwrap_or(defaults.checkpoint_interval),
            time_limit: req.explicit_time_limit,
            memory_limit: Some(req.limits.max_memory),
            // On by default: drawn on a terminal once the run has lasted
            // a few seconds (`grundy_sequence::progress::QUIET`).
            progress: true,
            ..defaults
        })
    }
}

/// The options of `quotient` as typed.
#[derive(Clone, Copy, Debug, Default)]
pub struct QuotientText<'a> {
    /// `--max-heap N`.
    pub max_heap: Option<&'a str>,
    /// `--progress`.
    pub progress: bool,
    /// `--checkpoint FILE`.
    pub checkpoint: Option<&'a str>,
    /// `--checkpoint-every SECS`.
    pub checkpoint_every: Option<&'a str>,
}

/// What `quotient` grows and how.
#[derive(Clone, Debug)]
pub struct QuotientRequest {
    /// The largest heap (its upper bound is checked by
    /// [`crate::quotient_heaps`] when the quotient is asked for).
    pub max_heap: u64,
    /// Progress bar on stderr.
    pub progress: bool,
    /// Checkpoint file.
    pub checkpoint: Option<PathBuf>,
    /// Time between checkpoint writes, if not the default.
    pub checkpoint_every: Option<Duration>,
}

impl QuotientRequest {
    /// How the quotient is grown: the progress bar and the checkpoint,
    /// saved every `checkpoint_every` (default: a minute, as `seq`'s).
    pub fn control(&self) -> crate::QuotientControl {
        let defaults = crate::QuotientControl::default();
        crate::QuotientControl {
            // On by default, as `seq`'s.
            progress: true,
            checkpoint: self.checkpoint.clone(),
            checkpoint_interval: self
                .checkpoint_every
                .unwrap_or(defaults.checkpoint_interval),
        }
    }
}

/// Reads `--max-heap N` of `quotient` (absent: [`DEFAULT_QUOTIENT_HEAP`]);
/// its upper bound is checked by [`crate::quotient_heaps`].
pub fn quotient_max_heap(text: Option<&str>) -> Result<u64, GameError> {
    match text {
        None => Ok(DEFAULT_QUOTIENT_HEAP),
        Some(t) => t.trim().parse::<u64>().map_err(|_| {
            GameError::Input(format!(
                "--max-heap: '{}' is not a whole number of heaps",
                clip(t)
            ))
        }),
    }
}

/// Reads `--checkpoint-every`: a positive number of seconds, at most a day.
pub fn checkpoint_every(text: &str) -> Result<Duration, GameError> {
    let quoted = crate::messages::clip_quotes(text);
    let secs: f64 = text.parse().map_err(|_| {
        GameError::Input(format!(
            "--checkpoint-every: '{quoted}' is not a number of seconds"
        ))
    })?;
    if !(secs > 0.0 && secs <= 86_400.0) {
        return Err(GameError::Input(format!(
            "--checkpoint-every: '{quoted}' is out of range (more than 0, at most 86400 seconds)"
        )));
    }
    Ok(Duration::from_secs_f64(secs))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Family;

    fn reg(name: &str, options: Vec<OptionSpec>) -> Registration {
        Registration::new(name, "r", "s", "", options, |_, _| {
            Err::<Family, _>(GameError::Internal("not built in these tests".into()))
        })
    }

    const SET: OptionSpec = OptionSpec {
        name: "set",
        value: "S",
        help: "the subtraction set",
        required: true,
        position: false,
    };

    fn input(e: GameError) -> String {
        match e {
            GameError::Input(m) => m,
            other => panic!("expected an input error, got {other:?}"),
        }
    }

    #[test]
    fn games_are_found_by_exact_name() {
        let regs = [reg("nim", vec![]), reg("kayles", vec![])];
        assert_eq!(find_game(&regs, "kayles").unwrap().name, "kayles");
        assert_eq!(
            input(find_game(&regs, "chess").unwrap_err()),
            "unknown game 'chess'; known games: nim, kayles"
        );
        assert_eq!(
            input(find_game(&regs, "kayle").unwrap_err()),
            "unknown game 'kayle'; did you mean 'kayles'? known games: nim, kayles"
        );
        assert_eq!(
            input(find_game(&[], "nim").unwrap_err()),
            "unknown game 'nim' (no games are registered)"
        );
    }

    #[test]
    fn options_are_checked_against_the_registration() {
        let sub = reg("subtraction", vec![SET]);
        let ok = game_options(&sub, [("set".to_string(), "1,2".to_string())]).unwrap();
        assert_eq!(ok.get("set"), Some("1,2"));
        assert_eq!(
            input(game_options(&sub, []).unwrap_err()),
            "missing option --set S for game subtraction (the subtraction set)"
        );
        assert_eq!(
            input(game_options(&sub, [("max".into(), "3".into())]).unwrap_err()),
            "unknown option '--max' for game subtraction; the options of subtraction are --set S"
        );
        assert_eq!(
            input(game_options(&reg("nim", vec![]), [("max".into(), "3".into())]).unwrap_err()),
            "unknown option '--max' for game nim; nim has no game-specific options"
        );
    }

    #[test]
    fn messages_are_one_line() {
        assert_eq!(message(&GameError::Input("a\n  b".into())), "a b");
        assert_eq!(
            message(&GameError::Internal("x".into())),
            "internal error: x"
        );
        assert!(message(&GameError::Input(format!("bad '{}'", "9".repeat(500)))).len() < 300);
    }

    #[test]
    fn limits_and_sizes() {
        let l = limits(Some("5"), Some("1.5"), Some("512M")).unwrap();
        assert_eq!(l.max_states, 5);
        assert_eq!(l.max_time, Some(Duration::from_millis(1500)));
        assert_eq!(l.max_memory, 512 << 20);
        let d = limits(None, None, None).unwrap();
        assert_eq!(d.max_states, Limits::default().max_states);
        assert_eq!(d.max_memory, memory::default_max_memory());
        assert!(input(limits(None, None, Some("12Q")).unwrap_err())
            .starts_with("--max-memory: invalid memory size '12Q'"));
        for bad in [
            "0", "-1", "x", "nan", "NaN", "inf", "", "1e300", "1e-300", "1e-10",
        ] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
        assert_eq!(
            input(limits(Some("0"), None, None).unwrap_err()),
            "--max-states: '0' is too small; the least allowed is 1"
        );
        assert_eq!(seq_n("1000").unwrap(), 1000);
        assert_eq!(
            input(seq_n("-3").unwrap_err()),
            "-n: '-3' is negative; expected a whole number >= 0"
        );
        assert!(seq_n(&(MAX_SEQ_N + 1).to_string()).is_err());
    }

    #[test]
    fn requests_check_their_options() {
        let sub = reg("subtraction", vec![SET]);
        let mut options = GameOptions::default();
        options.set("set", "1, 2");
        let common = CommonText {
            threads: Some("2"),
            time_limit: Some("1.5"),
            ..CommonText::default()
        };
        let r = Request::new(sub.clone(), options, vec![], &common).unwrap();
        // The title can be pasted back: a value with a space is quoted.
        assert_eq!(r.title, "subtraction --set '1, 2'");
        assert_eq!(r.threads, Some(2));
        assert_eq!(r.explicit_time_limit, Some(Duration::from_millis(1500)));
        let seq = r.clone().seq(&SeqText::default()).err().map(input);
        assert_eq!(
            seq.as_deref(),
            Some("seq needs -n N, the largest heap to compute")
        );
        let text = SeqText {
            n: Some("10"),
            checkpoint: Some("c.bin"),
            checkpoint_every: Some("0"),
            ..SeqText::default()
        };
        assert_eq!(
            r.clone().seq(&text).err().map(input).unwrap_or_default(),
            "--checkpoint-every: '0' is out of range (more than 0, at most 86400 seconds)"
        );
        // The checkpoint's options are checked before any work: an empty
        // file name, and an interval with no file to save, are refused.
        for (checkpoint, every, refusal) in [
            (
                None,
                Some("5"),
                "--checkpoint-every 5 saves a checkpoint: give --checkpoint FILE too",
            ),
            (
                Some(""),
                None,
                "--checkpoint: the file name is empty; name the file to keep the work in",
            ),
        ] {
            let asked = SeqText {
                checkpoint,
                checkpoint_every: every,
                ..text
            };
            assert_eq!(
                r.clone().seq(&asked).err().map(input).unwrap_or_default(),
                refusal
            );
        }
        let genus = SeqText {
            n: Some("10"),
            genus: true,
            ..SeqText::default()
        };
        assert!(r.clone().seq(&genus).unwrap().1.genus);
        let summary = SeqText {
            summary: true,
            ..genus
        };
        assert_eq!(
            r.clone().seq(&summary).err().map(input).unwrap_or_default(),
            "--genus prints each heap's genus beside its value, and --summary prints no values: leave one out"
        );
        assert_eq!(
            r.clone()
                .batch(false, None, true)
                .err()
                .map(input)
                .unwrap_or_default(),
            "--explain is for one position: use `grundy analyze GAME POSITION --explain`"
        );
        assert_eq!(
            r.clone().analyze(false, Some("3"), false).unwrap().detail,
            Detail::FirstMoves(3)
        );
        assert_eq!(r.play(true, false, Some("7")).unwrap().1.seed, Some(7));
        let many = CommonText {
            threads: Some("257"),
            ..CommonText::default()
        };
        let e = Request::new(sub, GameOptions::default(), vec![], &many).err();
        assert_eq!(
            e.map(input).as_deref(),
            Some("--threads: '257' is too large; the largest allowed is 256")
        );
    }
}
