//! A family answered by two: one family answers normal-play analyses (and
//! what derives from normal-play values), the other everything else, the
//! rules as a player meets them: misère analyses, the legal moves and
//! their notation, why a game ended, the remoteness of each move.
//!
//! A family whose normal play has a theory over a reduced game (treblecross
//! leaves out the moves that lose at once, so its rows split into 0.007
//! heaps) but whose moves and misère play are those of the full rules is
//! `ByPlay::new(Adapter::new(name, reduced, limits), Adapter::new(name,
//! full, limits))`. Every hook of [`Family`] is forwarded, so a hook added
//! to the trait is added here once, not in each family.

use grundy_api::{Family, MoveOutcomes, SeqReport};
use grundy_engine::{Analysis, Detail, GameError, Genus, MoveReport, Play};
use grundy_sequence::Control;

/// Normal play by `N`, every other question by `R` (module doc).
pub struct ByPlay<N, R> {
    normal: N,
    rules: R,
}

impl<N: Family, R: Family> ByPlay<N, R> {
    /// The family answering normal-play analyses, values and sequences by
    /// `normal`, and misère analyses and the moves by `rules`. Both must
    /// read the same positions.
    pub fn new(normal: N, rules: R) -> Self {
        ByPlay { normal, rules }
    }
}

impl<N: Family, R: Family> Family for ByPlay<N, R> {
    fn name(&self) -> String {
        self.normal.name()
    }

    fn analyze_with(
        &self,
        args: &[&str],
        play: Play,
        detail: Detail,
    ) -> Result<Analysis, GameError> {
        match play {
            Play::Normal => self.normal.analyze_with(args, play, detail),
            Play::Misere => self.rules.analyze_with(args, play, detail),
        }
    }

    /// The rules' moves, so a player may also make a move the normal-play
    /// game leaves out.
    fn moves(&self, args: &[&str]) -> Result<Vec<MoveReport>, GameError> {
        self.rules.moves(args)
    }

    /// By the rules, whose moves [`Family::moves`] lists.
    fn weighing_deadline(&self) -> grundy_engine::Deadline {
        self.rules.weighing_deadline()
    }

    fn move_remoteness(
        &self,
        args: &[&str],
        play: Play,
        max_positions: u64,
    ) -> Result<Option<MoveOutcomes>, GameError> {
        self.rules.move_remoteness(args, play, max_positions)
    }

    /// The normal-play parts' sources.
    fn value_sources(&self, args: &[&str]) -> Result<Vec<(String, Option<String>)>, GameError> {
        self.normal.value_sources(args)
    }

    /// The rules' notation, as for [`Family::moves`].
    fn read_move(&self, args: &[&str], typed: &str) -> Option<Result<MoveReport, GameError>> {
        self.rules.read_move(args, typed)
    }

    fn move_notation(&self, args: &[&str]) -> Option<String> {
        self.rules.move_notation(args)
    }

    fn end_reason(&self, args: &[&str]) -> Option<String> {
        self.rules.end_reason(args)
    }

    fn may_repeat(&self) -> bool {
        self.rules.may_repeat()
    }

    /// One-heap values are normal-play values.
    fn seq(&self, n: u64, ctl: &Control) -> Result<SeqReport, GameError> {
        self.normal.seq(n, ctl)
    }

    /// The genus is the raw game's, which misère play is: by `rules`.
    fn genus_seq(&self, n: u64) -> Result<Vec<Genus>, GameError> {
        self.rules.genus_seq(n)
    }
}
