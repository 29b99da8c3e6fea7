//! Conway's genus (On Numbers and Games, ch. 12): the normal-play value
//! and the misère values of a game plus any number of `*2`s, by search of
//! the whole sum.
//!
//! The genus of `G` is `g^{γ0 γ1 γ2 …}`: `g` its Sprague-Grundy value,
//! `γn` the misère Grundy value of `G + *2 + … + *2` (n copies), where
//! the misère Grundy value of a game is 1 with no move and the mex of its
//! options' otherwise. The options of `G + n·*2` are `G' + n·*2`,
//! `G + (n−1)·*2 + *1` and `G + (n−1)·*2`, and adding `*1` flips the
//! last bit of a misère Grundy value, so for n ≥ 1
//!
//! > γn(G) = mex of { γn(G') for every option G' } ∪ { γ(n−1), γ(n−1) ⊕ 1 },
//!
//! the rule [`Genus::of_options`] applies. Every sequence ends by
//! alternating two values for ever; a [`Genus`] keeps the γs up to the
//! first two that repeat (`*0 = 0^120` is γ = 1, 2, 0, 2, 0, …).

use crate::hash::{FastMap, FastSet};
use crate::limits::Budget;
use crate::memory::Reserve;
use crate::sums;
use crate::{Impartial, Limits, SearchError};
use grundy_nimber::mex;
use std::fmt;
use std::sync::Arc;

/// The genus of a game: its normal-play value and its γ sequence, cut
/// where the last two entries repeat for ever.
///
/// `misere` has at least two entries; with `t = misere.len() − 2`, the
/// sequence goes on `γ(t+2k) = γt`, `γ(t+2k+1) = γ(t+1)` (see
/// [`Genus::gamma`]), and `t` is the least index from which it does.
/// Serialises as `{"normal": g, "misere": [γ0, γ1, …]}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Genus {
    /// The normal-play Sprague-Grundy value.
    pub normal: u64,
    /// γ0 (the misère Grundy value), γ1, … up to the first two entries
    /// that repeat for ever.
    pub misere: Vec<u64>,
}

impl Genus {
    /// γn, for any n, from the stored entries and the alternation after
    /// them.
    pub fn gamma(&self, n: usize) -> u64 {
        let len = self.misere.len();
        if n < len {
            return self.misere[n];
        }
        let t = len - 2;
        self.misere[t + (n - t) % 2]
    }

    /// The index from which the γ sequence alternates: `misere.len() − 2`.
    pub fn periodic_from(&self) -> usize {
        self.misere.len() - 2
    }

    /// The genus of a game whose options have the genera `options` (a
    /// game with no option is `0^120`).
    ///
    /// How far γ is computed: let every option's γ alternate from index
    /// `k` on (`k` = the largest [`Genus::periodic_from`] of the options,
    /// 0 with no option). Then γ alternates from `max(k, 1) + 2` on, so
    /// computing γ0 … γ(max(k, 1) + 3) and cutting where the last two
    /// repeat is exact. The reason: for n ≥ k the options' γn depend on
    /// the parity of n alone, so for n ≥ max(k, 1) γn = f_n(γ(n−1)) with
    /// f_n(x) = mex(Sₙ ∪ {x, x⊕1}) and f_n = f_(n+2). Let a = mex Sₙ and
    /// a' = mex(Sₙ ∪ {a, a⊕1}): f_n(x) is a' when x is a or a⊕1, else a,
    /// so γn takes one of two values, which lie in different pairs
    /// {x, x⊕1}. The map h = f_(n+2) ∘ f_(n+1) sends those two values
    /// into themselves and cannot swap them (a swap would need one value
    /// of the next parity's pair to be and not be in the same pair as
    /// a), so h(h(x)) = h(x): γ(n+4) = γ(n+2) for every n ≥ max(k, 1).
    /// The index 1 in `max(k, 1)` is because γ0 has no {x, x⊕1} term.
    pub fn of_options(options: &[&Genus]) -> Genus {
        let mut scratch: Vec<u64> = options.iter().map(|o| o.normal).collect();
        let normal = mex(&mut scratch);
        let k = options.iter().map(|o| o.periodic_from()).max().unwrap_or(0);
        let s = k.max(1) + 2;
        let mut gamma = Vec::with_capacity(s + 2);
        gamma.push(if options.is_empty() {
            1
        } else {
            scratch.clear();
            scratch.extend(options.iter().map(|o| o.misere[0]));
            mex(&mut scratch)
        });
        for n in 1..=s + 1 {
            let prev = gamma[n - 1];
            scratch.clear();
            scratch.extend(options.iter().map(|o| o.gamma(n)));
            scratch.push(prev);
            scratch.push(prev ^ 1);
            gamma.push(mex(&mut scratch));
        }
        // γ alternates from s on: walk back while it already did.
        let mut t = s;
        while t > 0 && gamma[t - 1] == gamma[t + 1] {
            t -= 1;
        }
        gamma.truncate(t + 2);
        Genus {
            normal,
            misere: gamma,
        }
    }
}

