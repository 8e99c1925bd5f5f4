//! Bytes kept by their SHA-256 under `sha256/<first two hex>/<hash>`: in the data
//! directory's `files/` by default, or in an S3-compatible object store when one is
//! configured ([`ObjectStoreConfig`]). Content-addressed, so a file is stored once however
//! many documents name it, and a stored file can be checked against its name. An upload
//! streams into the local `staging/` first and is moved into place only once every check
//! passed, so a refused upload leaves nothing behind and a reader never sees half a file.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;

use futures::stream::{BoxStream, StreamExt};
use object_store::ObjectStore;
use tokio::io::AsyncReadExt;

/// An S3-compatible bucket to keep blobs in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ObjectStoreConfig {
    pub bucket: String,
    /// The service's URL (`http://127.0.0.1:9000` for a local server); AWS when absent.
    pub endpoint: Option<String>,
    pub region: String,
    pub access_key_id: String,
    pub secret_access_key: String,
}

impl ObjectStoreConfig {
    /// The store: path-style requests, plain http allowed for a local endpoint.
    pub fn connect(&self) -> Result<Arc<dyn ObjectStore>, object_store::Error> {
        let mut builder = object_store::aws::AmazonS3Builder::new()
            .with_bucket_name(&self.bucket)
            .with_region(&self.region)
            .with_access_key_id(&self.access_key_id)
            .with_secret_access_key(&self.secret_access_key)
            .with_virtual_hosted_style_request(false);
        if let Some(endpoint) = &self.endpoint {
            builder = builder
                .with_endpoint(endpoint)
                .with_allow_http(endpoint.starts_with("http://"));
        }
        Ok(Arc::new(builder.build()?))
    }
}

/// The content-addressed store of one data directory (and, when configured, its bucket).
#[derive(Debug, Clone)]
pub struct Blobs {
    files: PathBuf,
    remote: Option<Arc<dyn ObjectStore>>,
}

/// A stored file's bytes, in chunks.
pub type ByteStream = BoxStream<'static, io::Result<Vec<u8>>>;

const CHUNK_BYTES: usize = 64 * 1024;

fn remote_error(err: object_store::Error) -> io::Error {
    io::Error::other(err.to_string())
}

/// Whether `sha256` is a hex SHA-256 (the only names this store builds paths from).
pub fn is_sha256(sha256: &str) -> bool {
    sha256.len() == 64
        && sha256
            .bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
}

impl Blobs {
    /// Blobs kept in the data directory.
    pub fn new(data_dir: &Path) -> Self {
        Self {
            files: data_dir.join("files"),
            remote: None,
        }
    }

    /// Blobs kept in `remote`; uploads still stage in the data directory.
    pub fn in_object_store(data_dir: &Path, remote: Arc<dyn ObjectStore>) -> Self {
        Self {
            remote: Some(remote),
            ..Self::new(data_dir)
        }
    }

    /// Where the bytes hashing to `sha256` live in the data directory.
    pub fn path(&self, sha256: &str) -> PathBuf {
        assert!(
            is_sha256(sha256),
            "a blob is named by its lowercase hex SHA-256"
        );
        self.files.join("sha256").join(&sha256[..2]).join(sha256)
    }

    /// The object key of the bytes hashing to `sha256`.
    fn key(sha256: &str) -> object_store::path::Path {
        assert!(
            is_sha256(sha256),
            "a blob is named by its lowercase hex SHA-256"
        );
        object_store::path::Path::from(format!("sha256/{}/{sha256}", &sha256[..2]))
    }

    /// A fresh file to stream an upload into before it is checked.
    pub async fn staging_file(&self) -> io::Result<PathBuf> {
        let dir = self.files.join("staging");
        tokio::fs::create_dir_all(&dir).await?;
        Ok(dir.join(uuid::Uuid::new_v4().simple().to_string()))
    }

