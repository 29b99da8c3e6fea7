//! A built game family as a record: the core every family has (analyses
//! and legal moves) and the capabilities a family may have, each an
//! `Option` that front ends ask for by name.
//!
//! A registration assembles the record ([`Family::new`] and the `with_*`
//! builders, or [`crate::Adapter::family`] for any
//! [`grundy_engine::TextGame`]). Nothing is forwarded by hand: a family
//! made of two others (normal play by one, the rules by another) builds
//! its record by taking each capability from the one that answers it,
//! and a capability a family lacks is a visible `None`, never a default
//! answer. Front ends decide what to do with `None` (play falls back to
//! its heuristic without [`Family::remoteness`], `seq` refuses a family
//! without [`Family::sequence`], naming the game).

use crate::SeqValues;
use grundy_engine::ranks::Ranks;
use grundy_engine::{
    Analysis, Deadline, Detail, GameError, Genus, Limits, MoveOutcomes, MoveReport, Play,
    SearchError,
};
use grundy_quotient::{QuotientControl, QuotientReport};
use grundy_sequence::{Control, Period};
use serde::Serialize;
use std::sync::Arc;

/// What every family answers: analyses of positions written as text, and
/// their legal moves.
pub trait Analyze: Send + Sync {
    /// Analyses the position written as `args` (the position arguments of
    /// `grundy analyze`), working out as much of the move list as `detail`
    /// asks ([`Detail::OutcomeOnly`] answers positions with too many moves
    /// to list).
    fn analyze_with(
        &self,
        args: &[&str],
        play: Play,
        detail: Detail,
    ) -> Result<Analysis, GameError>;

    /// Every legal move from the position written as `args`, labelled, in
    /// the family's deterministic order, each `to` in the syntax `analyze`
    /// accepts (what `grundy play` offers a human). Refuses, naming the
    /// limit, a position with more moves than the state limit.
    fn moves(&self, args: &[&str]) -> Result<Vec<MoveReport>, GameError>;
}

/// The values of one-heap positions (`grundy seq`).
pub trait ValueSequence: Send + Sync {
    /// The values of heaps 0..=n with their period, computed as `ctl`
    /// says (method, threads, checkpoint, time limit).
    fn seq(&self, n: u64, ctl: &Control) -> Result<SeqReport, GameError>;
}

/// The genus of one-heap positions (`grundy seq --genus`).
pub trait GenusSequence: Send + Sync {
    /// The genus of heaps 0..=n, by memoised search of the sums of smaller
    /// heaps their options leave, under the family's limits (one budget for
    /// every heap); a limit hit is [`GameError::Search`] naming it.
    fn genus_seq(&self, n: u64) -> Result<Vec<Genus>, GameError>;
}

/// The misère quotient of a game of heaps (`grundy quotient`).
pub trait MisereQuotient: Send + Sync {
    /// The quotient of the closure of heaps 0..=max_heap, grown heap by
    /// heap and stopped early when the periodicity test proves it the
    /// whole game's quotient, under the family's limits, with a progress
    /// bar on stderr when `ctl.progress`, resumed from and saved to
    /// `ctl.checkpoint` when set (the answer is the same). A limit hit is
    /// [`GameError::Search`]; a checkpoint that cannot be used or written
    /// is an input error naming the file.
    fn quotient(&self, max_heap: u64, ctl: &QuotientControl) -> Result<QuotientReport, GameError>;
}

/// A notation in which a person types moves (`2 3` in nim).
pub trait Notation: Send + Sync {
    /// Reads a move of the position written as `args` typed in the
    /// notation (`typed`, the line as typed).
    ///
    /// Contract: `None` when `typed` is not in the notation at all or
    /// `args` is no position, so the front end may read it otherwise;
    /// `Some(Ok(m))` when it names a legal move, `m` being one of
    /// [`Family::moves`]`(args)` (same label and `to`); `Some(Err(e))` when
    /// it is in the notation but names no legal move here: an input error
    /// whose message says why.
    fn read_move(&self, args: &[&str], typed: &str) -> Option<Result<MoveReport, GameError>>;

