//! How the engine chooses its move in `play`, for every front end.
//!
//! The engine plays like a master where the game is small enough to see
//! whole: from every position reachable from the current one (at most
//! [`MAX_EXPLORED`], and never more than the family's state limit) it
//! works out by retrograde analysis who wins and in how many moves (the
//! remoteness). From a won position it then plays the fastest win; from a
//! lost one the move that makes the game last longest; a draw is kept
//! when no win exists.
//!
//! Beyond that size it falls back on a heuristic: the first winning move
//! `analyze` lists, or, without one, the move that leaves the opponent the
//! fewest winning replies (a losing position for the opponent first, then
//! a draw, then the fewest winning moves); only the first [`MAX_WEIGHED`]
//! moves are weighed (one analysis each), and no more once the family's
//! time limit has passed ([`Family::weighing_deadline`]), so that a turn
//! stays quick.
//!
//! Among equally good moves the first listed is played, or, given a seed,
//! one picked by the seed and the position: the same seed replays the
//! same game.

use crate::{Analysis, Family, GameError, MoveReport, Outcome, Play};
use grundy_engine::hash::splitmix64;
use std::collections::HashMap;

/// Most moves the heuristic weighs (one analysis each) when the engine has
/// no winning move.
pub const MAX_WEIGHED: usize = 100;

/// Most positions explored to compute remoteness exactly.
pub const MAX_EXPLORED: u64 = 1_000_000;

/// How the engine chooses its moves, in words for a person (the command
/// line's `help` during a game).
pub fn rule_text() -> String {
    format!(
        "The engine plays by remoteness when the game from the current position has at most \
         {MAX_EXPLORED} positions and fits in {} MiB with its moves, seen within a quarter of \
         the time limit (the fastest win, or from a lost position the longest defence); \
         beyond that by a heuristic (the first winning move, else the move leaving the fewest \
         winning replies, among the first {MAX_WEIGHED} moves weighed within the time limit).",
        crate::adapter::REMOTENESS_MEMORY >> 20
    )
}

/// How the engine's move was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Basis {
    /// Exactly, by remoteness over the whole game from the position.
    Remoteness,
    /// By the heuristic (the game was too large to see whole).
    FewestReplies,
}

impl Basis {
    /// A phrase for the reader.
    pub fn describe(self) -> &'static str {
        match self {
            Basis::Remoteness => {
                "remoteness over the whole game from here (the fastest win, or the longest defence)"
            }
            Basis::FewestReplies => {
                "a heuristic (the game is too large to see whole): the first winning move, else the move leaving the fewest winning replies"
            }
        }
    }
}

/// The engine's choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineMove {
    /// The move played.
    pub chosen: MoveReport,
    /// The analysis of the position it leads to, when weighing the moves
    /// computed it.
    pub next: Option<Analysis>,
    /// How it was chosen.
    pub basis: Basis,
    /// With [`Basis::Remoteness`]: the moves left to the end with best
    /// play after this move (`None` for a draw).
    pub remoteness: Option<u32>,
}

/// The engine's move from the position analysed as `a`, whose legal moves
/// are `moves` (as [`Family::moves`] lists them), ties broken by `seed`
/// (`None`: the first listed).
///
/// Errors: the family's own (a limit hit while weighing a move); an
/// internal error when `moves` is empty.
pub fn engine_move(
    family: &Family,
    play: Play,
    a: &Analysis,
    moves: &[MoveReport],
    seed: Option<u64>,
) -> Result<EngineMove, GameError> {
    if moves.is_empty() {
        return Err(GameError::Internal(
            "the engine was asked to move from a position without moves".into(),
        ));
    }
    let args = split(&a.position);
    let after = match family.remoteness() {
        Some(r) => r.move_remoteness(&args, play, MAX_EXPLORED)?,
        None => None,
    };
    if let Some(after) = after {
        if after.len() == moves.len() {
            let (best, remoteness) = best_by_remoteness(&after);
            let i = pick(&best, seed, &a.position);
            return Ok(EngineMove {
                chosen: moves[i].clone(),
                next: None,
                basis: Basis::Remoteness,
                remoteness,
            });
        }
    }
    heuristic(family, play, a, moves, seed)
}

