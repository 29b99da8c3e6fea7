//! `grundy play`: a game between a person (typing on stdin) and the
//! engine, in plain text on stdout.
//!
//! Every rule of the game is [`grundy_api::Match`]'s, shared with the web
//! page and the Python package: whose turn it is, how a typed move is
//! read, the engine's choice, the hint, the teacher's comment on each of
//! the person's moves, the draw rules of games whose positions may repeat
//! and the verdict, with the sentences a person reads. This module only
//! reads lines from stdin, recognises the commands (`?`, `help`, `u`,
//! `q`), lays out the move list and prints what the match says.
//!
//! A game that ends prints the verdict's word last: `you win`, `engine
//! wins` or `draw`.

use crate::error::CliError;
use crate::lines::{read_line, Line, MAX_LINE};
use grundy_api::messages::escaped;
use grundy_api::play::policy::{self, normal_space};
use grundy_api::play::text::{self, shown};
use grundy_api::{
    Family, GameError, Hint, Match, MatchError, MatchOptions, MoveReport, Padded, Play,
};
use grundy_api::{Side, Status};
use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::sync::Arc;

/// How a typed line is read, for `help`: the first reading that applies
/// wins.
pub const READING_ORDER: &str = "A line is read as the first of: a command (?, help, q); \
     a move's number (a line that is one whole number is always a move's number); \
     a move's label; the position a move leads to; the game's notation \
     (a line that is the position of one move and the notation of another is refused \
     as ambiguous).";

/// The undo command, for `help`.
const UNDO_HELP: &str = "Type u (or undo) to take back your last move and the engine's reply.";

/// Most moves printed in the list on the person's turn; the others can
/// still be chosen by number or label.
const MAX_LISTED: usize = 100;

/// What the person answered on their turn.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Answer {
    /// Play the move with this index in the move list.
    Move(usize),
    /// Moves were taken back (already said): show the position again.
    Undone,
    /// Quit, or the input ended (already said).
    Stop,
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
    family: Arc<Family>,
    title: &str,
    play: Play,
    opts: MatchOptions,
    start: &[String],
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<i32, CliError> {
    let words: Vec<&str> = start.iter().map(String::as_str).collect();
    let mut m = Match::new(family, &words, play, opts)?;
    out.write_all(intro_text(title, &m).as_bytes())?;
    if !m.moves().is_empty() {
        out.write_all(rules_text(m.notation().as_deref(), m.may_repeat()).as_bytes())?;
    }
    loop {
        let whose = match m.turn() {
            Side::Human => "your turn",
            Side::Engine => "the engine's turn",
        };
        writeln!(
            out,
            "\nPosition: {}   ({whose})",
            shown(&m.analysis().position)
        )?;
        let status = m.status();
        let verdict = status.verdict().unwrap_or_default();
        match status {
            Status::Ongoing => {}
            Status::Won { reason, text, .. } => {
                if let Some(reason) = reason {
                    writeln!(out, "{reason}: {verdict}")?;
                }
                writeln!(out, "{text}\n{verdict}")?;
                out.flush()?;
                return Ok(0);
            }
            Status::Drawn { text, .. } => {
                writeln!(out, "{text}\n{verdict}")?;
                out.flush()?;
                return Ok(0);
            }
        }
        match m.turn() {
            Side::Human => {
                let hint = opts.hints.then(|| m.hint());
                out.write_all(moves_text(m.moves(), hint.as_ref()).as_bytes())?;
                match ask(input, out, &mut m)? {
                    Answer::Move(i) => {
                        let chosen = &m.moves()[i];
                        writeln!(
                            out,
                            "You play {}    to: {}",
                            escaped(&chosen.label),
                            shown(&chosen.to)
                        )?;
                        let ply = m.play(i).map_err(stopped)?;
                        if let Some(comment) = ply.comment {
                            writeln!(out, "{comment}")?;
                        }
                    }
                    Answer::Undone => {}
                    Answer::Stop => {
                        out.flush()?;
                        return Ok(0);
                    }
                }
            }
            Side::Engine => {
                let ply = match m.engine_move() {
                    Ok(ply) => ply,
                    Err(e) => {
                        // The move was chosen before its position failed:
                        // it is shown, then the error.
                        if let MatchError::Family {
                            chosen: Some(c), ..
                        } = &e
                        {
                            write_engine_move(out, c)?;
                        }
                        return Err(stopped(e));
                    }
                };
                write_engine_move(out, &ply.played)?;
            }
        }
    }
}

fn write_engine_move(out: &mut dyn Write, m: &MoveReport) -> Result<(), CliError> {
    writeln!(
        out,
        "The engine plays {}    to: {}",
        escaped(&m.label),
        shown(&m.to)
    )?;
    Ok(())
}

