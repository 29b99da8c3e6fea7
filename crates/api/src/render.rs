//! Text for people: the analysis of a position, the list of games, a
//! value sequence. JSON output is the report types serialised as they
//! are; only the text layout is decided here.

use crate::summary::SeqSummary;
use crate::{Analysis, Outcome, Padded, Period, Play, Registration, SeqReport};
use serde::Serialize;
use std::fmt::Write as _;

/// The analysis laid out for a person, part by part: what
/// [`analysis_text`] prints and what the page places (the same words;
/// the page makes the moves buttons and the components a table). Every
/// sentence is decided here; a front end only places the parts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AnalysisView {
    /// Who wins and the value: `nim 3 4 5: first player wins (N), value 2`.
    pub headline: String,
    /// The outcome, for the front end's colour.
    pub outcome: Outcome,
    /// The lines after the headline: a loopy value, a genus.
    pub lines: Vec<String>,
    /// What the move list is, or why there is none (`2 winning moves:`,
    /// `winning moves not examined`); `None` when nothing is said.
    pub moves_heading: Option<String>,
    /// `winning`, or `drawing` in a drawn position.
    pub move_kind: &'static str,
    /// The moves listed: what each does and where it leads.
    pub moves: Vec<MoveView>,
    /// `components:` above the components, when there are any.
    pub components_heading: Option<String>,
    /// The components of a sum, when it has more than itself.
    pub components: Vec<ComponentView>,
    /// `method: ...`.
    pub method: String,
    /// `note: ...`, one a note.
    pub notes: Vec<String>,
    /// A family's table of many positions at once (every start of `ring`).
    pub table: Option<TableView>,
    /// The whole as the command line prints it ([`analysis_text`]).
    pub text: String,
}

/// One move of an [`AnalysisView`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveView {
    /// What the move does: `heap 1: 3 -> 1`.
    pub label: String,
    /// The position it leads to.
    pub to: String,
}

/// One component of an [`AnalysisView`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ComponentView {
    /// The component.
    pub position: String,
    /// `value 3`, when its value is known.
    pub value: Option<String>,
}

/// A family's table in an [`AnalysisView`]: a caption, the heading row,
/// then one row a position, each row's first cell its label.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableView {
    /// `Every start at once (A first, B first)`.
    pub caption: String,
    /// The heading of each column, the label column first.
    pub header: Vec<String>,
    /// The cells of each row, its label first.
    pub rows: Vec<Vec<String>>,
    /// The table as the command line prints it, columns aligned.
    pub text: String,
}

