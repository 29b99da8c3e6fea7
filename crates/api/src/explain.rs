//! The reasoning behind an analysis, as a teacher would write it: the
//! components and where each value comes from, the nim-sum worked out in
//! binary, what each winning move leaves, and for a lost position why
//! every move fails. Misère play gets its own account, since values do not
//! add there. Built here so that every front end shows the same words.

use crate::{Analysis, ComponentReport, Detail, Family, GameError, Outcome, Padded, Play};
use serde::Serialize;

/// Most moves explained one by one; the rest are summed up in a line.
pub const MOVES_EXPLAINED: usize = 5;

/// Why an analysis came out as it did. Serialises as the `explanation`
/// field of `analyze --explain --json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Explanation {
    /// Each component with its value and where the value comes from.
    pub components: Vec<ComponentWhy>,
    /// The nim-sum of the components' values in binary (normal play, two
    /// components or more).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nim_sum: Option<NimSum>,
    /// The theorem that decided the outcome, when one did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub theory: Option<String>,
    /// Why the player to move wins or loses.
    pub conclusion: String,
    /// The first few winning moves (won position) or moves (lost
    /// position), each with what it leaves.
    pub moves: Vec<MoveWhy>,
    /// Moves of that kind not shown one by one.
    pub more_moves: usize,
    /// The whole explanation as lines of text.
    pub text: Vec<String>,
}

/// One component and the origin of its value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ComponentWhy {
    /// The component, in the game's syntax.
    pub position: String,
    /// Its normal-play value (`None` in misère play).
    pub value: Option<u64>,
    /// Where the value comes from: a formula, a table, a proven period, or
    /// search.
    pub source: String,
}

/// A nim-sum worked out in binary.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NimSum {
    /// Each component's value in binary, all of one width.
    pub terms: Vec<String>,
    /// Their nim-sum (bitwise exclusive or) in binary.
    pub sum: String,
    /// The nim-sum in decimal.
    pub value: u64,
}

/// One move and what it leaves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveWhy {
    /// The move in the game's words.
    #[serde(rename = "move")]
    pub label: String,
    /// The position it leads to.
    pub to: String,
    /// Who wins from there (the opponent moving).
    pub outcome: Outcome,
    /// The normal-play value it leaves (`None` in misère play).
    pub value: Option<u64>,
    /// The values of the components it leaves (normal play).
    pub component_values: Vec<u64>,
}

/// Explains `a`, the analysis of the position written as `args`, asking
/// `family` for the sources of the values and for the positions the moves
/// lead to (outcome and value only, at most [`MOVES_EXPLAINED`] of them).
///
/// Errors: the family's own (a limit hit while analysing a move).
pub fn explain(family: &Family, args: &[&str], a: &Analysis) -> Result<Explanation, GameError> {
    let sources = match a.play {
        Play::Normal => match family.value_sources_of() {
            Some(v) => v.value_sources(args)?,
            None => Vec::new(),
        },
        Play::Misere => Vec::new(),
    };
    let components: Vec<ComponentWhy> = a
        .components
        .iter()
        .map(|c| {
            Ok(ComponentWhy {
                position: c.position.clone(),
                value: c.value,
                source: match infinite_value(family, c, a)? {
                    Some(v) => infinite_source(&v),
                    None => source_of(c, &sources, a),
                },
            })
        })
        .collect::<Result<_, GameError>>()?;
    let nim_sum = match a.play {
        Play::Normal if components.len() >= 2 => components
            .iter()
            .map(|c| c.value)
            .collect::<Option<Vec<u64>>>()
            .map(|v| nim_sum(&v)),
        _ => None,
    };
    let theory =
        (!matches!(a.method.as_str(), "closed form" | "memoised search")).then(|| a.method.clone());
    // No component with a move usually means the game is over, but a
    // family's normal-play model may leave out moves that lose at once
    // (Treblecross: a row with no safe cell has moves, each making a three
    // possible for the opponent): the moves decide.
    let over = a.components.is_empty()
        && match family.moves(args) {
            Ok(m) => m.is_empty(),
            Err(GameError::Search(_)) => false,
            Err(e) => return Err(e),
        };
    let conclusion = conclusion(a, over);
    let (moves, more_moves) = if over {
        (Vec::new(), 0)
    } else {
        explain_moves(family, args, a)?
    };
    let mut e = Explanation {
        components,
        nim_sum,
        theory,
        conclusion,
        moves,
        more_moves,
        text: Vec::new(),
    };
    e.text = lines(&e, a);
    Ok(e)
}

