//! Wythoff's game (games.md section 2): P-positions against search, the
//! integer formula against exact checks up to 10^18, every winning move of
//! both kinds in both conventions, and huge positions answered by theory.

use crate::heaps_common::*;
use grundy_engine::mex_table::QueenTable;
use grundy_engine::{Impartial, Limits, MisereSolver, Nimber, Outcome, Play, Solver};
use grundy_games::wythoff::{
    self, is_p, isqrt, lower, misere_is_p, partner, upper, Wythoff, MAX_HEAP, TABLE_CELLS,
};
use std::sync::Arc;

fn pairs(max: u64) -> Vec<(u64, u64)> {
    (0..=max)
        .flat_map(|a| (0..=max).map(move |b| (a, b)))
        .collect()
}

#[test]
fn p_positions_and_table_values_are_searched_to_60() {
    let g = Arc::new(Wythoff::new());
    let mut search = Solver::search_only(g.clone(), Limits::default());
    for (a, b) in pairs(60) {
        let v = search.value(&(a, b)).unwrap().0;
        assert_eq!(v == 0, is_p(a, b), "({a}, {b}) has value {v}");
        assert_eq!(
            g.closed_form(&(a, b)),
            Some(Nimber(v)),
            "table at ({a}, {b})"
        );
    }
}

/// Thin rectangles stress the bounds the table relies on (the windows
/// are only `4 * rows + 1` values wide).
#[test]
fn table_values_are_searched_on_thin_rectangles() {
    let mut search = Solver::search_only(Arc::new(Wythoff::new()), Limits::default());
    for rows in 0..=4u64 {
        let table = QueenTable::build(rows, 400, TABLE_CELLS).unwrap();
        for i in 0..=rows {
            for j in 0..=400 {
                let v = search.value(&(i, j)).unwrap().0;
                assert_eq!(table.get(i, j), Some(v), "({i}, {j}) in {rows} x 400");
            }
        }
    }
    assert!(
        QueenTable::build(5000, 5000, TABLE_CELLS).is_none(),
        "above TABLE_CELLS"
    );
}

/// The table against the definition computed naively (a fresh mex over
/// the whole row, column and diagonal of every cell), on a square too big
/// for quick search.
#[test]
fn table_values_are_the_naive_mex_to_150() {
    let n = 150usize;
    let mut g = vec![vec![0u64; n + 1]; n + 1];
    for i in 0..=n {
        for j in 0..=n {
            let mut seen = vec![false; 3 * n + 2];
            for k in 0..j {
                seen[g[i][k] as usize] = true;
            }
            for k in 0..i {
                seen[g[k][j] as usize] = true;
            }
            for t in 1..=i.min(j) {
                seen[g[i - t][j - t] as usize] = true;
            }
            g[i][j] = seen.iter().position(|&s| !s).unwrap() as u64;
        }
    }
    let table = QueenTable::build(n as u64, n as u64, TABLE_CELLS).unwrap();
    for (i, row) in g.iter().enumerate() {
        for (j, &v) in row.iter().enumerate() {
            assert_eq!(table.get(i as u64, j as u64), Some(v), "({i}, {j})");
        }
    }
}

#[test]
fn misere_p_positions_are_searched_to_30() {
    let g = Arc::new(Wythoff::new());
    let mut misere = MisereSolver::new(g, Limits::default());
    for (a, b) in pairs(30) {
        let wins = misere.mover_wins(&(a, b)).unwrap();
        assert_eq!(!wins, misere_is_p(a, b), "misère ({a}, {b})");
    }
}

#[test]
fn theory_moves_are_searched_moves() {
    let g = Arc::new(Wythoff::new());
    theory_matches(&g, &pairs(20), Play::Normal);
    theory_matches(&g, &pairs(20), Play::Misere);
}

/// The definition without phi: a_k is the least number not yet used by an
/// earlier pair, b_k = a_k + k.
#[test]
fn formula_is_the_mex_construction() {
    let n = 20_000u64;
    let mut used = vec![false; 3 * n as usize + 3];
    let mut a = 0usize;
    for k in 0..n {
        while used[a] {
            a += 1;
        }
        assert_eq!(lower(k), a as u64, "a_{k}");
        assert_eq!(upper(k), a as u64 + k, "b_{k}");
        used[a] = true;
        used[a + k as usize] = true;
    }
}

/// a = floor(k phi) iff a <= k phi < a + 1 iff (2a - k)^2 < 5k^2 < (2a + 2 - k)^2,
/// checked with squares rather than square roots.
fn is_floor_k_phi(k: u64, a: u64) -> bool {
    let (k, a) = (k as u128, a as u128);
    let five_k2 = 5 * k * k;
    let lo = 2 * a - k;
    let hi = 2 * a + 2 - k;
    lo * lo <= five_k2 && five_k2 < hi * hi
}

