//! Code parsing, normal form and the options of a heap.

use grundy_sequence::{naive_values, CodeError, HeapRule, Removal, TakeBreak};

fn code(s: &str) -> TakeBreak {
    TakeBreak::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

#[test]
fn normal_forms_round_trip() {
    for (given, normal) in [
        ("0.137", "0.137"),
        (".6", "0.6"),
        ("0.60", "0.6"),
        ("4.07", "4.07"),
        ("0.f", "0.F"),
        ("0x0.37", "0.37"),
        ("0o0.77", "0.77"),
        ("0xC.1", "C.1"),
        (" 0.007 ", "0.007"),
        ("0x0.8", "0x0.8"),
        ("0x0.9A", "0.9A"),
        ("0x8.1", "0x8.1"),
    ] {
        let c = code(given);
        assert_eq!(c.to_string(), normal, "{given}");
        assert_eq!(code(&c.to_string()), c);
    }
}

#[test]
fn bad_codes_are_refused_with_their_position() {
    let err = |s: &str| TakeBreak::parse(s).unwrap_err();
    assert!(matches!(
        err("0.8x"),
        CodeError::BadChar {
            ch: 'x',
            pos: 3,
            ..
        }
    ));
    assert!(matches!(err("0."), CodeError::NoDigits(_)));
    assert!(matches!(err(""), CodeError::Empty));
    assert!(matches!(err("0.000"), CodeError::NoMove(_)));
    assert!(matches!(err("137"), CodeError::MissingPoint(_)));
    assert!(matches!(
        err("0o0.18"),
        CodeError::NotOctal {
            ch: '8',
            pos: 5,
            ..
        }
    ));
    assert!(matches!(err("1.07"), CodeError::BadD0 { ch: '1', .. }));
    assert!(matches!(err("04.07"), CodeError::LongD0(_)));
    assert!(matches!(err("10.7"), CodeError::LongD0(_)));
    assert!(err("10.7")
        .to_string()
        .contains("more than one digit before the point"));
    assert!(matches!(
        err("-0.07"),
        CodeError::BadChar {
            ch: '-',
            pos: 0,
            ..
        }
    ));
    assert!(matches!(
        err("0.1.2"),
        CodeError::BadChar {
            ch: '.',
            pos: 3,
            ..
        }
    ));
    assert!(err("0.8x").to_string().contains("'x' at position 3"));
    // A digit over 7 in a code that is not marked hexadecimal.
    assert!(matches!(
        err("0.8"),
        CodeError::NotOctal {
            ch: '8',
            pos: 2,
            ..
        }
    ));
    assert!(matches!(
        err("0.19"),
        CodeError::NotOctal {
            ch: '9',
            pos: 3,
            ..
        }
    ));
    assert!(err("0.8").to_string().contains("over 7"));
}

#[test]
fn subtraction_sets_are_digit_three() {
    let c = TakeBreak::subtraction(&[1, 2, 4]).unwrap();
    assert_eq!(c.to_string(), "0.3303");
    assert!(c.is_subtraction());
    assert!(TakeBreak::subtraction(&[]).is_err());
    assert!(TakeBreak::subtraction(&[0, 2]).is_err());
}

#[test]
fn removals_decode_each_bit_of_each_digit() {
    let kinds = |c: &str| -> Vec<(usize, usize)> {
        code(c).removals().map(|r| (r.take, r.heaps)).collect()
    };
    assert_eq!(
        kinds("0.77"),
        [(1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2)]
    );
    assert_eq!(kinds("4.07"), [(0, 2), (2, 0), (2, 1), (2, 2)]);
    assert_eq!(kinds("C.1"), [(0, 2), (0, 3), (1, 0)]);
    assert_eq!(kinds("0.F"), [(1, 0), (1, 1), (1, 2), (1, 3)]);
    assert_eq!(kinds("0x0.08"), [(2, 3)]);
    assert_eq!(code("0.F").max_heaps(), 3);
    assert_eq!(code("4.01").max_heaps(), 2);
    assert_eq!(code("0.31").max_heaps(), 1);
    assert_eq!(code("0.1").max_heaps(), 0);
    assert!(code("0.31").is_subtraction() && !code("0.4").is_subtraction());
    // Leaving nothing needs exactly `take` counters; leaving heaps, one
    // counter per heap beyond them.
    let r = |take, heaps| Removal { take, heaps };
    assert!(r(2, 0).fits(2) && !r(2, 0).fits(3) && !r(2, 0).fits(1));
    assert!(r(2, 1).fits(3) && !r(2, 1).fits(2));
    assert!(r(0, 2).fits(2) && !r(0, 2).fits(1));
    assert!(r(1, 3).fits(4) && !r(1, 3).fits(3));
}

#[test]
fn options_of_small_heaps() {
    let collect = |rule: &HeapRule, n| {
        let mut v = Vec::new();
        rule.for_each_option(n, |p| v.push(p.to_vec()));
        v
    };
    let kayles = HeapRule::from(code("0.77"));
    assert_eq!(
        collect(&kayles, 4),
        vec![vec![3], vec![1, 2], vec![2], vec![1, 1]]
    );
    assert_eq!(collect(&kayles, 1), vec![Vec::<usize>::new()]);
    assert_eq!(
        collect(&HeapRule::GrundyGame, 6),
        vec![vec![1, 5], vec![2, 4]]
    );
    let hex = HeapRule::from(code("0x0.8"));
    assert_eq!(collect(&hex, 6), vec![vec![1, 1, 3], vec![1, 2, 2]]);
    let split = HeapRule::from(code("4.01"));
    assert_eq!(collect(&split, 4), vec![vec![1, 3], vec![2, 2]]);
    assert_eq!(kayles.name(), "octal 0.77");
    assert_eq!(hex.name(), "hexadecimal 0x0.8");
    assert_eq!(HeapRule::GrundyGame.name(), "grundy-game");
}

#[test]
fn known_starts() {
    let treblecross = naive_values(&code("0.007").into(), 19).unwrap();
    assert_eq!(
        treblecross,
        [0, 0, 0, 1, 1, 1, 2, 2, 0, 3, 3, 1, 1, 1, 0, 4, 3, 3, 3, 2]
    );
    let grundy = naive_values(&HeapRule::GrundyGame, 20).unwrap();
    assert_eq!(
        grundy,
        [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0]
    );
    let kayles = naive_values(&code("0.77").into(), 12).unwrap();
    assert_eq!(kayles, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
}