/// The `analyze --json` document: the analysis, and when asked for
/// (`--explain`) its [`Explanation`] in the field `explanation`. Every
/// front end serialises this one type, so the command line, the web page
/// and the Python package give the same document in the same words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Explained {
    /// The analysis, its fields at the top level of the document.
    #[serde(flatten)]
    pub analysis: Analysis,
    /// Why it came out so; absent from the document when not asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation: Option<Explanation>,
}

impl Explained {
    /// `analysis` of the position written as `args`, with its
    /// explanation ([`explain`]) when `with_explanation` is true.
    ///
    /// Errors: those of [`explain`]; none without the explanation.
    pub fn new(
        family: &Family,
        args: &[&str],
        analysis: Analysis,
        with_explanation: bool,
    ) -> Result<Explained, GameError> {
        let explanation = if with_explanation {
            Some(explain(family, args, &analysis)?)
        } else {
            None
        };
        Ok(Explained {
            analysis,
            explanation,
        })
    }
}

/// `analyze` end to end: the analysis of the position written as `args`
/// and, when `with_explanation`, its explanation, as one answer under the
/// family's time limit started now ([`Family::weighing_deadline`]): the
/// moves the explanation analyses end by the analysis's end, not each by
/// its own limit (`kayles 20 21 22 --misere --explain --time-limit 1`
/// took 5.4 s, nine moves of 0.6 s each).
///
/// Errors: those of the analysis and of [`explain`].
pub fn answer(
    family: &Family,
    args: &[&str],
    play: Play,
    detail: Detail,
    with_explanation: bool,
) -> Result<Explained, GameError> {
    grundy_engine::clock::within_answer(family.weighing_deadline(), || {
        let analysis = family.analyze_with(args, play, detail)?;
        Explained::new(family, args, analysis, with_explanation)
    })
}

fn source_of(c: &ComponentReport, sources: &[(String, Option<String>)], a: &Analysis) -> String {
    if a.play == Play::Misere {
        return "misère play: no value of its own".to_string();
    }
    match sources.iter().find(|(p, _)| *p == c.position) {
        Some((_, Some(s))) => s.clone(),
        Some((_, None)) => "search of its game tree (the mex of its options' values)".to_string(),
        None => format!("the analysis ({})", a.method),
    }
}

/// The loopy value of component `c` of `a` when it is infinite: in normal
/// play, a component without a finite value in a position that may repeat
/// is asked for its own analysis (outcome only), whose `loopy_value` is
/// Smith's generalized value, `∞{...}`.
fn infinite_value(
    family: &Family,
    c: &ComponentReport,
    a: &Analysis,
) -> Result<Option<String>, GameError> {
    if a.play != Play::Normal || c.value.is_some() || a.loopy_value.is_none() {
        return Ok(None);
    }
    let words: Vec<&str> = c.position.split_whitespace().collect();
    let alone = family.analyze_with(&words, Play::Normal, Detail::OutcomeOnly)?;
    Ok(alone.loopy_value.filter(|v| v.starts_with('∞')))
}

/// How the source of an infinite component begins.
const INFINITE: &str = "loopy value ";

/// Whether `c` is an infinite component, explained by [`infinite_source`]
/// (other components without a value, in misère play, say nothing more
/// in the text).
fn is_infinite(c: &ComponentWhy) -> bool {
    c.value.is_none() && c.source.starts_with(INFINITE)
}

/// Why an infinite component has no finite value, and what it does to a
/// sum (Smith's rule: a finite rest of nim-sum n and an infinite value
/// ∞K make a win when n is in K, else a draw; two infinite values, a
/// draw).
fn infinite_source(value: &str) -> String {
    format!(
        "{INFINITE}{value}, infinite (Smith's generalized Sprague-Grundy value): play in this component can go on for ever, and the numbers in braces are the finite values its moves reach. In a sum it makes a draw, unless the other components are finite and their nim-sum is one of those numbers: then the player to move wins by moving here to that value"
    )
}

/// The nim-sum of `values`, worked out in binary.
pub fn nim_sum(values: &[u64]) -> NimSum {
    let value = values.iter().fold(0, |acc, v| acc ^ v);
    let width = values
        .iter()
        .chain([&value])
        .map(|v| (u64::BITS - v.leading_zeros()).max(1) as usize)
        .max()
        .unwrap_or(1);
    NimSum {
        terms: values.iter().map(|v| format!("{v:0width$b}")).collect(),
        sum: format!("{value:0width$b}"),
        value,
    }
}

