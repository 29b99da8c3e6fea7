//! A candidate quotient learned from exact outcomes, for the heaps whose
//! coming splits classes of the quotient below them (where no guess of
//! [`crate::heaps`] passes).
//!
//! The quotient of heaps `0..=n` is the minimal automaton of the misère
//! P-positions read as words of heaps (a commutative language), so it is
//! learned as Angluin learns a minimal automaton: states told apart by a
//! discrimination tree of testers (Kearns and Vazirani), a hypothesis
//! checked exactly, and each counterexample cut at a breakpoint (Rivest
//! and Schapire) into one new state and one new tester. The check is the
//! one by pairs of [`crate::grow`], here on the automaton: it also checks
//! that the heaps commute (two orders of a sum reach one state, else the
//! sum is a counterexample), and it returns the first failing position,
//! from which a position the hypothesis mispredicts is found among it and
//! its options.
//!
//! **Outcomes, layer by layer.** A sum of heaps below `n` is answered by
//! the proven quotient below. The others are searched, and a search of a
//! sum with many copies of heap `n` meets every smaller sum a copy splits
//! into; so the automaton is learned for sums with at most `k` copies of
//! heap `n` first (`k = 1, 2, …`), each layer proven by the check limited
//! to such sums (closed under options), and a layer's search answers
//! every sum with fewer copies from the layer below at once. Each layer
//! starts from the tree of the one below. After each layer the whole
//! automaton is learned with outcomes of more than `k` copies read off
//! `k`, `k - p`, … copies (a guess of the period `p` of heap `n`'s
//! powers); the unbounded check proves or refuses it.
//!
//! **Stand-ins.** Heaps below `n` with one element of the quotient below
//! are searched as the least of them (a heap of the identity as no heap):
//! sums stay small. This is a guess, like the period: a heap found to
//! behave otherwise (by a few sums tried first, or when the check fails
//! where the search with stand-ins agrees with the hypothesis) becomes a
//! letter of its own and the layer is learned again. A heap that is *1
//! (one move, to nothing) cancels in pairs, *1 + *1 being 0 in misère
//! play. Whatever is guessed, the candidate returned passed the exact
//! check with every heap's own options; the caller proves it once more
//! and reduces it ([`crate::heaps`]).
//!
//! On Dawson's Kayles (0.07) this places heap 25 (Q_24 of order 24 to
//! Q_25 of order 144) and heap 30 (Q_30 of order 360), where every
//! refinement of a guess diverges (bench/README.md).

use crate::grow::{Candidate, HeapOptions};
use crate::intern::Interner;
use crate::monoid::{insert, members, words, BipartiteMonoid};
use grundy_engine::bit_memo::BitMemo;
use grundy_engine::hash::{splitmix64, FastMap};
use grundy_engine::memory::Reserve;
use grundy_engine::Budget;
use grundy_engine::SearchError;
use std::sync::atomic::{AtomicBool, Ordering};

/// Heaps are bytes here: the learner is for heaps up to this.
pub(crate) const MAX_HEAP: usize = 255;

/// Most states one learned automaton may have before the learner gives up.
const MAX_STATES: usize = 4096;

/// Most copies of the new heap whose sums are learned exactly.
const MAX_LAYERS: usize = 8;

/// Most sums one layer's searches may remember before the learner gives
/// up (16 bytes and a control byte a bucket: some 300 MB, 430 MB while
/// the table doubles; Q_33 of 0.07 needs 650,000 at its largest layer).
const MAX_SEARCHED: usize = 12_000_000;

/// Most sums the pretest of the stand-ins ([`pretest`]) may remember
/// before it gives up (it is only a shortcut). On 0.07 the pretests that
/// split heaps remember under 90,000 sums (heap 30, two copies); on 0.54
/// at heap 45 an unbounded pretest remembered 10 million sums, took 43 s
/// of the heap's 45 and split nothing.
const PRETEST_SEARCHED: usize = 200_000;

/// Deepest line of play one search follows before the learner gives up
/// (it recurses once a move, frames of a few hundred bytes: within a wasm
/// stack).
const MAX_DEPTH: usize = 1_000;

/// A sum of heaps, sorted.
type Pos = Vec<u8>;

/// Why learning stopped short of a candidate.
enum Stop {
    /// The time limit: the growth stops with it.
    Limit(SearchError),
    /// A bound of the learner's own: no candidate, the caller goes on.
    GiveUp,
    /// The stand-ins failed at this sum: the heaps in it searched as
    /// stand-ins become letters of their own.
    Split(Pos),
}

/// Only the time limit stops the growth from inside the learner: a state
/// or memory limit its stores meet makes it give up, and the growth goes
/// on with its other guesses (whose own stores meet the limits in turn).
impl From<SearchError> for Stop {
    fn from(e: SearchError) -> Stop {
        match e {
            SearchError::TimeLimit(_) => Stop::Limit(e),
            _ => Stop::GiveUp,
        }
    }
}

/// The game as the learner reads it: heaps `1..=n`, the proven quotient
/// below `n`, each heap's stand-in.
struct Heaps<'a> {
    n: usize,
    below: &'a Candidate,
    /// Each heap's options as the heaps a move leaves (sorted, no zeros).
    real: Vec<Vec<Pos>>,
    /// `canon[h]`: the heap searched in place of `h` (0: none, a heap of
    /// the identity or without a move).
    canon: Vec<u8>,
    /// Each stand-in's options, its parts replaced by their stand-ins.
    moves: Vec<Vec<Pos>>,
    /// The stand-ins, the letters of the automata.
    letters: Vec<u8>,
    /// A random word a heap: a sum's memo key is the sum of its heaps'.
    words: Vec<u64>,
    /// `deltas[h][m]`: the words of the heaps stand-in `h`'s move `m`
    /// leaves, added.
    deltas: Vec<Vec<u64>>,
    /// The stand-ins that are *1 (one move, to no heap).
    star: Vec<bool>,
    /// Set when the learner's candidate is no longer wanted (another
    /// guess, tried beside it, settled the heap): it then gives up.
    stop: Option<&'a AtomicBool>,
}

