//! Journal-entry testing for audit sessions.
pub mod benford;
pub mod context;
pub mod error;
pub mod finding;
pub mod population;
pub mod stats;
#[cfg(test)]
mod testing;