/// Conway's notation: `4^146`, the normal value, `^`, then the γs; when a
/// γ has more than one digit they are written in braces with commas,
/// `12^{10,11,0}`.
impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}^", self.normal)?;
        if self.misere.iter().all(|&g| g < 10) {
            for g in &self.misere {
                write!(f, "{g}")?;
            }
            Ok(())
        } else {
            let parts: Vec<String> = self.misere.iter().map(u64::to_string).collect();
            write!(f, "{{{}}}", parts.join(","))
        }
    }
}

/// The children a capped search ([`GenusSolver::genus_within`]) may list
/// per state of its cap.
pub const WORK_PER_STATE: u64 = 4;

/// Computes genera by memoised search over sums, as
/// [`crate::MisereSolver`] decides misère outcomes: a state is the sorted
/// multiset of a position's components with the finished ones removed
/// (see `sums`), and the genus of a state comes from its children's by
/// [`Genus::of_options`]. The genus of a sum is not found from its parts'
/// genera (unlike normal-play values), so the whole sum is searched.
///
/// Every search obeys the [`Limits`]: states (counted as the misère
/// solver counts them: one per state and one more for each part past its
/// first, frames included), memory (every store grows through
/// [`Reserve`]) and time. The table is a cache across calls: a call that
/// finds it at the state limit starts it afresh.
pub struct GenusSolver<G: Impartial> {
    game: Arc<G>,
    /// Canonical state -> its genus's index in `genera`: a frame collects
    /// its children's indices as it passes them, so no state is looked up
    /// twice.
    memo: FastMap<Vec<G::Position>, usize>,
    genera: Vec<Genus>,
    /// Parts held by `memo` (at least one per state).
    stored: usize,
    limits: Limits,
}

struct Frame<P> {
    state: Vec<P>,
    /// The states one move away; an entry is moved out (left empty) when
    /// its own search starts, its genus coming back into `found`.
    children: Vec<Vec<P>>,
    held: usize,
    cursor: usize,
    /// The indices in `genera` of the children passed.
    found: Vec<usize>,
}

impl<P> Frame<P> {
    /// The frame of `state`, given its children listed and what it holds
    /// (by [`sums::children`]).
    fn new((children, held): sums::Children<P>, state: Vec<P>) -> Self {
        Frame {
            state,
            found: Vec::with_capacity(children.len()),
            children,
            held,
            cursor: 0,
        }
    }
}

impl<G: Impartial> GenusSolver<G> {
    /// A genus solver with the given limits.
    pub fn new(game: Arc<G>, limits: Limits) -> Self {
        GenusSolver {
            game,
            memo: FastMap::default(),
            genera: Vec::new(),
            stored: 0,
            limits,
        }
    }

    /// Number of sums in the memo table.
    pub fn states(&self) -> usize {
        self.memo.len()
    }

    /// Replaces the limits of later searches (the table is kept) and
    /// returns the old ones.
    pub fn replace_limits(&mut self, limits: Limits) -> Limits {
        std::mem::replace(&mut self.limits, limits)
    }

    /// The genus of the whole position `p`, under the solver's limits.
    pub fn genus(&mut self, p: &G::Position) -> Result<Genus, SearchError> {
        self.genus_within(p, u64::MAX)
    }

