//! The contract checks every game family must pass, as a product: the
//! built-in families' test suites run them, and so can a rules file or a
//! Rust user's own game, through one call to [`check_contracts`].
//!
//! The reference is always search of whole positions as single states
//! ([`Unsplit`]): no decomposition, no closed form, no theory. Each check
//! returns a message naming the position and what disagreed.

use crate::{
    GenusSolver, Impartial, Limits, MisereSolver, Move, Nimber, Outcome, Play, Rules, RulesError,
    SearchError, Solver, TextGame,
};
use std::sync::Arc;

/// `G` with its decomposition, closed forms and size bounds switched off:
/// every position is one state, so searching it is the ground truth the
/// decompositions, closed forms and theories are checked against.
/// It shares the game it wraps.
#[derive(Debug)]
pub struct Unsplit<G>(pub Arc<G>);

impl<G: Rules> Rules for Unsplit<G> {
    type Position = G::Position;

    fn options(&self, p: &G::Position) -> Result<Vec<G::Position>, RulesError> {
        self.0.options(p)
    }
}

impl<G: Rules> Impartial for Unsplit<G> {}

/// An outcome with the winning moves that realise it.
pub type Answer<P> = (Outcome, Vec<Move<P>>);

/// What [`check_contracts`] verified.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ContractReport {
    /// Positions checked.
    pub positions: usize,
    /// Positions whose normal-play theory answered and was compared.
    pub normal_theories: usize,
    /// Positions whose misère theory answered and was compared.
    pub misere_theories: usize,
    /// Positions whose genus was also found by search of the whole
    /// position (within [`WHOLE_GENUS_STATES`]) and compared.
    pub whole_genera: usize,
}

/// The most states a search of a whole position for its genus may add in
/// [`check_contracts`]: unlike the misère outcome, the genus explores
/// every position below, and a whole position of many heaps, kept in its
/// order, has as many states as orderings (lasker 5 5 5 splits into
/// dozens of heaps).
pub const WHOLE_GENUS_STATES: u64 = 20_000;

fn fail<T>(what: String) -> Result<T, String> {
    Err(what)
}

/// `parse(format(p)) == p`, with the text split on white space as the
/// command line would.
pub fn round_trip<G: TextGame>(g: &G, p: &G::Position) -> Result<(), String> {
    let text = g.format(p);
    let words: Vec<&str> = text.split_whitespace().collect();
    match g.parse(&words) {
        Ok(q) if &q == p => Ok(()),
        Ok(q) => fail(format!("`{text}` reads back as {q:?}, not {p:?}")),
        Err(e) => fail(format!(
            "`{text}` (the format of {p:?}) does not read back: {e}"
        )),
    }
}

/// The positions of [`TextGame::moves`] are exactly [`Rules::options`] (as
/// multisets), each reads back through its text, and [`Rules::is_terminal`]
/// holds of `p` and of each option exactly when it has no option.
pub fn moves_are_options<G: TextGame>(g: &G, p: &G::Position) -> Result<(), String> {
    let text = g.format(p);
    let moves = g.moves(p).map_err(|e| format!("moves of `{text}`: {e}"))?;
    let mut a: Vec<G::Position> = moves.into_iter().map(|m| m.to).collect();
    let mut b = g
        .options(p)
        .map_err(|e| format!("options of `{text}`: {e}"))?;
    for q in &a {
        round_trip(g, q).map_err(|e| format!("a move from `{text}`: {e}"))?;
    }
    for q in std::iter::once(p).chain(&a) {
        let terminal = g.is_terminal(q).map_err(|e| format!("{e}"))?;
        let none = g.options(q).map_err(|e| format!("{e}"))?.is_empty();
        if terminal != none {
            return fail(format!(
                "is_terminal(`{}`) is {terminal}, but it has {} option(s)",
                g.format(q),
                if none { "no" } else { "some" }
            ));
        }
    }
    a.sort();
    b.sort();
    if a != b {
        return fail(format!(
            "the moves of `{text}` lead to {a:?} but its options are {b:?}"
        ));
    }
    Ok(())
}

/// Every part of `p` (true components and normal-play parts) is
/// indecomposable, as the [`Impartial`] contract requires.
pub fn parts_are_indecomposable<G: TextGame>(g: &G, p: &G::Position) -> Result<(), String> {
    let text = g.format(p);
    let e = |e: RulesError| format!("splitting `{text}`: {e}");
    for q in g.components(p).map_err(e)? {
        let again = g.components(&q).map_err(e)?;
        if again != [q.clone()] {
            return fail(format!(
                "component `{}` of `{text}` splits again into {again:?}",
                g.format(&q)
            ));
        }
    }
    for q in g.normal_play_parts(p).map_err(e)? {
        let again = g.normal_play_parts(&q).map_err(e)?;
        if again != [q.clone()] {
            return fail(format!(
                "normal-play part `{}` of `{text}` splits again into {again:?}",
                g.format(&q)
            ));
        }
    }
    Ok(())
}

