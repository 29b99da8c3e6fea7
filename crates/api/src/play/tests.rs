//! Whole matches against the engine on small games: a countdown written
//! by hand (as a [`Family`]), a directed graph with cycles served by the
//! real engine through an [`Adapter`], and a count that never repeats.

use super::*;
use crate::{Adapter, Detail, Limits};
use grundy_engine::{Impartial, Move, ParseError, Rules, RulesError, SearchError, TextGame};

fn mv(label: &str, to: &str) -> MoveReport {
    MoveReport {
        label: label.into(),
        to: to.into(),
    }
}

fn analysis(position: &str, play: Play, outcome: Outcome, winning: Vec<MoveReport>) -> Analysis {
    Analysis {
        winning_move_count: Some(winning.len()),
        winning_moves: winning,
        ..Analysis::outcome_only("test", position, play, outcome, "test")
    }
}

/// Take 1 or 2 from one heap, normal play: P exactly at multiples of 3.
/// Analysing heap `fail_at` hits a state limit; a heap of 0 reached by a
/// move ends "with the last counter taken".
struct Countdown {
    fail_at: Option<u64>,
}

impl Countdown {
    fn heap(args: &[&str]) -> Result<u64, GameError> {
        match args {
            [w] => w
                .parse()
                .map_err(|_| GameError::Input(format!("bad heap {w}"))),
            _ => Err(GameError::Input("one heap expected".into())),
        }
    }
}

impl Countdown {
    /// The record: the core and its end reasons.
    fn family(fail_at: Option<u64>) -> Family {
        let c = Arc::new(Countdown { fail_at });
        Family::new("countdown", &Limits::default(), c.clone()).with_end_reasons(Some(c))
    }
}

impl crate::Analyze for Countdown {
    fn analyze_with(&self, args: &[&str], play: Play, _: Detail) -> Result<Analysis, GameError> {
        let n = Countdown::heap(args)?;
        if Some(n) == self.fail_at {
            return Err(SearchError::StateLimit(7).into());
        }
        let win = n % 3;
        let winning = if win == 0 {
            vec![]
        } else {
            vec![mv(&format!("take {win}"), &(n - win).to_string())]
        };
        let outcome = Outcome::from_mover_wins(win != 0);
        Ok(analysis(&n.to_string(), play, outcome, winning))
    }
    fn moves(&self, args: &[&str]) -> Result<Vec<MoveReport>, GameError> {
        let n = Countdown::heap(args)?;
        Ok((1..=2.min(n))
            .map(|k| mv(&format!("take {k}"), &(n - k).to_string()))
            .collect())
    }
}

impl crate::EndReasons for Countdown {
    fn end_reason(&self, args: &[&str]) -> Option<String> {
        (args == ["0"]).then(|| "the last counter was taken".into())
    }
}

fn countdown(start: &str, opts: MatchOptions) -> Match {
    Match::new(
        Arc::new(Countdown::family(None)),
        &[start],
        Play::Normal,
        opts,
    )
    .unwrap()
}

/// A token moved along the edges of a directed graph, whose vertices are
/// single letters; positions may repeat.
struct Graph {
    edges: Vec<(char, char)>,
}

impl Rules for Graph {
    type Position = char;
    fn options(&self, p: &char) -> Result<Vec<char>, RulesError> {
        Ok(self
            .edges
            .iter()
            .filter(|e| e.0 == *p)
            .map(|e| e.1)
            .collect())
    }
    fn may_repeat(&self) -> bool {
        true
    }
}

impl Impartial for Graph {}

impl TextGame for Graph {
    fn parse(&self, args: &[&str]) -> Result<char, ParseError> {
        let mut letters = args.concat().chars().collect::<Vec<_>>();
        match (letters.pop(), letters.is_empty()) {
            (Some(c), true) if self.edges.iter().any(|e| e.0 == c || e.1 == c) => Ok(c),
            _ => Err(ParseError::new(format!("no vertex {}", args.join(" ")))),
        }
    }
    fn format(&self, p: &char) -> String {
        p.to_string()
    }
    fn moves(&self, p: &char) -> Result<Vec<Move<char>>, RulesError> {
        Ok(self
            .options(p)?
            .into_iter()
            .map(|to| Move {
                label: format!("{p} -> {to}"),
                to,
            })
            .collect())
    }
}

