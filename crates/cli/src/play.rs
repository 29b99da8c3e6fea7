//! `grundy play`: a game between a person (typing on stdin) and the
//! engine, in plain text on stdout.
//!
//! The family does all the game work: [`Family::moves`] lists the legal
//! moves of a position, [`Family::analyze`] says who wins and how. This
//! module only keeps the turn, reads the person's choices and comments on
//! them like a teacher: the outcome of the start, whether each of the
//! person's moves kept or threw away a win, the winning moves on request.
//!
//! The engine's moves are chosen by [`grundy_api::policy`], shared with
//! every front end.
//!
//! A move is typed by its number in the list, its label, the position it
//! leads to, or the game's own notation ([`Family::read_move`]); see
//! [`READING_ORDER`] for how a line that could be read several ways is
//! read. A game whose positions may repeat ([`Family::may_repeat`]) is
//! drawn at the [`MAX_REPETITIONS`]-th repetition of a position with the
//! same player to move, or after [`MAX_PLIES`] moves; the last line is then
//! `draw`. A game that ends by a rule of its own (three in a row made)
//! says so ([`Family::end_reason`]) before the verdict.

use crate::error::CliError;
use crate::lines::{read_line, Line, MAX_LINE};
use grundy_api::policy::{engine_move, find_move, normal_space, split, EngineMove, MAX_EXPLORED};
use grundy_api::request::PlayRequest;
use grundy_api::{Analysis, Family, GameError, MoveReport, Outcome, Play};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::{BufRead, Write};

/// In a game whose positions may repeat, the game is drawn when a position
/// comes up again with the same player to move for this many repetitions
/// (so on its fourth occurrence).
pub const MAX_REPETITIONS: u32 = 3;

/// In a game whose positions may repeat, the most moves (plies, both
/// players counted) played before the game is stopped and drawn, for games
/// that wander through so many positions that repetitions come slowly.
/// Acyclic games have no such bound: they end by themselves.
pub const MAX_PLIES: u64 = 10_000;

/// How a typed line is read, for `help` and the module doc: the first
/// reading that applies wins.
pub const READING_ORDER: &str = "A line is read as the first of: a command (?, help, q); \
     a move's number (a line that is one whole number is always a move's number); \
     a move's label; the position a move leads to; the game's notation \
     (a line that is the position of one move and the notation of another is refused \
     as ambiguous).";

/// Most moves printed in the list on the person's turn; the others can
/// still be chosen by number or label.
const MAX_LISTED: usize = 100;

/// Most winning moves named in a comment on a mistake.
const MAX_NAMED: usize = 3;

/// Whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Side {
    Human,
    Engine,
}

impl Side {
    fn other(self) -> Side {
        match self {
            Side::Human => Side::Engine,
            Side::Engine => Side::Human,
        }
    }
}

/// What the person typed, once read.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Choice {
    /// Play the move with this index in the move list.
    Move(usize),
    /// Show the winning moves.
    Hint,
    /// Repeat how to answer.
    Help,
    /// Stop the game.
    Quit,
    /// Not understood; the message says why.
    Invalid(String),
}

