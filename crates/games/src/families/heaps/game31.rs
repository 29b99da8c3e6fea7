//! The game of 31: cards 1 to 6, four of each, face up; players in turn
//! play a card, adding its value to a running total; a card that would
//! take the total above 31 cannot be played; who cannot play loses.
//! Positions are the cards played so far as digits, `356656`, or `-` when
//! none has been played.
//!
//! What matters is how many of each card are gone, not their order, so the
//! engine's tables hold the played cards sorted: at most 5^6 states, and
//! plain search answers instantly from any prefix.

use crate::mechanics::steps::{self, Steps};
use grundy_api::{Adapter, BuiltIn, Family, GameOptions};
use grundy_engine::{GameError, Impartial, Limits, Move, ParseError, Rules, RulesError, TextGame};

/// The highest allowed total.
pub const LIMIT: u32 = 31;
/// Copies of each card.
pub const COPIES: usize = 4;

/// The game of 31; a position is the cards played, in order.
#[derive(Clone, Copy, Debug, Default)]
pub struct Game31;

/// How many of each card (index 1..=6) have been played.
fn counts(played: &[u8]) -> [usize; 7] {
    let mut n = [0; 7];
    for &c in played {
        n[c as usize] += 1;
    }
    n
}

fn total(played: &[u8]) -> u32 {
    played.iter().map(|&c| c as u32).sum()
}

/// The cards that may be played next, in increasing order.
fn playable(played: &[u8]) -> Vec<u8> {
    let n = counts(played);
    let t = total(played);
    (1..=6u8)
        .filter(|&c| n[c as usize] < COPIES && t + c as u32 <= LIMIT)
        .collect()
}

impl Steps for Game31 {
    /// The card played.
    type Step = u8;

    /// Each playable card, in increasing order.
    fn each_step(&self, p: &Vec<u8>, visit: impl FnMut(u8)) {
        playable(p).into_iter().for_each(visit);
    }

    fn apply(&self, p: &Vec<u8>, &c: &u8) -> Vec<u8> {
        let mut to = Vec::with_capacity(p.len() + 1);
        to.extend_from_slice(p);
        to.push(c);
        to
    }

    fn label(&self, _p: &Vec<u8>, c: &u8) -> String {
        format!("play {c}")
    }
}

impl Rules for Game31 {
    type Position = Vec<u8>;

    fn options(&self, p: &Vec<u8>) -> Result<Vec<Vec<u8>>, RulesError> {
        Ok(steps::options(self, p))
    }

    fn search_size(&self, _p: &Vec<u8>) -> u128 {
        // Zero to four of each of six cards.
        5u128.pow(6)
    }
}

impl Impartial for Game31 {
    /// The played cards sorted (the order of play does not matter), or
    /// nothing when no card can be played.
    fn components(&self, p: &Vec<u8>) -> Result<Vec<Vec<u8>>, RulesError> {
        if playable(p).is_empty() {
            return Ok(Vec::new());
        }
        let mut sorted = p.clone();
        sorted.sort_unstable();
        Ok(vec![sorted])
    }
}

impl TextGame for Game31 {
    /// No argument, or `-`, means no card played yet.
    fn parse(&self, args: &[&str]) -> Result<Vec<u8>, ParseError> {
        let word = match crate::mechanics::heaps::words(args)[..] {
            [] | ["-"] => return Ok(Vec::new()),
            [w] => w,
            ref more => {
                return Err(ParseError::new(format!(
                "expected the cards played as one string of digits (e.g. `356656`), got {} words",
                more.len()
            )))
            }
        };
        let mut played = Vec::with_capacity(word.len());
        let mut n = [0usize; 7];
        let mut t = 0u32;
        for (i, ch) in word.chars().enumerate() {
            // Written only for an error: a format a card cost a batch of
            // 10^5 game31 lines a third of its instructions.
            let at = || format!("at position {} of '{word}'", i + 1);
            let card = match ch.to_digit(10) {
                Some(d @ 1..=6) => d as u8,
                Some(d) => {
                    return Err(ParseError::new(format!(
                        "card {d} {}: the cards are 1 to 6",
                        at()
                    )))
                }
                None => {
                    return Err(ParseError::new(format!(
                    "'{ch}' {}: expected the digits 1 to 6 of the cards played, or `-` when none",
                    at()
                )))
                }
            };
            n[card as usize] += 1;
            if n[card as usize] > COPIES {
                return Err(ParseError::new(format!(
                    "card {card} {} is a fifth {card}: there are only {COPIES} of each card",
                    at()
                )));
            }
            t += card as u32;
            if t > LIMIT {
                return Err(ParseError::new(format!(
                    "card {card} {} takes the total to {t}, above {LIMIT}",
                    at()
                )));
            }
            played.push(card);
        }
        Ok(played)
    }

    fn format(&self, p: &Vec<u8>) -> String {
        if p.is_empty() {
            "-".to_string()
        } else {
            p.iter().map(|c| char::from(b'0' + c)).collect()
        }
    }

    /// Each playable card, in increasing order: `play 3`.
    fn moves(&self, p: &Vec<u8>) -> Result<Vec<Move<Vec<u8>>>, RulesError> {
        steps::moves(self, p)
    }

    fn moves_bound(&self, _p: &Vec<u8>) -> u128 {
        6
    }
}

fn build(_opts: &GameOptions, limits: &Limits) -> Result<Family, GameError> {
    Ok(Adapter::new("game31", Game31, limits).family())
}

/// The `game31` family.
pub const REGISTRATION: BuiltIn = BuiltIn {
    name: "game31",
    rules: "cards 1 to 6, four of each; play a card, adding it to the total, which may not exceed 31; who cannot play loses",
    syntax: "the cards played as digits, or `-` when none: `356656`",
    example: "356656",
    options: &[],
    build,
};
