//! Command-line arguments: clap reads every word.
//!
//! The commands and the options they share are declared once, in the
//! structs below. `analyze`, `batch`, `seq` and `play` are read in two
//! clap parses: the first finds the command, the options before GAME and
//! the words from GAME on (GAME decides which options follow); the second
//! reads the options before GAME and the words after it with a command
//! built for that game ([`game_command`]: the command's own options plus
//! the game's, from its registration's option specs, and the position
//! arguments). A puzzle (`pirates`) is a command built from its
//! [`Puzzle`] registration; `analyze PUZZLE ...` reads the same words
//! with it. The checks of the values and the requests they make live in
//! [`grundy_api::request`] and [`grundy_api::puzzle`].

use crate::error::CliError;
use clap::builder::{PossibleValue, PossibleValuesParser, Styles};
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Arg, ArgAction, ArgMatches, Args, FromArgMatches, Subcommand};
use grundy_api::nim::{NimOp, NimRequest};
use grundy_api::puzzle::Puzzle;
use grundy_api::request::{
    self, CommonText, QuotientRequest, QuotientText, Request, SeqRequest, SeqText,
};
use grundy_api::survey_request::{Survey, SurveyText};
use grundy_api::{help, GameError, GameOptions, MatchOptions, OptionSpec, Registration};
use std::ffi::OsString;
use std::fmt::Write as _;

const ABOUT: &str = "Solve impartial combinatorial games: outcomes, Sprague-Grundy values, \
                     winning moves, value sequences and their periods.";

const COMPLETIONS_AFTER_HELP: &str = "\
Writes the script on stdout. For example, in bash:
  grundy completions bash > ~/.local/share/bash-completion/completions/grundy
in zsh, into a directory of $fpath as `_grundy`; in fish:
  grundy completions fish > ~/.config/fish/completions/grundy.fish
It completes commands, options and (in bash, zsh and fish) game names.";

// The commands declared here; the puzzles and `completions` follow them.
// (A doc comment here would become the root command's about.)
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
        after_help = help::ANALYZE,
        override_usage = "grundy analyze [OPTIONS] GAME [OPTIONS] POSITION..."
    )]
    #[command(mut_arg("mpi", |a| a.help(
        "Explore and solve a game whose positions may repeat (ring, graph --misere, rules files declaring loopy()) across the MPI ranks this process is one of (start it with `mpirun -np P grundy analyze ... --mpi`); rank 0 prints. Needs a grundy built with `--features mpi`"
    )))]
    Analyze(AnalyzeArgs),
    /// Analyze many positions, one per line on stdin, one JSON line out per line
    #[command(
        after_help = help::BATCH,
        override_usage = "grundy batch [OPTIONS] GAME [OPTIONS] < POSITIONS",
        mut_arg("words", |a| a.help("The game's name (see `grundy games`), then its game-specific options")),
        // One position's reasoning: `analyze --explain`, refused here.
        mut_arg("explain", |a| a.hide(true))
    )]
    Batch(AnalyzeArgs),
    /// Value sequence of a one-heap game (heaps 0 to N) with its period
    #[command(
        after_help = help::SEQ,
        override_usage = "grundy seq [OPTIONS] GAME [OPTIONS] -n N",
        mut_arg("words", |a| a.help("The game's name (see `grundy games`), then its game-specific options")),
        mut_arg("misere", |a| a.hide(true))
    )]
    Seq(SeqArgs),
    /// Misère quotient of a heap game: the monoid, its P-portion, a
    /// presentation and the pretending function
    #[command(
        after_help = help::QUOTIENT,
        override_usage = "grundy quotient [OPTIONS] GAME [OPTIONS] [--max-heap N]",
        mut_arg("words", |a| a.help("The game's name (see `grundy games`), then its game-specific options")),
        mut_arg("misere", |a| a.hide(true))
    )]
    Quotient(QuotientArgs),
    /// Value sequences of many take-and-break codes: pre-period, period,
    /// proof, largest value; one line per code in the list's order
    #[command(after_help = help::SURVEY)]
    Survey(SurveyArgs),
    /// Play a game against the engine in the terminal
    #[command(
        after_help = help::PLAY,
        override_usage = "grundy play [OPTIONS] GAME [OPTIONS] POSITION...",
        mut_arg("json", |a| a.hide(true))
    )]
    Play(PlayArgs),
    /// Nim arithmetic on 64-bit nimbers: add, mul, inv, sqrt
    #[command(after_help = help::NIM)]
    Nim(NimArgs),
}