/// Plays one game from the position `start` (position arguments as typed)
/// under `play`, reading the person's lines from `input` and writing the
/// game to `out`. `title` names the game as invoked (`bash --max 3`).
///
/// Returns exit status 0 when the game ends, is quit (`q`) or abandoned
/// (end of input). A bad starting position is the family's error, as
/// `analyze` reports it; a limit or other failure hit later stops the game
/// with an error naming the position it was hit at.
pub fn run(
    family: &dyn Family,
    title: &str,
    play: Play,
    req: PlayRequest,
    start: &[String],
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<i32, CliError> {
    let mut args: Vec<String> = start.to_vec();
    // Both calls read the position: any error here is the user's start.
    let mut analysis = family.analyze(&words(&args), play)?;
    let mut moves = family.moves(&words(&args))?;
    let mut side = if req.engine_first {
        Side::Engine
    } else {
        Side::Human
    };
    let repeats = family.may_repeat();
    out.write_all(intro_text(title, play, side, &analysis, moves.is_empty()).as_bytes())?;
    if !moves.is_empty() {
        let notation = family.move_notation(&words(&args));
        out.write_all(rules_text(notation.as_deref(), repeats).as_bytes())?;
    }
    // How often each position has come up with each player to move, in a
    // game whose positions may repeat; and the moves played so far.
    let mut seen: HashMap<(String, Side), u32> = HashMap::new();
    let mut plies: u64 = 0;
    loop {
        let here = shown(&analysis.position);
        let whose = match side {
            Side::Human => "your turn",
            Side::Engine => "the engine's turn",
        };
        writeln!(out, "\nPosition: {here}   ({whose})")?;
        if moves.is_empty() {
            // Only a move of this game can have ended it.
            if let Some(reason) = family.end_reason(&words(&args)).filter(|_| plies > 0) {
                writeln!(out, "{reason}: {}", winner(human_wins(play, side)))?;
            }
            out.write_all(verdict_text(play, side).as_bytes())?;
            out.flush()?;
            return Ok(0);
        }
        if repeats {
            let count = seen
                .entry((normal_space(&analysis.position), side))
                .or_insert(0);
            *count += 1;
            let draw = if *count > MAX_REPETITIONS {
                Some(Draw::Repetition)
            } else if plies >= MAX_PLIES {
                Some(Draw::Length)
            } else {
                None
            };
            if let Some(draw) = draw {
                out.write_all(draw_text(draw, side, &analysis).as_bytes())?;
                out.flush()?;
                return Ok(0);
            }
        }
        let (chosen, next) = match side {
            Side::Human => {
                out.write_all(moves_text(&moves, req.hint.then_some(&analysis)).as_bytes())?;
                // The notation's example is a legal move of this position.
                let notation = family.move_notation(&words(&args));
                let reader = Reader {
                    family,
                    args: &args,
                    notation: notation.as_deref(),
                    repeats,
                };
                let Some(i) = ask(input, out, &moves, &analysis, &reader)? else {
                    out.flush()?;
                    return Ok(0);
                };
                let m = moves[i].clone();
                writeln!(out, "You play {}    to: {}", m.label, shown(&m.to))?;
                let next = family
                    .analyze(&split(&m.to), play)
                    .map_err(|e| stopped(e, &m.to))?;
                out.write_all(feedback_text(&analysis, &next).as_bytes())?;
                (m, next)
            }
            Side::Engine => {
                let EngineMove {
                    chosen: m, next, ..
                } = engine_move(family, play, &analysis, &moves, req.seed)
                    .map_err(|e| stopped(e, &analysis.position))?;
                writeln!(out, "The engine plays {}    to: {}", m.label, shown(&m.to))?;
                let next = match next {
                    Some(a) => a,
                    None => family
                        .analyze(&split(&m.to), play)
                        .map_err(|e| stopped(e, &m.to))?,
                };
                (m, next)
            }
        };
        args = split(&chosen.to).iter().map(|s| s.to_string()).collect();
        moves = family
            .moves(&words(&args))
            .map_err(|e| stopped(e, &chosen.to))?;
        analysis = next;
        side = side.other();
        plies += 1;
    }
}

/// What the person's lines are read against besides the move list: the
/// family's notation for the current position.
struct Reader<'a> {
    family: &'a dyn Family,
    /// The current position's arguments.
    args: &'a [String],
    /// The notation's help ([`Family::move_notation`]), if the game has one.
    notation: Option<&'a str>,
    /// Whether the draw rules apply ([`Family::may_repeat`]).
    repeats: bool,
}

impl Reader<'_> {
    /// The family's reading of `typed` in its notation.
    fn read(&self, typed: &str) -> Option<Result<MoveReport, GameError>> {
        // A family without a notation is not asked.
        self.notation?;
        self.family.read_move(&words(self.args), typed)
    }
}

/// Why a game was stopped as drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Draw {
    /// A position came up again, with the same player to move, for the
    /// [`MAX_REPETITIONS`]-th repetition.
    Repetition,
    /// [`MAX_PLIES`] moves were played.
    Length,
}

/// The last lines of a drawn game: why it was stopped, and `draw`. `a` is
/// the analysis of the position it stopped at, `side` the player to move
/// there.
fn draw_text(draw: Draw, side: Side, a: &Analysis) -> String {
    let whose = match side {
        Side::Human => "you",
        Side::Engine => "the engine",
    };
    let why = match draw {
        Draw::Repetition => format!(
            "This position has now come up {} times with {whose} to move ({MAX_REPETITIONS} \
             repetitions): the game is drawn by repetition.",
            MAX_REPETITIONS + 1
        ),
        Draw::Length => {
            format!("{MAX_PLIES} moves have been played without an end: the game is drawn.")
        }
    };
    let missed = match (a.outcome, side) {
        (Outcome::N, Side::Human) => " You could still have forced a win from here.",
        (Outcome::N, Side::Engine) => " The engine could still have forced a win from here.",
        _ => "",
    };
    format!("{why}{missed}\ndraw\n")
}

