//! A match against the engine for the page: [`grundy_api::play::Match`],
//! the rules `grundy play` follows (turns, the engine's choice, hints,
//! undo, engine first, the draw by repetition), kept on the wasm side.
//! Every call answers with the match's state as JSON
//! ([`grundy_api::play::MatchState`]), which the page only renders.

use crate::family::{convention, family, js_error, json};
use grundy_api::play::{text, Match, MatchOptions};
use grundy_api::{policy, GameError};
use wasm_bindgen::prelude::*;

/// How a match is played, as the page sends it: a JSON object with any of
/// `engine_first` (the engine moves first), `hints` (the state carries the
/// hint on the person's turns) and `seed` (the engine's tie-break; the
/// same seed and moves replay the same match). Empty text: the defaults.
#[derive(serde::Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
struct Options {
    engine_first: bool,
    hints: bool,
    seed: Option<u64>,
}

fn match_options(text: &str) -> Result<MatchOptions, GameError> {
    let o: Options = if text.trim().is_empty() {
        Options::default()
    } else {
        serde_json::from_str(text).map_err(|e| GameError::Input(format!("match options: {e}")))?
    };
    Ok(MatchOptions {
        engine_first: o.engine_first,
        hints: o.hints,
        seed: o.seed,
    })
}

/// A match and the JSON answers of its calls (the natively tested layer
/// under [`PageMatch`]).
#[derive(Debug)]
pub struct Session {
    game: Match,
}

impl Session {
    /// A match of `game` (built from `options`, a JSON object as for
    /// `analyze`, under `max_states`) from `position` in normal or misère
    /// play; `match_options` as [`Options`] says. Errors: those of
    /// `analyze` for the start.
    pub fn start(
        game: &str,
        options: &str,
        position: &str,
        misere: bool,
        match_options_text: &str,
        max_states: Option<&str>,
    ) -> Result<Session, GameError> {
        let opts = match_options(match_options_text)?;
        let family = family(game, options, max_states)?;
        let game = Match::new(family, &policy::split(position), convention(misere), opts)?;
        Ok(Session { game })
    }

    /// What `grundy play` says before the first move, as JSON:
    /// `{"play_rule", "first", "start", "draw_rule"}` (the rule of play,
    /// who moves first, what the start is worth to whom, and the draw
    /// rules, `null` in a game whose positions cannot repeat), in the
    /// command line's words ([`grundy_api::play::text`]).
    pub fn intro(&self) -> Result<String, GameError> {
        let m = &self.game;
        json(&serde_json::json!({
            "play_rule": text::play_rule(m.convention()),
            "first": text::first_text(m.first()),
            "start": text::start_text(m.start(), m.first()),
            "draw_rule": m.may_repeat().then(text::draw_rule_text),
        }))
    }

    /// The match's state: the [`grundy_api::play::MatchState`] JSON.
    pub fn state(&self) -> Result<String, GameError> {
        json(&self.game.state())
    }

    /// Plays the person's move `index` (from 0, in the state's `moves`);
    /// answers with the new state.
    pub fn play(&mut self, index: usize) -> Result<String, GameError> {
        self.game.play(index)?;
        self.state()
    }

    /// Plays the engine's move; answers with the new state.
    pub fn engine_move(&mut self) -> Result<String, GameError> {
        self.game.engine_move()?;
        self.state()
    }

    /// Takes back the person's last move and the engine's reply; answers
    /// with the new state.
    pub fn undo(&mut self) -> Result<String, GameError> {
        self.game.undo()?;
        self.state()
    }

    /// The good moves of the position for the player to move, by index,
    /// with the hint in words: the [`grundy_api::play::Hint`] JSON.
    pub fn hint(&self) -> Result<String, GameError> {
        json(&self.game.hint())
    }

    /// The index (from 0) of the move `typed` names as a person types it:
    /// its number from 1, its label, the position it leads to, or the
    /// game's notation.
    pub fn read(&self, typed: &str) -> Result<usize, GameError> {
        self.game
            .read(typed)
            .map_err(|e| GameError::Input(e.to_string()))
    }
}

