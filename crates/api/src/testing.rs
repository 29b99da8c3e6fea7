//! The contract of a family's record: every capability a family declares
//! answers on a real position, and its answers agree with the core's
//! analyses. The games' and the rules files' tests run it over the whole
//! registry; it is a library function, not a test, so every family (a
//! built-in, a rules file, a game defined in Python) is held to one
//! contract.

use crate::{Capability, Family, GameError, Outcome, Play, QuotientControl, SeqControl};
use grundy_engine::ranks::OneRank;
use grundy_engine::Detail;

/// Most positions the remoteness check explores.
const REMOTENESS_POSITIONS: u64 = 100_000;

/// Heaps of the value, genus and quotient checks: small, so every family
/// answers them within its default limits.
const SEQ_HEAPS: u64 = 12;
const GENUS_HEAPS: u64 = 6;
const QUOTIENT_HEAPS: u64 = 10;

/// What [`check_capabilities`] checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The capabilities the family declares, each checked, in
    /// [`Capability`] order.
    pub capabilities: Vec<Capability>,
    /// Whether the remoteness of the moves was found (and checked) in
    /// both conventions; a game too large to explore from the position
    /// may decline (its contract), and is then checked no further.
    pub remoteness_found: bool,
}

/// Checks every capability `family` declares on the position written as
/// `args`, in both conventions where the
/// capability takes one. Returns what was checked; the first
/// disagreement, naming the family, the capability and the position, is
/// the error.
///
/// What is checked: the core answers (an analysis of a game whose
/// positions never repeat is never a draw); [`Capability::Remoteness`]:
/// one outcome per legal move, each the outcome the core gives the
/// position the move leads to, and a winning move where the core says the
/// player to move wins; [`Capability::Notation`]: described here, and every
/// example in backquotes reads as a listed move; [`Capability::EndReasons`]:
/// no reason at a position that has a move; [`Capability::ValueSources`]:
/// answers; [`Capability::Ranks`]: the answer on one rank is the core's;
/// [`Capability::Sequence`]: the values of heaps 0..=12;
/// [`Capability::Genus`]: heaps 0..=6, whose normal-play part is the
/// sequence's value; [`Capability::Quotient`]: the quotient of heaps
/// 0..=10, at least of order 1.
pub fn check_capabilities(family: &Family, args: &[&str]) -> Result<Checked, String> {
    let name = family.name();
    let at = args.join(" ");
    let fail = |cap: &str, what: String| format!("{name} at `{at}`, {cap}: {what}");
    let err = |cap: &'static str| move |e: GameError| fail(cap, e.to_string());
    let moves = family.moves(args).map_err(err("moves"))?;
    // A position without a move has no move's remoteness to check.
    let mut remoteness_found = family.remoteness().is_some() && !moves.is_empty();
    let mut plays = vec![Play::Normal];
    for play in [Play::Normal, Play::Misere] {
        let a = match family.analyze(args, play) {
            Ok(a) => a,
            // A family with one convention refuses the other as input.
            Err(GameError::Input(_)) if play == Play::Misere => continue,
            Err(e) => return Err(err("analyze")(e)),
        };
        if play == Play::Misere {
            plays.push(play);
        }
        if a.outcome == Outcome::D && !family.may_repeat() {
            return Err(fail("analyze", "a draw in a game without cycles".into()));
        }
        if let Some(r) = family.remoteness().filter(|_| !moves.is_empty()) {
            remoteness_found &= check_remoteness(family, r, args, play, &moves, a.outcome)
                .map_err(|e| fail("remoteness", e))?;
        }
    }
    if let Some(n) = family.notation().filter(|_| !moves.is_empty()) {
        let help = n
            .describe(args)
            .ok_or_else(|| fail("notation", "no description at a position".into()))?;
        for example in help.split('`').skip(1).step_by(2) {
            match n.read_move(args, example) {
                Some(Ok(m)) if moves.contains(&m) => {}
                other => {
                    return Err(fail(
                        "notation",
                        format!("the example `{example}` reads as {other:?}"),
                    ))
                }
            }
        }
    }
    if let Some(e) = family.end_reasons().filter(|_| !moves.is_empty()) {
        if let Some(reason) = e.end_reason(args) {
            return Err(fail(
                "end reasons",
                format!("'{reason}' where a move is left"),
            ));
        }
    }
    if let Some(v) = family.value_sources_of() {
        v.value_sources(args).map_err(err("value sources"))?;
    }
    if let Some(r) = family.ranks() {
        for &play in &plays {
            let one = family.analyze_with(args, play, Detail::AllMoves);
            let spread = r.analyze_on_ranks(args, play, Detail::AllMoves, &OneRank);
            if one != spread {
                return Err(fail(
                    "ranks",
                    format!("{spread:?} on one rank, {one:?} alone"),
                ));
            }
        }
    }
    let values = match family.sequence() {
        Some(s) => {
            let report = s
                .seq(SEQ_HEAPS, &SeqControl::default())
                .map_err(err("sequence"))?;
            if report.n != SEQ_HEAPS || report.values.len() != SEQ_HEAPS as usize + 1 {
                return Err(fail("sequence", format!("{} values", report.values.len())));
            }
            Some(report.values)
        }
        None => None,
    };
    if let Some(g) = family.genus() {
        let genera = g.genus_seq(GENUS_HEAPS).map_err(err("genus"))?;
        if genera.len() != GENUS_HEAPS as usize + 1 {
            return Err(fail("genus", format!("{} genera", genera.len())));
        }
        if let Some(values) = &values {
            for (k, g) in genera.iter().enumerate() {
                if Some(g.normal) != values.get(k) {
                    return Err(fail(
                        "genus",
                        format!("heap {k}: genus {g:?}, value {:?}", values.get(k)),
                    ));
                }
            }
        }
    }
    if let Some(q) = family.quotient_of_heaps() {
        let report = q
            .quotient(QUOTIENT_HEAPS, &QuotientControl::default())
            .map_err(err("quotient"))?;
        if report.order == 0 {
            return Err(fail("quotient", "order 0".into()));
        }
    }
    Ok(Checked {
        capabilities: family.capabilities(),
        remoteness_found,
    })
}