/// A graph match from `start`; `edges` written `ab,ba` for a -> b, b -> a.
fn graph(edges: &str, start: &str, play: Play, opts: MatchOptions) -> Match {
    let edges = edges
        .split(',')
        .map(|e| {
            let mut c = e.chars();
            (c.next().unwrap(), c.next().unwrap())
        })
        .collect();
    let family = Adapter::new("graph", Graph { edges }, &Limits::default()).family();
    Match::new(Arc::new(family), &[start], play, opts).unwrap()
}

fn engine_first() -> MatchOptions {
    MatchOptions {
        engine_first: true,
        ..MatchOptions::default()
    }
}

#[test]
fn a_whole_game_won_by_the_person() {
    let mut m = countdown("5", MatchOptions::default());
    assert_eq!(
        (m.turn(), m.ply(), m.first()),
        (Side::Human, 0, Side::Human)
    );
    assert_eq!(m.moves().len(), 2);
    assert_eq!(
        text::start_text(m.start(), m.first()),
        "The starting position 5: the player to move can force a win (an N-position), so \
         the win is yours to find: each move must leave the engine a losing position."
    );
    let ply = m.play(m.read("take 2").unwrap()).unwrap();
    assert_eq!(ply.by, Side::Human);
    assert_eq!(ply.played, mv("take 2", "3"));
    assert_eq!(
        ply.comment.as_deref(),
        Some("Good move: the engine is now in a losing position.")
    );
    assert_eq!(m.turn(), Side::Engine);
    // From a lost position the engine leaves the fewest winning replies:
    // both moves leave one, so the first listed.
    let ply = m.engine_move().unwrap();
    assert_eq!(
        (ply.by, ply.played, ply.comment),
        (Side::Engine, mv("take 1", "2"), None)
    );
    m.play(m.read("2").unwrap()).unwrap();
    assert_eq!(m.moves(), &[] as &[MoveReport]);
    assert_eq!(
        *m.status(),
        Status::Won {
            winner: Side::Human,
            reason: Some("the last counter was taken".into()),
            text: "The engine has no move left: in normal play the player who cannot move \
                   loses."
                .into(),
        }
    );
    assert_eq!(m.status().verdict(), Some("you win"));
    assert_eq!(m.ply(), 3);
    let labels: Vec<&str> = m
        .history()
        .iter()
        .map(|p| p.played.label.as_str())
        .collect();
    assert_eq!(labels, ["take 2", "take 1", "take 2"]);
    // Over: nothing more is played.
    assert_eq!(m.engine_move(), Err(MatchError::Over));
    assert_eq!(m.play(0), Err(MatchError::Over));
}

#[test]
fn a_mistake_is_named_and_the_engine_takes_its_chance() {
    let mut m = countdown("4", MatchOptions::default());
    let ply = m.play(1).unwrap();
    assert_eq!(
        ply.comment.as_deref(),
        Some("A mistake: this move gives the engine a winning position. The winning move was: take 1.")
    );
    // The engine plays its winning move (the family's analysis lists it).
    assert_eq!(m.engine_move().unwrap().played, mv("take 2", "0"));
    assert_eq!(m.status().verdict(), Some("engine wins"));
    // A lost position gets no comment.
    let mut m = countdown("3", MatchOptions::default());
    assert_eq!(m.play(0).unwrap().comment, None);
}

#[test]
fn the_engine_moves_first_and_wins_from_a_won_start() {
    let mut m = countdown("4", engine_first());
    assert_eq!((m.turn(), m.first()), (Side::Engine, Side::Engine));
    assert!(text::start_text(m.start(), m.first())
        .ends_with("so the engine can win; it will not miss its chance, but watch how it plays."));
    assert_eq!(m.play(0), Err(MatchError::Turn(Side::Engine)));
    assert!(!m.can_undo());
    assert_eq!(m.undo(), Err(MatchError::NothingToUndo));
    while m.status().is_ongoing() {
        match m.turn() {
            Side::Engine => {
                let p = m.engine_move().unwrap();
                let left: u64 = p.played.to.parse().unwrap();
                assert_eq!(left % 3, 0, "the engine leaves a multiple of 3");
            }
            Side::Human => {
                m.play(0).unwrap();
            }
        }
    }
    assert_eq!(m.status().verdict(), Some("engine wins"));
    assert_eq!(m.engine_move(), Err(MatchError::Over));
}

