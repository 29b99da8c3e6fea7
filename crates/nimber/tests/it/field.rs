//! Field laws of the nim-product, square, power, inverse and square root.

use grundy_nimber::Nimber;
use proptest::prelude::*;

fn n(x: u64) -> Nimber {
    Nimber(x)
}

#[test]
fn known_products() {
    // games.md §7.
    assert_eq!(n(2) * n(2), n(3));
    assert_eq!(n(2) * n(3), n(1));
    assert_eq!(n(4) * n(4), n(6));
    assert_eq!(n(8) * n(8), n(13));
    assert_eq!(n(16) * n(16), n(24));
    // Fermat 2-powers multiply like integers with distinct ones...
    assert_eq!(n(16) * n(256), n(4096));
    assert_eq!(n(1 << 16) * n(1 << 32), n(1 << 48));
    // ...and square to 3/2 of themselves.
    assert_eq!(n(1 << 32) * n(1 << 32), n(3 << 31));
    assert_eq!(n(1 << 32).square(), n(3 << 31));
}

#[test]
fn small_values_against_the_table_of_order_16() {
    // Conway's table for the field of order 16, row by row (ONAG ch. 6).
    let table: [[u64; 16]; 16] = [
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
        [0, 2, 3, 1, 8, 10, 11, 9, 12, 14, 15, 13, 4, 6, 7, 5],
        [0, 3, 1, 2, 12, 15, 13, 14, 4, 7, 5, 6, 8, 11, 9, 10],
        [0, 4, 8, 12, 6, 2, 14, 10, 11, 15, 3, 7, 13, 9, 5, 1],
        [0, 5, 10, 15, 2, 7, 8, 13, 3, 6, 9, 12, 1, 4, 11, 14],
        [0, 6, 11, 13, 14, 8, 5, 3, 7, 1, 12, 10, 9, 15, 2, 4],
        [0, 7, 9, 14, 10, 13, 3, 4, 15, 8, 6, 1, 5, 2, 12, 11],
        [0, 8, 12, 4, 11, 3, 7, 15, 13, 5, 1, 9, 6, 14, 10, 2],
        [0, 9, 14, 7, 15, 6, 1, 8, 5, 12, 11, 2, 10, 3, 4, 13],
        [0, 10, 15, 5, 3, 9, 12, 6, 1, 11, 14, 4, 2, 8, 13, 7],
        [0, 11, 13, 6, 7, 12, 10, 1, 9, 2, 4, 15, 14, 5, 3, 8],
        [0, 12, 4, 8, 13, 1, 9, 5, 6, 10, 2, 14, 11, 7, 15, 3],
        [0, 13, 6, 11, 9, 4, 15, 2, 14, 3, 8, 5, 7, 10, 1, 12],
        [0, 14, 7, 9, 5, 11, 2, 12, 10, 4, 13, 3, 15, 1, 8, 6],
        [0, 15, 5, 10, 1, 14, 4, 11, 2, 13, 7, 8, 3, 12, 6, 9],
    ];
    for (a, row) in table.iter().enumerate() {
        for (b, &p) in row.iter().enumerate() {
            assert_eq!(n(a as u64) * n(b as u64), n(p), "{a} * {b}");
        }
    }
}

#[test]
fn small_subfields_are_closed_exhaustively() {
    // Every pair below 256, checked against each subfield 2^(2^k) it fits in.
    for a in 0..256u64 {
        for b in 0..256u64 {
            let p = (n(a) * n(b)).value();
            for bound in [2u64, 4, 16, 256] {
                if a < bound && b < bound {
                    assert!(p < bound, "{a} * {b} = {p} leaves the field below {bound}");
                }
            }
        }
    }
}

#[test]
fn inverse_and_sqrt_of_edge_values() {
    assert_eq!(n(0).inverse(), None);
    assert_eq!(n(1).inverse(), Some(n(1)));
    assert_eq!(n(2).inverse(), Some(n(3)));
    assert_eq!(n(0).sqrt(), n(0));
    assert_eq!(n(1).sqrt(), n(1));
    assert_eq!(n(3).sqrt(), n(2));
    for x in [u64::MAX, 1 << 63, 1 << 32, (1 << 32) - 1, 0xffff, 0x1_0000] {
        let inv = n(x).inverse().expect("nonzero");
        assert_eq!(n(x) * inv, Nimber::ONE, "x = {x:#x}");
        assert_eq!(n(x).sqrt().square(), n(x), "x = {x:#x}");
    }
}

