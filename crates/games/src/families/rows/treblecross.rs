//! treblecross: players in turn put an X in an empty cell of a row; whoever
//! makes three X in a row wins.
//!
//! # The raw game
//! [`RawTreblecross`] is the rules as a normal-play game: a move is an X in
//! any empty cell, and a row holding XXX has no move, so whoever made it
//! has won (the opponent cannot move). Completing XXX ends the whole game,
//! so the raw row is not a sum of parts; searching it is the ground truth
//! the tests compare the theory below with, and it is what misère play
//! (`--misere`: the player who cannot move wins, so making XXX loses)
//! searches, since no theory of misère treblecross is used.
//!
//! # Sensible play and 0.007
//! [`Treblecross`] is the same game with the moves that lose at once left
//! out. For a row of at least three cells:
//! - if some empty cell completes XXX, exactly those cells win (any other
//!   move leaves the completing cell to the opponent);
//! - otherwise the X are pairwise at least three cells apart, and an X
//!   within two cells of another X lets the opponent complete XXX: such
//!   cells are *dead*. (An X next to an X could only be safe if both cells
//!   beyond the pair were off the row, i.e. in a row of two cells.) The
//!   safe empty cells form runs; an X in a run kills the cells within two
//!   of it, which only touches its own run. An X at cell `j` of a safe run
//!   of `s` cells leaves safe runs of `j - 3` and `s - j - 2` cells
//!   (nothing when not positive), and the move from heap `s + 2` of
//!   octal 0.007 removing three counters after the first `j - 1` leaves
//!   heaps `j - 1` and `s - j`; heaps 0, 1 and 2 have no move, so a safe
//!   run of `s` cells is exactly a 0.007 heap of `s + 2`. A player with no
//!   safe cell left must play a dead one (or cannot move) and loses.
//!
//! Rows of one or two cells keep the raw rules (in `..` the second X makes
//! `XX` with no room for a third, so no cell is dead there).
//!
//! By induction over positions, sensible play has exactly the raw game's
//! outcomes and winning moves: the left-out moves lead to positions the
//! opponent wins at once. The tests check this, outcome and every winning
//! cell, on every row of up to 14 cells.
//!
//! # The value reported
//! `value` is the Sprague-Grundy value of sensible play: the XOR of the
//! 0.007 values of the safe runs (`*1` when XXX can be completed, `0` once
//! it is made). It is zero exactly when the raw game is lost for the player
//! to move, but the raw game's value can differ, since it counts the
//! losing moves among the options. Components are the safe runs, each
//! written with the X that bound it (`X.......X`).

use crate::mechanics::row::{self, Alphabet};
use crate::mechanics::steps::{self, rules_by_steps, Steps};
use crate::mechanics::take_break::ValueTable;
use grundy_api::{Adapter, BuiltIn, Family, GameOptions};
use grundy_engine::{
    GameError, Impartial, Limits, Move, Nimber, Outcome, ParseError, Play, Rules, RulesError,
    TextGame, Theory,
};
use std::ops::Range;
use std::sync::Arc;

const ALPHABET: &Alphabet<bool> = &[('X', true), ('.', false)];

/// What a row's state allows, in sensible play.
#[derive(Clone, Debug, PartialEq, Eq)]
enum State {
    /// XXX is on the row: the game is over.
    Made,
    /// One or two cells: raw rules.
    Short,
    /// These cells (0-based, increasing) complete XXX.
    Threat(Vec<usize>),
    /// No XXX can be completed: the safe runs decide.
    Quiet,
}

fn has_three(p: &[bool]) -> bool {
    p.windows(3).any(|w| w.iter().all(|&x| x))
}

/// Whether an X in the empty cell `i` makes three in a row.
fn completes(p: &[bool], i: usize) -> bool {
    let x = |j: isize| j >= 0 && (j as usize) < p.len() && p[j as usize];
    let i = i as isize;
    (x(i - 2) && x(i - 1)) || (x(i - 1) && x(i + 1)) || (x(i + 1) && x(i + 2))
}

