//! Input rules shared by several commands and routes (spec §5), written once.

/// Longest e-mail address: RFC 5321's 254-character limit on a forward path.
pub const EMAIL_CHARS_MAX: usize = 254;

/// The spec's text when an address fails the basic pattern (§5, §8).
pub const EMAIL_NOT_VALID: &str = "Email is not valid";

/// An e-mail address by the spec's basic pattern (§5): a local part, `@`, a domain with a
/// dot, and at least two letters after the last dot; no spaces. Returns it trimmed.
/// Deliverability is the mailer's business, not this rule's.
pub fn email(raw: &str) -> Option<String> {
    let email = raw.trim();
    if email.chars().count() > EMAIL_CHARS_MAX || email.chars().any(char::is_whitespace) {
        return None;
    }
    let (local, domain) = email.split_once('@')?;
    let (host, tld) = domain.rsplit_once('.')?;
    let tld_ok = tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic());
    if local.is_empty() || host.is_empty() || domain.contains('@') || !tld_ok {
        return None;
    }
    Some(email.to_owned())
}

/// The spec's text for a phone number that breaks the pattern (§5).
pub const PHONE_NOT_VALID: &str =
    "Phone number must start with a country code and be 8 to 18 digits long";

/// A phone number by spec §5: a plus sign, a country code of 1 to 3 digits, then 7 to 15
/// more digits — that is, `+` and 8 to 18 digits in all.
pub fn phone_number(raw: &str) -> Option<String> {
    let phone = raw.trim();
    let digits = phone.strip_prefix('+')?;
    let all_digits = digits.chars().all(|c| c.is_ascii_digit());
    (all_digits && (8..=18).contains(&digits.len())).then(|| phone.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_email_needs_a_local_part_a_domain_and_a_two_letter_ending() {
        assert_eq!(email(" ada@books.ng "), Some("ada@books.ng".into()));
        for bad in [
            "ada",
            "ada@books",
            "@books.ng",
            "ada@books.n",
            "a da@books.ng",
            "a@b@c.ng",
            "ada@.ng",
        ] {
            assert_eq!(email(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_phone_number_is_a_plus_and_8_to_18_digits() {
        assert_eq!(
            phone_number("+2348012345678"),
            Some("+2348012345678".into())
        );
        assert_eq!(phone_number("+12345678"), Some("+12345678".into()));
        assert_eq!(phone_number("+1234567"), None);
        assert_eq!(phone_number("+1234567890123456789"), None);
        assert_eq!(phone_number("2348012345678"), None);
        assert_eq!(phone_number("+234 801 234"), None);
    }
}
