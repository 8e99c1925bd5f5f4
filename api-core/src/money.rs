//! Money in request bodies: a JSON string in the `Money` schema's form, nothing else.
//! A bare JSON number is refused because it has already passed through a float in many
//! clients (`0.1 + 0.2`), and the contract documents a string.

use rust_decimal::Decimal;
use serde_json::Value;

/// The amount a request field holds, or the sentence to show against that field.
pub fn money_of(value: &Value) -> Result<Decimal, &'static str> {
    match value {
        Value::String(raw) => {
            domain::money::parse_decimal(raw).ok_or("Enter an amount such as 1250.00.")
        }
        Value::Number(_) => Err("Send the amount as a string, such as \"1250.00\"."),
        _ => Err("Enter an amount such as 1250.00."),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_money_string_is_read() {
        assert_eq!(
            money_of(&json!("1500.00")).map(|d| d.to_string()),
            Ok("1500.00".into())
        );
    }

    #[test]
    fn a_bare_number_is_refused() {
        assert!(money_of(&json!(1500)).is_err());
        assert!(money_of(&json!(1500.5)).is_err());
    }

    #[test]
    fn an_exponent_is_refused() {
        assert!(money_of(&json!("1e5")).is_err());
    }
}
