//! The answer for a position of a game whose positions may repeat
//! ([`crate::Rules::may_repeat`]): the acyclic solvers cannot run, so the
//! positions reachable from it are enumerated and solved backwards.

use crate::analysis::report_components;
use crate::hash::FastMap;
use crate::{
    explore, loopy_values, Analysis, Detail, GameError, Limits, LoopyValue, MoveReport, Outcome,
    Play, SearchError, TextGame,
};

/// Analyses `p` of a loopy game: outcome (`D` when neither player can
/// force a win), the winning moves of a won position or the moves that
/// keep the draw of a drawn one, and in normal play the generalized
/// Sprague-Grundy value (finite, or `∞` with its finite options, in a
/// note). The whole reachable graph is enumerated under `limits`; the
/// moves are listed as `detail` asks.
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
                        notes.push(format!("generalized Sprague-Grundy value {v}"));
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

    // A won position lists its moves to lost positions, a drawn one its
    // moves to drawn positions (the moves that keep the draw).
    let keep = match (detail, outcome) {
        (Detail::OutcomeOnly, _) | (_, Outcome::P) => None,
        (_, Outcome::N) => Some(Outcome::P),
        (_, Outcome::D) => Some(Outcome::D),
    };
    let mut winning_moves = Vec::new();
    let mut count = 0;
    if let Some(keep) = keep {
        let estimate = game.moves_bound(p);
        if estimate > limits.max_states as u128 {
            return Err(SearchError::TooManyMoves {
                estimate,
                limit: limits.max_states,
            }
            .into());
        }
        let index: FastMap<&G::Position, u32> = graph
            .successors(0)
            .iter()
            .map(|&i| (&explored.positions[i as usize], i))
            .collect();
        let shown = match detail {
            Detail::FirstMoves(k) => k,
            _ => usize::MAX,
        };
        for m in game.moves(p).map_err(SearchError::from)? {
            let Some(&i) = index.get(&m.to) else {
                return Err(GameError::Internal(format!(
                    "move '{}' leads to a position that is not an option",
                    m.label
                )));
            };
            if solved.outcome(i) == keep {
                count += 1;
                if winning_moves.len() < shown {
                    winning_moves.push(MoveReport {
                        label: m.label,
                        to: game.format(&m.to),
                    });
                }
            }
        }
    }
    let winning_move_count = (detail != Detail::OutcomeOnly).then_some(count);
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
        winning_move_count,
        winning_moves,
        components,
        method: format!(
            "retrograde analysis of the {} positions reachable (the game may repeat)",
            explored.positions.len()
        ),
        notes,
        table: None,
    })
}
