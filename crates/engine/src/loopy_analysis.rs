//! The answer for a position of a game whose positions may repeat
//! ([`crate::Rules::may_repeat`]): the acyclic solvers cannot run, so the
//! positions reachable from it are enumerated and solved backwards.

use crate::analysis::report_components;
use crate::hash::FastMap;
use crate::{
    explore, loopy_values, sum_outcome, Analysis, Detail, GameError, Limits, LoopyValue, Move,
    MoveReport, Outcome, Play, SearchError, TextGame,
};

/// Analyses `p` of a loopy game: outcome (`D` when neither player can
/// force a win), the winning moves of a won position or the moves that
/// keep the draw of a drawn one, and in normal play the generalized
/// Sprague-Grundy value (finite, or `∞` with its finite options, in a
/// note). The whole reachable graph is enumerated under `limits`, except
/// in normal play when every component has a known generalized value
/// ([`crate::Impartial::loopy_value`]): then the sum is decided from the
/// values alone. The moves are listed as `detail` asks.
///
/// Errors: the state or time limit, a failing `options`, a move bound over
/// the state limit (unless `detail` is [`Detail::OutcomeOnly`]).
pub(crate) fn analyze_loopy<G: TextGame>(
    game_name: &str,
    game: &G,
    p: &G::Position,
    play: Play,
    detail: Detail,
    limits: &Limits,
) -> Result<Analysis, GameError> {
    let misere = play == Play::Misere;
    if misere {
        // The family's bound on the sums a misère search meets holds for
        // the exploration too: refuse at once what cannot fit.
        crate::limits::Budget::start(limits).admit(game.misere_size(p))?;
    } else if let Some(a) = by_values(game_name, game, p, detail, limits)? {
        return Ok(a);
    }
    let explored = explore(p.clone(), limits, |q| {
        game.options(q).map_err(SearchError::from)
    })?;
    let graph = &explored.graph;
    // In misère play a player unable to move wins: normal-play analysis of
    // the graph with a move from each end to a dead end gives the answer.
    let solved = if misere {
        graph.with_misere_sink()?.solve(limits)?
    } else {
        graph.solve(limits)?
    };
    let outcome = solved.outcome(0);

    let mut notes = Vec::new();
    let mut loopy_value = None;
    let value = if misere {
        None
    } else {
        match loopy_values(graph, limits) {
            Ok(values) => {
                let v = &values[0];
                if v.outcome() != outcome {
                    return Err(GameError::Internal(format!(
                        "generalized value {v} disagrees with retrograde analysis ({outcome})"
                    )));
                }
                match v {
                    LoopyValue::Finite(n) => Some(n.0),
                    LoopyValue::Infinite(_) => {
                        loopy_value = Some(v.to_string());
                        None
                    }
                }
            }
            Err(e) => {
                notes.push(format!("value not computed: {e}"));
                None
            }
        }
    };
    match solved.remoteness(0) {
        Some(r) => notes.push(format!(
            "remoteness {r}: the game ends after {r} moves with best play"
        )),
        None => notes.push("neither player can force a win; play can go on for ever".into()),
    }

    let index: FastMap<&G::Position, u32> = graph
        .successors(0)
        .iter()
        .map(|&i| (&explored.positions[i as usize], i))
        .collect();
    let kept = kept_moves(game, p, outcome, detail, limits, |m| {
        match index.get(&m.to) {
            Some(&i) => Ok(solved.outcome(i)),
            None => Err(GameError::Internal(format!(
                "move '{}' leads to a position that is not an option",
                m.label
            ))),
        }
    })?;
    let parts = game.components(p).map_err(SearchError::from)?;
    let single = parts.len() == 1;
    let parts = parts
        .into_iter()
        .map(|q| (q, if single { value } else { None }))
        .collect();
    let components = report_components(game, p, parts, value, limits)?;
    Ok(Analysis {
        game: game_name.to_string(),
        position: game.format(p),
        play,
        outcome,
        value,
        winning_move_count: kept.winning_count,
        winning_moves: kept.winning,
        drawing_move_count: kept.drawing_count,
        drawing_moves: kept.drawing,
        loopy_value,
        components,
        method: format!(
            "retrograde analysis of the {} positions reachable (the game may repeat)",
            explored.positions.len()
        ),
        notes,
        table: None,
    })
}

/// The move fields of an [`Analysis`] of a position that may be drawn.
struct KeptMoves {
    winning_count: Option<usize>,
    winning: Vec<MoveReport>,
    drawing_count: Option<usize>,
    drawing: Vec<MoveReport>,
}

/// The moves of `p` worth listing: from a won position (`outcome` `N`)
/// the winning moves, those to lost positions; from a drawn one the
/// drawing moves, those to drawn positions (the moves that keep the
/// draw); none from a lost position or when `detail` asks for the outcome
/// only. `outcome_of` judges where a move leads. Each list holds as many
/// as `detail` asks, each count how many there are (`None` when the moves
/// were not examined, and the drawing count also unless `outcome` is `D`).
///
/// Errors: a move bound over the state limit, a failing `moves`, and
/// whatever `outcome_of` reports.
fn kept_moves<G: TextGame>(
    game: &G,
    p: &G::Position,
    outcome: Outcome,
    detail: Detail,
    limits: &Limits,
    outcome_of: impl FnMut(&Move<G::Position>) -> Result<Outcome, GameError>,
) -> Result<KeptMoves, GameError> {
    let examined = detail != Detail::OutcomeOnly;
    let (listed, count) = listed_moves(game, p, outcome, detail, limits, outcome_of)?;
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

/// The moves [`kept_moves`] lists, as many as `detail` asks, and how many
/// there are.
fn listed_moves<G: TextGame>(
    game: &G,
    p: &G::Position,
    outcome: Outcome,
    detail: Detail,
    limits: &Limits,
    mut outcome_of: impl FnMut(&Move<G::Position>) -> Result<Outcome, GameError>,
) -> Result<(Vec<MoveReport>, usize), GameError> {
    let keep = match (detail, outcome) {
        (Detail::OutcomeOnly, _) | (_, Outcome::P) => return Ok((Vec::new(), 0)),
        (_, Outcome::N) => Outcome::P,
        (_, Outcome::D) => Outcome::D,
    };
    let estimate = game.moves_bound(p);
    if estimate > limits.max_states as u128 {
        return Err(SearchError::TooManyMoves {
            estimate,
            limit: limits.max_states,
        }
        .into());
    }
    let shown = match detail {
        Detail::FirstMoves(k) => k,
        _ => usize::MAX,
    };
    let mut listed = Vec::new();
    let mut count = 0;
    for m in game.moves(p).map_err(SearchError::from)? {
        if outcome_of(&m)? == keep {
            count += 1;
            if listed.len() < shown {
                listed.push(MoveReport {
                    label: m.label,
                    to: game.format(&m.to),
                });
            }
        }
    }
    Ok((listed, count))
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
fn by_values<G: TextGame>(
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
        game,
        p,
        outcome,
        detail,
        limits,
        |m| match component_values(game, &m.to)? {
            Some(after) => {
                let after: Vec<LoopyValue> = after.into_iter().map(|(_, v)| v).collect();
                Ok(sum_outcome(&after))
            }
            None => Err(GameError::Internal(format!(
                "move '{}' leads to a position whose components have no known value",
                m.label
            ))),
        },
    )?;
    let value = sum.finite().map(|n| n.0);
    let loopy_value = value.is_none().then(|| sum.to_string());
    let mut notes = Vec::new();
    if outcome == Outcome::D {
        notes.push("neither player can force a win; play can go on for ever".into());
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
