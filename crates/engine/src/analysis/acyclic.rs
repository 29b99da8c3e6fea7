//! The answer for a position of an acyclic game: the family's theory where
//! it has one, else the Sprague-Grundy values (normal play) or the misère
//! search, and the winning moves they show.

use super::report::{
    check_moves_bound, first_found_note, not_listed_note, readable_moves, report_components,
    timed_out_note, Analysis, Detail, Question, GENUS_STATES,
};
use crate::{GameError, Genus, MisereSolver, Outcome, Play, SearchError, Solver, TextGame};

/// Analyses `p` of a game that never repeats (see [`crate::analyze_with`],
/// which checks the answer's size first).
pub(super) fn analyze<G: TextGame>(
    question: Question<'_, G>,
    normal: &mut Solver<G>,
    misere: &mut MisereSolver<G>,
) -> Result<Analysis, GameError> {
    let (game_name, game, p, play, detail) = question.parts();
    let mut list_moves = detail != Detail::OutcomeOnly;
    // Whether every winning move was found (and so counted); the method of
    // a theory that listed the first few alone.
    let mut counted = true;
    let mut theory_method = None;
    // Whether the moves listed are the first a theory found (not counted).
    let mut first_found = false;
    // The count of a theory that listed only the first moves it counted.
    let mut theory_count = None;
    let theory = match detail {
        Detail::AllMoves => game.theory(p, play),
        Detail::FirstMoves(k) => game.theory_counted(p, play, k).map(|(t, count)| {
            theory_count = Some(count);
            t
        }),
        Detail::OutcomeOnly => game.theory_outcome(p, play),
    };
    let mut notes = Vec::new();
    // A theory that gave up because the answer's time ran out (one
    // reading the clock, as Hackenbush's winning edges on long cycles do)
    // leaves no time to look for the winning moves by search, which would
    // value every move (a 13,500-edge cycle at --time-limit 0.5 answered
    // after 28.8 s). In misère play nothing is left to answer with: the
    // time-limit error. In normal play the value still comes cheaply
    // (closed forms, tables): answered without the moves, and noted.
    if theory.is_none() {
        if let Some(limit) = crate::clock::answer_limit_passed() {
            if play == Play::Misere {
                return Err(SearchError::TimeLimit(limit).into());
            }
            if list_moves {
                list_moves = false;
                counted = false;
                timed_out_note(&mut notes);
            }
        }
    }
    // Normal-play values mean nothing to a misère answer: skip their search.
    let (values, value_error) = match play {
        Play::Misere => (None, None),
        Play::Normal => match normal.component_values(p) {
            Ok(v) => (Some(v), None),
            Err(e) => (None, Some(time_before_size(e, normal.limits()))),
        },
    };
    let parts: Vec<(G::Position, Option<u64>)> = match &values {
        Some(v) => v.iter().map(|(q, n)| (q.clone(), Some(n.0))).collect(),
        None => match play {
            Play::Normal => game.normal_play_parts(p),
            Play::Misere => game.components(p),
        }
        .map_err(SearchError::from)?
        .into_iter()
        .map(|q| (q, None))
        .collect(),
    };
    let total = values
        .as_ref()
        .map(|v| v.iter().fold(0u64, |acc, (_, n)| acc ^ n.0));
    let components = report_components(game, p, parts, total, normal.limits())?;

    let (outcome, winning, method, value) = match play {
        Play::Normal => {
            let value = match (total, &theory, value_error) {
                (Some(t), _, _) => Some(t),
                (None, Some(_), Some(e)) => {
                    notes.push(format!("value not computed: {e}"));
                    None
                }
                (None, _, Some(e)) => return Err(e.into()),
                (None, _, None) => unreachable!("either values or an error"),
            };
            match theory {
                Some(t) => {
                    if let Some(v) = value {
                        if (v != 0) != (t.outcome == Outcome::N) {
                            return Err(GameError::Internal(format!(
                                "theory ({}) says {} but the value is {v}",
                                t.method, t.outcome
                            )));
                        }
                    }
                    (t.outcome, t.winning_moves, t.method, value)
                }
                None => {
                    let v = value.expect("no theory means the value was computed");
                    let mut winning = Vec::new();
                    if v != 0 && list_moves {
                        match check_moves_bound(game, p, normal.limits()) {
                            Ok(()) => {
                                for m in game.moves(p).map_err(crate::SearchError::from)? {
                                    if normal.value(&m.to)?.0 == 0 {
                                        winning.push(m);
                                    }
                                }
                            }
                            Err(e) => {
                                let first = match detail {
                                    Detail::FirstMoves(k) => game.theory_first(p, play, k),
                                    _ => None,
                                };
                                match first {
                                    Some(t) => {
                                        if t.outcome != Outcome::from_mover_wins(v != 0) {
                                            return Err(GameError::Internal(format!(
                                                "theory ({}) says {} but the value is {v}",
                                                t.method, t.outcome
                                            )));
                                        }
                                        counted = false;
                                        first_found = true;
                                        winning = t.winning_moves;
                                        theory_method = Some(t.method);
                                    }
                                    None => {
                                        counted = false;
                                        notes.push(not_listed_note(&e));
                                        timed_out_note(&mut notes);
                                    }
                                }
                            }
                        }
                    }
                    let method = if let Some(m) = theory_method.take() {
                        m
                    } else if game
                        .normal_play_parts(p)
                        .map_err(SearchError::from)?
                        .iter()
                        .all(|q| game.closed_form(q).is_some())
                    {
                        "closed form".to_string()
                    } else {
                        "memoised search".to_string()
                    };
                    (Outcome::from_mover_wins(v != 0), winning, method, value)
                }
            }
        }
        Play::Misere => match theory {
            Some(t) => (t.outcome, t.winning_moves, t.method, None),
            None => {
                let wins = misere.mover_wins(p)?;
                let mut winning = Vec::new();
                if wins && list_moves {
                    match check_moves_bound(game, p, normal.limits()) {
                        Ok(()) => {
                            for m in game.moves(p).map_err(crate::SearchError::from)? {
                                if !misere.mover_wins(&m.to)? {
                                    winning.push(m);
                                }
                            }
                        }
                        Err(e) => {
                            counted = false;
                            notes.push(not_listed_note(&e));
                        }
                    }
                }
                (
                    Outcome::from_mover_wins(wins),
                    winning,
                    "misère search of the whole sum (no theory applies)".to_string(),
                    None,
                )
            }
        },
    };
    let genus = match play {
        Play::Misere => misere_genus(game, misere, p, outcome)?,
        Play::Normal => None,
    };
    let winning_move_count =
        (list_moves && counted).then_some(theory_count.unwrap_or(winning.len()));
    let shown = match detail {
        Detail::AllMoves => winning.len(),
        Detail::FirstMoves(k) => k,
        Detail::OutcomeOnly => 0,
    };
    let position = game.format(p);
    let listed = readable_moves(game, &position, winning, shown);
    if first_found {
        notes.push(first_found_note(listed.moves.len()));
        if listed.moves.is_empty() {
            timed_out_note(&mut notes);
        }
    }
    if let Some(note) = listed.note(winning_move_count.is_some()) {
        notes.push(note);
    }
    let winning_moves = listed.moves;
    Ok(Analysis {
        game: game_name.to_string(),
        position,
        play,
        outcome,
        value,
        genus,
        winning_move_count,
        winning_moves,
        drawing_move_count: None,
        drawing_moves: Vec::new(),
        loopy_value: None,
        components,
        method,
        notes,
        table: None,
    })
}

