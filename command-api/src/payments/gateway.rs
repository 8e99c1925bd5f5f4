//! The payment provider, as the product sees one: it opens a checkout for an amount and
//! answers, when asked, how that checkout ended. `ledgerline serve` runs the sandbox
//! provider below (DESIGN §8 "sandbox payments"): a checkout page of our own where test
//! cards succeed or are declined, kept in its own table as a provider keeps its own
//! books. The live providers (Flutterwave, Paystack) plug in beside it (`providers`).
//!
//! Card numbers are checked and forgotten: only the last four digits are kept, as every
//! provider's receipt does. Nothing of a card reaches the event log.

use api_core::ApiError;
use serde::Serialize;
use sqlx::Row;
use store::migrate::Migration;
use store::Db;
use store::ExecuteWrite;

const CHECKOUTS: &str = "CREATE TABLE sandbox_checkouts (
    tx_ref TEXT PRIMARY KEY,
    provider TEXT NOT NULL,
    amount TEXT NOT NULL,
    currency TEXT NOT NULL,
    description TEXT NOT NULL,
    redirect_url TEXT NOT NULL,
    status TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    completed_at BIGINT,
    transaction_id TEXT,
    card_last4 TEXT,
    failure_reason TEXT
)";

macro_rules! column {
    ($version:expr, $name:expr, $sql:expr) => {
        Migration {
            version: $version,
            name: $name,
            sqlite: $sql,
            postgres: $sql,
        }
    };
}

/// The sandbox provider's own table (plain state: it stands for a system outside ours).
/// Like a provider, it keeps what identifies a paying card to a person and a reusable
/// token for it (a later charge without the customer), never the number itself.
pub const MIGRATIONS: &[Migration] = &[
    column!(1, "sandbox_checkouts", CHECKOUTS),
    column!(
        2,
        "sandbox_checkouts card_first6",
        "ALTER TABLE sandbox_checkouts ADD COLUMN card_first6 TEXT"
    ),
    column!(
        3,
        "sandbox_checkouts card_expiry",
        "ALTER TABLE sandbox_checkouts ADD COLUMN card_expiry TEXT"
    ),
    column!(
        4,
        "sandbox_checkouts card_token",
        "ALTER TABLE sandbox_checkouts ADD COLUMN card_token TEXT"
    ),
    column!(
        5,
        "sandbox_checkouts card_fingerprint",
        "ALTER TABLE sandbox_checkouts ADD COLUMN card_fingerprint TEXT"
    ),
];

/// A test card that the sandbox declines, as the providers' sandboxes have one.
pub const DECLINED_TEST_CARD: &str = "4000000000000002";
/// A test card that the sandbox accepts.
pub const ACCEPTED_TEST_CARD: &str = "4242424242424242";

/// A checkout as the sandbox's page shows it to the customer.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Checkout {
    pub tx_ref: String,
    pub provider: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub amount: String,
    pub currency: String,
    pub description: String,
    /// `pending`, `successful`, `failed` or `cancelled`.
    pub status: String,
    pub card_last4: Option<String>,
}

/// Opens a sandbox checkout and answers the customer's link to it.
pub async fn open_checkout(
    db: &Db,
    public_url: &str,
    checkout: &Checkout,
    redirect_url: &str,
) -> Result<String, ApiError> {
    sqlx::query(
        "INSERT INTO sandbox_checkouts (tx_ref, provider, amount, currency, description, \
         redirect_url, status, created_at) VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7)",
    )
    .bind(&checkout.tx_ref)
    .bind(&checkout.provider)
    .bind(&checkout.amount)
    .bind(&checkout.currency)
    .bind(&checkout.description)
    .bind(redirect_url)
    .bind(identity::now_us())
    .execute_write(db)
    .await?;
    Ok(format!("{public_url}/sandbox-checkout/{}", checkout.tx_ref))
}