/// An error met after the start stops the game; a limit names the position
/// it was hit at. Internal failures keep their own status.
fn stopped(e: MatchError) -> CliError {
    match e {
        MatchError::Family {
            error: e @ GameError::Internal(_),
            ..
        } => CliError::Game(e),
        MatchError::Family {
            error, position, ..
        } => CliError::usage(format!(
            "{error} (at position {}; the game is stopped)",
            grundy_api::messages::clipped(&shown(&position))
        )),
        // The loop plays only on its turn, by a listed index.
        e => CliError::Game(GameError::Internal(format!("play: {e}"))),
    }
}

/// The opening lines: the game, who moves first, how to answer, and what
/// the starting position is worth to the player to move.
fn intro_text(title: &str, m: &Match) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "Playing {title} ({}).", text::play_rule(m.convention()));
    let _ = writeln!(
        s,
        "{} Answer with a move's number or its label, ? for a hint, q to quit.",
        text::first_text(m.first())
    );
    if !m.moves().is_empty() {
        let _ = writeln!(s, "{}", text::start_text(m.start(), m.first()));
    }
    s
}

/// The rules of answering beyond the first lines: the game's notation, and
/// the draw rules where positions may repeat. Empty when neither applies.
fn rules_text(notation: Option<&str>, repeats: bool) -> String {
    let mut s = String::new();
    if let Some(n) = notation {
        let _ = writeln!(s, "Moves may also be typed in the game's notation: {n}.");
    }
    if repeats {
        let _ = writeln!(s, "{}", text::draw_rule_text());
    }
    s
}

