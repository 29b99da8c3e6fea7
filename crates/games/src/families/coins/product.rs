//! Two-dimensional coin-turning games, products of two one-dimensional
//! rules: a move picks a move set A of the first rule (along x) and B of
//! the second (along y) and turns every coin (a, b) of A x B; the coin
//! (max A, max B) must go from heads to tails. By the Tartan theorem a lone
//! head at (x, y) is worth the nim product g1(x) ⊗ g2(y). Coordinates count
//! from 0; in the product the row and column 0 are real coins, and every
//! rule gives them value 0 (no move set ends there). `turning-corners` is
//! the product of `one-or-two` with itself: turn the four corners of a
//! rectangle, value x ⊗ y.

use super::position::flip;
use super::rule::CoinRule;
use crate::mechanics::heaps;
use crate::mechanics::steps::{self, Steps};
use grundy_api::{parse_u64_in, Adapter, BuiltIn, Family, GameOptions, OptionSpec};
use grundy_engine::memory;
use grundy_engine::{
    GameError, Impartial, Limits, Move, Nimber, Outcome, ParseError, Play, Rules, RulesError,
    TextGame, Theory,
};
use std::ops::ControlFlow;

/// A move as the cells it turns.
type Cells = Vec<(u64, u64)>;

/// The largest coordinate.
pub const MAX_COORD: u64 = (1 << 32) - 1;

/// The most cells the winning moves [`ProductGame`]'s theory lists may turn
/// together: each is written in the answer (about 12 bytes, `x,y `), so
/// this keeps a listed answer within [`grundy_engine::MAX_ANSWER`]'s
/// 50 MB. A move of `ruler` along x turns a run of coins as long as x.
pub const MAX_LISTED_CELLS: u128 = 4_000_000;

/// Bytes a cell of a listed move takes while the answer is made and
/// written: 16 in the move's cells, about 20 of text in the move and as
/// many in the position it leaves, each rendered once more.
const HELD_PER_LISTED_CELL: u128 = 96;

/// The text of a board without heads.
pub const EMPTY: &str = "-";

/// A board: the coins showing heads, sorted and distinct.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Board {
    /// Heads as (x, y).
    pub heads: Vec<(u64, u64)>,
}

impl Board {
    fn turned(&self, cells: &[(u64, u64)]) -> Board {
        let mut out = self.clone();
        for &c in cells {
            flip(&mut out.heads, c);
        }
        out
    }
}

/// Reads heads `x,y` (0-based, each coordinate up to [`MAX_COORD`]), or
/// `-` for none. Errors name the head (from 1) and its text, or a head
/// given twice.
pub fn parse_board(args: &[&str]) -> Result<Board, ParseError> {
    let words = heaps::words(args);
    if words == [EMPTY] {
        return Ok(Board::default());
    }
    if words.is_empty() {
        return Err(ParseError::new(
            "no heads given: write them as x,y (from 0), e.g. `2,3 5,1`, or `-` for none",
        ));
    }
    heaps::check_count_within(words.len(), "heads", heaps::MAX_HEADS)?;
    let mut heads = Vec::with_capacity(words.len());
    for (i, w) in words.iter().enumerate() {
        let bad = |e: String| ParseError::new(format!("head {} ('{w}'): {e}", i + 1));
        let (x, y) = w
            .split_once(',')
            .ok_or_else(|| bad("expected x,y, two coordinates joined by a comma".into()))?;
        let x = parse_u64_in(x, 0, MAX_COORD).map_err(|e| bad(format!("x {e}")))?;
        let y = parse_u64_in(y, 0, MAX_COORD).map_err(|e| bad(format!("y {e}")))?;
        heads.push((x, y));
    }
    heads.sort_unstable();
    if let Some(w) = heads.windows(2).find(|w| w[0] == w[1]) {
        return Err(ParseError::new(format!(
            "the coin {},{} is listed twice as a head",
            w[0].0, w[0].1
        )));
    }
    Ok(Board { heads })
}

