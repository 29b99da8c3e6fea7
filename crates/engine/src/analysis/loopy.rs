//! Answers about games whose positions may repeat
//! ([`crate::Rules::may_repeat`]), where the acyclic solvers cannot run.
//!
//! Every such answer is built here, from a graph solved by retrograde
//! analysis: [`ReachableGame`] explores and solves the positions reachable
//! from a start, and [`LoopyReport`] reads a solved graph (this one, or a
//! family's own, like `ring`'s) into the outcome and remoteness of a
//! position and of each of its moves, and into its [`Analysis`]. The
//! engine's analysis of a loopy game, a family that solves its whole
//! graph itself and the engine's choice of move in play all use them.

use super::report::{check_moves_bound, report_components, Analysis, Detail, MoveReport, Question};
use crate::hash::FastMap;
use crate::limits::Budget;
use crate::{
    explore, loopy_values, sum_outcome, Explored, GameError, GameGraph, Limits, LoopyValue, Move,
    Outcome, Play, Retrograde, Rules, SearchError, TextGame,
};
use std::hash::Hash;

/// Per legal move, in the family's order: the outcome for the player to
/// move after it, and the remoteness (`None` for a draw).
pub type MoveOutcomes = Vec<(Outcome, Option<u32>)>;

/// The note of a drawn position.
const DRAW_NOTE: &str = "neither player can force a win; play can go on for ever";

/// The note on how long the game lasts with best play (`None`: a draw).
fn remoteness_note(remoteness: Option<u32>) -> String {
    match remoteness {
        Some(r) => format!(
            "remoteness {r}: the game ends after {r} move{} with best play",
            if r == 1 { "" } else { "s" }
        ),
        None => DRAW_NOTE.to_string(),
    }
}

/// A solved graph read for one convention of play: the one builder of
/// answers from retrograde analysis. It gives the outcome and remoteness
/// of any position and of the moves of one, and the [`Analysis`] of a
/// position: its outcome, the moves worth playing (the winning moves of a
/// won position, those keeping the draw of a drawn one) and a note on how
/// long the game lasts.
#[derive(Clone, Copy, Debug)]
pub struct LoopyReport<'a> {
    solved: &'a Retrograde,
    play: Play,
}

/// What an [`Analysis`] built by [`LoopyReport::analysis`] says besides
/// the retrograde analysis: the game, the position and how it was solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heading {
    /// The game's name with its options.
    pub game: String,
    /// The position, in the game's syntax.
    pub position: String,
    /// How the graph was solved, for [`Analysis::method`].
    pub method: String,
}

impl<'a> LoopyReport<'a> {
    /// Reads `solved`, the retrograde analysis of a game's graph under
    /// `play`: for misère play, of the graph with a sink
    /// ([`GameGraph::with_misere_sink`]), whose extra last move is not
    /// counted in the remoteness reported.
    pub fn new(solved: &'a Retrograde, play: Play) -> Self {
        LoopyReport { solved, play }
    }

    /// The outcome of vertex `v` for the player to move.
    pub fn outcome(&self, v: u32) -> Outcome {
        self.solved.outcome(v)
    }

    /// The remoteness of vertex `v`, in moves of the game: how many moves
    /// are left with best play (`None` for a draw).
    pub fn remoteness(&self, v: u32) -> Option<u32> {
        let sink = u32::from(self.play == Play::Misere);
        self.solved.remoteness(v).map(|r| r - sink)
    }

    /// The outcome and remoteness after each move, the moves given by the
    /// vertices they lead to.
    pub fn move_outcomes(&self, targets: &[u32]) -> MoveOutcomes {
        targets
            .iter()
            .map(|&t| (self.outcome(t), self.remoteness(t)))
            .collect()
    }