#[test]
fn formula_is_exact_near_10_18() {
    // k up to 10^18 / phi: every a_k that is a heap of the range.
    let k_max = 618_033_988_749_894_848u64;
    assert!(lower(k_max) <= MAX_HEAP && lower(k_max + 1) > MAX_HEAP);
    let mut ks: Vec<u64> = (0..2000).collect();
    ks.extend((0..2000).map(|i| k_max - i));
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..20_000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        ks.push(x % k_max);
    }
    for &k in &ks {
        assert!(is_floor_k_phi(k, lower(k)), "a_{k} = {}", lower(k));
        assert!(is_p(lower(k), upper(k)) && is_p(upper(k), lower(k)));
        assert_eq!(partner(lower(k)), upper(k), "partner of a_{k}");
        assert_eq!(partner(upper(k)), lower(k), "partner of b_{k}");
    }
    for n in [0u128, 1, 2, 3, 4, 15, 16, 17, u64::MAX as u128, u128::MAX] {
        let r = isqrt(n);
        assert!(
            r * r <= n && (r + 1).checked_mul(r + 1).is_none_or(|s| s > n),
            "isqrt {n}"
        );
    }
}

/// isqrt against its definition: every n below 2^16, squares and their
/// neighbours at every bit width, and random n of every width, up to the
/// largest u128 (where the float start is furthest off).
#[test]
fn isqrt_is_the_floor_of_the_root() {
    let check = |n: u128| {
        let r = isqrt(n);
        assert!(
            r * r <= n && (r + 1).checked_mul(r + 1).is_none_or(|s| s > n),
            "isqrt {n} = {r}"
        );
    };
    (0..1u128 << 16).for_each(check);
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for bits in 1..=64u32 {
        for _ in 0..200 {
            let r = (next() as u128) >> (64 - bits);
            let sq = r * r;
            let around = [
                sq.checked_sub(1),
                Some(sq),
                sq.checked_add(1),
                sq.checked_add(2 * r),
                sq.checked_add(2 * r + 1),
            ];
            around.into_iter().flatten().for_each(check);
        }
    }
    for bits in 1..=128u32 {
        for _ in 0..200 {
            let n = (((next() as u128) << 64) | next() as u128) >> (128 - bits);
            check(n);
        }
    }
    check(u128::MAX);
    check(u128::MAX - 1);
}

