//! Text left-aligned in a column of any width.

use std::fmt;

/// `text` followed by spaces up to `width` characters (nothing added when
/// it is already that long), for columns of labels and positions.
///
/// The standard `{:<width$}` refuses widths past 65,535 (the format fails,
/// and `format!` panics): a move label can be longer than that (a coin
/// product move turning a million coins), so every column of words whose
/// length is the input's goes through this instead.
#[derive(Clone, Copy, Debug)]
pub struct Padded<'a>(pub &'a str, pub usize);

impl fmt::Display for Padded<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)?;
        for _ in self.0.chars().count()..self.1 {
            f.write_str(" ")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::Padded;

    #[test]
    fn pads_by_characters_and_takes_any_width() {
        assert_eq!(Padded("ab", 4).to_string(), "ab  ");
        assert_eq!(Padded("abcdef", 4).to_string(), "abcdef");
        assert_eq!(Padded("ρ→", 3).to_string(), "ρ→ ");
        let long = "x".repeat(70_000);
        assert_eq!(Padded(&long, 70_001).to_string().len(), 70_001);
        assert_eq!(Padded("", 0).to_string(), "");
    }
}