/// The rules of answering beyond the first lines: the game's notation, and
/// the draw rules where positions may repeat. Empty when neither applies.
fn rules_text(notation: Option<&str>, repeats: bool) -> String {
    let mut s = String::new();
    if let Some(n) = notation {
        let _ = writeln!(s, "Moves may also be typed in the game's notation: {n}.");
    }
    if repeats {
        let _ = writeln!(s, "{}", draw_rule_text());
    }
    s
}

/// The draw rules, for games whose positions may repeat.
fn draw_rule_text() -> String {
    format!(
        "Positions may repeat in this game: when one comes up with the same player to move \
         for the {}th time ({MAX_REPETITIONS} repetitions), or after {MAX_PLIES} moves, the \
         game stops as a draw.",
        MAX_REPETITIONS + 1
    )
}

fn words(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

/// A position for display: an empty one is still visible.
fn shown(position: &str) -> &str {
    if position.trim().is_empty() {
        "(empty)"
    } else {
        position
    }
}

/// An error met after the start stops the game; a limit names the position
/// it was hit at. Internal failures keep their own status.
fn stopped(e: GameError, position: &str) -> CliError {
    match e {
        GameError::Internal(_) => CliError::Game(e),
        _ => CliError::usage(format!(
            "{e} (at position {}; the game is stopped)",
            shown(position)
        )),
    }
}

/// The opening lines: the game, who moves first, how to answer, and what
/// the starting position is worth to the player to move.
fn intro_text(title: &str, play: Play, first: Side, a: &Analysis, over: bool) -> String {
    let mut s = String::new();
    let rule = match play {
        Play::Normal => "normal play: whoever cannot move loses",
        Play::Misere => "misère play: whoever cannot move wins",
    };
    let _ = writeln!(s, "Playing {title} ({rule}).");
    let _ = writeln!(
        s,
        "{} Answer with a move's number or its label, ? for a hint, q to quit.",
        match first {
            Side::Human => "You move first.",
            Side::Engine => "The engine moves first.",
        }
    );
    if over {
        return s;
    }
    let worth = match a.outcome {
        Outcome::N => "the player to move can force a win (an N-position)",
        Outcome::P => "the player to move loses against best play (a P-position)",
        Outcome::D => "neither player can force a win (a draw with best play)",
    };
    let advice = match (a.outcome, first) {
        (Outcome::N, Side::Human) => {
            "so the win is yours to find: each move must leave the engine a losing position."
        }
        (Outcome::N, Side::Engine) => {
            "so the engine can win; it will not miss its chance, but watch how it plays."
        }
        (Outcome::P, Side::Human) => {
            "so the engine can win whatever you play; make it work for it."
        }
        (Outcome::P, Side::Engine) => {
            "so you can win: answer each engine move with a move that leaves it lost again."
        }
        (Outcome::D, _) => "so keep the draw, and take a win if the engine ever offers one.",
    };
    let _ = writeln!(
        s,
        "The starting position {}: {worth}, {advice}",
        shown(&a.position)
    );
    s
}

/// The numbered list of legal moves. With `hint`, the winning moves of
/// that analysis are marked with `*`.
fn moves_text(moves: &[MoveReport], hint: Option<&Analysis>) -> String {
    let mut s = String::new();
    let winning: Vec<usize> = hint.map(|a| winning_indices(a, moves)).unwrap_or_default();
    let listed = &moves[..moves.len().min(MAX_LISTED)];
    let nw = moves.len().to_string().len();
    let lw = listed
        .iter()
        .map(|m| m.label.chars().count())
        .max()
        .unwrap_or(0);
    let _ = writeln!(
        s,
        "Legal moves{}:",
        if hint.is_some() {
            " (* marks a winning move)"
        } else {
            ""
        }
    );
    for (i, m) in listed.iter().enumerate() {
        let mark = if winning.contains(&i) { '*' } else { ' ' };
        let _ = writeln!(
            s,
            " {mark}{:>nw$}. {:<lw$}    to: {}",
            i + 1,
            m.label,
            shown(&m.to)
        );
    }
    if moves.len() > listed.len() {
        let _ = writeln!(
            s,
            "  ... and {} more (numbers up to {}; a label or resulting position also works)",
            moves.len() - listed.len(),
            moves.len()
        );
    }
    if let Some(a) = hint {
        let _ = writeln!(s, "{}", hint_summary(a, &winning));
    }
    s
}

/// The positions in `moves` of the analysis's winning moves, in the
/// analysis's order.
fn winning_indices(a: &Analysis, moves: &[MoveReport]) -> Vec<usize> {
    a.winning_moves
        .iter()
        .filter_map(|w| find_move(moves, w))
        .collect()
}

/// One line on what the winning moves of the position are, after the list
/// has been marked (or for `?`).
fn hint_summary(a: &Analysis, winning: &[usize]) -> String {
    match a.outcome {
        Outcome::N if winning.is_empty() => {
            "Hint: the player to move can win here, but the winning moves are not listed.".into()
        }
        Outcome::N => {
            let nums: Vec<String> = winning.iter().map(|i| (i + 1).to_string()).collect();
            format!(
                "Hint: winning move{} here: {}.",
                if nums.len() == 1 { "" } else { "s" },
                nums.join(", ")
            )
        }
        Outcome::P => "Hint: no move wins here; against best play the player to move loses. \
             Pick a move that leaves the engine as many ways to go wrong as possible."
            .into(),
        Outcome::D => "Hint: no move wins by force here; keep the draw.".into(),
    }
}

/// The answer to `?`: each winning move with its number, label and
/// resulting position.
fn hint_text(a: &Analysis, moves: &[MoveReport]) -> String {
    let winning = winning_indices(a, moves);
    let mut s = hint_summary(a, &winning);
    s.push('\n');
    for &i in &winning {
        let _ = writeln!(
            s,
            "  {}. {}    to: {}",
            i + 1,
            moves[i].label,
            shown(&moves[i].to)
        );
    }
    s
}

/// How to answer, for `help` and after a line that was not understood.
fn usage_text(n: usize) -> String {
    format!(
        "Type a move's number (1 to {n}), its label or the position it leads to exactly \
         as listed, ? for the winning moves, or q to quit."
    )
}

/// How the engine chooses its moves, for `help`.
fn policy_text() -> String {
    format!(
        "The engine plays by remoteness when the game from the current position has at most \
         {MAX_EXPLORED} positions (the fastest win, or from a lost position the longest \
         defence); beyond that by a heuristic (the first winning move, else the move leaving \
         the fewest winning replies)."
    )
}

/// Reads one line of the person's answer, without a notation.
#[cfg(test)]
fn parse_choice(line: &str, moves: &[MoveReport]) -> Choice {
    parse_line(line, moves, &|_| None)
}

/// Reads one line of the person's answer in [`READING_ORDER`]; `notation`
/// is the family's reading of the line in its notation
/// ([`Family::read_move`]).
fn parse_line(
    line: &str,
    moves: &[MoveReport],
    notation: &dyn Fn(&str) -> Option<Result<MoveReport, GameError>>,
) -> Choice {
    let t = normal_space(line);
    let n = moves.len();
    match t.as_str() {
        "" => return Choice::Invalid(format!("Empty line. {}", usage_text(n))),
        "q" | "quit" => return Choice::Quit,
        "?" | "hint" => return Choice::Hint,
        "help" => return Choice::Help,
        _ => {}
    }
    if t.bytes().all(|b| b.is_ascii_digit()) {
        return match t.parse::<usize>() {
            Ok(k) if (1..=n).contains(&k) => Choice::Move(k - 1),
            _ => Choice::Invalid(format!(
                "There is no move {}: the moves are numbered 1 to {n}.",
                shortened(&t)
            )),
        };
    }
    let by_label: Vec<usize> = (0..n)
        .filter(|&i| normal_space(&moves[i].label) == t)
        .collect();
    if let Some(&first) = by_label.first() {
        let to = normal_space(&moves[first].to);
        if by_label.iter().all(|&i| normal_space(&moves[i].to) == to) {
            return Choice::Move(first);
        }
        let nums: Vec<String> = by_label.iter().map(|i| (i + 1).to_string()).collect();
        return Choice::Invalid(format!(
            "Moves {} are all labelled '{t}': type the number of the one you mean.",
            nums.join(", ")
        ));
    }
    if let Some(i) = (0..n).find(|&i| normal_space(&moves[i].to) == t) {
        // A line that is both the position one move leads to and the
        // notation of another is refused: neither reading may win silently.
        if let Some(Ok(m)) = notation(&t) {
            if let Some(j) = find_move(moves, &m).filter(|&j| j != i) {
                return Choice::Invalid(format!(
                    "'{}' is ambiguous: as the position a move leads to it is move {} ({}), \
                     in the game's notation move {} ({}). Type the move's number.",
                    shortened(&t),
                    i + 1,
                    moves[i].label,
                    j + 1,
                    moves[j].label
                ));
            }
        }
        return Choice::Move(i);
    }
    match notation(&t) {
        Some(Ok(m)) => match find_move(moves, &m) {
            Some(i) => Choice::Move(i),
            None => Choice::Invalid(format!(
                "'{}' names no move in the list ({}). {}",
                shortened(&t),
                m.label,
                usage_text(n)
            )),
        },
        Some(Err(e)) => Choice::Invalid(format!(
            "'{}' is not a legal move here: {e}.",
            shortened(&t)
        )),
        None => Choice::Invalid(format!(
            "'{}' is not a legal move here. {}",
            shortened(&t),
            usage_text(n)
        )),
    }
}

/// The person's line as quoted back in a message: its start when it is
/// long, so a pasted megabyte is not printed again.
fn shortened(t: &str) -> String {
    const SHOWN: usize = 60;
    match t.char_indices().nth(SHOWN) {
        Some((end, _)) => format!("{}...", &t[..end]),
        None => t.to_string(),
    }
}

/// Asks until the person picks a move (its index), quits or input ends
/// (`None`, after saying so).
fn ask(
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    moves: &[MoveReport],
    a: &Analysis,
    reader: &Reader,
) -> Result<Option<usize>, CliError> {
    loop {
        let range = match moves.len() {
            1 => "1".to_string(),
            n => format!("1-{n}"),
        };
        write!(
            out,
            "Your move ({range}, a label, ? for a hint, q to quit): "
        )?;
        out.flush()?;
        let buf = match read_line(input, MAX_LINE).map_err(CliError::Read)? {
            Line::End => {
                writeln!(out, "\nEnd of input: the game is abandoned.")?;
                return Ok(None);
            }
            Line::Text(buf) => buf,
            Line::TooLong(len) => {
                writeln!(
                    out,
                    "That line is {len} bytes long; no answer is. {}",
                    usage_text(moves.len())
                )?;
                continue;
            }
        };
        let Ok(line) = std::str::from_utf8(&buf) else {
            writeln!(
                out,
                "That line is not valid UTF-8 text. {}",
                usage_text(moves.len())
            )?;
            continue;
        };
        match parse_line(line, moves, &|t| reader.read(t)) {
            Choice::Move(i) => return Ok(Some(i)),
            Choice::Quit => {
                writeln!(out, "You quit: the game is abandoned.")?;
                return Ok(None);
            }
            Choice::Hint => out.write_all(hint_text(a, moves).as_bytes())?,
            Choice::Help => {
                writeln!(out, "{}", usage_text(moves.len()))?;
                out.write_all(rules_text(reader.notation, reader.repeats).as_bytes())?;
                writeln!(out, "{READING_ORDER}")?;
                writeln!(out, "{}", policy_text())?;
            }
            Choice::Invalid(msg) => writeln!(out, "{msg}")?,
        }
    }
}

/// The teacher's comment on the person's move, from the analyses of the
/// position before it (the person to move) and after it (the engine to
/// move). Empty when there is nothing to learn (a lost position stays
/// lost).
fn feedback_text(before: &Analysis, after: &Analysis) -> String {
    let named = || {
        let names: Vec<&str> = before
            .winning_moves
            .iter()
            .take(MAX_NAMED)
            .map(|m| m.label.as_str())
            .collect();
        let more = before.winning_moves.len().saturating_sub(MAX_NAMED);
        match (names.len(), more) {
            (0, _) => String::new(),
            (1, _) => format!(" The winning move was: {}.", names[0]),
            (_, 0) => format!(" The winning moves were: {}.", names.join("; ")),
            (_, k) => format!(
                " The winning moves were: {}; and {k} more.",
                names.join("; ")
            ),
        }
    };
    match (before.outcome, after.outcome) {
        (Outcome::N, Outcome::P) => "Good move: the engine is now in a losing position.\n".into(),
        (Outcome::N, Outcome::N) => format!(
            "A mistake: this move gives the engine a winning position.{}\n",
            named()
        ),
        (Outcome::N, Outcome::D) => format!(
            "A slip: the engine can now hold a draw where you could win.{}\n",
            named()
        ),
        (Outcome::D, Outcome::N) => {
            "A mistake: this move gives the engine a winning position where a draw was held.\n"
                .into()
        }
        (Outcome::D, Outcome::P) => "Good move: the engine is now in a losing position.\n".into(),
        _ => String::new(),
    }
}

/// Whether the person wins when the player to move (`stuck`) has no move
/// left.
fn human_wins(play: Play, stuck: Side) -> bool {
    let stuck_wins = play == Play::Misere;
    (stuck == Side::Human) == stuck_wins
}

/// The verdict's words: `you win` or `engine wins`.
fn winner(human_wins: bool) -> &'static str {
    if human_wins {
        "you win"
    } else {
        "engine wins"
    }
}

