//! Grundy's game: split one heap into two heaps of different sizes.

use crate::mechanics::take_break;
use grundy_api::BuiltIn;
use grundy_sequence::HeapRule;

fn wording(from: u64, parts: &[u64]) -> String {
    let parts: Vec<String> = parts.iter().map(u64::to_string).collect();
    format!("split {from} into {}", parts.join(" + "))
}

/// `grundy-game HEAP...`.
pub const REGISTRATION: BuiltIn = BuiltIn {
    name: "grundy-game",
    rules: "split one heap into two non-empty heaps of different sizes",
    syntax: "heap sizes",
    example: "7 9",
    options: &[],
    build: |_, limits| {
        Ok(take_break::family(
            "grundy-game".to_string(),
            HeapRule::GrundyGame,
            wording,
            limits,
        ))
    },
};
