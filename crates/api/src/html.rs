//! HTML of the answers for notebooks (Python's `_repr_html_`): an
//! analysis, a value sequence and a misère quotient, each a table made
//! from the same parts as its text ([`crate::render`]) and, for a
//! sequence, the one plot ([`crate::plot`]). Every word shown is escaped
//! ([`crate::plot::escape`]).

use crate::plot::{escape, plot_svg, PlotStyle, PlotView};
use crate::render::{period_text, AnalysisView};
use crate::{QuotientReport, SeqReport};
use std::fmt::Write as _;

/// Most rows of a list (moves, components) an HTML table shows; a last
/// row says how many more there are.
pub const HTML_ROWS: usize = 50;

/// One row of a two-column table.
fn row(out: &mut String, head: &str, cell: &str) {
    let _ = write!(
        out,
        "<tr><th style=\"text-align:left\">{}</th><td style=\"text-align:left\">{}</td></tr>",
        escape(head),
        escape(cell)
    );
}

/// A table of `heads` columns and `rows`, at most [`HTML_ROWS`] of them
/// and a row saying how many more.
fn list(out: &mut String, heads: &[&str], rows: &[Vec<&str>]) {
    let total = rows.len();
    out.push_str("<table><tr>");
    for h in heads {
        let _ = write!(out, "<th>{}</th>", escape(h));
    }
    out.push_str("</tr>");
    for cells in rows.iter().take(HTML_ROWS) {
        out.push_str("<tr>");
        for c in cells {
            let _ = write!(out, "<td>{}</td>", escape(c));
        }
        out.push_str("</tr>");
    }
    if total > HTML_ROWS {
        let _ = write!(
            out,
            "<tr><td colspan=\"{}\">... {} more</td></tr>",
            heads.len(),
            total - HTML_ROWS
        );
    }
    out.push_str("</table>");
}

/// The analysis `v` as HTML: the headline as the caption, the lines under
/// it, method and notes as rows; the moves' heading and the moves, the
/// components and a family's table as tables; then `explanation` (the
/// lines of `--explain`), when given, as preformatted text.
pub fn analysis_html(v: &AnalysisView, explanation: Option<&[String]>) -> String {
    let mut h = format!(
        "<table><caption style=\"text-align:left\"><b>{}</b></caption>",
        escape(&v.headline)
    );
    for l in &v.lines {
        row(&mut h, "", l);
    }
    row(&mut h, "", &v.method);
    for n in &v.notes {
        row(&mut h, "", n);
    }
    h.push_str("</table>");
    if let Some(heading) = &v.moves_heading {
        let _ = write!(h, "<p>{}</p>", escape(heading));
    }
    if !v.moves.is_empty() {
        let moves: Vec<_> = v
            .moves
            .iter()
            .map(|m| vec![m.label.as_str(), m.to.as_str()])
            .collect();
        list(&mut h, &["move", "to"], &moves);
    }
    if let Some(heading) = &v.components_heading {
        let _ = write!(h, "<p>{}</p>", escape(heading));
        let comps: Vec<_> = v
            .components
            .iter()
            .map(|c| vec![c.position.as_str(), c.value.as_deref().unwrap_or("")])
            .collect();
        list(&mut h, &["component", "value"], &comps);
    }
    if let Some(t) = &v.table {
        let _ = write!(h, "<p>{}</p>", escape(&t.caption));
        let heads: Vec<&str> = t.header.iter().map(String::as_str).collect();
        let rows: Vec<_> = t
            .rows
            .iter()
            .map(|r| r.iter().map(String::as_str).collect::<Vec<_>>())
            .collect();
        list(&mut h, &heads, &rows);
    }
    if let Some(lines) = explanation {
        let _ = write!(h, "<pre>{}</pre>", escape(&lines.join("\n")));
    }
    h
}

/// The sequence `r` as HTML: the game, its code, the heaps, the period
/// line of `grundy seq`, the first 24 values, then the plot of every heap
/// (points).
pub fn seq_html(r: &SeqReport) -> String {
    let mut h = format!(
        "<table><caption style=\"text-align:left\"><b>{}</b></caption>",
        escape(&r.game)
    );
    if let Some(code) = &r.code {
        row(&mut h, "code", code);
    }
    row(&mut h, "heaps", &format!("0 to {}", r.n));
    row(
        &mut h,
        "period",
        period_text(r.period.as_ref(), r.computed_to).trim(),
    );
    let head: Vec<String> = r.values.iter().take(24).map(|v| v.to_string()).collect();
    let more = if r.values.len() > 24 { " ..." } else { "" };
    row(&mut h, "values", &format!("{}{more}", head.join(" ")));
    h.push_str("</table>");
    if let Ok(svg) = plot_svg(r, &PlotView::whole(r, PlotStyle::Points)) {
        h.push_str(&svg);
    }
    h
}

/// The quotient `q` as HTML: order, status, heaps, tameness, the
/// presentation, the P-portion and the pretending function's period as
/// rows, then the first 200 heaps' elements, ten a row.
pub fn quotient_html(q: &QuotientReport) -> String {
    let mut h = format!(
        "<table><caption style=\"text-align:left\"><b>{}</b>: misère quotient</caption>",
        escape(&q.game)
    );
    row(&mut h, "order", &q.order.to_string());
    row(
        &mut h,
        "status",
        if q.solved {
            "the whole game's quotient (periodicity test passed)"
        } else {
            "the quotient of the heaps computed"
        },
    );
    row(&mut h, "heaps", &format!("0 to {}", q.max_heap));
    row(&mut h, "tame", if q.tame { "yes" } else { "no" });
    let generators: Vec<String> = q
        .generators
        .iter()
        .map(|g| format!("{} (heap {})", g.name, g.heap))
        .collect();
    row(&mut h, "generators", &generators.join(", "));
    row(&mut h, "relations", &q.relations.join(", "));
    row(&mut h, "P", &format!("{{{}}}", q.p_portion.join(", ")));
    if let (Some(a), Some(p)) = (q.preperiod, q.period) {
        row(
            &mut h,
            "pretending function",
            &format!("pre-period {a}, period {p}"),
        );
    }
    h.push_str("</table><table><tr><th>heap</th>");
    for d in 0..10 {
        let _ = write!(h, "<th>+{d}</th>");
    }
    h.push_str("</tr>");
    for (r, chunk) in q.pretending.chunks(10).take(20).enumerate() {
        let _ = write!(h, "<tr><th>{}</th>", r * 10);
        for e in chunk {
            let _ = write!(h, "<td>{}</td>", escape(e));
        }
        h.push_str("</tr>");
    }
    h.push_str("</table>");
    h
}