    /// The analysis of vertex `v`: its outcome, the winning moves of a won
    /// position or the draw-keeping moves of a drawn one (as many as
    /// `detail` asks), and a note on its remoteness. `moves` gives every
    /// legal move of `v`, in the family's order, with the vertex it leads
    /// to; it is called only when moves are to be listed (not for a lost
    /// position, nor with [`Detail::OutcomeOnly`]). The value, the
    /// components and the table are left for the caller (none, `[]`,
    /// `None`).
    ///
    /// Errors: those of `moves`.
    pub fn analysis(
        &self,
        v: u32,
        heading: Heading,
        detail: Detail,
        moves: impl FnOnce() -> Result<Vec<(MoveReport, u32)>, GameError>,
    ) -> Result<Analysis, GameError> {
        let outcome = self.outcome(v);
        let kept = kept_moves(outcome, detail, moves, |m| Ok(self.outcome(m.1)), |m| m.0)?;
        Ok(Analysis {
            game: heading.game,
            position: heading.position,
            play: self.play,
            outcome,
            value: None,
            genus: None,
            winning_move_count: kept.winning_count,
            winning_moves: kept.winning,
            drawing_move_count: kept.drawing_count,
            drawing_moves: kept.drawing,
            loopy_value: None,
            components: Vec::new(),
            method: heading.method,
            notes: vec![remoteness_note(self.remoteness(v))],
            table: None,
        })
    }
}

/// Every position reachable from a start, explored once and solved by
/// retrograde analysis under one convention of play. The start is
/// vertex 0.
#[derive(Clone, Debug)]
pub struct ReachableGame<P> {
    explored: Explored<P>,
    solved: Retrograde,
    play: Play,
}

impl<P: Clone + Eq + Hash> ReachableGame<P> {
    /// Explores every position reachable from `start` by `game`'s rules
    /// and solves the graph. In misère play a player unable to move wins:
    /// normal-play analysis of the graph where each position without a
    /// move gets one, to a new dead end, gives the answer.
    ///
    /// Errors: the state or time limit, while exploring or solving; a
    /// failing [`Rules::options`].
    pub fn solve<G: Rules<Position = P>>(
        game: &G,
        start: &P,
        play: Play,
        limits: &Limits,
    ) -> Result<Self, GameError> {
        let explored = explore(start.clone(), limits, |q: &P| {
            game.options(q).map_err(SearchError::from)
        })?;
        let solved = match play {
            Play::Normal => explored.graph.solve(limits)?,
            Play::Misere => {
                // The copy with its sink: the offsets and targets again.
                let g = &explored.graph;
                let bytes = (g.positions() as u64 + 2) * 8 + (g.moves() + g.positions()) as u64 * 4;
                crate::memory::admit(bytes, limits.max_memory)?;
                g.with_misere_sink()?.solve(limits)?
            }
        };
        Ok(ReachableGame {
            explored,
            solved,
            play,
        })
    }

    /// How many positions are reachable from the start, itself included.
    pub fn positions(&self) -> usize {
        self.explored.positions.len()
    }

    /// The graph of moves between them (without the misère sink).
    pub fn graph(&self) -> &GameGraph {
        &self.explored.graph
    }

    /// The answers of the solved graph.
    pub fn report(&self) -> LoopyReport<'_> {
        LoopyReport::new(&self.solved, self.play)
    }

    /// The vertex each of `moves`, moves of the start, leads to.
    ///
    /// Errors: an internal error for a move to a position that is not an
    /// option of the start (the family's moves and options disagree).
    pub fn targets(&self, moves: &[Move<P>]) -> Result<Vec<u32>, GameError> {
        let index: FastMap<&P, u32> = self
            .explored
            .graph
            .successors(0)
            .iter()
            .map(|&i| (&self.explored.positions[i as usize], i))
            .collect();
        moves
            .iter()
            .map(|m| {
                index.get(&m.to).copied().ok_or_else(|| {
                    GameError::Internal(format!(
                        "move '{}' leads to a position that is not an option",
                        m.label
                    ))
                })
            })
            .collect()
    }
}

