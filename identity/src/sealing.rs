//! Secrets kept at rest sealed (AES-256-GCM): a copy of the database — a backup, a
//! replica, a dump handed to support — does not hand out the TOTP secrets in it.
//!
//! The key comes from `LEDGERLINE_SECRETS_KEY` (64 hex digits, 32 bytes) or is generated
//! once into `<data-dir>/secrets.key` (mode 0600). Nodes sharing one Postgres database
//! must share the key: set the variable on each of them.
//!
//! A sealed value is `v1.` followed by base64url of a fresh 96-bit nonce and the
//! ciphertext with its tag. The row it belongs to (the user's id) is authenticated with
//! it, so a sealed secret copied to another user's row does not open there.

use std::fmt;
use std::path::Path;
use std::sync::Arc;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use ring::aead::{Aad, LessSafeKey, Nonce, UnboundKey, AES_256_GCM, NONCE_LEN};

/// The environment variable that carries the key (hex).
pub const KEY_ENV: &str = "LEDGERLINE_SECRETS_KEY";
/// The file under the data directory that holds a generated key.
pub const KEY_FILE: &str = "secrets.key";
const KEY_BYTES: usize = 32;

/// Why a sealed value or the key could not be used.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SealingError {
    #[error("{KEY_ENV} must be {} hex digits (a 32-byte key)", KEY_BYTES * 2)]
    BadKey,
    #[error("a sealed secret is not in the sealed format")]
    NotSealed,
    #[error("a sealed secret does not open with this key (wrong key or altered row)")]
    DoesNotOpen,
}

/// The key secrets are sealed with. Cheap to clone; never printed.
#[derive(Clone)]
pub struct SealingKey {
    key: Arc<LessSafeKey>,
}

impl fmt::Debug for SealingKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SealingKey(..)")
    }
}

impl SealingKey {
    /// What every sealed value starts with (the format's version).
    pub const SEALED_PREFIX: &'static str = "v1.";

    pub fn from_bytes(bytes: &[u8; KEY_BYTES]) -> Self {
        let unbound = UnboundKey::new(&AES_256_GCM, bytes).expect("AES-256 takes a 32-byte key");
        Self {
            key: Arc::new(LessSafeKey::new(unbound)),
        }
    }

    /// A key from its hex text (64 digits).
    pub fn from_hex(text: &str) -> Result<Self, SealingError> {
        let bytes = hex::decode(text.trim()).map_err(|_| SealingError::BadKey)?;
        let bytes: [u8; KEY_BYTES] = bytes.try_into().map_err(|_| SealingError::BadKey)?;
        Ok(Self::from_bytes(&bytes))
    }

    /// The key from the environment, else the data directory's key file, created (0600)
    /// on first use.
    pub fn load_or_create(data_dir: &Path) -> std::io::Result<Self> {
        if let Ok(text) = std::env::var(KEY_ENV) {
            return Self::from_hex(&text).map_err(std::io::Error::other);
        }
        let path = data_dir.join(KEY_FILE);
        if let Ok(existing) = std::fs::read_to_string(&path) {
            return Self::from_hex(&existing).map_err(|_| {
                std::io::Error::other(format!("{} is not a 64-hex-digit key", path.display()))
            });
        }
        std::fs::create_dir_all(data_dir)?;
        let bytes: [u8; KEY_BYTES] = rand::random();
        write_private(&path, &hex::encode(bytes))?;
        Ok(Self::from_bytes(&bytes))
    }

    /// `plaintext` sealed for the row `owner`.
    pub fn seal(&self, plaintext: &str, owner: &str) -> String {
        let nonce_bytes: [u8; NONCE_LEN] = rand::random();
        let mut sealed = plaintext.as_bytes().to_vec();
        self.key
            .seal_in_place_append_tag(
                Nonce::assume_unique_for_key(nonce_bytes),
                Aad::from(owner.as_bytes()),
                &mut sealed,
            )
            .expect("sealing a short secret cannot fail");
        let mut bytes = nonce_bytes.to_vec();
        bytes.extend_from_slice(&sealed);
        format!("{}{}", Self::SEALED_PREFIX, URL_SAFE_NO_PAD.encode(bytes))
    }