#[test]
fn hints_name_the_winning_moves_by_index_and_in_words() {
    let m = countdown("5", MatchOptions::default());
    let h = m.hint();
    assert_eq!(h.outcome, Outcome::N);
    assert_eq!(h.indices, [1]);
    assert_eq!(
        h.text,
        format!("Hint: winning move here: {}.", m.moves()[1].label)
    );
    let m = countdown("6", MatchOptions::default());
    let h = m.hint();
    assert_eq!((h.outcome, h.indices.len()), (Outcome::P, 0));
    assert!(h.text.contains("no move wins here"), "{}", h.text);
    // The state carries the hint only when asked for, on the person's turn.
    assert_eq!(m.state().hint, None);
    let hinted = MatchOptions {
        hints: true,
        ..MatchOptions::default()
    };
    let mut m = countdown("5", hinted);
    assert_eq!(m.state().hint, Some(m.hint()));
    m.play(0).unwrap();
    assert_eq!(m.state().hint, None, "the engine's turn");
    // Several winning moves are named by label in the analysis's order,
    // control characters escaped.
    let a = analysis(
        "p",
        Play::Normal,
        Outcome::N,
        vec![mv("x", "0"), mv("y", "1")],
    );
    assert_eq!(
        text::hint_summary(&a, &["take 3", "take\x1b2"]),
        "Hint: winning moves here: take 3; take\\x1b2."
    );
}

#[test]
fn undo_takes_back_the_persons_move_and_the_engines_reply() {
    let mut m = countdown("8", MatchOptions::default());
    assert_eq!(m.undo(), Err(MatchError::NothingToUndo));
    m.play(0).unwrap(); // to 7, a mistake
    m.engine_move().unwrap(); // to 6
    let before = m.state();
    m.play(1).unwrap(); // to 4
    m.engine_move().unwrap(); // to 3
    assert_eq!(m.analysis().position, "3");
    let undone = m.undo().unwrap();
    assert_eq!(undone.len(), 2);
    assert_eq!((undone[0].by, undone[1].by), (Side::Human, Side::Engine));
    assert_eq!(
        text::undone_text(&undone),
        "Taken back: your move take 2 and the engine's reply take 1."
    );
    assert_eq!(m.state(), before);
    // While the engine is to move, undo takes back the person's move alone.
    m.play(0).unwrap();
    assert_eq!(m.undo().unwrap().len(), 1);
    assert_eq!(m.state(), before);
    // Back to the start, and no further.
    m.undo().unwrap();
    assert_eq!((m.ply(), m.analysis().position.as_str()), (0, "8"));
    assert_eq!(m.undo(), Err(MatchError::NothingToUndo));
    // A finished match can be taken back too.
    let mut m = countdown("2", MatchOptions::default());
    m.play(1).unwrap();
    assert!(!m.status().is_ongoing());
    m.undo().unwrap();
    assert!(m.status().is_ongoing());
    assert_eq!(m.turn(), Side::Human);
}

#[test]
fn undo_after_an_engine_opening_stops_at_the_persons_first_turn() {
    let mut m = countdown("7", engine_first());
    m.engine_move().unwrap();
    let first_turn = m.state();
    assert!(!m.can_undo());
    m.play(0).unwrap();
    m.engine_move().unwrap();
    assert!(m.can_undo());
    m.undo().unwrap();
    assert_eq!(m.state(), first_turn);
}

#[test]
fn bad_moves_are_refused_with_clear_errors_and_change_nothing() {
    let mut m = countdown("5", MatchOptions::default());
    let before = m.state();
    assert_eq!(
        m.play(2),
        Err(MatchError::NoSuchMove { index: 2, count: 2 })
    );
    assert_eq!(
        m.play(2).unwrap_err().to_string(),
        "there is no move 2: the moves are indexed 0 to 1"
    );
    assert_eq!(m.engine_move(), Err(MatchError::Turn(Side::Human)));
    assert_eq!(
        m.engine_move().unwrap_err().to_string(),
        "it is your turn, not the engine's"
    );
    let e = m.read("take 3").unwrap_err();
    assert_eq!(e.message, "'take 3' is not a legal move here.");
    assert!(e.usage);
    assert_eq!(
        m.read("7").unwrap_err().message,
        "There is no move 7: the moves are numbered 1 to 2."
    );
    assert_eq!(m.read(" take  1 "), Ok(0));
    assert_eq!(m.read("take 2"), Ok(1));
    assert_eq!(m.state(), before);
    // A bad start is the family's own error.
    let e = Match::new(
        Arc::new(Countdown::family(None)),
        &["x"],
        Play::Normal,
        MatchOptions::default(),
    )
    .unwrap_err();
    assert_eq!(e, GameError::Input("bad heap x".into()));
}

