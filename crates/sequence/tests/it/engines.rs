//! The methods agree with each other and with the reference, and the known
//! facts about periods are reproduced.

use grundy_sequence::{
    compute, naive_values, Control, HeapRule, Method, Sequence, TakeBreak, Value,
};
use proptest::prelude::*;

fn rule(code: &str) -> HeapRule {
    TakeBreak::parse(code).unwrap().into()
}

fn ctl(method: Method) -> Control {
    Control {
        method,
        threads: 2,
        use_period: false,
        ..Control::default()
    }
}

fn values(rule: &HeapRule, n: u64, method: Method) -> Vec<Value> {
    compute(rule.clone(), n, &ctl(method))
        .unwrap()
        .values()
        .to_vec()
}

/// Every code d1 d2 d3 in octal digits with d0 = 0 (and a sample with
/// d0 = 4): naive, rc and parallel give the same values to heap 2000
/// (`cargo test --release`); to heap 600 in a debug build, where the
/// quadratic reference would take a minute.
#[test]
fn methods_agree_on_all_three_digit_codes() {
    let mut codes = Vec::new();
    for d in 1..512u32 {
        codes.push(format!("0.{}{}{}", d >> 6, (d >> 3) & 7, d & 7));
    }
    for d in (1..512u32).step_by(37) {
        codes.push(format!("4.{}{}{}", d >> 6, (d >> 3) & 7, d & 7));
    }
    let n = if cfg!(debug_assertions) { 600 } else { 2000 };
    for code in codes {
        let r = rule(&code);
        let naive = values(&r, n, Method::Naive);
        assert_eq!(values(&r, n, Method::Rc), naive, "rc on {code}");
        assert_eq!(values(&r, n, Method::Parallel), naive, "parallel on {code}");
    }
}

#[test]
fn methods_agree_with_the_reference() {
    for code in [
        "0.77", "0.6", "0.137", "4.07", "0.F", "0x0.8", "0.123", "0.7F",
    ] {
        let r = rule(code);
        let reference = naive_values(&r, 300).unwrap();
        for m in [Method::Naive, Method::Rc, Method::Parallel] {
            assert_eq!(values(&r, 300, m), reference, "{code} {m:?}");
        }
    }
    let reference = naive_values(&HeapRule::GrundyGame, 1500).unwrap();
    for m in [Method::Naive, Method::Rc, Method::Parallel] {
        assert_eq!(
            values(&HeapRule::GrundyGame, 1500, m),
            reference,
            "grundy {m:?}"
        );
    }
}

/// Long runs exercise the mask reviews and the parallel blocks.
#[test]
fn rc_and_parallel_agree_far() {
    for r in [
        rule("0.6"),
        rule("0.007"),
        HeapRule::GrundyGame,
        rule("0.26"),
    ] {
        let naive = values(&r, 8_000, Method::Naive);
        assert_eq!(values(&r, 8_000, Method::Rc), naive, "{}", r.name());
        assert_eq!(values(&r, 8_000, Method::Parallel), naive, "{}", r.name());
    }
}

/// Codes whose fast split needs the heap's parity (0.106), a mask with a
/// high bit (0.567, values past 1024) or turns over as the values change,
/// and a sample of others: rare/common and parallel agree with the naive
/// method to 30000 and with each other to 200000 (release builds; a
/// debug build goes to a tenth of that).
#[test]
fn methods_agree_at_full_size_on_a_sample() {
    let scale = if cfg!(debug_assertions) { 10 } else { 1 };
    for code in [
        "0.106", "0.567", "0.376", "0.6", "0.007", "0.165", "0.4", "4.6", "0.16",
    ] {
        let r = rule(code);
        let n = 30_000 / scale;
        let naive = values(&r, n, Method::Naive);
        assert_eq!(values(&r, n, Method::Rc), naive, "rc on {code}");
        assert_eq!(values(&r, n, Method::Parallel), naive, "parallel on {code}");
        let n = 200_000 / scale;
        let rc = values(&r, n, Method::Rc);
        assert_eq!(values(&r, n, Method::Parallel), rc, "parallel on {code}");
    }
}

