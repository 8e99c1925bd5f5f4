//! A wallet's id, and names, descriptions and amounts as a wallet keeps them.

use event_schemas::{OrganizationId, WalletId};
use rust_decimal::Decimal;
use sha2::{Digest, Sha256};
use uuid::Uuid;

use super::errors::WalletError;
use crate::billing::Currency;
use crate::money::check_amount;

pub const NAME_CHARS_MAX: usize = 80;
pub const DESCRIPTION_CHARS_MAX: usize = 200;

/// The id of `organization_id`'s wallet in `currency`: a hash of both, so the one
/// wallet per organization and currency is one stream and opening it twice is refused by
/// the stream itself.
pub fn wallet_id_of(organization_id: OrganizationId, currency: Currency) -> WalletId {
    let digest = Sha256::new()
        .chain_update(b"wallet\0")
        .chain_update(organization_id.as_uuid().as_bytes())
        .chain_update(currency.code().as_bytes())
        .finalize();
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&digest[..16]);
    WalletId::from_uuid(Uuid::new_v8(bytes))
}

/// A wallet's name, trimmed: 1 to [`NAME_CHARS_MAX`] characters, no control characters.
pub fn wallet_name(raw: &str) -> Result<String, WalletError> {
    text(raw, NAME_CHARS_MAX).ok_or(WalletError::InvalidName)
}

pub(crate) fn description(raw: &str) -> Result<String, WalletError> {
    text(raw, DESCRIPTION_CHARS_MAX).ok_or(WalletError::InvalidDescription)
}

fn text(raw: &str, max: usize) -> Option<String> {
    let trimmed = raw.trim();
    let n = trimmed.chars().count();
    ((1..=max).contains(&n) && !trimmed.chars().any(char::is_control)).then(|| trimmed.to_owned())
}

/// An amount money may move by: more than zero, at most two decimals, within the books'
/// bound; answered at money scale.
pub fn check_wallet_amount(amount: Decimal) -> Result<Decimal, WalletError> {
    match check_amount(amount) {
        Ok(a) if a > Decimal::ZERO && !amount.is_sign_negative() => Ok(a),
        _ => Err(WalletError::InvalidAmount),
    }
}
