//! The answer of `grundy quotient`: a quotient presented, as data (the
//! JSON document) and as text.

use crate::heaps::HeapQuotient;
use crate::present::{Generator, Presentation};
use serde::Serialize;

/// The answer of `grundy quotient`: the fields of its JSON document.
#[derive(Clone, Debug, Serialize)]
pub struct QuotientReport {
    /// The game, as named by the front end.
    pub game: String,
    /// The largest heap of the closure computed.
    pub max_heap: usize,
    /// Whether the periodicity test proved this the whole game's quotient.
    pub solved: bool,
    /// Number of elements.
    pub order: usize,
    /// Every element's name (normal form), in the monoid's order.
    pub elements: Vec<String>,
    /// The elements of the P-portion.
    pub p_portion: Vec<String>,
    /// The generators and the heap each comes from.
    pub generators: Vec<Generator>,
    /// Relations, each `word = word`.
    pub relations: Vec<String>,
    /// Heap `n`'s element, for `n` in `0..=max_heap`.
    pub pretending: Vec<String>,
    /// Pre-period of the pretending function, if it looks periodic.
    pub preperiod: Option<usize>,
    /// Period of the pretending function, if it looks periodic.
    pub period: Option<usize>,
    /// Whether the quotient is tame: isomorphic to a quotient of nim.
    pub tame: bool,
    /// The order of Q_n for each heap `n` in `0..=max_heap`.
    pub orders: Vec<usize>,
    /// The last heap that changed the quotient's order.
    pub last_change: usize,
}

impl QuotientReport {
    /// Describes `q`, the quotient of `game`.
    pub fn new(game: &str, q: &HeapQuotient) -> QuotientReport {
        QuotientReport::presented(
            game,
            q,
            &Presentation::new(&q.candidate.monoid, &q.candidate.phi),
        )
    }

    /// Describes `q` with `pres`, its presentation already made
    /// ([`Presentation::new`] of `q`'s monoid and pretending function).
    pub fn presented(game: &str, q: &HeapQuotient, pres: &Presentation) -> QuotientReport {
        let m = &q.candidate.monoid;
        QuotientReport {
            game: game.to_string(),
            max_heap: q.max_heap,
            solved: q.solved,
            order: m.order(),
            elements: (0..m.order() as u32).map(|x| pres.name(x)).collect(),
            p_portion: m.p_portion().into_iter().map(|x| pres.name(x)).collect(),
            generators: pres.generators.clone(),
            relations: pres
                .relations
                .iter()
                .map(|(l, r)| format!("{} = {}", pres.word(l), pres.word(r)))
                .collect(),
            pretending: q.candidate.phi.iter().map(|&x| pres.name(x)).collect(),
            preperiod: q.period.map(|(n0, _)| n0),
            period: q.period.map(|(_, p)| p),
            tame: crate::tame::is_tame(m),
            orders: q.orders.clone(),
            last_change: q.last_change,
        }
    }

    /// The report as text, the way a paper prints a quotient.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let status = if self.solved {
            "the whole game's quotient (periodicity test passed)".to_string()
        } else {
            format!(
                "the bounded quotient Q_{} (not proven whole)",
                self.max_heap
            )
        };
        out.push_str(&format!(
            "{}: misère quotient of order {}{}, {}\n",
            self.game,
            self.order,
            if self.tame { " (tame)" } else { "" },
            status
        ));
        let gens: Vec<String> = self
            .generators
            .iter()
            .map(|g| format!("{} (heap {})", g.name, g.heap))
            .collect();
        out.push_str(&format!(
            "Q = < {} | {} >\n",
            self.generators
                .iter()
                .map(|g| g.name.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            self.relations.join(", ")
        ));
        out.push_str(&format!("generators: {}\n", gens.join(", ")));
        out.push_str(&format!("P = {{{}}}\n", self.p_portion.join(", ")));
        match (self.preperiod, self.period) {
            (Some(n0), Some(p)) => out.push_str(&format!(
                "pretending function (pre-period {n0}, period {p}):\n"
            )),
            _ => out.push_str("pretending function (no period seen):\n"),
        }
        let width = self.pretending.iter().map(|s| s.len()).max().unwrap_or(1);
        for (row, chunk) in self.pretending.chunks(10).enumerate() {
            let cells: Vec<String> = chunk.iter().map(|s| format!("{s:>width$}")).collect();
            out.push_str(&format!("{:>5}  {}\n", row * 10, cells.join(" ")));
        }
        out
    }
}
