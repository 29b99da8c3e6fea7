//! The analysis of a loopy game's position across ranks: the answer of
//! [`super::loopy`], byte for byte, with the reachable positions explored
//! and solved by [`crate::retrograde_ranks`], each rank holding its share.
//!
//! Imports run one way: this file uses `loopy` and `report`, neither
//! uses it.

use super::loopy::{by_values, set_loopy_value, with_components, Heading, LoopyReport};
use super::report::{check_moves_bound, Analysis, Detail, MoveReport, Question};
use crate::limits::Budget;
use crate::ranks::{agree, Ranks};
use crate::retrograde_ranks::{explore_ranks, solve_on_ranks};
use crate::{loopy_values, GameError, Limits, Outcome, Play, Retrograde, SearchError, TextGame};

/// Analyses `p` of a game that may repeat as [`super::loopy`] does, the
/// positions reachable from it dealt to `ranks`; called by every rank
/// alike, every rank gets the answer. In normal play the generalized
/// value needs every position at once: the graph is gathered on every
/// rank for it (the outcome and moves do not need it).
///
/// Errors, on every rank alike: those of the one-process analysis (the
/// first failing rank's), a transport failure.
pub(super) fn analyze<G: TextGame>(
    question: Question<'_, G>,
    limits: &Limits,
    ranks: &dyn Ranks,
) -> Result<Analysis, GameError> {
    let (game_name, game, p, play, detail) = question.parts();
    let misere = play == Play::Misere;
    // First what needs no exploration, agreed on by every rank (the rules
    // may fail on one rank's clock alone).
    let early = if misere {
        Budget::start(limits)
            .admit(game.misere_size(p))
            .map(|()| None)
            .map_err(GameError::from)
    } else {
        by_values(game_name, game, p, detail, limits)
    };
    match early {
        Ok(Some(a)) => {
            agree::<GameError>(ranks, Ok(true))?;
            return Ok(a);
        }
        Ok(None) => {
            if agree::<GameError>(ranks, Ok(false))? {
                return Err(GameError::Internal(
                    "the ranks disagree on the generalized values".into(),
                ));
            }
        }
        Err(e) => {
            agree(ranks, Err(e))?;
            return Err(GameError::Internal("an error lost between ranks".into()));
        }
    }
    let explored = explore_ranks(
        p,
        |q| game.format(q),
        |t| {
            let words: Vec<&str> = t.split_whitespace().collect();
            Ok(game.parse(&words)?)
        },
        |q| Ok(game.options(q).map_err(SearchError::from)?),
        ranks,
        limits,
    )?;
    let total = explored.total();
    // The one-process misère graph has its sink too.
    let positions = total + u64::from(misere);
    Budget::start(limits).admit(u128::from(positions))?;
    let solved = solve_on_ranks(&explored, play, ranks, limits)?;
    let start = game.format(p);
    let at_start = explored.query(&solved, Ok(std::slice::from_ref(&start)), ranks)?;
    let outcome = at_start[0].0;
    // The moves, when the answer lists them, and where they lead.
    let listed = detail != Detail::OutcomeOnly && outcome != Outcome::P;
    let moves = if listed {
        let moves = check_moves_bound(game, p, limits)
            .and_then(|()| game.moves(p).map_err(crate::SearchError::from));
        moves.map_err(GameError::from).map(|moves| {
            moves
                .into_iter()
                .map(|m| MoveReport {
                    label: m.label,
                    to: game.format(&m.to),
                })
                .collect::<Vec<_>>()
        })
    } else {
        Ok(Vec::new())
    };
    let texts: Result<Vec<String>, GameError> = match &moves {
        Ok(m) => Ok(m.iter().map(|m| m.to.clone()).collect()),
        Err(e) => Err(e.clone()),
    };
    let after = explored.query(&solved, texts.as_deref().map_err(Clone::clone), ranks)?;
    let moves = moves?;
    let values = if misere {
        None
    } else {
        let (graph, at) = explored.whole_graph(&start, ranks, limits)?;
        Some(loopy_values(&graph, limits).map(|v| v[at as usize].clone()))
    };
    // From here on every rank works alone: no more messages.
    let mut outcomes = vec![outcome];
    let mut remoteness = vec![at_start[0].1.unwrap_or(u32::MAX)];
    for (o, r) in after {
        outcomes.push(o);
        remoteness.push(r.unwrap_or(u32::MAX));
    }
    let small = Retrograde::from_parts(outcomes, remoteness);
    let report = LoopyReport::new(&small, play);
    let heading = Heading::reachable(game_name, start, total as usize);
    let mut a = report.analysis(0, heading, detail, || {
        Ok(moves
            .into_iter()
            .enumerate()
            .map(|(i, m)| (m, i as u32 + 1))
            .collect())
    })?;
    if let Some(value) = values {
        set_loopy_value(&mut a, value)?;
    }
    with_components(game, p, a, limits)
}
