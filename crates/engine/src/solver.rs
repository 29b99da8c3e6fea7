//! Sprague-Grundy values by memoised search, without recursion.

use crate::limits::Budget;
use crate::{Game, Limits, SearchError};
use grundy_nimber::{mex, Nimber};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// Computes Sprague-Grundy values of a [`Game`], remembering every
/// indecomposable position it solves. Reuse one solver for many queries
/// (a batch) so the table is built once.
///
/// The search keeps its own stack on the heap, so arbitrarily deep games
/// cannot overflow the thread stack; it stops with a [`SearchError`] when a
/// [`Limits`] bound is hit.
pub struct Solver<G: Game> {
    game: Arc<G>,
    memo: HashMap<G::Position, Nimber>,
    limits: Limits,
    use_closed_form: bool,
}

/// One indecomposable position being solved: its options, each split into
/// components, and a cursor to the first part not yet known.
struct Frame<P> {
    pos: P,
    options: Vec<Vec<P>>,
    cursor: (usize, usize),
}

impl<G: Game> Solver<G> {
    /// A solver that uses the family's closed forms where they exist.
    pub fn new(game: Arc<G>, limits: Limits) -> Self {
        Solver {
            game,
            memo: HashMap::new(),
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

    /// Number of positions in the memo table.
    pub fn states(&self) -> usize {
        self.memo.len()
    }

    /// The value of the whole position `p`: the nim-sum of its components.
    pub fn value(&mut self, p: &G::Position) -> Result<Nimber, SearchError> {
        let mut total = Nimber::ZERO;
        for part in self.game.components(p) {
            total += self.component_value(&part)?;
        }
        Ok(total)
    }

    /// The value of each component of `p`, in the order of
    /// [`Game::components`].
    pub fn component_values(
        &mut self,
        p: &G::Position,
    ) -> Result<Vec<(G::Position, Nimber)>, SearchError> {
        let parts = self.game.components(p);
        let mut out = Vec::with_capacity(parts.len());
        for part in parts {
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
        self.memo.get(p).copied()
    }

    fn frame(&self, pos: G::Position) -> Frame<G::Position> {
        let options = self
            .game
            .options(&pos)
            .iter()
            .map(|o| self.game.components(o))
            .collect();
        Frame {
            pos,
            options,
            cursor: (0, 0),
        }
    }

    /// The value of one indecomposable position.
    pub fn component_value(&mut self, root: &G::Position) -> Result<Nimber, SearchError> {
        if let Some(v) = self.known(root) {
            return Ok(v);
        }
        let mut budget = Budget::start(&self.limits);
        budget.admit(self.game.search_size(root))?;
        let mut on_stack: HashSet<G::Position> = HashSet::new();
        on_stack.insert(root.clone());
        let mut stack = vec![self.frame(root.clone())];
        while let Some(top) = stack.last_mut() {
            // Advance the cursor past every part already known.
            let mut pending = None;
            while top.cursor.0 < top.options.len() {
                let parts = &top.options[top.cursor.0];
                if top.cursor.1 >= parts.len() {
                    top.cursor = (top.cursor.0 + 1, 0);
                    continue;
                }
                let part = &parts[top.cursor.1];
                let solved = (self.use_closed_form && self.game.closed_form(part).is_some())
                    || self.memo.contains_key(part);
                if solved {
                    top.cursor.1 += 1;
                } else {
                    pending = Some(part.clone());
                    break;
                }
            }
            match pending {
                Some(part) => {
                    budget.check(self.memo.len() + stack.len())?;
                    if !on_stack.insert(part.clone()) {
                        return Err(SearchError::Cycle(format!("{part:?}")));
                    }
                    budget.admit(self.game.search_size(&part))?;
                    let f = self.frame(part);
                    stack.push(f);
                }
                None => {
                    let frame = stack.pop().expect("stack is non-empty");
                    let mut values: Vec<u64> = frame
                        .options
                        .iter()
                        .map(|parts| {
                            parts
                                .iter()
                                .map(|q| self.known(q).expect("solved above"))
                                .sum::<Nimber>()
                                .0
                        })
                        .collect();
                    let v = Nimber(mex(&mut values));
                    on_stack.remove(&frame.pos);
                    self.memo.insert(frame.pos, v);
                }
            }
        }
        Ok(self.known(root).expect("root solved"))
    }
}
