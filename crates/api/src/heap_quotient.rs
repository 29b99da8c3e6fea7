//! The misère quotient of a family's heaps: grown with a progress bar
//! ([`grow_shown`]), the heap bound checked ([`quotient_heaps`]), and any
//! game of heaps read as the quotient crate's [`grundy_quotient::HeapGame`]
//! ([`heap_quotient`]).

use grundy_engine::{GameError, Limits, SearchError, TextGame};
use grundy_quotient::QuotientControl;

/// Grows the quotient of `game` with [`grundy_quotient::grow_with`] (its
/// checkpoint, if `ctl` names one, is the growth of `name`: a rule's name,
/// a family's with its options), counting its heaps and drawing a
/// progress bar on stderr when `ctl.progress` (heaps done, the order so
/// far; see [`grundy_sequence::Progress`]).
pub fn grow_shown(
    game: &dyn grundy_quotient::HeapGame,
    name: &str,
    max_heap: usize,
    limits: &Limits,
    ctl: &QuotientControl,
) -> Result<grundy_quotient::HeapQuotient, GameError> {
    // Started at the first heap reported (a resumed growth's first), so
    // the speed shown counts the heaps grown since.
    let mut bar = None;
    let grown = grundy_quotient::grow_with(game, name, max_heap, limits, ctl, &mut |n, order| {
        let bar = bar.get_or_insert_with(|| {
            grundy_sequence::Progress::start_at(ctl.progress, n as u64, max_heap as u64)
        });
        bar.set(n as u64);
        bar.say(format!("order {order}"));
    });
    if let Some(bar) = bar {
        bar.finish();
    }
    grown
}

/// The largest `--max-heap` of `grundy quotient`: the options of every
/// heap are kept (about `n^2 / 4` of them for a code that splits).
pub const MAX_QUOTIENT_HEAP: usize = 10_000;

/// `max_heap` of [`crate::Family::quotient`] as an index, refused past
/// [`MAX_QUOTIENT_HEAP`].
pub fn quotient_heaps(max_heap: u64) -> Result<usize, GameError> {
    usize::try_from(max_heap)
        .ok()
        .filter(|&n| n <= MAX_QUOTIENT_HEAP)
        .ok_or_else(|| {
            GameError::Input(format!(
                "--max-heap {max_heap} is too large: at most {MAX_QUOTIENT_HEAP}"
            ))
        })
}

/// The misère quotient of the heaps `0..=max_heap` of `game`, named
/// `name` (in a checkpoint: the family's name with its options), grown by
/// [`grow_shown`] under `limits` and `ctl`: `heap(k)` is the position of
/// one heap of `k`; each option of a heap, split into its components,
/// must be smaller heaps, read back by `size`. `reach` is `t` of the
/// periodicity test when it applies. Shared by [`crate::Adapter`] and the rules
/// files, whose `heap(n)` may fail.
///
/// Errors: a rules error or a part that is no smaller heap (input, exit
/// 2); a limit hit, naming the last quotient proven; a checkpoint that
/// cannot be used (input, naming the file).
#[allow(clippy::too_many_arguments)]
pub fn heap_quotient<G: TextGame>(
    game: &G,
    name: &str,
    heap: &dyn Fn(u64) -> Result<G::Position, GameError>,
    size: &dyn Fn(&G::Position) -> Option<u64>,
    reach: Option<u64>,
    max_heap: usize,
    limits: &Limits,
    ctl: &QuotientControl,
) -> Result<grundy_quotient::HeapQuotient, GameError> {
    let heaps = HeapsOf {
        game,
        heap,
        size,
        reach,
        fault: std::cell::RefCell::new(None),
    };
    let grown = grow_shown(&heaps, name, max_heap, limits, ctl);
    if let Some(e) = heaps.fault.into_inner() {
        return Err(e);
    }
    grown
}

/// A family's heaps as the quotient's [`grundy_quotient::HeapGame`]: the
/// options of heap `n` are those of the family's one-heap position, each
/// split into its components and read back as heap sizes. The first
/// failure (a rules error, a part that is no heap) is kept in `fault`,
/// and the options listed from then on are none.
struct HeapsOf<'a, G: TextGame> {
    game: &'a G,
    heap: &'a dyn Fn(u64) -> Result<G::Position, GameError>,
    size: &'a dyn Fn(&G::Position) -> Option<u64>,
    reach: Option<u64>,
    fault: std::cell::RefCell<Option<GameError>>,
}

impl<G: TextGame> HeapsOf<'_, G> {
    /// The heap sizes of each option of heap `n` (zero sizes left out).
    fn parts(&self, n: usize) -> Result<Vec<Vec<usize>>, GameError> {
        let p = (self.heap)(n as u64)?;
        let mut out = Vec::new();
        for option in self.game.options(&p).map_err(SearchError::from)? {
            let mut parts = Vec::new();
            for c in self.game.components(&option).map_err(SearchError::from)? {
                match (self.size)(&c) {
                    Some(0) => {}
                    Some(k) if k < n as u64 => parts.push(k as usize),
                    _ => {
                        return Err(GameError::Input(format!(
                            "a move from heap {n} leaves `{}`, which is not a smaller heap: the quotient is for games whose moves leave smaller heaps",
                            self.game.format(&c)
                        )))
                    }
                }
            }
            out.push(parts);
        }
        Ok(out)
    }
}

impl<G: TextGame> grundy_quotient::HeapGame for HeapsOf<'_, G> {
    fn options(&self, n: usize, f: &mut dyn FnMut(&[usize])) {
        if self.fault.borrow().is_some() {
            return;
        }
        match self.parts(n) {
            Ok(options) => options.iter().for_each(|o| f(o)),
            Err(e) => *self.fault.borrow_mut() = Some(e),
        }
    }

    fn period_reach(&self) -> Option<u64> {
        self.reach
    }

    fn faulted(&self) -> bool {
        self.fault.borrow().is_some()
    }
}