/// `new Match(game, options, position, misere, matchOptions, maxStates)`:
/// a match against the engine from `position`; `matchOptions` is a JSON
/// object of `engine_first`, `hints`, `seed` (or empty). Every method
/// answers with the state's JSON (`hint` with the hint's, `read` with an
/// index) and throws the command line's message when refused.
#[wasm_bindgen(js_name = Match)]
pub struct PageMatch(Session);

#[wasm_bindgen(js_class = Match)]
impl PageMatch {
    #[wasm_bindgen(constructor)]
    pub fn new(
        game: &str,
        options: &str,
        position: &str,
        misere: bool,
        match_options: &str,
        max_states: Option<String>,
    ) -> Result<PageMatch, JsError> {
        Session::start(
            game,
            options,
            position,
            misere,
            match_options,
            max_states.as_deref(),
        )
        .map(PageMatch)
        .map_err(js_error)
    }

    /// `intro()`: what `grundy play` says before the first move.
    pub fn intro(&self) -> Result<String, JsError> {
        self.0.intro().map_err(js_error)
    }

    /// `state()`: the match's state.
    pub fn state(&self) -> Result<String, JsError> {
        self.0.state().map_err(js_error)
    }

    /// `play(index)`: the person's move; the new state.
    pub fn play(&mut self, index: usize) -> Result<String, JsError> {
        self.0.play(index).map_err(js_error)
    }

    /// `engineMove()`: the engine's move; the new state.
    #[wasm_bindgen(js_name = engineMove)]
    pub fn engine_move(&mut self) -> Result<String, JsError> {
        self.0.engine_move().map_err(js_error)
    }

    /// `undo()`: the person's last move and the reply taken back; the
    /// new state.
    pub fn undo(&mut self) -> Result<String, JsError> {
        self.0.undo().map_err(js_error)
    }

    /// `hint()`: the good moves, by index, and the hint in words.
    pub fn hint(&self) -> Result<String, JsError> {
        self.0.hint().map_err(js_error)
    }

