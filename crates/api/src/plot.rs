//! The one picture of a value sequence: heaps against their values as
//! SVG, with the period shaded and the end of the pre-period marked.
//! `grundy seq --plot` writes it (its PNG is this SVG rasterised), the
//! page shows it and Python's `Sequence.svg()` returns it: the same
//! request gives the same bytes everywhere.
//!
//! Two styles read at any range. [`PlotStyle::Points`] draws one dot for
//! each distinct (pixel column, value row) among the heaps shown, so the
//! values a stretch of heaps takes stand as horizontal bands however many
//! heaps fall on a column (the bands of Kayles or Officers at 10^6 heaps).
//! [`PlotStyle::Density`] shades each cell by how many heaps fall in it
//! (on a log scale), so common values stand out from rare ones.

use crate::render::period_text;
use crate::values::in_time;
use crate::{GameError, Period, SeqReport};
use serde::Serialize;
use std::fmt::Write;

/// How the values are drawn (see the module doc).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PlotStyle {
    /// A dot for each distinct (column, value row).
    #[default]
    Points,
    /// Each cell shaded by the number of heaps in it.
    Density,
}

impl std::str::FromStr for PlotStyle {
    type Err = GameError;

    fn from_str(s: &str) -> Result<PlotStyle, GameError> {
        match s {
            "points" => Ok(PlotStyle::Points),
            "density" => Ok(PlotStyle::Density),
            _ => Err(GameError::Input(format!(
                "plot style '{}' is not known: points or density",
                crate::messages::clip_quotes(s)
            ))),
        }
    }
}

/// The part of a sequence drawn, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlotView {
    /// The first heap drawn.
    pub from: u64,
    /// The last heap drawn (at most the sequence's `n`).
    pub to: u64,
    /// The picture's width in pixels.
    pub width: u32,
    /// The picture's height in pixels.
    pub height: u32,
    /// Points or density.
    pub style: PlotStyle,
}

/// The default size of a plot, in pixels (the command line's).
pub const PLOT_SIZE: (u32, u32) = (960, 540);

/// The least and the largest side of a plot, in pixels.
pub const PLOT_SIDES: (u32, u32) = (120, 8192);

/// The heaps above which a dot carries no title (the heap and its value,
/// shown on hover): a title a heap would make a picture of 10^6 heaps
/// tens of megabytes.
pub const TITLED_HEAPS: u64 = 400;

impl PlotView {
    /// Every heap of `r`, at the default size, in `style`.
    pub fn whole(r: &SeqReport, style: PlotStyle) -> PlotView {
        PlotView {
            from: 0,
            to: r.n,
            width: PLOT_SIZE.0,
            height: PLOT_SIZE.1,
            style,
        }
    }
}

/// The caption of a plot: the game, the heaps drawn and the period line
/// of `grundy seq` (`kayles: heaps 0..=200, period 12, pre-period 71
/// (proven)`).
pub fn plot_caption(r: &SeqReport, from: u64, to: u64) -> String {
    format!(
        "{}: heaps {from}..={to}, {}",
        r.game,
        period_text(r.period.as_ref(), r.computed_to)
    )
}

/// The margins of the plotting area: left, right, top, bottom.
const MARGIN: (f64, f64, f64, f64) = (56.0, 44.0, 34.0, 44.0);

/// What a plot draws, in heaps and values, before any pixel is placed:
/// the dots of [`PlotStyle::Points`] or the shaded cells of
/// [`PlotStyle::Density`], the top of the value axis and the period to
/// mark. [`plot_svg`] draws the same dots and cells as SVG; Python's
/// `Sequence.plot` hands these to matplotlib, so every front end shows
/// one picture, decided here once.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlotData {
    /// The caption ([`plot_caption`]).
    pub caption: String,
    /// The first heap drawn.
    pub from: u64,
    /// The last heap drawn.
    pub to: u64,
    /// The value at the top of the value axis: the largest value drawn,
    /// at least 1.
    pub top_value: u64,
    /// The sequence's period, if any: one period from the end of the
    /// pre-period is shaded and that end marked, where they fall in the
    /// range drawn.
    pub period: Option<Period>,
    /// Points or density.
    pub style: PlotStyle,
    /// Whether every heap is a dot of its own (at most [`TITLED_HEAPS`]
    /// heaps drawn: the SVG gives each dot its heap and value as a title).
    pub each_heap: bool,
    /// The dots of the points style as (heap, value), in heap order
    /// (see [`each_dot`]); empty for density.
    pub points: Vec<(u64, u64)>,
    /// The density style's columns across the heaps (0 for points).
    pub columns: u64,
    /// The density style's rows up the values (0 for points).
    pub rows: u64,
    /// The non-empty cells of the density style, column by column and
    /// each column's rows upwards; empty for points.
    pub cells: Vec<DensityCell>,
}