/// [`check_capabilities`]'s remoteness check in one convention: whether
/// the remoteness was found.
fn check_remoteness(
    family: &Family,
    r: &dyn crate::Remoteness,
    args: &[&str],
    play: Play,
    moves: &[crate::MoveReport],
    outcome: Outcome,
) -> Result<bool, String> {
    let Some(after) = r
        .move_remoteness(args, play, REMOTENESS_POSITIONS)
        .map_err(|e| e.to_string())?
    else {
        return Ok(false);
    };
    if after.len() != moves.len() {
        return Err(format!(
            "{} outcomes for {} moves",
            after.len(),
            moves.len()
        ));
    }
    for (m, (o, _)) in moves.iter().zip(&after) {
        let words: Vec<&str> = m.to.split_whitespace().collect();
        let there = family
            .analyze_with(&words, play, Detail::OutcomeOnly)
            .map_err(|e| e.to_string())?
            .outcome;
        if there != *o {
            return Err(format!(
                "{play:?}: move '{}' leads to {there:?}, remoteness says {o:?}",
                m.label
            ));
        }
    }
    let wins = after.iter().any(|(o, _)| *o == Outcome::P);
    if wins != (outcome == Outcome::N) {
        return Err(format!(
            "{play:?}: the position is {outcome:?}, a move to a P-position: {wins}"
        ));
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Adapter, Limits, MoveOutcomes, Remoteness};
    use grundy_engine::{Impartial, Move, ParseError, Rules, RulesError, TextGame};
    use std::sync::Arc;

    /// One heap; a move takes 1 or 2 counters.
    struct Take12;

    impl Rules for Take12 {
        type Position = u64;
        fn options(&self, p: &u64) -> Result<Vec<u64>, RulesError> {
            Ok((1..=2.min(*p)).map(|k| p - k).collect())
        }
    }

    impl Impartial for Take12 {}

    impl TextGame for Take12 {
        fn parse(&self, args: &[&str]) -> Result<u64, ParseError> {
            args.concat()
                .parse()
                .map_err(|_| ParseError::new("a heap".to_string()))
        }
        fn format(&self, p: &u64) -> String {
            p.to_string()
        }
        fn moves(&self, p: &u64) -> Result<Vec<Move<u64>>, RulesError> {
            Ok(self
                .options(p)?
                .into_iter()
                .map(|to| Move {
                    label: format!("to {to}"),
                    to,
                })
                .collect())
        }
    }

    /// Says every move leads to a P-position.
    struct Liar;

    impl Remoteness for Liar {
        fn move_remoteness(
            &self,
            _args: &[&str],
            _play: Play,
            _max: u64,
        ) -> Result<Option<MoveOutcomes>, GameError> {
            Ok(Some(vec![(Outcome::P, Some(0)); 2]))
        }
    }

    #[test]
    fn a_true_record_passes_and_a_lying_capability_is_caught() {
        let family = Adapter::new("take12", Take12, &Limits::default()).family();
        let checked = check_capabilities(&family, &["5"]).unwrap();
        assert!(checked.remoteness_found);
        assert!(checked.capabilities.contains(&Capability::Remoteness));
        let lying = family.with_remoteness(Some(Arc::new(Liar)));
        let e = check_capabilities(&lying, &["5"]).unwrap_err();
        assert!(e.contains("take12 at `5`, remoteness"), "{e}");
    }
}