fn state(p: &[bool]) -> State {
    if has_three(p) {
        return State::Made;
    }
    if p.len() <= 2 {
        return State::Short;
    }
    let threats: Vec<usize> = (0..p.len()).filter(|&i| !p[i] && completes(p, i)).collect();
    if threats.is_empty() {
        State::Quiet
    } else {
        State::Threat(threats)
    }
}

/// The safe cells of a quiet row: empty, no X within two cells.
fn safe_runs(p: &[bool]) -> Vec<Range<usize>> {
    let mut dead = p.to_vec();
    for (i, _) in p.iter().enumerate().filter(|(_, &x)| x) {
        for d in dead.iter_mut().take(i + 3).skip(i.saturating_sub(2)) {
            *d = true;
        }
    }
    row::runs(&dead, |&d| !d)
}

/// The part of a quiet row a safe run lives in: from the X before it (or
/// the row's start) to the X after it (or the row's end).
fn segment(p: &[bool], run: &Range<usize>) -> Range<usize> {
    let from = p[..run.start].iter().rposition(|&x| x).unwrap_or(0);
    let to = p[run.end..]
        .iter()
        .position(|&x| x)
        .map_or(p.len(), |k| run.end + k + 1);
    from..to
}

/// The row after an X in cell `i` (from 0): the move of both games.
fn put_x(p: &[bool], i: usize) -> Vec<bool> {
    row::with_cell(p, i, true)
}

/// The label of an X in cell `i` (from 0): `X at 4`.
fn x_label(i: usize) -> String {
    format!("X at {}", i + 1)
}

fn empty_cells(p: &[bool]) -> impl Iterator<Item = usize> + '_ {
    (0..p.len()).filter(|&i| !p[i])
}

/// The empty cell (from 0) an X goes in, in the notation `@CELL`, or
/// `XCELL` / `X@CELL` (any case; spaces are ignored): `None` when `words`
/// are not in it, an error when the cell is no empty cell of a row still
/// in play.
fn read_cell(p: &[bool], words: &[&str]) -> Option<Result<usize, ParseError>> {
    let text = words.concat();
    let text = match text.strip_prefix(['X', 'x']) {
        Some(rest) if rest.starts_with('@') => rest.to_string(),
        Some(rest) if rest.starts_with(|c: char| c.is_ascii_digit()) => format!("@{rest}"),
        Some(_) => return None,
        None => text,
    };
    Some(row::read_cell(&text, p.len())?.and_then(|i| {
        if p[i] {
            Err(ParseError::new(format!(
                "cell {} already holds an X",
                i + 1
            )))
        } else if has_three(p) {
            Err(ParseError::new(
                "three in a row is already made: the game is over",
            ))
        } else {
            Ok(i)
        }
    }))
}

/// The notation's help, with an X in `first` (from 0) as the example.
fn notation(first: Option<usize>) -> String {
    let c = first.map_or(1, |i| i + 1);
    format!(
        "@CELL (or XCELL) puts an X in cell CELL (cells numbered from 1): `@{c}` puts an X in \
         cell {c}"
    )
}

/// `X X X made at cells 4-6`: the first run of three or more X, if any.
fn made(p: &[bool]) -> Option<String> {
    let run = row::runs(p, |&x| x).into_iter().find(|r| r.len() >= 3)?;
    Some(format!(
        "{} made at cells {}-{}",
        vec!["X"; run.len()].join(" "),
        run.start + 1,
        run.end
    ))
}

fn parse(args: &[&str]) -> Result<Vec<bool>, ParseError> {
    row::parse_row(args, ALPHABET, "..X....X..")
}

/// Treblecross in sensible play (module doc): the family answering normal
/// play. Clones share one 0.007 table.
#[derive(Clone)]
pub struct Treblecross {
    heaps: Arc<ValueTable>,
}

