//! What the page's worksheet keeps beside an answer: the command line that
//! gives the same answer, and the value table of two-number positions
//! (the heat map of a two-heap game). Built here so the page only shows
//! them.

use crate::messages::quoted;
use crate::{Detail, Family, GameError, Outcome, Play};
use serde::Serialize;
use std::fmt::Write as _;

pub mod named;

/// Most rows (and columns) of a [`ValueGrid`]: the numbers 0 to 100.
pub const MAX_GRID_SIDE: u64 = 101;

/// Most cells of a [`ValueGrid`]: 0 to 100 by 0 to 100.
pub const MAX_GRID_CELLS: u64 = MAX_GRID_SIDE * MAX_GRID_SIDE;

/// The values and outcomes of the positions `a b`, `a` in `0..rows`, `b`
/// in `0..cols`, row by row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ValueGrid {
    /// The family's name.
    pub game: String,
    /// Normal or misère play.
    pub play: Play,
    /// Values of the first number: 0 to rows - 1.
    pub rows: u64,
    /// Values of the second number: 0 to cols - 1.
    pub cols: u64,
    /// The Sprague-Grundy value of `a b` at `a * cols + b` (`None`
    /// where the analysis gives none: misère play, a draw).
    pub values: Vec<Option<u64>>,
    /// The outcome of `a b` at `a * cols + b`.
    pub outcomes: Vec<Outcome>,
}