/// The [`AnalysisView`] of `a`; `title` names the game as invoked (e.g.
/// `bash --max 10`).
///
/// Every text that comes from the game (the position, move labels, the
/// positions moves lead to, components, notes, table cells: a rules
/// file's `format` and labels among them) has its control and invisible
/// characters escaped ([`crate::messages::escaped`]), so an answer
/// printed to a terminal cannot move its cursor or clear it; the JSON
/// document keeps them as they are (escaped by JSON itself).
pub fn analysis_view(title: &str, a: &Analysis) -> AnalysisView {
    use crate::messages::escaped;
    let misere = if a.play == Play::Misere {
        " (misère play)"
    } else {
        ""
    };
    let who = match a.outcome {
        Outcome::N => "first player wins (N)",
        Outcome::P => "second player wins (P)",
        Outcome::D => "draw (D)",
    };
    let head = [escaped(title), escaped(&a.position)]
        .into_iter()
        .filter(|t| !t.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    let mut headline = format!("{head}{misere}: {who}");
    match (a.value, &a.loopy_value, a.play) {
        (Some(v), _, _) => {
            let _ = write!(headline, ", value {v}");
        }
        // The infinite value has its own line.
        (None, Some(_), _) | (None, None, Play::Misere) => {}
        (None, None, Play::Normal) => headline.push_str(", value not computed"),
    }
    let mut lines = Vec::new();
    if let Some(v) = &a.loopy_value {
        lines.push(format!(
            "loopy value {v} (generalized Sprague-Grundy value)"
        ));
    }
    if let Some(g) = &a.genus {
        lines.push(format!("genus {g}"));
    }
    // A drawn position lists the moves keeping the draw, any other its
    // winning moves.
    let (kind, count, moves) = if a.outcome == Outcome::D {
        ("drawing", a.drawing_move_count, &a.drawing_moves)
    } else {
        ("winning", a.winning_move_count, &a.winning_moves)
    };
    let listed = moves.len();
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let moves_heading = match count {
        None if a.outcome == Outcome::N && listed == 0 => {
            Some("winning moves not examined".to_string())
        }
        Some(0) if a.outcome == Outcome::N => Some("no winning move listed".to_string()),
        None if listed == 0 => None,
        Some(0) => None,
        // The first moves a theory found in a position with too many to
        // examine; a note says they are not counted.
        None if listed == 1 => Some(format!("the first {kind} move found:")),
        None => Some(format!("the first {listed} {kind} moves found:")),
        Some(count) if listed == count => Some(format!("{count} {kind} move{}:", plural(count))),
        Some(count) => Some(format!(
            "{count} {kind} move{}, the first {listed} listed:",
            plural(count)
        )),
    };
    // Every move listed goes under its heading; none is shown when the
    // count says there are none.
    let moves = match count {
        Some(0) => Vec::new(),
        _ => moves
            .iter()
            .map(|m| MoveView {
                label: escaped(&m.label),
                to: escaped(&m.to),
            })
            .collect(),
    };
    let trivial = a.components.len() == 1 && a.components[0].position == a.position;
    let components = if trivial {
        Vec::new()
    } else {
        a.components
            .iter()
            .map(|c| ComponentView {
                position: escaped(&c.position),
                value: c.value.map(|v| format!("value {v}")),
            })
            .collect()
    };
    let mut view = AnalysisView {
        headline,
        outcome: a.outcome,
        lines,
        moves_heading,
        move_kind: kind,
        moves,
        components_heading: (!components.is_empty()).then(|| "components:".to_string()),
        components,
        method: format!("method: {}", escaped(&a.method)),
        notes: a
            .notes
            .iter()
            .map(|n| format!("note: {}", escaped(n)))
            .collect(),
        table: a.table.as_ref().map(|t| TableView {
            caption: format!(
                "Every {} at once ({})",
                t.row_name,
                t.columns
                    .iter()
                    .map(|(n, _)| n.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            header: std::iter::once(t.row_name.clone())
                .chain(t.columns.iter().map(|(n, _)| n.clone()))
                .collect(),
            rows: t
                .rows
                .iter()
                .enumerate()
                .map(|(i, r)| {
                    std::iter::once(escaped(r))
                        .chain(
                            t.columns
                                .iter()
                                .map(|(_, words)| escaped(words.get(i).map_or("", String::as_str))),
                        )
                        .collect()
                })
                .collect(),
            text: t.to_text(),
        }),
        text: String::new(),
    };
    view.text = view_text(&view);
    view
}

/// The analysis as a few lines a person reads at a glance: who wins and
/// the value, every winning move with the position it leads to, the
/// components and their values, how the answer was found (the parts of
/// [`analysis_view`], one a line, lists indented and aligned). `title`
/// names the game as invoked (e.g. `bash --max 10`).
pub fn analysis_text(title: &str, a: &Analysis) -> String {
    analysis_view(title, a).text
}

/// The parts of `v` (its `text` aside) one a line, lists indented and
/// aligned.
fn view_text(v: &AnalysisView) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{}", v.headline);
    for l in &v.lines {
        let _ = writeln!(s, "{l}");
    }
    if let Some(h) = &v.moves_heading {
        let _ = writeln!(s, "{h}");
    }
    let width = v
        .moves
        .iter()
        .map(|m| m.label.chars().count())
        .max()
        .unwrap_or(0);
    for m in &v.moves {
        let _ = writeln!(s, "  {}    to: {}", Padded(&m.label, width), m.to);
    }
    if let Some(h) = &v.components_heading {
        let _ = writeln!(s, "{h}");
        let width = v
            .components
            .iter()
            .map(|c| c.position.chars().count())
            .max()
            .unwrap_or(0);
        for c in &v.components {
            match &c.value {
                Some(value) => {
                    let _ = writeln!(s, "  {}    {value}", Padded(&c.position, width));
                }
                None => {
                    let _ = writeln!(s, "  {}", c.position);
                }
            }
        }
    }
    let _ = writeln!(s, "{}", v.method);
    for n in &v.notes {
        let _ = writeln!(s, "{n}");
    }
    if let Some(t) = &v.table {
        s.push_str(&t.text);
    }
    s
}

/// The text of `analyze --explain` after the analysis: `why:` and the
/// explanation's lines, indented.
pub fn explanation_text(e: &crate::explain::Explanation) -> String {
    let mut s = String::from("why:\n");
    for line in &e.text {
        let _ = writeln!(s, "  {line}");
    }
    s
}

/// One game as `grundy games --json` lists it.
#[derive(Serialize)]
struct GameEntry<'a> {
    name: &'a str,
    rules: &'a str,
    syntax: &'a str,
    options: Vec<OptionEntry<'a>>,
    example: String,
}

#[derive(Serialize)]
struct OptionEntry<'a> {
    name: &'a str,
    value: &'a str,
    help: &'a str,
    required: bool,
}