impl Default for Treblecross {
    fn default() -> Self {
        Treblecross {
            heaps: Arc::new(ValueTable::of_code("0.007")),
        }
    }
}

impl Treblecross {
    /// The game, with an empty 0.007 table.
    pub fn new() -> Treblecross {
        Treblecross::default()
    }

    /// The value of a safe run of `s` cells: 0.007 at `s + 2`.
    pub fn safe_run_value(&self, s: usize) -> Option<u64> {
        self.heaps.value(s as u64 + 2)
    }

    /// The cells sensible play may take, 0-based, increasing.
    fn cells(&self, p: &[bool]) -> Vec<usize> {
        match state(p) {
            State::Made => Vec::new(),
            State::Short => empty_cells(p).collect(),
            State::Threat(cells) => cells,
            State::Quiet => safe_runs(p).into_iter().flatten().collect(),
        }
    }
}

/// [`Steps::apply`] and [`Steps::label`] of both treblecross games, whose
/// step is the cell (from 0) an X goes in.
macro_rules! x_in_a_cell {
    () => {
        fn apply(&self, p: &Vec<bool>, &i: &usize) -> Vec<bool> {
            put_x(p, i)
        }

        fn label(&self, _p: &Vec<bool>, &i: &usize) -> String {
            x_label(i)
        }
    };
}

/// [`TextGame::parse`], [`TextGame::format`] and [`TextGame::moves`] of
/// both treblecross games: a position is one word of `X` and `.` (a row
/// that already holds XXX is a finished game, no move); the moves are the
/// game's steps.
macro_rules! row_of_cells_as_text {
    () => {
        fn parse(&self, args: &[&str]) -> Result<Vec<bool>, ParseError> {
            parse(args)
        }

        fn format(&self, p: &Vec<bool>) -> String {
            row::format_row(p, ALPHABET)
        }

        fn moves(&self, p: &Vec<bool>) -> Result<Vec<Move<Vec<bool>>>, RulesError> {
            steps::moves(self, p)
        }
    };
}

impl Steps for Treblecross {
    /// The cell (from 0) the X goes in.
    type Step = usize;

    /// The cells sensible play may take, left to right.
    fn each_step(&self, p: &Vec<bool>, visit: impl FnMut(usize)) {
        self.cells(p).into_iter().for_each(visit);
    }

    x_in_a_cell!();
}

impl Rules for Treblecross {
    type Position = Vec<bool>;

    rules_by_steps!();

    /// A search from `p` meets parts that are segments of `p`'s length at
    /// most (fewer than `3 (n + 1)` shapes), rows with XXX made (at most `n`
    /// after one completing move), short rows (at most 7), and `p`.
    fn search_size(&self, p: &Vec<bool>) -> u128 {
        4 * (p.len() as u128 + 1) + 8
    }
}

impl Impartial for Treblecross {
    /// The row is one component while it has a move: an X anywhere may end
    /// the whole game, so the row is no disjunctive sum of its runs.
    fn components(&self, p: &Vec<bool>) -> Result<Vec<Vec<bool>>, RulesError> {
        Ok(match state(p) {
            State::Made => Vec::new(),
            State::Short if p.iter().all(|&x| x) => Vec::new(),
            _ => vec![p.clone()],
        })
    }

    /// For normal-play values only: a quiet row splits into the segments
    /// of its safe runs (module doc: each is a 0.007 heap); any other row
    /// with a move is one part.
    fn normal_play_parts(&self, p: &Vec<bool>) -> Result<Vec<Vec<bool>>, RulesError> {
        Ok(match state(p) {
            State::Made => Vec::new(),
            State::Short if p.iter().all(|&x| x) => Vec::new(),
            State::Short | State::Threat(_) => vec![p.clone()],
            State::Quiet => safe_runs(p)
                .iter()
                .map(|r| p[segment(p, r)].to_vec())
                .collect(),
        })
    }