impl<'a> Heaps<'a> {
    /// The heaps with `canon` as stand-ins (`None`: one a class of the
    /// quotient below, the least heap of each element).
    fn new(
        below: &'a Candidate,
        options: &HeapOptions,
        canon: Option<Vec<u8>>,
        stop: Option<&'a AtomicBool>,
    ) -> Heaps<'a> {
        let n = below.phi.len();
        let real: Vec<Vec<Pos>> = options[..=n]
            .iter()
            .map(|opts| {
                opts.iter()
                    .map(|o| {
                        let mut v: Pos = o.iter().filter(|&&h| h > 0).map(|&h| h as u8).collect();
                        v.sort_unstable();
                        v
                    })
                    .collect()
            })
            .collect();
        let canon = canon.unwrap_or_else(|| {
            let mut first: FastMap<u32, u8> = FastMap::default();
            first.insert(0, 0);
            let mut c = vec![0u8; n + 1];
            for h in 1..n {
                c[h] = if real[h].is_empty() {
                    0
                } else {
                    *first.entry(below.phi[h]).or_insert(h as u8)
                };
            }
            c[n] = n as u8;
            c
        });
        let mut moves = vec![Vec::new(); n + 1];
        for h in 1..=n {
            if canon[h] as usize == h {
                let mut opts: Vec<Pos> = real[h].iter().map(|o| canonical(&canon, o)).collect();
                opts.sort();
                opts.dedup();
                moves[h] = opts;
            }
        }
        let letters = (1..=n)
            .filter(|&h| canon[h] as usize == h)
            .map(|h| h as u8)
            .collect();
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        // A heap whose one move empties it is *1, and *1 + *1 = 0 in
        // misère play (the second player answers a move in one copy in
        // the other): its word is 2^63, so that two copies add nothing
        // to a key, and [`Heaps::reduced`] drops them from a sum.
        let star: Vec<bool> = (0..=n)
            .map(|h| moves[h].len() == 1 && moves[h][0].is_empty())
            .collect();
        let words: Vec<u64> = (0..=n)
            .map(|h| {
                let w = splitmix64(state);
                state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
                if star[h] {
                    1 << 63
                } else {
                    w
                }
            })
            .collect();
        let deltas = moves
            .iter()
            .map(|opts| {
                opts.iter()
                    .map(|parts| {
                        parts
                            .iter()
                            .fold(0u64, |d, &k| d.wrapping_add(words[k as usize]))
                    })
                    .collect()
            })
            .collect();
        Heaps {
            n,
            below,
            real,
            canon,
            moves,
            letters,
            words,
            deltas,
            star,
            stop,
        }
    }

    /// Each heap's letter: its stand-in's index among the letters
    /// (`usize::MAX`: none, a heap of the identity's stand-in).
    fn letter_of(&self) -> Vec<usize> {
        let mut letter_of = vec![usize::MAX; self.n + 1];
        for (l, &h) in self.letters.iter().enumerate() {
            letter_of[h as usize] = l;
        }
        for h in 1..=self.n {
            let c = self.canon[h] as usize;
            if c != 0 {
                letter_of[h] = letter_of[c];
            }
        }
        letter_of
    }

    /// [`Stop::GiveUp`] once the learner is no longer wanted.
    fn wanted(&self) -> Result<(), Stop> {
        match self.stop {
            Some(stop) if stop.load(Ordering::Relaxed) => Err(Stop::GiveUp),
            _ => Ok(()),
        }
    }

    /// The outcome of a sum of heaps below `n`, read off the quotient.
    fn lost_below(&self, pos: &[u8]) -> bool {
        let m = &self.below.monoid;
        m.in_p(m.product(pos.iter().map(|&h| self.below.phi[h as usize])))
    }

    /// `pos` (sorted stand-ins) without pairs of a *1 heap.
    fn reduced(&self, pos: &mut Pos) {
        let mut out = 0;
        let mut i = 0;
        while i < pos.len() {
            if self.star[pos[i] as usize] && i + 1 < pos.len() && pos[i + 1] == pos[i] {
                i += 2;
                continue;
            }
            pos[out] = pos[i];
            out += 1;
            i += 1;
        }
        pos.truncate(out);
    }

    /// The memo key of a sum whose key is `key` after stand-in `h` in it
    /// makes its move `m`.
    fn child_key(&self, key: u64, h: usize, m: usize) -> u64 {
        key.wrapping_sub(self.words[h])
            .wrapping_add(self.deltas[h][m])
    }

    /// How many copies of heap `n` the sum holds.
    fn copies(&self, pos: &[u8]) -> usize {
        pos.iter().filter(|&&h| h as usize == self.n).count()
    }
}

/// `pos` with each heap replaced by its stand-in, sorted.
fn canonical(canon: &[u8], pos: &[u8]) -> Pos {
    let mut v: Pos = pos
        .iter()
        .map(|&h| canon[h as usize])
        .filter(|&h| h != 0)
        .collect();
    v.sort_unstable();
    v
}

/// In `out`, the sum `pos` after its heap at index `i` leaves `parts`,
/// sorted.
fn after_move(pos: &[u8], i: usize, parts: &[u8], out: &mut Pos) {
    out.clear();
    out.extend_from_slice(&pos[..i]);
    out.extend_from_slice(&pos[i + 1..]);
    out.extend_from_slice(parts);
    out.sort_unstable();
}

/// The sum of `a` and `b`, sorted.
fn join(a: &[u8], b: &[u8]) -> Pos {
    let mut v: Pos = a.iter().chain(b).copied().collect();
    v.sort_unstable();
    v
}

/// A learned automaton over the heaps: state 0 the empty sum's.
#[derive(Clone)]
struct Dfa {
    /// Each heap's letter (`usize::MAX`: no letter, a heap without a
    /// move or of the identity's stand-in).
    letter_of: Vec<usize>,
    letters: usize,
    /// `trans[q * letters + l]`.
    trans: Vec<u32>,
    accept: Vec<bool>,
}

impl Dfa {
    fn step(&self, q: u32, h: u8) -> u32 {
        match self.letter_of[h as usize] {
            usize::MAX => q,
            l => self.trans[q as usize * self.letters + l],
        }
    }

    fn run(&self, from: u32, word: &[u8]) -> u32 {
        word.iter().fold(from, |q, &h| self.step(q, h))
    }

    fn lost(&self, pos: &[u8]) -> bool {
        self.accept[self.run(0, pos) as usize]
    }

    fn states(&self) -> usize {
        self.accept.len()
    }
}

/// Misère outcomes of sums with at most `k` copies of heap `n`: searched
/// in the stand-in game with `k` copies, read off the automaton proven
/// for the real game with fewer; more copies read off fewer by `fold` (a
/// guess).
struct Oracle<'h, 'a> {
    heaps: &'h Heaps<'a>,
    k: usize,
    /// The automaton proven for sums with fewer than `k` copies.
    lower: Option<&'h Dfa>,
    /// `Some(p)`: `k + i` copies are read as `k + i - p`, … (a guess).
    fold: Option<usize>,
    /// Outcomes searched, by key (keys compared without their lowest
    /// bit, see [`BitMemo`]).
    memo: BitMemo,
    /// Most sums `memo` may hold before the search gives up.
    max_searched: usize,
    /// Work done, counted by [`Oracle::work`].
    asked: u64,
}

impl Oracle<'_, '_> {
    /// Whether the player to move loses `pos` (any heaps `1..=n`).
    fn member(&mut self, pos: &[u8], budget: &mut Budget) -> Result<bool, Stop> {
        self.work(16, budget)?;
        let mut pos = canonical(&self.heaps.canon, pos);
        self.heaps.reduced(&mut pos);
        let n = self.heaps.n as u8;
        let mut j = self.heaps.copies(&pos);
        if j > self.k {
            let Some(p) = self.fold else {
                // Past the layer: no such sum is asked for.
                return Ok(false);
            };
            while j > self.k {
                j -= p;
            }
            pos.retain(|&h| h != n);
            pos.extend(std::iter::repeat_n(n, j));
        }
        self.lost(&pos, j, 0, budget)
    }

