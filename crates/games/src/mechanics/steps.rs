//! One enumeration of a family's moves for both layers of the game
//! contract: [`Rules::options`] takes the positions alone, so a search never
//! formats a label, and [`grundy_engine::TextGame::moves`] takes them with
//! their labels; one list, so the two cannot drift apart.
//!
//! A family describes each move by a small [`Steps::Step`] (a cell, a heap
//! and its new size, a card) from which both the position after the move
//! ([`Steps::apply`]) and its label ([`Steps::label`]) are made. Theories
//! build their winning moves from the same steps with [`labelled`].

use grundy_engine::{Move, Rules, RulesError};

/// A family whose moves are listed once, as small descriptions.
///
/// Contract: [`Steps::each_step`] visits every move of a position exactly
/// once, in the order the family's labelled moves are listed; `apply`
/// and `label` of a visited step describe that move.
pub trait Steps: Rules {
    /// What one move does, in a form cheap to make and to copy.
    type Step;

    /// Calls `visit` with every move of `p`, in the family's order.
    fn each_step(&self, p: &Self::Position, visit: impl FnMut(Self::Step));

    /// The position after `step` from `p`.
    fn apply(&self, p: &Self::Position, step: &Self::Step) -> Self::Position;

    /// The label of `step` from `p`, in the game's own words.
    fn label(&self, p: &Self::Position, step: &Self::Step) -> String;
}

/// Every option of `p`: the positions of its steps, in order, with no
/// label made.
pub fn options<G: Steps>(g: &G, p: &G::Position) -> Vec<G::Position> {
    let mut out = Vec::new();
    g.each_step(p, |s| out.push(g.apply(p, &s)));
    out
}

/// The number of moves of `p`, counted without making them: the
/// [`grundy_engine::TextGame::moves_bound`] of a family whose steps are
/// cheap to enumerate, so a position whose moves are too many to list
/// (1,000 checkers rows: 10,000 moves of 21 KB each) is refused before
/// any is made.
pub fn count<G: Steps>(g: &G, p: &G::Position) -> u128 {
    let mut n = 0u128;
    g.each_step(p, |_| n += 1);
    n
}

/// Whether `p` has no move, found by counting its steps, none made: the
/// [`grundy_engine::Rules::is_terminal`] of a row game whose positions
/// are large (the default builds every option: 20,000 grids of 10,000
/// columns for one 2 x 10,000 paint2xn part, 330 MB).
pub fn is_terminal<G: Steps>(g: &G, p: &G::Position) -> bool {
    count(g, p) == 0
}

/// [`Rules::options`] and [`Rules::is_terminal`] of a [`Steps`] family,
/// inside its `impl Rules`: the options by [`options`], the terminal test
/// by [`is_terminal`] (counted, no option built).
macro_rules! rules_by_steps {
    () => {
        fn options(
            &self,
            p: &Self::Position,
        ) -> Result<Vec<Self::Position>, grundy_engine::RulesError> {
            Ok($crate::mechanics::steps::options(self, p))
        }

        /// Counted, no option built.
        fn is_terminal(&self, p: &Self::Position) -> Result<bool, grundy_engine::RulesError> {
            Ok($crate::mechanics::steps::is_terminal(self, p))
        }
    };
}
pub(crate) use rules_by_steps;

/// The move `step` from `p`, labelled.
pub fn labelled<G: Steps>(g: &G, p: &G::Position, step: &G::Step) -> Move<G::Position> {
    Move {
        label: g.label(p, step),
        to: g.apply(p, step),
    }
}

/// Every move of `p`, labelled, in the order of [`options`]; stopped at
/// the answer's time limit ([`grundy_engine::clock::moves_in_time`]: a
/// Wythoff queen at 5,000,000 has 10 million moves).
pub fn moves<G: Steps>(g: &G, p: &G::Position) -> Result<Vec<Move<G::Position>>, RulesError> {
    let mut out = Vec::new();
    let mut stopped = Ok(());
    g.each_step(p, |s| {
        if stopped.is_ok() {
            stopped = grundy_engine::clock::moves_in_time(out.len());
            if stopped.is_ok() {
                out.push(labelled(g, p, &s));
            }
        }
    });
    stopped.map(|()| out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_engine::RulesError;

    /// Subtract 1 or 2 from a number, labelled by the amount.
    struct Countdown;

    impl Rules for Countdown {
        type Position = u8;

        fn options(&self, p: &u8) -> Result<Vec<u8>, RulesError> {
            Ok(options(self, p))
        }
    }

    impl Steps for Countdown {
        type Step = u8;

        fn each_step(&self, p: &u8, mut visit: impl FnMut(u8)) {
            (1..=2).filter(|&k| k <= *p).for_each(&mut visit);
        }

        fn apply(&self, p: &u8, k: &u8) -> u8 {
            p - k
        }

        fn label(&self, p: &u8, k: &u8) -> String {
            format!("{p} - {k}")
        }
    }

    #[test]
    fn options_and_moves_share_the_order() {
        assert_eq!(options(&Countdown, &5), vec![4, 3]);
        assert_eq!(options(&Countdown, &1), vec![0]);
        let m = moves(&Countdown, &5).unwrap();
        assert_eq!(m.len(), 2);
        assert_eq!((m[0].label.as_str(), m[0].to), ("5 - 1", 4));
        assert_eq!((m[1].label.as_str(), m[1].to), ("5 - 2", 3));
        assert!(moves(&Countdown, &0).unwrap().is_empty());
    }
}