/// One non-empty cell of the density style's grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct DensityCell {
    /// Its column, from 0 at the left.
    pub column: u64,
    /// Its row, from 0 at the bottom.
    pub row: u64,
    /// The first and the last heap of its column.
    pub heaps: (u64, u64),
    /// The least and the largest value of its row.
    pub values: (u64, u64),
    /// How many heaps of the column have a value of the row.
    pub count: u64,
    /// Its shade, from 1 (the lightest) to [`SHADES`] (the darkest, the
    /// most heaps in a cell), on a log scale of the count.
    pub shade: usize,
}

/// The size of `view`'s plotting area in pixels: width and height.
fn area(view: &PlotView) -> (f64, f64) {
    let (left, right, top, bottom) = MARGIN;
    (
        f64::from(view.width) - left - right,
        f64::from(view.height) - top - bottom,
    )
}

/// Errors (input): a range that is empty or reaches past `r.n`, a side
/// outside [`PLOT_SIDES`].
fn check_view(r: &SeqReport, view: &PlotView) -> Result<(), GameError> {
    let PlotView {
        from,
        to,
        width,
        height,
        ..
    } = *view;
    if from > to || to > r.n {
        return Err(GameError::Input(format!(
            "cannot plot heaps {from} to {to}: the sequence has heaps 0 to {}",
            r.n
        )));
    }
    for (what, side) in [("width", width), ("height", height)] {
        if side < PLOT_SIDES.0 || side > PLOT_SIDES.1 {
            return Err(GameError::Input(format!(
                "a plot's {what} of {side} pixels is out of range: {} to {}",
                PLOT_SIDES.0, PLOT_SIDES.1
            )));
        }
    }
    Ok(())
}

/// The largest value among the heaps of `view`, at least 1: the top of
/// the value axis.
fn top_value(r: &SeqReport, view: &PlotView) -> Result<u64, GameError> {
    let mut top = 1;
    for k in view.from..=view.to {
        in_time(k)?;
        top = top.max(r.values.get(k as usize).unwrap_or(0));
    }
    Ok(top)
}

/// What `view` of `r` draws ([`PlotData`]), the dots and cells
/// [`plot_svg`] draws.
///
/// Errors (input): as [`plot_svg`]'s.
pub fn plot_data(r: &SeqReport, view: &PlotView) -> Result<PlotData, GameError> {
    check_view(r, view)?;
    let top_value = top_value(r, view)?;
    let mut data = PlotData {
        caption: plot_caption(r, view.from, view.to),
        from: view.from,
        to: view.to,
        top_value,
        period: r.period,
        style: view.style,
        each_heap: view.to - view.from < TITLED_HEAPS,
        points: Vec::new(),
        columns: 0,
        rows: 0,
        cells: Vec::new(),
    };
    match view.style {
        PlotStyle::Points => each_dot(r, view, top_value, |k, v| data.points.push((k, v)))?,
        PlotStyle::Density => {
            (data.columns, data.rows, data.cells) = density_cells(r, view, top_value)?;
        }
    }
    Ok(data)
}

