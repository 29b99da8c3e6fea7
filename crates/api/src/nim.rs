//! Nim arithmetic on 64-bit nimbers as front ends ask it: an operation
//! named by a word and operands written as text (decimal, or hexadecimal
//! after `0x`), checked with the command line's messages. The arithmetic
//! itself is grundy-nimber's.

use crate::GameError;
use grundy_nimber::Nimber;

/// A nim-arithmetic operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NimOp {
    /// The nim-sum A + B (XOR).
    Add,
    /// The nim-product A * B.
    Mul,
    /// The inverse 1/A (A must not be 0).
    Inv,
    /// The square root of A.
    Sqrt,
}

impl NimOp {
    /// Every operation, in the order they are listed.
    pub const ALL: [NimOp; 4] = [NimOp::Add, NimOp::Mul, NimOp::Inv, NimOp::Sqrt];

    /// The operation's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            NimOp::Add => "add",
            NimOp::Mul => "mul",
            NimOp::Inv => "inv",
            NimOp::Sqrt => "sqrt",
        }
    }

    /// What it computes, in one line.
    pub fn help(self) -> &'static str {
        match self {
            NimOp::Add => "The nim-sum A + B (XOR)",
            NimOp::Mul => "The nim-product A * B",
            NimOp::Inv => "The inverse 1/A (A must not be 0)",
            NimOp::Sqrt => "The square root of A",
        }
    }

    /// The operation named `name`, if any.
    pub fn named(name: &str) -> Option<NimOp> {
        NimOp::ALL.into_iter().find(|op| op.name() == name)
    }

    /// How many operands it takes.
    pub fn arity(self) -> usize {
        match self {
            NimOp::Add | NimOp::Mul => 2,
            NimOp::Inv | NimOp::Sqrt => 1,
        }
    }
}

/// A checked nim-arithmetic question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NimRequest {
    /// The operation.
    pub op: NimOp,
    /// Its operands (as many as [`NimOp::arity`]).
    pub operands: Vec<u64>,
}

impl NimRequest {
    /// Checks the operand count and reads each operand.
    pub fn new(op: NimOp, words: &[&str]) -> Result<NimRequest, GameError> {
        let want = op.arity();
        if words.len() != want {
            let plural = if want == 1 { "operand" } else { "operands" };
            return Err(GameError::Input(format!(
                "nim {} takes {want} {plural}, got {}",
                op.name(),
                words.len()
            )));
        }
        let operands = words
            .iter()
            .map(|w| parse_nimber(w))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(NimRequest { op, operands })
    }

    /// The result of the operation.
    pub fn compute(&self) -> Result<u64, GameError> {
        let a = Nimber(self.operands[0]);
        let b = || Nimber(self.operands[1]);
        let r = match self.op {
            NimOp::Add => a + b(),
            NimOp::Mul => a * b(),
            NimOp::Inv => a
                .inverse()
                .ok_or_else(|| GameError::Input("nim inv: 0 has no inverse".into()))?,
            NimOp::Sqrt => a.sqrt(),
        };
        Ok(r.value())
    }
}

/// Reads a nimber: decimal digits, or hexadecimal digits after `0x`.
pub fn parse_nimber(word: &str) -> Result<u64, GameError> {
    let err = |why: &str| GameError::Input(format!("nimber '{word}' {why}"));
    if word.starts_with('-') {
        return Err(err("is negative; nimbers are whole numbers from 0"));
    }
    let (digits, radix) = match word.strip_prefix("0x").or_else(|| word.strip_prefix("0X")) {
        Some(h) => (h, 16),
        None => (word, 10),
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return Err(err(
            "is not a whole number (decimal, or hexadecimal with a 0x prefix)",
        ));
    }
    u64::from_str_radix(digits, radix)
        .map_err(|_| err("is too large; the largest nimber is 18446744073709551615 (2^64 - 1)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_decimal_and_hex() {
        assert_eq!(parse_nimber("0").unwrap(), 0);
        assert_eq!(parse_nimber("18446744073709551615").unwrap(), u64::MAX);
        assert_eq!(parse_nimber("0xff").unwrap(), 255);
        assert_eq!(parse_nimber("0XFFFFFFFFFFFFFFFF").unwrap(), u64::MAX);
    }

    #[test]
    fn rejects_bad_numbers_by_name() {
        for (w, word) in [
            ("18446744073709551616", "too large"),
            ("0x10000000000000000", "too large"),
            ("-3", "negative"),
            ("abc", "not a whole number"),
            ("", "not a whole number"),
            ("0x", "not a whole number"),
            ("+3", "not a whole number"),
            ("1_000", "not a whole number"),
        ] {
            let e = parse_nimber(w).unwrap_err().to_string();
            assert!(e.contains(word), "{w}: {e}");
        }
    }

    #[test]
    fn arity_is_checked() {
        let (one, three) = (["3"], ["1", "2", "3"]);
        assert!(NimRequest::new(NimOp::Mul, &one).is_err());
        assert!(NimRequest::new(NimOp::Inv, &three[..2]).is_err());
        assert!(NimRequest::new(NimOp::Add, &three).is_err());
        assert_eq!(
            NimRequest::new(NimOp::Sqrt, &one).unwrap().compute().ok(),
            Some(2)
        );
        let zero = NimRequest::new(NimOp::Inv, &["0"]).unwrap();
        assert!(zero.compute().is_err());
    }
}