async fn find(db: &Db, tx_ref: &str) -> Result<Option<(Checkout, String)>, ApiError> {
    let row = sqlx::query(
        "SELECT tx_ref, provider, amount, currency, description, status, card_last4, \
         redirect_url FROM sandbox_checkouts WHERE tx_ref = $1",
    )
    .bind(tx_ref)
    .fetch_optional(&db.pool)
    .await?;
    let Some(row) = row else { return Ok(None) };
    Ok(Some((
        Checkout {
            tx_ref: row.try_get("tx_ref")?,
            provider: row.try_get("provider")?,
            amount: row.try_get("amount")?,
            currency: row.try_get("currency")?,
            description: row.try_get("description")?,
            status: row.try_get("status")?,
            card_last4: row.try_get("card_last4")?,
        },
        row.try_get("redirect_url")?,
    )))
}

fn no_checkout() -> ApiError {
    ApiError::NotFound("No such checkout.".into())
}

/// The checkout the customer's page shows.
pub async fn checkout(db: &Db, tx_ref: &str) -> Result<Checkout, ApiError> {
    find(db, tx_ref)
        .await?
        .map(|(c, _)| c)
        .ok_or_else(no_checkout)
}

/// What the customer did on the sandbox page.
pub enum CustomerAction<'a> {
    Pay {
        card_number: &'a str,
        expiry: &'a str,
        cvc: &'a str,
    },
    Cancel,
}

/// Luhn's check digit, as every card number carries one.
fn luhn_valid(digits: &str) -> bool {
    let sum: u32 = digits
        .chars()
        .rev()
        .filter_map(|c| c.to_digit(10))
        .enumerate()
        .map(|(i, d)| match (i % 2, d * 2) {
            (1, doubled) if doubled > 9 => doubled - 9,
            (1, doubled) => doubled,
            _ => d,
        })
        .sum();
    sum.is_multiple_of(10)
}

/// `MM/YY` not in the past (a card is good through its expiry month).
fn expiry_valid(raw: &str, today: chrono::NaiveDate) -> bool {
    use chrono::Datelike;
    let Some((month, year)) = raw.trim().split_once('/') else {
        return false;
    };
    let (Ok(month), Ok(year)) = (month.trim().parse::<u32>(), year.trim().parse::<i32>()) else {
        return false;
    };
    let year = if year < 100 { 2000 + year } else { year };
    (1..=12).contains(&month) && (year, month) >= (today.year(), today.month())
}

