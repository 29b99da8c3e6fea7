//! A match between a person and the engine: the rules of play shared by
//! every front end (the command line's `grundy play`, the web page, the
//! Python package's `grundy.Match`).
//!
//! A [`Match`] keeps the turn, the position, its analysis and legal moves,
//! and the moves played. The person's moves come in by index
//! ([`Match::play`], after [`Match::read`] for a typed line); the engine's
//! by [`Match::engine_move`]'s choice ([`policy`]: the fastest win, the
//! slowest loss, a draw kept). After every move the match says whether it
//! goes on ([`Status`]):
//!
//! - it is won when the player to move has no move left (who wins then
//!   depends on normal or misère play);
//! - in a game whose positions may repeat ([`Family::may_repeat`]) it is
//!   drawn when a position comes up with the same player to move for the
//!   [`MAX_REPETITIONS`]-th repetition (its fourth occurrence), or after
//!   [`MAX_PLIES`] moves. Acyclic games end by themselves.
//!
//! [`Match::undo`] takes back the person's last move and the engine's
//! reply. Every sentence a person reads about the match (the comment on a
//! move, the hint, the draw and the verdict) is built here, in [`text`];
//! a front end only lays it out. [`MatchState`] is the whole match as one
//! serialisable snapshot (the JSON the page and Python read).

pub mod policy;
mod read;
mod terms;
pub mod text;

pub use read::{read_move, shortened, ReadError};
pub use terms::{DrawReason, Ply, Side, MAX_PLIES, MAX_REPETITIONS};

use crate::{Analysis, Family, GameError, MoveReport, Outcome, Play};
use policy::{find_moves, normal_space, split};
use serde::Serialize;
use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

/// How a match is played, besides the game and the play convention.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchOptions {
    /// The engine moves first.
    pub engine_first: bool,
    /// Tie-break among the engine's equally good moves (`None`: the first
    /// listed); the same seed and the same moves replay the same match.
    pub seed: Option<u64>,
    /// Show the hint on each of the person's turns ([`MatchState::hint`]).
    pub hints: bool,
}

/// Whether the match goes on. Serialised with a `state` tag:
/// `{"state":"ongoing"}`, `{"state":"won","winner":"human","reason":null,
/// "text":"..."}`, `{"state":"drawn","reason":"repetition","text":"..."}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "state", rename_all = "lowercase")]
pub enum Status {
    /// The player to move has a move to play.
    Ongoing,
    /// The player to move has no move left.
    Won {
        /// Who won.
        winner: Side,
        /// What ended the game in the game's own words, when the family
        /// says more than "no move left" ([`Family::end_reason`], e.g.
        /// `X X X made at cells 4-6`); `None` too for a match that started
        /// finished.
        reason: Option<String>,
        /// Who had no move left and what that means under the play
        /// convention: `The engine has no move left: in normal play the
        /// player who cannot move loses.`
        text: String,
    },
    /// The match was stopped as a draw.
    Drawn {
        /// Which rule stopped it.
        reason: DrawReason,
        /// Why, in words, and whether the player to move could still have
        /// forced a win: `This position has now come up 4 times with you
        /// to move (3 repetitions): the game is drawn by repetition.`
        text: String,
    },
}

impl Status {
    /// The match's last word when it is over: `you win`, `engine wins` or
    /// `draw`; `None` while it goes on.
    pub fn verdict(&self) -> Option<&'static str> {
        match self {
            Status::Ongoing => None,
            Status::Won { winner, .. } => Some(text::winner_text(*winner)),
            Status::Drawn { .. } => Some("draw"),
        }
    }

    /// Whether the match goes on.
    pub fn is_ongoing(&self) -> bool {
        matches!(self, Status::Ongoing)
    }

    /// The match's state in one line, as the page shows it under the
    /// position, with `turn` to move after `history`: how a finished match
    /// ended (`X X X made at cells 4-6. The engine has no move left: ...
    /// You win.`), a draw, or whose move it is and the engine's last move
    /// (`The engine played take 2. Your move.`).
    pub fn line(&self, turn: Side, history: &[Ply]) -> String {
        match self {
            Status::Won {
                winner,
                reason,
                text,
            } => {
                let reason = reason
                    .as_ref()
                    .map(|r| format!("{r}. "))
                    .unwrap_or_default();
                let verdict = match winner {
                    Side::Human => "You win.",
                    Side::Engine => "The engine wins.",
                };
                format!("{reason}{text} {verdict}")
            }
            Status::Drawn { text, .. } => format!("{text} Draw."),
            Status::Ongoing if turn == Side::Engine => "The engine is thinking…".to_string(),
            Status::Ongoing => match history.last() {
                Some(p) if p.by == Side::Engine => {
                    format!("The engine played {}. Your move.", p.played.label)
                }
                _ => "Your move.".to_string(),
            },
        }
    }
}

