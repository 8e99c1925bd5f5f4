//! Ids for what a command creates (an entry, a reversal, an import). With an idempotency
//! key the id is derived from it, so a retried request — even after a crash that lost the
//! first answer — names the very same entry and finds what the first attempt left; without
//! one it is a fresh UUID v7 (time-ordered).

use sha2::{Digest, Sha256};
use uuid::Uuid;

/// The id of the thing `purpose` names (`"entry"`, `"reversal"`, `"import"`, `"entry/3"`)
/// that the command keyed `command_key` creates.
pub fn mint(command_key: Option<&str>, purpose: &str) -> Uuid {
    match command_key {
        None => Uuid::now_v7(),
        Some(key) => {
            let digest = Sha256::new()
                .chain_update(key.as_bytes())
                .chain_update([0])
                .chain_update(purpose.as_bytes())
                .finalize();
            let mut bytes = [0u8; 16];
            bytes.copy_from_slice(&digest[..16]);
            Uuid::new_v8(bytes)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_keyed_command_names_the_same_thing_every_time() {
        assert_eq!(mint(Some("k1"), "entry"), mint(Some("k1"), "entry"));
        assert_ne!(mint(Some("k1"), "entry"), mint(Some("k2"), "entry"));
        assert_ne!(mint(Some("k1"), "entry"), mint(Some("k1"), "reversal"));
    }

    #[test]
    fn an_unkeyed_command_gets_a_fresh_time_ordered_id() {
        let (a, b) = (mint(None, "entry"), mint(None, "entry"));
        assert_ne!(a, b);
        assert_eq!(a.get_version_num(), 7);
    }
}
