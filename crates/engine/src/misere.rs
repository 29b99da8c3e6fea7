//! Misère outcomes by direct search of the whole sum.

use crate::hash::{FastMap, FastSet};
use crate::limits::Budget;
use crate::memory::Reserve;
use crate::{Impartial, Limits, SearchError};
use std::sync::Arc;

/// Decides misère outcomes (the player who cannot move wins) by searching
/// the whole sum, since misère sums are not nim-sums.
///
/// A state is the sorted multiset of the position's true components
/// ([`Impartial::components`], never the normal-play-only split) with the
/// finished ones (no options) removed, so sums that differ only by the
/// order of their parts share one table entry (symmetry reduction). The
/// stack lives on the heap; every call obeys its [`Limits`]. The state
/// limit counts the states held, each state once more for every part past
/// its first, the children each frame keeps included: sums of many parts
/// then reach the limit before they run the memory out.
pub struct MisereSolver<G: Impartial> {
    game: Arc<G>,
    /// Canonical state -> does the player to move win?
    memo: FastMap<Vec<G::Position>, bool>,
    /// Parts held by `memo` (at least one per state).
    stored: usize,
    limits: Limits,
}

/// The states one move from a state, and how many parts past their first
/// they hold.
type Children<P> = (Vec<Vec<P>>, usize);

struct Frame<P> {
    state: Vec<P>,
    /// The states one move away; an entry is moved out (left empty) when
    /// its own search starts, and its result comes back through `cursor`
    /// and `won`, so no state is cloned or looked up twice.
    children: Vec<Vec<P>>,
    /// What the frame counts against the state limit (see `frame`).
    held: usize,
    cursor: usize,
    /// A child was found lost for its mover.
    won: bool,
}

impl<G: Impartial> MisereSolver<G> {
    /// A misère solver with the given limits.
    pub fn new(game: Arc<G>, limits: Limits) -> Self {
        MisereSolver {
            game,
            memo: FastMap::default(),
            stored: 0,
            limits,
        }
    }

    /// Number of sums in the memo table.
    pub fn states(&self) -> usize {
        self.memo.len()
    }

    /// The canonical state of a whole position.
    fn canonical(&self, p: &G::Position) -> Result<Vec<G::Position>, SearchError> {
        let mut parts = Vec::new();
        for q in self.game.components(p)? {
            if !self.game.is_terminal(&q)? {
                parts.push(q);
            }
        }
        parts.sort();
        Ok(parts)
    }

    /// The search frame of `state`, its children listed.
    fn frame(
        &self,
        state: Vec<G::Position>,
        budget: &mut Budget,
    ) -> Result<Frame<G::Position>, SearchError> {
        let (children, extra) = self.children(&state, budget)?;
        // A state counts one, and one more for each part past its first;
        // a child waiting in the frame, only for its parts past the first.
        let held = state.len().max(1) + extra;
        Ok(Frame {
            state,
            children,
            held,
            cursor: 0,
            won: false,
        })
    }

    /// The states one move from `state`, and how many parts past their
    /// first they hold. Errors with the state limit when that would exceed
    /// it (one frame of a sum of many parts can be that large).
    fn children(
        &self,
        state: &[G::Position],
        budget: &mut Budget,
    ) -> Result<Children<G::Position>, SearchError> {
        let mut out = Vec::new();
        let mut extra = 0;
        for (i, part) in state.iter().enumerate() {
            if i > 0 && state[i - 1] == *part {
                continue; // equal parts give equal children
            }
            for option in self.game.options(part)? {
                let mut child: Vec<G::Position> = Vec::with_capacity(state.len() + 1);
                child.extend(state[..i].iter().cloned());
                child.extend(state[i + 1..].iter().cloned());
                for q in self.game.components(&option)? {
                    if !self.game.is_terminal(&q)? {
                        child.push(q);
                    }
                }
                child.sort();
                extra += child.len().saturating_sub(1);
                if extra as u64 > self.limits.max_states {
                    return Err(SearchError::StateLimit(self.limits.max_states));
                }
                // Each child costs a terminal test of its parts, which
                // may list their options: the clock (and the memory)
                // are checked child by child.
                budget.tick()?;
                out.push(child);
            }
        }
        Ok((out, extra))
    }

    /// Whether the player to move wins `p` in misère play.
    ///
    /// Refuses at once, before listing any option, a position whose
    /// [`Impartial::misere_size`] or whose largest part's
    /// [`crate::Rules::search_size`] exceeds the state limit (the sum
    /// reaches at least as many positions as each part).
    pub fn mover_wins(&mut self, p: &G::Position) -> Result<bool, SearchError> {
        let budget = Budget::start(&self.limits);
        budget.admit(self.game.misere_size(p))?;
        let parts = self.game.components(p)?;
        let largest = parts
            .iter()
            .map(|q| self.game.search_size(q))
            .max()
            .unwrap_or(0);
        budget.admit(largest)?;
        let root = self.canonical(p)?;
        self.state_wins(root)
    }

    fn state_wins(&mut self, root: Vec<G::Position>) -> Result<bool, SearchError> {
        if let Some(&w) = self.memo.get(&root) {
            return Ok(w);
        }
        let mut budget = Budget::start(&self.limits);
        let mut on_stack = FastSet::default();
        on_stack.insert(root.clone());
        let first = self.frame(root.clone(), &mut budget)?;
        // Parts held by the frames on the stack.
        let mut in_frames = first.held;
        let mut stack = vec![first];
        while let Some(top) = stack.last_mut() {
            // In misère play a state with no moves is a win for the mover.
            let mut result = if top.won || top.children.is_empty() {
                Some(true)
            } else {
                None
            };
            let mut pending = None;
            while result.is_none() && top.cursor < top.children.len() {
                match self.memo.get(&top.children[top.cursor]) {
                    Some(false) => result = Some(true),
                    Some(true) => top.cursor += 1,
                    None => {
                        pending = Some(std::mem::take(&mut top.children[top.cursor]));
                        break;
                    }
                }
            }
            if result.is_none() && pending.is_none() {
                result = Some(false);
            }
            match (result, pending) {
                (Some(w), _) => {
                    let frame = stack.pop().expect("non-empty");
                    in_frames -= frame.held;
                    on_stack.remove(&frame.state);
                    self.stored += frame.state.len().max(1);
                    self.memo.reserve_within(1, budget.max_memory())?;
                    self.memo.insert(frame.state, w);
                    if let Some(parent) = stack.last_mut() {
                        // The parent was waiting on this state, at its cursor.
                        if w {
                            parent.cursor += 1;
                        } else {
                            parent.won = true;
                        }
                    }
                }
                (None, Some(child)) => {
                    budget.check(self.stored + in_frames)?;
                    on_stack.reserve_within(1, budget.max_memory())?;
                    stack.reserve_within(1, budget.max_memory())?;
                    if !on_stack.insert(child.clone()) {
                        return Err(SearchError::Cycle(format!("{child:?}")));
                    }
                    let frame = self.frame(child, &mut budget)?;
                    // A state may have a hundred thousand children: the
                    // clock follows the children listed, not the states.
                    budget.spend(frame.children.len() as u64)?;
                    in_frames += frame.held;
                    stack.push(frame);
                }
                (None, None) => unreachable!("handled above"),
            }
        }
        Ok(self.memo[&root])
    }
}