fn conclusion(a: &Analysis, over: bool) -> String {
    let loser = match a.play {
        Play::Normal => "loses",
        Play::Misere => "wins",
    };
    if over {
        return format!(
            "The game is over: the player to move has no move and so {loser} ({}).",
            a.outcome
        );
    }
    if let (Play::Normal, Some(v)) = (a.play, &a.loopy_value) {
        return format!(
            "The generalized Sprague-Grundy value is {v}, infinite: no nim heap is equal to the position, and its outcome is {}.",
            a.outcome
        );
    }
    match (a.play, a.value, a.outcome) {
        (Play::Normal, Some(v), Outcome::N) => format!(
            "The value {v} is not 0, so the player to move wins (N): a winning move changes one component so that the nim-sum becomes 0."
        ),
        (Play::Normal, Some(_), _) => "The value is 0, so the player to move loses (P): a move changes exactly one component's value, which makes the nim-sum non-zero, and from there the opponent moves back to 0.".to_string(),
        (Play::Normal, None, o) => format!(
            "The value was not computed; the outcome ({o}) comes from {}.",
            a.method
        ),
        (Play::Misere, _, Outcome::N) => "In misère play the last player to move loses, so values do not add as in normal play; the player to move wins (N) by moving to a position the opponent loses in misère play.".to_string(),
        (Play::Misere, _, o) => format!(
            "In misère play the last player to move loses, so values do not add as in normal play; here every move leaves a position the opponent wins in misère play ({o})."
        ),
    }
}

/// The moves worth showing: the winning moves of a won position, every
/// move of a lost one; the first [`MOVES_EXPLAINED`] of them with what
/// they leave, and how many more there are.
fn explain_moves(
    family: &Family,
    args: &[&str],
    a: &Analysis,
) -> Result<(Vec<MoveWhy>, usize), GameError> {
    let (candidates, total) = if a.outcome == Outcome::N {
        let total = a.winning_move_count.unwrap_or(a.winning_moves.len());
        (a.winning_moves.clone(), total)
    } else {
        match family.moves(args) {
            Ok(m) => {
                let total = m.len();
                (m, total)
            }
            // Too many to list: the conclusion still says why they fail.
            Err(GameError::Search(_)) => (Vec::new(), 0),
            Err(e) => return Err(e),
        }
    };
    let mut out = Vec::new();
    for m in candidates.iter().take(MOVES_EXPLAINED) {
        let words: Vec<&str> = m.to.split_whitespace().collect();
        let why = match family.analyze_with(&words, a.play, Detail::OutcomeOnly) {
            Ok(after) => MoveWhy {
                label: m.label.clone(),
                to: m.to.clone(),
                outcome: after.outcome,
                value: after.value,
                component_values: after.components.iter().filter_map(|c| c.value).collect(),
            },
            // A move's result the family would not take as input (a
            // turning-corners move from 10,000 heads leaves up to
            // 10,003, past the parse bound): its outcome is known without it, a
            // winning move leaving P (of value 0 in normal play) and any
            // move from P leaving N.
            Err(GameError::Input(_)) if a.outcome != Outcome::D => {
                let won = a.outcome == Outcome::N;
                MoveWhy {
                    label: m.label.clone(),
                    to: m.to.clone(),
                    outcome: if won { Outcome::P } else { Outcome::N },
                    value: (won && a.play == Play::Normal).then_some(0),
                    component_values: Vec::new(),
                }
            }
            Err(e) => return Err(e),
        };
        out.push(why);
    }
    let more = total.saturating_sub(out.len());
    Ok((out, more))
}