#[test]
fn every_inverse_and_root_below_2_pow_16() {
    for x in 1..=u16::MAX as u64 {
        let inv = n(x).inverse().expect("nonzero");
        assert!(inv.value() <= u16::MAX as u64);
        assert_eq!(n(x) * inv, Nimber::ONE, "x = {x}");
        let root = n(x).sqrt();
        assert!(root.value() <= u16::MAX as u64);
        assert_eq!(root * root, n(x), "x = {x}");
    }
}

#[test]
fn iterator_product_and_assign() {
    let xs = [n(2), n(3), n(8), n(8)];
    assert_eq!(xs.iter().product::<Nimber>(), n(13));
    assert_eq!(xs.into_iter().product::<Nimber>(), n(13));
    assert_eq!(
        std::iter::empty::<Nimber>().product::<Nimber>(),
        Nimber::ONE
    );
    let mut x = n(8);
    x *= n(8);
    assert_eq!(x, n(13));
    assert_eq!(xs.iter().sum::<Nimber>(), n(1));
}

#[test]
fn display_is_star_notation() {
    assert_eq!(n(0).to_string(), "0");
    assert_eq!(n(13).to_string(), "*13");
    assert_eq!(format!("{:?}", n(0)), "*0");
}

/// Values spread over all subfield sizes, not only full 64-bit words.
fn nimber() -> impl Strategy<Value = Nimber> {
    prop_oneof![
        any::<u64>(),
        any::<u32>().prop_map(u64::from),
        any::<u16>().prop_map(u64::from),
        any::<u8>().prop_map(u64::from),
    ]
    .prop_map(Nimber)
}

proptest! {
    #[test]
    fn commutative(a in nimber(), b in nimber()) {
        prop_assert_eq!(a * b, b * a);
    }

    #[test]
    fn associative(a in nimber(), b in nimber(), c in nimber()) {
        prop_assert_eq!((a * b) * c, a * (b * c));
    }

    #[test]
    fn distributes_over_nim_sum(a in nimber(), b in nimber(), c in nimber()) {
        prop_assert_eq!(a * (b + c), a * b + a * c);
    }

    #[test]
    fn one_is_the_identity_and_zero_absorbs(a in nimber()) {
        prop_assert_eq!(a * Nimber::ONE, a);
        prop_assert_eq!(Nimber::ONE * a, a);
        prop_assert_eq!(a * Nimber::ZERO, Nimber::ZERO);
    }

    #[test]
    fn inverse_inverts(a in nimber()) {
        match a.inverse() {
            None => prop_assert_eq!(a, Nimber::ZERO),
            Some(inv) => {
                prop_assert_eq!(a * inv, Nimber::ONE);
                prop_assert_eq!(inv.inverse(), Some(a));
            }
        }
    }

    #[test]
    fn sqrt_is_the_square_root(a in nimber()) {
        prop_assert_eq!(a.sqrt().square(), a);
        prop_assert_eq!(a.square().sqrt(), a);
    }

    #[test]
    fn square_is_self_product(a in nimber()) {
        prop_assert_eq!(a.square(), a * a);
    }

    #[test]
    fn pow_is_repeated_product(a in nimber(), e in 0u64..40) {
        let repeated = std::iter::repeat_n(a, e as usize).product::<Nimber>();
        prop_assert_eq!(a.pow(e), repeated);
    }

    #[test]
    fn pow_adds_exponents(a in nimber(), e in any::<u32>(), f in any::<u32>()) {
        let (e, f) = (u64::from(e), u64::from(f));
        prop_assert_eq!(a.pow(e + f), a.pow(e) * a.pow(f));
        prop_assert_eq!(a.pow(e * f), a.pow(e).pow(f));
    }

    #[test]
    fn pow_follows_the_group_order(a in nimber()) {
        // The multiplicative group has order 2^64 - 1.
        if a != Nimber::ZERO {
            prop_assert_eq!(a.pow(u64::MAX), Nimber::ONE);
            prop_assert_eq!(a.pow(u64::MAX - 1), a.inverse().unwrap());
        }
        prop_assert_eq!(a.pow(0), Nimber::ONE);
        prop_assert_eq!(a.pow(1 << 63).square(), a);
    }

    #[test]
    fn subfields_are_closed(a in any::<u64>(), b in any::<u64>(), k in 0u32..6) {
        let bits = 1u32 << k;
        let mask = (1u64 << bits) - 1;
        let (a, b) = (Nimber(a & mask), Nimber(b & mask));
        prop_assert!((a * b).value() <= mask);
        prop_assert!(a.square().value() <= mask);
        prop_assert!(a.sqrt().value() <= mask);
        if let Some(inv) = a.inverse() {
            prop_assert!(inv.value() <= mask);
        }
    }
}