    /// How the notation is written, for a person: the form and its
    /// meaning, with an example that is a legal move of the position
    /// written as `args` when it has one; `None` when `args` is no
    /// position.
    fn describe(&self, args: &[&str]) -> Option<String>;
}

/// The outcome and remoteness of each move, for play that wins fastest.
pub trait Remoteness: Send + Sync {
    /// The outcome (for the player to move after it) and remoteness of
    /// each legal move of the position written as `args`, in the order of
    /// [`Family::moves`] (`None` remoteness for a draw); `Ok(None)` when the
    /// game from there has more than `max_positions` positions, or passes
    /// the share of the limits an attempt may take (the caller falls back
    /// on what costs less).
    fn move_remoteness(
        &self,
        args: &[&str],
        play: Play,
        max_positions: u64,
    ) -> Result<Option<MoveOutcomes>, GameError>;
}

/// An analysis spread over MPI ranks (`grundy analyze --mpi`).
pub trait OnRanks: Send + Sync {
    /// Analyses `args` as [`Analyze::analyze_with`] does, the work spread
    /// over `ranks`: called by every rank alike, every rank gets the
    /// answer, byte for byte the one-process answer, or the same error.
    fn analyze_on_ranks(
        &self,
        args: &[&str],
        play: Play,
        detail: Detail,
        ranks: &dyn Ranks,
    ) -> Result<Analysis, GameError>;
}

/// Why a game ended, in the game's own words.
pub trait EndReasons: Send + Sync {
    /// What ended the game at the position written as `args`
    /// (``X X X made at cells 4-6``); `None` for a position that still has
    /// a move, or that ended only because the player to move has no move.
    fn end_reason(&self, args: &[&str]) -> Option<String>;
}

/// Where normal-play values come from, in words.
pub trait ValueSources: Send + Sync {
    /// One entry per part the position written as `args` splits into: the
    /// part as formatted in [`Analysis::components`] and the source of its
    /// normal-play value (see
    /// [`grundy_engine::Impartial::closed_form_source`]), `None` for a
    /// value found by search.
    fn value_sources(&self, args: &[&str]) -> Result<Vec<(String, Option<String>)>, GameError>;
}

/// A built game family (its options applied), ready to answer questions
/// about positions given as text: the core and its capabilities. One
/// `Family` serves a whole batch, so its tables are built once; cloning
/// shares them.
#[derive(Clone)]
pub struct Family {
    name: String,
    limits: Limits,
    core: Arc<dyn Analyze>,
    loopy: bool,
    sequence: Option<Arc<dyn ValueSequence>>,
    genus: Option<Arc<dyn GenusSequence>>,
    quotient_of_heaps: Option<Arc<dyn MisereQuotient>>,
    notation: Option<Arc<dyn Notation>>,
    remoteness: Option<Arc<dyn Remoteness>>,
    ranks: Option<Arc<dyn OnRanks>>,
    end_reasons: Option<Arc<dyn EndReasons>>,
    value_sources_of: Option<Arc<dyn ValueSources>>,
}

/// The capabilities a family may have, by name: what
/// [`Family::capabilities`] lists and contract tests loop over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Capability {
    /// [`Family::sequence`].
    Sequence,
    /// [`Family::genus`].
    Genus,
    /// [`Family::quotient_of_heaps`].
    Quotient,
    /// [`Family::notation`].
    Notation,
    /// [`Family::remoteness`].
    Remoteness,
    /// [`Family::ranks`].
    Ranks,
    /// [`Family::end_reasons`].
    EndReasons,
    /// [`Family::value_sources_of`].
    ValueSources,
    /// [`Family::may_repeat`]: positions may repeat.
    Loopy,
}

