//! Tame quotients: those of nim itself.
//!
//! The tame quotient T_n is the misère quotient of nim with heaps below
//! `2^n` (T_1 of order 2, T_2 of order 6 for heaps 0..3). A quotient is
//! tame when it is isomorphic, as a bipartite monoid, to some T_n: such a
//! game is played in misère sums exactly like nim.

use crate::heaps::{grow, HeapGame};
use crate::monoid::BipartiteMonoid;
use crate::present::Presentation;
use grundy_engine::Limits;
use std::sync::OnceLock;

/// Nim: a heap of `n` moves to any smaller heap.
pub struct Nim;

impl HeapGame for Nim {
    fn options(&self, n: usize, f: &mut dyn FnMut(&[usize])) {
        f(&[]);
        for m in 1..n {
            f(&[m]);
        }
    }
    fn period_reach(&self) -> Option<u64> {
        None
    }
}

/// The largest `n` whose T_n is compared with: T_6 (heaps below 64).
const MAX_TAME: usize = 6;

/// The order of T_n: 1, 2, then `2^n + 2` (6, 10, 18, 34, 66), checked
/// against the computed quotients by a unit test.
fn tame_order(n: usize) -> usize {
    if n <= 1 {
        n + 1
    } else {
        (1 << n) + 2
    }
}

/// T_n (`n ≤ MAX_TAME`), computed the first time it is asked for.
fn tame_quotient(n: usize) -> &'static BipartiteMonoid {
    static TAME: [OnceLock<BipartiteMonoid>; MAX_TAME + 1] =
        [const { OnceLock::new() }; MAX_TAME + 1];
    TAME[n].get_or_init(|| {
        let limits = Limits {
            max_time: None,
            ..Limits::default()
        };
        grow(&Nim, (1usize << n) - 1, &limits)
            .expect("nim's quotients below 64 are small")
            .candidate
            .monoid
    })
}

/// Whether `m` is isomorphic to a tame quotient T_n with `n ≤ 6` (a tame
/// quotient of a larger order is reported not tame). Only the T_n of
/// `m`'s order is computed (T_6 takes a third of a second).
pub fn is_tame(m: &BipartiteMonoid) -> bool {
    (0..=MAX_TAME)
        .filter(|&n| tame_order(n) == m.order())
        .any(|n| isomorphic(m, tame_quotient(n)))
}

/// Whether the bipartite monoids `a` and `b` are isomorphic: a bijection
/// that keeps products and the P-portion. Searches the images of `a`'s
/// generators (its elements' least generating set found greedily) with
/// every partial map checked on the submonoid it determines.
pub fn isomorphic(a: &BipartiteMonoid, b: &BipartiteMonoid) -> bool {
    if a.order() != b.order() || a.p_portion().len() != b.p_portion().len() {
        return false;
    }
    let (pa, pb) = (profiles(a), profiles(b));
    let mut sa = pa.clone();
    let mut sb = pb.clone();
    sa.sort_unstable();
    sb.sort_unstable();
    if sa != sb {
        return false;
    }
    let all: Vec<u32> = (0..a.order() as u32).collect();
    let gens = Presentation::new(a, &all).generator_elements;
    let mut map = vec![u32::MAX; a.order()];
    map[0] = 0;
    extend(a, b, &gens, 0, &mut map, &pa, &pb)
}

/// What an isomorphism keeps of an element: whether it is in P, the
/// index and period of its powers, and how many elements it sends into P.
type Profile = (bool, usize, usize, usize);

fn profiles(m: &BipartiteMonoid) -> Vec<Profile> {
    (0..m.order() as u32)
        .map(|x| {
            let mut powers = vec![0u32, x];
            let (index, period) = loop {
                let next = m.mul(*powers.last().unwrap_or(&0), x);
                if let Some(i) = powers.iter().position(|&y| y == next) {
                    break (i, powers.len() - i);
                }
                powers.push(next);
            };
            let into_p = (0..m.order() as u32)
                .filter(|&z| m.in_p(m.mul(x, z)))
                .count();
            (m.in_p(x), index, period, into_p)
        })
        .collect()
}

/// Tries every image of `gens[i]` given the map so far (defined exactly
/// on the submonoid of `gens[..i]`).
fn extend(
    a: &BipartiteMonoid,
    b: &BipartiteMonoid,
    gens: &[u32],
    i: usize,
    map: &mut Vec<u32>,
    pa: &[Profile],
    pb: &[Profile],
) -> bool {
    if i == gens.len() {
        return true;
    }
    for image in 0..b.order() as u32 {
        if pa[gens[i] as usize] != pb[image as usize] {
            continue;
        }
        let mut trial = map.clone();
        if close(a, b, &gens[..=i], gens[i], image, &mut trial)
            && extend(a, b, gens, i + 1, &mut trial, pa, pb)
        {
            *map = trial;
            return true;
        }
    }
    false
}

/// Sends `g` to `image` and extends the map over the submonoid of `gens`;
/// false if that breaks products, the P-portion or injectivity.
fn close(
    a: &BipartiteMonoid,
    b: &BipartiteMonoid,
    gens: &[u32],
    g: u32,
    image: u32,
    map: &mut [u32],
) -> bool {
    if map[g as usize] != u32::MAX && map[g as usize] != image {
        return false;
    }
    map[g as usize] = image;
    let mut used = vec![false; b.order()];
    for &y in map.iter().filter(|&&y| y != u32::MAX) {
        if used[y as usize] {
            return false;
        }
        used[y as usize] = true;
    }
    let mut queue: Vec<u32> = (0..a.order() as u32)
        .filter(|&x| map[x as usize] != u32::MAX)
        .collect();
    let mut head = 0;
    while head < queue.len() {
        let x = queue[head];
        head += 1;
        if a.in_p(x) != b.in_p(map[x as usize]) {
            return false;
        }
        for &h in gens {
            let xy = a.mul(x, h);
            let fy = b.mul(map[x as usize], map[h as usize]);
            match map[xy as usize] {
                u32::MAX => {
                    if used[fy as usize] {
                        return false;
                    }
                    used[fy as usize] = true;
                    map[xy as usize] = fy;
                    queue.push(xy);
                }
                y if y != fy => return false,
                _ => {}
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tame_orders_are_those_of_nims_quotients() {
        for n in 0..=MAX_TAME {
            assert_eq!(tame_quotient(n).order(), tame_order(n), "T_{n}");
            assert!(is_tame(tame_quotient(n)), "T_{n}");
        }
    }
}
