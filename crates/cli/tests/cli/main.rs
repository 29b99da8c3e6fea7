//! The `grundy` binary's integration tests, in one test binary (one link
//! instead of one per file): each module tests one command or concern
//! through the real executable; `common` holds the shared helpers.

mod common;

mod analyze;
mod argument_errors_named;
mod attached_values;
mod batch;
mod checkpoint_kill;
mod coins;
mod conveniences;
mod damaged_checkpoints;
mod errors;
mod explain;
mod families;
mod fuzz;
mod games_list;
mod genus;
mod graph;
mod hackenbush;
mod huge_positions;
mod interrupt;
mod json_line;
mod long_input_lines;
mod memory_budget;
mod misere_survey;
#[cfg(feature = "mpi")]
mod mpi;
mod nim_arith;
mod output_files;
mod pirates;
mod play;
mod play_default_start;
mod play_master;
mod play_memory;
mod play_notation;
mod play_undo;
#[cfg(target_os = "linux")]
mod progress;
mod quotient;
mod quotient_checkpoint;
mod readme;
mod repeated_options;
mod ring;
mod rules_files;
mod seq;
mod thread_count_limit;
mod time_limits;
mod unknown_option_before_game;