    fn closed_form(&self, p: &Vec<bool>) -> Option<Nimber> {
        match state(p) {
            State::Made => Some(Nimber::ZERO),
            State::Short => None,
            State::Threat(_) => Some(Nimber::ONE),
            State::Quiet => safe_runs(p)
                .iter()
                .map(|r| self.safe_run_value(r.len()).map(Nimber))
                .sum(),
        }
    }

    fn closed_form_source(&self, p: &Vec<bool>) -> Option<String> {
        match state(p) {
            State::Made => Some("three in a row: the game is over".into()),
            State::Short => None,
            State::Threat(_) => {
                Some("an X can make three in a row: the game ends with that move, worth 1".into())
            }
            State::Quiet => {
                let runs: Vec<String> = safe_runs(p)
                    .iter()
                    .map(|r| {
                        let s = r.len();
                        let table = self.heaps.source(s as u64 + 2)?;
                        Some(format!(
                            "a safe run of {s} cell{} plays as a 0.007 heap of {}, by {table}",
                            if s == 1 { "" } else { "s" },
                            s + 2
                        ))
                    })
                    .collect::<Option<_>>()?;
                Some(format!(
                    "an X within two cells of another loses at once, so only the safe cells count: {}",
                    runs.join("; ")
                ))
            }
        }
    }
}

/// The moves are the cells sensible play may take, left to right: `X at
/// 4`.
impl TextGame for Treblecross {
    row_of_cells_as_text!();

    /// The moves counted, none made.
    fn moves_bound(&self, p: &Vec<bool>) -> u128 {
        steps::count(self, p)
    }

    /// Every move may win (`X.X.X.` ...: each gap completes a three), each
    /// listing the whole row.
    fn answer_size(&self, p: &Vec<bool>, _play: Play) -> u128 {
        self.moves_bound(p) * (p.len() as u128 + 1)
    }

    /// `@CELL` or `XCELL`, a cell sensible play may take.
    fn read_move(
        &self,
        p: &Vec<bool>,
        words: &[&str],
    ) -> Option<Result<Move<Vec<bool>>, ParseError>> {
        Some(read_cell(p, words)?.and_then(|i| {
            if self.cells(p).contains(&i) {
                Ok(steps::labelled(self, p, &i))
            } else {
                Err(ParseError::new(format!(
                    "an X in cell {} lets the opponent make three in a row at once; sensible \
                     play leaves that move out",
                    i + 1
                )))
            }
        }))
    }

    fn move_notation(&self, p: &Vec<bool>) -> Option<String> {
        Some(notation(self.cells(p).first().copied()))
    }

    /// `X X X made at cells 4-6` once three in a row is made.
    fn end_reason(&self, p: &Vec<bool>) -> Option<String> {
        made(p)
    }

    /// Normal play: the completing cells when XXX can be completed; else
    /// the Sprague-Grundy theorem on the safe runs as 0.007 heaps, each
    /// move weighed from the table, only winners built. Rows of one or two
    /// cells are left to search.
    fn theory(&self, p: &Vec<bool>, play: Play) -> Option<Theory<Vec<bool>>> {
        if play == Play::Misere {
            return None;
        }
        let (method, outcome, winning) = match state(p) {
            State::Short => return None,
            State::Made => (
                "three in a row already made: the player to move has lost".to_string(),
                Outcome::P,
                Vec::new(),
            ),
            State::Threat(cells) => (
                "three in a row can be completed: exactly those cells win".to_string(),
                Outcome::N,
                cells.iter().map(|i| steps::labelled(self, p, i)).collect(),
            ),
            State::Quiet => {
                let runs = safe_runs(p);
                let values: Vec<u64> = runs
                    .iter()
                    .map(|r| self.safe_run_value(r.len()))
                    .collect::<Option<_>>()?;
                let total = values.iter().fold(0, |acc, v| acc ^ v);
                let mut winning = Vec::new();
                if total != 0 {
                    for (r, v) in runs.iter().zip(&values) {
                        let s = r.len();
                        for j in 1..=s {
                            // 0.007 heaps j - 1 and s - j (module doc).
                            let after = self.heaps.value(j as u64 - 1)?
                                ^ self.heaps.value((s - j) as u64)?;
                            if after == v ^ total {
                                winning.push(steps::labelled(self, p, &(r.start + j - 1)));
                            }
                        }
                    }
                }
                (
                    "safe runs as 0.007 heaps (an X within two cells of another loses at once)"
                        .to_string(),
                    Outcome::from_mover_wins(total != 0),
                    winning,
                )
            }
        };
        Some(Theory {
            method,
            outcome,
            winning_moves: winning,
        })
    }
}