/// The last lines: the player to move (`stuck`) has no move left.
fn verdict_text(play: Play, stuck: Side) -> String {
    let who = match stuck {
        Side::Human => "You have no move left",
        Side::Engine => "The engine has no move left",
    };
    let rule = match play {
        Play::Normal => "in normal play the player who cannot move loses",
        Play::Misere => "in misère play the player who cannot move wins",
    };
    format!("{who}: {rule}.\n{}\n", winner(human_wins(play, stuck)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(label: &str, to: &str) -> MoveReport {
        MoveReport {
            label: label.into(),
            to: to.into(),
        }
    }

    fn analysis(outcome: Outcome, winning: Vec<MoveReport>) -> Analysis {
        Analysis {
            game: "g".into(),
            position: "p".into(),
            play: Play::Normal,
            outcome,
            value: None,
            winning_move_count: Some(winning.len()),
            winning_moves: winning,
            components: vec![],
            method: "test".into(),
            notes: vec![],
            table: None,
        }
    }

    /// Take 1 or 2 from one heap (P exactly at multiples of 3, normal
    /// play), whose analysis hits a search limit at heap `fail_at`.
    struct Countdown {
        fail_at: Option<u64>,
    }

    impl Countdown {
        fn heap(args: &[&str]) -> Result<u64, GameError> {
            match args {
                [w] => w
                    .parse()
                    .map_err(|_| GameError::Input(format!("bad heap {w}"))),
                _ => Err(GameError::Input("one heap expected".into())),
            }
        }
    }

    impl Family for Countdown {
        fn name(&self) -> String {
            "countdown".into()
        }
        fn analyze_with(
            &self,
            args: &[&str],
            play: Play,
            _detail: grundy_api::Detail,
        ) -> Result<Analysis, GameError> {
            let n = Countdown::heap(args)?;
            if Some(n) == self.fail_at {
                return Err(grundy_api::SearchError::StateLimit(7).into());
            }
            let win = n % 3;
            let winning = if win == 0 {
                vec![]
            } else {
                vec![mv(&format!("take {win}"), &(n - win).to_string())]
            };
            let mut a = analysis(Outcome::from_mover_wins(win != 0), winning);
            a.position = n.to_string();
            a.play = play;
            Ok(a)
        }
        fn moves(&self, args: &[&str]) -> Result<Vec<MoveReport>, GameError> {
            let n = Countdown::heap(args)?;
            Ok((1..=2.min(n))
                .map(|k| mv(&format!("take {k}"), &(n - k).to_string()))
                .collect())
        }
    }

    fn game(
        fail_at: Option<u64>,
        start: &str,
        req: PlayRequest,
        input: &str,
    ) -> (Result<i32, CliError>, String) {
        let mut out = Vec::new();
        let r = run(
            &Countdown { fail_at },
            "countdown",
            Play::Normal,
            req,
            &[start.to_string()],
            &mut input.as_bytes(),
            &mut out,
        );
        (r, String::from_utf8(out).unwrap())
    }

    #[test]
    fn a_whole_game_against_a_fake_family() {
        let (r, t) = game(None, "5", PlayRequest::default(), "take 2\n2\n");
        assert_eq!(r.unwrap(), 0);
        assert!(t.contains("You play take 2    to: 3\nGood move"), "{t}");
        assert!(t.contains("The engine plays take 1    to: 2"), "{t}");
        assert!(t.contains("You play take 2    to: 0"), "{t}");
        assert!(t.ends_with("The engine has no move left: in normal play the player who cannot move loses.\nyou win\n"), "{t}");
    }

    #[test]
    fn a_limit_hit_mid_game_stops_it_naming_the_position() {
        let (r, t) = game(Some(3), "5", PlayRequest::default(), "2\n");
        let e = r.err().unwrap();
        assert_eq!(e.exit_code(), 2);
        let msg = e.to_string();
        assert!(
            msg.contains("search limit hit") && msg.contains("at position 3"),
            "{msg}"
        );
        assert!(t.contains("You play take 2"), "{t}");
        let engine = PlayRequest {
            engine_first: true,
            ..PlayRequest::default()
        };
        let e = game(Some(4), "6", engine, "").0.err().unwrap();
        assert!(e.to_string().contains("at position 6"), "{e}");
    }

    #[test]
    fn a_bad_start_is_the_familys_own_error() {
        let e = game(None, "x", PlayRequest::default(), "").0.err().unwrap();
        assert_eq!(e.to_string(), "bad heap x");
        assert_eq!(e.exit_code(), 2);
        let (r, t) = game(Some(9), "9", PlayRequest::default(), "");
        assert!(r.is_err());
        assert_eq!(t, "", "nothing printed before the start is known good");
    }

    #[test]
    fn end_of_input_and_quit_abandon_with_status_0() {
        let (r, t) = game(None, "4", PlayRequest::default(), "");
        assert_eq!(r.unwrap(), 0);
        assert!(
            t.ends_with("q to quit): \nEnd of input: the game is abandoned.\n"),
            "{t}"
        );
        let (r, t) = game(None, "4", PlayRequest::default(), "nonsense\nq\n");
        assert_eq!(r.unwrap(), 0);
        assert!(t.contains("'nonsense' is not a legal move"), "{t}");
        assert!(t.ends_with("You quit: the game is abandoned.\n"), "{t}");
        let (r, t) = game(
            None,
            "4",
            PlayRequest::default(),
            "\u{ff}\n".replace('\u{ff}', "").as_str(),
        );
        assert_eq!(r.unwrap(), 0);
        assert!(t.contains("Empty line"), "{t}");
    }

    #[test]
    fn invalid_utf8_is_answered() {
        let mut out = Vec::new();
        let r = run(
            &Countdown { fail_at: None },
            "countdown",
            Play::Normal,
            PlayRequest::default(),
            &["1".to_string()],
            &mut &b"\xff\xfe\n1\n"[..],
            &mut out,
        );
        assert_eq!(r.unwrap(), 0);
        let t = String::from_utf8(out).unwrap();
        assert!(t.contains("not valid UTF-8"), "{t}");
        assert!(t.ends_with("you win\n"), "{t}");
    }

    fn three() -> Vec<MoveReport> {
        vec![mv("take 1", "2"), mv("take 2", "1"), mv("take  3", "0")]
    }

    #[test]
    fn choices_by_number_label_position_and_command() {
        let m = three();
        assert_eq!(parse_choice("2\n", &m), Choice::Move(1));
        assert_eq!(parse_choice("  take 1 \r\n", &m), Choice::Move(0));
        assert_eq!(parse_choice("take 3", &m), Choice::Move(2));
        assert_eq!(parse_choice("?", &m), Choice::Hint);
        assert_eq!(parse_choice("q", &m), Choice::Quit);
        assert_eq!(parse_choice("help", &m), Choice::Help);
    }

    #[test]
    fn bad_lines_say_why() {
        let m = three();
        for (line, word) in [
            ("", "Empty line"),
            ("4", "no move 4"),
            // A number is a move number, even where it is also a position.
            ("0", "no move 0"),
            ("0000", "no move 0000"),
            ("99999999999999999999999", "numbered 1 to 3"),
            ("abc", "'abc' is not a legal move"),
            ("Take 1", "not a legal move"),
            ("-1", "not a legal move"),
        ] {
            match parse_choice(line, &m) {
                Choice::Invalid(msg) => assert!(msg.contains(word), "{line:?}: {msg}"),
                c => panic!("{line:?} read as {c:?}"),
            }
        }
    }

    #[test]
    fn a_label_shared_by_different_moves_asks_for_the_number() {
        let m = vec![mv("split", "1 2"), mv("split", "3"), mv("x", "1 2")];
        match parse_choice("split", &m) {
            Choice::Invalid(msg) => assert!(msg.contains("1, 2"), "{msg}"),
            c => panic!("{c:?}"),
        }
        assert_eq!(parse_choice("1 2", &m), Choice::Move(0));
    }

    #[test]
    fn winning_moves_are_found_by_label_or_position() {
        let m = three();
        let a = analysis(Outcome::N, vec![mv("other words", "0"), mv("take 2", "1")]);
        assert_eq!(winning_indices(&a, &m), vec![2, 1]);
        let t = moves_text(&m, Some(&a));
        assert!(t.contains(" *2. take 2 "), "{t}");
        assert!(t.contains("  1. take 1 "), "{t}");
        assert!(t.contains("winning moves here: 3, 2."), "{t}");
        assert!(!moves_text(&m, None).contains('*'));
    }

    #[test]
    fn long_lists_are_cut_but_counted() {
        let m: Vec<MoveReport> = (0..MAX_LISTED + 5)
            .map(|i| mv(&format!("m{i}"), &i.to_string()))
            .collect();
        let t = moves_text(&m, None);
        assert!(t.contains("... and 5 more (numbers up to 105"), "{t}");
        assert_eq!(t.lines().count(), MAX_LISTED + 2);
    }

    #[test]
    fn verdicts() {
        assert!(verdict_text(Play::Normal, Side::Human).ends_with("engine wins\n"));
        assert!(verdict_text(Play::Normal, Side::Engine).ends_with("you win\n"));
        assert!(verdict_text(Play::Misere, Side::Human).ends_with("you win\n"));
        assert!(verdict_text(Play::Misere, Side::Engine).ends_with("engine wins\n"));
    }

    #[test]
    fn feedback_judges_by_outcomes() {
        let n = analysis(
            Outcome::N,
            vec![mv("a", "1"), mv("b", "2"), mv("c", "3"), mv("d", "4")],
        );
        let p = analysis(Outcome::P, vec![]);
        assert!(feedback_text(&n, &p).starts_with("Good move"));
        let f = feedback_text(&n, &n);
        assert!(f.contains("A mistake"), "{f}");
        assert!(f.contains("a; b; c; and 1 more"), "{f}");
        assert_eq!(feedback_text(&p, &n), "");
    }

    /// A count that only goes up, in a game declared loopy: positions
    /// never repeat, so only the length bound ends it.
    struct Climb;

    impl Family for Climb {
        fn name(&self) -> String {
            "climb".into()
        }
        fn analyze_with(
            &self,
            args: &[&str],
            play: Play,
            _detail: grundy_api::Detail,
        ) -> Result<Analysis, GameError> {
            let mut a = analysis(Outcome::D, vec![]);
            a.position = args.join(" ");
            a.play = play;
            Ok(a)
        }
        fn moves(&self, args: &[&str]) -> Result<Vec<MoveReport>, GameError> {
            let n: u64 = Countdown::heap(args)?;
            Ok(vec![mv("up", &(n + 1).to_string())])
        }
        fn may_repeat(&self) -> bool {
            true
        }
    }

    #[test]
    fn a_loopy_game_is_drawn_after_the_most_moves() {
        let mut out = Vec::new();
        let input = "1\n".repeat(MAX_PLIES as usize);
        let r = run(
            &Climb,
            "climb",
            Play::Normal,
            PlayRequest::default(),
            &["0".to_string()],
            &mut input.as_bytes(),
            &mut out,
        );
        assert_eq!(r.unwrap(), 0);
        let t = String::from_utf8(out).unwrap();
        assert!(
            t.ends_with(&format!(
                "Position: {MAX_PLIES}   (your turn)\n{MAX_PLIES} moves have been played without \
                 an end: the game is drawn.\ndraw\n"
            )),
            "{}",
            &t[t.len() - 300..]
        );
    }

    #[test]
    fn a_repeated_position_is_a_draw_only_in_a_loopy_game() {
        let a = analysis(Outcome::N, vec![]);
        assert_eq!(
            draw_text(Draw::Repetition, Side::Human, &a),
            "This position has now come up 4 times with you to move (3 repetitions): the game \
             is drawn by repetition. You could still have forced a win from here.\ndraw\n"
        );
        assert!(rules_text(None, false).is_empty());
        assert!(rules_text(None, true).contains("4th time (3 repetitions)"));
        assert!(rules_text(Some("N"), false).contains("notation: N."));
    }

    #[test]
    fn the_reading_order_number_label_position_notation() {
        // Moves of a countdown from 3; the notation `-K` takes K, refusing
        // more than 2.
        let m = three();
        let notation = |t: &str| -> Option<Result<MoveReport, GameError>> {
            let k: usize = t.strip_prefix('-')?.parse().ok()?;
            Some(match k {
                1 | 2 => Ok(m[k - 1].clone()),
                _ => Err(GameError::Input(format!("{k} is too many"))),
            })
        };
        assert_eq!(parse_line("-2", &m, &notation), Choice::Move(1));
        assert_eq!(parse_line("2", &m, &notation), Choice::Move(1));
        assert_eq!(parse_line("take 1", &m, &notation), Choice::Move(0));
        match parse_line("-5", &m, &notation) {
            Choice::Invalid(msg) => {
                assert_eq!(msg, "'-5' is not a legal move here: 5 is too many.")
            }
            c => panic!("{c:?}"),
        }
        // A position that the notation reads as another move: refused,
        // naming both.
        let m = vec![mv("a", "-2"), mv("b", "0")];
        let notation = |t: &str| (t == "-2").then(|| Ok(mv("b", "0")));
        match parse_line("-2", &m, &notation) {
            Choice::Invalid(msg) => assert!(
                msg.contains("it is move 1 (a), in the game's notation move 2 (b)"),
                "{msg}"
            ),
            c => panic!("{c:?}"),
        }
        // The notation naming a move that is not listed is refused.
        let notation = |_: &str| Some(Ok(mv("z", "9")));
        assert!(matches!(
            parse_line("zz", &m, &notation),
            Choice::Invalid(_)
        ));
    }

    #[test]
    fn hints_list_numbers_labels_and_positions() {
        let m = three();
        let a = analysis(Outcome::N, vec![mv("take 2", "1")]);
        assert_eq!(
            hint_text(&a, &m),
            "Hint: winning move here: 2.\n  2. take 2    to: 1\n"
        );
        assert!(hint_text(&analysis(Outcome::P, vec![]), &m).contains("no move wins"));
    }
}