/// Beatty: near 10^18, every number is exactly one a_k or one b_k, the gaps
/// of the lower sequence are 1 or 2, and every number has a partner.
#[test]
fn sequences_partition_the_numbers_near_10_18() {
    let k0 = 618_033_988_749_890_000u64;
    let lows: Vec<u64> = (k0..k0 + 3000).map(lower).collect();
    for w in lows.windows(2) {
        assert!(matches!(w[1] - w[0], 1 | 2), "gap {w:?}");
    }
    let (from, to) = (lows[0], lows[lows.len() - 1]);
    // The first j with b_j >= from, by bisection (b is increasing).
    let (mut lo, mut hi) = (0u64, k0);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if upper(mid) < from {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    let highs: Vec<u64> = (lo..).map(upper).take_while(|&b| b <= to).collect();
    assert!(highs.len() > 500);
    let mut all = [lows, highs].concat();
    all.sort();
    let window: Vec<u64> = (from..=to).collect();
    assert_eq!(all, window, "a_k and b_k cover the window once each");
    for x in window {
        let p = partner(x);
        assert!(
            p != x && is_p(x, p) && partner(p) == x,
            "{x} and its partner {p}"
        );
    }
}

#[test]
fn huge_positions_are_answered_by_theory() {
    let family = build(wythoff::REGISTRATION, &[]).unwrap();
    let a = MAX_HEAP;
    let b = MAX_HEAP - 1;
    for play in [Play::Normal, Play::Misere] {
        let r = family
            .analyze(&[&a.to_string(), &b.to_string()], play)
            .unwrap();
        assert_eq!(r.outcome, Outcome::N);
        assert_eq!(r.value, None);
        if play == Play::Normal {
            assert!(
                r.notes.iter().any(|n| n.contains("too large")),
                "{:?}",
                r.notes
            );
        }
        // Heap 1 to the partner of heap 2, heap 2 to the partner of heap 1
        // (when smaller), and the diagonal move to difference 1's pair.
        assert!(!r.winning_moves.is_empty() && r.winning_moves.len() <= 3);
        for m in &r.winning_moves {
            let back = family.analyze(&[&m.to], play).unwrap();
            assert_eq!(back.outcome, Outcome::P, "{play} {} -> {}", m.label, m.to);
        }
    }
    // A P-position near the top of the range.
    let k = 380_000_000_000_000_000u64;
    assert!(upper(k) <= MAX_HEAP);
    let r = family
        .analyze(
            &[&upper(k).to_string(), &lower(k).to_string()],
            Play::Normal,
        )
        .unwrap();
    assert_eq!(r.outcome, Outcome::P);
}

#[test]
fn small_positions_get_their_value() {
    let family = build(wythoff::REGISTRATION, &[]).unwrap();
    let r = family.analyze(&["3", "7"], Play::Normal).unwrap();
    assert!(r.value.is_some_and(|v| v > 0));
    let r = family.analyze(&["3", "5"], Play::Normal).unwrap();
    assert_eq!((r.outcome, r.value), (Outcome::P, Some(0)));
    // (4, 6): neither heap reaches a partner of the other (4 pairs with 7,
    // 6 with 10); taking 1 from both reaches (3, 5).
    let r = family.analyze(&["4", "6"], Play::Normal).unwrap();
    let moves = move_pairs(&r);
    assert_eq!(moves, [("take 1 from both heaps", "3 5")]);
    // (9, 10): heap 1 down to 6 (10 pairs with 6), heap 2 cannot rise to
    // 15 (9's partner), and taking 8 from both reaches (1, 2).
    let r = family.analyze(&["9", "10"], Play::Normal).unwrap();
    let labels: Vec<&str> = r.winning_moves.iter().map(|m| m.label.as_str()).collect();
    assert_eq!(labels, ["heap 1: 9 -> 6", "take 8 from both heaps"]);
}

#[test]
fn text_contracts() {
    let g = Wythoff::new();
    for p in pairs(8) {
        round_trip(&g, &p);
        moves_are_options(&g, &p);
    }
    round_trip(&g, &(MAX_HEAP, 0));
    assert_eq!(g.components(&(5, 3)).unwrap(), vec![(3, 5)]);
    assert!(g.components(&(0, 0)).unwrap().is_empty());
}

#[test]
fn bad_input_is_an_error() {
    let over = (MAX_HEAP + 1).to_string();
    for bad in [
        &["3"][..],
        &["3", "4", "5"],
        &[],
        &["-3", "4"],
        &["3", "abc"],
        &[over.as_str(), "1"],
    ] {
        let r = analyze(wythoff::REGISTRATION, &[], bad, Play::Normal);
        assert!(r.is_err(), "{bad:?} accepted");
    }
}

/// The value table is built under the answer's time limit (issue 19):
/// `analyze wythoff 4000 4000 --time-limit 0.01` took 8 s building a
/// 16-million-cell table without reading the clock. With the time gone,
/// the outcome and the winning moves still come from Wythoff's theorem;
/// the value is missing, with a note naming the time limit.
#[test]
fn the_value_table_keeps_to_the_answers_time() {
    use grundy_api::GameOptions;
    use grundy_engine::Detail;
    use std::time::Duration;
    let limits = Limits {
        max_time: Some(Duration::ZERO),
        ..Limits::default()
    };
    let family = grundy_games::find("wythoff")
        .unwrap()
        .build(&GameOptions::default(), &limits)
        .unwrap();
    let a = family.analyze(&["4000", "4000"], Play::Normal).unwrap();
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(a.value, None);
    let to: Vec<&str> = a.winning_moves.iter().map(|m| m.to.as_str()).collect();
    assert_eq!(to, ["2472 4000", "4000 2472", "0 0"]);
    assert!(
        a.notes.iter().any(|n| n.contains("search time")),
        "{:?}",
        a.notes
    );

    // A short limit over three large positions, then a small one: each is
    // answered at once; the first large one's value is missing for the
    // time, and the table grows no more after that cut (so no later line
    // spends its time on a build of its own): the next ones are left to a
    // search too large for the state limit. The small one, inside what
    // the table holds, is valued.
    let limits = Limits {
        max_time: Some(Duration::from_millis(20)),
        ..Limits::default()
    };
    let family = grundy_games::find("wythoff")
        .unwrap()
        .build(&GameOptions::default(), &limits)
        .unwrap();
    for b in ["4000", "4001", "4002"] {
        let a = family
            .analyze_with(&["3000", b], Play::Normal, Detail::AllMoves)
            .unwrap();
        assert_eq!(
            a.outcome,
            Outcome::from_mover_wins(!is_p(3000, b.parse().unwrap()))
        );
        assert_eq!(a.value, None, "3000 {b}");
        let why = if b == "4000" {
            "search time"
        } else {
            "too large for search"
        };
        assert!(
            a.notes.iter().any(|n| n.contains(why)),
            "3000 {b}: {:?}",
            a.notes
        );
    }
    let a = family.analyze(&["5", "7"], Play::Normal).unwrap();
    assert_eq!(a.value, Some(1));
}