/// The `grundy games --json` document: an array with one object per game
/// (`name`, `rules`, `syntax`, `options`, `example` as a full command).
pub fn games_json(regs: &[Registration]) -> String {
    let entries: Vec<GameEntry> = regs
        .iter()
        .map(|r| GameEntry {
            name: &r.name,
            rules: &r.rules,
            syntax: &r.syntax,
            options: r
                .options
                .iter()
                .map(|o| OptionEntry {
                    name: o.name,
                    value: o.value,
                    help: o.help,
                    required: o.required,
                })
                .collect(),
            example: example(r),
        })
        .collect();
    serde_json::to_string_pretty(&entries).unwrap_or_else(|_| "[]".into())
}

fn example(r: &Registration) -> String {
    if r.example.is_empty() {
        format!("grundy analyze {}", r.name)
    } else {
        format!("grundy analyze {} {}", r.name, r.example)
    }
}

/// The `grundy games` text: one block per game.
pub fn games_text(regs: &[Registration]) -> String {
    let mut s = String::new();
    if regs.is_empty() {
        s.push_str("no games are registered\n");
    }
    for (i, r) in regs.iter().enumerate() {
        if i > 0 {
            s.push('\n');
        }
        let _ = writeln!(s, "{}", r.name);
        let _ = writeln!(s, "  rules:    {}", r.rules);
        let _ = writeln!(s, "  position: {}", r.syntax);
        for o in &r.options {
            let req = if o.required { ", required" } else { "" };
            let _ = writeln!(s, "  option:   --{} {}  ({}{req})", o.name, o.value, o.help);
        }
        let _ = writeln!(s, "  example:  {}", example(r));
    }
    s
}

/// The period line of `grundy seq`.
pub fn period_text(p: Option<&Period>, n: u64) -> String {
    match p {
        Some(p) => format!(
            "period {}, pre-period {} ({})",
            p.period,
            p.preperiod,
            if p.proven { "proven" } else { "observed" }
        ),
        None => format!("no period found in heaps 0..={n}"),
    }
}

/// The period line of `grundy seq` for heaps 0..=`n` asked and
/// `computed_to` computed: without a period, how far it was looked for
/// (a short request is extended to find its period, within a time share,
/// so `computed_to` may stop short of 4,096).
pub fn seq_period_text(p: Option<&Period>, n: u64, computed_to: u64) -> String {
    match p {
        None if computed_to > n => format!(
            "no period found in heaps 0..={computed_to} (computed past {n} to look for one)"
        ),
        _ => period_text(p, n),
    }
}

