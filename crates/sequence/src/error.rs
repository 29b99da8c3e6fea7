//! Errors of sequence computations.

use std::path::PathBuf;
use std::time::Duration;
use thiserror::Error;

/// Why a sequence computation stopped without an answer.
#[derive(Debug, Error)]
pub enum SeqError {
    /// A heap's value does not fit in [`crate::Value`].
    #[error("the value of heap {heap} exceeds {max}, the largest value this engine stores")]
    ValueOverflow {
        /// The heap whose value overflowed.
        heap: u64,
        /// The largest storable value.
        max: u64,
    },
    /// The request would need more memory than the budget or the machine
    /// can give.
    #[error(
        "heaps 0..={n} need about {needed} MiB of memory, {}; ask for a smaller -n",
        if *.budget {
            format!("more than the memory limit of {available} MiB (raise it with --max-memory; in Python, max_memory=)")
        } else {
            format!("but only {available} MiB are available")
        }
    )]
    TooLarge {
        /// The largest heap asked for.
        n: u64,
        /// Estimated need, MiB.
        needed: u64,
        /// The memory limit or the memory available, MiB.
        available: u64,
        /// Whether `available` is the budget
        /// ([`crate::Control::memory_limit`]) rather than what the system
        /// has free.
        budget: bool,
    },
    /// The time limit of [`crate::Control::time_limit`] ran out; values
    /// computed so far are kept.
    #[error("time limit of {limit:?} reached at heap {reached}")]
    TimeLimit {
        /// The limit.
        limit: Duration,
        /// Heaps 0..reached had their values when the computation stopped.
        reached: u64,
    },
    /// Something the crate was built without was asked for.
    #[error("{0} (this build of grundy-sequence lacks that feature)")]
    Unsupported(&'static str),
    /// The caller's stop flag was raised; values computed so far are kept.
    #[error("stopped at heap {0} on request")]
    Stopped(u64),
    /// A checkpoint file cannot be used.
    #[error("checkpoint {path}: {reason}")]
    Checkpoint {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// Reading or writing a checkpoint failed.
    #[error("checkpoint {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// A message between the ranks of a distributed run failed, or another
    /// rank stopped with this error.
    #[error("{0}")]
    Ranks(String),
    /// The worker threads could not be started.
    #[error("cannot start worker threads: {0}")]
    Threads(String),
    /// A method name that does not exist.
    #[error("unknown method '{0}' (expected naive, rc or parallel)")]
    UnknownMethod(String),
}

impl From<grundy_engine::ranks::RanksError> for SeqError {
    fn from(e: grundy_engine::ranks::RanksError) -> SeqError {
        SeqError::Ranks(e.to_string())
    }
}

/// A sequence's error crosses ranks in its words: the other ranks stop
/// with [`SeqError::Ranks`], `rank R stopped: ` and those words.
impl grundy_engine::ranks::RankError for SeqError {
    fn write(&self, out: &mut Vec<u8>) {
        grundy_engine::ranks::put_bytes(out, self.to_string().as_bytes());
    }

    fn read(
        from: usize,
        r: &mut grundy_engine::ranks::Reader<'_>,
    ) -> Result<Self, grundy_engine::ranks::RanksError> {
        Ok(SeqError::Ranks(format!(
            "rank {from} stopped: {}",
            r.text()?
        )))
    }

    fn lost(e: grundy_engine::ranks::RanksError) -> Self {
        e.into()
    }
}
