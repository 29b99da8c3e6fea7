//! `grundy nim`: nim arithmetic on 64-bit nimbers. The arithmetic itself
//! lives in grundy-nimber; this module reads the operands and prints.

use crate::error::CliError;
use clap::ValueEnum;
use grundy_nimber::Nimber;
use std::io::Write;

/// A nim-arithmetic operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
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
    /// The operation's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            NimOp::Add => "add",
            NimOp::Mul => "mul",
            NimOp::Inv => "inv",
            NimOp::Sqrt => "sqrt",
        }
    }

    /// How many operands it takes.
    pub fn arity(self) -> usize {
        match self {
            NimOp::Add | NimOp::Mul => 2,
            NimOp::Inv | NimOp::Sqrt => 1,
        }
    }
}

/// A checked `grundy nim` command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NimRequest {
    /// The operation.
    pub op: NimOp,
    /// Its operands (as many as [`NimOp::arity`]).
    pub operands: Vec<u64>,
    /// Print a JSON object instead of the bare result.
    pub json: bool,
}

/// Checks the operand count and reads each operand.
pub fn request(op: NimOp, words: &[String], json: bool) -> Result<NimRequest, CliError> {
    let want = op.arity();
    if words.len() != want {
        let plural = if want == 1 { "operand" } else { "operands" };
        return Err(CliError::usage(format!(
            "nim {} takes {want} {plural}, got {}",
            op.name(),
            words.len()
        )));
    }
    let operands = words
        .iter()
        .map(|w| parse_nimber(w))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(NimRequest { op, operands, json })
}

/// Reads a nimber: decimal digits, or hexadecimal digits after `0x`.
pub fn parse_nimber(word: &str) -> Result<u64, CliError> {
    let err = |why: &str| CliError::usage(format!("nimber '{word}' {why}"));
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

/// The result of the operation.
pub fn compute(req: &NimRequest) -> Result<u64, CliError> {
    let a = Nimber(req.operands[0]);
    let b = || Nimber(req.operands[1]);
    let r = match req.op {
        NimOp::Add => a + b(),
        NimOp::Mul => a * b(),
        NimOp::Inv => a
            .inverse()
            .ok_or_else(|| CliError::usage("nim inv: 0 has no inverse"))?,
        NimOp::Sqrt => a.sqrt(),
    };
    Ok(r.value())
}

/// Runs `grundy nim` and writes the answer to `out`.
pub fn run(req: &NimRequest, out: &mut dyn Write) -> Result<(), CliError> {
    let r = compute(req)?;
    if req.json {
        let doc = serde_json::json!({
            "op": req.op.name(),
            "operands": req.operands,
            "result": r,
        });
        writeln!(out, "{doc}")?;
    } else {
        writeln!(out, "{r}")?;
    }
    Ok(())
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
        let one = vec!["3".to_string()];
        let three = vec!["1".to_string(), "2".to_string(), "3".to_string()];
        assert!(request(NimOp::Mul, &one, false).is_err());
        assert!(request(NimOp::Inv, &three[..2], false).is_err());
        assert!(request(NimOp::Add, &three, false).is_err());
        assert!(request(NimOp::Sqrt, &one, false).is_ok());
    }
}
