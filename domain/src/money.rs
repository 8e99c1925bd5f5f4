//! Amounts as the domain accepts them: `rust_decimal::Decimal` in the workspace's base
//! currency, at most [`MONEY_DECIMALS`] places, never negative, at most [`AMOUNT_MAX`].
//! Events store them at exactly two places ([`at_money_scale`]), so `"1234.5"` in a
//! request is `"1234.50"` in the log.

use std::str::FromStr;
use std::sync::LazyLock;

use rust_decimal::{Decimal, RoundingStrategy};

pub use event_schemas::money::{at_money_scale, MONEY_DECIMALS};

/// The largest single amount (one line, one budget): 999,999,999,999,999.99 — a
/// quadrillion naira less a kobo, far past any SME's books. It bounds the arithmetic: a
/// thousand such lines sum to under 10^18, well inside `Decimal`'s 28 digits, so totals
/// never overflow.
pub static AMOUNT_MAX: LazyLock<Decimal> =
    LazyLock::new(|| Decimal::from_str("999999999999999.99").unwrap_or(Decimal::MAX));

/// `amount` rounded half-up (half away from zero) to [`MONEY_DECIMALS`] places and
/// written at that scale: the one rounding rule of every computed amount (payslips,
/// depreciation charges, interest). `0.005` → `0.01`, `2.344` → `2.34`.
pub fn round_money(amount: Decimal) -> Decimal {
    at_money_scale(
        amount.round_dp_with_strategy(MONEY_DECIMALS, RoundingStrategy::MidpointAwayFromZero),
    )
}

/// Zero written at [`MONEY_DECIMALS`] places (`"0.00"`): the start of every computed
/// total, so even an empty one reads like the other amounts.
pub const MONEY_ZERO: Decimal = Decimal::from_parts(0, 0, 0, false, MONEY_DECIMALS);

/// Reads a money string exactly as the API documents it (`-?\d+(\.\d+)?`, the `Money`
/// schema's pattern): ASCII digits, an optional leading minus and an optional fraction
/// with digits on both sides of the point. Anything `Decimal::from_str` would also take
/// (`1e5`, `+5`, `.5`, `5.`, `1_000`, surrounding spaces) is refused, so what a client
/// sends is what the books record — no exponent or shorthand is guessed at. Bounds
/// (sign, places, size) are [`check_amount`]'s job.
pub fn parse_decimal(raw: &str) -> Option<Decimal> {
    let digits = raw.strip_prefix('-').unwrap_or(raw);
    let (whole, fraction) = match digits.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (digits, None),
    };
    let all_digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(whole) || !fraction.is_none_or(all_digits) {
        return None;
    }
    Decimal::from_str(raw).ok()
}

/// What is wrong with an amount, if anything. Displayed as the end of a sentence whose
/// subject is the field (`"basic must not be negative"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AmountProblem {
    Negative,
    TooPrecise,
    TooLarge,
}

impl std::fmt::Display for AmountProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Negative => "must not be negative",
            Self::TooPrecise => "has more than two decimal places",
            Self::TooLarge => "is above the largest amount the books hold",
        })
    }
}

/// Checks an amount against the three bounds. Scale is judged on the normalized value, so
/// `"12.500"` (two significant places) is accepted as `12.50`.
pub fn check_amount(amount: Decimal) -> Result<Decimal, AmountProblem> {
    if amount.is_sign_negative() && !amount.is_zero() {
        return Err(AmountProblem::Negative);
    }
    if amount.normalize().scale() > MONEY_DECIMALS {
        return Err(AmountProblem::TooPrecise);
    }
    if amount > *AMOUNT_MAX {
        return Err(AmountProblem::TooLarge);
    }
    Ok(at_money_scale(amount.abs()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).expect("decimal")
    }

    #[test]
    fn a_money_string_in_the_documented_form_is_read() {
        assert_eq!(parse_decimal("1500.00"), Some(d("1500.00")));
        assert_eq!(parse_decimal("1500"), Some(d("1500")));
        assert_eq!(parse_decimal("-0.5"), Some(d("-0.5")));
        assert_eq!(parse_decimal("0.125"), Some(d("0.125")));
    }

    #[test]
    fn a_money_string_outside_the_documented_form_is_refused() {
        for raw in [
            "1e5", "1E5", "+5", ".5", "5.", "", "-", " 5", "5 ", "1_000", "1,000", "5.0.0", "--5",
            "0x10", "١٢", "NaN", "inf",
        ] {
            assert_eq!(parse_decimal(raw), None, "{raw:?} was read");
        }
    }

    #[test]
    fn an_amount_is_stored_at_exactly_two_places() {
        assert_eq!(
            check_amount(d("1234.5")).map(|a| a.to_string()),
            Ok("1234.50".into())
        );
    }

    #[test]
    fn trailing_zeros_past_two_places_are_not_extra_precision() {
        assert_eq!(check_amount(d("12.500")), Ok(d("12.50")));
    }

    #[test]
    fn a_third_significant_decimal_is_refused() {
        assert_eq!(check_amount(d("0.001")), Err(AmountProblem::TooPrecise));
    }

    #[test]
    fn a_negative_amount_is_refused() {
        assert_eq!(check_amount(d("-0.01")), Err(AmountProblem::Negative));
    }

    #[test]
    fn negative_zero_is_zero() {
        assert_eq!(
            check_amount(d("-0.00")).map(|a| a.to_string()),
            Ok("0.00".into())
        );
    }

    #[test]
    fn an_amount_above_the_maximum_is_refused() {
        assert_eq!(
            check_amount(d("1000000000000000.00")),
            Err(AmountProblem::TooLarge)
        );
        assert!(check_amount(*AMOUNT_MAX).is_ok());
    }

    #[test]
    fn a_computed_amount_is_rounded_half_up_to_two_places() {
        assert_eq!(round_money(d("0.005")).to_string(), "0.01");
        assert_eq!(round_money(d("2.344")).to_string(), "2.34");
        assert_eq!(round_money(d("25281.6666")).to_string(), "25281.67");
        assert_eq!(round_money(d("20000")).to_string(), "20000.00");
    }

    #[test]
    fn money_zero_is_written_with_two_decimals() {
        assert_eq!(MONEY_ZERO.to_string(), "0.00");
    }
}
