//! A candidate quotient read off sampled outcomes, for the heaps where
//! guessing the new heap's element fails ([`crate::heaps`]).
//!
//! Each sum `G` of heaps `1..=n` met gets a signature: the misère
//! outcomes of `G + X` for every tester `X` (every sum of up to `tokens`
//! counters, every heap, every pair of heaps, then the members found for
//! the classes). Outcomes of sums without heap `n` are read off the
//! proven quotient of heaps `0..n`; the others are searched, move by
//! move, down to such sums, each smaller heap replaced by the least heap
//! with its element and option images in that quotient (a guess: they
//! may split once heap `n` comes). Sums with equal signatures are taken to be
//! equivalent; the classes, closed under products (the product of two
//! classes is the class of the sum of their first members), form the
//! candidate. It is only a guess, however many testers agree: the caller
//! proves it by the exact check ([`crate::grow::refine`]) before using it.

use crate::grow::{Budget, Candidate, HeapOptions};
use crate::monoid::BipartiteMonoid;
use grundy_engine::hash::FastMap;
use grundy_engine::SearchError;

/// Most classes a sampled candidate may have before it is given up.
const MAX_CLASSES: usize = 512;

/// Most sums whose outcomes one sampling stores before it is given up:
/// sampling is a guess, worth a bounded effort (a 16-byte entry each, some
/// 32 MB with the table's slack).
const MAX_SUMS: usize = 1_000_000;

/// Deepest line of play one sampling searches (the search recurses once a
/// move, in two frames of a few hundred bytes, within a wasm stack).
const MAX_DEPTH: usize = 1_000;

/// Misère outcomes of sorted sums of heaps, searched and remembered.
pub(crate) struct Outcomes<'a> {
    pub(crate) options: &'a HeapOptions,
    /// The proven quotient of the heaps below the last: the outcome of
    /// every sum without the last heap, read off at once.
    pub(crate) below: &'a Candidate,
    /// The outcomes searched, by the sum's key: a
    /// 64-bit hash of the multiset, made by adding one random word a heap,
    /// so a move's key is its sum's key plus a difference computed once.
    /// Two sums may share a key (about one chance in 10^7 at a million
    /// sums); that spoils a guess at most, which the exact check refuses.
    pub(crate) lost: FastMap<u64, bool>,
    /// `canon[h]`: the heap searched in place of heap `h` (see
    /// [`stand_ins`]); empty: every heap itself.
    pub(crate) canon: Vec<u32>,
    /// Each heap's moves, made once: see [`Move`]. Shared with the
    /// search's frames, which borrow `self` mutably.
    moves: std::rc::Rc<Vec<Vec<Move>>>,
    /// The random word of each heap (heaps `0..options.len()`, at most
    /// 256: larger heaps are never searched).
    words: std::rc::Rc<[u64]>,
}

/// One move of a heap, as the search needs it: the heaps left (their
/// stand-ins, as bytes), the change it makes to a sum's key, and the
/// product of their elements in the proven quotient (for the last
/// heap's moves only, the one case that reads it; 0 for the others).
struct Move {
    parts: Box<[u8]>,
    delta: u64,
    element: u32,
}

/// A sum as [`Outcomes::lost`] first reads it: its key, how many last
/// heaps it holds, and the product of the other heaps' elements in the
/// proven quotient.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Summary {
    key: u64,
    tops: usize,
    element: u32,
}

impl Summary {
    /// The empty sum's.
    const EMPTY: Summary = Summary {
        key: 0,
        tops: 0,
        element: 0,
    };
}

/// For each heap `h` below the last, the least heap with the same element
/// and the same option images in the quotient `below` of those heaps
/// (the last heap stands for itself). The two are one in `below`, not
/// necessarily in the quotient with the last heap (whose classes may
/// split): searching sums of stand-ins is a guess, like the rest of
/// sampling, that keeps the sums searched few (without it, 0.144 at heap
/// 20 exceeds [`MAX_SUMS`]).
pub(crate) fn stand_ins(below: &Candidate, options: &HeapOptions) -> Vec<u32> {
    let m = &below.monoid;
    let n = below.phi.len();
    let mut first: FastMap<(u32, Vec<u32>), u32> = FastMap::default();
    let mut canon: Vec<u32> = (0..=n as u32).collect();
    for h in 1..n {
        let mut images: Vec<u32> = options[h]
            .iter()
            .map(|o| m.product(o.iter().map(|&k| below.phi[k as usize])))
            .collect();
        images.sort_unstable();
        images.dedup();
        canon[h] = *first.entry((below.phi[h], images)).or_insert(h as u32);
    }
    canon
}