/// The explanation as text, one line each.
fn lines(e: &Explanation, a: &Analysis) -> Vec<String> {
    let mut t = Vec::new();
    match e.components.len() {
        0 => {}
        1 => {
            let c = &e.components[0];
            let which = if c.position == a.position {
                "The position is one component".to_string()
            } else {
                format!("The position plays as one component, {}", c.position)
            };
            t.push(match c.value {
                Some(v) => format!("{which}, of value {v}: {}.", c.source),
                None if is_infinite(c) => format!("{which}, of {}.", c.source),
                None => format!("{which}."),
            });
        }
        n => {
            t.push(format!(
                "The position is a sum of {n} independent components:"
            ));
            let width = e
                .components
                .iter()
                .map(|c| c.position.chars().count())
                .max()
                .unwrap_or(0);
            for c in &e.components {
                t.push(match c.value {
                    Some(v) => format!("  {}  value {v}: {}", Padded(&c.position, width), c.source),
                    None if is_infinite(c) => {
                        format!("  {}  {}", Padded(&c.position, width), c.source)
                    }
                    None => format!("  {}", c.position),
                });
            }
        }
    }
    if let Some(s) = &e.nim_sum {
        t.push("Their nim-sum (exclusive or of the values in binary):".to_string());
        let last = s.terms.len() - 1;
        for (i, (term, c)) in s.terms.iter().zip(&e.components).enumerate() {
            let op = if i == last { "xor " } else { "    " };
            t.push(format!("  {op}{term}  ({})", c.value.unwrap_or(0)));
        }
        t.push(format!("  =   {}  ({})", s.sum, s.value));
    }
    if let Some(th) = &e.theory {
        t.push(format!("Theory: {th}."));
    }
    t.push(e.conclusion.clone());
    if !e.moves.is_empty() {
        t.push(
            match a.outcome {
                Outcome::N => "Winning moves:",
                Outcome::P => "Every move fails:",
                Outcome::D => "No move wins; each move leaves:",
            }
            .to_string(),
        );
        let width = e
            .moves
            .iter()
            .map(|m| m.label.chars().count())
            .max()
            .unwrap_or(0);
        for m in &e.moves {
            let what = match (m.value, a.play) {
                (Some(v), Play::Normal) if m.component_values.len() >= 2 => {
                    let terms: Vec<String> =
                        m.component_values.iter().map(u64::to_string).collect();
                    format!("value {}: {} = {v}", v, terms.join(" xor "))
                }
                (Some(v), Play::Normal) => format!("value {v}"),
                (None, Play::Normal) => format!("outcome {}, no finite value", m.outcome),
                (_, Play::Misere) => format!("{} in misère play", m.outcome),
            };
            let verdict = match m.outcome {
                Outcome::P => "the opponent loses",
                Outcome::N => "the opponent wins",
                Outcome::D => "a draw",
            };
            t.push(format!(
                "  {}  leaves {}: {what}; {verdict}",
                Padded(&m.label, width),
                m.to
            ));
        }
        if e.more_moves > 0 {
            t.push(format!(
                "  ... and {} more move{}, {}",
                e.more_moves,
                if e.more_moves == 1 { "" } else { "s" },
                if a.outcome == Outcome::N {
                    "each also leaving a lost position"
                } else {
                    "each leaving a won position for the opponent"
                }
            ));
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Limits, MoveReport, SearchError};
    use grundy_engine::clock::{answer_time_passed, Clock};
    use std::sync::{Arc, Mutex};
    use std::time::Duration;

    /// A clock moved by hand.
    #[derive(Debug, Default)]
    struct Hand(Mutex<Duration>);

    impl Clock for Hand {
        fn now(&self) -> Duration {
            *self.0.lock().unwrap()
        }
    }

    /// Heaps from which any move wins by taking all; each analysis takes
    /// a second of the hand clock, refused once the answer's time passed.
    struct Slow(Arc<Hand>);

    impl crate::Analyze for Slow {
        fn analyze_with(
            &self,
            args: &[&str],
            play: Play,
            _: Detail,
        ) -> Result<Analysis, GameError> {
            if answer_time_passed() {
                return Err(SearchError::TimeLimit(Duration::from_secs(3)).into());
            }
            *self.0 .0.lock().unwrap() += Duration::from_secs(1);
            let moves = self.moves(args)?;
            let outcome = Outcome::from_mover_wins(!moves.is_empty());
            Ok(Analysis {
                winning_move_count: Some(moves.len()),
                winning_moves: moves,
                ..Analysis::outcome_only("slow", &args.join(" "), play, outcome, "test")
            })
        }
        fn moves(&self, args: &[&str]) -> Result<Vec<MoveReport>, GameError> {
            let n: usize = args[0].parse().unwrap();
            Ok((0..n)
                .map(|i| MoveReport {
                    label: format!("move {i}"),
                    to: "0".into(),
                })
                .collect())
        }
    }

    #[test]
    fn the_explanation_shares_the_analysis_time_limit() {
        // Six analyses of a second each (the position, five moves) under
        // a limit of 3 s: each fitted its own limit, not the request's.
        let clock = Arc::new(Hand::default());
        let limits = Limits {
            max_time: Some(Duration::from_secs(3)),
            clock: Some(clock.clone()),
            ..Limits::default()
        };
        let family = Family::new("slow", &limits, Arc::new(Slow(clock)));
        let ask = |explain| answer(&family, &["9"], Play::Normal, Detail::AllMoves, explain);
        assert!(ask(false).is_ok());
        assert!(matches!(
            ask(true),
            Err(GameError::Search(SearchError::TimeLimit(_)))
        ));
    }

    #[test]
    fn nim_sums_in_binary() {
        let s = nim_sum(&[3, 4, 5]);
        assert_eq!(s.terms, ["011", "100", "101"]);
        assert_eq!((s.sum.as_str(), s.value), ("010", 2));
        let s = nim_sum(&[1, 1]);
        assert_eq!(
            (s.terms.clone(), s.sum.as_str(), s.value),
            (vec!["1".to_string(), "1".to_string()], "0", 0)
        );
        let s = nim_sum(&[0, 0]);
        assert_eq!(s.sum, "0");
    }
}