// The arguments of `completions` (a doc comment would be its about).
#[derive(Args, Debug)]
struct CompletionsArgs {
    /// The shell
    #[arg(value_enum)]
    shell: clap_complete::Shell,
}

/// The arguments of `analyze`, `batch`, `seq` and `play`. The first parse
/// reads the options before GAME and keeps every word from GAME on; the
/// second ([`game_command`]) reads the position arguments here.
#[derive(Args, Debug, Clone, Default)]
struct GameArgs {
    /// The game's name (see `grundy games`), then its position arguments and
    /// game-specific options, in any order
    #[arg(
        trailing_var_arg = true,
        allow_negative_numbers = true,
        value_name = "GAME"
    )]
    words: Vec<String>,
    #[command(flatten)]
    common: Common,
}

/// The options every game accepts, as text: their values are checked by
/// [`Request::new`].
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
    /// Most memory a search may hold: bytes, or with K, M, G or T (512M,
    /// 4G). Default: half of the least of the machine's memory, the
    /// cgroup's limit and `ulimit -v`
    #[arg(long, value_name = "SIZE")]
    max_memory: Option<String>,
}

impl Common {
    fn text(&self) -> CommonText<'_> {
        CommonText {
            misere: self.misere,
            json: self.json,
            threads: self.threads.as_deref(),
            max_states: self.max_states.as_deref(),
            time_limit: self.time_limit.as_deref(),
            max_memory: self.max_memory.as_deref(),
        }
    }
}

/// The arguments of `analyze` and `batch`.
#[derive(Args, Debug, Clone, Default)]
struct AnalyzeArgs {
    #[command(flatten)]
    game: GameArgs,
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
    /// Answer the lines on the MPI ranks this process is one of (start it
    /// with `mpirun -np P grundy batch ... --mpi`); rank 0 reads and writes.
    /// Needs a grundy built with `--features mpi`
    #[arg(long)]
    mpi: bool,
}

/// The arguments of `seq`.
#[derive(Args, Debug, Clone, Default)]
struct SeqArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Compute the values of heaps 0 to N inclusive (required)
    #[arg(short = 'n', value_name = "N")]
    largest: Option<String>,
    /// File to save progress to and resume from
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<String>,
    /// Seconds between checkpoint writes (default 60; decimals allowed)
    #[arg(long, value_name = "SECS")]
    checkpoint_every: Option<String>,
    /// Algorithm: naive, rc, parallel or auto (default: blocks or one thread, timed)
    #[arg(long, value_name = "M")]
    method: Option<String>,
    /// Show a progress bar on stderr (the default on a terminal after 2 s)
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
    /// How --plot draws the values: `points` (a dot for each distinct
    /// pixel column and value: the bands a value takes at any range) or
    /// `density` (each cell shaded by how many heaps fall in it)
    #[arg(long, value_name = "STYLE")]
    plot_style: Option<String>,
    /// The first heap --plot draws (default 0; it ends at -n)
    #[arg(long, value_name = "K")]
    plot_from: Option<String>,
    /// Also give each heap's genus (Conway): the normal value g and the
    /// misère values γ0 γ1 ..., written `g^γ0γ1...` (`genus` in --json),
    /// by search of the sums the heaps' options leave, under the search
    /// limits
    #[arg(long)]
    genus: bool,
    /// Spread the computation over the MPI ranks this process is one of
    /// (start it with `mpirun -np P grundy seq ... --mpi`; alone, it is one
    /// rank); rank 0 prints and writes the files. Needs a grundy built
    /// with `--features mpi`
    #[arg(long)]
    mpi: bool,
}