/// The values of a sequence, several to a line, each line starting with
/// the heap size of its first value; then the period line. `title` names
/// the game as invoked; its take-and-break code follows where it has one
/// (`kayles (octal 0.77)`), else the family's own name where it differs.
pub fn seq_text(title: &str, r: &SeqReport) -> String {
    let mut out = Vec::new();
    write_seq_text(&mut out, title, r).expect("writing to memory");
    String::from_utf8(out).expect("the layout is ASCII and the title UTF-8")
}

/// [`seq_text`] written to `out` as it is laid out, a line at a time, so
/// millions of values need no second copy in memory.
pub fn write_seq_text(
    out: &mut impl std::io::Write,
    title: &str,
    r: &SeqReport,
) -> std::io::Result<()> {
    let head = heading(title, r.code.as_deref(), &r.game);
    writeln!(out, "{head}: values of heaps 0..={}", r.n)?;
    let vw = digits(r.values.max().unwrap_or(0));
    // Round numbers per line keep the heap indices easy to read.
    let per_line = if vw <= 2 { 20 } else { 10 };
    let iw = digits(r.values.len().saturating_sub(1) as u64);
    let mut line = String::new();
    for (k, v) in r.values.iter().enumerate() {
        if k % per_line == 0 {
            if k > 0 {
                line.push('\n');
                out.write_all(line.as_bytes())?;
                line.clear();
            }
            let _ = write!(line, "{k:>iw$}:");
        }
        let _ = write!(line, " {v:>vw$}");
    }
    if !line.is_empty() {
        line.push('\n');
        out.write_all(line.as_bytes())?;
    }
    writeln!(
        out,
        "{}",
        seq_period_text(r.period.as_ref(), r.n, r.computed_to)
    )?;
    if let Some(genus) = &r.genus {
        write_genus(out, genus)?;
    }
    Ok(())
}

