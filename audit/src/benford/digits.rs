//! Digits of an amount and the proportions Benford's law expects for them.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// The four digit tests.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum DigitTestKind {
    /// First significant digit, 1–9.
    FirstDigit,
    /// First two significant digits, 10–99: the most informative test (Nigrini).
    FirstTwoDigits,
    /// Second significant digit, 0–9.
    SecondDigit,
    /// Last two digits of the integer part, 00–99, expected uniform: a test for
    /// invented or rounded numbers rather than for Benford's law itself.
    LastTwoDigits,
}

impl DigitTestKind {
    pub const ALL: [DigitTestKind; 4] = [
        Self::FirstDigit,
        Self::FirstTwoDigits,
        Self::SecondDigit,
        Self::LastTwoDigits,
    ];

    /// Position in [`Self::ALL`], for per-test arrays.
    pub fn index(self) -> usize {
        match self {
            Self::FirstDigit => 0,
            Self::FirstTwoDigits => 1,
            Self::SecondDigit => 2,
            Self::LastTwoDigits => 3,
        }
    }

    /// The digit values the test counts, ascending.
    pub fn buckets(self) -> std::ops::RangeInclusive<u8> {
        match self {
            Self::FirstDigit => 1..=9,
            Self::FirstTwoDigits => 10..=99,
            Self::SecondDigit => 0..=9,
            Self::LastTwoDigits => 0..=99,
        }
    }

    /// Bucket count minus one: the chi-square degrees of freedom.
    pub fn degrees_of_freedom(self) -> u32 {
        u32::from(self.buckets().end() - self.buckets().start())
    }

    /// Position of a digit value in [`Self::buckets`].
    pub fn slot(self, value: u8) -> usize {
        usize::from(value - self.buckets().start())
    }

    /// The proportion Benford's law expects for `value`.
    pub fn expected(self, value: u8) -> f64 {
        let value = f64::from(value);
        match self {
            Self::FirstDigit | Self::FirstTwoDigits => (1.0 + 1.0 / value).log10(),
            Self::SecondDigit => (1..=9)
                .map(|first| (1.0 + 1.0 / (10.0 * f64::from(first) + value)).log10())
                .sum(),
            Self::LastTwoDigits => 0.01,
        }
    }

    /// The value of this test's digits in `digits`.
    pub fn value(self, digits: AmountDigits) -> u8 {
        match self {
            Self::FirstDigit => digits.first_two / 10,
            Self::FirstTwoDigits => digits.first_two,
            Self::SecondDigit => digits.first_two % 10,
            Self::LastTwoDigits => digits.last_two,
        }
    }

    /// How reports name the digits (`"07"` for last two digits, `"7"` otherwise).
    pub fn label(self, value: u8) -> String {
        match self {
            Self::LastTwoDigits => format!("{value:02}"),
            _ => value.to_string(),
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            Self::FirstDigit => "first digit",
            Self::FirstTwoDigits => "first two digits",
            Self::SecondDigit => "second digit",
            Self::LastTwoDigits => "last two digits",
        }
    }
}

/// The digits the tests read from one amount.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AmountDigits {
    /// The first two significant digits, 10–99.
    pub first_two: u8,
    /// The integer part modulo 100.
    pub last_two: u8,
}

/// The digits of an amount of at least 10 (smaller amounts have no second significant
/// digit before the decimal point and are excluded by the tests); `None` below 10.
pub fn amount_digits(amount: Decimal) -> Option<AmountDigits> {
    if amount < Decimal::TEN {
        return None;
    }
    // Leading digits do not depend on where the decimal point is, so the mantissa
    // gives them without any float conversion.
    let mantissa = amount.mantissa().unsigned_abs();
    let magnitude = mantissa.ilog10();
    let first_two = mantissa / 10u128.pow(magnitude - 1);
    let integer = mantissa / 10u128.pow(amount.scale());
    Some(AmountDigits {
        first_two: u8::try_from(first_two).ok()?,
        last_two: u8::try_from(integer % 100).ok()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::dec;

    #[test]
    fn benford_expects_log10_2_for_a_first_digit_of_one() {
        assert_eq!(DigitTestKind::FirstDigit.expected(1), 2f64.log10());
        assert!((DigitTestKind::FirstDigit.expected(9) - 0.045_757_490_560_675_13).abs() < 1e-15);
    }

    #[test]
    fn benford_first_two_digit_proportions_sum_to_one() {
        let total: f64 = DigitTestKind::FirstTwoDigits
            .buckets()
            .map(|value| DigitTestKind::FirstTwoDigits.expected(value))
            .sum();
        assert!((total - 1.0).abs() < 1e-12);
    }

    #[test]
    fn benford_expects_a_second_digit_of_zero_in_about_twelve_percent() {
        // Nigrini, table 5.1: 0.11968.
        assert!((DigitTestKind::SecondDigit.expected(0) - 0.11968).abs() < 1e-5);
        assert!((DigitTestKind::SecondDigit.expected(9) - 0.08500).abs() < 1e-5);
    }

    #[test]
    fn degrees_of_freedom_are_buckets_minus_one() {
        assert_eq!(DigitTestKind::FirstDigit.degrees_of_freedom(), 8);
        assert_eq!(DigitTestKind::FirstTwoDigits.degrees_of_freedom(), 89);
        assert_eq!(DigitTestKind::SecondDigit.degrees_of_freedom(), 9);
        assert_eq!(DigitTestKind::LastTwoDigits.degrees_of_freedom(), 99);
    }

    #[test]
    fn digits_come_from_the_significant_figures_and_the_integer_part() {
        let digits = amount_digits(dec("4817.25")).expect("digits");
        assert_eq!(digits.first_two, 48);
        assert_eq!(digits.last_two, 17);
        assert_eq!(DigitTestKind::FirstDigit.value(digits), 4);
        assert_eq!(DigitTestKind::SecondDigit.value(digits), 8);
    }

    #[test]
    fn trailing_zeros_of_the_scale_do_not_change_the_digits() {
        assert_eq!(amount_digits(dec("10.00")), amount_digits(dec("10")));
        assert_eq!(amount_digits(dec("10")).map(|d| d.last_two), Some(10));
    }

    #[test]
    fn amounts_below_ten_have_no_digits_to_test() {
        assert_eq!(amount_digits(dec("9.99")), None);
    }
}