/// Completes a pending checkout with what the customer did; answers where the sandbox
/// sends the customer back to (the product's `redirect_url` with `status`, `tx_ref`
/// and `transaction_id`, as Flutterwave does).
pub async fn complete(
    db: &Db,
    tx_ref: &str,
    action: CustomerAction<'_>,
) -> Result<String, ApiError> {
    let (checkout, redirect_url) = find(db, tx_ref).await?.ok_or_else(no_checkout)?;
    if checkout.status != "pending" {
        return Err(ApiError::Conflict(
            "This checkout is already complete.".into(),
        ));
    }
    let mut kept: Option<KeptCard> = None;
    let (status, last4, reason) = match action {
        CustomerAction::Cancel => (
            "cancelled",
            None,
            Some("The customer cancelled the payment."),
        ),
        CustomerAction::Pay {
            card_number,
            expiry,
            cvc,
        } => {
            let digits: String = card_number.chars().filter(|c| !c.is_whitespace()).collect();
            let mut problems = api_core::error::FieldErrors::new();
            if !(12..=19).contains(&digits.len())
                || !digits.chars().all(|c| c.is_ascii_digit())
                || !luhn_valid(&digits)
            {
                problems.insert(
                    "card_number".into(),
                    vec!["Enter a valid card number.".into()],
                );
            }
            if !expiry_valid(expiry, chrono::Utc::now().date_naive()) {
                problems.insert(
                    "expiry".into(),
                    vec!["Enter the expiry as MM/YY, not in the past.".into()],
                );
            }
            let cvc = cvc.trim();
            if !(3..=4).contains(&cvc.len()) || !cvc.chars().all(|c| c.is_ascii_digit()) {
                problems.insert(
                    "cvc".into(),
                    vec!["Enter the 3 or 4 digits on the back.".into()],
                );
            }
            if !problems.is_empty() {
                return Err(ApiError::Fields(problems));
            }
            let last4 = digits[digits.len() - 4..].to_owned();
            kept = Some(KeptCard {
                first6: digits[..6].to_owned(),
                expiry: expiry.trim().to_owned(),
                fingerprint: fingerprint(&digits),
            });
            if digits == DECLINED_TEST_CARD {
                ("failed", Some(last4), Some("The card was declined."))
            } else {
                ("successful", Some(last4), None)
            }
        }
    };
    let transaction_id = (status == "successful")
        .then(|| format!("SBX-{}", identity::random_secret()[..12].to_uppercase()));
    // A card that paid gets a reusable token, as a provider's authorization.
    let token = (status == "successful").then(|| {
        format!(
            "SBX_AUTH_{}",
            identity::random_secret()[..16].to_uppercase()
        )
    });
    let updated = sqlx::query(
        "UPDATE sandbox_checkouts SET status = $1, completed_at = $2, transaction_id = $3, \
         card_last4 = $4, failure_reason = $5, card_first6 = $6, card_expiry = $7, \
         card_token = $8, card_fingerprint = $9 WHERE tx_ref = $10 AND status = 'pending'",
    )
    .bind(status)
    .bind(identity::now_us())
    .bind(transaction_id.as_deref())
    .bind(last4.as_deref())
    .bind(reason)
    .bind(kept.as_ref().map(|k| k.first6.as_str()))
    .bind(kept.as_ref().map(|k| k.expiry.as_str()))
    .bind(token.as_deref())
    .bind(kept.as_ref().map(|k| k.fingerprint.as_str()))
    .bind(tx_ref)
    .execute_write(db)
    .await?;
    if updated.rows_affected() == 0 {
        return Err(ApiError::Conflict(
            "This checkout is already complete.".into(),
        ));
    }
    let mut url = redirect_url.clone();
    url.push(if redirect_url.contains('?') { '&' } else { '?' });
    url.push_str(&format!("status={status}&tx_ref={tx_ref}"));
    if let Some(id) = &transaction_id {
        url.push_str(&format!("&transaction_id={id}"));
    }
    Ok(url)
}

/// What the sandbox keeps of a card that paid.
struct KeptCard {
    first6: String,
    expiry: String,
    fingerprint: String,
}

/// The sandbox's fingerprint of a card number: the same card has the same, and the
/// number cannot be read back from it.
fn fingerprint(digits: &str) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::new()
        .chain_update(b"ledgerline-sandbox-card\0")
        .chain_update(digits.as_bytes())
        .finalize();
    hex::encode(&digest[..12])
}

/// The brand a card number's first digits name.
fn brand(first6: &str) -> &'static str {
    match first6.as_bytes().first() {
        Some(b'4') => "visa",
        Some(b'5' | b'2') => "mastercard",
        Some(b'3') => "amex",
        _ if first6.starts_with("506") || first6.starts_with("650") => "verve",
        _ => "card",
    }
}

