//! Sums as the misère searches see them: the sorted multiset of a
//! position's true components ([`Impartial::components`], never the
//! normal-play-only split) with the finished ones (no options) removed.
//! Sums that differ only by the order of their parts, or by parts with no
//! move (which change nothing in any convention: `G + 0` is `G`), share
//! one state. [`crate::MisereSolver`] and [`crate::GenusSolver`] both
//! search these states; the moves between them are made here once.

use crate::hash::FastSet;
use crate::limits::Budget;
use crate::memory::Reserve;
use crate::{Impartial, Limits, SearchError};
use std::fmt::Debug;
use std::hash::Hash;

/// The states one move from a state, and what a search frame of the state
/// with them counts against the state limit.
pub(crate) type Children<P> = (Vec<Vec<P>>, usize);

/// The canonical state of a whole position.
pub(crate) fn canonical<G: Impartial>(
    game: &G,
    p: &G::Position,
) -> Result<Vec<G::Position>, SearchError> {
    let mut parts = Vec::new();
    for q in game.components(p)? {
        if !game.is_terminal(&q)? {
            parts.push(q);
        }
    }
    parts.sort();
    Ok(parts)
}

/// The states one move from `state` (one per option of each distinct
/// part: equal parts give equal children), and what a search frame of
/// `state` with them holds: the state counts one, and one more for each
/// part past its first; a child, only for its parts past the first.
/// Errors with the state limit when the children's parts past their first
/// would exceed it (one frame of a sum of many parts can be that large).
pub(crate) fn children<G: Impartial>(
    game: &G,
    state: &[G::Position],
    limits: &Limits,
    budget: &mut Budget,
) -> Result<Children<G::Position>, SearchError> {
    let mut out = Vec::new();
    let mut extra = 0;
    for (i, part) in state.iter().enumerate() {
        if i > 0 && state[i - 1] == *part {
            continue; // equal parts give equal children
        }
        for option in game.options(part)? {
            let mut child: Vec<G::Position> = Vec::with_capacity(state.len() + 1);
            child.extend(state[..i].iter().cloned());
            child.extend(state[i + 1..].iter().cloned());
            for q in game.components(&option)? {
                if !game.is_terminal(&q)? {
                    child.push(q);
                }
            }
            child.sort();
            extra += child.len().saturating_sub(1);
            if extra as u64 > limits.max_states {
                return Err(SearchError::StateLimit(limits.max_states));
            }
            // Each child costs a terminal test of its parts, which may list
            // their options: the clock (and the memory) are checked child
            // by child.
            budget.tick()?;
            out.push(child);
        }
    }
    Ok((out, state.len().max(1) + extra))
}

/// Steps a depth-first search of sums into `child`, whose frame is to go
/// on `stack` and its state into `on_stack`: the state limit checked for
/// the `held` states, room for the frame made within the memory budget,
/// and a child already on the stack refused as a cycle (a game whose
/// positions repeat). The frame's children are listed next ([`children`]).
pub(crate) fn enter<P: Clone + Eq + Hash + Debug, F>(
    budget: &mut Budget,
    held: usize,
    on_stack: &mut FastSet<Vec<P>>,
    stack: &mut Vec<F>,
    child: &[P],
) -> Result<(), SearchError> {
    budget.check(held)?;
    on_stack.reserve_within(1, budget.max_memory())?;
    stack.reserve_within(1, budget.max_memory())?;
    if !on_stack.insert(child.to_vec()) {
        return Err(SearchError::Cycle(format!("{child:?}")));
    }
    Ok(())
}

/// Refuses at once, before listing any option, a position whose
/// [`Impartial::misere_size`] or whose largest part's
/// [`crate::Rules::search_size`] exceeds the state limit (a search of the
/// sum reaches at least as many positions as each part).
pub(crate) fn admit<G: Impartial>(
    game: &G,
    p: &G::Position,
    budget: &Budget,
) -> Result<(), SearchError> {
    budget.admit(game.misere_size(p))?;
    let largest = game
        .components(p)?
        .iter()
        .map(|q| game.search_size(q))
        .max()
        .unwrap_or(0);
    budget.admit(largest)
}