/// The indices of the best moves by remoteness, and the remoteness they
/// leave. `after[i]` is the outcome (for the opponent, to move) and
/// remoteness after move `i`.
fn best_by_remoteness(after: &[(Outcome, Option<u32>)]) -> (Vec<usize>, Option<u32>) {
    // Rank: a lost position for the opponent (fastest first), then a draw,
    // then a won one (slowest first).
    let rank = |(o, r): (Outcome, Option<u32>)| -> (u8, i64) {
        let r = i64::from(r.unwrap_or(0));
        match o {
            Outcome::P => (0, r),
            Outcome::D => (1, 0),
            Outcome::N => (2, -r),
        }
    };
    let best = after.iter().map(|&x| rank(x)).min().unwrap_or((0, 0));
    let idx: Vec<usize> = (0..after.len())
        .filter(|&i| rank(after[i]) == best)
        .collect();
    let remoteness = idx.first().and_then(|&i| after[i].1);
    (idx, remoteness)
}

/// The heuristic for games too large to see whole.
fn heuristic(
    family: &Family,
    play: Play,
    a: &Analysis,
    moves: &[MoveReport],
    seed: Option<u64>,
) -> Result<EngineMove, GameError> {
    // The winning moves of a won position, the draw-keeping moves of a
    // drawn one.
    let good = a.good_moves();
    if !good.is_empty() {
        let listed = find_moves(moves, good);
        if listed.is_empty() {
            // Playing the analysis's move anyway would play a move the
            // family does not list as legal.
            return Err(GameError::Internal(format!(
                "the analysis of {} names move '{}' (to {}), which is not among its legal moves",
                a.position, good[0].label, good[0].to
            )));
        }
        return Ok(EngineMove {
            chosen: moves[pick(&listed, seed, &a.position)].clone(),
            next: None,
            basis: Basis::FewestReplies,
            remoteness: None,
        });
    }
    let mut scored: Vec<(u64, usize, Analysis)> = Vec::new();
    // Each weighing is an analysis with its own time limit: together they
    // stop at the limit too (100 analyses of 38 ms each took 3.8 s at a
    // limit of 0.05 s), keeping the best of those weighed.
    let deadline = family.weighing_deadline();
    for (i, m) in moves.iter().enumerate().take(MAX_WEIGHED) {
        if !scored.is_empty() && deadline.passed() {
            break;
        }
        let next = family.analyze(&split(&m.to), play)?;
        let score = match next.outcome {
            Outcome::P => 0,
            Outcome::D => 1,
            Outcome::N => 2 + next.winning_moves.len() as u64,
        };
        scored.push((score, i, next));
    }
    let best = scored.iter().map(|s| s.0).min().unwrap_or(0);
    let ties: Vec<usize> = (0..scored.len()).filter(|&k| scored[k].0 == best).collect();
    let (_, i, next) = scored.swap_remove(pick(&ties, seed, &a.position));
    Ok(EngineMove {
        chosen: moves[i].clone(),
        next: Some(next),
        basis: Basis::FewestReplies,
        remoteness: None,
    })
}

/// One of `candidates` (not empty): the first without a seed, else one
/// drawn from the seed and the position's text, so a seeded game replays
/// exactly.
fn pick(candidates: &[usize], seed: Option<u64>, position: &str) -> usize {
    match seed {
        None => candidates[0],
        Some(s) => {
            let h = position.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
                (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
            });
            let r = splitmix64(s ^ h);
            candidates[(r % candidates.len() as u64) as usize]
        }
    }
}

/// A position's text split into the arguments `analyze` takes.
pub fn split(to: &str) -> Vec<&str> {
    to.split_whitespace().collect()
}

/// The index in `moves` of the move `m` (same label and position, or else
/// the same position), comparing positions with white space normalised.
pub fn find_move(moves: &[MoveReport], m: &MoveReport) -> Option<usize> {
    let to = normal_space(&m.to);
    moves
        .iter()
        .position(|x| x.label == m.label && normal_space(&x.to) == to)
        .or_else(|| moves.iter().position(|x| normal_space(&x.to) == to))
}

/// The index in `moves` of each of `wanted`, as [`find_move`] finds it,
/// the moves not listed left out: one pass over `moves` however many are
/// wanted (a kayles row of a million pins has a million moves and a
/// quarter of a million winning ones; a search per move took minutes).
pub fn find_moves(moves: &[MoveReport], wanted: &[MoveReport]) -> Vec<usize> {
    // For each wanted (label, position) and position: the first listed
    // move that is it.
    let mut both: HashMap<(&str, String), Option<usize>> = HashMap::new();
    let mut to_only: HashMap<String, Option<usize>> = HashMap::new();
    for w in wanted {
        let to = normal_space(&w.to);
        both.insert((w.label.as_str(), to.clone()), None);
        to_only.insert(to, None);
    }
    for (i, m) in moves.iter().enumerate() {
        let to = normal_space(&m.to);
        if let Some(slot) = to_only.get_mut(&to) {
            slot.get_or_insert(i);
        }
        if let Some(slot) = both.get_mut(&(m.label.as_str(), to)) {
            slot.get_or_insert(i);
        }
    }
    wanted
        .iter()
        .filter_map(|w| {
            let to = normal_space(&w.to);
            both[&(w.label.as_str(), to.clone())].or(to_only[&to])
        })
        .collect()
}

