//! The progress of [`crate::Control::progress`] (and of the misère
//! quotient's growth): counted on the thread's watch
//! ([`grundy_engine::interrupt::set_progress`], which Python's `progress=`
//! reads) and, with the `progress` feature and unless the front end shows
//! the counts itself ([`grundy_engine::interrupt::draw_bars`]), drawn on
//! stderr once the run has lasted [`QUIET`] (a run shorter than that
//! draws nothing; the bar shows only on a terminal).

use grundy_engine::interrupt;

/// How long a run goes before its bar is drawn: runs expected to take
/// more than a few seconds show their progress, shorter ones stay quiet.
pub const QUIET: std::time::Duration = std::time::Duration::from_secs(2);

/// A progress count over a number of heaps, or nothing.
pub struct Progress {
    /// `len` of [`Progress::start_at`], when counted.
    len: Option<u64>,
    #[cfg(feature = "progress")]
    bar: Option<Bar>,
}

/// A bar, the time it started, and whether it is drawn yet.
#[cfg(feature = "progress")]
struct Bar {
    bar: indicatif::ProgressBar,
    started: std::time::Instant,
    drawn: std::sync::atomic::AtomicBool,
}

impl Progress {
    /// A count up to `len` heaps from 0 if `show`.
    pub fn start(show: bool, len: u64) -> Progress {
        Progress::start_at(show, 0, len)
    }

    /// A count up to `len` heaps from `from` (heaps resumed from a
    /// checkpoint) if `show`: the speed and time left shown count only
    /// the heaps done from here on.
    pub fn start_at(show: bool, from: u64, len: u64) -> Progress {
        if show {
            interrupt::set_progress(from, len);
        }
        #[cfg(feature = "progress")]
        {
            Progress {
                len: show.then_some(len),
                bar: (show && interrupt::bars_drawn()).then(|| Bar {
                    bar: bar(from, len),
                    started: std::time::Instant::now(),
                    drawn: Default::default(),
                }),
            }
        }
        #[cfg(not(feature = "progress"))]
        {
            Progress {
                len: show.then_some(len),
            }
        }
    }

    /// Shows `text` after the counts (what the heaps done so far give).
    pub fn say(&self, text: impl Into<String>) {
        #[cfg(feature = "progress")]
        if let Some(b) = &self.bar {
            b.bar.set_message(text.into());
        }
        #[cfg(not(feature = "progress"))]
        let _ = text.into();
    }

    /// Counts `pos` heaps done.
    pub fn set(&self, pos: u64) {
        if let Some(len) = self.len {
            interrupt::set_progress(pos, len);
        }
        #[cfg(feature = "progress")]
        if let Some(b) = &self.bar {
            b.bar.set_position(pos);
            let ordering = std::sync::atomic::Ordering::Relaxed;
            if !b.drawn.load(ordering) && b.started.elapsed() >= QUIET {
                b.drawn.store(true, ordering);
                b.bar
                    .set_draw_target(indicatif::ProgressDrawTarget::stderr());
                b.bar
                    .enable_steady_tick(std::time::Duration::from_millis(250));
            }
        }
    }

    /// The speed shown, in heaps a second (0 without a bar).
    pub fn per_sec(&self) -> f64 {
        #[cfg(feature = "progress")]
        if let Some(b) = &self.bar {
            return b.bar.per_sec();
        }
        0.0
    }

    /// Removes the bar.
    pub fn finish(self) {
        #[cfg(feature = "progress")]
        if let Some(b) = self.bar {
            b.bar.finish_and_clear();
        }
    }
}

/// A bar at `from` of `len`, hidden until [`QUIET`] has passed, whose
/// speed and time left start from `from`.
#[cfg(feature = "progress")]
fn bar(from: u64, len: u64) -> indicatif::ProgressBar {
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::hidden());
    // The estimator takes `from` as its first reading, then forgets the
    // speed it gives (all of those heaps at once).
    bar.set_position(from);
    bar.tick();
    bar.reset_eta();
    let style =
        ProgressStyle::with_template("{bar:40} {pos}/{len} heaps, {per_sec}, eta {eta} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar
}

#[cfg(all(test, feature = "progress"))]
mod tests {
    use super::*;

    /// After a resume from heap 10^9, the speed counts only the heaps
    /// computed since (issue 37: 3.9 M/s shown, 0.45 M/s real).
    #[test]
    fn resumed_heaps_do_not_count_in_the_speed() {
        let p = Progress::start_at(true, 1_000_000_000, 2_000_000_000);
        for k in 1..=5 {
            std::thread::sleep(std::time::Duration::from_millis(20));
            p.set(1_000_000_000 + 1_000 * k);
        }
        let speed = p.per_sec();
        p.finish();
        // 5,000 heaps in about 0.1 s; the resumed 10^9 would give more
        // than 10^9 a second.
        assert!(speed > 0.0 && speed < 1e7, "{speed} heaps a second");
    }
}
