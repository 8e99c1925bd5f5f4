//! Small pieces of SQL text shared by the read-model code.

use std::fmt::Write as _;

/// `count` numbered parameters from `first`: `$first, $first+1, …` (both backends read
/// `$n` through `sqlx::Any`). Callers never ask for none: SQL has no empty `IN ()`.
pub fn numbered_params(first: usize, count: usize) -> String {
    let mut out = String::with_capacity(count * 5);
    for n in first..first + count {
        if n > first {
            out.push_str(", ");
        }
        let _ = write!(out, "${n}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_are_numbered_from_the_first_asked_for() {
        assert_eq!(numbered_params(2, 3), "$2, $3, $4");
        assert_eq!(numbered_params(1, 1), "$1");
    }
}