#[test]
fn a_limit_hit_mid_game_names_the_position_and_changes_nothing() {
    let family = Arc::new(Countdown::family(Some(3)));
    let mut m = Match::new(family, &["5"], Play::Normal, MatchOptions::default()).unwrap();
    let before = m.state();
    let e = m.play(1).unwrap_err();
    assert_eq!(
        e,
        MatchError::Family {
            error: SearchError::StateLimit(7).into(),
            position: "3".into(),
            chosen: None,
        }
    );
    assert!(e.to_string().ends_with("(at position 3)"), "{e}");
    assert_eq!(GameError::from(e), SearchError::StateLimit(7).into());
    assert_eq!(m.state(), before);
    // The engine's move leading there: the error says which it chose.
    let family = Arc::new(Countdown::family(Some(4)));
    let mut m = Match::new(family, &["6"], Play::Normal, engine_first()).unwrap();
    // From 6 the engine weighs both moves, analysing 5 and then 4.
    match m.engine_move().unwrap_err() {
        MatchError::Family {
            position, chosen, ..
        } => assert_eq!((position.as_str(), chosen), ("6", None)),
        e => panic!("{e:?}"),
    }
    assert_eq!(m.ply(), 0);
}

#[test]
fn a_loopy_game_is_drawn_on_the_fourth_time_a_position_comes_up() {
    // a <-> b: the token shuttles for ever.
    let mut m = graph("ab,ba", "a", Play::Normal, MatchOptions::default());
    assert!(m.may_repeat());
    assert_eq!(m.analysis().outcome, Outcome::D);
    while m.status().is_ongoing() {
        match m.turn() {
            Side::Human => m.play(0).map(|_| ()).unwrap(),
            Side::Engine => m.engine_move().map(|_| ()).unwrap(),
        }
    }
    // a with you to move at plies 0, 2, 4 and 6.
    assert_eq!(m.ply(), 6);
    assert_eq!(m.turn(), Side::Human);
    assert_eq!(
        *m.status(),
        Status::Drawn {
            reason: DrawReason::Repetition,
            text: "This position has now come up 4 times with you to move (3 repetitions): \
                   the game is drawn by repetition."
                .into()
        }
    );
    assert_eq!(m.status().verdict(), Some("draw"));
    assert_eq!(m.play(0), Err(MatchError::Over));
    // Undo forgets the positions taken back: two more moves to the draw.
    m.undo().unwrap();
    assert!(m.status().is_ongoing());
    m.play(0).unwrap();
    assert!(m.status().is_ongoing());
    m.engine_move().unwrap();
    assert_eq!(m.ply(), 6);
    assert!(matches!(m.status(), Status::Drawn { .. }));
}

#[test]
fn a_three_cycle_repeats_with_the_other_player_to_move_each_time_round() {
    // a -> b -> c -> a: a comes back every three moves with the other
    // player to move, so with you to move at plies 0, 6, 12 and 18.
    let mut m = graph("ab,bc,ca", "a", Play::Normal, MatchOptions::default());
    let mut mine = 0;
    while m.status().is_ongoing() {
        match m.turn() {
            Side::Human => {
                m.play(0).unwrap();
                mine += 1;
            }
            Side::Engine => drop(m.engine_move().unwrap()),
        }
    }
    assert_eq!((m.ply(), mine), (18, 9));
    assert!(matches!(
        m.status(),
        Status::Drawn {
            reason: DrawReason::Repetition,
            ..
        }
    ));
}