    fn lost(
        &mut self,
        pos: &[u8],
        j: usize,
        depth: usize,
        budget: &mut Budget,
    ) -> Result<bool, Stop> {
        if j == 0 {
            return Ok(self.heaps.lost_below(pos));
        }
        if j < self.k || self.fold.is_some() {
            let lower = self.lower.ok_or(Stop::GiveUp)?;
            return Ok(lower.lost(pos));
        }
        let key = pos
            .iter()
            .fold(0u64, |k, &h| k.wrapping_add(self.heaps.words[h as usize]));
        self.search(pos, key, j, depth, budget)
    }

    /// [`Oracle::lost`] of `pos` with `j = k` copies, `key` its memo key
    /// (the sum of its heaps' random words: a move's key is its sum's
    /// minus the heap's word plus the move's, made once a move). Two sums
    /// sharing a key could spoil the hypothesis, never the check.
    fn search(
        &mut self,
        pos: &[u8],
        key: u64,
        j: usize,
        depth: usize,
        budget: &mut Budget,
    ) -> Result<bool, Stop> {
        if let Some(r) = self.memo.get(key) {
            return Ok(r);
        }
        if self.memo.len() >= self.max_searched || depth >= MAX_DEPTH {
            return Err(Stop::GiveUp);
        }
        let heaps = self.heaps;
        self.work(1 + pos.len() as u64 * 8, budget)?;
        let n = heaps.n;
        // The moves' slots asked of memory at once, before the loop below
        // waits on each in turn.
        for i in 0..pos.len() {
            if (i > 0 && pos[i - 1] == pos[i]) || pos[i] as usize == n {
                continue;
            }
            let h = pos[i] as usize;
            for m in 0..heaps.moves[h].len() {
                self.memo.prefetch(heaps.child_key(key, h, m));
            }
        }
        let mut any = false;
        // Moves whose sums are not known yet: (heap's index, move).
        let mut unknown: Vec<(usize, usize)> = Vec::new();
        let mut next: Pos = Vec::with_capacity(pos.len() + 2);
        for i in 0..pos.len() {
            if i > 0 && pos[i - 1] == pos[i] {
                continue;
            }
            let h = pos[i] as usize;
            for (m, parts) in heaps.moves[h].iter().enumerate() {
                any = true;
                let known = if h == n {
                    // One copy fewer: the layer below answers.
                    after_move(pos, i, parts, &mut next);
                    Some(if j == 1 {
                        heaps.lost_below(&next)
                    } else {
                        self.lower.ok_or(Stop::GiveUp)?.lost(&next)
                    })
                } else {
                    self.memo.get(heaps.child_key(key, h, m))
                };
                match known {
                    Some(true) => {
                        self.remember(key, false, budget)?;
                        return Ok(false);
                    }
                    Some(false) => {}
                    None => unknown.push((i, m)),
                }
            }
        }
        for (i, m) in unknown {
            let h = pos[i] as usize;
            let child = heaps.child_key(key, h, m);
            // Searching an earlier move may have settled this one.
            let r = match self.memo.get(child) {
                Some(r) => r,
                None => {
                    let mut next = Pos::new();
                    after_move(pos, i, &heaps.moves[h][m], &mut next);
                    heaps.reduced(&mut next);
                    self.search(&next, child, j, depth + 1, budget)?
                }
            };
            if r {
                self.remember(key, false, budget)?;
                return Ok(false);
            }
        }
        self.remember(key, any, budget)?;
        Ok(any)
    }

    /// Counts `units` of work (a sum asked for is 16, a move looked at
    /// about 8) and reads the clock and the memory every 2^14.
    fn work(&mut self, units: u64, budget: &mut Budget) -> Result<(), Stop> {
        let before = self.asked;
        self.asked += units;
        if before >> 14 != self.asked >> 14 {
            budget.check_now()?;
            self.heaps.wanted()?;
        }
        Ok(())
    }

    /// Stores a searched outcome, the memo growing within the memory
    /// budget (past it the learner gives up, and the memo is freed for the
    /// growth's other guesses).
    fn remember(&mut self, key: u64, lost: bool, budget: &mut Budget) -> Result<(), Stop> {
        self.memo.reserve_within(1, budget.max_memory())?;
        self.memo.insert(key, lost);
        Ok(())
    }
}

/// The states found (each with its access word, the heaps that reach it
/// in the order the automaton reads them), told apart by a discrimination
/// tree of testers (Kearns and Vazirani): a sum's state is found by
/// sifting it down the tree, one outcome a level, and a counterexample
/// splits one leaf with one new tester.
struct Tree {
    nodes: Vec<LayerNode>,
    /// Each node's parent (`usize::MAX` for the root).
    up: Vec<usize>,
    leaf_of: Vec<usize>,
    access: Vec<Pos>,
    /// The letters (stand-ins), in the order of the automaton's.
    letters: Vec<u8>,
    /// The hypothesis: each state's transitions and whether it is a
    /// P-position.
    dfa: Dfa,
}

impl Tree {
    /// One state, the empty sum's, every heap leading back to it.
    fn new(heaps: &Heaps, o: &mut Oracle, budget: &mut Budget) -> Result<Tree, Stop> {
        let letter_of = heaps.letter_of();
        let letters = heaps.letters.clone();
        Ok(Tree {
            nodes: vec![LayerNode::Leaf(0)],
            up: vec![usize::MAX],
            leaf_of: vec![0],
            access: vec![Vec::new()],
            dfa: Dfa {
                letter_of,
                letters: letters.len(),
                trans: vec![0; letters.len()],
                accept: vec![o.member(&[], budget)?],
            },
            letters,
        })
    }

    /// The tree of `prev` (the layer below's) under this oracle and these
    /// letters: its testers and access words kept, its transitions sifted
    /// again. `None` when some access word no longer sifts to its own
    /// leaf (a distinction the tree drew no longer holds).
    fn seeded(
        prev: &Tree,
        heaps: &Heaps,
        o: &mut Oracle,
        budget: &mut Budget,
    ) -> Result<Option<Tree>, Stop> {
        let mut tree = Tree::new(heaps, o, budget)?;
        tree.nodes = prev.nodes.clone();
        tree.up = prev.up.clone();
        tree.leaf_of = prev.leaf_of.clone();
        tree.access = prev.access.clone();
        tree.dfa.accept.clear();
        tree.dfa.trans.clear();
        for q in 0..tree.access.len() {
            let word = tree.access[q].clone();
            if tree.sift(o, &word, 0, budget)? != q as u32 {
                return Ok(None);
            }
            tree.dfa.accept.push(o.member(&word, budget)?);
        }
        for q in 0..tree.access.len() {
            tree.sift_out(q, o, budget)?;
        }
        Ok(Some(tree))
    }

    /// The state of the sum of `word`, sifted down from `node`.
    fn sift(
        &self,
        o: &mut Oracle,
        word: &[u8],
        mut node: usize,
        budget: &mut Budget,
    ) -> Result<u32, Stop> {
        loop {
            match &self.nodes[node] {
                LayerNode::Leaf(q) => return Ok(*q),
                LayerNode::Inner { tester, child } => {
                    let side = o.member(&join(word, tester), budget)?;
                    node = child[usize::from(side)] as usize;
                }
            }
        }
    }

