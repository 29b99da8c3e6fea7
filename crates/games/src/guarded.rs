//! [`GuardedFamily`]: the engine's [`Adapter`] plus `grundy seq` from a
//! one-heap formula, for heap families whose values have a closed form,
//! and a check that an answer is not too large to write.
//! (Misère size checks are the game's own [`grundy_engine::Impartial::misere_size`],
//! which the engine's misère solver admits by.)

use grundy_api::{Adapter, Family, Period, SeqControl, SeqReport};
use grundy_engine::{Analysis, Detail, GameError, Limits, MoveReport, Play, TextGame};

/// The largest `n` a formula sequence is computed to: the answer holds
/// `n + 1` values in memory.
pub const MAX_SEQ: u64 = 100_000_000;

/// An upper bound on the size of an answer: the winning moves it lists
/// times the size of the position each of them writes.
type AnswerSize<G> = fn(&G, &<G as grundy_engine::Rules>::Position, Play) -> u128;

/// The largest answer [`GuardedFamily::with_answer_size`] lets through, in
/// the units of the family's bound (about a byte of output each, a few
/// bytes of memory).
pub const MAX_ANSWER: u128 = 50_000_000;

/// A one-heap value formula and the period it proves from heap 0, if any.
struct Formula {
    value: Box<dyn Fn(u64) -> u64 + Send + Sync>,
    period: Option<u64>,
}

/// Serves a [`TextGame`] like [`Adapter`], plus an optional formula
/// sequence.
pub struct GuardedFamily<G: TextGame> {
    adapter: Adapter<G>,
    formula: Option<Formula>,
    answer_size: Option<AnswerSize<G>>,
}

impl<G: TextGame + 'static> GuardedFamily<G> {
    /// Serves `game`, named `name`, within `limits`; no extras yet.
    pub fn new(name: impl Into<String>, game: G, limits: &Limits) -> Self {
        GuardedFamily {
            adapter: Adapter::new(name, game, limits),
            formula: None,
            answer_size: None,
        }
    }

    /// Answers `seq` with `value(n)`, the value of one heap of `n`;
    /// `period`, when given, is a period the formula proves from heap 0.
    pub fn with_seq(
        mut self,
        value: impl Fn(u64) -> u64 + Send + Sync + 'static,
        period: Option<u64>,
    ) -> Self {
        self.formula = Some(Formula {
            value: Box::new(value),
            period,
        });
        self
    }

    /// Refuses an analysis whose answer `size(game, p, play)` (winning
    /// moves times the size of each listed position) exceeds
    /// [`MAX_ANSWER`]: a star of 10^5 edges has 10^5 winning moves, each
    /// listing 10^5 edges.
    pub fn with_answer_size(mut self, size: AnswerSize<G>) -> Self {
        self.answer_size = Some(size);
        self
    }

    /// Boxed, for a registration's build function.
    pub fn boxed(self) -> Box<dyn Family> {
        Box::new(self)
    }
}

impl<G: TextGame + 'static> Family for GuardedFamily<G> {
    fn name(&self) -> String {
        self.adapter.name()
    }

    fn analyze_with(
        &self,
        args: &[&str],
        play: Play,
        detail: Detail,
    ) -> Result<Analysis, GameError> {
        // Only a full move list can be too large to write.
        if let (Some(size), Detail::AllMoves) = (self.answer_size, detail) {
            let game = self.adapter.game();
            let p = game.parse(args)?;
            let estimate = size(game, &p, play);
            if estimate > MAX_ANSWER {
                return Err(GameError::Input(format!(
                    "the answer would be too large to write: about {estimate} entries (winning moves times the size of the position each lists), at most {MAX_ANSWER}"
                )));
            }
        }
        self.adapter.analyze_with(args, play, detail)
    }

    fn value_sources(&self, args: &[&str]) -> Result<Vec<(String, Option<String>)>, GameError> {
        self.adapter.value_sources(args)
    }

    fn move_remoteness(
        &self,
        args: &[&str],
        play: Play,
        max_positions: u64,
    ) -> Result<Option<grundy_api::MoveOutcomes>, GameError> {
        self.adapter.move_remoteness(args, play, max_positions)
    }

    fn moves(&self, args: &[&str]) -> Result<Vec<MoveReport>, GameError> {
        self.adapter.moves(args)
    }

    /// The values of heaps `0..=n` by the formula. The period is reported
    /// (as proven) once the range shows it twice, as a search would need.
    fn seq(&self, n: u64, ctl: &SeqControl) -> Result<SeqReport, GameError> {
        let Some(formula) = &self.formula else {
            return self.adapter.seq(n, ctl);
        };
        if n > MAX_SEQ {
            return Err(GameError::Input(format!(
                "-n {n} is too large for {}: at most {MAX_SEQ} (every value is held in memory)",
                self.name()
            )));
        }
        let period = formula
            .period
            .filter(|&p| p.checked_mul(2).is_some_and(|twice| twice <= n + 1))
            .map(|period| Period {
                preperiod: 0,
                period,
                proven: true,
            });
        Ok(SeqReport {
            game: self.name(),
            code: None,
            n,
            values: (0..=n).map(&formula.value).collect(),
            period,
            computed_to: n,
        })
    }
}
