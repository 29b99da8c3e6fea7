//! The progress of [`crate::Control::progress`] (and of the misère
//! quotient's growth and the surveys): counted on the thread's watch
//! ([`grundy_engine::interrupt::set_progress`], which Python's `progress=`
//! reads) and, with the `progress` feature and unless the front end shows
//! the counts itself ([`grundy_engine::interrupt::draw_bars`]), drawn on
//! stderr once the run has lasted [`QUIET`], whether or not a count came
//! since (a run shorter than that draws nothing; the bar shows only on a
//! terminal).

use grundy_engine::interrupt;

/// How long a run goes before its bar is drawn: runs expected to take
/// more than a few seconds show their progress, shorter ones stay quiet.
pub const QUIET: std::time::Duration = std::time::Duration::from_secs(2);

/// A progress count over a number of units (heaps, codes), or nothing.
pub struct Progress {
    /// `len` of [`Progress::start_at`], when counted.
    len: Option<u64>,
    #[cfg(feature = "progress")]
    bar: Option<Bar>,
}

/// A bar, and the thread that draws it once [`QUIET`] has passed (told
/// to end, and waited for, when the bar is dropped).
#[cfg(feature = "progress")]
struct Bar {
    bar: indicatif::ProgressBar,
    end: Option<std::sync::mpsc::Sender<()>>,
    shower: Option<std::thread::JoinHandle<()>>,
}

#[cfg(feature = "progress")]
impl Bar {
    /// A bar at `from` of `len` `unit`s, drawn after [`QUIET`].
    fn start(unit: &str, from: u64, len: u64) -> Bar {
        let bar = bar(unit, from, len);
        let (end, ended) = std::sync::mpsc::channel::<()>();
        let shown = bar.clone();
        let shower = std::thread::Builder::new()
            .name("progress".into())
            .spawn(move || {
                if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = ended.recv_timeout(QUIET) {
                    shown.set_draw_target(indicatif::ProgressDrawTarget::stderr());
                    shown.enable_steady_tick(std::time::Duration::from_millis(250));
                }
            })
            // No thread to spare: no bar, the counts still kept.
            .ok();
        Bar {
            bar,
            end: Some(end),
            shower,
        }
    }
}

#[cfg(feature = "progress")]
impl Drop for Bar {
    /// Ends the drawing thread, then clears the bar (also on an early
    /// return: no bar is left on the terminal).
    fn drop(&mut self) {
        drop(self.end.take());
        if let Some(t) = self.shower.take() {
            let _ = t.join();
        }
        self.bar.finish_and_clear();
    }
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
        Progress::counting("heaps", show, from, len)
    }

    /// [`Progress::start_at`] of `unit`s (`codes`) instead of heaps.
    pub fn counting(unit: &str, show: bool, from: u64, len: u64) -> Progress {
        if show {
            interrupt::set_progress(from, len);
        }
        #[cfg(feature = "progress")]
        {
            Progress {
                len: show.then_some(len),
                bar: (show && interrupt::bars_drawn()).then(|| Bar::start(unit, from, len)),
            }
        }
        #[cfg(not(feature = "progress"))]
        {
            let _ = unit;
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
        }
    }

    /// Runs `f` with the bar off the terminal (it writes lines there,
    /// which would otherwise run into the bar), then draws it again.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        #[cfg(feature = "progress")]
        if let Some(b) = &self.bar {
            return b.bar.suspend(f);
        }
        f()
    }

    /// The speed shown, in heaps a second (0 without a bar).
    pub fn per_sec(&self) -> f64 {
        #[cfg(feature = "progress")]
        if let Some(b) = &self.bar {
            return b.bar.per_sec();
        }
        0.0
    }

    /// Removes the bar (as dropping it does).
    pub fn finish(self) {
        // Dropped here: the bar's drop clears it.
    }
}

/// A bar at `from` of `len` `unit`s, hidden until [`QUIET`] has passed,
/// whose speed and time left start from `from`.
#[cfg(feature = "progress")]
fn bar(unit: &str, from: u64, len: u64) -> indicatif::ProgressBar {
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::hidden());
    // The estimator takes `from` as its first reading, then forgets the
    // speed it gives (all of those heaps at once).
    bar.set_position(from);
    bar.tick();
    bar.reset_eta();
    let template = format!("{{bar:40}} {{pos}}/{{len}} {unit}, {{per_sec}}, eta {{eta}} {{msg}}");
    let style =
        ProgressStyle::with_template(&template).unwrap_or_else(|_| ProgressStyle::default_bar());
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

    /// A short run ends at once: the thread waiting to draw the bar is
    /// told to end, not waited out; the bar is cleared on an early drop
    /// as on `finish`.
    #[test]
    fn a_short_run_does_not_wait_for_its_bar() {
        let started = std::time::Instant::now();
        for _ in 0..20 {
            let p = Progress::counting("codes", true, 0, 10);
            p.set(3);
            let _ = p.suspend(|| 1);
            drop(p);
        }
        assert!(started.elapsed() < QUIET, "{:?}", started.elapsed());
        let p = Progress::counting("codes", true, 0, 10);
        let bar = p.bar.as_ref().map(|b| b.bar.clone()).unwrap();
        drop(p);
        assert!(bar.is_finished());
    }
}
