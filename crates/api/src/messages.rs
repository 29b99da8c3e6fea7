//! Error messages as every front end shows them: a suggestion for a
//! misspelt name, quoted input clipped to a readable length, and memory
//! running out in words for a front end with no memory option (the page).

/// Most characters of one piece of input quoted in a message.
pub const MAX_QUOTED: usize = 80;

/// The candidate closest to `word` by edit distance (insertions,
/// deletions, substitutions and swaps of neighbours, each costing 1),
/// when it is close enough to be a likely misspelling: at most one edit
/// per three characters, and at least one allowed. Ties go to the
/// candidate listed first. Case is ignored.
pub fn did_you_mean<'a, I>(word: &str, candidates: I) -> Option<&'a str>
where
    I: IntoIterator<Item = &'a str>,
{
    let word = word.to_lowercase();
    let allowed = (word.chars().count() / 3).max(1);
    let mut best: Option<(usize, &'a str)> = None;
    for c in candidates {
        let d = edit_distance(&word, &c.to_lowercase());
        if d <= allowed && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

/// The optimal-string-alignment distance between `a` and `b`, in
/// characters: Levenshtein's, with a swap of two neighbours as one edit.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    // Three rows of the table: two back (for swaps), one back, current.
    let mut prev2: Vec<usize> = vec![0; b.len() + 1];
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur: Vec<usize> = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        cur[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(prev2[j - 2] + 1);
            }
            cur[j] = d;
        }
        std::mem::swap(&mut prev2, &mut prev);
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// `msg` as one line fit to show: every quoted piece of input (`'...'`,
/// the quote opening at the start or after white space or a bracket and
/// closing before the end, white space or punctuation) cut to its first
/// [`MAX_QUOTED`] characters, and every word without quotes longer than
/// that cut likewise, each cut marked with `...` and the full length; runs
/// of white space outside quotes made one space; and every character that
/// would act on a terminal or hide text rather than show, inside quotes or
/// out, escaped ([`escaped`]). A message that quotes a 5 MB line stays
/// one readable line, and one that quotes `3\x1b[31m4` shows those
/// characters instead of turning the terminal red. Every front end's
/// error text goes through here (the command line, Python, the page).
pub fn clip_quotes(msg: &str) -> String {
    let chars: Vec<char> = msg.trim().chars().collect();
    let opens = |i: usize| {
        i == 0
            || chars[i - 1].is_whitespace()
            || matches!(chars[i - 1], '(' | '[' | '{' | '`' | '"')
    };
    let closes = |i: usize| {
        i + 1 == chars.len()
            || chars[i + 1].is_whitespace()
            || matches!(
                chars[i + 1],
                ')' | ']' | '}' | ',' | ';' | ':' | '.' | '!' | '?'
            )
    };
    let mut out = String::with_capacity(msg.len().min(4 * MAX_QUOTED + 256));
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '\'' && opens(i) {
            if let Some(end) = (i + 1..chars.len()).find(|&k| chars[k] == '\'' && closes(k)) {
                out.push('\'');
                push_clipped(&mut out, &chars[i + 1..end]);
                out.push('\'');
                i = end + 1;
                continue;
            }
        }
        if chars[i].is_whitespace() {
            // One space for the run (the message is trimmed: none ends it).
            out.push(' ');
            while i < chars.len() && chars[i].is_whitespace() {
                i += 1;
            }
            continue;
        }
        if i > 0 && !chars[i - 1].is_whitespace() {
            push_shown(&mut out, chars[i]);
            i += 1;
            continue;
        }
        // The start of a word: clip it if it is too long.
        let end = (i..chars.len())
            .find(|&k| chars[k].is_whitespace())
            .unwrap_or(chars.len());
        push_clipped(&mut out, &chars[i..end]);
        i = end;
    }
    out
}

/// `text` whole when it has at most [`MAX_QUOTED`] characters, else its
/// first [`MAX_QUOTED`] and a mark giving its length, escaped as
/// [`escaped`] does: for a whole position quoted in a message (its words
/// are short, so [`clip_quotes`] would keep them all; a position of 1,000
/// coin-product heads is 20 KB).
pub fn clipped(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    push_clipped(&mut out, &chars);
    out
}

/// `text` with every character that would act on a terminal or hide text
/// written as an escape instead: tab, line feed and carriage return as
/// `\t`, `\n`, `\r`; the other control characters below U+0080 (escape,
/// bell, backspace, delete, ...) as `\x1b`; the control characters above
/// it, the marks that reorder text (bidirectional overrides and
/// isolates), the invisible ones (zero-width spaces and joiners, the
/// byte-order mark) and the line and paragraph separators as `\u{202e}`.
/// Everything else, the backslash included, is kept, so escaping twice
/// changes nothing.
pub fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        push_shown(&mut out, c);
    }
    out
}