#[test]
fn the_engine_keeps_a_draw_rather_than_lose() {
    // From a the engine may shuttle to b (a draw) or go to c, from which
    // the person moves to d and the engine is stuck.
    for basis_seed in [None, Some(1), Some(2)] {
        let opts = MatchOptions {
            engine_first: true,
            seed: basis_seed,
            hints: false,
        };
        let mut m = graph("ab,ba,ac,cd", "a", Play::Normal, opts);
        assert_eq!(m.analysis().outcome, Outcome::D);
        assert!(text::start_text(m.start(), m.first())
            .ends_with("so keep the draw, and take a win if the engine ever offers one."));
        while m.status().is_ongoing() {
            match m.turn() {
                Side::Engine => assert_eq!(m.engine_move().unwrap().played.label, "a -> b"),
                Side::Human => drop(m.play(0).unwrap()),
            }
        }
        assert_eq!(m.status().verdict(), Some("draw"));
        assert_eq!(m.turn(), Side::Engine);
    }
}

#[test]
fn a_drawn_position_hints_the_moves_that_keep_the_draw() {
    // From a: to b keeps the draw, to c loses (the engine moves to d).
    let mut m = graph("ab,ba,ac,cd", "a", Play::Normal, MatchOptions::default());
    let h = m.hint();
    assert_eq!((h.outcome, h.indices.clone()), (Outcome::D, vec![0]));
    assert_eq!(h.text, "Hint: no move wins by force here; keep the draw.");
    // Throwing the draw away is named as a mistake.
    let ply = m.play(1).unwrap();
    assert_eq!(
        ply.comment.as_deref(),
        Some("A mistake: this move gives the engine a winning position where a draw was held.")
    );
    m.engine_move().unwrap();
    assert_eq!(m.status().verdict(), Some("engine wins"));
}

/// A count that only goes up, in a game declared loopy: positions never
/// repeat, so only the length rule ends it.
struct Climb;

impl crate::Analyze for Climb {
    fn analyze_with(&self, args: &[&str], play: Play, _: Detail) -> Result<Analysis, GameError> {
        Ok(analysis(&args.join(" "), play, Outcome::D, vec![]))
    }
    fn moves(&self, args: &[&str]) -> Result<Vec<MoveReport>, GameError> {
        let n = Countdown::heap(args)?;
        Ok(vec![mv("up", &(n + 1).to_string())])
    }
}

#[test]
fn a_loopy_game_is_drawn_after_the_most_moves() {
    let opts = MatchOptions::default();
    let mut m = Match::new(
        Arc::new(Family::new("climb", &Limits::default(), Arc::new(Climb)).with_loopy(true)),
        &["0"],
        Play::Normal,
        opts,
    )
    .unwrap();
    while m.status().is_ongoing() {
        match m.turn() {
            Side::Human => drop(m.play(0).unwrap()),
            Side::Engine => drop(m.engine_move().unwrap()),
        }
    }
    assert_eq!(m.ply(), MAX_PLIES);
    assert_eq!(m.analysis().position, MAX_PLIES.to_string());
    assert_eq!(
        *m.status(),
        Status::Drawn {
            reason: DrawReason::Length,
            text: format!("{MAX_PLIES} moves have been played without an end: the game is drawn.")
        }
    );
}

#[test]
fn a_match_that_starts_finished_is_won_at_once_without_a_reason() {
    for (play, winner) in [(Play::Normal, Side::Engine), (Play::Misere, Side::Human)] {
        let m = Match::new(
            Arc::new(Countdown::family(None)),
            &["0"],
            play,
            MatchOptions::default(),
        )
        .unwrap();
        match m.status() {
            Status::Won {
                winner: w, reason, ..
            } => assert_eq!((*w, reason), (winner, &None)),
            s => panic!("{s:?}"),
        }
    }
}

