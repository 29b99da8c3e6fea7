//! The rules of one-heap take-and-break games: octal and hexadecimal codes
//! ([`TakeBreak`]) and Grundy's game, both behind [`HeapRule`].
//!
//! # Code syntax
//! `[0x|0o][d0].d1d2...dt`, for example `0.137`, `.6`, `4.07`, `0.F`,
//! `0x0.37`, `0o0.77`.
//! - `d0`, the digit before the point, is optional (absent means 0). It may
//!   only be `0`, `4`, `8` or `C`: splitting a heap without removing counters
//!   (into two heaps for bit 4, three for bit 8). Bits 1 and 2 there would
//!   mean "remove nothing", which is not a move.
//! - `dk` (k >= 1) says what may be left after removing k counters from one
//!   heap: bit 1 no heap, bit 2 one non-empty heap, bit 4 two non-empty
//!   heaps, bit 8 three non-empty heaps.
//! - A code is hexadecimal when it has the `0x` prefix or a letter digit
//!   (`A-F`, either case); otherwise it is octal, and a digit `8` or `9` is
//!   an error ("digit over 7 in an octal code"): write `0x0.8` for the
//!   hexadecimal game. A code with no digit above 7 means the same game read
//!   either way. A `0o` prefix marks a code octal explicitly, and then any
//!   digit above 7 is an error.
//! - At least one digit must follow the point, some digit after the point
//!   must be non-zero, and at most [`MAX_DIGITS`] digits may follow it.
//!
//! # Normal form
//! Trailing zero digits are dropped and `d0` is always written, in upper
//! case, without prefix (`.60` is `0.6`, `0x4.0f0` is `4.0F`), except that a
//! hexadecimal code whose digits are all decimal keeps its `0x` (`0x0.8`). [`TakeBreak`]'s
//! `Display` prints the normal form and `parse(display(c)) == c`.

use std::fmt;
use std::ops::ControlFlow;
use thiserror::Error;

/// The most digits a code may have after the point.
pub const MAX_DIGITS: usize = 1024;

/// Why a take-and-break code was refused. Every message names the code and
/// the offending character or value.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CodeError {
    /// The code is empty (or only white space).
    #[error("empty take-and-break code (expected e.g. 0.137 or 4.07)")]
    Empty,
    /// A character that is not a digit of the code's radix, or a misplaced point.
    #[error(
        "bad character '{ch}' at position {pos} in code '{code}' (expected e.g. 0.137 or 4.07)"
    )]
    BadChar {
        /// The whole code as given.
        code: String,
        /// The offending character.
        ch: char,
        /// Its position, counted in characters from 0.
        pos: usize,
    },
    /// A digit above 7 in a code marked octal with `0o`.
    #[error("digit '{ch}' at position {pos} of code '{code}' is over 7 in an octal code (mark a hexadecimal code with 0x, e.g. 0x0.{ch})")]
    NotOctal {
        /// The whole code as given.
        code: String,
        /// The offending digit.
        ch: char,
        /// Its position, counted in characters from 0.
        pos: usize,
    },
    /// No `.` in the code.
    #[error("code '{0}' has no point: write it as d0.d1d2..., e.g. 0.{0}")]
    MissingPoint(String),
    /// Nothing after the point.
    #[error("code '{0}' has no digit after the point")]
    NoDigits(String),
    /// The digit before the point has bit 1 or 2 set.
    #[error("digit '{ch}' before the point of code '{code}' is not allowed: only 0, 4, 8 or C (split without removing); bits 1 and 2 would remove nothing")]
    BadD0 {
        /// The whole code as given.
        code: String,
        /// The offending digit.
        ch: char,
    },
    /// More than one digit before the point.
    #[error(
        "code '{0}' has more than one digit before the point (only d0 may stand there, e.g. 4.07)"
    )]
    LongD0(String),
    /// Every digit after the point is zero.
    #[error("code '{0}' allows no removal: some digit after the point must be non-zero")]
    NoMove(String),
    /// Too many digits.
    #[error("code has {len} digits after the point; at most {max} are allowed")]
    TooLong {
        /// Digits after the point.
        len: usize,
        /// The limit, [`MAX_DIGITS`].
        max: usize,
    },
    /// A subtraction set with nothing in it.
    #[error("empty subtraction set")]
    EmptySubtraction,
    /// A subtraction set naming 0 or a number above [`MAX_DIGITS`].
    #[error("subtraction set member {0} is out of range 1..={max}", max = MAX_DIGITS)]
    SubtractionRange(u64),
}

/// A take-and-break code in normal form (see the module documentation).
///
/// Invariants: `digits[0]` is 0, 4, 8 or 12; the last digit is non-zero and
/// sits at index `t >= 1`; `digits.len() - 1 <= MAX_DIGITS`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct TakeBreak {
    digits: Vec<u8>,
}