    /// Moves a checked staged file into place under `sha256`. Bytes already stored under
    /// that hash are the same bytes: the staged copy is dropped, and the stored bytes are
    /// marked kept now, so the sweeper ([`Blobs::stored`]) gives them their grace period
    /// again before it may free them.
    pub async fn keep(&self, staged: &Path, sha256: &str) -> io::Result<()> {
        if let Some(remote) = &self.remote {
            // Written even when the key exists: an object's time can only be renewed by
            // writing it, and a duplicate upload is rare.
            let mut file = tokio::fs::File::open(staged).await?;
            let mut writer =
                object_store::buffered::BufWriter::new(Arc::clone(remote), Self::key(sha256));
            tokio::io::copy(&mut file, &mut writer).await?;
            tokio::io::AsyncWriteExt::shutdown(&mut writer).await?;
            return tokio::fs::remove_file(staged).await;
        }
        let path = self.path(sha256);
        if tokio::fs::try_exists(&path).await? {
            let stored = path.clone();
            tokio::task::spawn_blocking(move || {
                std::fs::File::options()
                    .append(true)
                    .open(stored)?
                    .set_modified(SystemTime::now())
            })
            .await
            .map_err(io::Error::other)??;
            return tokio::fs::remove_file(staged).await;
        }
        if let Some(dir) = path.parent() {
            tokio::fs::create_dir_all(dir).await?;
        }
        tokio::fs::rename(staged, &path).await
    }

    /// Every hash with bytes stored, and when its bytes were last kept.
    pub async fn stored(&self) -> io::Result<Vec<StoredBlob>> {
        if let Some(remote) = &self.remote {
            let prefix = object_store::path::Path::from("sha256");
            let mut listing = remote.list(Some(&prefix));
            let mut found = Vec::new();
            while let Some(meta) = listing.next().await {
                let meta = meta.map_err(remote_error)?;
                if let Some(name) = meta.location.filename().filter(|n| is_sha256(n)) {
                    found.push(StoredBlob {
                        sha256: name.to_owned(),
                        size: meta.size,
                        kept_at: meta.last_modified.into(),
                    });
                }
            }
            return Ok(found);
        }
        let mut found = Vec::new();
        for file in files_in(&self.files.join("sha256"), 2).await? {
            let name = file.path.file_name().and_then(|n| n.to_str());
            if let Some(name) = name.filter(|n| is_sha256(n)) {
                found.push(StoredBlob {
                    sha256: name.to_owned(),
                    size: file.size,
                    kept_at: file.modified,
                });
            }
        }
        Ok(found)
    }

    /// Frees the bytes stored under `sha256` (nothing to do when there are none).
    pub async fn remove(&self, sha256: &str) -> io::Result<()> {
        if let Some(remote) = &self.remote {
            return match remote.delete(&Self::key(sha256)).await {
                Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
                Err(err) => Err(remote_error(err)),
            };
        }
        match tokio::fs::remove_file(self.path(sha256)).await {
            Err(err) if err.kind() != io::ErrorKind::NotFound => Err(err),
            _ => Ok(()),
        }
    }

    /// Removes staged files last written before `cutoff`: uploads a crash or a dropped
    /// connection left behind. Answers how many.
    pub async fn clear_staging(&self, cutoff: SystemTime) -> io::Result<usize> {
        let mut removed = 0;
        for file in files_in(&self.files.join("staging"), 1).await? {
            if file.modified < cutoff {
                match tokio::fs::remove_file(&file.path).await {
                    Err(err) if err.kind() != io::ErrorKind::NotFound => return Err(err),
                    _ => removed += 1,
                }
            }
        }
        Ok(removed)
    }

    /// The bytes stored under `sha256`, `None` when there are none.
    pub async fn read(&self, sha256: &str) -> io::Result<Option<Vec<u8>>> {
        let Some(mut stream) = self.open(sha256).await? else {
            return Ok(None);
        };
        let mut bytes = Vec::new();
        while let Some(chunk) = stream.next().await {
            bytes.extend_from_slice(&chunk?);
        }
        Ok(Some(bytes))
    }