/// Analyses `p` of a loopy game: outcome (`D` when neither player can
/// force a win), the winning moves of a won position or the moves that
/// keep the draw of a drawn one, and in normal play the generalized
/// Sprague-Grundy value (finite in `value`, else `∞` with its finite
/// options in `loopy_value`). The whole reachable graph is enumerated
/// under `limits` ([`ReachableGame`]), except in normal play when every
/// component has a known generalized value
/// ([`crate::Impartial::loopy_value`]): then the sum is decided from the
/// values alone. The moves are listed as `detail` asks.
///
/// Errors: the state or time limit, a failing `options`, a move bound over
/// the state limit (unless `detail` is [`Detail::OutcomeOnly`]).
pub(super) fn analyze<G: TextGame>(
    question: Question<'_, G>,
    limits: &Limits,
) -> Result<Analysis, GameError> {
    let (game_name, game, p, play, detail) = question.parts();
    let misere = play == Play::Misere;
    if misere {
        // The family's bound on the sums a misère search meets holds for
        // the exploration too: refuse at once what cannot fit.
        Budget::start(limits).admit(game.misere_size(p))?;
    } else if let Some(a) = by_values(game_name, game, p, detail, limits)? {
        return Ok(a);
    }
    let reachable = ReachableGame::solve(game, p, play, limits)?;
    let report = reachable.report();
    let heading = Heading::reachable(game_name, game.format(p), reachable.positions());
    let mut a = report.analysis(0, heading, detail, || {
        check_moves_bound(game, p, limits)?;
        let moves = game.moves(p).map_err(crate::SearchError::from)?;
        let targets = reachable.targets(&moves)?;
        Ok(moves
            .into_iter()
            .zip(targets)
            .map(|(m, t)| {
                let to = game.format(&m.to);
                (MoveReport { label: m.label, to }, t)
            })
            .collect())
    })?;
    if !misere {
        let value = loopy_values(reachable.graph(), limits).map(|v| v[0].clone());
        set_loopy_value(&mut a, value)?;
    }
    with_components(game, p, a, limits)
}

/// The heading of an answer by retrograde analysis of `positions`
/// reachable positions.
impl Heading {
    pub(super) fn reachable(game_name: &str, position: String, positions: usize) -> Heading {
        Heading {
            game: game_name.to_string(),
            position,
            method: match positions {
                1 => "retrograde analysis of the 1 position reachable (the game may repeat)".into(),
                n => format!(
                    "retrograde analysis of the {n} positions reachable (the game may repeat)"
                ),
            },
        }
    }
}

/// Puts the start's generalized value into `a` (its value when finite,
/// else its loopy value), or a note why it was not computed.
///
/// Errors: an internal error when the value's outcome disagrees with the
/// retrograde analysis's (a bug caught at run time).
pub(super) fn set_loopy_value(
    a: &mut Analysis,
    value: Result<LoopyValue, SearchError>,
) -> Result<(), GameError> {
    match value {
        Ok(v) => {
            if v.outcome() != a.outcome {
                return Err(GameError::Internal(format!(
                    "generalized value {v} disagrees with retrograde analysis ({})",
                    a.outcome
                )));
            }
            match v.finite() {
                Some(n) => a.value = Some(n.0),
                None => a.loopy_value = Some(v.to_string()),
            }
        }
        Err(e) => a.notes.insert(0, format!("value not computed: {e}")),
    }
    Ok(())
}

/// `a` with its components reported: `p`'s parts, valued by `a`'s value
/// when `p` is one part.
pub(super) fn with_components<G: TextGame>(
    game: &G,
    p: &G::Position,
    mut a: Analysis,
    limits: &Limits,
) -> Result<Analysis, GameError> {
    let parts = game.components(p).map_err(SearchError::from)?;
    let single = parts.len() == 1;
    let parts = parts
        .into_iter()
        .map(|q| (q, if single { a.value } else { None }))
        .collect();
    a.components = report_components(game, p, parts, a.value, limits)?;
    Ok(a)
}

/// The move fields of an [`Analysis`] of a position that may be drawn.
struct KeptMoves {
    winning_count: Option<usize>,
    winning: Vec<MoveReport>,
    drawing_count: Option<usize>,
    drawing: Vec<MoveReport>,
}