    /// Appends the transitions of state `q` (the last without them), each
    /// letter's sum sifted from the root.
    fn sift_out(&mut self, q: usize, o: &mut Oracle, budget: &mut Budget) -> Result<(), Stop> {
        for l in 0..self.letters.len() {
            let mut w = self.access[q].clone();
            w.push(self.letters[l]);
            let r = self.sift(o, &w, 0, budget)?;
            self.dfa.trans.push(r);
        }
        Ok(())
    }

    /// The tester at the lowest common ancestor of two states' leaves.
    fn discriminator(&self, p: u32, q: u32) -> Pos {
        let path = |mut node: usize| {
            let mut up = vec![node];
            while self.up[node] != usize::MAX {
                node = self.up[node];
                up.push(node);
            }
            up
        };
        let a = path(self.leaf_of[p as usize]);
        let b = path(self.leaf_of[q as usize]);
        let common = a.iter().find(|x| b.contains(x)).copied().unwrap_or(0);
        match &self.nodes[common] {
            LayerNode::Inner { tester, .. } => tester.clone(),
            LayerNode::Leaf(_) => Vec::new(),
        }
    }

    /// Given `word` whose outcome the tree reads two ways (`alpha(0)`,
    /// the true outcome, differs from `alpha(hi)`, where `alpha(i)` is the
    /// outcome of the access word of the state after `word[..i]` plus
    /// `word[i..]`), finds a breakpoint `lo` (Rivest and Schapire): the
    /// access word of the state after `word[..lo]` plus `word[lo]` is a
    /// new state, told from the state after `word[..=lo]` by the tester
    /// `word[lo + 1..]`.
    fn split(
        &mut self,
        o: &mut Oracle,
        d: &Dfa,
        word: &[u8],
        mut hi: usize,
        budget: &mut Budget,
    ) -> Result<(), Stop> {
        let alpha =
            |t: &Tree, o: &mut Oracle, i: usize, budget: &mut Budget| -> Result<bool, Stop> {
                let q = d.run(0, &word[..i]);
                o.member(&join(&t.access[q as usize], &word[i..]), budget)
            };
        // The breakpoint nearest the end, found by doubling steps back
        // from it and halving: the tester (what follows it) is short.
        let at_hi = alpha(self, o, hi, budget)?;
        if alpha(self, o, 0, budget)? == at_hi {
            return Err(Stop::GiveUp);
        }
        let mut step = 1;
        let mut lo = hi.saturating_sub(step);
        while alpha(self, o, lo, budget)? == at_hi {
            hi = lo;
            step *= 2;
            lo = hi.saturating_sub(step);
        }
        let at_lo = !at_hi;
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if alpha(self, o, mid, budget)? == at_lo {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        if self.access.len() >= MAX_STATES {
            return Err(Stop::GiveUp);
        }
        let from = d.run(0, &word[..lo]);
        let old = d.step(from, word[lo]);
        let mut fresh = self.access[from as usize].clone();
        fresh.push(word[lo]);
        let mut tester: Pos = join(&word[hi..], &[]);
        // A tester of one heap (or none) telling the two apart, if there
        // is one, instead: every later sift through it is cheaper.
        let small = std::iter::once(None).chain(self.letters.iter().map(Some));
        for t in small {
            let t: &[u8] = t.map(std::slice::from_ref).unwrap_or(&[]);
            if t.len() >= tester.len() {
                break;
            }
            let a = o.member(&join(&self.access[old as usize], t), budget)?;
            if a != o.member(&join(&fresh, t), budget)? {
                tester = t.to_vec();
                break;
            }
        }
        let old_side = o.member(&join(&self.access[old as usize], &tester), budget)?;
        if o.member(&join(&fresh, &tester), budget)? == old_side {
            return Err(Stop::GiveUp);
        }
        // The old leaf becomes an inner node over the old and new states.
        let q = self.access.len() as u32;
        let old_leaf = self.leaf_of[old as usize];
        let (a, b) = (self.nodes.len(), self.nodes.len() + 1);
        self.nodes.push(LayerNode::Leaf(old));
        self.nodes.push(LayerNode::Leaf(q));
        self.up.extend([old_leaf, old_leaf]);
        let mut child = [0; 2];
        child[usize::from(old_side)] = a as u32;
        child[usize::from(!old_side)] = b as u32;
        self.nodes[old_leaf] = LayerNode::Inner { tester, child };
        self.leaf_of[old as usize] = a;
        self.leaf_of.push(b);
        self.dfa.accept.push(o.member(&fresh, budget)?);
        self.access.push(fresh);
        // Transitions into the old state are sifted once more from the
        // new node; the new state's from the root.
        let letters = self.letters.len();
        for t in 0..self.dfa.trans.len() {
            if self.dfa.trans[t] == old {
                let (p, l) = (t / letters, t % letters);
                let mut w = self.access[p].clone();
                w.push(self.letters[l]);
                self.dfa.trans[t] = self.sift(o, &w, old_leaf, budget)?;
            }
        }
        self.sift_out(q as usize, o, budget)
    }
}

/// Failures of one pass of [`failures`] kept beyond the first: each is
/// tried after the split the one before it made, if the automaton still
/// breaks the rule there, sparing a pass from the empty sum a split.
const MORE_FAILURES: usize = 31;

/// Positions the automaton mispredicts by the rule of misère play, among
/// sums with at most `bound` copies of heap `n` (`None`: all sums), in
/// breadth-first order over the pairs (state, states of the options,
/// copies), each with the position that reached it: the first, and up to
/// [`MORE_FAILURES`] more met before the pass has gone twice as far (and
/// 1,024 pairs) beyond it. Empty when there is none: the automaton obeys
/// the rule everywhere.
///
/// Heaps that act alike (the same letter, the same letters in each
/// option, in order) give every pair the same successor, so only the
/// first of them is tried: the same pairs in the same order. The states
/// a heap's options reach from a state are made once a pass.
fn failures(
    heaps: &Heaps,
    d: &Dfa,
    bound: Option<usize>,
    budget: &mut Budget,
) -> Result<Vec<Pos>, Stop> {
    let n = heaps.n;
    let max_memory = budget.max_memory();
    let letter = |h: usize| d.letter_of[h];
    let mut alike: FastMap<(usize, bool, Vec<Vec<usize>>), ()> = FastMap::default();
    let moving: Vec<usize> = (1..=n)
        .filter(|&h| {
            let acts = heaps.real[h]
                .iter()
                .map(|parts| parts.iter().map(|&p| letter(p as usize)).collect())
                .collect();
            !heaps.real[h].is_empty() && alike.insert((letter(h), h == n, acts), ()).is_none()
        })
        .collect();
    let states = d.states();
    let w = words(states);
    let mut accept = vec![0u64; w];
    for (y, _) in d.accept.iter().enumerate().filter(|(_, &a)| a) {
        insert(&mut accept, y as u32);
    }
    // opts[i * states + x]: the states heap moving[i]'s options reach
    // from x, as a set (made when first needed).
    let mut opts: Vec<Option<Box<[u64]>>> = vec![None; moving.len() * states];
    // Keys [state, copies, option states as a set]; each pair's parent
    // and heap.
    let mut seen = Interner::default();
    let start = vec![0u64; 2 + w];
    seen.intern(&start, Interner::hash(&start), max_memory)?;
    let mut parent: Vec<(u32, u8)> = vec![(u32::MAX, 0)];
    let word = |parent: &[(u32, u8)], mut i: usize| -> Pos {
        let mut w = Vec::new();
        while parent[i].0 != u32::MAX {
            w.push(parent[i].1);
            i = parent[i].0 as usize;
        }
        w.sort_unstable();
        w
    };
    let mut found: Vec<Pos> = Vec::new();
    let mut until = usize::MAX;
    let mut head = 0;
    let mut work = 0u64;
    let mut key = start.clone();
    let mut next = start;
    while head < seen.len() && head < until {
        key.copy_from_slice(seen.key(head));
        let (x, j, ds) = (key[0] as u32, key[1] as usize, &key[2..]);
        let any = ds.iter().any(|&b| b != 0);
        let hits = ds.iter().zip(&accept).any(|(a, b)| a & b != 0);
        if d.accept[x as usize] != (any && !hits) {
            if found.is_empty() {
                until = 2 * head + 1024;
            }
            found.push(word(&parent, head));
            if found.len() > MORE_FAILURES {
                break;
            }
        }
        let members_of: Vec<u32> = members(ds).collect();
        work += moving.len() as u64 * (1 + members_of.len() as u64);
        if work >= 1 << 16 {
            work = 0;
            budget.check_count(seen.len())?;
            budget.check_now()?;
            heaps.wanted()?;
        }
        for (i, &h) in moving.iter().enumerate() {
            let nj = j + usize::from(h == n);
            if bound.is_some_and(|b| nj > b) {
                continue;
            }
            let reach = opts[i * states + x as usize].get_or_insert_with(|| {
                let mut r = vec![0u64; w];
                for parts in &heaps.real[h] {
                    insert(&mut r, d.run(x, parts));
                }
                r.into_boxed_slice()
            });
            next[0] = d.step(x, h as u8) as u64;
            next[1] = if bound.is_some() { nj as u64 } else { 0 };
            next[2..].copy_from_slice(reach);
            for &y in &members_of {
                insert(&mut next[2..], d.step(y, h as u8));
            }
            let before = seen.len();
            if seen.intern(&next, Interner::hash(&next), max_memory)? as usize == before {
                parent.reserve_within(1, max_memory)?;
                parent.push((head as u32, h as u8));
            }
        }
        head += 1;
    }
    Ok(found)
}

/// Whether [`failures`] finds no failing sum, decided without listing a
/// sum: the automaton commutes (the caller checked every state), so its
/// states form a commutative monoid ([`candidate`]), and the check by
/// pairs is the dataflow of [`crate::grow::passes_within`] on it, the
/// heaps' triples built from their own options, each copy of heap `n`
/// counting one level when at most `bound` copies are checked. `false`
/// also when the automaton does not read as a monoid (the caller then
/// lists the failures). On Q_52 of 0.54 the checks that passed took 13
/// of the learner's 14 s when their pairs were listed.
fn passes_all(
    heaps: &Heaps,
    d: &Dfa,
    bound: Option<usize>,
    budget: &mut Budget,
) -> Result<bool, Stop> {
    Ok(passes_exactly(heaps, d, bound, budget)?)
}

/// [`passes_all`], its limits' errors as they are.
fn passes_exactly(
    heaps: &Heaps,
    d: &Dfa,
    bound: Option<usize>,
    budget: &mut Budget,
) -> Result<bool, SearchError> {
    let Some(cand) = candidate(d, heaps, budget)? else {
        return Ok(false);
    };
    let q = &cand.monoid;
    let order = q.order();
    let w = words(order);
    let n = heaps.n;
    let mut gens: Vec<(Box<[u64]>, usize)> = Vec::new();
    for h in 1..=n {
        if heaps.real[h].is_empty() {
            continue;
        }
        budget.check_now()?;
        let x = d.step(0, h as u8);
        let images: Vec<u32> = heaps.real[h].iter().map(|parts| d.run(0, parts)).collect();
        let mut s = vec![0u64; w];
        for z in 0..order as u32 {
            if images.iter().any(|&y| q.in_p(q.mul(y, z))) {
                insert(&mut s, z);
            }
        }
        let level = usize::from(bound.is_some() && h == n);
        gens.reserve_within(1, budget.max_memory())?;
        gens.push(([x as u64, 1].into_iter().chain(s).collect(), level));
    }
    let levels = bound.unwrap_or(0);
    let gens = gens.iter().map(|(g, level)| (&g[..], *level));
    crate::grow::passes_within(q, gens, levels, budget)
}

/// Whether the automaton breaks the rule of misère play at `w`: it reads
/// `w` as a P-position exactly when `w` has no option or reads some
/// option as one.
fn breaks_rule(heaps: &Heaps, d: &Dfa, w: &[u8]) -> bool {
    let mut any = false;
    let mut hit = false;
    let mut c = Pos::new();
    for i in 0..w.len() {
        if i > 0 && w[i - 1] == w[i] {
            continue;
        }
        for parts in &heaps.real[w[i] as usize] {
            any = true;
            after_move(w, i, parts, &mut c);
            hit |= d.lost(&c);
        }
    }
    d.lost(w) != (any && !hit)
}

/// Marks `unchecked` the states of `after` (the automaton `before` split
/// once) whose commutation a split may have changed: whether `x·a·b =
/// x·b·a` reads the transitions of `x` and of its successors, so a state
/// is touched when its own transitions or a successor's changed (new
/// states included).
fn touched(before: &Dfa, after: &Dfa, unchecked: &mut Vec<bool>) {
    fn row(d: &Dfa, x: usize) -> &[u32] {
        &d.trans[x * d.letters..(x + 1) * d.letters]
    }
    let changed: Vec<bool> = (0..after.states())
        .map(|x| x >= before.states() || row(before, x) != row(after, x))
        .collect();
    unchecked.resize(after.states(), true);
    for (x, u) in unchecked.iter_mut().enumerate() {
        *u |= changed[x] || row(after, x).iter().any(|&t| changed[t as usize]);
    }
}

/// Learns the automaton of the oracle's sums (`bound`: at most that many
/// copies of heap `n`; `None`: all), proven by [`failures`].
fn learn(
    heaps: &Heaps,
    o: &mut Oracle,
    bound: Option<usize>,
    seed: Option<&Tree>,
    budget: &mut Budget,
) -> Result<(Dfa, Tree), Stop> {
    let seeded = match seed {
        Some(prev) => Tree::seeded(prev, heaps, o, budget)?,
        None => None,
    };
    let mut tree = match seeded {
        Some(tree) => tree,
        None => Tree::new(heaps, o, budget)?,
    };
    let letters = heaps.letters.clone();
    // Failures of the last pass not tried yet, the next one last.
    let mut pending: Vec<Pos> = Vec::new();
    // The states whose transitions may not commute: all at first, then
    // those a split touched ([`touched`]); the others were checked.
    let mut unchecked: Vec<bool> = Vec::new();
    loop {
        budget.check_now()?;
        heaps.wanted()?;
        let d = tree.dfa.clone();
        unchecked.resize(d.states(), true);
        // Sums read in two orders must reach one state.
        let mut split: Option<(Pos, usize)> = None;
        'pairs: for x in 0..d.states() as u32 {
            if !unchecked[x as usize] {
                continue;
            }
            if x % 64 == 63 {
                budget.check_now()?;
            }
            for a in 0..letters.len() {
                for b in a + 1..letters.len() {
                    let u = d.step(d.step(x, letters[a]), letters[b]);
                    let v = d.step(d.step(x, letters[b]), letters[a]);
                    if u == v {
                        continue;
                    }
                    let e = tree.discriminator(u, v);
                    let mut w = tree.access[x as usize].clone();
                    w.extend([letters[a], letters[b]]);
                    let at = w.len();
                    w.extend_from_slice(&e);
                    let truth = o.member(&w, budget)?;
                    let u_side = o.member(&join(&tree.access[u as usize], &e), budget)?;
                    if u_side == truth {
                        // The other order reads the sum wrongly.
                        w[at - 2] = letters[b];
                        w[at - 1] = letters[a];
                    }
                    split = Some((w, at));
                    break 'pairs;
                }
            }
            unchecked[x as usize] = false;
        }
        if let Some((w, at)) = split {
            tree.split(o, &d, &w, at, budget)?;
            touched(&d, &tree.dfa, &mut unchecked);
            continue;
        }
        // A failure of the last pass the splits since have not mended, or
        // the first of a new pass.
        let mut failing = None;
        while let Some(w) = pending.pop() {
            if breaks_rule(heaps, &d, &w) {
                failing = Some(w);
                break;
            }
        }
        let failing = match failing {
            Some(w) => w,
            None => {
                let passed = passes_all(heaps, &d, bound, budget)?;
                #[cfg(test)]
                tests::agree(passed, &failures(heaps, &d, bound, budget)?, &d, bound);
                if passed {
                    return Ok((d, tree));
                }
                let mut found = failures(heaps, &d, bound, budget)?;
                if found.is_empty() {
                    return Ok((d, tree));
                }
                found.reverse();
                let first = found.pop().expect("not empty");
                pending = found;
                first
            }
        };
        // A sum the automaton reads wrongly: the failing one, or one of
        // its options (the failure says they do not agree).
        let mut w = failing;
        loop {
            if d.lost(&w) != o.member(&w, budget)? {
                break;
            }
            let mut wrong = None;
            'options: for i in 0..w.len() {
                if i > 0 && w[i - 1] == w[i] {
                    continue;
                }
                for parts in &heaps.real[w[i] as usize] {
                    let mut c = Pos::new();
                    after_move(&w, i, parts, &mut c);
                    if d.lost(&c) != o.member(&c, budget)? {
                        wrong = Some(c);
                        break 'options;
                    }
                }
            }
            // Every option agrees with the search, yet the rule fails:
            // the search's stand-ins are not the heaps.
            w = wrong.ok_or_else(|| Stop::Split(w.clone()))?;
        }
        // Largest heaps first, so that the tester found is made of small
        // heaps.
        w.sort_unstable_by(|a, b| b.cmp(a));
        let hi = w.len();
        tree.split(o, &d, &w, hi, budget)?;
        touched(&d, &tree.dfa, &mut unchecked);
    }
}