#[test]
fn the_state_serialises_to_the_documented_json() {
    let mut m = countdown("5", MatchOptions::default());
    m.play(1).unwrap();
    let v = serde_json::to_value(m.state()).unwrap();
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    for k in [
        "game",
        "play",
        "position",
        "turn",
        "ply",
        "analysis",
        "moves",
        "status",
        "history",
        "may_repeat",
        "can_undo",
    ] {
        assert!(keys.contains(&k), "{k}: {v}");
    }
    assert_eq!(v["turn"], "engine");
    assert_eq!(v["ply"], 1);
    assert_eq!(v["position"], "3");
    assert_eq!(v["status"], serde_json::json!({"state": "ongoing"}));
    assert_eq!(v["analysis"]["outcome"], "P");
    assert_eq!(
        v["moves"][0],
        serde_json::json!({"move": "take 1", "to": "2"})
    );
    assert_eq!(
        v["history"][0],
        serde_json::json!({
            "by": "human",
            "move": "take 2",
            "to": "3",
            "comment": "Good move: the engine is now in a losing position."
        })
    );
    assert!(v.get("hint").is_none());
    m.engine_move().unwrap();
    m.play(1).unwrap();
    let v = serde_json::to_value(m.status()).unwrap();
    assert_eq!(v["state"], "won");
    assert_eq!(v["winner"], "human");
    assert_eq!(v["reason"], "the last counter was taken");
    let drawn = Status::Drawn {
        reason: DrawReason::Length,
        text: "t".into(),
    };
    assert_eq!(
        serde_json::to_value(drawn).unwrap(),
        serde_json::json!({"state": "drawn", "reason": "length", "text": "t"})
    );
}

#[test]
fn verdicts_follow_the_play_convention() {
    assert!(!text::human_wins(Play::Normal, Side::Human));
    assert!(text::human_wins(Play::Normal, Side::Engine));
    assert!(text::human_wins(Play::Misere, Side::Human));
    assert!(!text::human_wins(Play::Misere, Side::Engine));
    assert_eq!(
        text::verdict_text(Play::Misere, Side::Human),
        "You have no move left: in misère play the player who cannot move wins."
    );
}

#[test]
fn feedback_judges_by_outcomes() {
    let p = |o| analysis("p", Play::Normal, o, vec![]);
    let n = analysis(
        "p",
        Play::Normal,
        Outcome::N,
        vec![mv("a", "1"), mv("b", "2"), mv("c", "3"), mv("d", "4")],
    );
    assert!(text::feedback(&n, &p(Outcome::P))
        .unwrap()
        .starts_with("Good move"));
    let f = text::feedback(&n, &n).unwrap();
    assert!(f.contains("A mistake"), "{f}");
    assert!(f.contains("a; b; c; and 1 more"), "{f}");
    let f = text::feedback(&n, &p(Outcome::D)).unwrap();
    assert!(f.starts_with("A slip"), "{f}");
    assert_eq!(text::feedback(&p(Outcome::P), &n), None);
    assert_eq!(text::feedback(&p(Outcome::D), &p(Outcome::D)), None);
}

#[test]
fn a_repeated_position_with_a_win_missed_says_so() {
    let a = analysis("p", Play::Normal, Outcome::N, vec![]);
    assert_eq!(
        text::draw_text(DrawReason::Repetition, Side::Human, &a),
        "This position has now come up 4 times with you to move (3 repetitions): the game \
         is drawn by repetition. You could still have forced a win from here."
    );
    assert!(text::draw_text(DrawReason::Length, Side::Engine, &a)
        .ends_with("The engine could still have forced a win from here."));
    assert!(text::draw_rule_text().contains("4th time (3 repetitions), or after 10000 moves"));
}

#[test]
fn the_hint_of_a_finished_match_says_no_move_is_left() {
    // A finished start (0 counters) and a match played to its end: the
    // hint does not ask for a move that cannot be played.
    let m = countdown("0", MatchOptions::default());
    assert!(!m.status().is_ongoing());
    let h = m.hint();
    assert_eq!(h.indices, Vec::<usize>::new());
    assert_eq!(h.text, "Hint: no move is left to play: the game is over.");
    let mut m = countdown("1", MatchOptions::default());
    m.play(0).unwrap();
    assert_eq!(
        m.hint().text,
        "Hint: no move is left to play: the game is over."
    );
    // A drawn match, though moves are left, is over too.
    let mut m = graph("a-b,b-a", "a", Play::Normal, MatchOptions::default());
    while m.status().is_ongoing() {
        match m.turn() {
            Side::Human => m.play(0).map(drop).unwrap(),
            Side::Engine => m.engine_move().map(drop).unwrap(),
        }
    }
    assert_eq!(
        m.hint().text,
        "Hint: no move is left to play: the game is over."
    );
}