impl Outcomes<'_> {
    /// Whether the player to move loses the sum `pos` (sorted) in misère
    /// play: it has a move, and every move leads to a sum the next player
    /// wins.
    /// `None` past [`MAX_SUMS`] sums stored (or the state limit, if
    /// lower) or [`MAX_DEPTH`] moves deep: sampling then gives up, it
    /// never stops the growth for a limit of its own.
    pub(crate) fn lost(
        &mut self,
        pos: &[u32],
        budget: &mut Budget,
    ) -> Result<Option<bool>, SearchError> {
        match self.summary(pos) {
            Some(s) => self.lost_of_two(pos, s, &[], Summary::EMPTY, budget),
            // Past the heaps sampling is for: no guess.
            None => Ok(None),
        }
    }

    /// What [`Outcomes::lost`] reads first of a sum: its key, how many
    /// last heaps it holds, the product of the others' elements. `None`
    /// for a sum with a heap past those sampling is for.
    pub(crate) fn summary(&self, pos: &[u32]) -> Option<Summary> {
        let below = self.below;
        let m = &below.monoid;
        let top = below.phi.len();
        let mut s = Summary::EMPTY;
        for &h in pos {
            let h = self.stand_in(h) as usize;
            s.key = s.key.wrapping_add(*self.words.get(h)?);
            if h >= top {
                s.tops += 1;
            } else {
                s.element = m.mul(s.element, below.phi[h]);
            }
        }
        Some(s)
    }

    /// [`Outcomes::lost`] of the sum of `a` and `b`, whose summaries are
    /// `sa` and `sb`. The sum of the heaps' stand-ins is searched in its
    /// place; every sum searched below is made of stand-ins already. Most
    /// sums asked for are answered by the quotient or the memo from the
    /// summaries alone, before any sum is made.
    pub(crate) fn lost_of_two(
        &mut self,
        a: &[u32],
        sa: Summary,
        b: &[u32],
        sb: Summary,
        budget: &mut Budget,
    ) -> Result<Option<bool>, SearchError> {
        let m = &self.below.monoid;
        let key = sa.key.wrapping_add(sb.key);
        if sa.tops + sb.tops == 0 {
            return Ok(Some(m.in_p(m.mul(sa.element, sb.element))));
        }
        if let Some(&r) = self.lost.get(&key) {
            return Ok(Some(r));
        }
        let mut c: Vec<u8> = a.iter().chain(b).map(|&h| self.stand_in(h) as u8).collect();
        c.sort_unstable();
        self.lost_at(&c, key, 0, budget)
    }

    /// The heap searched in place of heap `h` (see [`stand_ins`]).
    #[inline]
    fn stand_in(&self, h: u32) -> u32 {
        self.canon.get(h as usize).copied().unwrap_or(h)
    }

    /// [`Outcomes::lost`] of `pos`, sorted and made of stand-ins, whose
    /// key is `key`.
    fn lost_at(
        &mut self,
        pos: &[u8],
        key: u64,
        depth: usize,
        budget: &mut Budget,
    ) -> Result<Option<bool>, SearchError> {
        let below = self.below;
        let m = &below.monoid;
        let top = below.phi.len();
        // How many last heaps the sum holds, and the heaps below them.
        let tops = pos.iter().rev().take_while(|&&h| h as usize >= top).count();
        let rest = &pos[..pos.len() - tops];
        if tops == 0 {
            // Every heap below the last: the proven quotient answers.
            return Ok(Some(
                m.in_p(m.product(rest.iter().map(|&h| below.phi[h as usize]))),
            ));
        }
        if let Some(&r) = self.lost.get(&key) {
            return Ok(Some(r));
        }
        let most = MAX_SUMS.min(usize::try_from(budget.max_states()).unwrap_or(usize::MAX));
        if self.lost.len() >= most || depth >= MAX_DEPTH {
            return Ok(None);
        }
        // The clock and the memory; the states are bounded above.
        budget.check(0)?;
        // With one last heap, its moves leave sums the quotient answers:
        // the rest's element times the move's.
        let rest_element =
            (tops == 1).then(|| m.product(rest.iter().map(|&h| below.phi[h as usize])));
        let moves = std::rc::Rc::clone(&self.moves);
        let r = self.search(pos, key, depth, rest_element, &moves, budget)?;
        if let Some(r) = r {
            self.lost.insert(key, r);
        }
        Ok(r)
    }

    /// The search of [`Outcomes::lost_at`] once the memo has no answer:
    /// `moves` are the heaps' moves.
    fn search(
        &mut self,
        pos: &[u8],
        key: u64,
        depth: usize,
        rest_element: Option<u32>,
        moves: &[Vec<Move>],
        budget: &mut Budget,
    ) -> Result<Option<bool>, SearchError> {
        let m = &self.below.monoid;
        let top = self.below.phi.len();
        let words = std::rc::Rc::clone(&self.words);
        let child = |h: usize, mv: &Move| key.wrapping_sub(words[h]).wrapping_add(mv.delta);
        // First what is known at once: a move the quotient answers or the
        // memo holds, to a lost sum, wins without searching anything.
        let mut any = false;
        for (i, &h) in pos.iter().enumerate() {
            if i > 0 && pos[i - 1] == h {
                continue;
            }
            let h = h as usize;
            for mv in &moves[h] {
                any = true;
                let known = match rest_element {
                    // The last heap moved, the only one: no last heap left.
                    Some(x) if h >= top => Some(m.in_p(m.mul(x, mv.element))),
                    _ => self.lost.get(&child(h, mv)).copied(),
                };
                if known == Some(true) {
                    return Ok(Some(false));
                }
            }
        }
        // Then the moves to sums not searched yet.
        let mut next: Vec<u8> = Vec::new();
        for i in 0..pos.len() {
            if i > 0 && pos[i - 1] == pos[i] {
                continue;
            }
            let h = pos[i] as usize;
            if rest_element.is_some() && h >= top {
                continue; // all answered above
            }
            for mv in &moves[h] {
                let key = child(h, mv);
                // Searching an earlier move may have settled this one.
                match self.lost.get(&key) {
                    Some(true) => return Ok(Some(false)),
                    Some(false) => continue,
                    None => {}
                }
                next.clear();
                next.extend_from_slice(&pos[..i]);
                next.extend_from_slice(&pos[i + 1..]);
                next.extend_from_slice(&mv.parts);
                debug_assert!(mv.parts.iter().all(|&k| k < pos[i]));
                next.sort_unstable();
                match self.lost_at(&next, key, depth + 1, budget)? {
                    None => return Ok(None),
                    Some(false) => {}
                    // A move to a lost sum: this one is won.
                    Some(true) => return Ok(Some(false)),
                }
            }
        }
        Ok(Some(any))
    }
}

