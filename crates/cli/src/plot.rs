//! `seq --plot FILE`: the values against the heap size, as SVG or PNG by
//! the file's extension (the plotters crate; text in DejaVu Sans, embedded,
//! so no system font is needed). One dot per distinct (pixel column,
//! pixel row), so a plot of 10^8 heaps stays small; the pre-period is a red
//! line and one period after it a shaded band, when a period was found.

use crate::error::CliError;
use crate::values_file::{check_target, Pending};
use grundy_api::{GameError, SeqReport};
use plotters::coord::Shift;
use plotters::prelude::*;
use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Once;

/// Width and height of the plot, in pixels.
const SIZE: (u32, u32) = (1200, 600);

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

    /// Draws the values of `r` under `title` (SVG or PNG by the path's
    /// extension) and puts the file in place. The picture is drawn in
    /// memory and written with the standard library, so a failed write is
    /// the system's reason (`No such file or directory`), not a drawing
    /// library's debug text.
    ///
    /// Errors (bad input, naming the path) when the file cannot be
    /// written; the file beside it is removed.
    pub fn finish(self, r: &SeqReport, title: &str) -> Result<(), CliError> {
        let bytes = render(r, title, extension(&self.path).as_deref() == Some("svg"))?;
        fs::write(self.out.partial(), bytes).map_err(|e| self.out.error(e))?;
        self.out.place()
    }
}

/// The plot of `r` as the bytes of an SVG or a PNG file.
fn render(r: &SeqReport, title: &str, svg: bool) -> Result<Vec<u8>, CliError> {
    static FONT: Once = Once::new();
    FONT.call_once(|| {
        // The embedded font is valid; were it not, text would be missing,
        // and the drawing below would report it.
        let _ = plotters::style::register_font(
            "sans-serif",
            FontStyle::Normal,
            dejavu::sans::regular(),
        );
    });
    let bug = |e: String| GameError::Internal(format!("cannot draw the plot: {e}"));
    if svg {
        let mut text = String::new();
        draw(
            SVGBackend::with_string(&mut text, SIZE).into_drawing_area(),
            r,
            title,
        )
        .map_err(bug)?;
        return Ok(text.into_bytes());
    }
    let (w, h) = SIZE;
    let mut rgb = vec![0u8; w as usize * h as usize * 3];
    draw(
        BitMapBackend::with_buffer(&mut rgb, SIZE).into_drawing_area(),
        r,
        title,
    )
    .map_err(bug)?;
    let mut png_bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut png_bytes, w, h);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder
        .write_header()
        .and_then(|mut writer| writer.write_image_data(&rgb))
        .map_err(|e| bug(e.to_string()))?;
    Ok(png_bytes)
}

fn draw<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    r: &SeqReport,
    title: &str,
) -> Result<(), String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    root.fill(&WHITE).map_err(err)?;
    let n = r.values.len().saturating_sub(1) as u64;
    let top = r.values.max().unwrap_or(0) + 1;
    let caption = match &r.period {
        Some(p) => format!(
            "{title}: heaps 0..={n}, period {} after pre-period {}{}",
            p.period,
            p.preperiod,
            if p.proven { " (proven)" } else { " (observed)" }
        ),
        None => format!("{title}: heaps 0..={n}, no period found"),
    };
    let mut chart = ChartBuilder::on(&root)
        .caption(caption, ("sans-serif", 20))
        .margin(16)
        .margin_right(48)
        .x_label_area_size(40)
        .y_label_area_size(56)
        .build_cartesian_2d(0..n.max(1), 0..top)
        .map_err(err)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc("heap size")
        .y_desc("Grundy value")
        .label_style(("sans-serif", 14))
        .draw()
        .map_err(err)?;
    if let Some(p) = r.period.filter(|p| p.preperiod <= n) {
        let end = (p.preperiod + p.period).min(n);
        chart
            .draw_series(std::iter::once(Rectangle::new(
                [(p.preperiod, 0), (end, top)],
                RGBColor(255, 190, 0).mix(0.25).filled(),
            )))
            .map_err(err)?
            .label(format!("one period ({})", p.period))
            .legend(|(x, y)| {
                Rectangle::new(
                    [(x, y - 5), (x + 14, y + 5)],
                    RGBColor(255, 190, 0).filled(),
                )
            });
        chart
            .draw_series(LineSeries::new(
                [(p.preperiod, 0), (p.preperiod, top)],
                RED.stroke_width(2),
            ))
            .map_err(err)?
            .label(format!("pre-period ends at heap {}", p.preperiod))
            .legend(|(x, y)| PathElement::new([(x, y), (x + 14, y)], RED.stroke_width(2)));
    }
    // One dot per distinct (pixel column, pixel row), at its first heap:
    // the set holds at most columns x rows dots, however many heaps and
    // however many distinct values (nim's are its heaps).
    let (columns, rows) = (u64::from(SIZE.0), u64::from(SIZE.1));
    let mut seen = HashSet::new();
    let mut dots = Vec::new();
    for (heap, v) in r.values.iter().enumerate() {
        let column = heap as u64 * columns / (n + 1);
        let row = u128::from(v) * u128::from(rows) / u128::from(top);
        if seen.insert((column, row)) {
            dots.push((heap as u64, v));
        }
    }
    // Dots as large as the heaps are sparse.
    let radius = match n {
        0..=400 => 3,
        401..=4000 => 2,
        _ => 1,
    };
    chart
        .draw_series(
            dots.into_iter()
                .map(|(heap, v)| Circle::new((heap, v), radius, BLUE.filled())),
        )
        .map_err(err)?;
    if r.period.is_some_and(|p| p.preperiod <= n) {
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .label_font(("sans-serif", 14))
            .draw()
            .map_err(err)?;
    }
    root.present().map_err(err)?;
    Ok(())
}
