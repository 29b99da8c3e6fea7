//! How long a misère position too large to search takes to be refused:
//! the size bounds (crates/games/src/mechanics/misere_bound.rs and the row games'
//! `search_size`) must answer "too large" at once, where a search ran into
//! the 60 s time limit. The tests check that these positions are refused
//! (crates/games/tests/it/*_misere_size.rs); this measures how fast, from
//! the registry as the front ends ask: build the family, analyze.

use criterion::{criterion_group, criterion_main, Criterion};
use grundy_api::GameOptions;
use grundy_engine::{GameError, Limits, Play, SearchError};
use std::hint::black_box;
use std::time::Duration;

/// A family's name, its options and a position too large to search.
type Case = (
    &'static str,
    &'static [(&'static str, &'static str)],
    &'static [&'static str],
);

const CASES: &[Case] = &[
    ("kayles", &[], &["200"]),
    ("grundy-game", &[], &["100"]),
    ("octal", &[("code", "0.137")], &["100"]),
    ("dawson-kayles", &[], &["40", "40"]),
    (
        "subtraction",
        &[("set", "1,3,4")],
        &["18446744073709551615"],
    ),
    ("xo-row", &[], &["..........X.........O........"]),
    (
        "kayles-row",
        &[],
        &["IIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIIII"],
    ),
    ("checkers", &[], &["1,2,3", "4,5,6", "7,8,9", "1", "2", "3"]),
    ("paint2xn", &[("n", "20")], &[]),
    ("paint2xn", &[("n", "12")], &[]),
    ("paint2xn", &[("n", "30")], &["1,1-2,10"]),
];

/// Builds the family and analyzes the position in misère play; the answer
/// must be the refusal, or the bench would measure something else.
fn refuse(name: &str, options: &[(&str, &str)], words: &[&str]) {
    let reg = grundy_games::find(name).expect("registered");
    let mut opts = GameOptions::default();
    for (k, v) in options {
        opts.set(k, v);
    }
    let limits = Limits {
        max_states: 10_000_000,
        max_time: Some(Duration::from_secs(2)),
        ..Limits::default()
    };
    let family = reg.build(&opts, &limits).unwrap();
    match family.analyze(words, Play::Misere) {
        Err(GameError::Search(SearchError::TooLarge { .. })) => {}
        other => panic!("{name} {words:?}: not refused: {:?}", other.map(|_| ())),
    }
}

fn misere_refusal(c: &mut Criterion) {
    let mut group = c.benchmark_group("misère refusal");
    for &(name, options, words) in CASES {
        let mut id = name.to_string();
        for (k, v) in options {
            id.push_str(&format!(" --{k} {v}"));
        }
        let shown = words.join(" ");
        if !shown.is_empty() {
            id.push(' ');
            id.push_str(&if shown.len() > 24 {
                format!("{}… ({} chars)", &shown[..16], shown.len())
            } else {
                shown
            });
        }
        group.bench_function(id, |b| {
            b.iter(|| refuse(black_box(name), options, black_box(words)))
        });
    }
    group.finish();
}

criterion_group!(benches, misere_refusal);
criterion_main!(benches);
