//! Tables of words: answers that cover many positions at once (for
//! example the outcome of every start of a loopy game).

use std::fmt::Write as _;

/// A table with one row per item and named columns of words.
///
/// With the `serde` feature, serialises as a map from each column's name to its array of words (the
/// row labels are left out: they are implied by the family's contract), so
/// that flattened into an [`crate::Analysis`] each column is a field of
/// the JSON answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// What a row is, e.g. `start`: the heading of the label column.
    pub row_name: String,
    /// The label of each row.
    pub rows: Vec<String>,
    /// The columns in display order: a name and one word per row.
    pub columns: Vec<(String, Vec<String>)>,
}

impl Table {
    /// The table as aligned text: a heading line, then one line per row,
    /// columns separated by two spaces, each line ending in a newline.
    pub fn to_text(&self) -> String {
        let mut widths = vec![self.row_name.chars().count()];
        widths[0] = self
            .rows
            .iter()
            .map(|r| r.chars().count())
            .max()
            .unwrap_or(0)
            .max(widths[0]);
        for (name, words) in &self.columns {
            let w = words.iter().map(|w| w.chars().count()).max().unwrap_or(0);
            widths.push(w.max(name.chars().count()));
        }
        let mut s = String::new();
        let line = |s: &mut String, cells: Vec<&str>| {
            let last = cells.len() - 1;
            for (i, c) in cells.into_iter().enumerate() {
                if i == last {
                    s.push_str(c);
                } else {
                    let _ = write!(s, "{}  ", crate::Padded(c, widths[i]));
                }
            }
            s.push('\n');
        };
        let mut head = vec![self.row_name.as_str()];
        head.extend(self.columns.iter().map(|(n, _)| n.as_str()));
        line(&mut s, head);
        for (i, r) in self.rows.iter().enumerate() {
            let mut cells = vec![r.as_str()];
            cells.extend(
                self.columns
                    .iter()
                    .map(|(_, words)| words.get(i).map_or("", String::as_str)),
            );
            line(&mut s, cells);
        }
        s
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Table {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.columns.len()))?;
        for (name, words) in &self.columns {
            map.serialize_entry(name, words)?;
        }
        map.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Table {
        Table {
            row_name: "start".into(),
            rows: vec!["2".into(), "10".into()],
            columns: vec![
                ("a_first".into(), vec!["Lose".into(), "Win".into()]),
                ("b_first".into(), vec!["Loop".into(), "Win".into()]),
            ],
        }
    }

    #[test]
    fn text_is_aligned() {
        assert_eq!(
            sample().to_text(),
            "start  a_first  b_first\n2      Lose     Loop\n10     Win      Win\n"
        );
    }
}