/// `seq --genus`: each heap's genus in Conway's notation (`4^146`), ten
/// a line after the heap index of the first, in columns.
fn write_genus(out: &mut impl std::io::Write, genus: &[crate::Genus]) -> std::io::Result<()> {
    writeln!(out, "genus of heaps 0..={}:", genus.len().saturating_sub(1))?;
    let texts: Vec<String> = genus.iter().map(ToString::to_string).collect();
    let gw = texts.iter().map(String::len).max().unwrap_or(1);
    let iw = digits(genus.len().saturating_sub(1) as u64);
    for (row, chunk) in texts.chunks(10).enumerate() {
        let mut line = format!("{:>iw$}:", row * 10);
        for t in chunk {
            let _ = write!(line, " {t:<gw$}");
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}

/// The game as invoked, with its take-and-break code where it has one
/// (`kayles (octal 0.77)`), else the family's own name where it differs.
fn heading(title: &str, code: Option<&str>, game: &str) -> String {
    match code {
        Some(c) => format!("{title} ({} {c})", code_kind(c)),
        None if game != title => format!("{title} ({game})"),
        None => title.to_string(),
    }
}

/// The most values whose counts `seq --summary` prints as text.
pub const SUMMARY_COUNTS: usize = 400;

/// `seq --summary`: the period, the largest value and where it first
/// occurs, and how often each value occurs (most frequent first, ties by
/// value), without the values; `values_file` is where they were written,
/// if anywhere.
pub fn seq_summary_text(title: &str, r: &SeqSummary, values_file: Option<&str>) -> String {
    let mut s = heading(title, r.code.as_deref(), &r.game);
    let _ = writeln!(s, ": summary of heaps 0..={}", r.n);
    let _ = writeln!(
        s,
        "{}",
        seq_period_text(r.period.as_ref(), r.n, r.computed_to)
    );
    let _ = writeln!(
        s,
        "largest value {}, first at heap {}",
        r.largest, r.largest_at
    );
    let mut counts: Vec<(u64, u64)> = r.counts.iter().map(|(&v, &c)| (v, c)).collect();
    counts.sort_by_key(|&(v, c)| (std::cmp::Reverse(c), v));
    let more = if r.uncounted > 0 { "more than " } else { "" };
    let _ = writeln!(
        s,
        "{more}{} distinct values; heaps per value:",
        counts.len()
    );
    for chunk in counts[..counts.len().min(SUMMARY_COUNTS)].chunks(8) {
        let line: Vec<String> = chunk.iter().map(|(v, c)| format!("{v}: {c}")).collect();
        let _ = writeln!(s, "  {}", line.join(", "));
    }
    if counts.len() > SUMMARY_COUNTS {
        let _ = writeln!(
            s,
            "  ... and {} more values, none more frequent (--json lists every count)",
            counts.len() - SUMMARY_COUNTS
        );
    }
    if r.uncounted > 0 {
        let _ = writeln!(
            s,
            "  {} heaps not counted: only the first {} distinct values of 65,536 or more are",
            r.uncounted,
            crate::summary::MAX_LARGE_VALUES
        );
    }
    if let Some(f) = values_file {
        let _ = writeln!(s, "values written to {f}{}", crate::values::file_form(f));
    }
    s
}

/// `hexadecimal` for a code in hexadecimal normal form (a letter digit, or
/// the `0x` prefix of one without), else `octal`.
fn code_kind(code: &str) -> &'static str {
    if code.starts_with("0x") || code.bytes().any(|b| b.is_ascii_alphabetic()) {
        "hexadecimal"
    } else {
        "octal"
    }
}

fn digits(v: u64) -> usize {
    v.checked_ilog10().map_or(1, |d| d as usize + 1)
}

/// The heading of the misère survey's table ([`misere_survey_line`]):
/// each column of the JSON line once, under its own label.
pub const MISERE_SURVEY_HEADING: &str =
    "code         order  P-portion  solved  solved at  preperiod  period  tame  max heap    seconds  stopped by";

/// One code's row of the misère survey's table: the code, the order of
/// the quotient reached and the size of its P-portion, whether it is
/// solved and at which heap, the pre-period and period of its pretending
/// function, tame or not, the largest heap reached, the seconds, and the
/// limit that stopped it (`-` where a field is unknown).
pub fn misere_survey_line(l: &crate::misere_survey::MisereLine) -> String {
    if let Some(e) = &l.error {
        return format!("{:<10} error: {e}", l.code);
    }
    let opt = |v: Option<u64>| v.map_or("-".to_string(), |v| v.to_string());
    let yes = |b: bool| if b { "yes" } else { "no" };
    let row = format!(
        "{:<10} {:>7} {:>10}  {:<6} {:>10} {:>10} {:>7}  {:<4} {:>9} {:>10.3}",
        l.code,
        opt(l.order.map(|o| o as u64)),
        opt(l.p_portion_size.map(|p| p as u64)),
        yes(l.solved),
        opt(l.solved_at),
        opt(l.preperiod),
        opt(l.period),
        l.tame.map_or("-", yes),
        l.max_heap,
        l.seconds
    );
    match &l.stopped {
        Some(why) => format!("{row}  {why}"),
        None => row,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ComponentReport, MoveReport};

    fn nim345() -> Analysis {
        Analysis {
            game: "nim".into(),
            position: "3 4 5".into(),
            play: Play::Normal,
            outcome: Outcome::N,
            value: Some(2),
            genus: None,
            winning_move_count: Some(1),
            winning_moves: vec![MoveReport {
                label: "heap 1: 3 -> 1".into(),
                to: "1 4 5".into(),
            }],
            drawing_move_count: None,
            drawing_moves: vec![],
            loopy_value: None,
            components: ["3", "4", "5"]
                .iter()
                .map(|p| ComponentReport {
                    position: p.to_string(),
                    value: p.parse().ok(),
                })
                .collect(),
            method: "closed form".into(),
            notes: vec![],
            table: None,
        }
    }

    #[test]
    fn control_characters_from_the_game_are_escaped_in_the_text() {
        // A rules file's label and format may hold any character: printed
        // raw, ESC [2J would clear the reader's terminal.
        let mut a = nim345();
        a.position = "x\u{1b}[31m".into();
        a.winning_moves[0].label = "take\u{1b}[2J\ncleared\u{0}".into();
        a.winning_moves[0].to = "y\u{202e}".into();
        a.notes = vec!["at x\u{7}".into()];
        let t = analysis_text("g", &a);
        assert!(
            !t.chars()
                .any(|c| c != '\n' && crate::messages::is_hidden(c)),
            "{t:?}"
        );
        assert!(t.starts_with("g x\\x1b[31m: first player wins (N)"), "{t}");
        assert!(t.contains("take\\x1b[2J\\ncleared\\x00"), "{t}");
        assert!(t.contains("to: y\\u{202e}"), "{t}");
        assert!(t.contains("note: at x\\x07"), "{t}");
        // Every line of the text is one of the layout's.
        assert_eq!(
            t.lines().count(),
            analysis_text("g", &nim345()).lines().count() + 1
        );
    }

    #[test]
    fn analysis_layout() {
        assert_eq!(
            analysis_text("nim", &nim345()),
            "nim 3 4 5: first player wins (N), value 2\n\
             1 winning move:\n\
             \x20 heap 1: 3 -> 1    to: 1 4 5\n\
             components:\n\
             \x20 3    value 3\n\
             \x20 4    value 4\n\
             \x20 5    value 5\n\
             method: closed form\n"
        );
    }

    #[test]
    fn misere_and_p_positions() {
        let mut a = nim345();
        a.play = Play::Misere;
        a.outcome = Outcome::P;
        a.value = None;
        a.winning_moves.clear();
        a.winning_move_count = Some(0);
        for c in &mut a.components {
            c.value = None;
        }
        a.notes.push("a remark".into());
        let t = analysis_text("nim", &a);
        assert!(
            t.starts_with("nim 3 4 5 (misère play): second player wins (P)\n"),
            "{t}"
        );
        assert!(!t.contains("winning move"));
        assert!(t.contains("components:\n  3\n  4\n  5\n"));
        assert!(t.ends_with("note: a remark\n"));
        // The genus, when searched, is the second line.
        a.genus = Some(crate::Genus {
            normal: 0,
            misere: vec![0, 2],
        });
        let t = analysis_text("nim", &a);
        assert!(
            t.starts_with("nim 3 4 5 (misère play): second player wins (P)\ngenus 0^02\n"),
            "{t}"
        );
    }

    #[test]
    fn moves_counted_but_not_all_listed() {
        let mut a = nim345();
        a.winning_move_count = Some(3);
        let t = analysis_text("nim", &a);
        assert!(
            t.contains("\n3 winning moves, the first 1 listed:\n  heap 1"),
            "{t}"
        );
        a.winning_moves.clear();
        let t = analysis_text("nim", &a);
        assert!(
            t.contains("\n3 winning moves, the first 0 listed:\ncomponents"),
            "{t}"
        );
        a.winning_move_count = None;
        let t = analysis_text("nim", &a);
        assert!(t.contains("\nwinning moves not examined\n"), "{t}");
        a.outcome = Outcome::P;
        assert!(!analysis_text("nim", &a).contains("winning"));
    }

    #[test]
    fn a_single_component_equal_to_the_position_is_not_repeated() {
        let mut a = nim345();
        a.position = "3".into();
        a.components.truncate(1);
        assert!(!analysis_text("nim", &a).contains("components"));
    }

    #[test]
    fn a_table_is_printed_last_and_its_columns_are_json_fields() {
        let mut a = nim345();
        a.outcome = Outcome::D;
        a.value = None;
        a.winning_move_count = Some(0);
        a.drawing_move_count = Some(1);
        a.drawing_moves = std::mem::take(&mut a.winning_moves);
        a.table = Some(grundy_engine::Table {
            row_name: "start".into(),
            rows: vec!["2".into(), "3".into()],
            columns: vec![
                ("a_first".into(), vec!["Lose".into(), "Loop".into()]),
                ("b_first".into(), vec!["Win".into(), "Win".into()]),
            ],
        });
        let t = analysis_text("g", &a);
        assert!(t.contains("1 drawing move:\n"), "{t}");
        assert!(
            t.ends_with("start  a_first  b_first\n2      Lose     Win\n3      Loop     Win\n"),
            "{t}"
        );
        let j: serde_json::Value = serde_json::to_value(&a).unwrap();
        assert_eq!(j["a_first"], serde_json::json!(["Lose", "Loop"]));
        assert_eq!(j["b_first"], serde_json::json!(["Win", "Win"]));
        assert!(j.get("table").is_none());
        // Without a table no field is added.
        let j = serde_json::to_value(nim345()).unwrap();
        assert!(j.get("a_first").is_none() && j.get("table").is_none());
    }

    #[test]
    fn a_drawn_position_lists_its_drawing_moves_and_its_loopy_value() {
        let mut a = nim345();
        a.outcome = Outcome::D;
        a.value = None;
        a.winning_move_count = Some(0);
        a.drawing_move_count = Some(2);
        a.drawing_moves = std::mem::take(&mut a.winning_moves);
        a.loopy_value = Some("∞{0,2}".into());
        let t = analysis_text("g", &a);
        assert!(
            t.starts_with(
                "g 3 4 5: draw (D)\n\
                 loopy value ∞{0,2} (generalized Sprague-Grundy value)\n\
                 2 drawing moves, the first 1 listed:\n\
                 \x20 heap 1: 3 -> 1    to: 1 4 5\n"
            ),
            "{t}"
        );
        assert!(!t.contains("winning") && !t.contains("not computed"), "{t}");
        let j = serde_json::to_value(&a).unwrap();
        assert_eq!(j["winning_moves"], serde_json::json!([]));
        assert_eq!(j["drawing_move_count"], 2);
        assert_eq!(j["drawing_moves"][0]["to"], "1 4 5");
        assert_eq!(j["loopy_value"], "∞{0,2}");
        assert_eq!(j["value"], serde_json::Value::Null);
        // Absent when there is nothing to say.
        let j = serde_json::to_value(nim345()).unwrap();
        for field in ["drawing_move_count", "drawing_moves", "loopy_value"] {
            assert!(j.get(field).is_none(), "{field}");
        }
    }

    #[test]
    fn seq_layout() {
        let r = SeqReport {
            game: "octal 0.07".into(),
            n: 21,
            values: (0..22).map(|k| k % 5).collect(),
            code: Some("0.07".into()),
            period: Some(Period {
                preperiod: 0,
                period: 5,
                proven: false,
            }),
            computed_to: 21,
            genus: None,
        };
        assert_eq!(
            seq_text("octal --code 0.07", &r),
            "octal --code 0.07 (octal 0.07): values of heaps 0..=21\n\
             \x200: 0 1 2 3 4 0 1 2 3 4 0 1 2 3 4 0 1 2 3 4\n\
             20: 0 1\n\
             period 5, pre-period 0 (observed)\n"
        );
        let plain = SeqReport {
            game: "nim".into(),
            code: None,
            ..r.clone()
        };
        assert!(seq_text("nim", &plain).starts_with("nim: values"));
        assert!(seq_text("nim --x", &plain).starts_with("nim --x (nim): values"));
        assert_eq!(code_kind("0.F"), "hexadecimal");
        assert_eq!(code_kind("0x0.37"), "hexadecimal");
        assert_eq!(code_kind("4.07"), "octal");
        assert_eq!(period_text(None, 9), "no period found in heaps 0..=9");
        assert_eq!(
            seq_period_text(None, 9, 9),
            "no period found in heaps 0..=9"
        );
        assert_eq!(
            seq_period_text(None, 100, 612),
            "no period found in heaps 0..=612 (computed past 100 to look for one)"
        );
    }

    #[test]
    fn digit_counts() {
        assert_eq!(digits(0), 1);
        assert_eq!(digits(9), 1);
        assert_eq!(digits(10), 2);
        assert_eq!(digits(u64::MAX), 20);
    }
}