/// One kind of move a code allows, read from one bit of one digit:
/// remove `take` counters from a heap and leave exactly `heaps` non-empty
/// heaps (bit `2^heaps` of digit `d_take`). [`TakeBreak::removals`] is the
/// only place the digits' bits are interpreted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Removal {
    /// The counters removed (0 only for a split that removes nothing).
    pub take: usize,
    /// The non-empty heaps left: 0 to 3.
    pub heaps: usize,
}

impl Removal {
    /// Whether a heap of `n` allows this move: `n == take` when it leaves
    /// nothing, else at least one counter per heap left.
    #[inline]
    pub fn fits(&self, n: usize) -> bool {
        match self.heaps {
            0 => n == self.take,
            h => n >= self.take + h,
        }
    }
}

fn hex_value(c: char) -> Option<u8> {
    c.to_digit(16).map(|d| d as u8)
}

impl TakeBreak {
    /// Parses a code written as described in the module documentation.
    pub fn parse(text: &str) -> Result<TakeBreak, CodeError> {
        let s = text.trim();
        if s.is_empty() {
            return Err(CodeError::Empty);
        }
        let lower = s.get(..2).map(str::to_ascii_lowercase);
        let (body, offset, octal_only) = match lower.as_deref() {
            Some("0x") => (&s[2..], 2, false),
            Some("0o") => (&s[2..], 2, true),
            _ => (s, 0, false),
        };
        let Some(point) = body.find('.') else {
            if let Some((pos, ch)) = body
                .chars()
                .enumerate()
                .find(|(_, c)| hex_value(*c).is_none())
            {
                return Err(CodeError::BadChar {
                    code: s.to_string(),
                    ch,
                    pos: pos + offset,
                });
            }
            return Err(CodeError::MissingPoint(s.to_string()));
        };
        let mut digits = Vec::with_capacity(body.len());
        let before: Vec<char> = body[..point].chars().collect();
        let digit_at = |ch: char, pos: usize| -> Result<u8, CodeError> {
            let d = hex_value(ch).ok_or_else(|| CodeError::BadChar {
                code: s.to_string(),
                ch,
                pos,
            })?;
            if octal_only && d > 7 {
                return Err(CodeError::NotOctal {
                    code: s.to_string(),
                    ch,
                    pos,
                });
            }
            Ok(d)
        };
        match before.as_slice() {
            [] => digits.push(0),
            [ch] => {
                let d = digit_at(*ch, offset)?;
                if d & 3 != 0 {
                    return Err(CodeError::BadD0 {
                        code: s.to_string(),
                        ch: *ch,
                    });
                }
                digits.push(d);
            }
            many => {
                // Name a character that is not a digit first; otherwise the
                // fault is the count: only one digit may precede the point.
                for (i, ch) in many.iter().enumerate() {
                    digit_at(*ch, offset + i)?;
                }
                return Err(CodeError::LongD0(s.to_string()));
            }
        }
        let after_start = offset + before.len() + 1;
        let mut count = 0;
        for (i, ch) in body[point + 1..].chars().enumerate() {
            digits.push(digit_at(ch, after_start + i)?);
            count += 1;
        }
        if count == 0 {
            return Err(CodeError::NoDigits(s.to_string()));
        }
        let hex_marked = lower.as_deref() == Some("0x")
            || body
                .chars()
                .any(|c| c.is_ascii_alphabetic() && hex_value(c).is_some());
        if !hex_marked {
            if let Some((pos, ch)) = s.chars().enumerate().find(|(_, c)| matches!(c, '8' | '9')) {
                return Err(CodeError::NotOctal {
                    code: s.to_string(),
                    ch,
                    pos,
                });
            }
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        if digits.len() == 1 {
            return Err(CodeError::NoMove(s.to_string()));
        }
        if digits.len() - 1 > MAX_DIGITS {
            return Err(CodeError::TooLong {
                len: count,
                max: MAX_DIGITS,
            });
        }
        Ok(TakeBreak { digits })
    }

    /// The subtraction game S: remove k counters for any k in `set`, leaving
    /// one heap or none (digit 3 at each k in S). Duplicates are ignored.
    pub fn subtraction(set: &[u64]) -> Result<TakeBreak, CodeError> {
        let max = *set.iter().max().ok_or(CodeError::EmptySubtraction)?;
        if let Some(&bad) = set.iter().find(|&&k| k == 0 || k > MAX_DIGITS as u64) {
            return Err(CodeError::SubtractionRange(bad));
        }
        let mut digits = vec![0u8; max as usize + 1];
        for &k in set {
            digits[k as usize] = 3;
        }
        Ok(TakeBreak { digits })
    }

    /// `d_k`, the digit for removing `k` counters (0 beyond the last digit).
    #[inline]
    pub fn digit(&self, k: usize) -> u8 {
        self.digits.get(k).copied().unwrap_or(0)
    }

    /// The digits `d0, d1, ..., dt`; the last one is non-zero.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// `t`, the index of the last non-zero digit (at least 1): the most
    /// counters one move removes.
    pub fn last_index(&self) -> usize {
        self.digits.len() - 1
    }

    /// Every kind of move the code allows, by increasing `take`, then
    /// increasing `heaps`: each set bit of each digit, except the bits 1
    /// and 2 of `d0`, which would remove nothing (the parser refuses them).
    pub fn removals(&self) -> impl Iterator<Item = Removal> + '_ {
        self.digits.iter().enumerate().flat_map(|(take, &d)| {
            let mut bits = if take == 0 { d & 0b1100 } else { d & 0b1111 };
            std::iter::from_fn(move || {
                let heaps = bits.trailing_zeros() as usize;
                bits &= bits.wrapping_sub(1);
                (heaps < 4).then_some(Removal { take, heaps })
            })
        })
    }

