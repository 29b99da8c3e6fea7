//! The mechanisms several families share: positions written as heap lists
//! ([`heaps`]) or rows of cells ([`row`]), one list of moves for both
//! layers of the game contract ([`steps`]), heap values from the sequence
//! engine ([`take_break`]), `seq` from a formula ([`formula`]), the guards
//! that refuse misère searches too large to run ([`misere_bound`]), the
//! Sprague-Grundy-Jiang theorem ([`anti_sg`]). Nothing here names a
//! family.

pub mod anti_sg;
pub mod formula;
pub mod heaps;
pub mod misere_bound;
pub mod row;
pub mod steps;
pub mod take_break;