    /// `read(typed)`: the index of the move typed.
    pub fn read(&self, typed: &str) -> Result<usize, JsError> {
        self.0.read(typed).map_err(js_error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> serde_json::Value {
        serde_json::from_str(text).unwrap()
    }

    /// Plays the match to its end, the person always choosing the first
    /// move; the last state.
    fn play_out(s: &mut Session, most: usize) -> serde_json::Value {
        let mut state = parse(&s.state().unwrap());
        for _ in 0..most {
            if state["status"]["state"] != "ongoing" {
                return state;
            }
            state = parse(&if state["turn"] == "human" {
                s.play(0).unwrap()
            } else {
                s.engine_move().unwrap()
            });
        }
        panic!("not over after {most} moves: {state}");
    }

    #[test]
    fn a_loopy_game_is_drawn_on_the_fourth_time_a_position_comes_up() {
        let mut s =
            Session::start("graph", r#"{"edges": "a-b,b-a"}"#, "a", false, "", None).unwrap();
        let start = parse(&s.state().unwrap());
        assert_eq!(start["may_repeat"], true);
        // The command line's words before the first move.
        let intro = parse(&s.intro().unwrap());
        assert_eq!(intro["play_rule"], "normal play: whoever cannot move loses");
        assert_eq!(intro["first"], "You move first.");
        assert_eq!(
            intro["start"],
            "The starting position a: neither player can force a win (a draw with best play), so keep the draw, and take a win if the engine ever offers one."
        );
        assert_eq!(
            intro["draw_rule"],
            "Positions may repeat in this game: when one comes up with the same player to move for the 4th time (3 repetitions), or after 10000 moves, the game stops as a draw."
        );
        assert_eq!(start["analysis"]["outcome"], "D");
        // The hint: no move wins, the only move keeps the draw.
        let h = parse(&s.hint().unwrap());
        assert_eq!(h["outcome"], "D");
        assert_eq!(h["indices"], serde_json::json!([0]));
        let end = play_out(&mut s, 20);
        // a (you), b (engine), a, b, a, b, a: the person to move at a for
        // the 4th time, after 6 moves, as `grundy play` declares it.
        assert_eq!(end["status"]["state"], "drawn");
        assert_eq!(end["status"]["reason"], "repetition");
        assert_eq!(
            end["status"]["text"],
            "This position has now come up 4 times with you to move (3 repetitions): the game is drawn by repetition."
        );
        assert_eq!(end["ply"], 6);
        assert_eq!(end["position"], "a");
        assert_eq!(end["moves"].as_array().unwrap().len(), 1);
        // Over: no move is played, and the family's message says so.
        let e = s.play(0).unwrap_err();
        assert_eq!(e.to_string(), "the game is over: no move can be played");
        // Undo goes back before the last move of the person's, where the
        // position has come up 3 times only.
        let back = parse(&s.undo().unwrap());
        assert_eq!(back["status"]["state"], "ongoing");
        assert_eq!(back["ply"], 4);
    }

    #[test]
    fn nim_with_the_engine_first_hints_and_undo() {
        let mut s = Session::start(
            "nim",
            "",
            "1 2",
            false,
            r#"{"engine_first": true, "hints": true}"#,
            None,
        )
        .unwrap();
        let start = parse(&s.state().unwrap());
        assert_eq!(start["turn"], "engine");
        let intro = parse(&s.intro().unwrap());
        assert_eq!(intro["first"], "The engine moves first.");
        assert!(intro["draw_rule"].is_null());
        assert!(start.get("hint").is_none());
        let after = parse(&s.engine_move().unwrap());
        // From 1 2 (N) the engine moves to a P-position: 1 1.
        assert_eq!(after["position"], "1 1");
        assert_eq!(after["turn"], "human");
        assert_eq!(after["hint"]["outcome"], "P");
        assert_eq!(after["hint"]["indices"], serde_json::json!([]));
        assert_eq!(after["can_undo"], false);
        let h = parse(&s.hint().unwrap());
        assert_eq!(h, after["hint"]);
        // The person's move, the engine's reply: the engine wins.
        let mut state = parse(&s.play(0).unwrap());
        assert_eq!(state["turn"], "engine");
        assert_eq!(state["history"][1]["by"], "human");
        state = parse(&s.engine_move().unwrap());
        assert_eq!(state["status"]["state"], "won");
        assert_eq!(state["status"]["winner"], "engine");
        // Taken back: the person to move at 1 1 again.
        let back = parse(&s.undo().unwrap());
        assert_eq!(back["position"], "1 1");
        assert_eq!(back["ply"], 1);
        assert_eq!(back["status"]["state"], "ongoing");
        // A move typed as on the command line: its number from 1.
        assert_eq!(s.read("2").unwrap(), 1);
        assert!(matches!(s.read("9"), Err(GameError::Input(_))));
    }

    #[test]
    fn the_person_plays_a_winning_game_of_nim_to_the_end() {
        let mut s = Session::start("nim", "", "3 4 5", false, "", None).unwrap();
        let mut state = parse(&s.state().unwrap());
        let mut turns = 0;
        while state["status"]["state"] == "ongoing" {
            state = parse(&if state["turn"] == "human" {
                // The hint's first good move: a winning one.
                let h = parse(&s.hint().unwrap());
                assert_eq!(h["outcome"], "N");
                s.play(h["indices"][0].as_u64().unwrap() as usize).unwrap()
            } else {
                s.engine_move().unwrap()
            });
            turns += 1;
            assert!(turns <= 24, "{state}");
        }
        assert_eq!(state["status"]["winner"], "human");
        assert_eq!(state["position"], "0 0 0");
    }

    #[test]
    fn bad_match_input_has_a_message() {
        let e = Session::start("nim", "", "3", false, r#"{"engine": true}"#, None).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("match options: unknown field `engine`"),
            "{e}"
        );
        let e = Session::start("nim", "", "3 x", false, "", None).unwrap_err();
        assert!(e.to_string().contains("'x'"), "{e}");
        let mut s = Session::start("nim", "", "3", false, "", None).unwrap();
        assert_eq!(
            s.play(5).unwrap_err().to_string(),
            "there is no move 5: the moves are indexed 0 to 2"
        );
        assert_eq!(
            s.engine_move().unwrap_err().to_string(),
            "it is your turn, not the engine's"
        );
        assert_eq!(
            s.undo().unwrap_err().to_string(),
            "there is no move of yours to take back"
        );
    }
}
