//! The command line's errors and the exit status each one maps to.

use grundy_api::batch::BatchError;
use grundy_api::GameError;
use std::fmt;
use std::io;

/// The exit status of a command whose output could not be written (a full
/// disk, an I/O error; a closed pipe ends quietly with 0 instead).
pub const OUTPUT_FAILED: i32 = 3;

/// Everything that can stop a command.
#[derive(Debug)]
pub enum CliError {
    /// Bad arguments (unknown game or option, malformed number): status 2.
    Usage(String),
    /// An error reported by a game family: status from
    /// [`GameError::exit_code`] (2 for input and limits, 1 for bugs).
    Game(GameError),
    /// Writing the answer to stdout failed for a reason other than a
    /// closed pipe (a full disk, an I/O error): status 3, neither the
    /// input's fault nor a bug.
    Io(io::Error),
    /// Reading the input (`batch` and `play` lines) failed, e.g. stdin is
    /// a directory: status 2, the input is at fault.
    Read(io::Error),
}

impl CliError {
    /// A usage error with the given message.
    pub fn usage(msg: impl Into<String>) -> Self {
        CliError::Usage(msg.into())
    }

    /// The process exit status: 2 for bad input and limits hit, 3 when
    /// the output cannot be written, 1 for internal failures.
    pub fn exit_code(&self) -> i32 {
        match self {
            CliError::Usage(_) => 2,
            CliError::Game(e) => e.exit_code(),
            CliError::Io(_) => OUTPUT_FAILED,
            CliError::Read(_) => 2,
        }
    }
}

impl fmt::Display for CliError {
    /// One line, ready to follow `error: ` (internal failures carry their
    /// own `internal error:` prefix from [`GameError`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage(m) => f.write_str(m),
            CliError::Game(e) => write!(f, "{e}"),
            CliError::Io(e) => write!(f, "cannot write output: {e}"),
            CliError::Read(e) => write!(f, "cannot read input: {e}"),
        }
    }
}

impl From<GameError> for CliError {
    fn from(e: GameError) -> Self {
        CliError::Game(e)
    }
}

/// A batch stopped: a read failure is the input's (status 2), a write
/// failure the output's (status 3), anything else a bug (status 1).
impl From<BatchError> for CliError {
    fn from(e: BatchError) -> Self {
        match e {
            BatchError::Read(e) => CliError::Read(e),
            BatchError::Write(e) => CliError::Io(e),
            BatchError::Internal(m) => CliError::Game(GameError::Internal(m)),
        }
    }
}

/// A write failure, or the answer's time limit met while writing.
impl From<io::Error> for CliError {
    fn from(e: io::Error) -> Self {
        grundy_api::values::stopped_in_time(&e).map_or(CliError::Io(e), CliError::Game)
    }
}

/// Whether `e` means the reader of our output went away (`| head`): the
/// command then stops quietly instead of reporting a failure.
pub fn is_broken_pipe(e: &CliError) -> bool {
    matches!(e, CliError::Io(io) if io.kind() == io::ErrorKind::BrokenPipe)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stopped batch keeps the status and the words it had in the
    /// command line, and a closed pipe still ends it quietly.
    #[test]
    fn batch_errors_keep_their_status_and_words() {
        let read = CliError::from(BatchError::Read(io::Error::other("gone")));
        assert_eq!(
            (read.exit_code(), read.to_string()),
            (2, "cannot read input: gone".into())
        );
        let write = CliError::from(BatchError::Write(io::Error::other("full")));
        assert_eq!(
            (write.exit_code(), write.to_string()),
            (OUTPUT_FAILED, "cannot write output: full".into())
        );
        let pipe = io::Error::from(io::ErrorKind::BrokenPipe);
        assert!(is_broken_pipe(&CliError::from(BatchError::Write(pipe))));
        let bug = CliError::from(BatchError::Internal("batch worker stopped".into()));
        assert!(matches!(bug, CliError::Game(GameError::Internal(_))));
        assert_eq!(bug.exit_code(), 1);
        assert_eq!(bug.to_string(), "internal error: batch worker stopped");
    }
}