/// The normal-play value with the family's decomposition and closed forms
/// equals search of the whole position as one state.
pub fn value_matches_search<G: TextGame + 'static>(
    fast: &mut Solver<G>,
    whole: &mut Solver<Unsplit<G>>,
    p: &G::Position,
) -> Result<Nimber, String> {
    let g = fast.game();
    let text = g.format(p);
    let by_search = whole
        .value(p)
        .map_err(|e| format!("search of `{text}`: {e}"))?;
    let by_family = fast
        .value(p)
        .map_err(|e| format!("value of `{text}`: {e}"))?;
    if by_family != by_search {
        return fail(format!(
            "`{text}`: value {} with the family's parts and closed forms, {} by search",
            by_family.0, by_search.0
        ));
    }
    Ok(by_search)
}

/// The outcome and winning moves of `p` under `play` by the reference
/// solvers `normal` and `misere` (over [`Unsplit`], or the game itself
/// with [`Solver::search_only`]), the winning moves in the order of
/// [`TextGame::moves`].
pub fn searched_winning<G: TextGame, H: Impartial<Position = G::Position>>(
    g: &G,
    normal: &mut Solver<H>,
    misere: &mut MisereSolver<H>,
    p: &G::Position,
    play: Play,
) -> Result<Answer<G::Position>, String> {
    let text = g.format(p);
    let mut loses = |q: &G::Position| -> Result<bool, String> {
        match play {
            Play::Normal => normal.value(q).map(|v| v.0 == 0),
            Play::Misere => misere.mover_wins(q).map(|w| !w),
        }
        .map_err(|e| format!("{play} search of `{}`: {e}", g.format(q)))
    };
    let mut winning = Vec::new();
    for m in g.moves(p).map_err(|e| format!("moves of `{text}`: {e}"))? {
        if loses(&m.to)? {
            winning.push(m);
        }
    }
    let outcome = Outcome::from_mover_wins(!loses(p)?);
    Ok((outcome, winning))
}

/// The family's theory for `play`, where it answers, agrees with the
/// reference solvers (see [`searched_winning`]):
/// the same outcome and the same winning moves in the same order. Returns
/// whether the theory answered.
pub fn theory_matches_search<G: TextGame, H: Impartial<Position = G::Position>>(
    g: &G,
    normal: &mut Solver<H>,
    misere: &mut MisereSolver<H>,
    p: &G::Position,
    play: Play,
) -> Result<bool, String> {
    let Some(t) = g.theory(p, play) else {
        return Ok(false);
    };
    let text = g.format(p);
    let (outcome, winning) = searched_winning(g, normal, misere, p, play)?;
    if t.outcome != outcome {
        return fail(format!(
            "{play} `{text}`: theory ({}) says {}, search says {outcome}",
            t.method, t.outcome
        ));
    }
    if t.winning_moves != winning {
        let labels =
            |ms: &[Move<G::Position>]| ms.iter().map(|m| m.label.clone()).collect::<Vec<_>>();
        return fail(format!(
            "{play} `{text}`: theory ({}) lists winning moves {:?}, search finds {:?}",
            t.method,
            labels(&t.winning_moves),
            labels(&winning)
        ));
    }
    Ok(true)
}

/// The misère outcome with the family's true components equals search of
/// the whole position as one state.
pub fn misere_matches_search<G: TextGame + 'static>(
    fast: &mut MisereSolver<G>,
    whole: &mut MisereSolver<Unsplit<G>>,
    g: &G,
    p: &G::Position,
) -> Result<(), String> {
    let text = g.format(p);
    let a = fast
        .mover_wins(p)
        .map_err(|e| format!("misère `{text}`: {e}"))?;
    let b = whole
        .mover_wins(p)
        .map_err(|e| format!("misère search of `{text}`: {e}"))?;
    if a != b {
        return fail(format!(
            "misère `{text}`: {} with the family's components, {} by search of the whole",
            Outcome::from_mover_wins(a),
            Outcome::from_mover_wins(b)
        ));
    }
    Ok(())
}