    /// The plaintext of a value [`seal`](Self::seal) made for `owner`.
    pub fn open(&self, sealed: &str, owner: &str) -> Result<String, SealingError> {
        let encoded = sealed
            .strip_prefix(Self::SEALED_PREFIX)
            .ok_or(SealingError::NotSealed)?;
        let mut bytes = URL_SAFE_NO_PAD
            .decode(encoded)
            .map_err(|_| SealingError::NotSealed)?;
        if bytes.len() < NONCE_LEN {
            return Err(SealingError::NotSealed);
        }
        let mut ciphertext = bytes.split_off(NONCE_LEN);
        let nonce =
            Nonce::try_assume_unique_for_key(&bytes).map_err(|_| SealingError::NotSealed)?;
        let plaintext = self
            .key
            .open_in_place(nonce, Aad::from(owner.as_bytes()), &mut ciphertext)
            .map_err(|_| SealingError::DoesNotOpen)?;
        String::from_utf8(plaintext.to_vec()).map_err(|_| SealingError::DoesNotOpen)
    }
}

fn write_private(path: &Path, contents: &str) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::io::Write;
        use std::os::unix::fs::OpenOptionsExt;
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(path)?;
        file.write_all(contents.as_bytes())
    }
    #[cfg(not(unix))]
    {
        std::fs::write(path, contents)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key() -> SealingKey {
        SealingKey::from_bytes(&[7; KEY_BYTES])
    }

    #[test]
    fn a_sealed_secret_opens_to_itself_for_its_owner() {
        let sealed = key().seal("JBSWY3DPEHPK3PXP", "user-1");
        assert!(sealed.starts_with(SealingKey::SEALED_PREFIX));
        assert!(!sealed.contains("JBSWY3DPEHPK3PXP"));
        assert_eq!(
            key().open(&sealed, "user-1").expect("works"),
            "JBSWY3DPEHPK3PXP"
        );
    }

    #[test]
    fn the_same_secret_seals_differently_each_time() {
        assert_ne!(key().seal("s", "u"), key().seal("s", "u"));
    }

    #[test]
    fn a_sealed_secret_does_not_open_for_another_owner() {
        let sealed = key().seal("JBSWY3DPEHPK3PXP", "user-1");
        assert_eq!(
            key().open(&sealed, "user-2"),
            Err(SealingError::DoesNotOpen)
        );
    }

    #[test]
    fn a_sealed_secret_does_not_open_with_another_key() {
        let sealed = key().seal("JBSWY3DPEHPK3PXP", "user-1");
        let other = SealingKey::from_bytes(&[8; KEY_BYTES]);
        assert_eq!(
            other.open(&sealed, "user-1"),
            Err(SealingError::DoesNotOpen)
        );
    }

    #[test]
    fn an_altered_sealed_secret_does_not_open() {
        let sealed = key().seal("JBSWY3DPEHPK3PXP", "user-1");
        let mut bytes = URL_SAFE_NO_PAD.decode(&sealed[3..]).expect("works");
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        let altered = format!("v1.{}", URL_SAFE_NO_PAD.encode(bytes));
        assert_eq!(
            key().open(&altered, "user-1"),
            Err(SealingError::DoesNotOpen)
        );
    }

    #[test]
    fn a_plaintext_value_is_not_taken_for_a_sealed_one() {
        assert_eq!(
            key().open("JBSWY3DPEHPK3PXP", "user-1"),
            Err(SealingError::NotSealed)
        );
    }

    #[test]
    fn a_key_must_be_64_hex_digits() {
        assert_eq!(
            SealingKey::from_hex("abcd").expect_err("refused"),
            SealingError::BadKey
        );
        assert_eq!(
            SealingKey::from_hex(&"zz".repeat(32)).expect_err("refused"),
            SealingError::BadKey
        );
        assert!(SealingKey::from_hex(&"ab".repeat(32)).is_ok());
    }

    #[test]
    fn a_generated_key_is_kept_private_in_the_data_directory_and_reused() {
        let dir = std::env::temp_dir().join(format!("sealing-{}", uuid::Uuid::now_v7()));
        let first = SealingKey::load_or_create(&dir).expect("works");
        let sealed = first.seal("secret", "u");
        let again = SealingKey::load_or_create(&dir).expect("works");
        assert_eq!(again.open(&sealed, "u").expect("works"), "secret");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir.join(KEY_FILE))
                .expect("works")
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        std::fs::remove_dir_all(dir).expect("works");
    }
}