/// The moves of a position of outcome `outcome` worth listing: from a won
/// position the winning moves, those to lost positions; from a drawn one
/// the drawing moves, those to drawn positions (the moves that keep the
/// draw); none from a lost position or when `detail` asks for the outcome
/// only, and then `moves` is not called. `outcome_of` judges where a move
/// leads, `report` writes a move kept. Each list holds as many as `detail`
/// asks, each count how many there are (`None` when the moves were not
/// examined, and the drawing count also unless `outcome` is `D`).
///
/// Errors: those of `moves` and `outcome_of`.
fn kept_moves<M>(
    outcome: Outcome,
    detail: Detail,
    moves: impl FnOnce() -> Result<Vec<M>, GameError>,
    mut outcome_of: impl FnMut(&M) -> Result<Outcome, GameError>,
    report: impl Fn(M) -> MoveReport,
) -> Result<KeptMoves, GameError> {
    let examined = detail != Detail::OutcomeOnly;
    let keep = match (detail, outcome) {
        (Detail::OutcomeOnly, _) | (_, Outcome::P) => None,
        (_, Outcome::N) => Some(Outcome::P),
        (_, Outcome::D) => Some(Outcome::D),
    };
    let shown = match detail {
        Detail::FirstMoves(k) => k,
        _ => usize::MAX,
    };
    let mut listed = Vec::new();
    let mut count = 0;
    if let Some(keep) = keep {
        for m in moves()? {
            if outcome_of(&m)? == keep {
                count += 1;
                if listed.len() < shown {
                    listed.push(report(m));
                }
            }
        }
    }
    Ok(if outcome == Outcome::D {
        KeptMoves {
            winning_count: examined.then_some(0),
            winning: Vec::new(),
            drawing_count: examined.then_some(count),
            drawing: listed,
        }
    } else {
        KeptMoves {
            winning_count: examined.then_some(count),
            winning: listed,
            drawing_count: None,
            drawing: Vec::new(),
        }
    })
}

/// Components with their generalized values.
type Valued<P> = Vec<(P, LoopyValue)>;

/// The generalized values of the components of `q`, when the family knows
/// every one ([`crate::Impartial::loopy_value`]).
fn component_values<G: TextGame>(
    game: &G,
    q: &G::Position,
) -> Result<Option<Valued<G::Position>>, GameError> {
    let parts = game.components(q).map_err(SearchError::from)?;
    Ok(parts
        .into_iter()
        .map(|c| game.loopy_value(&c).map(|v| (c, v)))
        .collect())
}

/// Normal play decided without exploring the sum, when every component
/// has a known generalized value: the sum's value by Smith's sum rule
/// ([`LoopyValue::sum`]), each move judged by the values of the components
/// it leaves. `None` when some component's value is not known.
pub(super) fn by_values<G: TextGame>(
    game_name: &str,
    game: &G,
    p: &G::Position,
    detail: Detail,
    limits: &Limits,
) -> Result<Option<Analysis>, GameError> {
    let Some(parts) = component_values(game, p)? else {
        return Ok(None);
    };
    let values: Vec<LoopyValue> = parts.iter().map(|(_, v)| v.clone()).collect();
    let sum = LoopyValue::sum(&values);
    let outcome = sum.outcome();
    let kept = kept_moves(
        outcome,
        detail,
        || {
            check_moves_bound(game, p, limits)?;
            Ok(game.moves(p).map_err(crate::SearchError::from)?)
        },
        |m: &Move<G::Position>| match component_values(game, &m.to)? {
            Some(after) => {
                let after: Vec<LoopyValue> = after.into_iter().map(|(_, v)| v).collect();
                Ok(sum_outcome(&after))
            }
            None => Err(GameError::Internal(format!(
                "move '{}' leads to a position whose components have no known value",
                m.label
            ))),
        },
        |m| MoveReport {
            to: game.format(&m.to),
            label: m.label,
        },
    )?;
    let value = sum.finite().map(|n| n.0);
    let loopy_value = value.is_none().then(|| sum.to_string());
    let mut notes = Vec::new();
    if outcome == Outcome::D {
        notes.push(DRAW_NOTE.to_string());
    }
    let reported = parts
        .into_iter()
        .map(|(q, v)| (q, v.finite().map(|n| n.0)))
        .collect();
    let components = report_components(game, p, reported, value, limits)?;
    Ok(Some(Analysis {
        game: game_name.to_string(),
        position: game.format(p),
        play: Play::Normal,
        outcome,
        value,
        genus: None,
        winning_move_count: kept.winning_count,
        winning_moves: kept.winning,
        drawing_move_count: kept.drawing_count,
        drawing_moves: kept.drawing,
        loopy_value,
        components,
        method: "generalized Sprague-Grundy values of the components (Smith's theory); the sum is not searched".into(),
        notes,
        table: None,
    }))
}