/// What the good moves of the current position are: the hint asked for
/// with `?` on the command line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hint {
    /// The outcome for the player to move: `N` (the listed moves win), `D`
    /// (none wins; the listed moves keep the draw), `P` (none wins or
    /// draws).
    pub outcome: Outcome,
    /// The good moves' indices in [`Match::moves`] (from 0), in the
    /// analysis's order.
    pub indices: Vec<usize>,
    /// The hint in one sentence, naming the moves by their labels:
    /// `Hint: winning moves here: take 3; take 2.`
    pub text: String,
}

/// The whole match as a snapshot, serialised as the JSON the page and
/// the Python package read:
///
/// ```json
/// {"game": "nim", "play": "normal", "position": "1 2", "turn": "human",
///  "ply": 0, "analysis": {...}, "moves": [{"move": "...", "to": "..."}],
///  "status": {"state": "ongoing"}, "hint": {...}, "history": [],
///  "may_repeat": false, "can_undo": false}
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MatchState {
    /// The game's name with its options ([`Family::name`]).
    pub game: String,
    /// Normal or misère play.
    pub play: Play,
    /// The current position, as the analysis writes it.
    pub position: String,
    /// The player to move.
    pub turn: Side,
    /// Moves played so far (both players counted).
    pub ply: u64,
    /// The analysis of the current position (for the player to move).
    pub analysis: Analysis,
    /// The legal moves of the current position, in the family's order.
    pub moves: Vec<MoveReport>,
    /// Whether the match goes on.
    pub status: Status,
    /// With [`MatchOptions::hints`], on the person's turn of a match that
    /// goes on: the hint; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<Hint>,
    /// The moves played, first to last.
    pub history: Vec<Ply>,
    /// Whether positions may repeat, so the draw rules apply.
    pub may_repeat: bool,
    /// Whether [`Match::undo`] would take a move back.
    pub can_undo: bool,
    /// The state in one line ([`Status::line`]).
    pub status_line: String,
}

/// A move or undo the match refused. The match is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchError {
    /// The match is over: no move can be played.
    Over,
    /// It is the other player's turn; the side named is the one to move.
    Turn(Side),
    /// There is no move with this index (from 0) among `count` moves.
    NoSuchMove {
        /// The index asked for.
        index: usize,
        /// How many moves there are.
        count: usize,
    },
    /// The person has played no move that could be taken back.
    NothingToUndo,
    /// The family failed (a search limit, most often) while choosing the
    /// engine's move at `position` or working out the position a move
    /// leads to (`position` is then that position).
    Family {
        /// The family's error.
        error: GameError,
        /// The position it was hit at.
        position: String,
        /// The engine's move, when it was chosen before the failure (the
        /// failure is then at the position it leads to).
        chosen: Option<Box<MoveReport>>,
    },
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::Over => f.write_str("the game is over: no move can be played"),
            MatchError::Turn(Side::Human) => f.write_str("it is your turn, not the engine's"),
            MatchError::Turn(Side::Engine) => f.write_str("it is the engine's turn to move"),
            MatchError::NoSuchMove { index, count } => {
                f.write_str(&text::no_such_move(index, *count))
            }
            MatchError::NothingToUndo => f.write_str("there is no move of yours to take back"),
            MatchError::Family {
                error, position, ..
            } => write!(
                f,
                "{error} (at position {})",
                crate::messages::clipped(&text::shown(position))
            ),
        }
    }
}

