//! What `seq --summary` reports of a value sequence instead of its values:
//! the period, the largest value and where it first occurs, and how often
//! each value occurs.

#[cfg(test)]
use crate::SeqValues;
use crate::{GameError, Period, SeqReport};
use serde::Serialize;
use std::collections::BTreeMap;

/// A value sequence summarised (the `seq --summary --json` document).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeqSummary {
    /// The game as the user named it (as in [`SeqReport::game`]).
    pub game: String,
    /// The take-and-break code, for games that have one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// The largest heap summarised: heaps `0..=n`.
    pub n: u64,
    /// The period found, as in [`SeqReport::period`].
    pub period: Option<Period>,
    /// The largest heap whose value was computed.
    pub computed_to: u64,
    /// The largest value among heaps `0..=n`.
    pub largest: u64,
    /// The smallest heap with the largest value.
    pub largest_at: u64,
    /// How many heaps of `0..=n` have each value, by value: every value
    /// below 2^16, and at most [`MAX_LARGE_VALUES`] values above it (the
    /// first met, by heap).
    pub counts: BTreeMap<u64, u64>,
    /// Heaps whose value is not in `counts`: a value of 2^16 or more met
    /// after [`MAX_LARGE_VALUES`] others (nim's values are its heaps, so a
    /// long nim sequence would otherwise need a count for every heap).
    /// Omitted from JSON when 0.
    #[serde(skip_serializing_if = "is_zero")]
    pub uncounted: u64,
}

/// The most distinct values of 2^16 or more that [`SeqSummary::of`]
/// counts; heaps with further ones are added up in
/// [`SeqSummary::uncounted`], so a summary holds at most 2^17 counts
/// whatever the sequence.
pub const MAX_LARGE_VALUES: usize = 1 << 16;

fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl SeqSummary {
    /// The summary of `r` (one pass over its values).
    ///
    /// Errors: the time limit of the answer this thread works out, once
    /// passed ([`crate::values::in_time`]).
    pub fn of(r: &SeqReport) -> Result<SeqSummary, GameError> {
        // Values below 2^16 (every take-and-break game's) are counted in
        // an array, larger ones in a map.
        let mut small = vec![0u64; 1 << 16];
        let mut large = BTreeMap::new();
        let (mut largest, mut largest_at, mut uncounted) = (0, 0, 0);
        for (heap, v) in r.values.iter().enumerate() {
            crate::values::in_time(heap as u64)?;
            match small.get_mut(v as usize) {
                Some(c) => *c += 1,
                // A value above every one counted, once the map is full,
                // is not looked up: nim's 10^8 values take one comparison
                // each, not a search of the map.
                None if v > largest && large.len() >= MAX_LARGE_VALUES => uncounted += 1,
                None => {
                    let room = large.len() < MAX_LARGE_VALUES;
                    match large.get_mut(&v) {
                        Some(c) => *c += 1,
                        None if room => {
                            large.insert(v, 1);
                        }
                        None => uncounted += 1,
                    }
                }
            }
            if v > largest {
                (largest, largest_at) = (v, heap as u64);
            }
        }
        let mut counts: BTreeMap<u64, u64> = small
            .iter()
            .enumerate()
            .filter(|(_, &c)| c > 0)
            .map(|(v, &c)| (v as u64, c))
            .collect();
        counts.append(&mut large);
        Ok(SeqSummary {
            game: r.game.clone(),
            code: r.code.clone(),
            n: r.n,
            period: r.period,
            computed_to: r.computed_to,
            largest,
            largest_at,
            counts,
            uncounted,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_the_first_largest_value() {
        let r = SeqReport {
            game: "t".into(),
            code: None,
            n: 6,
            values: SeqValues::from_u64(vec![0, 1, 2, 0, 2, 1, 0]),
            period: None,
            computed_to: 6,
            genus: None,
        };
        let s = SeqSummary::of(&r).expect("no time limit");
        assert_eq!((s.largest, s.largest_at), (2, 2));
        assert_eq!(s.counts, BTreeMap::from([(0, 3), (1, 2), (2, 2)]));
        let json = serde_json::to_string(&s).unwrap();
        assert!(json.contains(r#""counts":{"0":3,"1":2,"2":2}"#), "{json}");
        assert!(!json.contains("uncounted"), "{json}");
    }

    #[test]
    fn distinct_large_values_are_counted_up_to_the_bound() {
        // Nim's values are its heaps: 2^16 small values, then
        // MAX_LARGE_VALUES large ones counted, then 5 heaps left over.
        let n = (1u64 << 16) + MAX_LARGE_VALUES as u64 + 4;
        let r = SeqReport {
            game: "nim".into(),
            code: None,
            n,
            values: SeqValues::from_u64((0..=n).collect()),
            period: None,
            computed_to: n,
            genus: None,
        };
        let s = SeqSummary::of(&r).expect("no time limit");
        assert_eq!(s.counts.len(), (1 << 16) + MAX_LARGE_VALUES);
        assert!(s.counts.values().all(|&c| c == 1));
        assert_eq!(s.uncounted, 5);
        assert_eq!((s.largest, s.largest_at), (n, n));
        let json = serde_json::to_string(&s).unwrap();
        assert!(
            json.ends_with(r#","uncounted":5}"#),
            "{}",
            &json[json.len() - 40..]
        );
    }
}