/// Treblecross by the raw rules (module doc): every empty cell is a move
/// until XXX is made. The row is one indivisible part.
#[derive(Clone, Copy, Debug, Default)]
pub struct RawTreblecross;

impl Steps for RawTreblecross {
    /// The cell (from 0) the X goes in.
    type Step = usize;

    /// Every empty cell, left to right, unless XXX is made.
    fn each_step(&self, p: &Vec<bool>, visit: impl FnMut(usize)) {
        if !has_three(p) {
            empty_cells(p).for_each(visit);
        }
    }

    x_in_a_cell!();
}

impl Rules for RawTreblecross {
    type Position = Vec<bool>;

    rules_by_steps!();

    /// Every set of empty cells may end up filled: 2^(empty cells).
    fn search_size(&self, p: &Vec<bool>) -> u128 {
        let empty = empty_cells(p).count() as u32;
        2u128.checked_pow(empty).unwrap_or(u128::MAX)
    }
}

impl Impartial for RawTreblecross {
    fn components(&self, p: &Vec<bool>) -> Result<Vec<Vec<bool>>, RulesError> {
        Ok(if has_three(p) || p.iter().all(|&x| x) {
            Vec::new()
        } else {
            vec![p.clone()]
        })
    }
}

/// The moves are every empty cell, left to right, unless XXX is made: `X
/// at 4`.
impl TextGame for RawTreblecross {
    row_of_cells_as_text!();

    /// `@CELL` or `XCELL`: any empty cell.
    fn read_move(
        &self,
        p: &Vec<bool>,
        words: &[&str],
    ) -> Option<Result<Move<Vec<bool>>, ParseError>> {
        Some(read_cell(p, words)?.map(|i| steps::labelled(self, p, &i)))
    }

    fn move_notation(&self, p: &Vec<bool>) -> Option<String> {
        Some(notation(p.iter().position(|&x| !x)))
    }

    /// `X X X made at cells 4-6` once three in a row is made.
    fn end_reason(&self, p: &Vec<bool>) -> Option<String> {
        made(p)
    }
}

/// The `treblecross` family, with search `limits`: normal play by
/// sensible play and 0.007; misère play, the moves a player may make (a
/// losing one too), their notation and why a game ended by the raw rules
/// (module doc).
pub fn family(limits: &Limits) -> Family {
    Family::by_play(
        Adapter::new("treblecross", Treblecross::new(), limits).family(),
        Adapter::new("treblecross", RawTreblecross, limits)
            .with_notation()
            .with_end_reasons()
            .family(),
    )
}

fn build(_opts: &GameOptions, limits: &Limits) -> Result<Family, GameError> {
    Ok(family(limits))
}

/// The `treblecross` family.
pub const REGISTRATION: BuiltIn = BuiltIn {
    name: "treblecross",
    rules: "put an X in an empty cell; whoever makes three X in a row wins",
    syntax: "one row of `X` and `.` (empty), cell 1 first: `..X....X..`",
    example: "..X....X..",
    options: &[],
    build,
};
