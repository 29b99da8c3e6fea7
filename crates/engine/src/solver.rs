//! Sprague-Grundy values by memoised search, without recursion.

use crate::clock::Deadline;
use crate::hash::FastMap;
use crate::limits::Budget;
use crate::memory::Reserve;
use crate::{Impartial, Limits, SearchError};
use grundy_nimber::{mex, Nimber};
use std::sync::Arc;

/// Computes normal-play Sprague-Grundy values of an [`Impartial`] game,
/// remembering every indecomposable position it solves. Positions are
/// split by [`Impartial::normal_play_parts`]. Reuse one solver for many queries
/// (a batch) so the table is built once.
///
/// The search keeps its own stack on the heap, so arbitrarily deep games
/// cannot overflow the thread stack; it stops with a [`SearchError`] when a
/// [`Limits`] bound is hit.
pub struct Solver<G: Impartial> {
    game: Arc<G>,
    /// Solved positions (`Some`) and positions on the search stack (`None`).
    memo: FastMap<G::Position, Option<Nimber>>,
    limits: Limits,
    use_closed_form: bool,
}

/// One indecomposable position being solved: its options, each split into
/// components, and a cursor to the first part not yet known.
struct Frame<P> {
    pos: P,
    options: Vec<Vec<P>>,
    /// The nim-sum of the parts of each option that the cursor has passed.
    sums: Vec<u64>,
    cursor: (usize, usize),
}

impl<G: Impartial> Solver<G> {
    /// A solver that uses the family's closed forms where they exist.
    pub fn new(game: Arc<G>, limits: Limits) -> Self {
        Solver {
            game,
            memo: FastMap::default(),
            limits,
            use_closed_form: true,
        }
    }

    /// A solver that ignores closed forms and searches everything: the
    /// reference the tests compare closed forms against.
    pub fn search_only(game: Arc<G>, limits: Limits) -> Self {
        Solver {
            use_closed_form: false,
            ..Solver::new(game, limits)
        }
    }

    /// The game being solved.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The limits every search of this solver obeys.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Replaces the limits of later searches (the memo table is kept) and
    /// returns the old ones.
    pub fn replace_limits(&mut self, limits: Limits) -> Limits {
        std::mem::replace(&mut self.limits, limits)
    }

    /// Number of positions in the memo table.
    pub fn states(&self) -> usize {
        self.memo.len()
    }

    /// The value of the whole position `p`: the nim-sum of its components.
    pub fn value(&mut self, p: &G::Position) -> Result<Nimber, SearchError> {
        let mut total = Nimber::ZERO;
        for part in self.game.normal_play_parts(p)? {
            total += self.component_value(&part)?;
        }
        Ok(total)
    }

    /// The value of each part of `p`, in the order of
    /// [`Impartial::normal_play_parts`]; the time-limit error once the
    /// limits' deadline has passed, read every [`Deadline::EVERY`] parts.
    pub fn component_values(
        &mut self,
        p: &G::Position,
    ) -> Result<Vec<(G::Position, Nimber)>, SearchError> {
        let parts = self.game.normal_play_parts(p)?;
        let mut out = Vec::with_capacity(parts.len());
        // The clock every 4,096 parts, never before (a short list is
        // valued whenever it comes): a million parts, each a closed form
        // of a microsecond, ran seconds past the time limit.
        // A shorter list never starts the deadline: its clock readings
        // were 40% of the values of a batch line of Wythoff.
        let every = Deadline::EVERY as usize;
        let deadline = (parts.len() >= every).then(|| self.limits.deadline());
        for (i, part) in parts.into_iter().enumerate() {
            if let Some(deadline) = deadline.as_ref().filter(|_| i % every == every - 1) {
                deadline.check().map_err(SearchError::TimeLimit)?;
            }
            let v = self.component_value(&part)?;
            out.push((part, v));
        }
        Ok(out)
    }

    fn known(&self, p: &G::Position) -> Option<Nimber> {
        if self.use_closed_form {
            if let Some(v) = self.game.closed_form(p) {
                return Some(v);
            }
        }
        self.memo.get(p).copied().flatten()
    }

    fn frame(&self, pos: G::Position) -> Result<Frame<G::Position>, SearchError> {
        let listed = self.game.options(&pos)?;
        let mut options = Vec::with_capacity(listed.len());
        for o in &listed {
            options.push(self.game.normal_play_parts(o)?);
        }
        Ok(Frame {
            pos,
            sums: vec![0; options.len()],
            options,
            cursor: (0, 0),
        })
    }

    /// The value of one indecomposable position.
    pub fn component_value(&mut self, root: &G::Position) -> Result<Nimber, SearchError> {
        if let Some(v) = self.known(root) {
            return Ok(v);
        }
        let mut budget = Budget::start(&self.limits);
        budget.admit(self.game.search_size(root))?;
        budget.check_memory()?;
        self.memo.reserve_within(1, budget.max_memory())?;
        self.memo.insert(root.clone(), None);
        let mut stack = Vec::new();
        let result = match self.frame(root.clone()) {
            Ok(f) => {
                stack.push(f);
                self.search(&mut stack, &mut budget)
            }
            Err(e) => {
                self.memo.remove(root);
                Err(e)
            }
        };
        if let Err(e) = result {
            // Forget the unfinished positions so later queries start clean.
            for frame in stack {
                if self.memo.get(&frame.pos) == Some(&None) {
                    self.memo.remove(&frame.pos);
                }
            }
            return Err(e);
        }
        Ok(self.known(root).expect("root solved"))
    }

    /// Runs the search until `stack` is empty, leaving unfinished frames on
    /// it when a limit stops it.
    fn search(
        &mut self,
        stack: &mut Vec<Frame<G::Position>>,
        budget: &mut Budget,
    ) -> Result<(), SearchError> {
        while let Some(top) = stack.last_mut() {
            // Advance the cursor past every part already known, adding its
            // value to its option's sum.
            let mut pending = None;
            while top.cursor.0 < top.options.len() {
                let parts = &top.options[top.cursor.0];
                if top.cursor.1 >= parts.len() {
                    top.cursor = (top.cursor.0 + 1, 0);
                    continue;
                }
                let part = &parts[top.cursor.1];
                if let Some(v) = self.known(part) {
                    top.sums[top.cursor.0] ^= v.0;
                    top.cursor.1 += 1;
                } else {
                    pending = Some(part.clone());
                    break;
                }
            }
            match pending {
                Some(part) => {
                    budget.check(self.memo.len())?;
                    if self.memo.contains_key(&part) {
                        // Unsolved but present: it is on the stack.
                        return Err(SearchError::Cycle(format!("{part:?}")));
                    }
                    budget.admit(self.game.search_size(&part))?;
                    let f = self.frame(part.clone())?;
                    // The clock follows the options listed, not the states.
                    budget.spend(f.options.len() as u64)?;
                    self.memo.reserve_within(1, budget.max_memory())?;
                    stack.reserve_within(1, budget.max_memory())?;
                    self.memo.insert(part, None);
                    stack.push(f);
                }
                None => {
                    let mut frame = stack.pop().expect("stack is non-empty");
                    let v = Nimber(mex(&mut frame.sums));
                    self.memo.insert(frame.pos, Some(v));
                }
            }
        }
        Ok(())
    }
}
