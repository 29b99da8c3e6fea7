//! Agreement of the fast operations with the naive recursion of this crate
//! and with the independent `nimber` crate.

use grundy_nimber::{naive, Nimber};
use nimber::FiniteNimber;
use proptest::prelude::*;

fn oracle_mul(a: u64, b: u64) -> u64 {
    single(&(FiniteNimber::from(a) * FiniteNimber::from(b)))
}

/// The value of an oracle nimber known to lie below 2^64.
fn single(x: &FiniteNimber) -> u64 {
    match x.as_slice() {
        [w] => *w,
        other => panic!("oracle result {other:?} exceeds 64 bits"),
    }
}

#[test]
fn all_pairs_of_bytes() {
    for a in 0..256u64 {
        for b in 0..256u64 {
            let fast = (Nimber(a) * Nimber(b)).value();
            assert_eq!(fast, naive::mul(a, b), "{a} * {b} vs naive");
            assert_eq!(fast, oracle_mul(a, b), "{a} * {b} vs oracle");
        }
    }
}

#[test]
fn all_bytes_inverse_and_sqrt() {
    for a in 0..256u64 {
        let oracle = FiniteNimber::from(a);
        assert_eq!(
            Nimber(a).inverse().map(Nimber::value),
            oracle.inverse().map(|i| single(&i))
        );
        assert_eq!(Nimber(a).sqrt().value(), single(&oracle.sqrt()));
        assert_eq!(Nimber(a).sqrt().value(), naive::sqrt(a));
    }
}

#[test]
fn powers_of_two_against_both() {
    // The basis products, which the tables are built from.
    for i in 0..64 {
        for j in 0..64 {
            let (a, b) = (1u64 << i, 1u64 << j);
            let fast = (Nimber(a) * Nimber(b)).value();
            assert_eq!(fast, naive::mul(a, b), "2^{i} * 2^{j} vs naive");
            assert_eq!(fast, oracle_mul(a, b), "2^{i} * 2^{j} vs oracle");
        }
    }
}

#[test]
fn example_from_the_oracle_docs() {
    let p = Nimber(0x8000_0000_0000_0000) * Nimber(0x4000_0000_0000_0000);
    assert_eq!(p, Nimber(0xb9c5_9257_c544_5713));
}

/// Full words and words confined to the subfields.
fn word() -> impl Strategy<Value = u64> {
    prop_oneof![
        3 => any::<u64>(),
        1 => any::<u32>().prop_map(u64::from),
        1 => any::<u16>().prop_map(u64::from),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn product_matches_naive_and_oracle(a in word(), b in word()) {
        let fast = (Nimber(a) * Nimber(b)).value();
        prop_assert_eq!(fast, naive::mul(a, b));
        prop_assert_eq!(fast, oracle_mul(a, b));
    }

    #[test]
    fn square_matches_oracle(a in word()) {
        prop_assert_eq!(Nimber(a).square().value(), single(&FiniteNimber::from(a).square()));
    }

    #[test]
    fn inverse_and_sqrt_match_oracle(a in word()) {
        let oracle = FiniteNimber::from(a);
        prop_assert_eq!(
            Nimber(a).inverse().map(Nimber::value),
            oracle.inverse().map(|i| single(&i))
        );
        prop_assert_eq!(Nimber(a).sqrt().value(), single(&oracle.sqrt()));
    }
}

proptest! {
    // The naive inverse and root take ~100 naive products each.
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn inverse_and_sqrt_match_naive(a in any::<u64>()) {
        prop_assert_eq!(Nimber(a).inverse().map(Nimber::value), naive::inverse(a));
        prop_assert_eq!(Nimber(a).sqrt().value(), naive::sqrt(a));
    }
}