impl Capability {
    /// Its name in front ends (Python's `Game.capabilities`), in
    /// snake case: `sequence`, `genus`, `quotient`, `notation`,
    /// `remoteness`, `ranks`, `end_reasons`, `value_sources`, `loopy`.
    pub fn name(self) -> &'static str {
        match self {
            Capability::Sequence => "sequence",
            Capability::Genus => "genus",
            Capability::Quotient => "quotient",
            Capability::Notation => "notation",
            Capability::Remoteness => "remoteness",
            Capability::Ranks => "ranks",
            Capability::EndReasons => "end_reasons",
            Capability::ValueSources => "value_sources",
            Capability::Loopy => "loopy",
        }
    }
}

impl Family {
    /// A family named `name` (the game with its options, `bash --max
    /// 10`), answering analyses and moves by `core`, under `limits` (whose
    /// time limit bounds the engine's weighing of moves in play), with no
    /// capability yet.
    pub fn new(name: impl Into<String>, limits: &Limits, core: Arc<dyn Analyze>) -> Family {
        Family {
            name: name.into(),
            limits: limits.clone(),
            core,
            loopy: false,
            sequence: None,
            genus: None,
            quotient_of_heaps: None,
            notation: None,
            remoteness: None,
            ranks: None,
            end_reasons: None,
            value_sources_of: None,
        }
    }

    /// The record with analyses and moves answered by `core` instead.
    pub fn with_core(mut self, core: Arc<dyn Analyze>) -> Family {
        self.core = core;
        self
    }

    /// Declares (or not) that positions may repeat.
    pub fn with_loopy(mut self, loopy: bool) -> Family {
        self.loopy = loopy;
        self
    }

    /// The game's name with its options, e.g. `bash --max 10`.
    pub fn name(&self) -> String {
        self.name.clone()
    }

    /// The limits the family was built with.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The core: analyses and moves.
    pub fn core(&self) -> &dyn Analyze {
        &*self.core
    }

    /// Analyses the position written as `args`, every winning move listed.
    pub fn analyze(&self, args: &[&str], play: Play) -> Result<Analysis, GameError> {
        self.core.analyze_with(args, play, Detail::AllMoves)
    }

    /// [`Analyze::analyze_with`] of the core.
    pub fn analyze_with(
        &self,
        args: &[&str],
        play: Play,
        detail: Detail,
    ) -> Result<Analysis, GameError> {
        self.core.analyze_with(args, play, detail)
    }

    /// [`Analyze::moves`] of the core.
    pub fn moves(&self, args: &[&str]) -> Result<Vec<MoveReport>, GameError> {
        self.core.moves(args)
    }

    /// Whether positions may repeat (a game with cycles, which may go on
    /// for ever unless a draw is declared).
    pub fn may_repeat(&self) -> bool {
        self.loopy
    }

    /// The end of the time `play`'s engine may spend weighing its moves
    /// one analysis at a time: the family's time limit, started now.
    pub fn weighing_deadline(&self) -> Deadline {
        self.limits.deadline()
    }

    /// The values of heaps 0..=n ([`ValueSequence::seq`]); a family
    /// without a sequence is refused (input error naming the game).
    pub fn seq(&self, n: u64, ctl: &Control) -> Result<SeqReport, GameError> {
        self.sequence()
            .ok_or_else(|| no_sequence(&self.name))?
            .seq(n, ctl)
    }

    /// The genus of heaps 0..=n ([`GenusSequence::genus_seq`]); a family
    /// without one is refused as [`Family::seq`] is.
    pub fn genus_seq(&self, n: u64) -> Result<Vec<Genus>, GameError> {
        self.genus()
            .ok_or_else(|| no_sequence(&self.name))?
            .genus_seq(n)
    }

    /// The misère quotient ([`MisereQuotient::quotient`]); a family that
    /// is no game of heaps is refused (input error naming the game).
    pub fn quotient(
        &self,
        max_heap: u64,
        ctl: &QuotientControl,
    ) -> Result<QuotientReport, GameError> {
        self.quotient_of_heaps()
            .ok_or_else(|| no_quotient(&self.name))?
            .quotient(max_heap, ctl)
    }