/// The arguments of `survey` (`--progress` as `seq`'s: the bar is on by default).
#[derive(Args, Debug, Clone)]
#[command(arg(Arg::new("progress").long("progress").action(ArgAction::SetTrue)
    .help("Show a progress bar (codes done): the default on a terminal after 2 s")))]
struct SurveyArgs {
    /// Codes separated by commas, or patterns whose lower-case letters
    /// stand for every octal digit (0.xyz: 511 codes, 512 with --misere)
    #[arg(long, value_name = "LIST", required = true)]
    codes: String,
    /// Compute each code's heaps 0 to N (fewer once its period is proven)
    #[arg(short = 'n', value_name = "N", required_unless_present = "misere")]
    largest: Option<String>,
    /// Grow each code's misère quotient instead of its values
    #[arg(long)]
    misere: bool,
    /// With --misere: grow each quotient to heap N at most (default 300)
    #[arg(long, value_name = "N")]
    max_heap: Option<String>,
    /// One JSON line per code instead of the table
    #[arg(long)]
    json: bool,
    /// Worker threads (0: every core; default every core, one a rank with
    /// --mpi)
    #[arg(long, value_name = "N")]
    threads: Option<String>,
    /// Each code's time budget in seconds (default none); a code past it
    /// gets a line with its error (--misere: the quotient it reached)
    #[arg(long, value_name = "SECS")]
    time_limit: Option<String>,
    /// Most memory each code's values may take (see analyze)
    #[arg(long, value_name = "SIZE")]
    max_memory: Option<String>,
    /// Keep each finished line in FILE, and resume from it
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<String>,
    /// Hand the codes out to MPI ranks (`mpirun -np P grundy survey ...
    /// --mpi`); rank 0 writes the lines. Needs a grundy built with
    /// `--features mpi`
    #[arg(long)]
    mpi: bool,
}

/// The arguments of `quotient`.
#[derive(Args, Debug, Clone, Default)]
struct QuotientArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Grow the quotient of heaps 0 to N at most (default 300); it stops
    /// earlier when the periodicity test proves the whole game's quotient
    #[arg(long, value_name = "N")]
    max_heap: Option<String>,
    /// Show a progress bar (heaps, order): the default on a terminal after 2 s
    #[arg(long)]
    progress: bool,
    /// File to save the growth to and resume it from (the same game's)
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<String>,
    /// Seconds between checkpoint writes (default 60; decimals allowed)
    #[arg(long, value_name = "SECS")]
    checkpoint_every: Option<String>,
}

/// The arguments of `play`.
#[derive(Args, Debug, Clone, Default)]
struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,
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
    #[arg(value_name = "OP", value_parser = nim_ops())]
    op: String,
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
    /// `grundy analyze`, and whether across MPI ranks (`--mpi`).
    Analyze(Request, bool),
    /// `grundy batch` (positions come from stdin), and whether across MPI
    /// ranks (`--mpi`).
    Batch(Request, bool),
    /// `grundy survey`, and whether across MPI ranks (`--mpi`).
    Survey(Survey, bool),
    /// `grundy seq`, and whether across MPI ranks (`--mpi`).
    Seq(Request, SeqRequest, bool),
    /// `grundy quotient`: the largest heap, the progress bar, the
    /// checkpoint.
    Quotient(Request, QuotientRequest),
    /// `grundy play` (moves come from stdin).
    Play(Request, MatchOptions),
    /// `grundy nim` (and whether to print JSON).
    Nim(NimRequest, bool),
    /// A puzzle (`grundy pirates`, or `grundy analyze pirates`).
    Puzzle(PuzzleRequest),
}

/// A puzzle and the text of its numbers, in the order of its options.
pub struct PuzzleRequest {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Each option's value as typed, `None` when absent.
    pub given: Vec<Option<String>>,
    /// JSON output.
    pub json: bool,
}

/// The operations of `nim`, each with its help.
fn nim_ops() -> PossibleValuesParser {
    PossibleValuesParser::new(NimOp::ALL.map(|op| PossibleValue::new(op.name()).help(op.help())))
}

