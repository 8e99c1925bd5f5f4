//! Money on the wire. Every amount is a `rust_decimal::Decimal` in the workspace's base
//! currency, written as a decimal string (`"1234.50"`, the workspace enables
//! rust_decimal's `serde-with-str`), never a JSON number: a float cannot hold 0.10
//! exactly, and debits = credits must hold to the cent.

use rust_decimal::Decimal;

/// Decimal places of every amount the books store: kobo (and cents) are hundredths.
/// Events always carry exactly this scale (`"1234.50"`, `"0.00"`), so two equal amounts
/// are also equal strings.
pub const MONEY_DECIMALS: u32 = 2;

/// `amount` written at exactly [`MONEY_DECIMALS`] places (`1234.5` → `1234.50`). Only for
/// amounts already known to have at most that many places: more would be rounded.
pub fn at_money_scale(amount: Decimal) -> Decimal {
    let mut amount = amount;
    amount.rescale(MONEY_DECIMALS);
    amount
}

#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use super::*;

    #[test]
    fn an_amount_at_money_scale_serializes_as_a_two_decimal_string() {
        let amount = at_money_scale(Decimal::from_str("1234.5").expect("decimal"));

        assert_eq!(
            serde_json::to_value(amount).expect("serialize"),
            serde_json::json!("1234.50")
        );
    }

    #[test]
    fn zero_at_money_scale_is_written_with_two_decimals() {
        assert_eq!(at_money_scale(Decimal::ZERO).to_string(), "0.00");
    }
}