    /// The genus of `p`, refusing with [`SearchError::StateLimit`]`(cap)`
    /// a search that would add more than `cap` states to the table or list
    /// more than [`WORK_PER_STATE`] × `cap` children (a sum of three nim
    /// heaps of 100 has 300 children a state), and with
    /// [`SearchError::TooLarge`] at once a position whose size bound
    /// exceeds `cap`: how an analysis tries the genus of a position without
    /// making a large one slow.
    pub fn genus_within(&mut self, p: &G::Position, cap: u64) -> Result<Genus, SearchError> {
        Ok(self.genera_within(std::slice::from_ref(p), cap)?.remove(0))
    }

    /// The genus of each of `positions`, in order, under one budget: the
    /// time limit covers them all, and the state limit the table they
    /// share (`seq --genus`: heaps 0..=n, each searched with the sums of
    /// the smaller ones known).
    pub fn genera(&mut self, positions: &[G::Position]) -> Result<Vec<Genus>, SearchError> {
        self.genera_within(positions, u64::MAX)
    }

    fn genera_within(
        &mut self,
        positions: &[G::Position],
        cap: u64,
    ) -> Result<Vec<Genus>, SearchError> {
        if self.stored as u64 >= self.limits.max_states {
            self.memo = FastMap::default();
            self.genera = Vec::new();
            self.stored = 0;
        }
        let mut budget = Budget::start(&self.limits);
        // Positions are admitted against the cap as well as the limit.
        let admission = Budget::start(&Limits {
            max_states: self.limits.max_states.min(cap),
            max_time: None,
            ..self.limits.clone()
        });
        let start = self.stored;
        let mut listed = 0u64;
        let mut out = Vec::with_capacity(positions.len());
        for p in positions {
            sums::admit(&*self.game, p, &admission)?;
            let root = sums::canonical(&*self.game, p)?;
            self.solve(root.clone(), &mut budget, (start, &mut listed), cap)?;
            out.reserve_within(1, budget.max_memory())?;
            out.push(self.genera[self.memo[&root]].clone());
        }
        Ok(out)
    }