/// The whole command line: the commands declared here, each puzzle, and
/// `completions`.
fn cli() -> clap::Command {
    let root = clap::Command::new("grundy")
        .styles(Styles::plain())
        .version(env!("CARGO_PKG_VERSION"))
        .after_help(help::ROOT)
        .subcommand_required(true)
        .arg_required_else_help(true);
    let root = grundy_games::puzzles()
        .iter()
        .fold(Command::augment_subcommands(root), |root, p| {
            root.subcommand(puzzle_command(p))
        })
        .about(ABOUT);
    root.subcommand(
        CompletionsArgs::augment_args(clap::Command::new("completions"))
            .about("Print a completion script for a shell")
            .after_help(COMPLETIONS_AFTER_HELP),
    )
}

/// The command of puzzle `p`: its numbers, `--json`, and, hidden, the
/// words it refuses with a reason (`--misere`, positions).
fn puzzle_command(p: &Puzzle) -> clap::Command {
    let usage = format!("grundy {} {} [--json]", p.name, p.synopsis());
    let cmd = clap::Command::new(p.name)
        .styles(Styles::plain())
        .about(p.about)
        .after_help(p.after_help)
        .override_usage(usage);
    let cmd = p.options.iter().fold(cmd, |cmd, o| {
        cmd.arg(
            Arg::new(o.name)
                .long(o.name)
                .value_name(o.value)
                .help(o.help())
                .allow_negative_numbers(true),
        )
    });
    cmd.arg(
        Arg::new("json")
            .long("json")
            .action(ArgAction::SetTrue)
            .help("Machine-readable output: one JSON document on stdout"),
    )
    .arg(
        Arg::new("misere")
            .long("misere")
            .action(ArgAction::SetTrue)
            .help("Refused with a reason: the puzzle has no last move to win by")
            .hide(true),
    )
    .arg(
        Arg::new("rest")
            .num_args(0..)
            .allow_negative_numbers(true)
            .help("Any other word, refused with a message naming it")
            .hide(true),
    )
}

/// The command reading the options before GAME and the words after it,
/// for command `sub` of a game with the option specs `options`: the
/// command's own options, the game's, and the position arguments. `-h`
/// and `--help` ask for the game's help ([`game_help`]). A word made of a
/// dash and digits (`-3`) or a lone `-` is a position argument.
fn game_command(sub: &str, options: &[OptionSpec]) -> clap::Command {
    let cmd = clap::Command::new("grundy")
        .styles(Styles::plain())
        .no_binary_name(true)
        .disable_help_flag(true)
        .arg(
            Arg::new("help")
                .short('h')
                .long("help")
                .action(ArgAction::SetTrue),
        );
    let cmd = match sub {
        "seq" => SeqArgs::augment_args(cmd),
        "quotient" => QuotientArgs::augment_args(cmd),
        "play" => PlayArgs::augment_args(cmd),
        _ => AnalyzeArgs::augment_args(cmd),
    }
    .mut_arg("words", |a| a.trailing_var_arg(false));
    options
        .iter()
        .fold(cmd, |cmd, s| {
            cmd.arg(Arg::new(s.name).long(s.name).value_name(s.value))
        })
        // An option's value is the next word, whatever it looks like
        // (`--time-limit -1` is refused by the value's own check).
        .mut_args(|a| {
            let takes = a.get_action().takes_values() && !a.is_positional();
            a.allow_hyphen_values(takes)
        })
}

/// The puzzle named `name`, if any.
fn puzzle(name: &str) -> Option<Puzzle> {
    grundy_games::puzzles().into_iter().find(|p| p.name == name)
}