impl ValueGrid {
    /// The heat map of the table as an SVG document: a cell a position
    /// (`a` down, `b` across), coloured from pale blue (value 0) to dark
    /// red (the largest value), grey where there is no value, with a dot
    /// on each P-position; each cell carries `data-a`, `data-b`,
    /// `data-outcome` and a title (`3 5: value 0 (P)`).
    pub fn svg(&self) -> String {
        let cell = (560 / self.cols.max(1)).clamp(4, 18);
        let pad = 22;
        let max = self.values.iter().flatten().copied().max().unwrap_or(0);
        let (w, h) = (pad + self.cols * cell, pad + self.rows * cell);
        let mut s = format!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" font-family="DejaVu Sans, sans-serif" font-size="9" role="img" aria-label="values of {} a b"><g fill="#5a6170">"##,
            crate::plot::escape(&self.game)
        );
        for a in 0..self.rows {
            for b in 0..self.cols {
                let i = (a * self.cols + b) as usize;
                let (v, o) = (self.values[i], self.outcomes[i]);
                let (x, y) = (pad + b * cell, pad + a * cell);
                let what = v.map_or_else(|| "no value".to_string(), |v| format!("value {v}"));
                let _ = write!(
                    s,
                    r##"<rect class="cell" data-a="{a}" data-b="{b}" data-outcome="{o:?}" x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{}" stroke="#ffffff" stroke-width="0.5"><title>{a} {b}: {what} ({o:?})</title></rect>"##,
                    heat_colour(v, max)
                );
                if o == Outcome::P {
                    let _ = write!(
                        s,
                        r##"<circle class="p" cx="{}" cy="{}" r="{}" fill="#1d2330"/>"##,
                        x as f64 + cell as f64 / 2.0,
                        y as f64 + cell as f64 / 2.0,
                        cell as f64 / 4.0
                    );
                }
            }
        }
        s.push_str("</g>");
        let tick = if self.cols > 40 || self.rows > 40 {
            10
        } else {
            5
        };
        s.push_str(r##"<g class="labels" fill="#5a6170">"##);
        for b in (0..self.cols).step_by(tick) {
            let _ = write!(
                s,
                r#"<text x="{}" y="{}">{b}</text>"#,
                pad + b * cell,
                pad - 6
            );
        }
        for a in (0..self.rows).step_by(tick) {
            let _ = write!(s, r#"<text x="0" y="{}">{a}</text>"#, pad + a * cell + cell);
        }
        s.push_str("</g></svg>");
        s
    }

    /// One sentence under the heat map: the ranges, the P-positions, the
    /// largest value.
    pub fn caption(&self) -> String {
        let ps = self.outcomes.iter().filter(|&&o| o == Outcome::P).count();
        let max = self.values.iter().flatten().copied().max().unwrap_or(0);
        format!(
            "{}{}: a from 0 to {} (down), b from 0 to {} (across); {ps} P-positions (dots), largest value {max}.",
            self.game,
            if self.play == Play::Misere { " (misère)" } else { "" },
            self.rows - 1,
            self.cols - 1
        )
    }
}

/// The colour of value `v` of at most `max`: pale blue (small) to dark
/// red (large); grey for no value.
fn heat_colour(v: Option<u64>, max: u64) -> String {
    let Some(v) = v else {
        return "#c8cbd2".to_string();
    };
    let t = if max == 0 { 0.0 } else { v as f64 / max as f64 };
    format!(
        "hsl({}, 70%, {}%)",
        (220.0 - 220.0 * t).round(),
        (88.0 - 40.0 * t).round()
    )
}

/// The [`ValueGrid`] of `family` in `play`: each position analysed for
/// its outcome and value alone, under the family's limits. Errors: more
/// than [`MAX_GRID_CELLS`] cells, a position the game does not read as
/// two numbers, a limit hit.
pub fn value_grid(
    family: &Family,
    rows: u64,
    cols: u64,
    play: Play,
) -> Result<ValueGrid, GameError> {
    if rows == 0 || cols == 0 || rows.saturating_mul(cols) > MAX_GRID_CELLS {
        return Err(GameError::Input(format!(
            "a value table of {rows} by {cols}: at least 1 by 1 and at most {MAX_GRID_CELLS} cells (0 to 100 by 0 to 100)"
        )));
    }
    let mut values = Vec::with_capacity((rows * cols) as usize);
    let mut outcomes = Vec::with_capacity((rows * cols) as usize);
    for a in 0..rows {
        for b in 0..cols {
            let (a, b) = (a.to_string(), b.to_string());
            let analysis = family.analyze_with(&[&a, &b], play, Detail::OutcomeOnly)?;
            values.push(analysis.value);
            outcomes.push(analysis.outcome);
        }
    }
    Ok(ValueGrid {
        game: family.name(),
        play,
        rows,
        cols,
        values,
        outcomes,
    })
}

/// A question as the page asks it, for [`command_line`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Question {
    /// `analyze` (the default), `seq`, or `batch` (the positions `a b`
    /// of a value grid, `a` to `rows`, `b` to `cols`, outcome only).
    pub command: String,
    /// The game's name, or a rules file's (ending in `.rhai`: `--rules`).
    pub game: String,
    /// The game's options, name (without dashes) and value, in order.
    pub options: Vec<(String, String)>,
    /// `analyze`: the position's text.
    pub position: String,
    /// `analyze`: misère play.
    pub misere: bool,
    /// `analyze`: outcome and value alone.
    pub outcome_only: bool,
    /// The state limit, as typed (`--max-states`).
    pub max_states: Option<String>,
    /// `seq`: the last heap (`-n`).
    pub n: Option<u64>,
    /// `seq`: a file for the values (`--values`) or the plot (`--plot`).
    pub values: Option<String>,
    /// `seq`: a file for the plot (`--plot`).
    pub plot: Option<String>,
    /// `seq`: the first heap plotted (`--plot-from`, left out when 0).
    pub plot_from: Option<u64>,
    /// `seq`: how the plot draws the values (`--plot-style`, left out
    /// for the default, `points`).
    pub plot_style: Option<String>,
    /// `batch`: the largest `a`.
    pub rows: Option<u64>,
    /// `batch`: the largest `b`.
    pub cols: Option<u64>,
}

