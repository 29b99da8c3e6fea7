//! The report types every analysis fills in, and the pieces the acyclic
//! and the loopy analyses share: the components as reported, the bound on
//! moves listed.

use crate::{Genus, Limits, Outcome, Play, SearchError, Table, TextGame};

/// What one answer is asked: position `p` of `game` (named `game_name` in
/// the report) under `play`, with as much of its move list as `detail`
/// says; what the acyclic, loopy and loopy-on-ranks analyses take.
pub(super) struct Question<'a, G: TextGame> {
    pub(super) game_name: &'a str,
    pub(super) game: &'a G,
    pub(super) p: &'a G::Position,
    pub(super) play: Play,
    pub(super) detail: Detail,
}

impl<'a, G: TextGame> Question<'a, G> {
    /// The question's parts: `game_name`, `game`, `p`, `play`, `detail`.
    pub(super) fn parts(self) -> (&'a str, &'a G, &'a G::Position, Play, Detail) {
        (self.game_name, self.game, self.p, self.play, self.detail)
    }
}

/// One move as reported to the user (a winning move, a move keeping a
/// draw, a legal move).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct MoveReport {
    /// The move in the game's words.
    #[cfg_attr(feature = "serde", serde(rename = "move"))]
    pub label: String,
    /// The position after the move, in the syntax `analyze` accepts.
    pub to: String,
}

/// One independent component of the analysed position.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ComponentReport {
    /// The component, in the game's position syntax.
    pub position: String,
    /// Its normal-play Sprague-Grundy value, when computed.
    pub value: Option<u64>,
}

/// The analysis of one position; serialises to the `analyze --json`
/// document of the command-line contract.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Analysis {
    /// The game's name (with its options, e.g. `subtraction 1,3,4`).
    pub game: String,
    /// The position, in the game's syntax.
    pub position: String,
    /// Normal or misère play.
    pub play: Play,
    /// Who wins.
    pub outcome: Outcome,
    /// The normal-play Sprague-Grundy value; `None` in misère play or when
    /// only theory (no value) was available.
    pub value: Option<u64>,
    /// Conway's genus of the position (its normal-play value and γ0 γ1
    /// …, see [`Genus`]), in misère play when the whole position is small
    /// enough to search (at most [`GENUS_STATES`] sums); absent from the
    /// JSON otherwise, and always in normal play and for games that may
    /// repeat.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub genus: Option<Genus>,
    /// How many winning moves there are; `None` when the moves were not
    /// examined ([`Detail::OutcomeOnly`]). `Some(0)` for a drawn position
    /// whose moves were examined: no move wins there.
    pub winning_move_count: Option<usize>,
    /// The winning moves, in the family's deterministic order: every one,
    /// or the first few that [`Detail`] asked for. Only moves that win:
    /// `[]` for a drawn position (see [`Analysis::drawing_moves`]).
    pub winning_moves: Vec<MoveReport>,
    /// How many moves keep the draw of a drawn position (outcome `D`):
    /// `Some` exactly when the outcome is `D` and the moves were examined
    /// (not [`Detail::OutcomeOnly`]); absent from the JSON otherwise.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub drawing_move_count: Option<usize>,
    /// The moves of a drawn position that keep the draw (lead to a drawn
    /// position), in the family's order: every one, or the first few that
    /// [`Detail`] asked for; absent from the JSON when empty.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub drawing_moves: Vec<MoveReport>,
    /// The generalized Sprague-Grundy value (Smith) when it is infinite,
    /// written as [`crate::LoopyValue`]'s `Display` (`∞`, `∞{0,2}`); then
    /// [`Analysis::value`] is `None`. A finite generalized value is in
    /// `value` alone. Absent from the JSON when `None`.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub loopy_value: Option<String>,
    /// The parts the position was split into (for normal play the split
    /// of its value, for misère the disjunctive sum), each with a move and
    /// its value: `[]` exactly when the position is over; a position that
    /// does not split is its own single component.
    pub components: Vec<ComponentReport>,
    /// How the outcome was established (closed form, search, a theorem).
    pub method: String,
    /// Remarks for the reader (a limit that stopped the value, ...).
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Vec::is_empty"))]
    pub notes: Vec<String>,
    /// A family's table covering many positions at once (e.g. the outcome
    /// of every start of `ring`); its columns become fields of the JSON
    /// answer. `None` for most families.
    #[cfg_attr(
        feature = "serde",
        serde(flatten, skip_serializing_if = "Option::is_none")
    )]
    pub table: Option<Table>,
}

