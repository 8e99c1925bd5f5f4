//! The number check: every number an answer's text states must be one of its figures.
//! The built-in engine is held to it by tests; a model's wording is held to it at run
//! time (an answer that fails is retried, then replaced by the built-in answer).
//!
//! What is not a figure and may still carry digits: dates ("31 Dec 2025", "2025-12-31",
//! "Q3 2025", "Mar 2026"), entry numbers ("JE-000012") and the codes of accounts the
//! answer names ("1110"). Everything else that looks like a number must equal a figure's
//! amount (the sign aside: "a loss of NGN 5.00" states the figure -5.00).

use std::str::FromStr;
use std::sync::LazyLock;

use event_schemas::assistant::Figure;
use regex::Regex;
use rust_decimal::Decimal;

/// Text that holds digits without stating an amount: dates, quarters, entry numbers.
static NOT_AMOUNTS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{4}\b|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{4}\b|\bq[1-4]\s+\d{4}\b|\b[a-z]{2,4}-\d+\b",
    )
    .expect("pattern")
});
/// A number as text writes it: digits with thousands separators and decimals.
static NUMBER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\d[\d,]*(?:\.\d+)?").expect("pattern"));

/// The numbers `text` states, dates, entry numbers and `codes` aside.
pub fn numbers_in(text: &str, codes: &[String]) -> Vec<String> {
    let stripped = NOT_AMOUNTS.replace_all(text, " ");
    NUMBER
        .find_iter(&stripped)
        .map(|m| m.as_str().trim_end_matches([',', '.']).to_owned())
        .filter(|n| !codes.iter().any(|c| c == n))
        .collect()
}

/// The numbers in `text` that are none of `figures` (empty: the text passes).
pub fn unbacked_numbers(text: &str, figures: &[Figure], codes: &[String]) -> Vec<String> {
    numbers_in(text, codes)
        .into_iter()
        .filter(|n| {
            let Ok(value) = Decimal::from_str(&n.replace(',', "")) else {
                return true;
            };
            !figures.iter().any(|f| f.amount.abs() == value)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn figure(amount: &str) -> Figure {
        Figure {
            label: "x".into(),
            amount: Decimal::from_str(amount).expect("decimal"),
            currency: Some("NGN".into()),
            as_of: None,
            from: None,
            to: None,
        }
    }

    #[test]
    fn an_amount_that_is_a_figure_passes_whatever_its_separators() {
        let figures = [figure("1250000.00"), figure("-5.00")];
        let text =
            "Cash on hand (1110) stood at NGN 1,250,000.00 on 31 Dec 2025; a loss of NGN 5.00.";
        assert!(unbacked_numbers(text, &figures, &["1110".into()]).is_empty());
    }

    #[test]
    fn an_invented_amount_is_caught() {
        let figures = [figure("1250000.00")];
        let text = "Cash stood at NGN 1,250,000.00, up from NGN 900,000.00.";
        assert_eq!(unbacked_numbers(text, &figures, &[]), ["900,000.00"]);
    }

    #[test]
    fn dates_quarters_and_entry_numbers_are_not_amounts() {
        let text = "JE-000012 was posted on 2025-12-31 for Q3 2025, 1 Dec 2025 and Mar 2026.";
        assert!(numbers_in(text, &[]).is_empty());
    }

    #[test]
    fn a_code_the_answer_does_not_name_is_a_number_like_any_other() {
        assert_eq!(
            numbers_in("Account 1110 and 1120", &["1110".into()]),
            ["1120"]
        );
    }
}