/// `s` with runs of white space made single spaces, trimmed.
pub fn normal_space(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Analyze, Limits, Remoteness};
    use std::sync::Arc;

    #[test]
    fn remoteness_ranks_fast_wins_then_draws_then_long_defences() {
        use Outcome::*;
        let after = [
            (N, Some(3)),
            (P, Some(4)),
            (P, Some(2)),
            (D, None),
            (P, Some(2)),
        ];
        assert_eq!(best_by_remoteness(&after), (vec![2, 4], Some(2)));
        let after = [(N, Some(3)), (D, None), (N, Some(5))];
        assert_eq!(best_by_remoteness(&after), (vec![1], None));
        let after = [(N, Some(3)), (N, Some(7)), (N, Some(1)), (N, Some(7))];
        assert_eq!(best_by_remoteness(&after), (vec![1, 3], Some(7)));
    }

    /// A drawn position "start" whose first listed move loses (to "lost",
    /// won by the opponent) and whose second keeps the draw (to "drawn");
    /// with `remoteness` the family answers [`Family::move_remoteness`],
    /// else the engine must weigh the moves by analysing them, unless
    /// `listed`: then the analysis of "start" lists its draw-keeping move.
    struct DrawOrLose {
        remoteness: bool,
        listed: bool,
        /// Analyses made, counted.
        analysed: std::sync::atomic::AtomicUsize,
    }

    impl DrawOrLose {
        fn new(remoteness: bool, listed: bool) -> Arc<DrawOrLose> {
            Arc::new(DrawOrLose {
                remoteness,
                listed,
                analysed: Default::default(),
            })
        }
    }

    impl DrawOrLose {
        /// Its record: remoteness only when `self.remoteness`, the time
        /// limit already passed when `out_of_time`.
        fn record(self: &Arc<Self>, out_of_time: bool) -> Family {
            let limits = if out_of_time {
                grundy_engine::testing::limits_past_at_once()
            } else {
                Limits {
                    max_time: None,
                    ..Limits::default()
                }
            };
            Family::new("draw-or-lose", &limits, self.clone())
                .with_remoteness(self.remoteness.then(|| self.clone() as Arc<dyn Remoteness>))
        }
    }

    impl Analyze for DrawOrLose {
        fn analyze_with(
            &self,
            args: &[&str],
            play: Play,
            _detail: crate::Detail,
        ) -> Result<Analysis, GameError> {
            self.analysed
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let position = args.join(" ");
            let outcome = match position.as_str() {
                "lost" => Outcome::N,
                "start" | "drawn" => Outcome::D,
                _ => return Err(GameError::Input(format!("no position {position}"))),
            };
            // Listing no draw-keeping move makes the heuristic weigh
            // every move.
            let drawing_moves = match (self.listed, position.as_str()) {
                (true, "start") => vec![MoveReport {
                    label: "to drawn".into(),
                    to: "drawn".into(),
                }],
                _ => vec![],
            };
            Ok(Analysis {
                drawing_move_count: (outcome == Outcome::D).then_some(drawing_moves.len()),
                drawing_moves,
                ..Analysis::outcome_only("draw-or-lose", &position, play, outcome, "test")
            })
        }

        fn moves(&self, args: &[&str]) -> Result<Vec<MoveReport>, GameError> {
            let mv = |to: &str| MoveReport {
                label: format!("to {to}"),
                to: to.into(),
            };
            Ok(match args {
                ["start"] => vec![mv("lost"), mv("drawn")],
                _ => vec![mv("start")],
            })
        }
    }

    impl Remoteness for DrawOrLose {
        fn move_remoteness(
            &self,
            args: &[&str],
            _play: Play,
            _max_positions: u64,
        ) -> Result<Option<crate::MoveOutcomes>, GameError> {
            Ok(match args {
                ["start"] => Some(vec![(Outcome::N, Some(1)), (Outcome::D, None)]),
                _ => None,
            })
        }
    }

    #[test]
    fn a_drawn_position_never_slips_into_a_loss() {
        for (remoteness, listed, basis) in [
            (true, false, Basis::Remoteness),
            (false, false, Basis::FewestReplies),
            (false, true, Basis::FewestReplies),
        ] {
            let family = DrawOrLose::new(remoteness, listed).record(false);
            let a = family.analyze(&["start"], Play::Normal).unwrap();
            let moves = family.moves(&["start"]).unwrap();
            for seed in [None, Some(1), Some(2), Some(3)] {
                let m = engine_move(&family, Play::Normal, &a, &moves, seed).unwrap();
                let case = format!("remoteness {remoteness}, listed {listed}, seed {seed:?}");
                assert_eq!(m.chosen.to, "drawn", "{case}");
                assert_eq!(m.basis, basis);
                assert_eq!(m.remoteness, None);
                // A listed draw-keeping move is played without weighing
                // the moves (which analyses where each leads).
                assert_eq!(m.next.is_none(), remoteness || listed, "{case}");
            }
        }
    }

    #[test]
    fn the_weighing_stops_at_the_time_limit_after_one_move() {
        // Each weighing is an analysis with its own limit: 100 of them
        // took 100 limits. Past the family's time limit the first move
        // weighed is the last.
        let game = DrawOrLose::new(false, false);
        let family = game.record(false);
        let a = family.analyze(&["start"], Play::Normal).unwrap();
        let moves = family.moves(&["start"]).unwrap();
        let count = |f: &DrawOrLose| f.analysed.load(std::sync::atomic::Ordering::Relaxed);
        let before = count(&game);
        engine_move(&family, Play::Normal, &a, &moves, None).unwrap();
        assert_eq!(count(&game) - before, 2, "in time, both moves are weighed");
        let family = game.record(true);
        let before = count(&game);
        let m = engine_move(&family, Play::Normal, &a, &moves, None).unwrap();
        assert_eq!(count(&game) - before, 1, "out of time, one move is weighed");
        assert_eq!(m.chosen.to, "lost", "the only move weighed");
    }

    #[test]
    fn a_good_move_missing_from_the_legal_moves_is_an_error_not_played() {
        let family = DrawOrLose::new(false, true).record(false);
        let a = family.analyze(&["start"], Play::Normal).unwrap();
        // The legal moves as a family that disagrees with its analysis
        // would list them: the draw-keeping move is missing.
        let moves = vec![MoveReport {
            label: "to lost".into(),
            to: "lost".into(),
        }];
        let e = engine_move(&family, Play::Normal, &a, &moves, None).unwrap_err();
        assert!(
            matches!(&e, GameError::Internal(m) if m.contains("'to drawn' (to drawn)")),
            "{e}"
        );
    }

    #[test]
    fn find_moves_finds_each_as_find_move_does() {
        let mv = |label: &str, to: &str| MoveReport {
            label: label.into(),
            to: to.into(),
        };
        let moves = vec![
            mv("a", "1 2"),
            mv("b", "1  2"),
            mv("b", "3"),
            mv("c", "3"),
            mv("d", " 4 "),
        ];
        let wanted = vec![
            // Label and position: the second listed, not the first with
            // that position.
            mv("b", "1 2"),
            // The position alone, white space aside.
            mv("z", "1 2 "),
            mv("c", "3"),
            mv("d", "4"),
            // Not listed: left out.
            mv("e", "5"),
            mv("b", "3"),
            mv("a", "1 2"),
        ];
        let one_by_one: Vec<usize> = wanted.iter().filter_map(|w| find_move(&moves, w)).collect();
        assert_eq!(one_by_one, [1, 0, 3, 4, 2, 0]);
        assert_eq!(find_moves(&moves, &wanted), one_by_one);
        assert_eq!(find_moves(&moves, &[]), Vec::<usize>::new());
        assert_eq!(find_moves(&[], &wanted), Vec::<usize>::new());
    }

    #[test]
    fn seeds_pick_reproducibly_among_ties() {
        let c = [3, 5, 8, 9];
        assert_eq!(pick(&c, None, "p"), 3);
        let a = pick(&c, Some(7), "1 2 3");
        assert_eq!(a, pick(&c, Some(7), "1 2 3"));
        // Over many seeds every candidate is picked.
        let mut seen: Vec<usize> = (0..64).map(|s| pick(&c, Some(s), "1 2 3")).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen, c);
    }
}
