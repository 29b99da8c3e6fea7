//! What `seq --summary` reports of a value sequence instead of its values:
//! the period, the largest value and where it first occurs, and how often
//! each value occurs.

#[cfg(test)]
use crate::SeqValues;
use crate::{Period, SeqReport};
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
    /// How many heaps of `0..=n` have each value, by value.
    pub counts: BTreeMap<u64, u64>,
}

impl SeqSummary {
    /// The summary of `r` (one pass over its values).
    pub fn of(r: &SeqReport) -> SeqSummary {
        // Values below 2^16 (every take-and-break game's) are counted in
        // an array, larger ones in a map.
        let mut small = vec![0u64; 1 << 16];
        let mut large = BTreeMap::new();
        let (mut largest, mut largest_at) = (0, 0);
        for (heap, v) in r.values.iter().enumerate() {
            match small.get_mut(v as usize) {
                Some(c) => *c += 1,
                None => *large.entry(v).or_insert(0) += 1,
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
        SeqSummary {
            game: r.game.clone(),
            code: r.code.clone(),
            n: r.n,
            period: r.period,
            computed_to: r.computed_to,
            largest,
            largest_at,
            counts,
        }
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
        let s = SeqSummary::of(&r);
        assert_eq!((s.largest, s.largest_at), (2, 2));
        assert_eq!(s.counts, BTreeMap::from([(0, 3), (1, 2), (2, 2)]));
        let json = serde_json::to_string(&s).unwrap();
        assert!(json.contains(r#""counts":{"0":3,"1":2,"2":2}"#), "{json}");
    }
}
