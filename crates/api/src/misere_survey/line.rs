//! The line of one code of the misère survey, apart from the survey so
//! that the text renderer reads it without importing the survey.

use serde::{Deserialize, Serialize};

/// One code's line: the `survey --misere --json` document of the
/// command-line contract.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MisereLine {
    /// The code as written in the list (or produced by its pattern).
    pub code: String,
    /// The order of the quotient reached: the whole game's when
    /// `solved`, else the bounded quotient Q_`max_heap`'s. `None` only
    /// with an `error`.
    pub order: Option<usize>,
    /// The size of its P-portion; `None` when a limit stopped the growth
    /// (only the order of the last quotient proven is known) or with an
    /// `error`.
    pub p_portion_size: Option<usize>,
    /// Whether the periodicity test proved the quotient the whole game's.
    pub solved: bool,
    /// The heap at which it was proven (`max_heap` then), if `solved`.
    pub solved_at: Option<u64>,
    /// The period of the pretending function over the heaps grown, when
    /// it shows (at least two full periods seen).
    pub period: Option<u64>,
    /// Its pre-period, likewise.
    pub preperiod: Option<u64>,
    /// Whether the quotient reached is tame (isomorphic to one of nim's);
    /// `None` when a limit stopped the growth, or with an `error`.
    pub tame: Option<bool>,
    /// The largest heap of the quotient reached: where the periodicity
    /// test proved it, the `--max-heap` asked for, or the last heap
    /// proven before a limit stopped it.
    pub max_heap: u64,
    /// Wall-clock seconds this code took on its worker.
    pub seconds: f64,
    /// The limit that stopped the growth before `--max-heap` (the time
    /// limit, the memory budget): the line then holds the bounded
    /// quotient proven before it (`max_heap`, `order`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
    /// Why the code could not be surveyed at all: the other fields are
    /// then empty.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl MisereLine {
    /// The line of `code` with nothing known yet: no quotient, heap 0,
    /// zero seconds, `error` if given.
    pub fn empty(code: &str, error: Option<String>) -> MisereLine {
        MisereLine {
            code: code.to_string(),
            order: None,
            p_portion_size: None,
            solved: false,
            solved_at: None,
            period: None,
            preperiod: None,
            tame: None,
            max_heap: 0,
            seconds: 0.0,
            stopped: None,
            error,
        }
    }
}

impl crate::survey_checkpoint::Line for MisereLine {
    fn code(&self) -> &str {
        &self.code
    }
}

#[cfg(test)]
mod tests {
    use super::MisereLine;

    /// A checkpoint keeps lines as JSON and prints them again on resume:
    /// the seconds read back must print the digits written (1.451083362
    /// came back as 1.4510833619999999 before serde_json's exact float
    /// parsing was turned on).
    #[test]
    fn a_line_read_back_prints_the_same_bytes() {
        let mut line = MisereLine::empty("0.07", None);
        let mut x = 1.451083362_f64;
        for _ in 0..10_000 {
            line.seconds = x;
            let text = serde_json::to_string(&line).unwrap();
            let back: MisereLine = serde_json::from_str(&text).unwrap();
            assert_eq!(serde_json::to_string(&back).unwrap(), text);
            x = x * 1.000_000_7 + 1e-9;
        }
    }
}
