//! One-heap value sequences (placeholder for the module list; see ARCHITECTURE.md).