impl Analysis {
    /// The answer `outcome` at `position` of `game` and nothing more: no
    /// value or genus, no move listed (a count of 0, and of 0 draw-keeping
    /// moves for a draw), method `method`, no notes. The base that a
    /// family answering by hand (a test's stand-in) fills in.
    pub fn outcome_only(
        game: &str,
        position: &str,
        play: Play,
        outcome: Outcome,
        method: &str,
    ) -> Analysis {
        Analysis {
            game: game.into(),
            position: position.into(),
            play,
            outcome,
            value: None,
            genus: None,
            winning_move_count: Some(0),
            winning_moves: vec![],
            drawing_move_count: (outcome == Outcome::D).then_some(0),
            drawing_moves: vec![],
            loopy_value: None,
            components: vec![],
            method: method.into(),
            notes: vec![],
            table: None,
        }
    }

    /// The moves worth playing from the position: the winning moves of a
    /// won position, the draw-keeping moves of a drawn one, none from a
    /// lost one (as many as were listed).
    pub fn good_moves(&self) -> &[MoveReport] {
        match self.outcome {
            Outcome::N => &self.winning_moves,
            Outcome::D => &self.drawing_moves,
            Outcome::P => &[],
        }
    }
}

/// How much of the move list an analysis works out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Detail {
    /// Every winning move, counted and listed.
    #[default]
    AllMoves,
    /// Every winning move counted, the first `k` listed.
    FirstMoves(usize),
    /// Outcome and value only: no move is generated, so a position with
    /// more moves than the state limit (a heap of 10^12) is still answered
    /// wherever its value or outcome is.
    OutcomeOnly,
}

/// The largest full answer [`crate::analyze_with`] writes, in the units of
/// [`TextGame::answer_size`] (about a byte of output each, a few bytes of
/// memory).
pub const MAX_ANSWER: u128 = 50_000_000;

/// The most sums a misère analysis searches for the position's genus
/// ([`Analysis::genus`]), listing at most [`crate::WORK_PER_STATE`] times
/// as many moves between them: past either the genus is left out, so that
/// a position answered at once by theory stays answered in a fraction of a
/// second (`nim 100 100 100 --misere`: 0.6 s, where the search gives up).
pub const GENUS_STATES: u64 = 100_000;

/// The components as reported, the same way for every family: the parts
/// of the split that have a move, so `[]` exactly when `p` is over; a
/// position whose split left nothing out although it has moves (every
/// part dropped as worth 0, like a Treblecross row where any move loses at
/// once) is its own single component, of value `total`. Whether a part is
/// over is only asked where it is cheap: of parts of value 0 (a non-zero
/// value has a move) whose moves are few enough to list.
pub(super) fn report_components<G: TextGame>(
    game: &G,
    p: &G::Position,
    parts: Vec<(G::Position, Option<u64>)>,
    total: Option<u64>,
    limits: &Limits,
) -> Result<Vec<ComponentReport>, SearchError> {
    let over = |q: &G::Position| -> Result<bool, SearchError> {
        if check_moves_bound(game, q, limits).is_err() {
            return Ok(false);
        }
        Ok(game.is_terminal(q)?)
    };
    let mut kept = Vec::with_capacity(parts.len());
    for (q, v) in parts {
        if v.unwrap_or(0) == 0 && over(&q)? {
            continue;
        }
        kept.push(ComponentReport {
            position: game.format(&q),
            value: v,
        });
    }
    if kept.is_empty() && !over(p)? {
        kept.push(ComponentReport {
            position: game.format(p),
            value: total,
        });
    }
    Ok(kept)
}

/// Bytes a listed move holds beside its text: two string headers and
/// what the allocator rounds up.
pub(super) const MOVE_HELD_BYTES: u128 = 80;

/// Refuses to list the moves of `p` when [`TextGame::moves_bound`] says
/// there may be more than the state limit allows, or more than
/// [`MAX_ANSWER`] bytes of positions (the bound times the length of `p`'s
/// text, since each move writes a whole position): the one test every
/// front end and analysis makes before generating a position's moves.
///
/// Errors: [`SearchError::TooManyMoves`], naming the bound and the limit;
/// [`SearchError::MovesTooLarge`], naming the bound, the position's length
/// and [`MAX_ANSWER`]; [`SearchError::MemoryLimit`] when the list, held
/// as labels and positions, would take the memory held past
/// `limits.max_memory`.
pub fn check_moves_bound<G: TextGame>(
    game: &G,
    p: &G::Position,
    limits: &Limits,
) -> Result<(), SearchError> {
    let estimate = game.moves_bound(p);
    if estimate > limits.max_states as u128 {
        return Err(SearchError::TooManyMoves {
            estimate,
            limit: limits.max_states,
        });
    }
    // Every move writes a whole position, about as long as p's: a list
    // of 1,000 nim heaps' million moves is 4 GB (`play` aborted on it).
    if estimate > 0 {
        let bytes = game.moves_text_bound(p);
        if bytes > MAX_ANSWER {
            return Err(SearchError::MovesTooLarge {
                moves: estimate,
                position_bytes: bytes / estimate,
                limit: MAX_ANSWER,
            });
        }
        // Held in memory as the positions made, then a label and a
        // position's text each, both strings: twice the text and their
        // headers (a million Nim moves, 145 MB).
        let held = game
            .moves_held_bound(p)
            .saturating_add(bytes.saturating_mul(2))
            .saturating_add(estimate.saturating_mul(MOVE_HELD_BYTES));
        crate::memory::admit(u64::try_from(held).unwrap_or(u64::MAX), limits.max_memory)?;
    }
    Ok(())
}

