//! The game families' integration tests, in one test binary (one link
//! instead of one per file): a module per family or concern;
//! `heaps_common` and `rows_support` hold the checks shared by the heap and
//! row families.

mod heaps_common;
mod rows_support;

mod coins;
mod contracts;
mod digital_deletions;
mod graph;
mod hackenbush;
mod heap_count_limit;
mod heaps_bash;
mod heaps_game31;
mod heaps_lasker;
mod heaps_multiplication;
mod heaps_nim;
mod heaps_staircase;
mod heaps_sums;
mod heaps_wythoff;
mod move_list_time;
mod notation;
mod paint2xn_misere_size;
mod ranks;
mod ring;
mod row_games_misere_size;
mod rows_checkers;
mod rows_kayles;
mod rows_paint;
mod rows_treblecross;
mod rows_xo;
mod seq_memory;
mod take_break;
mod take_break_huge;
mod take_break_misere_quotient;
mod take_break_misere_size;