impl std::error::Error for MatchError {}

impl From<MatchError> for GameError {
    /// A refused request is an input error; the family's own error keeps
    /// its kind (a limit stays a limit, an internal error internal), an
    /// input error naming the position it was hit at.
    fn from(e: MatchError) -> Self {
        match e {
            MatchError::Family {
                error: GameError::Input(m),
                position,
                ..
            } => GameError::Input(format!(
                "{m} (at position {})",
                crate::messages::clipped(&text::shown(&position))
            )),
            MatchError::Family { error, .. } => error,
            e => GameError::Input(e.to_string()),
        }
    }
}

/// One position of the match. Its analysis and moves are kept while it
/// is the current position (the analysis of the start always); a position
/// left behind forgets them and they are worked out again if an undo
/// comes back to it, so a long match of positions with millions of moves
/// holds one position's worth, not one per move played.
#[derive(Clone, Debug)]
struct Turn {
    /// The position's words, as [`Family`] methods take them.
    args: Vec<String>,
    analysis: Option<Analysis>,
    moves: Option<Vec<MoveReport>>,
    side: Side,
    status: Status,
    /// The repetition count this arrival added to, if any.
    counted: Option<(String, Side)>,
}

/// A match between a person and the engine; see the module doc for the
/// rules.
pub struct Match {
    family: Arc<Family>,
    play: Play,
    opts: MatchOptions,
    repeats: bool,
    /// Every position of the match so far, the start first, the current
    /// one last; `turns.len() == history.len() + 1`.
    turns: Vec<Turn>,
    history: Vec<Ply>,
    /// How often each position (white space normalised) has come up with
    /// each player to move, in a game whose positions may repeat.
    seen: HashMap<(String, Side), u32>,
}

impl Turn {
    fn analysis(&self) -> &Analysis {
        self.analysis
            .as_ref()
            .expect("the current position is analysed")
    }

    fn moves(&self) -> &[MoveReport] {
        self.moves
            .as_ref()
            .expect("the current position's moves are listed")
    }
}

impl fmt::Debug for Match {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Match")
            .field("game", &self.family.name())
            .field("play", &self.play)
            .field("opts", &self.opts)
            .field("position", &self.current().analysis().position)
            .field("history", &self.history)
            .finish()
    }
}

/// Runs `f`, one request of a match (its start, a move, the engine's
/// move, an undo), as one answer with the family's time limit
/// ([`Family::weighing_deadline`], started now): the analyses, move lists
/// and weighing it makes end by that one limit's end, not each by its own
/// (a start took its analysis's time and then its move list's).
fn in_time<R>(family: &Family, f: impl FnOnce() -> R) -> R {
    grundy_engine::clock::within_answer(family.weighing_deadline(), f)
}

impl Match {
    /// A match from the position written as `start` (position arguments,
    /// as `analyze` takes them) under `play`.
    ///
    /// Errors: the family's own, exactly as `analyze` reports them (a
    /// malformed position, a limit hit analysing the start).
    pub fn new(
        family: Arc<Family>,
        start: &[&str],
        play: Play,
        opts: MatchOptions,
    ) -> Result<Match, GameError> {
        // One time limit for the start's analysis and its moves.
        let (analysis, moves) = in_time(&family, || {
            Ok::<_, GameError>((family.analyze(start, play)?, family.moves(start)?))
        })?;
        let repeats = family.may_repeat();
        let mut m = Match {
            family,
            play,
            opts,
            repeats,
            turns: Vec::new(),
            history: Vec::new(),
            seen: HashMap::new(),
        };
        let side = if opts.engine_first {
            Side::Engine
        } else {
            Side::Human
        };
        let args = start.iter().map(|s| s.to_string()).collect();
        let turn = m.arrive(args, analysis, moves, side);
        m.turns.push(turn);
        Ok(m)
    }

    /// The family played.
    pub fn family(&self) -> &Family {
        &self.family
    }

    /// Normal or misère play.
    pub fn convention(&self) -> Play {
        self.play
    }

    /// The options the match was made with.
    pub fn options(&self) -> MatchOptions {
        self.opts
    }

    /// Who moved first.
    pub fn first(&self) -> Side {
        self.turns[0].side
    }

