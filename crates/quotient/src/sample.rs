//! A candidate quotient read off sampled outcomes, for the heaps where
//! guessing the new heap's element fails ([`crate::heaps`]).
//!
//! Each sum `G` of heaps `1..=n` met gets a signature: the misère
//! outcomes, by direct search, of `G + X` for every tester `X` (every sum
//! of up to `tokens` counters, every heap, every pair of heaps). Sums with
//! equal signatures are taken to be equivalent; the classes, closed under products (the product of two
//! classes is the class of the sum of their least members), form the
//! candidate. It is only a guess, however many testers agree: the caller
//! proves it by the exact check ([`crate::grow::refine`]) before using it.

use crate::grow::{Budget, Candidate, HeapOptions};
use crate::monoid::BipartiteMonoid;
use grundy_engine::hash::FastMap;
use grundy_engine::SearchError;

/// Most classes a sampled candidate may have before it is given up.
const MAX_CLASSES: usize = 512;

/// Most sums whose outcomes one sampling stores before it is given up:
/// sampling is a guess, worth a bounded effort (about 100 MB).
const MAX_SUMS: usize = 1_000_000;

/// Deepest line of play one sampling searches (the search recurses once a
/// move: a few hundred bytes of stack a move, within a wasm stack).
const MAX_DEPTH: usize = 1_000;

/// Misère outcomes of sorted sums of heaps, searched and remembered.
struct Outcomes<'a> {
    options: &'a HeapOptions,
    lost: FastMap<Vec<u32>, bool>,
}

impl Outcomes<'_> {
    /// Whether the player to move loses the sum `pos` (sorted) in misère
    /// play: it has a move, and every move leads to a sum the next player
    /// wins.
    /// `None` past [`MAX_SUMS`] sums stored (or the state limit, if
    /// lower) or [`MAX_DEPTH`] moves deep: sampling then gives up, it
    /// never stops the growth for a limit of its own.
    fn lost(&mut self, pos: &[u32], budget: &mut Budget) -> Result<Option<bool>, SearchError> {
        self.lost_at(pos, 0, budget)
    }

    fn lost_at(
        &mut self,
        pos: &[u32],
        depth: usize,
        budget: &mut Budget,
    ) -> Result<Option<bool>, SearchError> {
        if let Some(&r) = self.lost.get(pos) {
            return Ok(Some(r));
        }
        let most = MAX_SUMS.min(usize::try_from(budget.max_states()).unwrap_or(usize::MAX));
        if self.lost.len() >= most || depth >= MAX_DEPTH {
            return Ok(None);
        }
        // The clock and the memory; the states are bounded above.
        budget.check(0)?;
        let mut any = false;
        let mut lost = true;
        'parts: for i in 0..pos.len() {
            if i > 0 && pos[i - 1] == pos[i] {
                continue;
            }
            for option in &self.options[pos[i] as usize] {
                any = true;
                let mut next: Vec<u32> = pos[..i].iter().chain(&pos[i + 1..]).copied().collect();
                next.extend(option.iter().copied());
                next.sort_unstable();
                match self.lost_at(&next, depth + 1, budget)? {
                    None => return Ok(None),
                    Some(false) => continue,
                    Some(true) => {}
                }
                lost = false;
                break 'parts;
            }
        }
        let r = any && lost;
        self.lost.insert(pos.to_vec(), r);
        Ok(Some(r))
    }
}

/// Every sorted sum of heaps `1..=max` with at most `total` counters.
fn sums(max: u32, total: u32) -> Vec<Vec<u32>> {
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
fn join(a: &[u32], b: &[u32]) -> Vec<u32> {
    let mut s: Vec<u32> = a.iter().chain(b).copied().collect();
    s.sort_unstable();
    s
}

/// The candidate for heaps `0..options.len()` read off the outcomes of
/// sums with the testers of `tokens` (see the module comment); `None` when
/// the classes do not form a commutative monoid (too few testers), exceed
/// [`MAX_CLASSES`], or need more than [`MAX_SUMS`] sums searched.
pub fn sampled(
    options: &HeapOptions,
    tokens: u32,
    budget: &mut Budget,
) -> Result<Option<Candidate>, SearchError> {
    let n = options.len() as u32 - 1;
    let mut outcomes = Outcomes {
        options,
        lost: FastMap::default(),
    };
    // Every sum of up to `tokens` counters, every heap and every pair of
    // heaps.
    let mut testers = sums(n, tokens);
    for a in 1..=n {
        for b in 0..=a {
            let t = if b == 0 { vec![a] } else { vec![b, a] };
            if t.iter().sum::<u32>() > tokens {
                testers.push(t);
            }
        }
    }
    // `None` once the sums searched exceed MAX_SUMS.
    let mut signature =
        |g: &[u32], budget: &mut Budget| -> Result<Option<Vec<bool>>, SearchError> {
            let mut s = Vec::with_capacity(testers.len());
            for x in &testers {
                match outcomes.lost(&join(g, x), budget)? {
                    Some(r) => s.push(r),
                    None => return Ok(None),
                }
            }
            Ok(Some(s))
        };
    // Classes by signature, each with its least member; heaps first, so
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
    let mut p = Vec::with_capacity(order);
    for r in &reps {
        match outcomes.lost(r, budget)? {
            Some(lost) => p.push(lost),
            None => return Ok(None),
        }
    }
    Ok(BipartiteMonoid::from_table(order, full, p).map(|monoid| Candidate { monoid, phi }))
}