/// Parses and checks a whole command line (`argv[0]` is the program name).
/// Never panics; every error is a [`CliError::Usage`] (exit status 2).
pub fn parse<I, S>(argv: I) -> Result<Parsed, CliError>
where
    I: IntoIterator<Item = S>,
    S: Into<OsString> + Clone,
{
    let argv: Vec<OsString> = argv.into_iter().map(Into::into).collect();
    let matches = match cli().try_get_matches_from(&argv) {
        Ok(m) => m,
        Err(e) => return first_parse_error(e, &argv),
    };
    let Some((sub, m)) = matches.subcommand() else {
        return Err(CliError::usage(missing_command()));
    };
    if let Some(p) = puzzle(sub) {
        return puzzle_request(p, m);
    }
    if sub == "completions" {
        let a = CompletionsArgs::from_arg_matches(m).map_err(clap_error)?;
        return Ok(Parsed::Print(completions(a.shell)));
    }
    let game = match Command::from_arg_matches(&matches).map_err(clap_error)? {
        Command::Games { json } => return Ok(Parsed::Games { json }),
        Command::Nim(a) => {
            let op = NimOp::named(&a.op).ok_or_else(|| CliError::usage("unknown nim operation"))?;
            let words: Vec<&str> = a.operands.iter().map(String::as_str).collect();
            return Ok(Parsed::Nim(
                NimRequest::new(op, &words).map_err(usage)?,
                a.json,
            ));
        }
        Command::Survey(a) => {
            let req = Survey::new(&SurveyText {
                codes: &a.codes,
                n: a.largest.as_deref(),
                misere: a.misere,
                max_heap: a.max_heap.as_deref(),
                threads: a.threads.as_deref(),
                time_limit: a.time_limit.as_deref(),
                max_memory: a.max_memory.as_deref(),
                checkpoint: a.checkpoint.as_deref(),
                json: a.json,
            })
            .map_err(usage)?;
            return Ok(Parsed::Survey(req, a.mpi));
        }
        Command::Analyze(a) | Command::Batch(a) => a.game,
        Command::Seq(s) => s.game,
        Command::Quotient(q) => q.game,
        Command::Play(p) => p.game,
    };
    // The options before GAME are argv after the command's name up to the
    // words, less a `--` that ended them.
    let mut before = argv[2..argv.len() - game.words.len()].to_vec();
    if before.last().is_some_and(|w| w == "--") {
        before.pop();
    }
    let words = &game.words;
    let with = |skip: usize| -> Vec<OsString> {
        let rest = words[skip..].iter().map(OsString::from);
        before.iter().cloned().chain(rest).collect()
    };
    if game.common.rules.is_some() {
        return rules_request(sub, game.common.rules.as_deref(), with(0));
    }
    let Some(name) = words.first() else {
        return Err(CliError::usage(format!(
            "{sub} needs a game name (see `grundy games`)"
        )));
    };
    if let Some(reg) = grundy_games::find(name) {
        let args = with(1);
        let m = game_command(sub, &reg.options)
            .try_get_matches_from(&args)
            .map_err(|e| game_error(e, &args, &reg.name, &reg.options))?;
        if m.get_one::<String>("rules").is_some() {
            // With a rules file, the game's name is a position argument.
            return rules_request(sub, None, with(0));
        }
        return game_request(sub, reg, &m);
    }
    if let Some(p) = puzzle(name) {
        if sub != "analyze" {
            return Err(usage(p.not_a_game(sub)));
        }
        let args = with(1);
        return match puzzle_command(&p)
            .no_binary_name(true)
            .try_get_matches_from(&args)
        {
            Ok(m) => puzzle_request(p, &m),
            // `analyze pirates --help` is `pirates --help`.
            Err(e) if !e.use_stderr() => Ok(Parsed::Print(e.render().to_string())),
            Err(e) => Err(puzzle_error(e, &args, &p)),
        };
    }
    // No game of that name: a rules file may follow the positions.
    let args = with(0);
    match game_command(sub, &[]).try_get_matches_from(&args) {
        Ok(m) if m.get_one::<String>("rules").is_some() => return rules_request(sub, None, args),
        Err(e)
            if context(&e, ContextKind::InvalidArg).is_some_and(|a| a.starts_with("--rules")) =>
        {
            return Err(game_error(e, &args, "--rules FILE", &[]));
        }
        _ => {}
    }
    if name.starts_with('-') && name.len() > 1 {
        // After `--`, an option before GAME comes as the name.
        return Err(before_game(name, sub));
    }
    let regs = grundy_games::registry();
    Err(usage(request::find_game(&regs, name).err().unwrap_or_else(
        || GameError::Internal(format!("game {name} is registered but was not found")),
    )))
}