/// Whether `c` is written as an escape by [`escaped`].
pub fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061c}'
                | '\u{180e}'
                | '\u{200b}'..='\u{200f}'
                | '\u{2028}'..='\u{202e}'
                | '\u{2060}'..='\u{2064}'
                | '\u{2066}'..='\u{206f}'
                | '\u{feff}'
                | '\u{fff9}'..='\u{fffb}'
        )
}

/// Appends `c`, escaped when [`is_hidden`].
fn push_shown(out: &mut String, c: char) {
    use std::fmt::Write;
    match c {
        '\t' => out.push_str("\\t"),
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        c if !is_hidden(c) => out.push(c),
        c if (c as u32) < 0x80 => {
            let _ = write!(out, "\\x{:02x}", c as u32);
        }
        c => {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        }
    }
}

/// Appends `piece`, or its first [`MAX_QUOTED`] characters and a mark
/// giving its length, escaped ([`push_shown`]).
fn push_clipped(out: &mut String, piece: &[char]) {
    let shown = piece.len().min(MAX_QUOTED);
    for &c in &piece[..shown] {
        push_shown(out, c);
    }
    if piece.len() > MAX_QUOTED {
        out.push_str(&format!("... ({} characters)", piece.len()));
    }
}

/// Memory ran out with `positions` held by the search (see
/// [`grundy_engine::memory::positions_held`]): what to try instead, for
/// a front end whose memory cannot be raised (the page).
pub fn out_of_memory(positions: u64) -> String {
    format!("out of memory at {positions} positions; try outcome-only or a smaller position")
}

