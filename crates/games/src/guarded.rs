//! [`GuardedFamily`]: the engine's [`Adapter`] with two extras some
//! families need: `grundy seq` from a one-heap formula, and a size check
//! before a misère search.
//!
//! The engine's misère solver searches the whole sum and has no size check
//! of its own; its limits are checked once per state, while each state
//! costs work in proportion to its moves times their moves (it builds every
//! option and inspects each option's own options). So a family whose
//! misère play has no theory states an upper bound `S` on the sums such a
//! search meets, and a position is refused at once with
//! [`SearchError::TooLarge`] when `S * M^2` exceeds the state limit, `M`
//! being [`TextGame::moves_bound`] (moves never become more numerous in
//! these games): a search that would take long between two checks of its
//! limits, or hit them anyway, is not started.

use grundy_engine::{
    Adapter, Analysis, Family, GameError, Limits, MoveReport, PeriodReport, Play, SearchError,
    SeqControl, SeqReport, TextGame,
};

/// The largest `n` a formula sequence is computed to: the answer holds
/// `n + 1` values in memory.
pub const MAX_SEQ: u64 = 100_000_000;

/// A one-heap value formula and the period it proves from heap 0, if any.
struct Formula {
    value: Box<dyn Fn(u64) -> u64 + Send + Sync>,
    period: Option<u64>,
}

/// An upper bound on the misère search of a position.
type MisereSize<G> = fn(&G, &<G as grundy_engine::Game>::Position) -> u128;

/// Serves a [`TextGame`] like [`Adapter`], plus an optional formula
/// sequence and an optional misère size check.
pub struct GuardedFamily<G: TextGame> {
    adapter: Adapter<G>,
    max_states: u64,
    formula: Option<Formula>,
    misere_size: Option<MisereSize<G>>,
}

impl<G: TextGame + 'static> GuardedFamily<G> {
    /// Serves `game`, named `name`, within `limits`; no extras yet.
    pub fn new(name: impl Into<String>, game: G, limits: &Limits) -> Self {
        GuardedFamily {
            adapter: Adapter::new(name, game, limits),
            max_states: limits.max_states,
            formula: None,
            misere_size: None,
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

    /// Refuses a misère analysis when `size(game, p)`, an upper bound on
    /// the sums the misère search of `p` meets, times the square of the
    /// moves bound of `p`, exceeds the state limit. The family must ensure
    /// no position reachable from `p` has more moves than `p`'s bound.
    pub fn with_misere_size(mut self, size: MisereSize<G>) -> Self {
        self.misere_size = Some(size);
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

    fn analyze(&self, args: &[&str], play: Play) -> Result<Analysis, GameError> {
        if let (Play::Misere, Some(size)) = (play, self.misere_size) {
            let game = self.adapter.game();
            let p = game.parse(args)?;
            let moves = game.moves_bound(&p).max(1);
            let estimate = size(game, &p).saturating_mul(moves).saturating_mul(moves);
            if estimate > self.max_states as u128 {
                return Err(SearchError::TooLarge {
                    estimate,
                    limit: self.max_states,
                }
                .into());
            }
        }
        self.adapter.analyze(args, play)
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
            .map(|period| PeriodReport {
                preperiod: 0,
                period,
                proven: true,
            });
        Ok(SeqReport {
            game: self.name(),
            n,
            values: (0..=n).map(&formula.value).collect(),
            period,
        })
    }
}