/// The parallel method hands batches out to whichever thread asks first:
/// any thread count gives the same values.
#[test]
fn parallel_agrees_for_any_thread_count() {
    for r in [rule("0.6"), HeapRule::GrundyGame] {
        let reference = values(&r, 6_000, Method::Rc);
        for threads in [1, 3] {
            let ctl = Control {
                threads,
                ..ctl(Method::Parallel)
            };
            let got = compute(r.clone(), 6_000, &ctl).unwrap();
            assert_eq!(
                got.values().to_vec(),
                reference,
                "{} threads {threads}",
                r.name()
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn random_codes_rc_equals_naive(d0 in prop::sample::select(vec![0u8, 4]), digits in prop::collection::vec(0u8..8, 1..6), n in 50u64..800) {
        let text = format!("{d0}.{}", digits.iter().map(|d| d.to_string()).collect::<String>());
        prop_assume!(digits.iter().any(|&d| d != 0));
        let r = rule(&text);
        let reference = naive_values(&r, n as usize).unwrap();
        prop_assert_eq!(values(&r, n, Method::Rc), reference.clone());
        prop_assert_eq!(values(&r, n, Method::Parallel), reference);
    }
}

fn proven(code: &str) -> (u64, u64) {
    let seq = compute(rule(code), 1000, &Control::default()).unwrap();
    let p = seq.period().unwrap();
    assert!(p.proven, "{code} not proven");
    (p.preperiod, p.period)
}

#[test]
fn known_periods_are_proven() {
    // Kayles: period 12, last exceptional value at heap 70.
    assert_eq!(proven("0.77"), (71, 12));
    assert_eq!(proven("0.137"), (52, 34));
    assert_eq!(proven("0.07"), (53, 34));
    // Subtraction game {1, 2}: 0 1 2 0 1 2 ...
    assert_eq!(proven("0.33"), (0, 3));
}

/// A proof is checked by computing much further than it needed.
#[test]
fn proofs_hold_beyond_their_range() {
    for code in [
        "0.77", "0.137", "0.07", "0.33", "0.3003", "4.07", "0.51", "0.F3",
    ] {
        let r = rule(code);
        let mut seq = Sequence::new(r.clone());
        let mut found = None;
        let mut n = 64;
        while found.is_none() && n < 20_000 {
            seq.extend_to(n, &Control::default()).unwrap();
            found = seq.proven_period();
            n *= 2;
        }
        let Some(p) = found else { continue };
        let far = (p.preperiod + p.period) * 6 + 500;
        let plain = values(&r, far, Method::Naive);
        for k in 0..=far {
            assert_eq!(
                p.value_at(seq.values(), k),
                plain[k as usize],
                "{code} heap {k}"
            );
        }
        // And the period is the least one with the least pre-period.
        let n0 = p.preperiod as usize;
        let per = p.period as usize;
        if n0 > 0 {
            assert_ne!(plain[n0 - 1], plain[n0 - 1 + per], "{code}");
        }
        for q in 1..per {
            assert!(
                (n0..far as usize - q).any(|k| plain[k] != plain[k + q]),
                "{code} q {q}"
            );
        }
    }
}

#[test]
fn proven_periods_extend_the_sequence() {
    let seq = compute(rule("0.137"), 1_000_000, &Control::default()).unwrap();
    assert_eq!(seq.values().len(), 1_000_001);
    let p = seq.proven_period().unwrap();
    assert_eq!(
        seq.values()[1_000_000],
        seq.values()[52 + (1_000_000 - 52) % 34]
    );
    assert_eq!(p.period, 34);
}

#[test]
fn grundys_game_is_never_proven() {
    let seq = compute(HeapRule::GrundyGame, 3000, &Control::default()).unwrap();
    assert!(seq.period().is_none_or(|p| !p.proven));
}

#[test]
fn huge_requests_are_refused_before_allocating() {
    let ctl = Control {
        memory_limit: Some(1 << 30),
        ..Control::default()
    };
    let err = compute(rule("0.6"), 10_000_000_000, &ctl).err().unwrap();
    assert!(err.to_string().contains("MiB"), "{err}");
    let err = compute(rule("0.6"), u64::MAX, &Control::default())
        .err()
        .unwrap();
    assert!(err.to_string().contains("memory"), "{err}");
}