    /// The analysis across `ranks` ([`OnRanks::analyze_on_ranks`]); a
    /// family answered on one machine is refused (input error), the same
    /// on every rank.
    pub fn analyze_on_ranks(
        &self,
        args: &[&str],
        play: Play,
        detail: Detail,
        ranks: &dyn Ranks,
    ) -> Result<Analysis, GameError> {
        match self.ranks() {
            Some(r) => r.analyze_on_ranks(args, play, detail, ranks),
            None => Err(GameError::Input(format!(
                "--mpi: {} is answered on one machine; analyze takes --mpi for games whose positions may repeat (ring, graph --misere, rules files declaring loopy())",
                self.name
            ))),
        }
    }
}

/// Normal-play analyses by one family, every other question by another
/// (see [`Family::by_play`]).
struct ByPlay {
    normal: Arc<dyn Analyze>,
    rules: Arc<dyn Analyze>,
}

impl Analyze for ByPlay {
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
}

impl Family {
    /// A family answered by two that read the same positions: `normal`
    /// answers normal-play analyses and what derives from normal-play
    /// values (the value sequence, the sources of values), `rules` every
    /// other question, the rules as a player meets them (misère analyses,
    /// the legal moves, their notation, why a game ended, the remoteness
    /// of moves, the genus, which misère play is). Treblecross's normal
    /// play has a theory over a reduced game that leaves out the moves
    /// that lose at once; its moves and misère play are the full rules'.
    ///
    /// Each capability is taken from one side by name: both records are
    /// taken apart whole, so a capability added to the record must be
    /// placed here before this compiles.
    pub fn by_play(normal: Family, rules: Family) -> Family {
        let Family {
            name,
            limits: _,
            core: normal_core,
            loopy: _,
            sequence,
            genus: _,
            quotient_of_heaps: _,
            notation: _,
            remoteness: _,
            ranks: _,
            end_reasons: _,
            value_sources_of,
        } = normal;
        let Family {
            name: _,
            limits,
            core: rules_core,
            loopy,
            sequence: _,
            genus,
            quotient_of_heaps,
            notation,
            remoteness,
            ranks,
            end_reasons,
            value_sources_of: _,
        } = rules;
        Family {
            name,
            limits,
            core: Arc::new(ByPlay {
                normal: normal_core,
                rules: rules_core,
            }),
            loopy,
            sequence,
            genus,
            quotient_of_heaps,
            notation,
            remoteness,
            ranks,
            end_reasons,
            value_sources_of,
        }
    }
}

impl std::fmt::Debug for Family {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Family")
            .field("name", &self.name)
            .field("capabilities", &self.capabilities())
            .finish_non_exhaustive()
    }
}

/// The error of `seq` for a family without a one-heap sequence.
pub(crate) fn no_sequence(name: &str) -> GameError {
    GameError::Input(format!(
        "game '{name}' has no one-heap value sequence; `grundy seq` takes heap games (a rules file gives one by defining heap(n), without loopy())"
    ))
}

/// The error of `quotient` for a family that is not a game of heaps.
pub(crate) fn no_quotient(name: &str) -> GameError {
    GameError::Input(format!(
        "game '{name}' has no misère quotient here: `grundy quotient` takes games of heaps (nim, lasker, bash, subtraction sets, octal and hexadecimal codes (`octal --code`), kayles, dawson-kayles, grundy-game, ...)"
    ))
}

/// The answer of `grundy seq`, built the same way for every front end:
/// the values of heaps 0..=n (see [`Family::seq`]) and, with `genus`,
/// each heap's genus ([`Family::genus_seq`], searched first, so a limit
/// it hits is reported before a long sequence is computed).
pub fn seq_report(
    family: &Family,
    n: u64,
    ctl: &Control,
    genus: bool,
) -> Result<SeqReport, GameError> {
    let genera = genus.then(|| family.genus_seq(n)).transpose()?;
    let mut report = family.seq(n, ctl)?;
    report.genus = genera;
    Ok(report)
}

