//! kayles-row: a row of pins (`I`) and gaps (`.`); a move knocks down one
//! pin or two adjacent pins.
//!
//! Pins on either side of a gap never fall together, so the maximal runs of
//! pins are independent, and a run of `k` pins is a Kayles heap of `k`
//! (octal 0.77): knocking down pin `j` or pins `j, j + 1` leaves the runs on
//! either side. Each run's value comes from the sequence engine's table of
//! 0.77, computed once and kept (the tests check it against search of the
//! row itself). A component is written as its run of pins: `III`.

use crate::mechanics::misere_bound;
use crate::mechanics::row::{self, Alphabet};
use crate::mechanics::take_break::ValueTable;
use grundy_api::{Adapter, BuiltIn, Family, GameOptions};
use grundy_engine::{
    GameError, Impartial, Limits, Move, Nimber, Outcome, ParseError, Play, Rules, RulesError,
    TextGame, Theory,
};
use std::ops::Range;
use std::sync::Arc;

const ALPHABET: &Alphabet<bool> = &[('I', true), ('.', false)];

/// The kayles-row family; a position is the row, `true` for a standing pin.
/// Clones share one value table.
#[derive(Clone)]
pub struct KaylesRow {
    kayles: Arc<ValueTable>,
}

impl Default for KaylesRow {
    fn default() -> Self {
        KaylesRow {
            kayles: Arc::new(ValueTable::of_code("0.77")),
        }
    }
}

impl KaylesRow {
    /// The game, with an empty value table.
    pub fn new() -> KaylesRow {
        KaylesRow::default()
    }

    /// The value of a run of `k` pins, if the table can give it.
    pub fn run_value(&self, k: usize) -> Option<u64> {
        self.kayles.value(k as u64)
    }

    /// Every move as (first pin, pins knocked down: 1 or 2), 0-based, pin
    /// by pin from the left, the single pin before the pair.
    fn knocks(p: &[bool]) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for i in 0..p.len() {
            if p[i] {
                out.push((i, 1));
                if p.get(i + 1) == Some(&true) {
                    out.push((i, 2));
                }
            }
        }
        out
    }

    /// The row after the knock, without the label: searches list options
    /// by the million, and formatting a label each time made misère
    /// searches five times slower.
    fn knocked(p: &[bool], (i, n): (usize, usize)) -> Vec<bool> {
        let mut to = p.to_vec();
        to[i..i + n].fill(false);
        to
    }

    fn knock(p: &[bool], (i, n): (usize, usize)) -> Move<Vec<bool>> {
        let to = Self::knocked(p, (i, n));
        let label = if n == 1 {
            format!("knock down {}", i + 1)
        } else {
            format!("knock down {}-{}", i + 1, i + n)
        };
        Move { label, to }
    }

    fn pin_runs(p: &[bool]) -> Vec<Range<usize>> {
        row::runs(p, |&pin| pin)
    }
}

impl Rules for KaylesRow {
    type Position = Vec<bool>;

    fn options(&self, p: &Vec<bool>) -> Result<Vec<Vec<bool>>, RulesError> {
        Ok(Self::knocks(p)
            .into_iter()
            .map(|k| Self::knocked(p, k))
            .collect())
    }

    /// A row without pins; asked of every part of every misère sum, so it
    /// must not list the options (that made misère search five times
    /// slower than on Kayles heaps).
    fn is_terminal(&self, p: &Vec<bool>) -> Result<bool, RulesError> {
        Ok(!p.contains(&true))
    }

    /// A search from `p` meets only runs no longer than `p`'s longest (one
    /// per length), and `p` itself.
    fn search_size(&self, p: &Vec<bool>) -> u128 {
        let longest = Self::pin_runs(p).iter().map(|r| r.len()).max().unwrap_or(0);
        longest as u128 + 2
    }
}

impl Impartial for KaylesRow {
    /// Each maximal run of pins, written as that many pins.
    fn components(&self, p: &Vec<bool>) -> Result<Vec<Vec<bool>>, RulesError> {
        Ok(Self::pin_runs(p)
            .into_iter()
            .map(|r| vec![true; r.len()])
            .collect())
    }

    fn closed_form(&self, p: &Vec<bool>) -> Option<Nimber> {
        Self::pin_runs(p)
            .into_iter()
            .map(|r| self.run_value(r.len()).map(Nimber))
            .sum()
    }

    /// The multisets of pin runs a search meets (Kayles splits runs).
    fn misere_size(&self, p: &Vec<bool>) -> u128 {
        let runs: Vec<u64> = KaylesRow::pin_runs(p)
            .iter()
            .map(|r| r.len() as u64)
            .collect();
        misere_bound::splitting(&runs)
    }
}