/// The request of a rules file: every word is a position argument or an
/// option. `file` is the file named before GAME, if any (for messages).
fn rules_request(sub: &str, file: Option<&str>, args: Vec<OsString>) -> Result<Parsed, CliError> {
    let m = game_command(sub, &[])
        .try_get_matches_from(&args)
        .map_err(|e| game_error(e, &args, file.unwrap_or("--rules FILE"), &[]))?;
    let file = m
        .get_one::<String>("rules")
        .ok_or_else(|| GameError::Internal("a rules request without --rules".into()))?;
    let reg = grundy_rules::registration(std::path::Path::new(file))?;
    game_request(sub, reg, &m)
}

/// The request of command `sub` for game `reg`, from the second parse.
fn game_request(sub: &str, reg: Registration, m: &ArgMatches) -> Result<Parsed, CliError> {
    if m.get_flag("help") {
        return Ok(Parsed::Print(game_help(sub, &reg)));
    }
    let mut options = GameOptions::default();
    for s in &reg.options {
        if let Some(v) = m.get_one::<String>(s.name) {
            options.set(s.name, v);
        }
    }
    request::check_required(&reg, &options).map_err(usage)?;
    let parsed = match sub {
        "seq" => {
            let s = SeqArgs::from_arg_matches(m).map_err(clap_error)?;
            let text = SeqText {
                n: s.largest.as_deref(),
                checkpoint: s.checkpoint.as_deref(),
                checkpoint_every: s.checkpoint_every.as_deref(),
                method: s.method.as_deref(),
                progress: s.progress,
                values: s.values.as_deref(),
                summary: s.summary,
                plot: s.plot.as_deref(),
                plot_style: s.plot_style.as_deref(),
                plot_from: s.plot_from.as_deref(),
                genus: s.genus,
            };
            let (r, q) = Request::new(reg, options, s.game.words, &s.game.common.text())
                .and_then(|r| r.seq(&text))
                .map_err(usage)?;
            Parsed::Seq(r, q, s.mpi)
        }
        "quotient" => {
            let q = QuotientArgs::from_arg_matches(m).map_err(clap_error)?;
            let text = QuotientText {
                max_heap: q.max_heap.as_deref(),
                progress: q.progress,
                checkpoint: q.checkpoint.as_deref(),
                checkpoint_every: q.checkpoint_every.as_deref(),
            };
            let (r, q) = Request::new(reg, options, q.game.words, &q.game.common.text())
                .and_then(|r| r.quotient(&text))
                .map_err(usage)?;
            Parsed::Quotient(r, q)
        }
        "play" => {
            let p = PlayArgs::from_arg_matches(m).map_err(clap_error)?;
            let (r, q) = Request::new(reg, options, p.game.words, &p.game.common.text())
                .and_then(|r| r.play(p.engine_first, p.hint, p.seed.as_deref()))
                .map_err(usage)?;
            Parsed::Play(r, q)
        }
        _ => {
            let a = AnalyzeArgs::from_arg_matches(m).map_err(clap_error)?;
            let r = Request::new(reg, options, a.game.words, &a.game.common.text());
            let (k, e) = (a.max_moves.as_deref(), a.explain);
            if sub == "batch" {
                Parsed::Batch(
                    r.and_then(|r| r.batch(a.outcome_only, k, e))
                        .map_err(usage)?,
                    a.mpi,
                )
            } else if a.mpi && e {
                return Err(CliError::usage(
                    "--mpi: --explain is answered on one machine; drop one of them",
                ));
            } else {
                Parsed::Analyze(
                    r.and_then(|r| r.analyze(a.outcome_only, k, e))
                        .map_err(usage)?,
                    a.mpi,
                )
            }
        }
    };
    Ok(parsed)
}

/// The request of puzzle `p` from its command's matches.
fn puzzle_request(p: Puzzle, m: &ArgMatches) -> Result<Parsed, CliError> {
    if let Some(word) = m.get_many::<String>("rest").and_then(|mut w| w.next()) {
        return Err(usage(p.position_error(word)));
    }
    if m.get_flag("misere") {
        return Err(usage(p.misere_error()));
    }
    let given = p
        .options
        .iter()
        .map(|o| m.get_one::<String>(o.name).cloned())
        .collect();
    Ok(Parsed::Puzzle(PuzzleRequest {
        json: m.get_flag("json"),
        puzzle: p,
        given,
    }))
}