    /// Solves `root` and every state below it not yet in the table.
    /// `start` is what the table held when the call began and `listed` the
    /// children listed since, so that at most `cap` states are added by it
    /// and [`WORK_PER_STATE`] × `cap` children listed.
    fn solve(
        &mut self,
        root: Vec<G::Position>,
        budget: &mut Budget,
        (start, listed): (usize, &mut u64),
        cap: u64,
    ) -> Result<(), SearchError> {
        if self.memo.contains_key(&root) {
            return Ok(());
        }
        let work_cap = cap.saturating_mul(WORK_PER_STATE);
        let mut on_stack = FastSet::default();
        on_stack.insert(root.clone());
        let first = Frame::new(
            sums::children(&*self.game, &root, &self.limits, budget)?,
            root,
        );
        *listed += first.children.len() as u64;
        let mut in_frames = first.held;
        let mut stack = vec![first];
        while let Some(top) = stack.last_mut() {
            let mut pending = None;
            while top.cursor < top.children.len() {
                match self.memo.get(&top.children[top.cursor]) {
                    Some(&id) => {
                        top.found.push(id);
                        top.cursor += 1;
                    }
                    None => {
                        pending = Some(std::mem::take(&mut top.children[top.cursor]));
                        break;
                    }
                }
            }
            match pending {
                None => {
                    let frame = stack.pop().expect("non-empty");
                    in_frames -= frame.held;
                    on_stack.remove(&frame.state);
                    let options: Vec<&Genus> =
                        frame.found.iter().map(|&id| &self.genera[id]).collect();
                    let genus = Genus::of_options(&options);
                    self.stored += frame.state.len().max(1);
                    self.genera.reserve_within(1, budget.max_memory())?;
                    self.memo.reserve_within(1, budget.max_memory())?;
                    let id = self.genera.len();
                    self.genera.push(genus);
                    self.memo.insert(frame.state, id);
                    if let Some(parent) = stack.last_mut() {
                        // The parent was waiting on this state, at its cursor.
                        parent.found.push(id);
                        parent.cursor += 1;
                    }
                }
                Some(child) => {
                    let added = (self.stored - start + in_frames) as u64;
                    if added >= cap {
                        return Err(SearchError::StateLimit(cap));
                    }
                    let held = self.stored + in_frames;
                    sums::enter(budget, held, &mut on_stack, &mut stack, &child)?;
                    let frame = Frame::new(
                        sums::children(&*self.game, &child, &self.limits, budget)?,
                        child,
                    );
                    budget.spend(frame.children.len() as u64)?;
                    *listed += frame.children.len() as u64;
                    if *listed > work_cap {
                        return Err(SearchError::StateLimit(cap));
                    }
                    in_frames += frame.held;
                    stack.push(frame);
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn g(normal: u64, misere: &[u64]) -> Genus {
        Genus {
            normal,
            misere: misere.to_vec(),
        }
    }

    /// The genus of nim heap n from the genera of heaps 0..n.
    fn nim(n: usize) -> Genus {
        let mut heaps: Vec<Genus> = Vec::new();
        for _ in 0..=n {
            let options: Vec<&Genus> = heaps.iter().collect();
            let next = Genus::of_options(&options);
            heaps.push(next);
        }
        heaps.pop().expect("n + 1 heaps")
    }

    #[test]
    fn the_first_nim_heaps_have_their_known_genera() {
        assert_eq!(nim(0), g(0, &[1, 2, 0]));
        assert_eq!(nim(1), g(1, &[0, 3, 1]));
        assert_eq!(nim(2), g(2, &[2, 0]));
        assert_eq!(nim(3), g(3, &[3, 1]));
        assert_eq!(nim(0).to_string(), "0^120");
        assert_eq!(nim(1).to_string(), "1^031");
        assert_eq!(nim(2).to_string(), "2^20");
        assert_eq!(nim(3).to_string(), "3^31");
    }

    #[test]
    fn a_heap_of_two_or_more_is_n_to_the_n() {
        // *n + *2 is n ⊕ 2 in misère play once some heap exceeds 1.
        for n in 2..40u64 {
            assert_eq!(nim(n as usize), g(n, &[n, n ^ 2]), "heap {n}");
        }
    }

    #[test]
    fn gamma_alternates_after_the_stored_entries() {
        let zero = g(0, &[1, 2, 0]);
        let seq: Vec<u64> = (0..8).map(|n| zero.gamma(n)).collect();
        assert_eq!(seq, [1, 2, 0, 2, 0, 2, 0, 2]);
        assert_eq!(zero.periodic_from(), 1);
    }

    #[test]
    fn long_gammas_are_written_in_braces() {
        assert_eq!(g(12, &[10, 11, 0]).to_string(), "12^{10,11,0}");
        assert_eq!(g(4, &[1, 4, 6]).to_string(), "4^146");
    }

    /// γ0 … γ(len − 1) straight from the rule, never cut.
    fn direct(options: &[Genus], len: usize) -> Vec<u64> {
        let mut gamma: Vec<u64> = Vec::new();
        for n in 0..len {
            let mut set: Vec<u64> = options.iter().map(|o| o.gamma(n)).collect();
            if n > 0 {
                set.push(gamma[n - 1]);
                set.push(gamma[n - 1] ^ 1);
            } else if options.is_empty() {
                gamma.push(1);
                continue;
            }
            gamma.push(mex(&mut set));
        }
        gamma
    }

    proptest! {
        /// The bound of `of_options` on random option sequences of every
        /// shape (not only those games have): the cut sequence, extended
        /// by its alternation, is the rule's for 64 entries.
        #[test]
        fn the_cut_is_where_the_rule_alternates(
            raw in proptest::collection::vec(
                (0u64..6, proptest::collection::vec(0u64..6, 2..7)),
                0..5,
            )
        ) {
            let options: Vec<Genus> = raw
                .into_iter()
                .map(|(normal, misere)| Genus { normal, misere })
                .collect();
            let refs: Vec<&Genus> = options.iter().collect();
            let genus = Genus::of_options(&refs);
            let want = direct(&options, 64);
            let got: Vec<u64> = (0..64).map(|n| genus.gamma(n)).collect();
            prop_assert_eq!(got, want);
            let m = &genus.misere;
            prop_assert!(m.len() < 3 || m[m.len() - 3] != m[m.len() - 1]);
        }
    }
}
