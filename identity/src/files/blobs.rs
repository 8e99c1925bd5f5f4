//! Bytes kept by their SHA-256 under `<data_dir>/files/sha256/<first two hex>/<hash>`:
//! content-addressed, so a file is stored once however many documents name it, and a
//! stored file can be checked against its name. An upload streams into `staging/` first
//! and is moved into place only once every check passed, so a refused upload leaves
//! nothing behind and a reader never sees half a file.

use std::io;
use std::path::{Path, PathBuf};

/// The content-addressed store of one data directory.
#[derive(Debug, Clone)]
pub struct Blobs {
    files: PathBuf,
}

/// Whether `sha256` is a hex SHA-256 (the only names this store builds paths from).
pub fn is_sha256(sha256: &str) -> bool {
    sha256.len() == 64
        && sha256
            .bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
}

impl Blobs {
    pub fn new(data_dir: &Path) -> Self {
        Self {
            files: data_dir.join("files"),
        }
    }

    /// Where the bytes hashing to `sha256` live.
    pub fn path(&self, sha256: &str) -> PathBuf {
        assert!(
            is_sha256(sha256),
            "a blob is named by its lowercase hex SHA-256"
        );
        self.files.join("sha256").join(&sha256[..2]).join(sha256)
    }

    /// A fresh file to stream an upload into before it is checked.
    pub async fn staging_file(&self) -> io::Result<PathBuf> {
        let dir = self.files.join("staging");
        tokio::fs::create_dir_all(&dir).await?;
        Ok(dir.join(uuid::Uuid::new_v4().simple().to_string()))
    }

    /// Moves a checked staged file into place under `sha256`. Bytes already stored under
    /// that hash are the same bytes: the staged copy is dropped.
    pub async fn keep(&self, staged: &Path, sha256: &str) -> io::Result<()> {
        let path = self.path(sha256);
        if tokio::fs::try_exists(&path).await? {
            return tokio::fs::remove_file(staged).await;
        }
        if let Some(dir) = path.parent() {
            tokio::fs::create_dir_all(dir).await?;
        }
        tokio::fs::rename(staged, &path).await
    }

    /// The bytes stored under `sha256`, `None` when there are none.
    pub async fn read(&self, sha256: &str) -> io::Result<Option<Vec<u8>>> {
        match tokio::fs::read(self.path(sha256)).await {
            Ok(bytes) => Ok(Some(bytes)),
            Err(err) if err.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(err) => Err(err),
        }
    }
}

impl Blobs {
    /// The stored file of `sha256` opened for reading, `None` when there is none.
    pub async fn open(&self, sha256: &str) -> io::Result<Option<tokio::fs::File>> {
        match tokio::fs::File::open(self.path(sha256)).await {
            Ok(file) => Ok(Some(file)),
            Err(err) if err.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(err) => Err(err),
        }
    }
}

/// Writes `bytes` beside `path`, then renames: a reader never sees half a file.
pub async fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = path
        .parent()
        .ok_or_else(|| io::Error::other("a blob path without a folder"))?;
    tokio::fs::create_dir_all(dir).await?;
    let partial = path.with_extension("partial");
    tokio::fs::write(&partial, bytes).await?;
    tokio::fs::rename(&partial, path).await
}

#[cfg(test)]
mod tests {
    use super::*;

    const HASH: &str = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

    #[test]
    fn a_blob_lives_under_its_hash() {
        let blobs = Blobs::new(Path::new("/data"));
        assert_eq!(
            blobs.path(HASH),
            Path::new("/data/files/sha256/9f").join(HASH)
        );
        assert!(!is_sha256("../../etc/passwd"));
        assert!(!is_sha256(&HASH.to_uppercase()));
    }

    #[tokio::test]
    async fn the_same_bytes_are_kept_once() {
        let dir = std::env::temp_dir().join(format!("blobs_{}", uuid::Uuid::new_v4().simple()));
        let blobs = Blobs::new(&dir);
        for _ in 0..2 {
            let staged = blobs.staging_file().await.expect("staging");
            tokio::fs::write(&staged, b"test").await.expect("write");
            blobs.keep(&staged, HASH).await.expect("keep");
            assert!(!staged.exists());
        }
        assert_eq!(
            blobs.read(HASH).await.expect("read").as_deref(),
            Some(&b"test"[..])
        );
        let _ = std::fs::remove_dir_all(dir);
    }
}
