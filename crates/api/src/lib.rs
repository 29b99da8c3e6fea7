//! The facade between the engine and every front end (the command line,
//! and the coming web page and Python package).
//!
//! - [`Family`]: a built game family answering questions about positions
//!   given as text, a record of its core and optional capabilities;
//!   [`Adapter`] serves any [`grundy_engine::TextGame`] as one.
//! - [`Registration`]: how a family is listed and built. Built-in families
//!   declare a compile-time [`BuiltIn`]; games defined at run time (rules
//!   files) build a [`Registration`] directly with [`Registration::new`].
//! - The reports ([`Analysis`], [`SeqReport`], ...) serialise to the JSON
//!   of the command-line contract; [`render`] lays them out as text.
//! - [`play`]: a match between a person and the engine ([`Match`]): turns,
//!   reading a typed move, hints, the draw rules, undo, the verdict, and
//!   [`policy`], how the engine chooses its move.
//! - [`plot`]: the one picture of a value sequence (SVG), which the
//!   command line, the page and Python all show.
//! - [`explain`]: the reasoning behind an analysis, in words.
//! - [`json_line`]: an analysis as one line of JSON, written fast (the
//!   same bytes as serde_json), for batch answers.
//! - `batch` (feature `batch`): one position a line in, one JSON line a
//!   line out, in order, answered on the rayon pool or across ranks;
//!   [`lines`]: input read a bounded line at a time, and `ReadAhead`,
//!   which tells whether input is waiting.
//! - [`survey`], [`misere_survey`]: many take-and-break codes, their
//!   value sequences or misère quotients, one line a code;
//!   [`survey_request`]: either, as typed; [`survey_checkpoint`]: the
//!   lines kept in a checkpoint, a survey stopped by an interrupt.
//! - [`messages`]: suggestions for misspelt names, long input clipped.
//! - [`nim`]: nim arithmetic on 64-bit nimbers, its operands checked.
//! - [`summary`]: a value sequence summarised (`seq --summary`).
//! - [`values`]: a sequence's values one byte a heap ([`SeqValues`]) and
//!   the forms of a values file (text, compact binary).
//! - [`request`]: the checks of a game's name, options and limits that
//!   every front end makes, with the command line's messages, and the
//!   checked requests (`analyze`, `batch`, `seq`, `play`).
//! - [`searched`]: the value sequence of a one-heap game by search,
//!   for games without a sequence engine of their own.
//! - [`help`]: the help texts of each command.
//! - [`testing`]: the contract of a family's record, which every family's
//!   tests run.
//! - [`puzzle`]: answers that are no game family (the pirate puzzle),
//!   asked with a few numbers.
//!
//! Front ends depend on this crate (and on the games crate for the
//! built-in registry); nothing here names a particular game.

mod adapter;
#[cfg(feature = "batch")]
pub mod batch;
pub mod explain;
mod family;
mod hand_out;
mod heap_quotient;
pub mod help;
pub mod html;
pub mod json_line;
pub mod lines;
pub mod messages;
mod misere_by_quotient;
pub mod misere_survey;
pub mod nim;
pub mod play;
pub mod plot;
pub mod puzzle;
mod registration;
pub mod render;
pub mod request;
pub mod searched;
pub mod summary;
pub mod survey;
pub mod survey_checkpoint;
pub mod survey_request;
pub mod testing;
pub mod values;
pub mod worksheet;

pub use adapter::{Adapter, HeapFn, HeapSizeFn, Scope, SeqFn};
pub use family::{
    admit_genus_heaps, seq_report, Analyze, Capability, EndReasons, Family, GenusSequence,
    MisereQuotient, Notation, OnRanks, Remoteness, SeqReport, ValueSequence, ValueSources,
};
/// The memory budget: the counting allocator every front end installs,
/// the process's limit and the default budget.
pub use grundy_engine::memory;
pub use grundy_engine::{
    Analysis, Clock, ComponentReport, Detail, GameError, Genus, Limits, MoveOutcomes, MoveReport,
    Outcome, Padded, ParseError, Play, SearchError, SharedClock,
};
pub use grundy_quotient::{QuotientControl, QuotientReport};
/// How a sequence is computed: the sequence crate's own `Control` (one
/// type from the engine to every front end), named for the facade.
pub use grundy_sequence::Control as SeqControl;
/// The algorithm of a sequence computation.
pub use grundy_sequence::Method as SeqMethod;
pub use grundy_sequence::Period;
pub use heap_quotient::{grow_shown, heap_quotient, quotient_heaps, MAX_QUOTIENT_HEAP};
pub use misere_by_quotient::{HeapSums, QuotientAnswers};
pub use play::{
    policy, DrawReason, Hint, Match, MatchError, MatchOptions, MatchState, Ply, ReadError, Side,
    Status,
};
pub use registration::{
    parse_u64_in, BuildFn, Builder, BuiltIn, GameOptions, OptionSpec, Registration,
};
pub use values::SeqValues;
