//! `mex` and `mex_of` against a plain definition.

use grundy_nimber::{mex, mex_of, Nimber};
use proptest::prelude::*;
use std::collections::HashSet;

fn naive_mex(values: &[u64]) -> u64 {
    let set: HashSet<u64> = values.iter().copied().collect();
    (0..)
        .find(|v| !set.contains(v))
        .expect("a finite set misses some value")
}

#[test]
fn edge_cases() {
    assert_eq!(mex(&mut []), 0);
    assert_eq!(mex(&mut [1, 2, 3]), 0);
    assert_eq!(mex(&mut [0, 0, 0]), 1);
    assert_eq!(mex(&mut [u64::MAX, 0]), 1);
    assert_eq!(mex_of([Nimber(0), Nimber(2), Nimber(1)]), Nimber(3));
    assert_eq!(mex_of(std::iter::empty()), Nimber(0));
}

#[test]
fn full_ranges_at_every_bitset_size() {
    // 0..n in reverse order has mex n: exercises each word boundary.
    for n in [
        0u64, 1, 63, 64, 65, 127, 128, 255, 256, 257, 4095, 4096, 4097, 10_000,
    ] {
        let mut values: Vec<u64> = (0..n).rev().collect();
        assert_eq!(mex(&mut values), n, "0..{n}");
        if n > 0 {
            values.retain(|&v| v != n / 2);
            values.push(n + 5);
            assert_eq!(mex(&mut values), n / 2, "0..{n} without {}", n / 2);
        }
    }
}

/// Dense small values (where the mex is interesting) mixed with strays.
fn values(max_len: usize) -> impl Strategy<Value = Vec<u64>> {
    (0usize..max_len).prop_flat_map(|len| {
        let bound = (len as u64).max(1) + 2;
        prop::collection::vec(
            prop_oneof![8 => 0..bound, 1 => any::<u64>(), 1 => Just(u64::MAX)],
            len,
        )
    })
}

proptest! {
    #[test]
    fn matches_naive_small(mut v in values(300)) {
        let expected = naive_mex(&v);
        prop_assert_eq!(mex(&mut v), expected);
    }

    #[test]
    fn mex_of_matches(v in values(300)) {
        let expected = naive_mex(&v);
        prop_assert_eq!(mex_of(v.into_iter().map(Nimber)), Nimber(expected));
    }
}

proptest! {
    // Long option lists take the heap bitset; fewer cases keep debug runs fast.
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn matches_naive_large(mut v in values(9000)) {
        let expected = naive_mex(&v);
        prop_assert_eq!(mex(&mut v), expected);
    }
}