    /// The bytes stored under `sha256` as a stream, `None` when there are none.
    pub async fn open(&self, sha256: &str) -> io::Result<Option<ByteStream>> {
        if let Some(remote) = &self.remote {
            return match remote.get(&Self::key(sha256)).await {
                Ok(found) => Ok(Some(
                    found
                        .into_stream()
                        .map(|chunk| chunk.map(|b| b.to_vec()).map_err(remote_error))
                        .boxed(),
                )),
                Err(object_store::Error::NotFound { .. }) => Ok(None),
                Err(err) => Err(remote_error(err)),
            };
        }
        let file = match tokio::fs::File::open(self.path(sha256)).await {
            Ok(file) => file,
            Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(err) => return Err(err),
        };
        let chunks = futures::stream::unfold(Some(file), |file| async move {
            let mut file = file?;
            let mut buffer = vec![0; CHUNK_BYTES];
            match file.read(&mut buffer).await {
                Ok(0) => None,
                Ok(read) => {
                    buffer.truncate(read);
                    Some((Ok(buffer), Some(file)))
                }
                Err(err) => Some((Err(err), None)),
            }
        });
        Ok(Some(chunks.boxed()))
    }
}

/// Bytes kept under a hash, as the sweeper sees them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredBlob {
    pub sha256: String,
    pub size: u64,
    /// When the bytes were last kept (stored, or uploaded again).
    pub kept_at: SystemTime,
}

/// A file found under a folder.
struct FoundFile {
    path: PathBuf,
    size: u64,
    modified: SystemTime,
}

/// The files `depth` folders down from `dir` (1: its own files); none when it is absent.
async fn files_in(dir: &Path, depth: usize) -> io::Result<Vec<FoundFile>> {
    let mut found = Vec::new();
    let mut folders = vec![(dir.to_path_buf(), depth)];
    while let Some((folder, depth)) = folders.pop() {
        let mut entries = match tokio::fs::read_dir(&folder).await {
            Ok(entries) => entries,
            Err(err) if err.kind() == io::ErrorKind::NotFound => continue,
            Err(err) => return Err(err),
        };
        while let Some(entry) = entries.next_entry().await? {
            let meta = entry.metadata().await?;
            if meta.is_dir() && depth > 1 {
                folders.push((entry.path(), depth - 1));
            } else if meta.is_file() && depth == 1 {
                found.push(FoundFile {
                    path: entry.path(),
                    size: meta.len(),
                    modified: meta.modified()?,
                });
            }
        }
    }
    Ok(found)
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

    #[tokio::test]
    async fn stored_bytes_are_listed_renewed_when_kept_again_and_removed() {
        let dir = std::env::temp_dir().join(format!("blobs_{}", uuid::Uuid::new_v4().simple()));
        let blobs = Blobs::new(&dir);
        let keep = || async {
            let staged = blobs.staging_file().await.expect("staging");
            tokio::fs::write(&staged, b"test").await.expect("write");
            blobs.keep(&staged, HASH).await.expect("keep");
        };
        let hour_ago = SystemTime::now() - std::time::Duration::from_secs(3600);

        keep().await;
        std::fs::File::options()
            .append(true)
            .open(blobs.path(HASH))
            .and_then(|f| f.set_modified(hour_ago))
            .expect("age the blob");
        let aged = blobs.stored().await.expect("stored");
        keep().await;
        let renewed = blobs.stored().await.expect("stored");
        blobs.remove(HASH).await.expect("remove");
        blobs
            .remove(HASH)
            .await
            .expect("removing nothing is no error");
        let left = blobs.stored().await.expect("stored");
        let staged = blobs.staging_file().await.expect("staging");
        tokio::fs::write(&staged, b"half").await.expect("write");
        let too_recent = blobs.clear_staging(hour_ago).await.expect("clear");
        let cleared = blobs
            .clear_staging(SystemTime::now() + std::time::Duration::from_secs(1))
            .await
            .expect("clear");

        assert_eq!(aged.len(), 1);
        assert_eq!((aged[0].sha256.as_str(), aged[0].size), (HASH, 4));
        assert!(aged[0].kept_at <= hour_ago + std::time::Duration::from_secs(1));
        assert!(
            renewed[0].kept_at > hour_ago + std::time::Duration::from_secs(60),
            "keeping the same bytes again renews their time"
        );
        assert_eq!(left, Vec::new());
        assert_eq!((too_recent, cleared), (0, 1));
        assert!(!staged.exists());
        let _ = std::fs::remove_dir_all(dir);
    }
}