/// Every sorted sum of heaps `1..=max` with at most `total` counters.
pub(crate) fn sums(max: u32, total: u32) -> Vec<Vec<u32>> {
    fn rec(max: u32, left: u32, prefix: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        let mut sorted = prefix.clone();
        sorted.reverse();
        out.push(sorted);
        for h in 1..=max.min(left) {
            prefix.push(h);
            rec(h, left - h, prefix, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    rec(max, total, &mut Vec::new(), &mut out);
    out
}

/// The sum of two sorted sums, sorted.
pub(crate) fn join(a: &[u32], b: &[u32]) -> Vec<u32> {
    let mut s: Vec<u32> = a.iter().chain(b).copied().collect();
    s.sort_unstable();
    s
}

/// Most rounds of [`sampled`]: each adds the classes' members found as
/// testers, until they add nothing.
const MAX_TESTER_ROUNDS: usize = 8;

/// The candidate for heaps `0..options.len()` read off the outcomes of
/// sums with testers (see the module comment), `below` the proven
/// quotient of the heaps but the last (whose sums' outcomes are read off
/// it, not searched: it must be that quotient). The testers are first
/// every sum of up to `tokens` counters, every heap and every pair of
/// heaps; then, round by round, the members found for the classes are
/// added as testers (the members of the quotient's elements tell every
/// two elements apart), until a round adds none. `None` when the classes
/// do not then form a commutative monoid, exceed [`MAX_CLASSES`], need
/// more than [`MAX_SUMS`] sums searched, or more than
/// [`MAX_TESTER_ROUNDS`] rounds.
pub fn sampled(
    below: &Candidate,
    options: &HeapOptions,
    tokens: u32,
    budget: &mut Budget,
) -> Result<Option<Candidate>, SearchError> {
    sampled_with(&mut Outcomes::new(below, options), tokens, budget)
}

impl<'a> Outcomes<'a> {
    /// The outcomes of sums of heaps `0..options.len()`, the last heap's
    /// sums searched down to those `below` answers; the smaller heaps
    /// searched through their stand-ins.
    pub(crate) fn new(below: &'a Candidate, options: &'a HeapOptions) -> Outcomes<'a> {
        Outcomes::with_stand_ins(below, options, true)
    }

    /// [`Outcomes::new`], with or without stand-ins.
    pub(crate) fn with_stand_ins(
        below: &'a Candidate,
        options: &'a HeapOptions,
        stand_in: bool,
    ) -> Outcomes<'a> {
        debug_assert_eq!(below.phi.len() + 1, options.len());
        let canon = if stand_in {
            stand_ins(below, options)
        } else {
            Vec::new()
        };
        // Heaps past a byte are never searched (`lost` gives up on them).
        let heaps = options.len().min(256);
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let words: Vec<u64> = (0..heaps).map(|_| splitmix(&mut state)).collect();
        let top = below.phi.len();
        let m = &below.monoid;
        let moves = (0..heaps)
            .map(|h| {
                options[h]
                    .iter()
                    .map(|option| {
                        let parts: Box<[u8]> = option
                            .iter()
                            .map(|&k| canon.get(k as usize).copied().unwrap_or(k) as u8)
                            .collect();
                        let delta = parts
                            .iter()
                            .fold(0u64, |d, &k| d.wrapping_add(words[k as usize]));
                        // Parts are below the heap moved, so below the
                        // last heap when the last heap moved.
                        let element = if h >= top {
                            m.product(parts.iter().map(|&k| below.phi[k as usize]))
                        } else {
                            0
                        };
                        Move {
                            parts,
                            delta,
                            element,
                        }
                    })
                    .collect()
            })
            .collect();
        Outcomes {
            options,
            below,
            lost: FastMap::default(),
            canon,
            moves: std::rc::Rc::new(moves),
            words: words.into(),
        }
    }
}

/// The next word of the SplitMix64 generator from `state`: the heaps'
/// random words, the same in every run (here and in [`crate::learn`]).
pub(crate) fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// [`sampled`] with the outcomes searched so far (by earlier calls with
/// fewer tokens: a sum's outcome does not depend on the testers, and
/// each call meets mostly the sums the last one searched; on 0.144 at
/// heap 20 the calls with 8, 14 and 20 tokens search 561,662, 561,958 and
/// 573,237 sums, nearly all the same).
pub(crate) fn sampled_with(
    outcomes: &mut Outcomes<'_>,
    tokens: u32,
    budget: &mut Budget,
) -> Result<Option<Candidate>, SearchError> {
    let options = outcomes.options;
    let n = options.len() as u32 - 1;
    let mut testers = sums(n, tokens);
    for a in 1..=n {
        for b in 0..=a {
            let t = if b == 0 { vec![a] } else { vec![b, a] };
            if t.iter().sum::<u32>() > tokens {
                testers.push(t);
            }
        }
    }
    let mut known: std::collections::HashSet<Vec<u32>> = testers.iter().cloned().collect();
    for _ in 0..MAX_TESTER_ROUNDS {
        let Some((reps, phi, table)) = classes(outcomes, &testers, n, budget)? else {
            return Ok(None);
        };
        let before = testers.len();
        for r in &reps {
            if known.insert(r.clone()) {
                testers.push(r.clone());
            }
        }
        if testers.len() > before {
            continue;
        }
        let mut p = Vec::with_capacity(reps.len());
        for r in &reps {
            match outcomes.lost(r, budget)? {
                Some(lost) => p.push(lost),
                None => return Ok(None),
            }
        }
        let order = reps.len();
        return Ok(
            BipartiteMonoid::from_table(order, table, p).map(|monoid| Candidate { monoid, phi })
        );
    }
    Ok(None)
}

/// The classes of sums under `testers`: each class's first member found,
/// each heap's class, the product table (row-major, the class of the sum
/// of two classes' members); `None` past [`MAX_CLASSES`] or
/// [`MAX_SUMS`].
pub(crate) type Classes = (Vec<Vec<u32>>, Vec<u32>, Vec<u32>);

pub(crate) fn classes(
    outcomes: &mut Outcomes<'_>,
    testers: &[Vec<u32>],
    n: u32,
    budget: &mut Budget,
) -> Result<Option<Classes>, SearchError> {
    let mut summaries = Vec::with_capacity(testers.len());
    for x in testers {
        match outcomes.summary(x) {
            Some(s) => summaries.push(s),
            None => return Ok(None),
        }
    }
    let mut signature =
        |g: &[u32], budget: &mut Budget| -> Result<Option<Vec<bool>>, SearchError> {
            let Some(sg) = outcomes.summary(g) else {
                return Ok(None);
            };
            let mut s = Vec::with_capacity(testers.len());
            for (x, &sx) in testers.iter().zip(&summaries) {
                match outcomes.lost_of_two(g, sg, x, sx, budget)? {
                    Some(r) => s.push(r),
                    None => return Ok(None),
                }
            }
            Ok(Some(s))
        };
    // Classes by signature, each with its first member; heaps first, so
    // that every heap's class is known.
    let mut class_of: FastMap<Vec<bool>, u32> = FastMap::default();
    let mut reps: Vec<Vec<u32>> = Vec::new();
    let mut class = |g: Vec<u32>,
                     budget: &mut Budget,
                     class_of: &mut FastMap<Vec<bool>, u32>,
                     reps: &mut Vec<Vec<u32>>|
     -> Result<Option<u32>, SearchError> {
        let Some(s) = signature(&g, budget)? else {
            return Ok(None);
        };
        let next = reps.len() as u32;
        let c = *class_of.entry(s).or_insert(next);
        if c == next {
            reps.push(g);
        }
        Ok(Some(c))
    };
    if class(Vec::new(), budget, &mut class_of, &mut reps)?.is_none() {
        return Ok(None);
    }
    let mut phi = vec![0u32];
    for h in 1..=n {
        match class(vec![h], budget, &mut class_of, &mut reps)? {
            Some(c) => phi.push(c),
            None => return Ok(None),
        }
    }
    // Close under products: the table row by row, new classes appended.
    let mut table: Vec<Vec<u32>> = Vec::new();
    let mut i = 0;
    while i < reps.len() {
        if reps.len() > MAX_CLASSES {
            return Ok(None);
        }
        let mut row = Vec::with_capacity(reps.len());
        for j in 0..reps.len() {
            let g = join(&reps[i], &reps[j]);
            match class(g, budget, &mut class_of, &mut reps)? {
                Some(c) => row.push(c),
                None => return Ok(None),
            }
        }
        table.push(row);
        i += 1;
    }
    let order = reps.len();
    // Rows made before the last classes appeared are completed.
    let mut full = vec![0u32; order * order];
    for x in 0..order {
        for y in 0..order {
            full[x * order + y] = if y < table[x].len() {
                table[x][y]
            } else {
                table[y][x]
            };
        }
    }
    Ok(Some((reps, phi, full)))
}