/// The plot of heaps `view.from..=view.to` of `r` as an SVG document.
///
/// Errors (input): a range that is empty or reaches past `r.n`, a side
/// outside [`PLOT_SIDES`]; the time limit of the answer this thread
/// works out, once passed ([`in_time`]).
pub fn plot_svg(r: &SeqReport, view: &PlotView) -> Result<String, GameError> {
    check_view(r, view)?;
    let PlotView {
        from,
        to,
        width,
        height,
        style,
    } = *view;
    let (left, _, top, _) = MARGIN;
    let (w, (pw, ph)) = (f64::from(width), area(view));
    let span = (to - from).max(1) as f64;
    let top_value = top_value(r, view)?;
    let x = |k: f64| left + pw * (k - from as f64) / span;
    let y = |v: f64| top + ph * (1.0 - v / top_value as f64);
    let caption = plot_caption(r, from, to);
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="DejaVu Sans, sans-serif" font-size="12" role="img" aria-label="{}">"##,
        escape(&caption)
    );
    let _ = write!(
        s,
        r##"<rect width="{width}" height="{height}" fill="#ffffff"/><text class="caption" x="{:.1}" y="20" text-anchor="middle" font-size="14">{}</text>"##,
        w / 2.0,
        escape(&caption)
    );
    // One period shaded from the end of the pre-period, and that end as a
    // red line, where they fall in the range drawn.
    if let Some(p) = &r.period {
        let (a, b) = (p.preperiod.max(from), (p.preperiod + p.period).min(to + 1));
        if a < b {
            let _ = write!(
                s,
                r##"<rect class="period" x="{:.1}" y="{top}" width="{:.1}" height="{ph}" fill="#ffbe00" fill-opacity="0.25"><title>one period: heaps {} to {}</title></rect>"##,
                x(a as f64),
                (x(b as f64) - x(a as f64)).max(1.0),
                p.preperiod,
                p.preperiod + p.period - 1
            );
        }
        if (from..=to).contains(&p.preperiod) {
            let _ = write!(
                s,
                r##"<line class="preperiod" x1="{0:.1}" y1="{top}" x2="{0:.1}" y2="{1}" stroke="#d00000" stroke-width="2"><title>end of the pre-period: heap {2}</title></line>"##,
                x(p.preperiod as f64),
                top + ph,
                p.preperiod
            );
        }
    }
    axes(&mut s, (left, top, pw, ph), (from, to), top_value);
    let heaps = to - from + 1;
    match style {
        PlotStyle::Points if heaps <= TITLED_HEAPS => {
            let radius = if heaps <= 100 { 3.0 } else { 2.0 };
            s.push_str(r##"<g class="points" fill="#1f4e9c">"##);
            each_dot(r, view, top_value, |k, v| {
                let _ = write!(
                    s,
                    r##"<circle cx="{:.1}" cy="{:.1}" r="{radius}"><title>heap {k}: value {v}</title></circle>"##,
                    x(k as f64),
                    y(v as f64)
                );
            })?;
            s.push_str("</g>");
        }
        PlotStyle::Points => {
            s.push_str(r##"<path class="points" fill="#1f4e9c" d=""##);
            each_dot(r, view, top_value, |k, v| {
                let _ = write!(
                    s,
                    "M{:.1} {:.1}h2v2h-2z",
                    x(k as f64) - 1.0,
                    y(v as f64) - 1.0
                );
            })?;
            s.push_str(r#""/>"#);
        }
        PlotStyle::Density => {
            let (columns, rows, cells) = density_cells(r, view, top_value)?;
            density(&mut s, (left, top, pw, ph), (columns, rows), &cells);
        }
    }
    s.push_str("</svg>");
    Ok(s)
}

/// Calls `dot(heap, value)` for each dot of the points style, in heap
/// order: every heap of a view of at most [`TITLED_HEAPS`] heaps, else
/// the first heap of each distinct (pixel column, value row) of the
/// plotting area, so at most columns x rows dots however many heaps. One
/// bit a cell (at most 8 MiB at the largest size), so 10^8 heaps cost a
/// pass, not 10^8 hash look-ups.
fn each_dot(
    r: &SeqReport,
    view: &PlotView,
    top_value: u64,
    mut dot: impl FnMut(u64, u64),
) -> Result<(), GameError> {
    let (from, to) = (view.from, view.to);
    let value = |k: u64| r.values.get(k as usize).unwrap_or(0);
    let heaps = to - from + 1;
    if heaps <= TITLED_HEAPS {
        (from..=to).for_each(|k| dot(k, value(k)));
        return Ok(());
    }
    let (pw, ph) = area(view);
    let columns = pw.floor().max(1.0) as u64;
    let rows = ph.floor().max(1.0) as u64;
    let column = |k: u64| ((k - from) as u128 * u128::from(columns) / u128::from(heaps)) as u64;
    let row = |v: u64| (u128::from(v) * u128::from(rows) / u128::from(top_value + 1)) as u64;
    let rows_per_column = rows + 1;
    let mut seen = vec![0u64; ((columns + 1) * rows_per_column).div_ceil(64) as usize];
    for k in from..=to {
        in_time(k)?;
        let v = value(k);
        let cell = (column(k).min(columns) * rows_per_column + row(v).min(rows)) as usize;
        let (word, bit) = (cell / 64, 1u64 << (cell % 64));
        if seen[word] & bit == 0 {
            seen[word] |= bit;
            dot(k, v);
        }
    }
    Ok(())
}

/// Levels of shade of [`PlotStyle::Density`].
pub const SHADES: usize = 8;

/// The density style's grid and its non-empty cells: (columns, rows,
/// cells). A column a pixel column of the plotting area (a heap, when
/// there are fewer heaps than pixel columns), a row a value when they fit,
/// else rows of several values; each cell shaded by the log of the number
/// of heaps in it.
fn density_cells(
    r: &SeqReport,
    view: &PlotView,
    top_value: u64,
) -> Result<(u64, u64, Vec<DensityCell>), GameError> {
    let (pw, ph) = area(view);
    let heaps = view.to - view.from + 1;
    let columns = (pw.floor().max(1.0) as u64).min(heaps);
    let rows = (top_value + 1).min(ph.floor().max(1.0) as u64);
    let row_values = |row: u64| {
        let low = |row: u64| {
            (u128::from(row) * u128::from(top_value + 1)).div_ceil(u128::from(rows)) as u64
        };
        (low(row), low(row + 1) - 1)
    };
    // The heaps of a column are consecutive: each column is counted in one
    // array of rows, its non-empty cells kept when the next column starts
    // (a pass over the heaps, memory for one column).
    let mut cells = Vec::<DensityCell>::new();
    let mut column = vec![0u64; rows as usize];
    let (mut current, mut first) = (0u64, view.from);
    let mut flush = |c: u64, (a, b): (u64, u64), column: &mut Vec<u64>| {
        for (row, n) in column.iter_mut().enumerate().filter(|(_, n)| **n > 0) {
            cells.push(DensityCell {
                column: c,
                row: row as u64,
                heaps: (a, b),
                values: row_values(row as u64),
                count: *n,
                shade: 0,
            });
            *n = 0;
        }
    };
    for k in view.from..=view.to {
        in_time(k)?;
        let v = r.values.get(k as usize).unwrap_or(0);
        let c = ((k - view.from) as u128 * u128::from(columns) / u128::from(heaps)) as u64;
        if c != current {
            flush(current, (first, k - 1), &mut column);
            (current, first) = (c, k);
        }
        let row = (u128::from(v) * u128::from(rows) / u128::from(top_value + 1)) as u64;
        column[row.min(rows - 1) as usize] += 1;
    }
    flush(current, (first, view.to), &mut column);
    let most = cells.iter().map(|c| c.count).max().unwrap_or(1).max(2) as f64;
    for cell in &mut cells {
        // The lightest shade for one heap, the darkest for the most.
        let level =
            ((cell.count as f64).ln_1p() / most.ln_1p() * (SHADES - 1) as f64).floor() as usize + 1;
        cell.shade = level.clamp(1, SHADES);
    }
    Ok((columns, rows, cells))
}

/// Draws the density style's `cells` on a grid of `columns` by `rows`,
/// one path a shade.
fn density(
    s: &mut String,
    (left, top, pw, ph): (f64, f64, f64, f64),
    (columns, rows): (u64, u64),
    cells: &[DensityCell],
) {
    let (cw, rh) = (pw / columns as f64, ph / rows as f64);
    let mut paths = vec![String::new(); SHADES];
    for cell in cells {
        let d = &mut paths[cell.shade - 1];
        let cx = left + cell.column as f64 * pw / columns as f64;
        let cy = top + ph - (cell.row + 1) as f64 * rh;
        let _ = write!(d, "M{cx:.1} {cy:.1}h{cw:.2}v{rh:.2}h-{cw:.2}z");
    }
    for (i, d) in paths.iter().enumerate().filter(|(_, d)| !d.is_empty()) {
        let _ = write!(
            s,
            r##"<path class="density" fill="#1f4e9c" fill-opacity="{:.3}" d="{d}"/>"##,
            (i + 1) as f64 / SHADES as f64
        );
    }
}

/// The axes, their ticks and labels: heaps across, values up.
fn axes(
    s: &mut String,
    (left, top, pw, ph): (f64, f64, f64, f64),
    (from, to): (u64, u64),
    top_value: u64,
) {
    let bottom = top + ph;
    let _ = write!(
        s,
        r##"<path class="axes" d="M{left} {top}V{bottom}H{:.1}" fill="none" stroke="#000000"/>"##,
        left + pw
    );
    let span = (to - from).max(1) as f64;
    let step = tick_step(to - from);
    let mut k = from.div_ceil(step) * step;
    while k <= to {
        let cx = left + pw * (k - from) as f64 / span;
        let _ = write!(
            s,
            r##"<path d="M{cx:.1} {bottom}v5" stroke="#000000"/><text class="tick" x="{cx:.1}" y="{:.1}" text-anchor="middle">{k}</text>"##,
            bottom + 18.0
        );
        k += step;
    }
    let step = tick_step(top_value);
    let mut v = 0;
    while v <= top_value {
        let cy = top + ph * (1.0 - v as f64 / top_value as f64);
        let _ = write!(
            s,
            r##"<path d="M{left} {cy:.1}h-5" stroke="#000000"/><text class="tick" x="{:.1}" y="{:.1}" text-anchor="end">{v}</text>"##,
            left - 8.0,
            cy + 4.0
        );
        v += step;
    }
    let _ = write!(
        s,
        r##"<text class="axis" x="{:.1}" y="{:.1}" text-anchor="middle">heap</text><text class="axis" transform="translate(14 {:.1}) rotate(-90)" text-anchor="middle">value</text>"##,
        left + pw / 2.0,
        bottom + 38.0,
        top + ph / 2.0
    );
}

/// A step of 1, 2 or 5 times a power of ten giving at most about eight
/// ticks over `span`.
fn tick_step(span: u64) -> u64 {
    let mut step = 1u64;
    loop {
        for m in [1, 2, 5] {
            let s = step.saturating_mul(m);
            if span / s <= 8 {
                return s;
            }
        }
        step = step.saturating_mul(10);
    }
}

/// `text` with the characters XML and HTML give meaning escaped (`&`,
/// `<`, `>`, `"`), for text placed in a picture or a page.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Period, SeqValues};

    fn report(values: Vec<u64>, period: Option<Period>) -> SeqReport {
        SeqReport {
            game: "test <&>".into(),
            code: None,
            n: values.len() as u64 - 1,
            computed_to: values.len() as u64 - 1,
            values: SeqValues::from_u64(values),
            period,
            genus: None,
        }
    }

    fn view(from: u64, to: u64, style: PlotStyle) -> PlotView {
        PlotView {
            from,
            to,
            width: 600,
            height: 300,
            style,
        }
    }

    /// A clock reading zero once (the answer's start), an hour after.
    #[derive(Debug, Default)]
    struct LateAfterStart(std::sync::atomic::AtomicBool);

    impl grundy_engine::Clock for LateAfterStart {
        fn now(&self) -> std::time::Duration {
            let late = self.0.swap(true, std::sync::atomic::Ordering::SeqCst);
            std::time::Duration::from_secs(if late { 3600 } else { 0 })
        }
    }

    /// `seq nim -n 10^8 --time-limit 0.5` computed its values in time,
    /// then drew the plot (3.9 s in all), counted the summary (0.9 s) or
    /// wrote the values file (1.6 s) whatever the clock said: each pass
    /// after the values now ends with the answer's time limit.
    #[test]
    fn the_plot_summary_and_values_file_end_with_the_answers_time() {
        use crate::summary::SeqSummary;
        use crate::values::{stopped_in_time, write_text, InTime};
        use grundy_engine::{clock::within_answer, Deadline, SearchError};
        use std::time::Duration;
        let r = report((0..3_000_000).map(|k| k % 7).collect(), None);
        let late = || {
            let clock: grundy_engine::SharedClock = std::sync::Arc::new(LateAfterStart::default());
            Deadline::start(Some(Duration::from_secs(1)), Some(&clock))
        };
        let time_limit = GameError::from(SearchError::TimeLimit(Duration::from_secs(1)));
        for style in [PlotStyle::Points, PlotStyle::Density] {
            let v = view(0, 2_999_999, style);
            let svg = within_answer(late(), || plot_svg(&r, &v).map(|_| ()));
            assert_eq!(svg, Err(time_limit.clone()), "{style:?}");
            let data = within_answer(late(), || plot_data(&r, &v).map(|_| ()));
            assert_eq!(data, Err(time_limit.clone()), "{style:?}");
        }
        let summary = within_answer(late(), || SeqSummary::of(&r).map(|_| ()));
        assert_eq!(summary, Err(time_limit.clone()));
        let written = within_answer(late(), || {
            let mut out = std::io::BufWriter::new(InTime(Vec::new()));
            write_text(&mut out, &r.values).and_then(|()| std::io::Write::flush(&mut out))
        });
        let e = written.expect_err("written past the time limit");
        assert_eq!(stopped_in_time(&e), Some(time_limit));
        // Outside an answer, or before its end, all is drawn and written.
        assert!(plot_svg(&r, &view(0, 2_999_999, PlotStyle::Points)).is_ok());
        assert!(SeqSummary::of(&r).is_ok());
    }

    #[test]
    fn few_heaps_are_dots_with_titles_and_the_period_is_marked() {
        let p = Period {
            preperiod: 2,
            period: 3,
            proven: true,
        };
        let r = report(vec![0, 1, 2, 0, 1, 2, 0, 1], Some(p));
        let svg = plot_svg(&r, &view(0, 7, PlotStyle::Points)).unwrap();
        assert_eq!(svg.matches("<circle").count(), 8);
        assert!(svg.contains("<title>heap 5: value 2</title>"));
        assert!(svg.contains("<title>one period: heaps 2 to 4</title>"));
        assert!(svg.contains("<title>end of the pre-period: heap 2</title>"));
        assert!(svg.contains("test &lt;&amp;&gt;: heaps 0..=7, period 3, pre-period 2 (proven)"));
        // Out of the range drawn, the marks are left out.
        let svg = plot_svg(&r, &view(5, 7, PlotStyle::Points)).unwrap();
        assert!(!svg.contains("end of the pre-period"));
        assert_eq!(svg.matches("<circle").count(), 3);
    }

    #[test]
    fn many_heaps_of_few_values_stand_as_bands() {
        // A million heaps taking the values 1, 4 and 7 in turn: every
        // column holds all three, so the dots are three rows, one dot for
        // each (column, row): the picture stays small.
        let r = report(
            (0..1_000_000u64)
                .map(|k| [1, 4, 7][k as usize % 3])
                .collect(),
            None,
        );
        let svg = plot_svg(&r, &view(0, 1_000_000 - 1, PlotStyle::Points)).unwrap();
        let dots = svg.matches("h2v2h-2z").count();
        let columns = (600.0 - MARGIN.0 - MARGIN.1) as usize;
        assert_eq!(dots, 3 * columns, "three bands");
        assert!(svg.len() < 200_000, "{} bytes", svg.len());
        let dense = plot_svg(&r, &view(0, 1_000_000 - 1, PlotStyle::Density)).unwrap();
        let cells: usize = dense
            .split("<path class=\"density\"")
            .skip(1)
            .map(|p| p.split("/>").next().unwrap().matches('M').count())
            .sum();
        assert_eq!(cells, 3 * columns);
    }

    #[test]
    fn density_shades_rare_values_lighter() {
        // Value 5 once in a column of thousands of zeros.
        let mut values = vec![0u64; 100_000];
        values[500] = 5;
        let r = report(values, None);
        let svg = plot_svg(&r, &view(0, 99_999, PlotStyle::Density)).unwrap();
        let paths: Vec<&str> = svg.split("<path class=\"density\"").skip(1).collect();
        assert!(paths.len() >= 2, "{svg}");
        // The rare cell is in the lightest shade, the zeros in the darkest.
        assert!(paths[0].contains("fill-opacity=\"0.125\""));
        assert!(paths.last().unwrap().contains("fill-opacity=\"1.000\""));
    }

    #[test]
    fn density_of_fewer_heaps_than_columns_stays_in_the_picture() {
        // 50 heaps on 500 pixel columns: a column a heap, each cell inside
        // the plotting area (once drawn ten times too far right).
        let r = report((0..50u64).map(|k| k % 7).collect(), None);
        let svg = plot_svg(&r, &view(0, 49, PlotStyle::Density)).unwrap();
        let right = 600.0 - MARGIN.1;
        let mut cells = 0;
        for path in svg.split("<path class=\"density\"").skip(1) {
            let d = path
                .split(" d=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap();
            for cell in d.split('M').skip(1) {
                let x: f64 = cell.split(' ').next().unwrap().parse().unwrap();
                let w: f64 = cell
                    .split('h')
                    .nth(1)
                    .unwrap()
                    .split('v')
                    .next()
                    .unwrap()
                    .parse()
                    .unwrap();
                assert!(
                    x >= MARGIN.0 && x + w <= right + 0.01,
                    "{x} + {w} past {right}"
                );
                cells += 1;
            }
        }
        assert_eq!(cells, 50);
    }

    #[test]
    fn the_data_is_what_the_picture_draws() {
        let p = Period {
            preperiod: 3,
            period: 4,
            proven: false,
        };
        let r = report(
            (0..20_000u64).map(|k| (k % 13) ^ (k % 7)).collect(),
            Some(p),
        );
        let whole = |style| view(0, 19_999, style);
        let points = plot_data(&r, &whole(PlotStyle::Points)).unwrap();
        let svg = plot_svg(&r, &whole(PlotStyle::Points)).unwrap();
        assert_eq!(points.points.len(), svg.matches("h2v2h-2z").count());
        assert!(points.cells.is_empty() && points.period == Some(p));
        assert_eq!(points.top_value, 15);
        assert!(points
            .points
            .iter()
            .all(|&(k, v)| r.values.get(k as usize) == Some(v)));
        let dense = plot_data(&r, &whole(PlotStyle::Density)).unwrap();
        let svg = plot_svg(&r, &whole(PlotStyle::Density)).unwrap();
        let drawn: usize = svg
            .split("<path class=\"density\"")
            .skip(1)
            .map(|p| p.split("/>").next().unwrap().matches('M').count())
            .sum();
        assert_eq!(dense.cells.len(), drawn);
        assert_eq!(dense.cells.iter().map(|c| c.count).sum::<u64>(), 20_000);
        // Each cell counts the heaps of its column whose value is in its row.
        for c in &dense.cells {
            let n = (c.heaps.0..=c.heaps.1)
                .filter(|&k| (c.values.0..=c.values.1).contains(&r.values.get(k as usize).unwrap()))
                .count() as u64;
            assert_eq!(n, c.count, "{c:?}");
            assert!((1..=SHADES).contains(&c.shade));
        }
        assert_eq!(dense.caption, plot_caption(&r, 0, 19_999));
        // A few heaps: every heap is a dot.
        let few = plot_data(&r, &view(10, 19, PlotStyle::Points)).unwrap();
        assert!(few.each_heap && !points.each_heap);
        assert_eq!(
            few.points,
            (10..20)
                .map(|k| (k, r.values.get(k as usize).unwrap()))
                .collect::<Vec<_>>()
        );
        assert!(plot_data(&r, &view(0, 20_000, PlotStyle::Points)).is_err());
    }

    #[test]
    fn bad_views_are_refused() {
        let r = report(vec![0, 1, 2], None);
        assert!(plot_svg(&r, &view(2, 1, PlotStyle::Points)).is_err());
        assert!(plot_svg(&r, &view(0, 3, PlotStyle::Points)).is_err());
        let mut v = view(0, 2, PlotStyle::Points);
        v.width = 10;
        assert!(plot_svg(&r, &v).is_err());
        assert!("dots".parse::<PlotStyle>().is_err());
        assert_eq!("density".parse::<PlotStyle>().unwrap(), PlotStyle::Density);
    }

    #[test]
    fn the_picture_is_the_same_bytes_each_time() {
        let r = report((0..5000u64).map(|k| (k % 17) ^ (k % 5)).collect(), None);
        for style in [PlotStyle::Points, PlotStyle::Density] {
            let a = plot_svg(&r, &view(0, 4999, style)).unwrap();
            assert_eq!(a, plot_svg(&r, &view(0, 4999, style)).unwrap());
        }
    }
}