/// The `grundy` command line that answers `q`, each word quoted for a
/// POSIX shell where it needs to be.
pub fn command_line(q: &Question) -> String {
    if q.command == "batch" {
        // The positions of a value grid, one a line, into `grundy batch`.
        let q2 = Question {
            command: String::new(),
            outcome_only: true,
            position: String::new(),
            ..q.clone()
        };
        let analyze = command_line(&q2);
        return format!(
            "for a in $(seq 0 {}); do for b in $(seq 0 {}); do echo \"$a $b\"; done; done | {}",
            q.rows.unwrap_or(0),
            q.cols.unwrap_or(0),
            analyze.replacen("grundy analyze", "grundy batch", 1)
        );
    }
    let mut words: Vec<String> = vec!["grundy".into()];
    words.push(if q.command.is_empty() {
        "analyze".into()
    } else {
        q.command.clone()
    });
    if q.game.ends_with(".rhai") {
        words.push("--rules".into());
    }
    words.push(q.game.clone());
    for (name, value) in &q.options {
        words.push(format!("--{}", name.trim_start_matches("--")));
        words.push(value.clone());
    }
    if let Some(n) = q.n {
        words.push("-n".into());
        words.push(n.to_string());
    }
    if q.misere {
        words.push("--misere".into());
    }
    if q.outcome_only {
        words.push("--outcome-only".into());
    }
    if let Some(m) = &q.max_states {
        words.push("--max-states".into());
        words.push(m.clone());
    }
    for (flag, file) in [("--values", &q.values), ("--plot", &q.plot)] {
        if let Some(f) = file {
            words.push(flag.into());
            words.push(f.clone());
        }
    }
    if let Some(from) = q.plot_from.filter(|&f| f > 0 && q.plot.is_some()) {
        words.push("--plot-from".into());
        words.push(from.to_string());
    }
    if let Some(style) = q
        .plot_style
        .as_ref()
        .filter(|s| *s != "points" && q.plot.is_some())
    {
        words.push("--plot-style".into());
        words.push(style.clone());
    }
    // A position word that starts with `-` would be read as an option.
    if q.position.split_whitespace().any(|w| w.starts_with('-')) {
        words.push("--".into());
    }
    words.extend(q.position.split_whitespace().map(str::to_string));
    words
        .iter()
        .map(|w| quoted(w))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_quote_what_a_shell_would_split() {
        let q = Question {
            game: "subtraction".into(),
            options: vec![("set".into(), "1,3,4".into())],
            position: "10 7".into(),
            misere: true,
            ..Question::default()
        };
        assert_eq!(
            command_line(&q),
            "grundy analyze subtraction --set 1,3,4 --misere 10 7"
        );
        let r = Question {
            game: "my-game.rhai".into(),
            position: "a b*".into(),
            outcome_only: true,
            max_states: Some("1000".into()),
            ..Question::default()
        };
        assert_eq!(
            command_line(&r),
            "grundy analyze --rules my-game.rhai --outcome-only --max-states 1000 a 'b*'"
        );
        let s = Question {
            command: "seq".into(),
            game: "kayles".into(),
            n: Some(200),
            plot: Some("kayles.svg".into()),
            ..Question::default()
        };
        assert_eq!(
            command_line(&s),
            "grundy seq kayles -n 200 --plot kayles.svg"
        );
        let zoomed = Question {
            plot_from: Some(150),
            plot_style: Some("density".into()),
            ..s.clone()
        };
        assert_eq!(
            command_line(&zoomed),
            "grundy seq kayles -n 200 --plot kayles.svg --plot-from 150 --plot-style density"
        );
        assert_eq!(quoted("it's"), r"'it'\''s'");
        let hostile = Question {
            game: "nim".into(),
            position: "3\u{1b}[31m4 -5 \u{202e}x'\\".into(),
            ..Question::default()
        };
        assert_eq!(
            command_line(&hostile),
            r"grundy analyze nim -- $'3\x1b[31m4' -5 $'\u202ex\'\\'"
        );
        let g = Question {
            command: "batch".into(),
            game: "wythoff".into(),
            rows: Some(3),
            cols: Some(4),
            misere: true,
            ..Question::default()
        };
        assert_eq!(
            command_line(&g),
            r#"for a in $(seq 0 3); do for b in $(seq 0 4); do echo "$a $b"; done; done | grundy batch wythoff --misere --outcome-only"#
        );
    }
}