    /// The most heaps one move may leave (1, 2 or 3; 0 if every move leaves
    /// nothing).
    pub fn max_heaps(&self) -> usize {
        self.removals().map(|r| r.heaps).max().unwrap_or(0)
    }

    /// Whether some digit is above 7 (three-heap splits).
    pub fn is_hex(&self) -> bool {
        self.digits.iter().any(|&d| d > 7)
    }

    /// Whether no move splits a heap (every digit is at most 3): a
    /// subtraction game, whose value at n depends only on the t values below.
    pub fn is_subtraction(&self) -> bool {
        self.max_heaps() <= 1
    }
}

impl fmt::Display for TakeBreak {
    /// The normal form, e.g. `0.137`, `4.07`, `0.F`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digit = |d: u8| {
            char::from_digit(d as u32, 16)
                .unwrap_or('?')
                .to_ascii_uppercase()
        };
        if self.is_hex() && self.digits.iter().all(|&d| d <= 9) {
            // Without a letter digit the code would read as octal.
            write!(f, "0x")?;
        }
        write!(f, "{}.", digit(self.digits[0]))?;
        for &d in &self.digits[1..] {
            write!(f, "{}", digit(d))?;
        }
        Ok(())
    }
}

impl fmt::Debug for TakeBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TakeBreak({self})")
    }
}

impl std::str::FromStr for TakeBreak {
    type Err = CodeError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        TakeBreak::parse(s)
    }
}

/// The rule of a one-heap game whose value sequence this crate computes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum HeapRule {
    /// An octal or hexadecimal take-and-break game.
    TakeBreak(TakeBreak),
    /// Grundy's game: split one heap into two unequal non-empty heaps.
    /// Not a take-and-break code (the "unequal" condition has no digit).
    GrundyGame,
}

impl HeapRule {
    /// Calls `f` once for every move from a single heap of `n`, with the
    /// sizes of the heaps the move leaves (zero-size heaps omitted, sizes in
    /// non-decreasing order, so each option appears exactly once). A move
    /// that leaves nothing gives the empty slice.
    pub fn for_each_option(&self, n: usize, mut f: impl FnMut(&[usize])) {
        let _ = self.try_for_each_option(n, |parts| {
            f(parts);
            ControlFlow::<()>::Continue(())
        });
    }

    /// [`HeapRule::for_each_option`] until `f` breaks: the options after
    /// the one `f` breaks on are not generated (a heap of 10^12 has about
    /// 10^12 of them). Returns `f`'s break, if any.
    pub fn try_for_each_option<B>(
        &self,
        n: usize,
        mut f: impl FnMut(&[usize]) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        match self {
            HeapRule::GrundyGame => {
                for a in 1..=(n.saturating_sub(1)) / 2 {
                    f(&[a, n - a])?;
                }
            }
            HeapRule::TakeBreak(code) => {
                for r in code.removals().filter(|r| r.fits(n)) {
                    let m = n - r.take;
                    match r.heaps {
                        0 => f(&[])?,
                        1 => f(&[m])?,
                        2 => {
                            for a in 1..=m / 2 {
                                f(&[a, m - a])?;
                            }
                        }
                        _ => {
                            for a in 1..=m / 3 {
                                for b in a..=(m - a) / 2 {
                                    f(&[a, b, m - a - b])?;
                                }
                            }
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// The rule's name in reports: `octal 0.137` for codes without a digit
    /// above 7, `hexadecimal 0.F` for the others, `grundy-game`.
    pub fn name(&self) -> String {
        match self {
            HeapRule::TakeBreak(c) if c.is_hex() => format!("hexadecimal {c}"),
            HeapRule::TakeBreak(c) => format!("octal {c}"),
            HeapRule::GrundyGame => "grundy-game".to_string(),
        }
    }

    /// The code, if the rule is a take-and-break game.
    pub fn code(&self) -> Option<&TakeBreak> {
        match self {
            HeapRule::TakeBreak(c) => Some(c),
            HeapRule::GrundyGame => None,
        }
    }
}

impl From<TakeBreak> for HeapRule {
    fn from(code: TakeBreak) -> Self {
        HeapRule::TakeBreak(code)
    }
}
