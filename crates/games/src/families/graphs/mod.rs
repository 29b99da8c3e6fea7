//! Families played on a graph: tokens sliding on a directed graph, green
//! Hackenbush, and the ring (a monster going round a circle, which may
//! repeat positions).

pub mod graph;
pub mod hackenbush;
pub mod ring;