/// The completion script of `grundy` for `shell`. It completes game
/// names too: for the script alone, each game command's words are split
/// into GAME, whose values are the registry's names, and the rest (the
/// parser keeps them one list, since options may come before GAME).
fn completions(shell: clap_complete::Shell) -> String {
    let names: Vec<String> = grundy_games::registry()
        .iter()
        .map(|r| r.name.clone())
        .collect();
    let root = cli();
    let game_commands: Vec<String> = root
        .get_subcommands()
        .filter(|c| c.get_arguments().any(|a| a.get_id() == "words"))
        .map(|c| c.get_name().to_string())
        .collect();
    let mut root = game_commands.iter().fold(root, |root, sub| {
        root.mut_subcommand(sub, |c| {
            c.mut_arg("words", |a| a.index(2).value_name("ARGS")).arg(
                Arg::new("game")
                    .index(1)
                    .value_name("GAME")
                    .value_parser(PossibleValuesParser::new(names.clone())),
            )
        })
    });
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut root, "grundy", &mut script);
    let mut script = String::from_utf8_lossy(&script).into_owned();
    if shell == clap_complete::Shell::Fish {
        // clap's fish script completes no positional value: one line a
        // game command, in the script's own condition.
        for sub in &game_commands {
            let _ = writeln!(
                script,
                "complete -c grundy -n \"__fish_grundy_using_subcommand {sub}\" -f -a \"{}\"",
                names.join(" ")
            );
        }
    }
    script
}

/// A front-end check's error as a usage error (exit status 2).
fn usage(e: GameError) -> CliError {
    match e {
        GameError::Input(m) => CliError::usage(m),
        other => CliError::Game(other),
    }
}

/// The string clap's error `e` holds under `kind`, if any.
fn context(e: &clap::Error, kind: ContextKind) -> Option<&str> {
    match e.get(kind) {
        Some(ContextValue::String(s)) => Some(s),
        _ => None,
    }
}

/// The word of `args` clap's unknown argument `arg` came from: clap names
/// a short option by its letter (`-n` of `-n10`), the user wrote the word;
/// a long option with its value too (`--max=3`) when `whole`.
fn typed<'a>(arg: &'a str, args: &'a [OsString], whole: bool) -> &'a str {
    let long = arg.starts_with("--");
    if long && !whole {
        return arg;
    }
    let from = |w: &&str| match w.strip_prefix(arg) {
        Some(rest) if long => rest.is_empty() || rest.starts_with('='),
        Some(_) => !w.starts_with("--"),
        None => false,
    };
    args.iter()
        .filter_map(|w| w.to_str())
        .find(from)
        .unwrap_or(arg)
}

/// An error of the first parse: help and version are printed, an unknown
/// option is named for the command it was given to (a puzzle, or before
/// a game's name), the rest condensed.
fn first_parse_error(e: clap::Error, argv: &[OsString]) -> Result<Parsed, CliError> {
    if !e.use_stderr() {
        return Ok(Parsed::Print(e.render().to_string()));
    }
    if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        // clap's message is then the whole help text.
        return Err(CliError::usage(missing_command()));
    }
    let sub = argv.get(1).and_then(|s| s.to_str()).unwrap_or("");
    match (e.kind(), context(&e, ContextKind::InvalidArg)) {
        (ErrorKind::UnknownArgument, Some(arg)) => {
            let arg = typed(arg, argv.get(2..).unwrap_or_default(), true);
            if let Some(p) = puzzle(sub) {
                return Err(usage(p.unknown_option(arg)));
            }
            if ["analyze", "batch", "seq", "play"].contains(&sub) {
                return Err(before_game(arg, sub));
            }
            Err(clap_error(e))
        }
        _ => Err(clap_error(e)),
    }
}

/// The error for an unknown option `name` met before the game's name.
fn before_game(name: &str, sub: &str) -> CliError {
    CliError::usage(format!(
        "unknown option '{name}' before the game's name (common options: see `grundy {sub} --help`; a game's own options follow its name)"
    ))
}