/// The command line `args` (the program's name first) as a shell reads
/// it back, to say how to go on after an interrupt: each word as it is
/// when made only of letters, digits and `,._+:@%/=-`, else in single
/// quotes (a quote inside written `'\''`).
pub fn shell_command(args: impl IntoIterator<Item = String>) -> String {
    args.into_iter()
        .map(|w| quoted(&w))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `word` as a POSIX shell reads it back: bare when made of safe
/// characters, else in single quotes; as `$'...'` with escapes when it
/// holds a control or bidirectional character
/// ([`is_hidden`]), which would otherwise act on the
/// terminal or reorder the line that shows it (an ESC byte typed in a
/// position was echoed raw in the worksheet's command line).
pub(crate) fn quoted(word: &str) -> String {
    use std::fmt::Write;
    let safe = |c: char| c.is_ascii_alphanumeric() || "-_.,/:=+@%^".contains(c);
    if !word.is_empty() && word.chars().all(safe) {
        return word.to_string();
    }
    if !word.chars().any(is_hidden) {
        return format!("'{}'", word.replace('\'', r"'\''"));
    }
    let mut s = String::from("$'");
    for c in word.chars() {
        let _ = match c {
            '\\' | '\'' => write!(s, "\\{c}"),
            c if is_hidden(c) && c.is_ascii() => write!(s, "\\x{:02x}", u32::from(c)),
            c if is_hidden(c) => write!(s, "\\u{:04x}", u32::from(c)),
            c => write!(s, "{c}"),
        };
    }
    s.push('\'');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shell_commands_read_back_as_typed() {
        let words = [
            "grundy",
            "seq",
            "octal",
            "--code",
            "0.6",
            "-n",
            "1e6",
            "--checkpoint",
            "my run's.ck",
            "",
        ];
        assert_eq!(
            shell_command(words.map(String::from)),
            "grundy seq octal --code 0.6 -n 1e6 --checkpoint 'my run'\\''s.ck' ''"
        );
    }

    #[test]
    fn out_of_memory_says_how_far_and_what_to_try() {
        assert_eq!(
            out_of_memory(1234),
            "out of memory at 1234 positions; try outcome-only or a smaller position"
        );
    }

    #[test]
    fn distances() {
        assert_eq!(edit_distance("", ""), 0);
        assert_eq!(edit_distance("nim", ""), 3);
        assert_eq!(edit_distance("nim", "nim"), 0);
        assert_eq!(edit_distance("nmi", "nim"), 1);
        assert_eq!(edit_distance("kayls", "kayles"), 1);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("ab", "ba"), 1);
    }

    #[test]
    fn suggestions() {
        let games = ["nim", "kayles", "dawson-kayles", "grundy-game", "bash"];
        assert_eq!(did_you_mean("nmi", games), Some("nim"));
        assert_eq!(did_you_mean("NIM", games), Some("nim"));
        assert_eq!(did_you_mean("kayle", games), Some("kayles"));
        assert_eq!(did_you_mean("grundy_game", games), Some("grundy-game"));
        assert_eq!(did_you_mean("dawson-kales", games), Some("dawson-kayles"));
        assert_eq!(did_you_mean("chess", games), None);
        assert_eq!(did_you_mean("xy", games), None);
        assert_eq!(did_you_mean("", games), None);
    }

    #[test]
    fn long_quotes_are_clipped() {
        let long = "x".repeat(5_000_000);
        let msg = format!("'{long}' is not a whole number");
        let clipped = clip_quotes(&msg);
        assert_eq!(
            clipped,
            format!(
                "'{}... (5000000 characters)' is not a whole number",
                "x".repeat(80)
            )
        );
        let bare = clip_quotes(&format!("bad heap {long}: too long"));
        assert!(
            bare.starts_with(&format!("bad heap {}... (5000001", "x".repeat(80))),
            "{bare}"
        );
    }

    #[test]
    fn control_characters_are_escaped_inside_quotes_and_out() {
        assert_eq!(
            clip_quotes("heap 1: '3\x1b[31m4' is not a whole number"),
            "heap 1: '3\\x1b[31m4' is not a whole number"
        );
        // Outside quotes too, and above U+0080: a C1 control, a
        // right-to-left override, a zero-width space, delete and a bell.
        assert_eq!(
            clip_quotes("bad heap 3\u{9b}1m\u{202e}x\u{200b}y\x7f\x07"),
            "bad heap 3\\u{9b}1m\\u{202e}x\\u{200b}y\\x7f\\x07"
        );
        // White space inside a quote is the input's: kept visible; outside
        // one, the message's layout: one space.
        assert_eq!(
            clip_quotes("unknown game 'ni\nm\tx\r'; see\n  `grundy games`"),
            "unknown game 'ni\\nm\\tx\\r'; see `grundy games`"
        );
        // Escaping twice changes nothing; clipping counts the input's
        // characters, not the escapes.
        let once = clip_quotes("'\x1b\x1b' no");
        assert_eq!(clip_quotes(&once), once);
        let long = format!("'{}' no", "\x1b".repeat(100));
        assert_eq!(
            clip_quotes(&long),
            format!("'{}... (100 characters)' no", "\\x1b".repeat(80))
        );
        assert_eq!(clipped("a\x1bb"), "a\\x1bb");
        assert_eq!(escaped("\u{feff}ok\\x"), "\\u{feff}ok\\x");
    }

    #[test]
    fn short_messages_are_unchanged() {
        for m in [
            "'abc' is not a whole number",
            "the game's rules: 'x', 'y' (see `grundy games`)",
            "option -n given twice",
            "unknown game 'nmi'; did you mean 'nim'?",
            "",
        ] {
            assert_eq!(clip_quotes(m), m);
        }
        // An apostrophe inside a word opens no quote.
        let m = format!("the game's {} rules", "y".repeat(90));
        assert!(clip_quotes(&m).contains("... (90 characters)"));
    }
}