/// What the learner has proven of heap `heap` so far, kept in a checkpoint
/// so that a growth stopped within that heap goes on from it
/// ([`crate::checkpoint`]): the stand-ins, the number of copies `layer` of
/// heap `heap` up to which its automaton is proven, that automaton and the
/// discrimination tree it was learned with (the seed of the next layer).
///
/// Invariants of a layer the learner made: the automaton passed the exact
/// check of every sum with at most `layer` copies of heap `heap`
/// ([`Layer::holds`] makes it again for a layer read from a file); the
/// tree's leaves are the automaton's states, each once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layer {
    /// The heap being placed (`n`: the quotient of heaps `0..n` is proven).
    pub heap: usize,
    /// `canon[h]`: the heap searched in place of heap `h` (0: none).
    pub canon: Vec<u8>,
    /// The automaton is proven for sums with at most this many copies.
    pub layer: usize,
    /// The pretests that gave up (bit `k`: the pretest of `k` copies).
    pub given_up: u16,
    /// The tree's nodes, the root first.
    pub nodes: Vec<LayerNode>,
    /// Each state's access word (sorted heaps).
    pub access: Vec<Vec<u8>>,
    /// `trans[q * letters + l]`: the state after state `q` reads letter
    /// `l`, the letters the heaps `h` with `canon[h] == h` in order.
    pub trans: Vec<u32>,
    /// Whether each state is a P-position.
    pub accept: Vec<bool>,
}

