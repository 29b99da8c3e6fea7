//! Command-line arguments.
//!
//! clap describes the commands and every option they share; each option
//! is declared once, in the structs below. The words after the game's name
//! are sorted by [`split_tail`] (the game-specific options are only known
//! once the game is, and options may follow the position arguments, which
//! may themselves start with a dash: `-3`, `-`): the options clap defines
//! for the subcommand are recognised from clap's own definition and handed
//! back to clap, so they are parsed exactly as before the game's name.

use crate::error::CliError;
use crate::nim::{self, NimOp, NimRequest};
use crate::pirates::{self, PiratesRequest, PiratesWords};
use clap::parser::ValueSource;
use clap::{ArgAction, ArgMatches, Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use grundy_api::{
    parse_u64_in, request, Detail, GameError, GameOptions, Limits, Play, Registration,
};
use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

const ROOT_AFTER_HELP: &str = "\
Run `grundy games` for the built-in games, their position syntax and options,
and `grundy analyze GAME --help` for one game's options. The pirate puzzle,
a puzzle of n players with no positions, is a command of its own:
`grundy pirates --n 5 --m 100`.

Exit status: 0 success; 2 bad input (unknown game or option, malformed
position, number out of range) or a search limit hit; 1 internal failure.";

const GAME_AFTER_HELP: &str = "\
Game-specific options (listed by `grundy games` and by `grundy analyze GAME
--help`) take one value each: `--max 10` or `--max=10`. Options may come
before or after the position arguments. A word made of a dash and digits
(`-3`) or a lone `-` is a position argument, not an option; `--` ends the
options.

--outcome-only answers with the outcome and value alone: no move is
examined, so a position with too many moves to list (`kayles
1000000000000`) is answered wherever its value is known. --max-moves K
lists the first K winning moves and still counts them all.

The components are the parts the position splits into, each with a move
and its value: none when the position is over, the position itself when
it does not split.";

const SEQ_AFTER_HELP: &str = "\
Prints the normal-play values of heaps 0 to N of a one-heap game, several
to a line with the heap size of the first value at the start of each line,
then the period found: `period P, pre-period N0 (proven)` when a theorem
guarantees it continues for ever, `(observed)` when it only holds in the
computed range, or `no period found`. An observed period is reported only
when the values after its pre-period hold at least three full periods and
at least a tenth as many heaps as the pre-period (a dozen repeating values
after 10^5 others are not a period). Short requests are computed further
to find a proven period; `computed_to` in --json says how far (a
pre-period may then lie beyond N). Game-specific options (see `grundy
games`) may come before or after -n.";

const BATCH_AFTER_HELP: &str = "\
Each input line holds one position, written as the position arguments of
`grundy analyze` (split on white space). Each output line is the compact
`analyze --json` document of that position, or {\"line\": N, \"error\": \"...\"}
for a line that could not be answered (N counts from 1). Exit status 0 when
every line was answered, 2 when some line was an error. The game is built
once, so its tables and caches serve the whole batch.";

const PLAY_AFTER_HELP: &str = "\
Plays the game from POSITION against the engine, in plain text: stdout shows
the position, whose turn it is and, on your turn, the numbered legal moves
with the position each leads to; stdin gives your answers, one a line:
  a number          the move with that number
  a label           the move labelled exactly so (spaces may differ), or the
                    position it leads to exactly as listed
  notation          the move in the game's own notation, where it has one
                    (`help` during a game shows it, with an example): heaps
                    as HEAP COUNT (`2 3` takes 3 counters from heap 2),
                    Wythoff's two heaps as the counters taken from each
                    (`0 3`, `2 2`), a cell of a row after @ (`@4`)
  ?                 the winning moves of the position (or why there are none)
  help              how to answer
  u, undo           take back your last move and the engine's reply
  q                 quit (the game is abandoned)
A line is read as the first of: a command; a move's number (a line that is
one whole number is always a move's number, never a heap or a cell); a label;
the position a move leads to; the game's notation. A line that is the
position of one move and the notation of another is refused as ambiguous
(type the number). A line that is not understood, or a move in notation
that is not legal, is answered with the reason and asked again.
At the start the teacher says whether the player to move can force a win;
after each of your moves it says whether the move kept or threw away a win.
--hint marks the winning moves in every list with `*`.

The engine plays like a master where it can see the whole game: when the
game from the current position has at most 1000000 positions (and no more
than --max-states), it computes every position's remoteness and plays the
fastest win, or from a lost position the move that makes the game last
longest, or keeps a draw. Beyond that it plays the first winning move
`grundy analyze` lists, or without one the move that leaves you the
fewest winning replies (a lost position first, then a draw, then the
fewest winning moves), weighing the first 100 moves only. Ties go to the move
listed first, or with --seed N to one picked by N: the same answers and
seed give the same game.

The game ends when the player to move has no move: that player loses in
normal play and wins with --misere. A game that ends by a rule of its own
(three in a row made) says so before the verdict. In a game whose positions
may repeat (a graph with cycles, ring, a rules file with loopy()) the game
is drawn when a position comes up with the same player to move for the
4th time (3 repetitions), or after 10000 moves. The last line is `you win`,
`engine wins` or `draw`. --json is not supported here. Common
options --threads, --max-states and --time-limit bound each engine search.

Exit status: 0 when the game ends, is quit or input ends (abandoned); 2 for
a bad starting position or option, or when a search limit stops the game
(the error names the position); 1 internal failure.";

const PIRATES_AFTER_HELP: &str = "\
n pirates, ranked 1 (most senior) to n, share m coins. The most senior
living pirate proposes a division; if at least half of the living pirates
(the proposer included) vote for it, it is carried out, otherwise the
proposer is thrown overboard and the next proposes. Each pirate prefers,
in order: to live, more gold, more pirates thrown overboard.

A pirate votes for a division only when it is surely better for him than a
rejection: one whom a rejection would doom (he would propose later and be
thrown overboard) votes for anything that keeps him alive; any other wants
more gold than the most he may get after a rejection (offered exactly
that, he votes against, preferring the proposer overboard).

Prints who proposes the division that is carried and how many are thrown
overboard, then one row per pirate: his rank and his fate, `overboard`,
the coins he surely gets, or a set `{0,t}` (0 or t coins, as the proposer
chooses among his equally good divisions). --json prints one document:
{\"puzzle\": \"pirates\", \"n\", \"m\", \"proposer\", \"overboard\",
\"pirates\": [{\"rank\": 1, \"fate\": \"coins\", \"coins\": 98}, ...]}, each
fate \"coins\" (with \"coins\"), \"set\" (with \"may_get\": [0, t]) or
\"overboard\". `grundy analyze pirates ...` is the same command.

Example: grundy pirates --n 5 --m 100   (98 0 1 0 1)";

const COMPLETIONS_AFTER_HELP: &str = "\
Writes the script on stdout. For example, in bash:
  grundy completions bash > ~/.local/share/bash-completion/completions/grundy
in zsh, into a directory of $fpath as `_grundy`; in fish:
  grundy completions fish > ~/.config/fish/completions/grundy.fish
It completes commands and options; game names are listed by `grundy games`.";

const NIM_AFTER_HELP: &str = "\
Operands are whole numbers 0 to 18446744073709551615, in decimal or in
hexadecimal with a 0x prefix. add and mul take two operands, inv and sqrt one.
add is the nim-sum (XOR), mul the nim-product in the field of order 2^64,
inv the multiplicative inverse (0 has none), sqrt the unique square root.
The result is printed in decimal.";

/// The `grundy` command line as clap sees it.
#[derive(Parser, Debug)]
#[command(
    name = "grundy",
    version,
    about = "Solve impartial combinatorial games: outcomes, Sprague-Grundy values, \
             winning moves, value sequences and their periods.",
    after_help = ROOT_AFTER_HELP
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List every built-in game: name, rules, position syntax, options, an example
    Games {
        /// Print one JSON document (an array of games) instead of text
        #[arg(long)]
        json: bool,
    },
    /// Analyze one position: outcome, Sprague-Grundy value, every winning move
    #[command(
        after_help = GAME_AFTER_HELP,
        override_usage = "grundy analyze [OPTIONS] GAME [OPTIONS] POSITION..."
    )]
    Analyze(AnalyzeArgs),
    /// Analyze many positions, one per line on stdin, one JSON line out per line
    #[command(
        after_help = BATCH_AFTER_HELP,
        override_usage = "grundy batch [OPTIONS] GAME [OPTIONS] < POSITIONS",
        mut_arg("words", |a| a.help("The game's name (see `grundy games`), then its game-specific options")),
        // One position's reasoning: `analyze --explain`, refused here.
        mut_arg("explain", |a| a.hide(true))
    )]
    Batch(AnalyzeArgs),
    /// Value sequence of a one-heap game (heaps 0 to N) with its period
    #[command(
        after_help = SEQ_AFTER_HELP,
        override_usage = "grundy seq [OPTIONS] GAME [OPTIONS] -n N",
        mut_arg("words", |a| a.help("The game's name (see `grundy games`), then its game-specific options")),
        mut_arg("misere", |a| a.hide(true))
    )]
    Seq(SeqArgs),
    /// Play a game against the engine in the terminal
    #[command(
        after_help = PLAY_AFTER_HELP,
        override_usage = "grundy play [OPTIONS] GAME [OPTIONS] POSITION...",
        mut_arg("json", |a| a.hide(true))
    )]
    Play(PlayArgs),
    /// Nim arithmetic on 64-bit nimbers: add, mul, inv, sqrt
    #[command(after_help = NIM_AFTER_HELP)]
    Nim(NimArgs),
    /// The pirate puzzle: n pirates share m coins by proposals and votes;
    /// every pirate's fate
    #[command(
        after_help = PIRATES_AFTER_HELP,
        override_usage = "grundy pirates --n N --m M [--json]"
    )]
    Pirates(PiratesArgs),
    /// Print a completion script for a shell
    #[command(after_help = COMPLETIONS_AFTER_HELP)]
    Completions {
        /// The shell
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

/// The arguments of `analyze`, `batch` and `seq`. clap reads the options
/// before the game's name; every word from the name on is kept raw, since
/// the game decides which options it has.
#[derive(Args, Debug, Clone, Default)]
struct GameArgs {
    /// The game's name (see `grundy games`), then its position arguments and
    /// game-specific options, in any order
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "GAME"
    )]
    words: Vec<String>,
    #[command(flatten)]
    common: Common,
}

/// The options every game accepts. Values are kept as text and checked in
/// one place ([`Common::resolve`]) whether they came before or after GAME.
#[derive(Args, Debug, Clone, Default)]
struct Common {
    /// Misère play: the player who cannot move wins
    #[arg(long)]
    misere: bool,
    /// Machine-readable output: one JSON document on stdout
    #[arg(long)]
    json: bool,
    /// Worker threads for long computations (0 or absent: every core)
    #[arg(long, value_name = "N")]
    threads: Option<String>,
    /// A user-defined game in place of GAME: a rhai rules file (see the README)
    #[arg(long, value_name = "FILE")]
    rules: Option<String>,
    /// Most positions a search may store (default 10000000)
    #[arg(long, value_name = "N")]
    max_states: Option<String>,
    /// Search time budget in seconds, fractions allowed (default 60; `seq`
    /// has none unless given, since long sequences checkpoint instead)
    #[arg(long, value_name = "SECS")]
    time_limit: Option<String>,
}

/// The arguments of `pirates`.
#[derive(Args, Debug, Clone, Default)]
struct PiratesArgs {
    /// The number of pirates, 1 to 10000 (required)
    #[arg(long = "n", value_name = "N", allow_negative_numbers = true)]
    n: Option<String>,
    /// The number of coins, 0 to 100 (required)
    #[arg(long = "m", value_name = "M", allow_negative_numbers = true)]
    m: Option<String>,
    /// Machine-readable output: one JSON document on stdout
    #[arg(long)]
    json: bool,
    /// Refused with a reason: the puzzle has no last move to win by
    #[arg(long, hide = true)]
    misere: bool,
    /// Any other word, refused with a message naming it
    #[arg(hide = true, trailing_var_arg = true, allow_hyphen_values = true)]
    rest: Vec<String>,
}

/// The arguments of `analyze` and `batch`.
#[derive(Args, Debug, Clone, Default)]
struct AnalyzeArgs {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    extra: AnalyzeExtra,
}

/// The options only `analyze` and `batch` take.
#[derive(Args, Debug, Clone, Default)]
struct AnalyzeExtra {
    /// Outcome and value only, no winning moves (answers positions with too
    /// many moves to list, e.g. `kayles 1000000000000`)
    #[arg(long, conflicts_with = "max_moves")]
    outcome_only: bool,
    /// List at most K winning moves (`winning_move_count` stays the full
    /// count)
    #[arg(long, value_name = "K")]
    max_moves: Option<String>,
    /// Explain the answer: components and where their values come from,
    /// the nim-sum in binary, what each move leaves (`explanation` in
    /// --json)
    #[arg(long)]
    explain: bool,
}

impl AnalyzeExtra {
    /// How much of the move list to work out.
    fn detail(&self) -> Result<Detail, CliError> {
        if self.outcome_only {
            return Ok(Detail::OutcomeOnly);
        }
        match &self.max_moves {
            None => Ok(Detail::AllMoves),
            Some(k) => parse_u64_in(k, 0, usize::MAX as u64)
                .map(|k| Detail::FirstMoves(k as usize))
                .map_err(|e| CliError::usage(format!("--max-moves: {e}"))),
        }
    }
}

/// The arguments of `seq`.
#[derive(Args, Debug, Clone, Default)]
struct SeqArgs {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    extra: SeqExtra,
}

/// The options only `seq` takes.
#[derive(Args, Debug, Clone, Default)]
struct SeqExtra {
    /// Compute the values of heaps 0 to N inclusive (required)
    #[arg(short = 'n', value_name = "N")]
    n: Option<String>,
    /// File to save progress to and resume from
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<String>,
    /// Seconds between checkpoint writes (default 60; decimals allowed)
    #[arg(long, value_name = "SECS")]
    checkpoint_every: Option<String>,
    /// Algorithm: naive, rc (rare/common) or parallel; default: the best one
    #[arg(long, value_name = "M")]
    method: Option<String>,
    /// Show a progress bar on stderr
    #[arg(long)]
    progress: bool,
    /// Write the values to FILE, one per line (heap 0 first), or in compact
    /// binary when FILE ends in .bin (24-byte header: "GRUNDYSQ", u32
    /// version 1, u32 bytes per value 2 or 8, u64 count; then the values,
    /// little-endian), and print the summary instead of the values; the
    /// file appears only when complete
    #[arg(long, value_name = "FILE")]
    values: Option<String>,
    /// Print the period, the largest value and where it first occurs, and
    /// how often each value occurs, instead of the values
    #[arg(long)]
    summary: bool,
    /// Draw the values against the heap size to FILE.svg or FILE.png, the
    /// pre-period and one period marked
    #[arg(long, value_name = "FILE")]
    plot: Option<String>,
}

/// The arguments of `play`.
#[derive(Args, Debug, Clone, Default)]
struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    extra: PlayExtra,
}

/// The options only `play` takes.
#[derive(Args, Debug, Clone, Default)]
struct PlayExtra {
    /// The engine makes the first move (default: you do)
    #[arg(long)]
    engine_first: bool,
    /// Mark the winning moves in the list on each of your turns
    #[arg(long)]
    hint: bool,
    /// Pick among the engine's equally good moves by this number (default:
    /// the first listed); the same seed replays the same game
    #[arg(long, value_name = "N")]
    seed: Option<String>,
}

/// The arguments of `nim`.
#[derive(Args, Debug, Clone)]
struct NimArgs {
    /// The operation
    #[arg(value_enum)]
    op: NimOp,
    /// One operand (inv, sqrt) or two (add, mul)
    #[arg(allow_negative_numbers = true, value_name = "OPERAND")]
    operands: Vec<String>,
    /// Print a JSON object instead of the bare result
    #[arg(long)]
    json: bool,
}

/// A fully checked command, ready to run.
pub enum Parsed {
    /// Text to print on stdout with exit status 0 (help, version).
    Print(String),
    /// `grundy games`.
    Games {
        /// JSON instead of text.
        json: bool,
    },
    /// `grundy analyze`.
    Analyze(Request),
    /// `grundy batch` (positions come from stdin).
    Batch(Request),
    /// `grundy seq`.
    Seq(Request, SeqRequest),
    /// `grundy play` (moves come from stdin).
    Play(Request, PlayRequest),
    /// `grundy nim`.
    Nim(NimRequest),
    /// `grundy pirates` (or `grundy analyze pirates`).
    Pirates(PiratesRequest),
}

/// A game to build and what to ask it, with every option checked.
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
}

impl Request {
    /// The game as the user invoked it: its name and game-specific options
    /// in the registration's order, e.g. `subtraction --set 1,3,4`. Used
    /// as the title of text output, so it can be pasted back.
    pub fn invocation(&self) -> String {
        let mut s = self.registration.name.to_string();
        for spec in &self.registration.options {
            if let Some(v) = self.options.get(spec.name) {
                if v.is_empty() || v.contains(char::is_whitespace) {
                    s.push_str(&format!(" --{} '{v}'", spec.name));
                } else {
                    s.push_str(&format!(" --{} {v}", spec.name));
                }
            }
        }
        s
    }
}

/// What `seq` computes and how.
pub struct SeqRequest {
    /// The largest heap.
    pub n: u64,
    /// Checkpoint file.
    pub checkpoint: Option<PathBuf>,
    /// Time between checkpoint writes, if not the default.
    pub checkpoint_every: Option<std::time::Duration>,
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
}

/// How `play` runs a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayRequest {
    /// The engine moves first.
    pub engine_first: bool,
    /// Mark the winning moves on each of the human's turns.
    pub hint: bool,
    /// Tie-break among the engine's equally good moves (`None`: the first).
    pub seed: Option<u64>,
}

/// Most worker threads accepted. Starting a rayon pool costs time that
/// grows faster than the thread count (1024 threads took 2.5 s on two
/// cores, 4096 threads 32 s, even for a trivial command), so the bound
/// stays where starting the pool is still instant yet above the cores of
/// any machine we run on.
const MAX_THREADS: u64 = 256;

/// Parses and checks a whole command line (`argv[0]` is the program name).
/// Never panics; every error is a [`CliError::Usage`] (exit status 2).
///
/// clap reads the command line once to find the subcommand and GAME; the
/// words after GAME are sorted by [`split_tail`] against clap's own
/// definition of the subcommand, and the options among them are handed
/// back to clap, together with those before GAME, for a second and final
/// parse. So every option is declared once, in the clap structs above.
pub fn parse<I, S>(argv: I) -> Result<Parsed, CliError>
where
    I: IntoIterator<Item = S>,
    S: Into<std::ffi::OsString> + Clone,
{
    let argv: Vec<OsString> = argv.into_iter().map(Into::into).collect();
    let (cli, matches) = match run_clap(&argv)? {
        Clap::Parsed(cli, m) => (cli, m),
        Clap::Print(text) => return Ok(Parsed::Print(text)),
    };
    let game = match &cli.command {
        Command::Games { json } => return Ok(Parsed::Games { json: *json }),
        Command::Nim(a) => return Ok(Parsed::Nim(nim::request(a.op, &a.operands, a.json)?)),
        Command::Completions { shell } => return Ok(Parsed::Print(completions(*shell))),
        Command::Pirates(p) => {
            return Ok(Parsed::Pirates(pirates::request(PiratesWords {
                n: p.n.as_deref(),
                m: p.m.as_deref(),
                json: p.json,
                misere: p.misere,
                rest: &p.rest,
            })?))
        }
        Command::Analyze(a) => {
            if let Some(argv) = pirates_route(&argv, &a.game)? {
                return parse(argv);
            }
            &a.game
        }
        Command::Batch(a) => &a.game,
        Command::Seq(s) => &s.game,
        Command::Play(p) => &p.game,
    };
    let Some((sub, before)) = matches.subcommand() else {
        return Err(CliError::usage(missing_command()));
    };
    let (registration, tail) = match read_game(game, sub, before)? {
        GameWords::Help(h) => return Ok(Parsed::Print(h)),
        GameWords::Read(r, t) => (r, t),
    };
    // The words up to GAME, then the options found after it: clap parses
    // them again as one command line, GAME and the positions left out.
    let head = argv.len() - game.words.len();
    let mut merged: Vec<OsString> = argv[..head].to_vec();
    if merged.last().is_some_and(|w| w == "--") {
        merged.pop();
    }
    merged.extend(tail.clap_words.iter().map(OsString::from));
    let cli = match run_clap(&merged)? {
        Clap::Parsed(cli, _) => cli,
        Clap::Print(text) => return Ok(Parsed::Print(text)),
    };
    let Tail {
        options, positions, ..
    } = tail;
    match cli.command {
        Command::Analyze(a) => {
            let mut r = request(registration, options, positions, &a.game.common)?;
            r.detail = a.extra.detail()?;
            r.explain = a.extra.explain;
            Ok(Parsed::Analyze(r))
        }
        Command::Batch(a) => {
            let mut r = request(registration, options, positions, &a.game.common)?;
            r.detail = a.extra.detail()?;
            if a.extra.explain {
                return Err(CliError::usage(
                    "--explain is for one position: use `grundy analyze GAME POSITION --explain`",
                ));
            }
            if let Some(p) = r.positions.first() {
                return Err(CliError::usage(format!(
                    "unexpected argument '{p}': batch reads its positions from stdin, one per line"
                )));
            }
            Ok(Parsed::Batch(r))
        }
        Command::Seq(s) => {
            let r = request(registration, options, positions, &s.game.common)?;
            if let Some(p) = r.positions.first() {
                return Err(CliError::usage(format!(
                    "unexpected argument '{p}': seq takes no position; give the largest heap with -n N"
                )));
            }
            if r.play == Play::Misere {
                return Err(CliError::usage(
                    "seq computes normal-play values; --misere is not supported there",
                ));
            }
            let extra = s.extra;
            let n = extra
                .n
                .as_deref()
                .ok_or_else(|| CliError::usage("seq needs -n N, the largest heap to compute"))?;
            let n = request::seq_n(n).map_err(usage)?;
            Ok(Parsed::Seq(
                r,
                SeqRequest {
                    n,
                    checkpoint: extra.checkpoint.map(PathBuf::from),
                    checkpoint_every: extra
                        .checkpoint_every
                        .as_deref()
                        .map(parse_checkpoint_every)
                        .transpose()?,
                    method: extra.method,
                    progress: extra.progress,
                    values: extra.values.map(PathBuf::from),
                    summary: extra.summary,
                    plot: extra.plot.map(PathBuf::from),
                },
            ))
        }
        Command::Play(p) => {
            let r = request(registration, options, positions, &p.game.common)?;
            if r.json {
                return Err(CliError::usage(
                    "play is an interactive game in plain text; --json is not supported there",
                ));
            }
            Ok(Parsed::Play(
                r,
                PlayRequest {
                    engine_first: p.extra.engine_first,
                    hint: p.extra.hint,
                    seed: p
                        .extra
                        .seed
                        .as_deref()
                        .map(|s| {
                            parse_u64_in(s, 0, u64::MAX)
                                .map_err(|e| CliError::usage(format!("--seed: {e}")))
                        })
                        .transpose()?,
                },
            ))
        }
        Command::Games { .. }
        | Command::Nim(_)
        | Command::Completions { .. }
        | Command::Pirates(_) => Err(CliError::Game(GameError::Internal(format!(
            "the second parse of the {sub} command line found another command"
        )))),
    }
}

/// `grundy analyze [OPTIONS] pirates WORDS...` as the command line
/// `grundy pirates [OPTIONS] WORDS...`, which the pirates command checks
/// (it refuses the options of `analyze` it has not); `None` for any other
/// game, or with a rules file (then `pirates` is a position).
fn pirates_route(argv: &[OsString], g: &GameArgs) -> Result<Option<Vec<OsString>>, CliError> {
    if g.words.first().map(String::as_str) != Some(pirates::NAME) || rules_file(g)?.is_some() {
        return Ok(None);
    }
    // argv is `grundy analyze`, the options before GAME, then the words.
    let head = argv.len() - g.words.len();
    let mut options = &argv[2.min(head)..head];
    if options.last().is_some_and(|w| w == "--") {
        options = &options[..options.len() - 1];
    }
    let mut routed = vec![argv[0].clone(), OsString::from(pirates::NAME)];
    routed.extend(options.iter().cloned());
    routed.extend(g.words[1..].iter().map(OsString::from));
    Ok(Some(routed))
}

/// The completion script of `grundy` for `shell`.
fn completions(shell: clap_complete::Shell) -> String {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "grundy", &mut script);
    String::from_utf8_lossy(&script).into_owned()
}

/// What clap made of a command line.
enum Clap {
    /// The typed command line, and clap's matches (which say where each
    /// value came from).
    Parsed(Box<Cli>, ArgMatches),
    /// Text to print instead of running anything (help, version).
    Print(String),
}

/// Runs clap on `argv`, its errors condensed to one line.
fn run_clap(argv: &[OsString]) -> Result<Clap, CliError> {
    let matches = match Cli::command().try_get_matches_from(argv) {
        Ok(m) => m,
        Err(e) if !e.use_stderr() => return Ok(Clap::Print(e.render().to_string())),
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            // clap's message is then the whole help text.
            return Err(CliError::usage(missing_command()));
        }
        Err(e) => {
            return Err(CliError::usage(condense_clap_error(
                &e.render().to_string(),
            )))
        }
    };
    let cli = Cli::from_arg_matches(&matches)
        .map_err(|e| CliError::usage(condense_clap_error(&e.render().to_string())))?;
    Ok(Clap::Parsed(Box::new(cli), matches))
}

/// Reads `--checkpoint-every`: a positive number of seconds, at most a day.
fn parse_checkpoint_every(text: &str) -> Result<std::time::Duration, CliError> {
    let secs: f64 = text.parse().map_err(|_| {
        CliError::usage(format!(
            "--checkpoint-every: '{text}' is not a number of seconds"
        ))
    })?;
    if !(secs > 0.0 && secs <= 86_400.0) {
        return Err(CliError::usage(format!(
            "--checkpoint-every: '{text}' is out of range (more than 0, at most 86400 seconds)"
        )));
    }
    Ok(std::time::Duration::from_secs_f64(secs))
}

/// clap's messages span several lines (message, tip, usage); our errors
/// are one line, so keep the message and point at the help. The message
/// is the first paragraph: a list of missing arguments follows its first
/// line (`the following required arguments were not provided:` / `<OP>`).
fn condense_clap_error(rendered: &str) -> String {
    let message: Vec<&str> = rendered
        .lines()
        .map(str::trim)
        .skip_while(|l| l.is_empty())
        .take_while(|l| !l.is_empty())
        .collect();
    let message = match message.join(" ") {
        m if m.is_empty() => "invalid arguments".to_string(),
        m => m,
    };
    let message = message.strip_prefix("error: ").unwrap_or(&message);
    format!("{message} (see `grundy --help`)")
}

/// The error for `grundy` without a command (clap would print its help).
fn missing_command() -> String {
    let names: Vec<String> = Cli::command()
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .filter(|n| n != "help")
        .collect();
    format!(
        "no command given; the commands are {} (see `grundy --help`)",
        names.join(", ")
    )
}

/// What the words from GAME on amount to.
enum GameWords {
    /// `-h`/`--help` after GAME: the subcommand's help and the game's.
    Help(String),
    /// The game and the words after it, sorted.
    Read(Registration, Tail),
}

/// Finds the game named by the first of `g.words` and sorts the words
/// after it against the definition of subcommand `sub`; `before` are
/// clap's matches of the words before GAME.
fn read_game(g: &GameArgs, sub: &str, before: &ArgMatches) -> Result<GameWords, CliError> {
    let rules = rules_file(g)?;
    let mut root = Cli::command();
    root.build();
    let cmd = root.find_subcommand(sub).ok_or_else(|| {
        CliError::Game(GameError::Internal(format!("clap has no subcommand {sub}")))
    })?;
    if let Some((file, words)) = rules {
        let registration =
            grundy_rules::registration(std::path::Path::new(&file)).map_err(CliError::Game)?;
        let tail = split_tail(&words, cmd, before, &registration)?;
        if tail.help {
            return Ok(GameWords::Help(game_help(sub, &registration)));
        }
        return Ok(GameWords::Read(registration, tail));
    }
    // clap passes on an option with its value attached (`-n10`) as the
    // first word when it comes before GAME; such words are options too.
    let lead = g
        .words
        .iter()
        .take_while(|w| {
            let (name, inline) = option_word(w);
            inline.is_some() && !w.starts_with("--") && clap_arg(cmd, name).is_some()
        })
        .count();
    let Some((name, rest)) = g.words[lead..].split_first() else {
        return Err(CliError::usage(format!(
            "{sub} needs a game name (see `grundy games`)"
        )));
    };
    if name.starts_with('-') && name.len() > 1 {
        // clap hands over an unknown option met before GAME as the name.
        return Err(CliError::usage(format!(
            "unknown option '{name}' before the game's name (common options: see `grundy {sub} --help`; a game's own options follow its name)"
        )));
    }
    if name == pirates::NAME {
        return Err(CliError::usage(format!(
            "pirates is a puzzle, not a game with positions: `grundy pirates --n N --m M` \
             (or `grundy analyze pirates --n N --m M`) prints every pirate's fate; {sub} \
             does not apply"
        )));
    }
    let registration = request::find_game(&grundy_games::registry(), name).map_err(usage)?;
    let rest: Vec<String> = g.words[..lead].iter().chain(rest).cloned().collect();
    let tail = split_tail(&rest, cmd, before, &registration)?;
    if tail.help {
        return Ok(GameWords::Help(game_help(sub, &registration)));
    }
    request::check_required(&registration, &tail.options).map_err(usage)?;
    Ok(GameWords::Read(registration, tail))
}

/// The rules file of `--rules FILE` (given before GAME, where clap reads
/// it, or among the words after) and the words without it: with a rules
/// file every word is a position argument or an option.
fn rules_file(g: &GameArgs) -> Result<Option<(String, Vec<String>)>, CliError> {
    let mut file = g.common.rules.clone();
    let mut words = Vec::with_capacity(g.words.len());
    let mut it = g.words.iter();
    while let Some(w) = it.next() {
        if w == "--" {
            words.push(w.clone());
            words.extend(it.by_ref().cloned());
            break;
        }
        let value = if w == "--rules" {
            Some(
                it.next()
                    .cloned()
                    .ok_or_else(|| CliError::usage("option --rules needs a value (FILE)"))?,
            )
        } else {
            w.strip_prefix("--rules=").map(str::to_string)
        };
        match value {
            Some(_) if file.is_some() => return Err(CliError::usage("option --rules given twice")),
            Some(v) => file = Some(v),
            None => words.push(w.clone()),
        }
    }
    Ok(file.map(|f| (f, words)))
}

/// The request for `registration` with the common options `c` checked.
fn request(
    registration: Registration,
    options: GameOptions,
    positions: Vec<String>,
    c: &Common,
) -> Result<Request, CliError> {
    let threads = c
        .threads
        .as_deref()
        .map(|s| {
            parse_u64_in(s, 0, MAX_THREADS).map_err(|e| CliError::usage(format!("--threads: {e}")))
        })
        .transpose()?
        .filter(|&t| t > 0)
        .map(|t| t as usize);
    let limits =
        request::limits(c.max_states.as_deref(), c.time_limit.as_deref()).map_err(usage)?;
    Ok(Request {
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

/// A front-end check's error as a usage error (exit status 2).
fn usage(e: GameError) -> CliError {
    match e {
        GameError::Input(m) => CliError::usage(m),
        other => CliError::Game(other),
    }
}

/// The words after GAME, sorted into options and positions.
struct Tail {
    /// The game's own options.
    options: GameOptions,
    /// The position arguments.
    positions: Vec<String>,
    /// Whether `-h`/`--help` was among them.
    help: bool,
    /// The subcommand's clap options among them, each written as one
    /// word (`--max-states=3`, `-n=10`, `--json`) for clap to parse.
    clap_words: Vec<String>,
}

/// Whether `word` is a position argument although it starts with a dash:
/// a lone `-` or a dash followed by a digit (a negative number, which the
/// game's parser then rejects by name).
pub(crate) fn is_dash_position(word: &str) -> bool {
    word == "-"
        || word
            .strip_prefix('-')
            .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
}

/// An option word after GAME: the name as typed (`--max-states`, `-n`)
/// and a value attached to it (`--max=10`, `-n10`), if any.
fn option_word(word: &str) -> (&str, Option<&str>) {
    if word.starts_with("--") {
        return match word.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (word, None),
        };
    }
    // `-n10` and `-n=10` are `-n 10`, as clap reads them before GAME.
    match word.char_indices().nth(2) {
        Some((i, _)) => {
            let (n, v) = word.split_at(i);
            (n, Some(v.strip_prefix('=').unwrap_or(v)))
        }
        None => (word, None),
    }
}

/// The argument of `cmd` (clap's definition of a subcommand) that the
/// option named `name` (`--long` or `-s`) stands for.
fn clap_arg<'c>(cmd: &'c clap::Command, name: &str) -> Option<&'c clap::Arg> {
    let args = || cmd.get_arguments().filter(|a| !a.is_positional());
    if let Some(long) = name.strip_prefix("--") {
        return args().find(|a| a.get_long() == Some(long));
    }
    let mut chars = name.strip_prefix('-')?.chars();
    let (Some(short), None) = (chars.next(), chars.next()) else {
        return None;
    };
    args().find(|a| a.get_short() == Some(short))
}

/// Sorts the words after GAME. An option clap defines for the subcommand
/// `cmd` (a common option or the subcommand's own) is kept, as one word,
/// for clap to parse; an option of the game goes into the returned
/// [`GameOptions`]; everything else is a position argument. `before` are
/// clap's matches of the words before GAME: an option given there and
/// again after GAME is refused, as clap refuses one given twice before.
fn split_tail(
    rest: &[String],
    cmd: &clap::Command,
    before: &ArgMatches,
    reg: &Registration,
) -> Result<Tail, CliError> {
    let mut tail = Tail {
        options: GameOptions::default(),
        positions: Vec::new(),
        help: false,
        clap_words: Vec::new(),
    };
    let mut seen: Vec<&str> = Vec::new();
    let mut words = rest.iter();
    while let Some(word) = words.next() {
        if word == "--" {
            tail.positions.extend(words.by_ref().cloned());
            break;
        }
        if !word.starts_with('-') || is_dash_position(word) {
            tail.positions.push(word.clone());
            continue;
        }
        let (name, inline) = option_word(word);
        let mut value = |placeholder: &str| -> Result<String, CliError> {
            match inline {
                Some(v) => Ok(v.to_string()),
                None => words.next().cloned().ok_or_else(|| {
                    CliError::usage(format!("option {name} needs a value ({placeholder})"))
                }),
            }
        };
        // An option given twice is refused: which of two values was meant
        // cannot be guessed.
        let twice = || CliError::usage(format!("option {name} given twice"));
        let Some(arg) = clap_arg(cmd, name) else {
            let spec = name
                .strip_prefix("--")
                .and_then(|n| reg.options.iter().find(|s| s.name == n))
                .ok_or_else(|| {
                    let shown = if word.starts_with("--") { name } else { word };
                    unknown_option(shown, reg)
                })?;
            if tail.options.get(spec.name).is_some() {
                return Err(twice());
            }
            let v = value(spec.value)?;
            tail.options.set(spec.name, &v);
            continue;
        };
        let action = arg.get_action();
        if matches!(
            action,
            ArgAction::Help | ArgAction::HelpShort | ArgAction::HelpLong
        ) {
            tail.help = true;
            continue;
        }
        let id = arg.get_id().as_str();
        if seen.contains(&id) || before.value_source(id) == Some(ValueSource::CommandLine) {
            return Err(twice());
        }
        seen.push(id);
        if action.takes_values() {
            let placeholder = arg
                .get_value_names()
                .and_then(|v| v.first())
                .map_or("a value", |v| v.as_str());
            let v = value(placeholder)?;
            // `--long=value` keeps a value starting with a dash for the
            // value's own check; a short option's value goes in a word of
            // its own (clap takes `-n=5` for a position argument).
            if name.starts_with("--") {
                tail.clap_words.push(format!("{name}={v}"));
            } else {
                tail.clap_words.push(name.to_string());
                tail.clap_words.push(v);
            }
        } else if inline.is_some() {
            return Err(CliError::usage(format!("option {name} takes no value")));
        } else {
            tail.clap_words.push(name.to_string());
        }
    }
    Ok(tail)
}

fn unknown_option(name: &str, reg: &Registration) -> CliError {
    CliError::usage(format!(
        "{} (common options: see `grundy --help`)",
        request::unknown_option_message(name, reg)
    ))
}

/// The help of subcommand `sub` followed by the game's own options.
fn game_help(sub: &str, reg: &Registration) -> String {
    let mut cmd = Cli::command();
    cmd.build();
    let mut text = cmd
        .find_subcommand_mut(sub)
        .map(|c| c.render_help().to_string())
        .unwrap_or_default();
    text.push_str(&format!(
        "\nGame {}: {}\nPosition: {}\n",
        reg.name, reg.rules, reg.syntax
    ));
    if reg.options.is_empty() {
        text.push_str("No game-specific options.\n");
    } else {
        text.push_str("Game options:\n");
        for s in &reg.options {
            let req = if s.required { " (required)" } else { "" };
            text.push_str(&format!(
                "  --{} <{}>  {}{}\n",
                s.name, s.value, s.help, req
            ));
        }
    }
    text.push_str(&format!(
        "Example: grundy {sub} {} {}\n",
        reg.name, reg.example
    ));
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The numbers `play --help` states are the ones `play` uses.
    #[test]
    fn play_help_states_the_draw_rules_in_force() {
        use crate::play::{MAX_PLIES, MAX_REPETITIONS};
        let h = PLAY_AFTER_HELP.replace('\n', " ");
        for needle in [
            format!(
                "{}th time ({MAX_REPETITIONS} repetitions)",
                MAX_REPETITIONS + 1
            ),
            format!("after {MAX_PLIES} moves"),
            format!("at most {} positions", grundy_api::policy::MAX_EXPLORED),
        ] {
            assert!(h.contains(&needle), "{needle}");
        }
    }

    #[test]
    fn dash_positions() {
        assert!(is_dash_position("-"));
        assert!(is_dash_position("-3"));
        assert!(is_dash_position("-12x"));
        assert!(!is_dash_position("--3"));
        assert!(!is_dash_position("-x"));
        assert!(!is_dash_position("--json"));
    }

    #[test]
    fn attached_values() {
        assert_eq!(option_word("-n10"), ("-n", Some("10")));
        assert_eq!(option_word("-n=10"), ("-n", Some("10")));
        assert_eq!(option_word("-n"), ("-n", None));
        assert_eq!(option_word("--max=3"), ("--max", Some("3")));
        assert_eq!(option_word("--max=a=b"), ("--max", Some("a=b")));
        assert_eq!(option_word("--json"), ("--json", None));
        assert_eq!(option_word("-é1"), ("-é", Some("1")));
    }

    /// The tail parser knows every option clap defines for a subcommand,
    /// with no list of its own to keep in step.
    #[test]
    fn every_clap_option_is_read_after_the_game() {
        let reg = grundy_games::find("nim").unwrap();
        let mut root = Cli::command();
        root.build();
        for sub in ["analyze", "batch", "seq", "play"] {
            let cmd = root.find_subcommand(sub).unwrap();
            let before = cmd.clone().try_get_matches_from([sub]).unwrap();
            let mut count = 0;
            for arg in cmd.get_arguments().filter(|a| !a.is_positional()) {
                let name = match (arg.get_long(), arg.get_short()) {
                    (Some(l), _) => format!("--{l}"),
                    (None, Some(s)) => format!("-{s}"),
                    (None, None) => continue,
                };
                let words = vec![name.clone(), "7".to_string()];
                let tail = split_tail(&words, cmd, &before, &reg).unwrap();
                let takes = arg.get_action().takes_values();
                if tail.help {
                    assert_eq!(tail.positions, ["7"], "{sub} {name}");
                } else if takes {
                    assert!(tail.positions.is_empty(), "{sub} {name}");
                    assert!(tail.clap_words.concat().contains('7'), "{sub} {name}");
                } else {
                    assert_eq!(tail.positions, ["7"], "{sub} {name}");
                    assert_eq!(tail.clap_words, [name.as_str()], "{sub} {name}");
                }
                count += 1;
            }
            assert!(count >= 6, "{sub}: only {count} options");
        }
    }

    #[test]
    fn documented_defaults_are_the_engine_defaults() {
        let d = Limits::default();
        assert_eq!(d.max_states, 10_000_000);
        assert_eq!(d.max_time, Some(Duration::from_secs(60)));
    }

    #[test]
    fn clap_errors_become_one_line() {
        let e = parse(["grundy", "frobnicate"]).err().unwrap();
        assert_eq!(e.exit_code(), 2);
        assert!(!e.to_string().contains('\n'));
        assert!(e.to_string().contains("frobnicate"));
    }

    #[test]
    fn help_is_printed_not_an_error() {
        for argv in [
            &["grundy", "--help"][..],
            &["grundy", "analyze", "--help"],
            &["grundy", "-V"],
        ] {
            assert!(matches!(parse(argv.iter().copied()), Ok(Parsed::Print(_))));
        }
    }

    #[test]
    fn rules_file_errors_are_named() {
        for (argv, want) in [
            (
                &["grundy", "analyze", "--rules", "/no/such.rhai", "3"][..],
                "cannot read rules file '/no/such.rhai'",
            ),
            (
                &["grundy", "analyze", "3", "--rules=/no/such.rhai"],
                "cannot read rules file '/no/such.rhai'",
            ),
            (
                &["grundy", "batch", "--rules", "a", "--rules", "b"],
                "'--rules <FILE>' cannot be used multiple times",
            ),
            (
                &["grundy", "analyze", "--rules", "a", "3", "--rules", "b"],
                "--rules given twice",
            ),
            (
                &["grundy", "analyze", "3", "--rules"],
                "--rules needs a value",
            ),
        ] {
            let e = parse(argv.iter().copied()).err().unwrap();
            assert_eq!(e.exit_code(), 2);
            assert!(e.to_string().contains(want), "{e}");
        }
    }
}