/// Refuses `seq --genus` of heaps 0..=n before any heap is built when
/// there are more heaps than the state limit: each heap is at least one
/// state of the genus search.
pub fn admit_genus_heaps(n: u64, limits: &Limits) -> Result<(), GameError> {
    let heaps = u128::from(n) + 1;
    if heaps > u128::from(limits.max_states) {
        return Err(SearchError::TooLarge {
            estimate: heaps,
            limit: limits.max_states,
        }
        .into());
    }
    Ok(())
}

/// The answer of `grundy seq`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeqReport {
    /// The game as the user named it, with its options, e.g. `kayles` or
    /// `subtraction 2,5,7`.
    pub game: String,
    /// The take-and-break code of the game in normal form (`0.77` for
    /// Kayles), for games that have one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// The largest heap asked for.
    pub n: u64,
    /// `values.get(k)` is the value of a heap of k, for k in 0..=n (two
    /// bytes a heap whenever the values fit).
    pub values: SeqValues,
    /// The period found in the computed range, if any. Its pre-period may
    /// lie beyond `n` when more heaps were computed than asked (see
    /// `computed_to`).
    pub period: Option<Period>,
    /// The largest heap whose value was computed: at least `n`, more when
    /// a short request was extended to find its period.
    pub computed_to: u64,
    /// With `seq --genus`: the genus of each heap 0..=n, in order
    /// (`{"normal": g, "misere": [γ0, …]}`); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub genus: Option<Vec<Genus>>,
}
/// For each optional capability, from one line: its setter `with_*`
/// (`Some` sets it, `None` removes it) and its getter (`None`: the family
/// lacks it), and [`Family::capabilities`], which lists those it has.
macro_rules! capabilities {
    ($( $(#[$doc:meta])* $field:ident: $cap:ident as dyn $tr:ident, $with:ident; )*) => {
        impl Family {
            $(
                #[doc = concat!("Sets (`Some`) or removes (`None`) the capability [`", stringify!($tr), "`].")]
                pub fn $with(mut self, c: Option<Arc<dyn $tr>>) -> Family {
                    self.$field = c;
                    self
                }
            )*
            capabilities!(@get $( $(#[$doc])* $field: $tr; )*);

            /// Every capability the family has, in [`Capability`] order.
            pub fn capabilities(&self) -> Vec<Capability> {
                let mut all = Vec::new();
                $( if self.$field.is_some() { all.push(Capability::$cap); } )*
                if self.loopy {
                    all.push(Capability::Loopy);
                }
                all
            }
        }
    };
    (@get $( $(#[$doc:meta])* $field:ident: $tr:ident; )*) => {
        $(
            $(#[$doc])*
            pub fn $field(&self) -> Option<&dyn $tr> {
                self.$field.as_deref()
            }
        )*
    };
}

capabilities! {
    /// The value sequence of one-heap positions, if the family has one.
    sequence: Sequence as dyn ValueSequence, with_sequence;
    /// The genus sequence of one-heap positions, if the family has one.
    genus: Genus as dyn GenusSequence, with_genus;
    /// The misère quotient of its heaps, if the family is a game of heaps
    /// that has one.
    quotient_of_heaps: Quotient as dyn MisereQuotient, with_quotient;
    /// The notation a person types moves in, if the family has one.
    notation: Notation as dyn Notation, with_notation;
    /// The remoteness of moves, if the family can find it.
    remoteness: Remoteness as dyn Remoteness, with_remoteness;
    /// Analyses across MPI ranks, if the family spreads them.
    ranks: Ranks as dyn OnRanks, with_ranks;
    /// Why a game ended in its own words, if the family can say more
    /// than "no move left".
    end_reasons: EndReasons as dyn EndReasons, with_end_reasons;
    /// The sources of normal-play values, if the family can name them.
    value_sources_of: ValueSources as dyn ValueSources, with_value_sources;
}
