//! Errors: bad input, limits hit, internal failures.

use std::time::Duration;
use thiserror::Error;

/// A position or option that could not be read. The message names the
/// offending text and says what was expected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct ParseError(pub String);

impl ParseError {
    /// A parse error with the given message.
    pub fn new(msg: impl Into<String>) -> Self {
        ParseError(msg.into())
    }
}

/// A failure of the rules themselves while listing options or splitting a
/// position: a script that threw, ran out of its budget, or returned
/// something that is not a position. The message names the rules and the
/// function; it is reported to the user as bad input (exit status 2).
/// One kind is no failure of the rules: a move list stopped at the
/// answer's time limit ([`RulesError::time_passed`]), which
/// `SearchError::from` reports as the time limit it is.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct RulesError(pub String, Option<Duration>);

impl RulesError {
    /// A rules error with the given message.
    pub fn new(msg: impl Into<String>) -> Self {
        RulesError(msg.into(), None)
    }

    /// A move list (or an option list, or a split into components)
    /// stopped because the answer's time `limit` passed.
    pub fn time_passed(limit: Duration) -> Self {
        RulesError(
            format!(
                "the time limit ({limit:?}) passed while listing the moves (raise it with --time-limit)"
            ),
            Some(limit),
        )
    }

    /// The time limit, for a move list stopped by it
    /// ([`RulesError::time_passed`]); `None` for a failure of the rules.
    pub fn time_limit(&self) -> Option<Duration> {
        self.1
    }
}

/// A search stopped by one of its [`crate::Limits`] or by a malformed game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SearchError {
    /// The memo table reached its size limit.
    #[error("search limit hit: more than {0} positions (raise it with --max-states)")]
    StateLimit(u64),
    /// The memory held reached the budget (bytes), or an allocation
    /// failed: the limit is named in MiB.
    #[error(
        "memory limit hit: more than {} MiB needed (raise it with --max-memory; in Python, max_memory=)",
        *.0 >> 20
    )]
    MemoryLimit(u64),
    /// A computation refused before it starts because what it would hold
    /// exceeds the memory limit; the message says what it needs and the
    /// limit (a value sequence: "heaps 0..=n need about X MiB ...").
    #[error("{0}")]
    MemoryNeeded(String),
    /// The search ran out of time.
    #[error("search limit hit: more than {0:?} of search time (raise it with --time-limit)")]
    TimeLimit(Duration),
    /// A computation that keeps its work (a value sequence) ran out of
    /// time: the limit, how far it got (heaps 0..reached), and where the
    /// work was kept, if anywhere.
    #[error(
        "time limit of {limit:?} reached with the values of heaps 0..{reached} computed (raise it with --time-limit){}",
        kept.as_ref().map(|k| format!("; they are kept in the checkpoint {k}: the same command goes on from there")).unwrap_or_default()
    )]
    TimeLimitAt {
        /// The limit.
        limit: Duration,
        /// Heaps 0..reached were computed.
        reached: u64,
        /// The checkpoint file holding them, if any.
        kept: Option<String>,
    },
    /// The position is known in advance to need more states than allowed.
    #[error(
        "position too large for search: about {estimate} positions, limit {limit} (raise it with --max-states)"
    )]
    TooLarge {
        /// Estimated positions the search would visit.
        estimate: u128,
        /// The state limit in force.
        limit: u64,
    },
    /// A position has more moves than may be listed.
    #[error(
        "too many moves to list: about {estimate}, limit {limit} (raise it with --max-states)"
    )]
    TooManyMoves {
        /// Estimated number of moves.
        estimate: u128,
        /// The state limit in force.
        limit: u64,
    },
    /// The moves of a position are few enough to count but too large to
    /// list: each writes a whole position, and together they would exceed
    /// the answer size ([`crate::MAX_ANSWER`]). Only a smaller position
    /// helps, or asking for less than every move.
    #[error(
        "too many moves to list: about {moves} moves, each writing a position of {position_bytes} bytes, more than {limit} bytes in all (ask for the outcome only, or play from a smaller position)"
    )]
    MovesTooLarge {
        /// The bound on the moves.
        moves: u128,
        /// The length of the position's text.
        position_bytes: u128,
        /// The bound on the whole list, [`crate::MAX_ANSWER`].
        limit: u128,
    },
    /// A position was reached again while being solved: the game has a
    /// cycle and needs the loopy solver.
    #[error("the game graph has a cycle through {0}; this solver needs an acyclic game")]
    Cycle(String),
    /// The rules failed while the search listed options or components
    /// (made by `From<RulesError>`, which turns a list stopped by the
    /// answer's time limit into [`SearchError::TimeLimit`] instead).
    #[error(transparent)]
    Rules(RulesError),
    /// The computation was asked to stop (SIGINT or SIGTERM on the command
    /// line, `KeyboardInterrupt` in Python: [`crate::interrupt`]): how far
    /// it got, and the checkpoint file keeping that work, if any.
    #[error(
        "interrupted{}{}",
        done.as_ref().map(|d| format!(" with {d}")).unwrap_or_default(),
        match kept {
            Some(k) => format!("; kept in the checkpoint {k}: the same command goes on from there"),
            None => "; nothing was kept (a checkpoint file, --checkpoint FILE, keeps the work of a long run)".into(),
        }
    )]
    Interrupted {
        /// What was done: "the values of heaps 0..N computed".
        done: Option<String>,
        /// The checkpoint file holding it, if any.
        kept: Option<String>,
    },
    /// A misère quotient grown heap by heap hit a limit (`cause`) after
    /// the quotient of heaps 0..=`proven` (of `order` elements) was
    /// proven, and kept in checkpoint file `kept`, if any.
    #[error(
        "{cause}; the quotient was proven through heap {proven} (Q_{proven}, of order {order}): `--max-heap {proven}` prints it{}",
        kept.as_ref().map(|k| format!("; it is kept in the checkpoint {k}: the same command with the limit raised goes on from there")).unwrap_or_default()
    )]
    QuotientStopped {
        /// The limit hit.
        cause: Box<SearchError>,
        /// The largest heap of the quotient proven.
        proven: u64,
        /// Its order.
        order: usize,
        /// The checkpoint file holding it, if any.
        kept: Option<String>,
    },
}

/// Every error a family or the CLI can report.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GameError {
    /// Bad input: exit status 2.
    #[error("{0}")]
    Input(String),
    /// A limit was hit: exit status 2.
    #[error(transparent)]
    Search(#[from] SearchError),
    /// A bug: exit status 1.
    #[error("internal error: {0}")]
    Internal(String),
}

/// A rules error as the search reports it: the time limit for a list
/// stopped by it ([`RulesError::time_passed`]: moves, options or the
/// split into components), else the rules' failure.
impl From<RulesError> for SearchError {
    fn from(e: RulesError) -> Self {
        match e.time_limit() {
            Some(limit) => SearchError::TimeLimit(limit),
            None => SearchError::Rules(e),
        }
    }
}

impl From<ParseError> for GameError {
    fn from(e: ParseError) -> Self {
        GameError::Input(e.0)
    }
}

impl GameError {
    /// The process exit status for this error: 2 for bad input and limits,
    /// 1 for internal failures, 130 (a shell's status of SIGINT) for an
    /// interrupted computation.
    pub fn exit_code(&self) -> i32 {
        match self {
            GameError::Search(SearchError::Interrupted { .. }) => 130,
            GameError::Input(_) | GameError::Search(_) => 2,
            GameError::Internal(_) => 1,
        }
    }
}
