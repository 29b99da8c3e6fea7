//! The nimber crate's integration tests, in one test binary (one link
//! instead of one per file).

mod field;
mod mex;
mod oracle;
