//! How a quotient grows beyond one call: [`QuotientControl`] (a progress
//! bar, a checkpoint file) and [`grow_with`], which resumes a growth from
//! its checkpoint and saves it there ([`crate::checkpoint`]).

use crate::heaps::{grow_watched, HeapGame, HeapQuotient};
use grundy_engine::{GameError, Limits};
use std::path::PathBuf;
use std::time::Duration;

/// How [`grow_with`] grows a quotient beyond its limits: a progress bar,
/// a checkpoint file.
#[derive(Clone, Debug)]
pub struct QuotientControl {
    /// A progress bar on stderr (heaps done, the order so far), drawn by
    /// the front end's facade (`grundy_api::grow_shown`).
    pub progress: bool,
    /// Resume from this file when it holds the growth of the same game,
    /// and save the growth to it every `checkpoint_interval` and at the end
    /// (also when a limit stops it): see [`crate::checkpoint`]. Without
    /// the `checkpoint` feature, setting it is an input error.
    pub checkpoint: Option<PathBuf>,
    /// Time between two saves, measured on the limits' clock (stretched
    /// to at least ten times what the last save took); with no clock,
    /// only the end's save is made.
    pub checkpoint_interval: Duration,
}

impl Default for QuotientControl {
    /// No progress bar, no checkpoint; saves a minute apart (as `seq`'s).
    fn default() -> QuotientControl {
        QuotientControl {
            progress: false,
            checkpoint: None,
            checkpoint_interval: Duration::from_secs(60),
        }
    }
}

/// [`grow_watched`] of `game`, named `name` (its identity in a checkpoint
/// file: a take-and-break rule's name, a family's name with its options),
/// resumed from and saved to `ctl.checkpoint` when it is set; `watch` is
/// also called once with the heaps and order a checkpoint resumes from.
/// The answer is the one an uninterrupted growth gives, byte for byte.
///
/// Errors: a limit hit ([`GameError::Search`], a
/// [`grundy_engine::SearchError::QuotientStopped`] naming the checkpoint that keeps the
/// quotient proven); a checkpoint that cannot be used (locked by a running
/// process, unreadable, damaged, of another game, failing the exact check,
/// holding heaps past `max_heap`) or written: [`GameError::Input`] naming
/// the file.
pub fn grow_with(
    game: &dyn HeapGame,
    name: &str,
    max_heap: usize,
    limits: &Limits,
    ctl: &QuotientControl,
    watch: &mut dyn FnMut(usize, usize),
) -> Result<HeapQuotient, GameError> {
    match &ctl.checkpoint {
        None => Ok(grow_watched(game, max_heap, limits, watch)?),
        #[cfg(feature = "checkpoint")]
        Some(path) => crate::checkpoint::grow(
            game,
            name,
            path,
            ctl.checkpoint_interval,
            max_heap,
            limits,
            watch,
        ),
        #[cfg(not(feature = "checkpoint"))]
        Some(path) => {
            let _ = name;
            Err(GameError::Input(format!(
                "--checkpoint {}: this build has no checkpoint files (grundy-quotient's feature `checkpoint`)",
                path.display()
            )))
        }
    }
}