    /// Whether positions may repeat, so the draw rules apply.
    pub fn may_repeat(&self) -> bool {
        self.repeats
    }

    /// The analysis of the starting position.
    pub fn start(&self) -> &Analysis {
        self.turns[0].analysis()
    }

    /// The player to move.
    pub fn turn(&self) -> Side {
        self.current().side
    }

    /// Moves played so far.
    pub fn ply(&self) -> u64 {
        self.history.len() as u64
    }

    /// The moves played, first to last.
    pub fn history(&self) -> &[Ply] {
        &self.history
    }

    /// Whether the match goes on, or how it ended.
    pub fn status(&self) -> &Status {
        &self.current().status
    }

    /// The analysis of the current position, for the player to move.
    pub fn analysis(&self) -> &Analysis {
        self.current().analysis()
    }

    /// The legal moves of the current position, in the family's order
    /// ([`Family::moves`]); empty exactly when the match is won.
    pub fn moves(&self) -> &[MoveReport] {
        self.current().moves()
    }

    /// How the game's own notation is written, with an example legal here
    /// ([`crate::Notation::describe`]); `None` for a game without one.
    pub fn notation(&self) -> Option<String> {
        self.family.notation()?.describe(&self.words())
    }

    /// Whether [`Match::undo`] would take a move back: the person has
    /// played a move.
    pub fn can_undo(&self) -> bool {
        self.history.iter().any(|p| p.by == Side::Human)
    }

    /// The whole match as one snapshot.
    pub fn state(&self) -> MatchState {
        let t = self.current();
        let hint = (self.opts.hints && t.side == Side::Human && t.status.is_ongoing())
            .then(|| self.hint());
        MatchState {
            game: self.family.name(),
            play: self.play,
            position: t.analysis().position.clone(),
            turn: t.side,
            ply: self.ply(),
            analysis: t.analysis().clone(),
            moves: t.moves().to_vec(),
            status: t.status.clone(),
            hint,
            status_line: t.status.line(t.side, &self.history),
            history: self.history.clone(),
            may_repeat: self.repeats,
            can_undo: self.can_undo(),
        }
    }

    /// The index in [`Match::moves`] of the move `typed` names, read as a
    /// person types it: a move's number counted from 1, its label, the
    /// position it leads to, or the game's notation, the first that
    /// applies ([`read_move`]). Commands (a hint, quitting, undo) are the
    /// front end's to recognise first.
    pub fn read(&self, typed: &str) -> Result<usize, ReadError> {
        let words = self.words();
        // A family without a notation is not asked.
        let notation = self
            .family
            .notation()
            .filter(|n| n.describe(&words).is_some());
        read_move(typed, self.moves(), &|t| notation?.read_move(&words, t))
    }

    /// The good moves of the current position for the player to move: the
    /// winning moves of an N-position, the draw-keeping moves of a drawn
    /// one, none from a P-position; with the hint in words. None once the
    /// match is over (won or drawn): the hint then says so.
    pub fn hint(&self) -> Hint {
        let t = self.current();
        let a = t.analysis();
        if !t.status.is_ongoing() {
            return Hint {
                outcome: a.outcome,
                indices: Vec::new(),
                text: text::OVER_HINT.into(),
            };
        }
        let indices = find_moves(t.moves(), a.good_moves());
        let labels: Vec<&str> = indices.iter().map(|&i| &t.moves()[i].label[..]).collect();
        Hint {
            outcome: a.outcome,
            text: text::hint_summary(a, &labels),
            indices,
        }
    }

    /// Plays the person's move with index `index` in [`Match::moves`] and
    /// returns it with the teacher's comment.
    ///
    /// Errors (the match unchanged): the match is over; it is the engine's
    /// turn; no such move; the family's error working out the position the
    /// move leads to.
    pub fn play(&mut self, index: usize) -> Result<Ply, MatchError> {
        let family = Arc::clone(&self.family);
        in_time(&family, || self.play_now(index))
    }