/// The numbered list of legal moves. With `hint`, its moves are marked
/// with `*` and its sentence follows the list.
fn moves_text(moves: &[MoveReport], hint: Option<&Hint>) -> String {
    let mut s = String::new();
    let marked: &[usize] = hint.map(|h| &h.indices[..]).unwrap_or_default();
    let listed: Vec<(String, String)> = moves[..moves.len().min(MAX_LISTED)]
        .iter()
        .map(|m| (escaped(&m.label), shown(&m.to)))
        .collect();
    let nw = moves.len().to_string().len();
    let lw = listed
        .iter()
        .map(|(label, _)| label.chars().count())
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
    for (i, (label, to)) in listed.iter().enumerate() {
        let mark = if marked.contains(&i) { '*' } else { ' ' };
        let _ = writeln!(
            s,
            " {mark}{:>nw$}. {}    to: {}",
            i + 1,
            Padded(label, lw),
            to
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
    if let Some(h) = hint {
        let _ = writeln!(s, "{}", h.text);
    }
    s
}

/// The answer to `?`: the hint's sentence, then each good move with its
/// number, label and resulting position.
fn hint_text(hint: &Hint, moves: &[MoveReport]) -> String {
    let mut s = hint.text.clone();
    s.push('\n');
    for &i in &hint.indices {
        let _ = writeln!(
            s,
            "  {}. {}    to: {}",
            i + 1,
            escaped(&moves[i].label),
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

/// The commands a line may be, besides a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Command {
    Hint,
    Help,
    Undo,
    Quit,
}

/// The command `line` is, if it is one (white space aside).
fn command(line: &str) -> Option<Command> {
    Some(match normal_space(line).as_str() {
        "q" | "quit" => Command::Quit,
        "?" | "hint" => Command::Hint,
        "help" => Command::Help,
        "u" | "undo" => Command::Undo,
        _ => return None,
    })
}

/// Asks until the person picks a move, takes moves back, quits or input
/// ends (saying so).
fn ask(input: &mut dyn BufRead, out: &mut dyn Write, m: &mut Match) -> Result<Answer, CliError> {
    loop {
        let n = m.moves().len();
        let range = match n {
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
                return Ok(Answer::Stop);
            }
            Line::Text(buf) => buf,
            Line::TooLong(len) => {
                writeln!(
                    out,
                    "That line is {len} bytes long; no answer is. {}",
                    usage_text(n)
                )?;
                continue;
            }
        };
        let Ok(line) = std::str::from_utf8(&buf) else {
            writeln!(out, "That line is not valid UTF-8 text. {}", usage_text(n))?;
            continue;
        };
        match command(line) {
            Some(Command::Quit) => {
                writeln!(out, "You quit: the game is abandoned.")?;
                return Ok(Answer::Stop);
            }
            Some(Command::Hint) => out.write_all(hint_text(&m.hint(), m.moves()).as_bytes())?,
            Some(Command::Help) => {
                writeln!(out, "{}", usage_text(n))?;
                writeln!(out, "{UNDO_HELP}")?;
                out.write_all(rules_text(m.notation().as_deref(), m.may_repeat()).as_bytes())?;
                writeln!(out, "{READING_ORDER}")?;
                writeln!(out, "{}", policy::rule_text())?;
            }
            Some(Command::Undo) => match m.undo() {
                Ok(undone) => {
                    writeln!(out, "{}", text::undone_text(&undone))?;
                    return Ok(Answer::Undone);
                }
                Err(e) => writeln!(out, "{}.", capitalised(&e.to_string()))?,
            },
            None => match m.read(line) {
                Ok(i) => return Ok(Answer::Move(i)),
                Err(e) if e.usage => writeln!(out, "{e} {}", usage_text(n))?,
                Err(e) => writeln!(out, "{e}")?,
            },
        }
    }
}

/// `s` with its first letter a capital, as a sentence starts.
fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_api::{Analysis, Outcome};

    fn mv(label: &str, to: &str) -> MoveReport {
        MoveReport {
            label: label.into(),
            to: to.into(),
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

    impl grundy_api::Analyze for Countdown {
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
            let outcome = Outcome::from_mover_wins(win != 0);
            Ok(Analysis {
                winning_move_count: Some(winning.len()),
                winning_moves: winning,
                ..Analysis::outcome_only("countdown", &n.to_string(), play, outcome, "test")
            })
        }
        fn moves(&self, args: &[&str]) -> Result<Vec<MoveReport>, GameError> {
            let n = Countdown::heap(args)?;
            Ok((1..=2.min(n))
                .map(|k| mv(&format!("take {k}"), &(n - k).to_string()))
                .collect())
        }
    }

    fn game_bytes(
        fail_at: Option<u64>,
        start: &str,
        opts: MatchOptions,
        input: &[u8],
    ) -> (Result<i32, CliError>, String) {
        let mut out = Vec::new();
        let r = run(
            Arc::new(Family::new(
                "countdown",
                &grundy_api::Limits::default(),
                Arc::new(Countdown { fail_at }),
            )),
            "countdown",
            Play::Normal,
            opts,
            &[start.to_string()],
            &mut &input[..],
            &mut out,
        );
        (r, String::from_utf8(out).unwrap())
    }

    fn game(
        fail_at: Option<u64>,
        start: &str,
        opts: MatchOptions,
        input: &str,
    ) -> (Result<i32, CliError>, String) {
        game_bytes(fail_at, start, opts, input.as_bytes())
    }

    fn engine_first() -> MatchOptions {
        MatchOptions {
            engine_first: true,
            ..MatchOptions::default()
        }
    }

    #[test]
    fn a_whole_game_against_a_fake_family() {
        let (r, t) = game(None, "5", MatchOptions::default(), "take 2\n2\n");
        assert_eq!(r.unwrap(), 0);
        assert!(t.contains("You play take 2    to: 3\nGood move"), "{t}");
        assert!(t.contains("The engine plays take 1    to: 2"), "{t}");
        assert!(t.contains("You play take 2    to: 0"), "{t}");
        assert!(t.ends_with("The engine has no move left: in normal play the player who cannot move loses.\nyou win\n"), "{t}");
    }

    #[test]
    fn a_limit_hit_mid_game_stops_it_naming_the_position() {
        let (r, t) = game(Some(3), "5", MatchOptions::default(), "2\n");
        let e = r.err().unwrap();
        assert_eq!(e.exit_code(), 2);
        let msg = e.to_string();
        assert!(
            msg.contains("search limit hit") && msg.contains("at position 3; the game is stopped"),
            "{msg}"
        );
        assert!(t.contains("You play take 2"), "{t}");
        let e = game(Some(4), "6", engine_first(), "").0.err().unwrap();
        assert!(e.to_string().contains("at position 6"), "{e}");
    }

    #[test]
    fn a_bad_start_is_the_familys_own_error() {
        let e = game(None, "x", MatchOptions::default(), "")
            .0
            .err()
            .unwrap();
        assert_eq!(e.to_string(), "bad heap x");
        assert_eq!(e.exit_code(), 2);
        let (r, t) = game(Some(9), "9", MatchOptions::default(), "");
        assert!(r.is_err());
        assert_eq!(t, "", "nothing printed before the start is known good");
    }

    #[test]
    fn end_of_input_and_quit_abandon_with_status_0() {
        let (r, t) = game(None, "4", MatchOptions::default(), "");
        assert_eq!(r.unwrap(), 0);
        assert!(
            t.ends_with("q to quit): \nEnd of input: the game is abandoned.\n"),
            "{t}"
        );
        let (r, t) = game(None, "4", MatchOptions::default(), "nonsense\nq\n");
        assert_eq!(r.unwrap(), 0);
        assert!(
            t.contains("'nonsense' is not a legal move here. Type a move's number (1 to 2)"),
            "{t}"
        );
        assert!(t.ends_with("You quit: the game is abandoned.\n"), "{t}");
        let (r, t) = game(None, "4", MatchOptions::default(), "\n");
        assert_eq!(r.unwrap(), 0);
        assert!(t.contains("Empty line. Type a move's number"), "{t}");
    }

    #[test]
    fn invalid_utf8_is_answered() {
        let (r, t) = game_bytes(None, "1", MatchOptions::default(), b"\xff\xfe\n1\n");
        assert_eq!(r.unwrap(), 0);
        assert!(t.contains("not valid UTF-8"), "{t}");
        assert!(t.ends_with("you win\n"), "{t}");
    }

    #[test]
    fn commands_come_before_moves() {
        assert_eq!(command(" ? "), Some(Command::Hint));
        assert_eq!(command("hint"), Some(Command::Hint));
        assert_eq!(command("q\n"), Some(Command::Quit));
        assert_eq!(command("quit"), Some(Command::Quit));
        assert_eq!(command("help"), Some(Command::Help));
        assert_eq!(command("u"), Some(Command::Undo));
        assert_eq!(command(" undo\r\n"), Some(Command::Undo));
        assert_eq!(command("take 1"), None);
        assert_eq!(command("1"), None);
    }

    #[test]
    fn undo_takes_back_a_move_and_the_engines_reply() {
        // 8: take 1 (a mistake, to 7); the engine takes 1 (to 6); undo;
        // take 2 (to 6, good); the engine takes 1 (to 5); take 2 (to 3);
        // the engine takes 1 (to 2); take 2 wins.
        let (r, t) = game(None, "8", MatchOptions::default(), "1\nu\n2\n2\n2\n");
        assert_eq!(r.unwrap(), 0);
        let after = t
            .split_once("Taken back: your move take 1 and the engine's reply take 1.\n")
            .unwrap_or_else(|| panic!("{t}"))
            .1;
        assert!(
            after.starts_with("\nPosition: 8   (your turn)\nLegal moves:\n"),
            "{after}"
        );
        assert!(
            after.contains("You play take 2    to: 6\nGood move"),
            "{after}"
        );
        assert!(t.ends_with("you win\n"), "{t}");
        // Nothing to take back before the first move; the turn goes on.
        let (r, t) = game(None, "8", MatchOptions::default(), "undo\n2\nq\n");
        assert_eq!(r.unwrap(), 0);
        assert!(
            t.contains("q to quit): There is no move of yours to take back.\nYour move (1-2"),
            "{t}"
        );
        assert!(t.contains("You play take 2    to: 6"), "{t}");
    }

    #[test]
    fn help_tells_of_undo() {
        let (_, t) = game(None, "4", MatchOptions::default(), "help\nq\n");
        assert!(
            t.contains(&format!("{}\n{UNDO_HELP}\n", usage_text(2))),
            "{t}"
        );
        assert!(t.contains(READING_ORDER), "{t}");
        assert!(t.contains("The engine plays by remoteness"), "{t}");
    }

    fn three() -> Vec<MoveReport> {
        vec![mv("take 1", "2"), mv("take 2", "1"), mv("take  3", "0")]
    }

    #[test]
    fn hinted_moves_are_marked_and_listed() {
        let m = three();
        let hint = Hint {
            outcome: Outcome::N,
            indices: vec![2, 1],
            text: "Hint: winning moves here: take  3; take 2.".into(),
        };
        let t = moves_text(&m, Some(&hint));
        assert!(t.contains(" *2. take 2 "), "{t}");
        assert!(t.contains("  1. take 1 "), "{t}");
        assert!(t.ends_with("winning moves here: take  3; take 2.\n"), "{t}");
        assert!(!moves_text(&m, None).contains('*'));
        assert_eq!(
            hint_text(&hint, &m),
            "Hint: winning moves here: take  3; take 2.\n  3. take  3    to: 0\n  2. take 2    to: 1\n"
        );
    }

    #[test]
    fn labels_and_positions_from_the_game_are_escaped() {
        // A rules file's label or format may hold ESC [2J: printed raw, it
        // would clear the player's terminal.
        let m = vec![mv("take\u{1b}[2J", "x\u{7}")];
        let t = moves_text(&m, None);
        assert!(t.contains("take\\x1b[2J    to: x\\x07"), "{t}");
        assert!(!t.contains('\u{1b}') && !t.contains('\u{7}'), "{t:?}");
        let hint = Hint {
            outcome: grundy_api::Outcome::N,
            indices: vec![0],
            text: "Move 1 wins.".into(),
        };
        assert!(hint_text(&hint, &m).contains("1. take\\x1b[2J    to: x\\x07"));
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
    fn rules_name_the_notation_and_the_draw_rule() {
        assert!(rules_text(None, false).is_empty());
        assert!(rules_text(None, true).contains("4th time (3 repetitions)"));
        assert!(rules_text(Some("N"), false).contains("notation: N."));
    }
}