/// The genus with the family's true components: its normal part is the
/// value search of the whole position finds, its γ0 is 0 exactly when
/// misère search finds the position lost for the player to move, and it
/// equals the genus by search of the whole position as one state when
/// that search stays within [`WHOLE_GENUS_STATES`] (then `Ok(true)`).
pub fn genus_matches_search<G: TextGame + 'static>(
    fast: &mut GenusSolver<G>,
    whole_genus: &mut GenusSolver<Unsplit<G>>,
    whole: &mut Solver<Unsplit<G>>,
    whole_misere: &mut MisereSolver<Unsplit<G>>,
    g: &G,
    p: &G::Position,
) -> Result<bool, String> {
    let text = g.format(p);
    let a = fast.genus(p).map_err(|e| format!("genus `{text}`: {e}"))?;
    let compared = match whole_genus.genus_within(p, WHOLE_GENUS_STATES) {
        Ok(b) if a != b => {
            return fail(format!(
                "genus `{text}`: {a} with the family's components, {b} by search of the whole"
            ))
        }
        Ok(_) => true,
        Err(SearchError::StateLimit(_) | SearchError::TooLarge { .. }) => false,
        Err(e) => return fail(format!("genus by search of `{text}`: {e}")),
    };
    let value = whole
        .value(p)
        .map_err(|e| format!("value search of `{text}`: {e}"))?;
    if a.normal != value.0 {
        return fail(format!("genus `{text}`: {a} but the value is {}", value.0));
    }
    let wins = whole_misere
        .mover_wins(p)
        .map_err(|e| format!("misère search of `{text}`: {e}"))?;
    if (a.misere[0] != 0) != wins {
        return fail(format!(
            "genus `{text}`: {a} but misère search says {}",
            Outcome::from_mover_wins(wins)
        ));
    }
    Ok(compared)
}

/// Runs every contract check on every position of `positions`: text round
/// trip, moves = options, parts indecomposable, normal-play value (parts
/// and closed forms) = search, misère outcome (components) = search, the
/// genus (components) = search and agrees with value and outcome, and
/// each theory that answers = search, in both conventions. Positions must
/// be small enough for search of whole positions within `limits`.
///
/// Errors: the first violation, naming the position and what disagreed.
pub fn check_contracts<G: TextGame + 'static>(
    g: &Arc<G>,
    positions: &[G::Position],
    limits: &Limits,
) -> Result<ContractReport, String> {
    let game = &**g;
    let whole_game = Arc::new(Unsplit(g.clone()));
    let mut fast = Solver::new(g.clone(), limits.clone());
    let mut fast_misere = MisereSolver::new(g.clone(), limits.clone());
    let mut whole = Solver::search_only(whole_game.clone(), limits.clone());
    let mut whole_misere = MisereSolver::new(whole_game.clone(), limits.clone());
    let mut fast_genus = GenusSolver::new(g.clone(), limits.clone());
    let mut whole_genus = GenusSolver::new(whole_game, limits.clone());
    let mut report = ContractReport::default();
    for p in positions {
        round_trip(game, p)?;
        moves_are_options(game, p)?;
        parts_are_indecomposable(game, p)?;
        value_matches_search(&mut fast, &mut whole, p)?;
        misere_matches_search(&mut fast_misere, &mut whole_misere, game, p)?;
        if genus_matches_search(
            &mut fast_genus,
            &mut whole_genus,
            &mut whole,
            &mut whole_misere,
            game,
            p,
        )? {
            report.whole_genera += 1;
        }
        if theory_matches_search(game, &mut whole, &mut whole_misere, p, Play::Normal)? {
            report.normal_theories += 1;
        }
        if theory_matches_search(game, &mut whole, &mut whole_misere, p, Play::Misere)? {
            report.misere_theories += 1;
        }
        report.positions += 1;
    }
    Ok(report)
}

/// A clock `step` further on at every reading, counting its readings:
/// a time limit of `k` steps stops a computation at about its `k`-th
/// reading, wherever that falls, whatever the machine's speed.
#[derive(Debug)]
pub struct Ticking {
    step: std::time::Duration,
    reads: std::sync::atomic::AtomicU64,
}

impl Ticking {
    /// A clock reading zero first, then `step` more at each reading.
    pub fn new(step: std::time::Duration) -> Ticking {
        Ticking {
            step,
            reads: std::sync::atomic::AtomicU64::new(0),
        }
    }

    /// How many times the clock was read.
    pub fn reads(&self) -> u64 {
        self.reads.load(std::sync::atomic::Ordering::SeqCst)
    }
}

impl crate::Clock for Ticking {
    fn now(&self) -> std::time::Duration {
        let k = self.reads.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let nanos = (self.step.as_nanos() as u64).saturating_mul(k);
        std::time::Duration::from_nanos(nanos)
    }
}

/// Default limits with a time limit of 1 ms on a clock that moves a
/// second at every reading: the limit has passed at the first reading
/// after the start, so a test of where the clock is read does not depend
/// on the machine's speed.
pub fn limits_past_at_once() -> Limits {
    Limits {
        max_time: Some(std::time::Duration::from_millis(1)),
        clock: Some(Arc::new(Ticking::new(std::time::Duration::from_secs(1)))),
        ..Limits::default()
    }
}