/// A node of the learner's discrimination tree (and of a [`Layer`]'s): a
/// tester whose outcome, added to a sum, sends the sum to one child or
/// the other; or a state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LayerNode {
    /// A tester (sorted heaps) and the nodes of the sums it sends to an
    /// N-position (first) and to a P-position.
    Inner { tester: Vec<u8>, child: [u32; 2] },
    /// A state.
    Leaf(u32),
}

impl Layer {
    /// The learner's tree and stand-ins as a layer.
    fn of(heaps: &Heaps, layer: usize, given_up: u16, tree: &Tree) -> Layer {
        Layer {
            heap: heaps.n,
            canon: heaps.canon.clone(),
            layer,
            given_up,
            nodes: tree.nodes.clone(),
            access: tree.access.clone(),
            trans: tree.dfa.trans.clone(),
            accept: tree.dfa.accept.clone(),
        }
    }

    /// The letters: the heaps that are their own stand-ins.
    fn letters(&self) -> impl Iterator<Item = u8> + '_ {
        (1..self.canon.len())
            .filter(|&h| self.canon[h] as usize == h)
            .map(|h| h as u8)
    }

    /// Whether the layer is well formed, whatever its numbers: heaps of
    /// `1..=heap` (at most [`MAX_HEAP`]), stand-ins that stand for
    /// themselves, a layer of `1..=`[`MAX_LAYERS`], transitions to states,
    /// and a tree (every node but the root one node's child, every node
    /// reached from the root) whose leaves are the states, each once. A
    /// layer read from a file is used only if this holds and
    /// [`Layer::holds`] then does.
    pub fn well_formed(&self) -> bool {
        let n = self.heap;
        let canon_ok = (1..=MAX_HEAP).contains(&n)
            && self.canon.len() == n + 1
            && self.canon[0] == 0
            && self.canon[n] as usize == n
            && (1..n).all(|h| {
                let c = self.canon[h] as usize;
                c == 0 || (c <= h && self.canon[c] as usize == c)
            });
        if !canon_ok || !(1..=MAX_LAYERS).contains(&self.layer) {
            return false;
        }
        let states = self.accept.len();
        let letters = self.letters().count();
        let heaps_ok = |w: &[u8]| w.iter().all(|&h| (1..=n).contains(&(h as usize)));
        (1..=MAX_STATES).contains(&states)
            && self.access.len() == states
            && self.trans.len() == states * letters
            && self.trans.iter().all(|&q| (q as usize) < states)
            && self.access.iter().all(|w| heaps_ok(w))
            && self.nodes.iter().all(|node| match node {
                LayerNode::Inner { tester, .. } => heaps_ok(tester),
                LayerNode::Leaf(_) => true,
            })
            && self.links().is_some()
    }

    /// Each node's parent (`usize::MAX` for the root) and each state's
    /// leaf, `None` when the nodes do not form such a tree.
    fn links(&self) -> Option<(Vec<usize>, Vec<usize>)> {
        let states = self.accept.len();
        let mut up = vec![usize::MAX; self.nodes.len()];
        let mut leaf_of = vec![usize::MAX; states];
        let mut stack = vec![0usize];
        let mut reached = 0;
        while let Some(node) = stack.pop() {
            reached += 1;
            match self.nodes.get(node)? {
                LayerNode::Leaf(q) => {
                    let slot = leaf_of.get_mut(*q as usize)?;
                    if *slot != usize::MAX {
                        return None;
                    }
                    *slot = node;
                }
                LayerNode::Inner { child, .. } => {
                    for &c in child {
                        let c = c as usize;
                        if c == 0 || c >= self.nodes.len() || up[c] != usize::MAX {
                            return None;
                        }
                        up[c] = node;
                        stack.push(c);
                    }
                }
            }
        }
        let all = reached == self.nodes.len() && leaf_of.iter().all(|&l| l != usize::MAX);
        all.then_some((up, leaf_of))
    }

    /// The learner's tree of a well-formed layer, under `heaps` (made with
    /// the layer's stand-ins).
    fn tree(&self, heaps: &Heaps) -> Option<Tree> {
        let (up, leaf_of) = self.links()?;
        let letter_of = heaps.letter_of();
        Some(Tree {
            nodes: self.nodes.clone(),
            up,
            leaf_of,
            access: self.access.clone(),
            letters: heaps.letters.clone(),
            dfa: Dfa {
                letter_of,
                letters: heaps.letters.len(),
                trans: self.trans.clone(),
                accept: self.accept.clone(),
            },
        })
    }

    /// Whether this well-formed layer of heap `below.phi.len()` is proven
    /// (`below` the quotient of the heaps under it, `options` listed
    /// through its heap): its automaton commutes and passes the exact
    /// check of every sum with at most `layer` copies of the heap, made
    /// with each heap's own options, as the learner's check does.
    ///
    /// Errors: the budget's limits.
    pub fn holds(
        &self,
        below: &Candidate,
        options: &HeapOptions,
        budget: &mut Budget,
    ) -> Result<bool, SearchError> {
        if self.heap != below.phi.len() || options.len() <= self.heap || !self.well_formed() {
            return Ok(false);
        }
        let heaps = Heaps::new(below, options, Some(self.canon.clone()), None);
        let Some(tree) = self.tree(&heaps) else {
            return Ok(false);
        };
        let d = &tree.dfa;
        let letters = &heaps.letters;
        for x in 0..d.states() as u32 {
            budget.check_now()?;
            for (i, &a) in letters.iter().enumerate() {
                for &b in &letters[i + 1..] {
                    if d.step(d.step(x, a), b) != d.step(d.step(x, b), a) {
                        return Ok(false);
                    }
                }
            }
        }
        passes_exactly(&heaps, d, Some(self.layer), budget)
    }
}