impl TextGame for KaylesRow {
    /// One word of `I` (pin) and `.` (gap).
    fn parse(&self, args: &[&str]) -> Result<Vec<bool>, ParseError> {
        row::parse_row(args, ALPHABET, "III.IIII")
    }

    fn format(&self, p: &Vec<bool>) -> String {
        row::format_row(p, ALPHABET)
    }

    /// Pin by pin from the left: `knock down 2`, then `knock down 2-3`.
    fn moves(&self, p: &Vec<bool>) -> Result<Vec<Move<Vec<bool>>>, RulesError> {
        Ok(Self::knocks(p)
            .into_iter()
            .map(|k| Self::knock(p, k))
            .collect())
    }

    /// The knocks counted (cheap: positions of pins), no row made.
    fn moves_bound(&self, p: &Vec<bool>) -> u128 {
        Self::knocks(p).len() as u128
    }

    /// `@PIN` (one pin) or `@PIN-NEXT` (two adjacent pins, either order),
    /// cells numbered from 1; spaces are ignored.
    fn read_move(
        &self,
        p: &Vec<bool>,
        words: &[&str],
    ) -> Option<Result<Move<Vec<bool>>, ParseError>> {
        let (a, b) = match row::read_span(&words.concat(), p.len())? {
            Ok(span) => span,
            Err(e) => return Some(Err(e)),
        };
        let (first, last) = (a.min(b), a.max(b));
        Some(if words.concat().contains('-') && first == last {
            Err(ParseError::new(format!(
                "@{0}-{0} names one cell twice: write @{0} for one pin",
                first + 1
            )))
        } else if last - first > 1 {
            Err(ParseError::new(format!(
                "cells {}-{} are {} pins: a move knocks down one pin or two adjacent pins",
                first + 1,
                last + 1,
                last - first + 1
            )))
        } else if let Some(gap) = (first..=last).find(|&i| !p[i]) {
            Err(ParseError::new(format!(
                "cell {} holds no pin (it is a gap)",
                gap + 1
            )))
        } else {
            Ok(Self::knock(p, (first, last - first + 1)))
        })
    }

    /// The notation with examples that are legal moves of `p` (none for
    /// two pins when no two pins stand side by side).
    fn move_notation(&self, p: &Vec<bool>) -> Option<String> {
        let knocks = Self::knocks(p);
        let one = knocks.iter().find(|k| k.1 == 1).map_or(0, |k| k.0) + 1;
        let two = match knocks.iter().find(|k| k.1 == 2) {
            Some(&(first, _)) => format!(
                ", `@{}-{}` pins {} and {}",
                first + 1,
                first + 2,
                first + 1,
                first + 2
            ),
            None => String::new(),
        };
        Some(format!(
            "@PIN knocks down one pin, @PIN-NEXT two adjacent pins (cells numbered from 1): \
             `@{one}` knocks down pin {one}{two}"
        ))
    }

    /// Normal play by the Sprague-Grundy theorem on the runs: a knock in a
    /// run of `k` leaves runs whose values the table gives, so moves are
    /// weighed without building them; only the winning ones are built.
    fn theory(&self, p: &Vec<bool>, play: Play) -> Option<Theory<Vec<bool>>> {
        if play == Play::Misere {
            return None;
        }
        let runs = Self::pin_runs(p);
        let values: Vec<u64> = runs
            .iter()
            .map(|r| self.run_value(r.len()))
            .collect::<Option<_>>()?;
        let total = values.iter().fold(0, |acc, v| acc ^ v);
        let mut winning = Vec::new();
        if total != 0 {
            for (r, v) in runs.iter().zip(&values) {
                let (k, target) = (r.len(), v ^ total);
                for j in 0..k {
                    for n in 1..=2.min(k - j) {
                        if self.run_value(j)? ^ self.run_value(k - j - n)? == target {
                            winning.push(Self::knock(p, (r.start + j, n)));
                        }
                    }
                }
            }
        }
        Some(Theory {
            method: "Kayles (0.77) values of the runs of pins (Sprague-Grundy theorem)".into(),
            outcome: Outcome::from_mover_wins(total != 0),
            winning_moves: winning,
        })
    }
}

/// Misère sums are searched whole; they are multisets of runs of pins,
/// which split as pins fall, bounded as Kayles heaps are
/// ([`misere_bound::splitting`]), so a long row is refused at once instead
/// of running into the time limit.
fn build(_opts: &GameOptions, limits: &Limits) -> Result<Family, GameError> {
    Ok(Adapter::new("kayles-row", KaylesRow::new(), limits)
        .with_notation()
        .family())
}

/// The `kayles-row` family.
pub const REGISTRATION: BuiltIn = BuiltIn {
    name: "kayles-row",
    rules: "knock down one pin or two adjacent pins",
    syntax: "one row of `I` (pin) and `.` (gap), cell 1 first: `III.IIII`",
    example: "III.IIII",
    options: &[],
    build,
};