/// How the checkout of `tx_ref` ended, with what was paid and by which card, as the
/// provider answers when asked (`None` for a reference it never saw).
pub async fn verify_details(
    db: &Db,
    tx_ref: &str,
) -> Result<Option<super::providers::Outcome>, ApiError> {
    use super::providers::{Outcome, PaidCard};
    let row = sqlx::query(
        "SELECT status, transaction_id, failure_reason, amount, currency, card_first6, \
         card_last4, card_expiry, card_token, card_fingerprint FROM sandbox_checkouts \
         WHERE tx_ref = $1",
    )
    .bind(tx_ref)
    .fetch_optional(&db.pool)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let status: String = row.try_get("status")?;
    Ok(Some(match status.as_str() {
        "successful" => {
            let token: Option<String> = row.try_get("card_token")?;
            let first6: Option<String> = row.try_get("card_first6")?;
            let expiry: Option<String> = row.try_get("card_expiry")?;
            let card = match (token, first6, expiry) {
                (Some(token), Some(first6), Some(expiry)) => {
                    let (month, year) = expiry.split_once('/').unwrap_or(("0", "0"));
                    let year: u16 = year.trim().parse().unwrap_or(0);
                    Some(PaidCard {
                        token,
                        brand: brand(&first6).to_owned(),
                        last4: row
                            .try_get::<Option<String>, _>("card_last4")?
                            .unwrap_or_default(),
                        first6,
                        exp_month: month.trim().parse().unwrap_or(0),
                        exp_year: if year < 100 { 2000 + year } else { year },
                        bank: "Sandbox Bank".into(),
                        fingerprint: row
                            .try_get::<Option<String>, _>("card_fingerprint")?
                            .unwrap_or_default(),
                    })
                }
                _ => None,
            };
            Outcome::Paid {
                provider_transaction_id: row
                    .try_get::<Option<String>, _>("transaction_id")?
                    .unwrap_or_default(),
                amount: row
                    .try_get::<String, _>("amount")?
                    .parse()
                    .unwrap_or_default(),
                currency: row.try_get("currency")?,
                card,
            }
        }
        "pending" => Outcome::Pending,
        other => Outcome::Failed {
            status: other.to_owned(),
            reason: row
                .try_get::<Option<String>, _>("failure_reason")?
                .unwrap_or_else(|| "The payment did not complete.".into()),
        },
    }))
}

/// Charges the card behind `token` (given by an earlier payment) for `checkout`, at
/// once, as a provider's charge of a saved authorization does.
pub async fn charge_saved(db: &Db, token: &str, checkout: &Checkout) -> Result<(), ApiError> {
    let card = sqlx::query(
        "SELECT card_last4, card_first6, card_expiry, card_fingerprint FROM sandbox_checkouts \
         WHERE card_token = $1 AND status = 'successful'",
    )
    .bind(token)
    .fetch_optional(&db.pool)
    .await?;
    let now = identity::now_us();
    let (status, reason, transaction_id) = match &card {
        Some(_) => (
            "successful",
            None,
            Some(format!(
                "SBX-{}",
                identity::random_secret()[..12].to_uppercase()
            )),
        ),
        None => ("failed", Some("The saved card is no longer valid."), None),
    };
    let get = |column: &str| -> Result<Option<String>, sqlx::Error> {
        card.as_ref().map_or(Ok(None), |row| row.try_get(column))
    };
    sqlx::query(
        "INSERT INTO sandbox_checkouts (tx_ref, provider, amount, currency, description, \
         redirect_url, status, created_at, completed_at, transaction_id, card_last4, \
         failure_reason, card_first6, card_expiry, card_token, card_fingerprint) \
         VALUES ($1, $2, $3, $4, $5, '', $6, $7, $7, $8, $9, $10, $11, $12, $13, $14)",
    )
    .bind(&checkout.tx_ref)
    .bind(&checkout.provider)
    .bind(&checkout.amount)
    .bind(&checkout.currency)
    .bind(&checkout.description)
    .bind(status)
    .bind(now)
    .bind(transaction_id.as_deref())
    .bind(get("card_last4")?)
    .bind(reason)
    .bind(get("card_first6")?)
    .bind(get("card_expiry")?)
    .bind(card.as_ref().map(|_| token))
    .bind(get("card_fingerprint")?)
    .execute_write(db)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_test_cards_pass_luhns_check_and_a_typo_does_not() {
        assert!(luhn_valid(ACCEPTED_TEST_CARD));
        assert!(luhn_valid(DECLINED_TEST_CARD));
        assert!(!luhn_valid("4242424242424241"));
    }

    #[test]
    fn a_card_is_good_through_its_expiry_month() {
        let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 23).expect("date");
        assert!(expiry_valid("11/26", today));
        assert!(expiry_valid("01/2030", today));
        assert!(!expiry_valid("10/26", today));
        assert!(!expiry_valid("13/27", today));
        assert!(!expiry_valid("1127", today));
    }
}