    /// [`Match::play`], within the time of the request.
    fn play_now(&mut self, index: usize) -> Result<Ply, MatchError> {
        self.check_turn(Side::Human)?;
        let t = self.current();
        let Some(m) = t.moves().get(index).cloned() else {
            return Err(MatchError::NoSuchMove {
                index,
                count: t.moves().len(),
            });
        };
        // The moves of the position left are let go before the next
        // position's are listed, and put back if that fails.
        let left = self.let_go_of_moves();
        let next = self.family.analyze(&split(&m.to), self.play);
        let next = match next {
            Ok(next) => next,
            Err(e) => {
                self.current_mut().moves = left;
                return Err(at(e, &m.to, None));
            }
        };
        let comment = text::feedback(self.current().analysis(), &next);
        self.advance(m, next, comment, None, left)
    }

    /// Chooses and plays the engine's move ([`policy::engine_move`], ties
    /// broken by [`MatchOptions::seed`]) and returns it.
    ///
    /// Errors (the match unchanged): the match is over; it is the
    /// person's turn; the family's error while choosing or working out the
    /// position the move leads to.
    pub fn engine_move(&mut self) -> Result<Ply, MatchError> {
        let family = Arc::clone(&self.family);
        in_time(&family, || self.engine_move_now())
    }

    /// [`Match::engine_move`], within the time of the request.
    fn engine_move_now(&mut self) -> Result<Ply, MatchError> {
        self.check_turn(Side::Engine)?;
        let t = self.current();
        let choice = policy::engine_move(
            &self.family,
            self.play,
            t.analysis(),
            t.moves(),
            self.opts.seed,
        )
        .map_err(|e| at(e, &t.analysis().position, None))?;
        let m = choice.chosen;
        let left = self.let_go_of_moves();
        let next = match choice.next {
            Some(a) => a,
            None => match self.family.analyze(&split(&m.to), self.play) {
                Ok(a) => a,
                Err(e) => {
                    self.current_mut().moves = left;
                    return Err(at(e, &m.to, Some(&m)));
                }
            },
        };
        let chosen = Some(m.clone());
        self.advance(m, next, None, chosen, left)
    }

    /// Takes back the person's last move and every move after it (the
    /// engine's reply), so it is the person's turn again at the position
    /// before that move; returns the moves taken back, in the order they
    /// were played. The draw rules forget the positions taken back. Also
    /// allowed once the match is over.
    ///
    /// Errors (the match unchanged): the person has not moved yet; the
    /// family's error working out again the analysis or moves of the
    /// position gone back to.
    pub fn undo(&mut self) -> Result<Vec<Ply>, MatchError> {
        let family = Arc::clone(&self.family);
        in_time(&family, || self.undo_now())
    }

    /// [`Match::undo`], within the time of the request.
    fn undo_now(&mut self) -> Result<Vec<Ply>, MatchError> {
        let from = self
            .history
            .iter()
            .rposition(|p| p.by == Side::Human)
            .ok_or(MatchError::NothingToUndo)?;
        // The position gone back to forgot its analysis and moves when it
        // was left: they are worked out again (with the current moves let
        // go meanwhile) before anything changes.
        let left = self.let_go_of_moves();
        let back = &self.turns[from];
        let words: Vec<&str> = back.args.iter().map(String::as_str).collect();
        let known = (|| {
            let analysis = match &back.analysis {
                Some(_) => None,
                None => Some(self.family.analyze(&words, self.play)?),
            };
            Ok((analysis, self.family.moves(&words)?))
        })();
        let (analysis, moves) = match known {
            Ok(known) => known,
            Err(e) => {
                let position = back.args.join(" ");
                self.current_mut().moves = left;
                return Err(at(e, &position, None));
            }
        };
        drop(left);
        let back = &mut self.turns[from];
        if analysis.is_some() {
            back.analysis = analysis;
        }
        back.moves = Some(moves);
        let undone = self.history.split_off(from);
        for _ in &undone {
            let t = self.turns.pop().expect("one position after each ply");
            if let Some(key) = t.counted {
                if let Some(n) = self.seen.get_mut(&key) {
                    *n -= 1;
                }
            }
        }
        Ok(undone)
    }

    fn current(&self) -> &Turn {
        self.turns.last().expect("a match has a position")
    }