/// The note of an analysis whose winning moves are too many to examine
/// (`limit`, a [`SearchError::TooManyMoves`] or the like): outcome and
/// value stand, the moves are not listed, and the note says how to list
/// some.
pub fn not_listed_note(limit: &SearchError) -> String {
    let why = match limit {
        SearchError::TooManyMoves { estimate, limit } => format!(
            "about {estimate} moves to examine, more than the limit {limit} (raise it with --max-states)"
        ),
        e => e.to_string(),
    };
    format!("winning moves not listed: {why}; --max-moves K lists the first K winning moves found")
}

/// The note of an analysis whose full answer would be larger than
/// [`MAX_ANSWER`] (`estimate` entries): outcome and value stand, no move
/// is examined.
pub fn too_large_note(estimate: u128) -> String {
    format!("winning moves not listed: the answer would hold about {estimate} entries (winning moves times the size of the position each lists), more than {MAX_ANSWER}; --max-moves K lists the first K winning moves found")
}

/// The moves an answer lists, each `to` one the game's parser reads back
/// ([`readable_moves`]), and what was left out.
#[derive(Default)]
pub(super) struct Readable {
    /// The moves listed.
    pub moves: Vec<MoveReport>,
    /// Moves left out because their `to` was refused when read back.
    pub dropped: usize,
    /// The first refusal's reason.
    pub why: Option<String>,
}

impl Readable {
    /// The note saying what was left out (`counted`: the answer's counts
    /// include the moves left out); `None` when nothing was.
    pub fn note(&self, counted: bool) -> Option<String> {
        let why = self.why.as_ref()?;
        let n = self.dropped;
        let moves = if n == 1 { "move" } else { "moves" };
        let count = if counted {
            "; the count includes them"
        } else {
            ""
        };
        Some(format!(
            "{n} {moves} found but not listed: the position each leaves is refused when read back ({why}){count}"
        ))
    }
}

/// The first `shown` of `moves` whose `to` the game's own parser reads
/// back, formatted, with what was left out: a move may leave more than a
/// position may hold (a heap split in a position of the most heaps, a
/// coin-product move leaving more heads than a position may list), and
/// every `to` shown must be one `analyze` and `play` accept. A `to` no
/// longer than `position` (already read) is taken as it is: the parsers'
/// bounds are on sizes, so only a move that grows the position is read
/// back, which keeps large answers of shrinking moves (a Hackenbush star)
/// from paying a parse a move.
pub(super) fn readable_moves<G: TextGame>(
    game: &G,
    position: &str,
    moves: impl IntoIterator<Item = crate::Move<G::Position>>,
    shown: usize,
) -> Readable {
    let moves = moves.into_iter();
    // Sized once (most answers list one or two moves): growing from
    // empty cost an allocation an answer in a batch of 10^5.
    let mut out = Readable {
        moves: Vec::with_capacity(moves.size_hint().0.min(shown).min(64)),
        ..Readable::default()
    };
    for m in moves {
        if out.moves.len() >= shown {
            break;
        }
        let to = game.format(&m.to);
        if !readable(game, position, &to, &mut out) {
            continue;
        }
        out.moves.push(MoveReport { label: m.label, to });
    }
    out
}

/// Whether `to` reads back (see [`readable_moves`]); a refusal is
/// counted in `out`.
pub(super) fn readable<G: TextGame>(
    game: &G,
    position: &str,
    to: &str,
    out: &mut Readable,
) -> bool {
    if to.len() <= position.len() {
        return true;
    }
    let words: Vec<&str> = to.split_whitespace().collect();
    match game.parse(&words) {
        Ok(_) => true,
        Err(e) => {
            out.dropped += 1;
            out.why.get_or_insert_with(|| e.to_string());
            false
        }
    }
}

/// Adds to `notes` that the answer's time limit passed, when it has: the
/// moves were not listed (or not all found) for that reason, whatever
/// other limit the note before it names.
pub(super) fn timed_out_note(notes: &mut Vec<String>) {
    if crate::clock::answer_time_passed() {
        notes.push(
            "the answer's time limit passed while its winning moves were looked for (raise it with --time-limit)"
                .to_string(),
        );
    }
}

/// The note of an analysis listing the first winning moves a theory found
/// ([`crate::TextGame::theory_first`]): the others are not counted.
pub(super) fn first_found_note(listed: usize) -> String {
    match listed {
        0 => "no winning move listed: none was found among the moves looked at (they are too many to examine all), or each found was over a limit; the winning moves are not counted".to_string(),
        1 => "the first winning move found is listed; the others are not counted".to_string(),
        n => format!("the first {n} winning moves found are listed; the others are not counted"),
    }
}
