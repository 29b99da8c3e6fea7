//! Misère outcomes by direct search of the whole sum.

use crate::hash::{FastMap, FastSet};
use crate::limits::Budget;
use crate::memory::Reserve;
use crate::sums;
use crate::{GenusSolver, Impartial, Limits, SearchError};
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
    /// The genera of sums, made on first use ([`MisereSolver::genus_solver`]).
    genus: Option<GenusSolver<G>>,
}

struct Frame<P> {
    state: Vec<P>,
    /// The states one move away; an entry is moved out (left empty) when
    /// its own search starts, and its result comes back through `cursor`
    /// and `won`, so no state is cloned or looked up twice.
    children: Vec<Vec<P>>,
    /// What the frame counts against the state limit (see
    /// [`sums::children`]).
    held: usize,
    cursor: usize,
    /// A child was found lost for its mover.
    won: bool,
}

impl<P> Frame<P> {
    /// The frame of `state`, given its children listed and what it holds
    /// (by [`sums::children`]).
    fn new((children, held): sums::Children<P>, state: Vec<P>) -> Self {
        Frame {
            state,
            children,
            held,
            cursor: 0,
            won: false,
        }
    }
}

impl<G: Impartial> MisereSolver<G> {
    /// A misère solver with the given limits.
    pub fn new(game: Arc<G>, limits: Limits) -> Self {
        MisereSolver {
            game,
            memo: FastMap::default(),
            stored: 0,
            limits,
            genus: None,
        }
    }

    /// The genus solver kept beside this one, on the same game and
    /// limits (made on first use): an analysis of a misère position asks
    /// it for the position's genus, and a batch keeps its table.
    pub fn genus_solver(&mut self) -> &mut GenusSolver<G> {
        let (game, limits) = (&self.game, &self.limits);
        self.genus
            .get_or_insert_with(|| GenusSolver::new(game.clone(), limits.clone()))
    }

    /// Replaces the limits of later searches, its genus solver's too (the
    /// tables are kept), and returns the old ones.
    pub fn replace_limits(&mut self, limits: Limits) -> Limits {
        if let Some(g) = &mut self.genus {
            g.replace_limits(limits.clone());
        }
        std::mem::replace(&mut self.limits, limits)
    }

    /// Number of sums in the memo table.
    pub fn states(&self) -> usize {
        self.memo.len()
    }

    /// Whether the player to move wins `p` in misère play.
    ///
    /// Refuses at once, before listing any option, a position whose
    /// [`Impartial::misere_size`] or whose largest part's
    /// [`crate::Rules::search_size`] exceeds the state limit (the sum
    /// reaches at least as many positions as each part).
    pub fn mover_wins(&mut self, p: &G::Position) -> Result<bool, SearchError> {
        let budget = Budget::start(&self.limits);
        sums::admit(&*self.game, p, &budget)?;
        let root = sums::canonical(&*self.game, p)?;
        self.state_wins(root)
    }

    fn state_wins(&mut self, root: Vec<G::Position>) -> Result<bool, SearchError> {
        if let Some(&w) = self.memo.get(&root) {
            return Ok(w);
        }
        let mut budget = Budget::start(&self.limits);
        let mut on_stack = FastSet::default();
        on_stack.insert(root.clone());
        let first = Frame::new(
            sums::children(&*self.game, &root, &self.limits, &mut budget)?,
            root.clone(),
        );
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
                    let held = self.stored + in_frames;
                    sums::enter(&mut budget, held, &mut on_stack, &mut stack, &child)?;
                    let frame = Frame::new(
                        sums::children(&*self.game, &child, &self.limits, &mut budget)?,
                        child,
                    );
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