/// What the learner of one heap is given beside the heap: a layer to go
/// on from (of this heap, [`Layer::holds`] checked), and where to hand each
/// layer it proves (a checkpoint's save, on the learner's thread).
#[derive(Clone, Copy, Default)]
pub(crate) struct Within<'a> {
    /// The layer to go on from.
    pub resume: Option<&'a Layer>,
    /// Called with each layer proven.
    pub publish: Option<&'a (dyn Fn(&Layer) + Sync)>,
}

/// The pretests ([`pretest`]) that gave up at an earlier heap, by the
/// number of copies of the new heap (bit `k`): skipped at later heaps,
/// whose sums are larger. On 0.54 from heap 52 on, the pretests of one
/// and three copies each reached their bound (and split nothing) at every
/// heap the learner placed, 1.3 to 2 s each of a heap's 5 to 7 s; on 0.07
/// none gives up below heap 34.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct PretestsGivenUp(pub(crate) u16);

/// A faithful candidate for heaps `0..=n` (`n = below.phi.len()`, at
/// most [`MAX_HEAP`]), `below` the quotient of heaps `0..n`, learned as
/// the module describes; `None` when a bound of the learner's own is met,
/// or once `stop` is set. Pretests in `given_up` are skipped, and those
/// that give up are added to it. With `within.resume` (a layer of heap
/// `n` that [`Layer::holds`]) the learner goes on from that layer, its
/// stand-ins and pretests; each layer it proves is handed to
/// `within.publish`. Errors: the budget's limits.
pub(crate) fn learned<'a>(
    below: &'a Candidate,
    options: &HeapOptions,
    budget: &mut Budget,
    stop: Option<&'a AtomicBool>,
    given_up: &mut PretestsGivenUp,
    within: Within<'_>,
) -> Result<Option<Candidate>, SearchError> {
    let n = below.phi.len();
    if n > MAX_HEAP {
        return Ok(None);
    }
    let mut heaps = Heaps::new(below, options, None, stop);
    // The automaton and tree proven for the layer below.
    let mut lower: Option<(Dfa, Tree)> = None;
    let mut k = 1;
    let mut tested = 0;
    // A layer resumed is proven: its folds are tried, then the next.
    let mut proven = false;
    if let Some(layer) = within.resume.filter(|l| l.heap == n) {
        heaps = Heaps::new(below, options, Some(layer.canon.clone()), stop);
        if let Some(tree) = layer.tree(&heaps) {
            lower = Some((tree.dfa.clone(), tree));
            k = layer.layer;
            tested = k;
            given_up.0 |= layer.given_up;
            proven = true;
        } else {
            heaps = Heaps::new(below, options, None, stop);
        }
    }
    while k <= MAX_LAYERS {
        if !std::mem::take(&mut proven) {
            if tested < k && given_up.0 & (1 << k) == 0 {
                tested = k;
                let split = match pretest(
                    &heaps,
                    below,
                    options,
                    k,
                    lower.as_ref().map(|l| &l.0),
                    budget,
                ) {
                    Ok(Some(split)) => split,
                    Ok(None) => {
                        given_up.0 |= 1 << k;
                        Vec::new()
                    }
                    Err(Stop::Limit(e)) => return Err(e),
                    // A pretest is only a shortcut: one stopped otherwise (the
                    // learner no longer wanted, the memory) did not give up.
                    Err(_) => Vec::new(),
                };
                if !split.is_empty() {
                    let mut canon = heaps.canon.clone();
                    for h in split {
                        canon[h as usize] = h;
                    }
                    heaps = Heaps::new(below, options, Some(canon), stop);
                }
            }
            let mut o = Oracle {
                heaps: &heaps,
                k,
                lower: lower.as_ref().map(|l| &l.0),
                fold: None,
                memo: BitMemo::new(),
                max_searched: MAX_SEARCHED,
                asked: 0,
            };
            match learn(
                &heaps,
                &mut o,
                Some(k),
                lower.as_ref().map(|l| &l.1),
                budget,
            ) {
                Ok(learned) => lower = Some(learned),
                Err(Stop::Split(w)) => {
                    let mut canon = heaps.canon.clone();
                    let mut changed = false;
                    for &h in &w {
                        if canon[h as usize] != h && !heaps.real[h as usize].is_empty() {
                            canon[h as usize] = h;
                            changed = true;
                        }
                    }
                    if !changed {
                        return Ok(None);
                    }
                    heaps = Heaps::new(below, options, Some(canon), stop);
                    continue;
                }
                Err(Stop::GiveUp) => return Ok(None),
                Err(Stop::Limit(e)) => return Err(e),
            }
            if let (Some(publish), Some((_, tree))) = (within.publish, lower.as_ref()) {
                publish(&Layer::of(&heaps, k, given_up.0, tree));
            }
        }
        let Some((dfa, tree)) = lower.as_ref() else {
            return Ok(None);
        };
        for period in 1..=k.min(4) {
            let mut o = Oracle {
                heaps: &heaps,
                k,
                lower: Some(dfa),
                fold: Some(period),
                memo: BitMemo::new(),
                max_searched: MAX_SEARCHED,
                asked: 0,
            };
            match learn(&heaps, &mut o, None, Some(tree), budget) {
                Ok((d, _)) => {
                    return match candidate(&d, &heaps, budget) {
                        Ok(c) => Ok(c),
                        Err(e @ SearchError::TimeLimit(_)) => Err(e),
                        Err(_) => Ok(None),
                    }
                }
                Err(Stop::Limit(e)) => return Err(e),
                Err(_) => {}
            }
        }
        k += 1;
    }
    Ok(None)
}

