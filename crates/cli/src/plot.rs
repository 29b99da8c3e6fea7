//! `seq --plot FILE`: the api's picture of the values against the heap
//! size ([`grundy_api::plot`]), as SVG or PNG by the file's extension,
//! in the style of `--plot-style` (points, or density).

use crate::error::CliError;
use crate::values_file::{check_target, Pending};
use grundy_api::plot::{plot_svg, PlotView};
use grundy_api::{GameError, SeqReport};
use std::fs;
use std::path::{Path, PathBuf};

fn bad(path: &Path, e: impl std::fmt::Display) -> CliError {
    crate::values_file::cannot("--plot", path, e)
}

/// Checks, before the computation, that `path` ends in `.svg` or `.png`
/// and that its directory exists.
///
/// Errors (bad input, naming the path) otherwise.
fn check_path(path: &Path) -> Result<(), CliError> {
    if !matches!(extension(path).as_deref(), Some("svg" | "png")) {
        return Err(CliError::Game(GameError::Input(format!(
            "--plot {}: the file name must end in .svg or .png",
            path.display()
        ))));
    }
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() && !dir.is_dir() => {
            Err(bad(path, format!("no directory {}", dir.display())))
        }
        _ => check_target("--plot", path),
    }
}

fn extension(path: &Path) -> Option<String> {
    path.extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
}

/// A plot file being made: its path checked and the file beside it that
/// becomes the plot created before the computation starts, so a path that
/// cannot be written fails at once.
pub struct PlotFile {
    out: Pending,
    path: PathBuf,
}

impl PlotFile {
    /// Checks `path` ([`check_path`]) and creates the file beside it.
    ///
    /// Errors (bad input, naming the path and the system's reason).
    pub fn create(path: &Path) -> Result<PlotFile, CliError> {
        check_path(path)?;
        let out = Pending::new("--plot", path)?;
        fs::File::create(out.partial()).map_err(|e| out.error(e))?;
        Ok(PlotFile {
            out,
            path: path.to_path_buf(),
        })
    }

    /// Draws `view` of the values of `r` (SVG or PNG by the path's
    /// extension) and puts the file in place. The picture is drawn in
    /// memory and written with the standard library, so a failed write is
    /// the system's reason (`No such file or directory`), not a drawing
    /// library's debug text.
    ///
    /// Errors (bad input, naming the path) when the file cannot be
    /// written; the file beside it is removed.
    pub fn finish(self, r: &SeqReport, view: &PlotView) -> Result<(), CliError> {
        let bytes = render(r, view, extension(&self.path).as_deref() == Some("svg"))?;
        fs::write(self.out.partial(), bytes).map_err(|e| self.out.error(e))?;
        self.out.place()
    }
}

/// The plot of `r` as the bytes of an SVG or a PNG file: the api's one
/// picture ([`grundy_api::plot::plot_svg`]), rasterised for a PNG with
/// resvg (text in DejaVu Sans, embedded, so no system font is needed).
fn render(r: &SeqReport, view: &PlotView, svg: bool) -> Result<Vec<u8>, CliError> {
    let text = plot_svg(r, view)?;
    if svg {
        return Ok(text.into_bytes());
    }
    let bug = |e: String| GameError::Internal(format!("cannot draw the plot: {e}"));
    let mut options = resvg::usvg::Options::default();
    options
        .fontdb_mut()
        .load_font_data(dejavu::sans::regular().to_vec());
    options.font_family = "DejaVu Sans".into();
    let tree = resvg::usvg::Tree::from_str(&text, &options).map_err(|e| bug(e.to_string()))?;
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| bug(format!("no picture of {size:?}")))?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap.encode_png().map_err(|e| bug(e.to_string()))?)
}