    fn current_mut(&mut self) -> &mut Turn {
        self.turns.last_mut().expect("a match has a position")
    }

    /// Takes the current position's moves out (for a move or undo about
    /// to leave it), to be put back if that fails.
    fn let_go_of_moves(&mut self) -> Option<Vec<MoveReport>> {
        self.current_mut().moves.take()
    }

    fn words(&self) -> Vec<&str> {
        self.current().args.iter().map(String::as_str).collect()
    }

    /// `Ok` when `side` may move now; else the refusal [`Match::play`] or
    /// [`Match::engine_move`] gives (the match is over, or it is the other
    /// side's turn), so a front end can refuse a move out of turn before
    /// reading what it names.
    pub fn check_turn(&self, side: Side) -> Result<(), MatchError> {
        let t = self.current();
        if !t.status.is_ongoing() {
            Err(MatchError::Over)
        } else if t.side != side {
            Err(MatchError::Turn(t.side))
        } else {
            Ok(())
        }
    }

    /// Plays `m` (whose resulting position is analysed as `next`) for the
    /// player to move, whose moves `left` were taken out of the current
    /// position (put back on failure). The position left forgets its
    /// analysis (but the start's) and moves.
    fn advance(
        &mut self,
        m: MoveReport,
        next: Analysis,
        comment: Option<String>,
        chosen: Option<MoveReport>,
        left: Option<Vec<MoveReport>>,
    ) -> Result<Ply, MatchError> {
        let args: Vec<String> = split(&m.to).iter().map(|s| s.to_string()).collect();
        let words: Vec<&str> = args.iter().map(String::as_str).collect();
        let moves = match self.family.moves(&words) {
            Ok(moves) => moves,
            Err(e) => {
                self.current_mut().moves = left;
                return Err(at(e, &m.to, chosen.as_ref()));
            }
        };
        drop(left);
        if self.turns.len() > 1 {
            self.current_mut().analysis = None;
        }
        let ply = Ply {
            by: self.turn(),
            played: m,
            comment,
        };
        self.history.push(ply.clone());
        let side = self.turn().other();
        let turn = self.arrive(args, next, moves, side);
        self.turns.push(turn);
        Ok(ply)
    }

    /// The new current position, `side` to move, after
    /// `self.history.len()` moves: whether the match goes on.
    fn arrive(
        &mut self,
        args: Vec<String>,
        analysis: Analysis,
        moves: Vec<MoveReport>,
        side: Side,
    ) -> Turn {
        let plies = self.ply();
        let mut counted = None;
        let status = if moves.is_empty() {
            let words: Vec<&str> = args.iter().map(String::as_str).collect();
            // Only a move of this game can have ended it.
            let reason = match self.family.end_reasons() {
                Some(e) if plies > 0 => e.end_reason(&words),
                _ => None,
            };
            let winner = if text::human_wins(self.play, side) {
                Side::Human
            } else {
                Side::Engine
            };
            Status::Won {
                winner,
                reason,
                text: text::verdict_text(self.play, side),
            }
        } else if self.repeats {
            let key = (normal_space(&analysis.position), side);
            let count = self.seen.entry(key.clone()).or_insert(0);
            *count += 1;
            let reason = if *count > MAX_REPETITIONS {
                Some(DrawReason::Repetition)
            } else if plies >= MAX_PLIES {
                Some(DrawReason::Length)
            } else {
                None
            };
            counted = Some(key);
            match reason {
                Some(reason) => Status::Drawn {
                    reason,
                    text: text::draw_text(reason, side, &analysis),
                },
                None => Status::Ongoing,
            }
        } else {
            Status::Ongoing
        };
        Turn {
            args,
            analysis: Some(analysis),
            moves: Some(moves),
            side,
            status,
            counted,
        }
    }
}

/// The family's error `e`, hit at `position` (after the engine chose
/// `chosen`, if it did).
fn at(e: GameError, position: &str, chosen: Option<&MoveReport>) -> MatchError {
    MatchError::Family {
        error: e,
        position: position.to_string(),
        chosen: chosen.map(|m| Box::new(m.clone())),
    }
}

#[cfg(test)]
mod tests;