/// The error to report for a value search refused as too large once the
/// answer's time has run out: a value table cut short by the deadline
/// (Wythoff's, see [`crate::mex_table::QueenValues`]) is what left the
/// value to the search, so the time limit is named, not the state limit.
fn time_before_size(e: SearchError, limits: &crate::Limits) -> SearchError {
    match (&e, limits.max_time) {
        (SearchError::TooLarge { .. }, Some(t)) if crate::clock::answer_time_passed() => {
            SearchError::TimeLimit(t)
        }
        _ => e,
    }
}

/// The genus of `p` when a search of at most [`GENUS_STATES`] sums finds
/// it, `None` when a limit stops it (or `p` has more moves than that).
/// Its γ0 must agree with `outcome` (0 exactly for a P-position): a
/// disagreement is a bug, caught here.
fn misere_genus<G: TextGame>(
    game: &G,
    misere: &mut MisereSolver<G>,
    p: &G::Position,
    outcome: Outcome,
) -> Result<Option<Genus>, GameError> {
    if game.moves_bound(p) > u128::from(GENUS_STATES) {
        return Ok(None);
    }
    let genus = match misere.genus_solver().genus_within(p, GENUS_STATES) {
        Ok(g) => g,
        Err(SearchError::Rules(e)) => return Err(SearchError::Rules(e).into()),
        Err(SearchError::Cycle(c)) => return Err(SearchError::Cycle(c).into()),
        Err(_) => return Ok(None),
    };
    if (genus.misere[0] == 0) != (outcome == Outcome::P) {
        return Err(GameError::Internal(format!(
            "the genus {genus} of {} disagrees with the misère outcome {outcome}",
            game.format(p)
        )));
    }
    Ok(Some(genus))
}
