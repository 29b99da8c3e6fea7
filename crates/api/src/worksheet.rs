//! What the page's worksheet keeps beside an answer: the command line that
//! gives the same answer, and the value table of two-number positions
//! (the heat map of a two-heap game). Built here so the page only shows
//! them.

use crate::{Detail, Family, GameError, Outcome, Play};
use serde::Serialize;

/// Most cells of a [`ValueGrid`]: 100 by 100.
pub const MAX_GRID_CELLS: u64 = 10_000;

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
            "a value table of {rows} by {cols}: at least 1 by 1 and at most {MAX_GRID_CELLS} cells (100 by 100)"
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
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
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
    words.extend(q.position.split_whitespace().map(str::to_string));
    words
        .iter()
        .map(|w| quoted(w))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `word` as a POSIX shell reads it back: bare when made of safe
/// characters, else in single quotes.
fn quoted(word: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "-_.,/:=+@%^".contains(c);
    if !word.is_empty() && word.chars().all(safe) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
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
        assert_eq!(quoted("it's"), r"'it'\''s'");
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