/// The heaps whose stand-ins already fail with `k` copies of heap `n`:
/// those `h` for which some `X` (nothing, one or two stand-ins) gives `h + X +
/// k·n` and `canon[h] + X + k·n` different outcomes, each sum searched
/// as it is (`lower`: the automaton proven for fewer copies). Splitting
/// them first spares the layer a restart once the check meets them (on
/// 0.07 at heap 30, two restarts of layer 2 cost 3 s of 9). `None` when
/// its searches reach their bound, [`PRETEST_SEARCHED`] sums.
fn pretest(
    heaps: &Heaps,
    below: &Candidate,
    options: &HeapOptions,
    k: usize,
    lower: Option<&Dfa>,
    budget: &mut Budget,
) -> Result<Option<Vec<u8>>, Stop> {
    let n = heaps.n;
    let own: Vec<u8> = (0..=n)
        .map(|h| {
            if h > 0 && !heaps.real[h].is_empty() {
                h as u8
            } else {
                0
            }
        })
        .collect();
    let exact = Heaps::new(below, options, Some(own), heaps.stop);
    let mut o = Oracle {
        heaps: &exact,
        k,
        lower,
        fold: None,
        memo: BitMemo::new(),
        max_searched: PRETEST_SEARCHED,
        asked: 0,
    };
    let tops = vec![n as u8; k];
    let mut split = Vec::new();
    for h in 1..n {
        let c = heaps.canon[h];
        if c as usize == h || heaps.real[h].is_empty() {
            continue;
        }
        let letters = &heaps.letters;
        let testers = std::iter::once(Vec::new())
            .chain(letters.iter().map(|&a| vec![a]))
            .chain(
                (0..letters.len())
                    .flat_map(|i| (i..letters.len()).map(move |j| vec![letters[i], letters[j]])),
            );
        for x in testers {
            let mine = join(&join(&[h as u8], &x), &tops);
            let theirs = join(&join(&[c], &x), &tops);
            let differ = o
                .member(&mine, budget)
                .and_then(|a| o.member(&theirs, budget).map(|b| a != b));
            match differ {
                Ok(true) => {
                    split.push(h as u8);
                    break;
                }
                Ok(false) => {}
                Err(Stop::GiveUp) if o.memo.len() >= o.max_searched => return Ok(None),
                Err(e) => return Err(e),
            }
        }
    }
    Ok(Some(split))
}

/// The automaton as a candidate: its states, the product of two the state
/// one reaches from the other by the heaps of its access sum (the
/// automaton commutes, so this is a commutative monoid), P its accepting
/// states.
fn candidate(
    d: &Dfa,
    heaps: &Heaps,
    budget: &mut Budget,
) -> Result<Option<Candidate>, SearchError> {
    let order = d.states();
    // Each state's parent and letter on a breadth-first tree from the
    // empty sum's state.
    let mut parent: Vec<Option<(u32, u8)>> = vec![None; order];
    let mut queue = vec![0u32];
    let mut head = 0;
    while head < queue.len() {
        let q = queue[head];
        head += 1;
        for &h in &heaps.letters {
            let r = d.step(q, h);
            if r != 0 && parent[r as usize].is_none() {
                parent[r as usize] = Some((q, h));
                queue.push(r);
            }
        }
    }
    if queue.len() != order {
        // A state no sum reaches: no monoid (never seen; refused anyway).
        return Ok(None);
    }
    let mut table: Vec<u32> = Vec::new();
    table.reserve_within(order * order, budget.max_memory())?;
    // Row x: x times each state, the states in breadth-first order so that
    // a state's parent comes before it: x·r = (x·parent)·letter.
    let mut row = vec![0u32; order];
    for x in 0..order as u32 {
        budget.check_now()?;
        row[0] = x;
        for &r in &queue[1..] {
            let (p, h) = parent[r as usize].unwrap_or((0, 0));
            row[r as usize] = d.step(row[p as usize], h);
        }
        table.extend_from_slice(&row);
    }
    let phi = (0..=heaps.n).map(|h| d.step(0, h as u8)).collect();
    Ok(Some(Candidate {
        monoid: BipartiteMonoid::from_valid_table(order, table, d.accept.clone()),
        phi,
    }))
}

#[cfg(test)]
pub(crate) mod tests {
    //! The dataflow that decides a passing check ([`passes_all`]) against
    //! the listing of the pairs ([`failures`]): in test builds every check
    //! the learner makes runs both (the test that learns is in
    //! `learn_checks.rs`, which may read the growth).
    use super::{Dfa, Pos};
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// Checks made with both methods, passing and failing.
    pub(crate) static PASSED: AtomicUsize = AtomicUsize::new(0);
    pub(crate) static FAILED: AtomicUsize = AtomicUsize::new(0);

    /// Panics unless the dataflow passes exactly when no failure is listed.
    pub(super) fn agree(passed: bool, found: &[Pos], d: &Dfa, bound: Option<usize>) {
        assert_eq!(
            passed,
            found.is_empty(),
            "the dataflow says {passed}, the listing found {:?} ({} states, bound {bound:?})",
            found.first(),
            d.states()
        );
        let count = if passed { &PASSED } else { &FAILED };
        count.fetch_add(1, Ordering::Relaxed);
    }
}