/// Writes a board as [`parse_board`] reads it.
pub fn format_board(b: &Board) -> String {
    if b.heads.is_empty() {
        return EMPTY.to_string();
    }
    b.heads
        .iter()
        .map(|(x, y)| format!("{x},{y}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn describe(cells: &[(u64, u64)]) -> String {
    let names: Vec<String> = cells.iter().map(|(x, y)| format!("{x},{y}")).collect();
    match names.split_last() {
        Some((last, [])) => format!("turn coin {last}"),
        Some((last, rest)) => format!("turn coins {} and {last}", rest.join(" ")),
        None => "turn no coin".into(),
    }
}

/// The product of two coin-turning rules.
#[derive(Clone, Debug)]
pub struct ProductGame {
    across: CoinRule,
    down: CoinRule,
}

impl ProductGame {
    /// The product of `across` (along x) and `down` (along y).
    pub fn new(across: CoinRule, down: CoinRule) -> Self {
        ProductGame { across, down }
    }

    /// The method line of the theory's answers.
    fn method(&self) -> String {
        format!(
            "Tartan theorem: each head is worth g({}) ⊗ g({}), nim product of the one-dimensional values",
            self.across.name(),
            self.down.name()
        )
    }

    /// The value of a lone head at (x, y).
    pub fn head_value(&self, (x, y): (u64, u64)) -> Option<u64> {
        Some((Nimber(self.across.value(x)?) * Nimber(self.down.value(y)?)).0)
    }

    fn sets(rule: &CoinRule, x: u64) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        if x >= 1 {
            rule.move_sets(x, |s| out.push(s.to_vec()));
        }
        out
    }

    fn cells(a: &[u64], b: &[u64]) -> Vec<(u64, u64)> {
        let mut out: Vec<(u64, u64)> = a
            .iter()
            .flat_map(|&x| b.iter().map(move |&y| (x, y)))
            .collect();
        out.sort_unstable();
        out
    }

    fn count(rule: &CoinRule, x: u64) -> u128 {
        if x == 0 {
            0
        } else {
            rule.move_count(x)
        }
    }

    /// The work of finding the winning moves of a head at `(x, y)` by
    /// walking the move sets across (every coin of them built) and
    /// inverting the value formula down for each.
    fn walk_across_cost(&self, x: u64, y: u64) -> u128 {
        let built = if x == 0 {
            0
        } else {
            self.across.cells_count(x)
        };
        built + Self::count(&self.across, x) * self.down.search_cost(y)
    }

    /// The axis walked and the coin on it, then the axis inverted and its
    /// coin, for a head at `(x, y)`: across then down when `along_x`.
    fn axes(&self, along_x: bool, (x, y): (u64, u64)) -> (&CoinRule, u64, &CoinRule, u64) {
        if along_x {
            (&self.across, x, &self.down, y)
        } else {
            (&self.down, y, &self.across, x)
        }
    }

    /// [`ProductGame::walk_across_cost`] with the axes exchanged.
    fn walk_down_cost(&self, x: u64, y: u64) -> u128 {
        let built = if y == 0 { 0 } else { self.down.cells_count(y) };
        built + Self::count(&self.down, y) * self.across.search_cost(x)
    }

    /// Every winning product move in normal play (as its cells), with the
    /// board's value; `None` if listing them costs more than
    /// [`super::THEORY_WORK`], they turn more than [`MAX_LISTED_CELLS`]
    /// cells together or more than the answer's memory budget holds, or
    /// the answer's time limit passes meanwhile. Enumerates the move sets of the axis that has fewer
    /// and inverts the value formula of the other.
    fn winning_cells(&self, p: &Board) -> Option<(u64, Vec<Cells>)> {
        let total = self.closed_form(p)?.0;
        let mut out = Vec::new();
        if total == 0 {
            return Some((0, out));
        }
        let work: u128 = p
            .heads
            .iter()
            .filter(|(x, y)| *x > 0 && *y > 0)
            .map(|&(x, y)| self.walk_across_cost(x, y).min(self.walk_down_cost(x, y)))
            .sum();
        if work > super::THEORY_WORK {
            return None;
        }
        let want = Nimber(total);
        // Cells of the moves found so far; past the bound, no more are built.
        let cells = std::cell::Cell::new(0u128);
        let fits = |a: &[u64], b: &[u64]| {
            cells.set(cells.get() + a.len() as u128 * b.len() as u128);
            cells.get() <= MAX_LISTED_CELLS
        };
        for &(x, y) in &p.heads {
            if x == 0 || y == 0 {
                continue;
            }
            let value_of = |rule: &CoinRule, s: &[u64]| {
                Nimber(s.iter().fold(0, |a, &c| a ^ rule.value(c).unwrap_or(0)))
            };
            let mut found = Vec::new();
            // The work bound counts sets, not their cells: a list the
            // memory budget cannot hold is one too costly to list.
            let mut over = false;
            let keep = |found: &mut Vec<Cells>, a: &[u64], b: &[u64], over: &mut bool| {
                let bytes = (a.len() * b.len() * std::mem::size_of::<(u64, u64)>()) as u64;
                if *over
                    || !fits(a, b)
                    || memory::admit(bytes, memory::answer_max_memory()).is_err()
                    || grundy_engine::clock::answer_time_passed()
                {
                    *over = true;
                } else {
                    found.push(Self::cells(a, b));
                }
            };
            // The longest set the cells left may take, beside a set of `n`.
            let room = |n: usize| {
                (MAX_LISTED_CELLS.saturating_sub(cells.get()) / n.max(1) as u128)
                    .try_into()
                    .unwrap_or(u64::MAX)
            };
            // The walked axis's sets come one at a time, never all at once.
            let along_x = self.walk_across_cost(x, y) <= self.walk_down_cost(x, y);
            let (walk, w, invert, v) = self.axes(along_x, (x, y));
            // The answer's time limit, every 65,536 coins of the sets
            // walked (a `ruler` set at coin 21,330 holds up to 21,330: at
            // every 256 sets, a 2.5 ms limit was overrun eightfold).
            let (mut walked, mut next_clock) = (0u64, 1u64 << 16);
            walk.move_sets(w, |a| {
                if over {
                    return;
                }
                walked += a.len() as u64 + 1;
                if walked >= next_clock {
                    next_clock = walked + (1 << 16);
                    if grundy_engine::clock::answer_time_passed() {
                        over = true;
                        return;
                    }
                }
                let Some(inv) = value_of(walk, a).inverse() else {
                    return;
                };
                if !over {
                    let all = invert.sets_with_value(v, (want * inv).0, room(a.len()), |b| {
                        if along_x {
                            keep(&mut found, a, b, &mut over)
                        } else {
                            keep(&mut found, b, a, &mut over)
                        }
                    });
                    over |= !all;
                }
            });
            if over {
                return None;
            }
            found.sort();
            out.extend(found);
        }
        Some((total, out))
    }
}

/// Whether turning the cells `xs` x `ys` of `p` leaves at most
/// [`heaps::MAX_HEADS`] heads, so that the position it leaves parses again.
/// Counted without making the move: the heads, plus the cells, less twice
/// the cells that are heads.
fn leaves_readable(p: &Board, xs: &[u64], ys: &[u64]) -> bool {
    let max = heaps::MAX_HEADS as u128;
    let heads = p.heads.len() as u128;
    let cells = xs.len() as u128 * ys.len() as u128;
    if heads + cells <= max {
        return true;
    }
    if cells > heads + max {
        return false;
    }
    let turned_heads = xs
        .iter()
        .flat_map(|&x| ys.iter().map(move |&y| (x, y)))
        .filter(|c| p.heads.binary_search(c).is_ok())
        .count() as u128;
    heads + cells - 2 * turned_heads <= max
}

impl Steps for ProductGame {
    type Step = Cells;

    /// Head by head; for each, every move set along x with every move set
    /// along y.
    fn each_step(&self, p: &Board, mut visit: impl FnMut(Cells)) {
        for &(x, y) in &p.heads {
            let across = Self::sets(&self.across, x);
            if across.is_empty() {
                continue;
            }
            let down = Self::sets(&self.down, y);
            for a in &across {
                for b in &down {
                    visit(Self::cells(a, b));
                }
            }
        }
    }

    fn apply(&self, p: &Board, cells: &Cells) -> Board {
        p.turned(cells)
    }

    fn label(&self, _: &Board, cells: &Cells) -> String {
        describe(cells)
    }
}

impl Rules for ProductGame {
    type Position = Board;

    fn options(&self, p: &Board) -> Result<Vec<Board>, RulesError> {
        Ok(steps::options(self, p))
    }

    fn is_terminal(&self, p: &Board) -> Result<bool, RulesError> {
        Ok(p.heads
            .iter()
            .all(|&(x, y)| Self::count(&self.across, x) == 0 || Self::count(&self.down, y) == 0))
    }

    /// Reachable boards keep their heads inside the rectangle from the
    /// origin to the largest coordinates.
    fn search_size(&self, p: &Board) -> u128 {
        let w = p.heads.iter().map(|h| h.0 + 1).max().unwrap_or(0);
        let h = p.heads.iter().map(|h| h.1 + 1).max().unwrap_or(0);
        let cells = w.saturating_mul(h).min(127);
        1u128 << cells
    }
}

impl Impartial for ProductGame {
    /// Normal-play values only: the board is the sum of its lone heads.
    fn normal_play_parts(&self, p: &Board) -> Result<Vec<Board>, RulesError> {
        Ok(p.heads.iter().map(|&h| Board { heads: vec![h] }).collect())
    }

    fn closed_form(&self, p: &Board) -> Option<Nimber> {
        let mut v = 0;
        for &h in &p.heads {
            v ^= self.head_value(h)?;
        }
        Some(Nimber(v))
    }

    fn misere_size(&self, p: &Board) -> u128 {
        self.search_size(p)
    }
}

impl TextGame for ProductGame {
    /// The winning cells (normal play) or every move (misère) times the
    /// size of the board each of them writes.
    fn answer_size(&self, p: &Board, play: Play) -> u128 {
        let size = 12 * p.heads.len() as u128 + 2;
        match (play, self.winning_cells(p)) {
            (Play::Normal, Some((_, moves))) => moves.len() as u128 * size,
            // Stopped by the answer's time limit, not by their size: no
            // claim that the answer is too large (the analysis names the
            // time limit when it cannot list them either).
            (Play::Normal, None) if grundy_engine::clock::answer_time_passed() => 0,
            _ => self.moves_bound(p).saturating_mul(size),
        }
    }

    /// Heads `x,y`; refuses heads whose value is not known.
    fn parse(&self, args: &[&str]) -> Result<Board, ParseError> {
        let b = parse_board(args)?;
        if let Some(h) = b.heads.iter().find(|&&h| self.head_value(h).is_none()) {
            if let Some(e) = super::rule::value_out_of_time() {
                return Err(e);
            }
            return Err(ParseError::new(format!(
                "the value of the coin {},{} is not known (a heap sequence without proven period, beyond its table)",
                h.0, h.1
            )));
        }
        Ok(b)
    }

    fn format(&self, p: &Board) -> String {
        format_board(p)
    }

    fn moves(&self, p: &Board) -> Result<Vec<Move<Board>>, RulesError> {
        steps::moves(self, p)
    }

    /// The cells every move turns, added up over the moves: each move's
    /// board holds that many heads more, so this bounds the work and the
    /// memory of listing the moves, where their number does not (`ruler`
    /// by `ruler` at 3000,3000: 9 million moves, but 2*10^13 cells, which
    /// `play` tried to build and aborted).
    fn moves_bound(&self, p: &Board) -> u128 {
        let cells = |rule: &CoinRule, x: u64| if x == 0 { 0 } else { rule.cells_count(x) };
        p.heads
            .iter()
            .map(|&(x, y)| cells(&self.across, x).saturating_mul(cells(&self.down, y)))
            .fold(0u128, u128::saturating_add)
    }

    /// Normal play: the Tartan theorem (a head is worth the nim product of
    /// its two one-dimensional values) and the Sprague-Grundy theorem.
    fn theory(&self, p: &Board, play: Play) -> Option<Theory<Board>> {
        if play != Play::Normal {
            return None;
        }
        self.theory_counted(p, play, usize::MAX).map(|(t, _)| t)
    }

    /// [`TextGame::theory`] with every winning move counted but only the
    /// first `k` made and labelled: a board far from the origin has
    /// thousands of winning moves, each turning thousands of cells, and
    /// labelling them all (for 4 shown) took half a second at
    /// `25300,123` of ruler by mock-turtles.
    fn theory_counted(&self, p: &Board, play: Play, k: usize) -> Option<(Theory<Board>, usize)> {
        if play != Play::Normal {
            return None;
        }
        let (total, moves) = self.winning_cells(p)?;
        let theory = Theory {
            method: self.method(),
            outcome: Outcome::from_mover_wins(total != 0),
            winning_moves: moves
                .iter()
                .take(k)
                .map(|cells| steps::labelled(self, p, cells))
                .collect(),
        };
        Some((theory, moves.len()))
    }

    /// The first `k` winning moves, head by head: the move sets of one
    /// axis one at a time (the axis whose inversion is cheaper), each
    /// completed by inverting the value formula of the other; at most
    /// [`super::THEORY_WORK`] work and [`MAX_LISTED_CELLS`] cells, the
    /// cells held within the answer's memory budget
    /// ([`grundy_engine::memory::answer_max_memory`], [`HELD_PER_LISTED_CELL`]
    /// bytes each), and no longer than the answer's time limit
    /// ([`grundy_engine::clock::answer_time_passed`]): past any of them,
    /// the moves found so far. A move leaving more heads than a position
    /// may hold ([`heaps::MAX_HEADS`]) is passed over.
    fn theory_first(&self, p: &Board, play: Play, k: usize) -> Option<Theory<Board>> {
        if play != Play::Normal {
            return None;
        }
        let total = self.closed_form(p)?.0;
        let want = Nimber(total);
        let mut found: Vec<Cells> = Vec::new();
        let (mut work, mut cells, mut next_clock) = (0u128, 0u128, 0u128);
        // The moves' cells, admitted against the answer's memory budget
        // before each is made, as held while answered: the cells, the
        // move's text and the position it leaves, each rendered.
        let mut over_budget = false;
        let admitted = |cells: u128| {
            let bytes =
                u64::try_from(cells.saturating_mul(HELD_PER_LISTED_CELL)).unwrap_or(u64::MAX);
            memory::admit(bytes, memory::answer_max_memory()).is_ok()
        };
        let value_of = |rule: &CoinRule, s: &[u64]| {
            Nimber(s.iter().fold(0, |a, &c| a ^ rule.value(c).unwrap_or(0)))
        };
        for &(x, y) in &p.heads {
            if total == 0 || x == 0 || y == 0 {
                continue;
            }
            // Go along x and invert along y, or the other way round.
            let along_x = self.down.search_cost(y) <= self.across.search_cost(x);
            let (walk, w, invert, v) = self.axes(along_x, (x, y));
            // A walked set longer than the cells bound is not built (the
            // first `ruler` set at coin 10^9 holds 10^9 coins): the search
            // stops there, with the moves found before it.
            if u128::from(walk.longest_set(w)) > MAX_LISTED_CELLS {
                break;
            }
            let stopped = walk.try_move_sets(w, |a| {
                if found.len() >= k
                    || work > super::THEORY_WORK
                    || cells > MAX_LISTED_CELLS
                    || over_budget
                {
                    return ControlFlow::Break(());
                }
                // The answer's time limit, every 65,536 units of work (the
                // 20 million the work bound allows take a third of a
                // second; one inversion down a mock-turtles axis at coin
                // 10^7 is 10^7 of them).
                if work >= next_clock {
                    if grundy_engine::clock::answer_time_passed() {
                        return ControlFlow::Break(());
                    }
                    next_clock = work + (1 << 16);
                }
                work += invert.search_cost(v) + a.len() as u128;
                if let Some(inv) = value_of(walk, a).inverse() {
                    let room = (MAX_LISTED_CELLS.saturating_sub(cells) / a.len() as u128)
                        .try_into()
                        .unwrap_or(u64::MAX);
                    let all = invert.sets_with_value(v, (want * inv).0, room, |b| {
                        let more = a.len() as u128 * b.len() as u128;
                        let (xs, ys) = if along_x { (a, b) } else { (b, a) };
                        if found.len() >= k || !leaves_readable(p, xs, ys) {
                            // Enough found, or passed over: its `to` could
                            // not be read back.
                        } else if !over_budget && admitted(cells + more) {
                            cells += more;
                            found.push(Self::cells(xs, ys));
                        } else {
                            over_budget = true;
                        }
                    });
                    if !all || over_budget {
                        return ControlFlow::Break(());
                    }
                }
                ControlFlow::Continue(())
            });
            if stopped.is_break() && found.len() < k {
                break;
            }
        }
        Some(Theory {
            method: self.method(),
            outcome: Outcome::from_mover_wins(total != 0),
            winning_moves: found
                .iter()
                .map(|cells| steps::labelled(self, p, cells))
                .collect(),
        })
    }

    /// The Tartan theorem's outcome alone: the board's value from its
    /// heads, no move looked for.
    fn theory_outcome(&self, p: &Board, play: Play) -> Option<Theory<Board>> {
        if play != Play::Normal {
            return None;
        }
        let total = self.closed_form(p)?.0;
        Some(Theory {
            method: self.method(),
            outcome: Outcome::from_mover_wins(total != 0),
            winning_moves: Vec::new(),
        })
    }
}

fn family(name: String, game: ProductGame, limits: &Limits) -> Family {
    Adapter::new(name, game, limits).family()
}

fn rule_option(opts: &GameOptions, name: &str) -> Result<CoinRule, GameError> {
    CoinRule::parse(opts.required(name)?).map_err(|e| GameError::Input(format!("--{name}: {e}")))
}

/// `turning-corners x,y ...`.
pub const TURNING_CORNERS: BuiltIn = BuiltIn {
    name: "turning-corners",
    rules: "turn over the four corners of a rectangle whose corner farthest from the origin goes from heads to tails",
    syntax: "heads as x,y (coordinates from 0, up to 2^32-1), `-` for none",
    example: "2,2 1,3 3,1",
    options: &[],
    build: |_, limits| {
        let one_or_two = CoinRule::parse("one-or-two").expect("a built-in rule");
        Ok(family(
            "turning-corners".into(),
            ProductGame::new(one_or_two.clone(), one_or_two),
            limits,
        ))
    },
};

/// `coin-product --x RULE --y RULE x,y ...`.
pub const COIN_PRODUCT: BuiltIn = BuiltIn {
    name: "coin-product",
    rules: "the product of two coin-turning rules: turn every coin of A x B for a move set A along x and B along y",
    syntax: "heads as x,y (coordinates from 0, up to 2^32-1), `-` for none",
    example: "--x ruler --y mock-turtles 2,1 1,3",
    options: &[
        OptionSpec {
            name: "x",
            value: "RULE",
            help: "the rule along x (see `coins`)",
            required: true,
            position: false,
        },
        OptionSpec {
            name: "y",
            value: "RULE",
            help: "the rule along y (see `coins`)",
            required: true,
            position: false,
        },
    ],
    build: |opts, limits| {
        let across = rule_option(opts, "x")?;
        let down = rule_option(opts, "y")?;
        let name = format!("coin-product --x {} --y {}", across.name(), down.name());
        Ok(family(name, ProductGame::new(across, down), limits))
    },
};