/// An error of the second parse, for game `game` with option specs
/// `options`: an option unknown, given twice, missing its value or given
/// one it does not take is named in our words.
fn game_error(e: clap::Error, args: &[OsString], game: &str, options: &[OptionSpec]) -> CliError {
    let Some(arg) = context(&e, ContextKind::InvalidArg) else {
        return clap_error(e);
    };
    // clap names an option with its placeholder: `--max <M>`.
    let (name, placeholder) = match arg.split_once(' ') {
        Some((n, p)) => (n, p.trim_matches(|c| c == '<' || c == '>')),
        None => (arg, "a value"),
    };
    let message = match e.kind() {
        ErrorKind::UnknownArgument => format!(
            "{} (common options: see `grundy --help`)",
            request::unknown_option_text(typed(arg, args, false), game, options)
        ),
        ErrorKind::ArgumentConflict if context(&e, ContextKind::PriorArg) == Some(arg) => {
            format!("option {name} given twice")
        }
        ErrorKind::InvalidValue if context(&e, ContextKind::InvalidValue) == Some("") => {
            format!("option {name} needs a value ({placeholder})")
        }
        ErrorKind::TooManyValues => format!("option {name} takes no value"),
        _ => return clap_error(e),
    };
    CliError::usage(message)
}

/// An error of puzzle `p`'s command: an unknown option is named with the
/// options it takes.
fn puzzle_error(e: clap::Error, args: &[OsString], p: &Puzzle) -> CliError {
    match (e.kind(), context(&e, ContextKind::InvalidArg)) {
        (ErrorKind::UnknownArgument, Some(arg)) => usage(p.unknown_option(typed(arg, args, true))),
        _ => clap_error(e),
    }
}

/// clap's messages span several lines (message, tip, usage); our errors
/// are one line, so keep the message and point at the help. The message
/// is the first paragraph: a list of missing arguments follows its first
/// line (`the following required arguments were not provided:` / `<OP>`).
///
/// The text is clap's as it rendered it, the user's words in it byte for
/// byte (the commands are plain, [`Styles::plain`], so no style of clap's
/// own is in it), for [`grundy_api::messages::clip_quotes`] to escape
/// when the error is reported: the text without styles
/// (`render().to_string()`) drops every ANSI sequence, the user's too, so
/// `completions $'ba\x1b[31msh'` was refused as "invalid value 'bash'".
fn clap_error(e: clap::Error) -> CliError {
    let rendered = e.render().ansi().to_string();
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
    CliError::usage(format!("{message} (see `grundy --help`)"))
}

/// The error for `grundy` without a command (clap would print its help).
fn missing_command() -> String {
    let names: Vec<String> = cli()
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .filter(|n| n != "help")
        .collect();
    format!(
        "no command given; the commands are {} (see `grundy --help`)",
        names.join(", ")
    )
}

/// The help of command `sub` followed by the game's own ([`help::game`]).
fn game_help(sub: &str, reg: &Registration) -> String {
    let mut cmd = cli();
    cmd.build();
    let text = cmd
        .find_subcommand_mut(sub)
        .map(|c| c.render_help().to_string())
        .unwrap_or_default();
    text + help::game(sub, reg).as_str()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every game's options fit beside each command's own: no name is
    /// taken twice (clap checks this only in debug builds).
    #[test]
    fn game_options_never_shadow_a_command_option() {
        for sub in ["analyze", "batch", "seq", "play"] {
            for reg in grundy_games::registry() {
                let cmd = game_command(sub, &reg.options);
                let mut ids: Vec<&str> = cmd.get_arguments().map(|a| a.get_id().as_str()).collect();
                let mut longs: Vec<&str> = cmd.get_arguments().filter_map(Arg::get_long).collect();
                let (n, l) = (ids.len(), longs.len());
                ids.sort_unstable();
                ids.dedup();
                longs.sort_unstable();
                longs.dedup();
                assert_eq!((ids.len(), longs.len()), (n, l), "{sub} {}", reg.name);
            }
        }
    }
}
