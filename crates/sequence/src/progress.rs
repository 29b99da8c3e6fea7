//! The progress bar of [`crate::Control::progress`] (and of the misère
//! quotient's growth): drawn on stderr with the `progress` feature,
//! nothing without it.

/// A progress bar over a number of heaps, or nothing.
pub struct Progress {
    #[cfg(feature = "progress")]
    bar: Option<indicatif::ProgressBar>,
}

impl Progress {
    /// A bar counting up to `len` heaps if `show` (and the feature is on).
    pub fn start(show: bool, len: u64) -> Progress {
        #[cfg(feature = "progress")]
        {
            Progress {
                bar: show.then(|| bar(len)),
            }
        }
        #[cfg(not(feature = "progress"))]
        {
            let _ = (show, len);
            Progress {}
        }
    }

    /// Shows `text` after the counts (what the heaps done so far give).
    pub fn say(&self, text: impl Into<String>) {
        #[cfg(feature = "progress")]
        if let Some(bar) = &self.bar {
            bar.set_message(text.into());
        }
        #[cfg(not(feature = "progress"))]
        let _ = text.into();
    }

    /// Shows `pos` heaps done.
    pub fn set(&self, pos: u64) {
        #[cfg(feature = "progress")]
        if let Some(bar) = &self.bar {
            bar.set_position(pos);
        }
        #[cfg(not(feature = "progress"))]
        let _ = pos;
    }

    /// Removes the bar.
    pub fn finish(self) {
        #[cfg(feature = "progress")]
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
    }
}

#[cfg(feature = "progress")]
fn bar(len: u64) -> indicatif::ProgressBar {
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    let style =
        ProgressStyle::with_template("{bar:40} {pos}/{len} heaps, {per_sec}, eta {eta} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.enable_steady_tick(std::time::Duration::from_millis(250));
    bar
}
