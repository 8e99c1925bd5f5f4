//! Money in read models: BIGINT minor units (kobo, cents).
//!
//! Why not TEXT decimals: read models sum money (trial balance, per-day totals), and SQL
//! cannot add TEXT; NUMERIC would be exact on Postgres but SQLite's NUMERIC affinity turns
//! large decimals into REAL (floating point), which drifts. A BIGINT of hundredths sums
//! exactly and fast on both backends, and `i64` holds ±92 quadrillion naira — far beyond
//! any workspace's books. Events carry amounts at exactly two decimals
//! ([`event_schemas::money::MONEY_DECIMALS`]), so the conversion is lossless; an amount
//! with more places or out of range is refused, never rounded.

use event_schemas::money::MONEY_DECIMALS;
use rust_decimal::Decimal;

/// `amount` in hundredths; `None` when it has more than two decimals or does not fit.
pub fn to_cents(amount: Decimal) -> Option<i64> {
    if amount.scale() > MONEY_DECIMALS {
        let mut normalized = amount.normalize();
        if normalized.scale() > MONEY_DECIMALS {
            return None;
        }
        normalized.rescale(MONEY_DECIMALS);
        return i64::try_from(normalized.mantissa()).ok();
    }
    let mut scaled = amount;
    scaled.rescale(MONEY_DECIMALS);
    i64::try_from(scaled.mantissa()).ok()
}

/// Hundredths back to a decimal at exactly two places (`123450` → `1234.50`).
pub fn from_cents(cents: i64) -> Decimal {
    Decimal::new(cents, MONEY_DECIMALS)
}

/// Hundredths as the wire's decimal string (`-5` → `"-0.05"`).
pub fn cents_string(cents: i64) -> String {
    from_cents(cents).to_string()
}

#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use super::*;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).expect("decimal")
    }

    #[test]
    fn two_decimal_amounts_convert_to_cents_and_back_unchanged() {
        assert_eq!(to_cents(d("185000.50")), Some(18_500_050));
        assert_eq!(cents_string(18_500_050), "185000.50");
        assert_eq!(cents_string(0), "0.00");
        assert_eq!(cents_string(-5), "-0.05");
    }

    #[test]
    fn amounts_with_fewer_decimals_are_scaled_up() {
        assert_eq!(to_cents(d("12")), Some(1_200));
        assert_eq!(to_cents(d("12.5")), Some(1_250));
    }

    #[test]
    fn an_amount_with_a_third_significant_decimal_is_refused_not_rounded() {
        assert_eq!(to_cents(d("1.005")), None);
        assert_eq!(to_cents(d("1.500")), Some(150));
    }

    #[test]
    fn an_amount_beyond_i64_cents_is_refused() {
        assert_eq!(to_cents(Decimal::MAX), None);
    }
}
