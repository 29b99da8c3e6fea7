//! The pirate game against a brute-force backward induction that tries
//! every division, and against the known results.

use grundy_games::pirates::{solve, Fate};
use std::collections::BTreeSet;

/// What becomes of a pirate in the brute force: overboard, or the set of
/// amounts he may get.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Brute {
    Overboard,
    Gold(BTreeSet<u32>),
}

/// Every division of `m` coins among `k` pirates.
fn divisions(k: usize, m: u32) -> Vec<Vec<u32>> {
    if k == 1 {
        return vec![vec![m]];
    }
    (0..=m)
        .flat_map(|first| {
            divisions(k - 1, m - first)
                .into_iter()
                .map(move |mut rest| {
                    rest.insert(0, first);
                    rest
                })
        })
        .collect()
}

/// Backward induction over the living pirates, trying every division and
/// every vote as the preferences dictate: a voter votes yes when a
/// rejection would kill him, or when the division gives him more than the
/// least he may get after a rejection.
fn brute(n: usize, m: u32) -> Vec<Brute> {
    let mut fates: Vec<Brute> = Vec::new();
    for k in 1..=n {
        let prev = fates.clone();
        let mut best: Option<(u32, Vec<Vec<u32>>)> = None;
        for d in divisions(k, m) {
            let yes = 1 + prev
                .iter()
                .zip(&d[1..])
                .filter(|(f, &g)| match f {
                    Brute::Overboard => true,
                    Brute::Gold(s) => g > *s.iter().next().unwrap(),
                })
                .count();
            if 2 * yes < k {
                continue;
            }
            match &mut best {
                Some((g, ds)) if *g == d[0] => ds.push(d),
                Some((g, _)) if *g > d[0] => {}
                _ => best = Some((d[0], vec![d])),
            }
        }
        fates = match best {
            None => std::iter::once(Brute::Overboard).chain(prev).collect(),
            Some((_, ds)) => (0..k)
                .map(|i| Brute::Gold(ds.iter().map(|d| d[i]).collect()))
                .collect(),
        };
    }
    fates
}

fn as_brute(f: &Fate) -> Brute {
    match f {
        Fate::Overboard => Brute::Overboard,
        f => Brute::Gold(f.amounts().into_iter().collect()),
    }
}

#[test]
fn equals_brute_force_for_small_games() {
    for m in 0..=5 {
        for n in 1..=9 {
            let fast: Vec<Brute> = solve(n, m).iter().map(as_brute).collect();
            assert_eq!(fast, brute(n, m), "n = {n}, m = {m}");
        }
    }
    // Beyond 2m + 2 pirates, where free votes and deaths begin.
    for n in 1..=12 {
        let fast: Vec<Brute> = solve(n, 1).iter().map(as_brute).collect();
        assert_eq!(fast, brute(n, 1), "n = {n}, m = 1");
    }
}

#[test]
fn five_pirates_one_hundred_coins() {
    let f = solve(5, 100);
    let sure: Vec<String> = f.iter().map(Fate::to_string).collect();
    assert_eq!(sure, ["98", "0", "1", "0", "1"]);
}

/// Up to 2m + 2 pirates every proposer lives; beyond, exactly when n - 2m
/// is a power of two (the classic result).
#[test]
fn who_survives_beyond_2m_plus_2() {
    for m in [1u32, 2, 7, 100] {
        for n in 1..=(2 * m as usize + 300) {
            let lives = solve(n, m)[0] != Fate::Overboard;
            let expected = n <= 2 * m as usize + 2 || (n - 2 * m as usize).is_power_of_two();
            assert_eq!(lives, expected, "n = {n}, m = {m}");
        }
    }
}

#[test]
fn up_to_2m_pirates_the_proposer_keeps_m_minus_half() {
    let m = 100;
    for n in 1..=200usize {
        let f = solve(n, m);
        assert_eq!(f[0], Fate::sure(m - (n as u32 - 1) / 2), "n = {n}");
        // The coins go one each to the pirates of the proposer's parity
        // two, four, ... ranks below him.
        for (i, fate) in f.iter().enumerate().skip(1) {
            let want = u32::from(i % 2 == 0);
            assert_eq!(*fate, Fate::sure(want), "n = {n}, pirate {}", i + 1);
        }
    }
}

#[test]
fn large_games_are_fast_enough_and_consistent() {
    let f = solve(10_000, 100);
    assert_eq!(f.len(), 10_000);
    // 10000 - 200 = 9800 is no power of two: the proposer dies, and so
    // does everyone down to 200 + 8192 = 8392 pirates.
    let dead = f.iter().take_while(|x| **x == Fate::Overboard).count();
    assert_eq!(dead, 10_000 - 8392);
    let total_high: u32 = f.iter().filter_map(|x| x.amounts().last().copied()).sum();
    assert!(total_high >= 100);
}
