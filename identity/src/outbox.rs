//! The mail outbox. A mail is a row written in the same transaction as the change that
//! causes it (a sign-up, a reset request), so a crash never loses or invents one; a
//! delivery worker sends what is pending after commit and retries failures with backoff.
//!
//! The embedded default delivers into `<data dir>/outbox/<id>.eml` (DESIGN.md §8), the
//! local user's mailbox; production sets `SMTP_URL`.
//!
//! A mail may carry a one-time link (verification, password reset, invitation): whoever
//! reads it can act as its recipient. So the table keeps a mail's body only until it is
//! delivered (then only a redacted copy stays, for the record), listings never show a
//! link, and delivered `.eml` files are readable by the server's user alone.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use store::ExecuteWrite;

use sqlx::{Any, Executor, Row};
use store::Db;
use tokio::sync::{watch, Notify};

use crate::now_us;

/// The sender every mail carries.
pub const FROM: &str = "Ledgerline <no-reply@ledgerline.local>";
/// A mail that failed this many times stays in the table, visible, and is not retried.
pub const ATTEMPTS_MAX: i64 = 8;

/// A mail to queue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mail {
    pub recipient: String,
    pub subject: String,
    pub body: String,
}

/// A queued or sent mail, as the dev outbox lists it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct StoredMail {
    pub id: String,
    pub recipient: String,
    pub subject: String,
    /// The text, with every one-time link redacted.
    pub body: String,
    /// Microseconds since the epoch.
    pub created_at: i64,
    /// Microseconds since the epoch; `null` while queued.
    pub sent_at: Option<i64>,
    pub attempts: i64,
}

/// Queues `mail` inside the caller's transaction.
pub async fn enqueue<'c, E>(executor: E, mail: &Mail) -> Result<String, sqlx::Error>
where
    E: Executor<'c, Database = Any>,
{
    let id = uuid::Uuid::now_v7().to_string();
    sqlx::query(
        "INSERT INTO mail_outbox (id, recipient, subject, body, created_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(&id)
    .bind(&mail.recipient)
    .bind(&mail.subject)
    .bind(&mail.body)
    .bind(now_us())
    .execute(executor)
    .await?;
    Ok(id)
}

/// What replaces the secret of a one-time link in anything but the delivered mail.
const REDACTED: &str = "[redacted]";

/// `body` with the secret of every one-time link (`token=…`) replaced: what the table
/// keeps once a mail is delivered, and what any listing shows.
pub fn redact_one_time_links(body: &str) -> String {
    const KEY: &str = "token=";
    let mut out = String::with_capacity(body.len());
    let mut rest = body;
    while let Some(at) = rest.find(KEY) {
        let (before, after) = rest.split_at(at + KEY.len());
        out.push_str(before);
        let secret_len = after
            .find(|c: char| c.is_whitespace() || c == '&' || c == '"' || c == '>')
            .unwrap_or(after.len());
        if secret_len > 0 {
            out.push_str(REDACTED);
        }
        rest = &after[secret_len..];
    }
    out.push_str(rest);
    out
}

/// The newest mails first, one-time links redacted (the dev outbox page).
pub async fn list(db: &Db, limit: i64) -> Result<Vec<StoredMail>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, recipient, subject, body, created_at, sent_at, attempts FROM mail_outbox \
         ORDER BY created_at DESC, id DESC LIMIT $1",
    )
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(StoredMail {
                id: row.try_get("id")?,
                recipient: row.try_get("recipient")?,
                subject: row.try_get("subject")?,
                body: redact_one_time_links(row.try_get("body")?),
                created_at: row.try_get("created_at")?,
                sent_at: row.try_get("sent_at")?,
                attempts: row.try_get("attempts")?,
            })
        })
        .collect()
}

/// The body of the newest mail to `recipient` still waiting for delivery, links intact:
/// for in-process tools that act as the recipient (`ledgerline demo seed` verifies its own
/// demo users). Never served over HTTP.
pub async fn queued_body_to(db: &Db, recipient: &str) -> Result<Option<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT body FROM mail_outbox WHERE recipient = $1 AND sent_at IS NULL \
         ORDER BY created_at DESC, id DESC LIMIT 1",
    )
    .bind(recipient)
    .fetch_optional(&db.pool)
    .await
}

/// A mail as its recipient reads it from the embedded transport's mailbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeliveredMail {
    pub subject: String,
    pub body: String,
}

/// How many mails to `recipient` still wait for delivery.
pub async fn pending_to(db: &Db, recipient: &str) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM mail_outbox WHERE recipient = $1 AND sent_at IS NULL AND attempts < $2",
    )
    .bind(recipient)
    .bind(ATTEMPTS_MAX)
    .fetch_one(&db.pool)
    .await
}

/// The newest mail delivered to `recipient` as a file in `dir` (the embedded transport's
/// mailbox), or `None`. Files are named by UUID v7, so their names sort by time.
pub fn newest_delivered_to(dir: &Path, recipient: &str) -> std::io::Result<Option<DeliveredMail>> {
    let mut names: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .filter(|path| path.extension().is_some_and(|ext| ext == "eml"))
            .collect(),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(err) => return Err(err),
    };
    names.sort();
    let to = format!("To: {recipient}\r\n");
    for path in names.iter().rev() {
        let text = std::fs::read_to_string(path)?;
        if let Some((headers, body)) = text.split_once("\r\n\r\n") {
            if headers.contains(&to) {
                let subject = headers
                    .split("\r\n")
                    .find_map(|line| line.strip_prefix("Subject: "))
                    .unwrap_or_default();
                return Ok(Some(DeliveredMail {
                    subject: subject.to_owned(),
                    body: body.replace("\r\n", "\n"),
                }));
            }
        }
    }
    Ok(None)
}

/// Where mail goes.
#[derive(Clone)]
pub enum Transport {
    /// `.eml` files in a folder (the embedded default).
    Files(PathBuf),
    /// An SMTP server (`SMTP_URL`, e.g. `smtps://user:pass@smtp.example.com:465`).
    Smtp(lettre::SmtpTransport),
}

impl std::fmt::Debug for Transport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Files(dir) => f.debug_tuple("Files").field(dir).finish(),
            // The URL may hold credentials: never print it.
            Self::Smtp(_) => f.write_str("Smtp(..)"),
        }
    }
}

impl Transport {
    /// The SMTP transport of `url` (lettre's URL form: smtp:// with STARTTLS when
    /// `?tls=required`, smtps:// for implicit TLS).
    pub fn smtp(url: &str) -> Result<Self, String> {
        lettre::SmtpTransport::from_url(url)
            .map(|builder| Self::Smtp(builder.build()))
            .map_err(|e| format!("SMTP_URL is not usable: {e}"))
    }

    fn deliver(&self, mail: &StoredMail) -> std::io::Result<()> {
        match self {
            Self::Smtp(smtp) => {
                use lettre::message::header::ContentType;
                use lettre::Transport as _;
                let message = lettre::Message::builder()
                    .from(FROM.parse().map_err(std::io::Error::other)?)
                    .to(mail.recipient.parse().map_err(std::io::Error::other)?)
                    .subject(&mail.subject)
                    .header(ContentType::TEXT_PLAIN)
                    .body(mail.body.clone())
                    .map_err(std::io::Error::other)?;
                smtp.send(&message)
                    .map(|_| ())
                    .map_err(std::io::Error::other)
            }
            Self::Files(dir) => {
                std::fs::create_dir_all(dir)?;
                let path = dir.join(format!("{}.eml", mail.id));
                let partial = dir.join(format!(".{}.eml.tmp", mail.id));
                write_private(&partial, render_eml(mail).as_bytes())?;
                // Renamed into place so a reader never sees half a mail.
                std::fs::rename(partial, path)
            }
        }
    }
}

/// Writes a file only the server's user may read: a delivered mail is its recipient's.
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path)?.write_all(bytes)
}

/// The RFC 5322 text of a mail: plain text, UTF-8, quoted-printable free (8bit).
pub fn render_eml(mail: &StoredMail) -> String {
    let date = chrono::DateTime::from_timestamp_micros(mail.created_at)
        .unwrap_or_default()
        .to_rfc2822();
    format!(
        "From: {FROM}\r\nTo: {}\r\nSubject: {}\r\nDate: {date}\r\nMessage-ID: <{}@ledgerline.local>\r\n\
         MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{}\r\n",
        mail.recipient,
        mail.subject,
        mail.id,
        mail.body.replace('\n', "\r\n")
    )
}

/// Sends every pending mail once; returns how many went. Failures are counted on the row
/// and retried by a later pass.
pub async fn deliver_pending(db: &Db, transport: &Transport) -> Result<usize, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, recipient, subject, body, created_at, sent_at, attempts FROM mail_outbox \
         WHERE sent_at IS NULL AND attempts < $1 ORDER BY created_at LIMIT 100",
    )
    .bind(ATTEMPTS_MAX)
    .fetch_all(&db.pool)
    .await?;
    let mut sent = 0;
    for row in rows {
        let mail = StoredMail {
            id: row.try_get("id")?,
            recipient: row.try_get("recipient")?,
            subject: row.try_get("subject")?,
            body: row.try_get("body")?,
            created_at: row.try_get("created_at")?,
            sent_at: None,
            attempts: row.try_get("attempts")?,
        };
        let outcome = {
            let transport = transport.clone();
            let mail = mail.clone();
            tokio::task::spawn_blocking(move || transport.deliver(&mail))
                .await
                .unwrap_or_else(|e| Err(std::io::Error::other(e.to_string())))
        };
        match outcome {
            Ok(()) => {
                // Delivered: the one-time links now live only in the recipient's mailbox.
                sqlx::query(
                    "UPDATE mail_outbox SET sent_at = $1, attempts = attempts + 1, body = $2 \
                     WHERE id = $3",
                )
                .bind(now_us())
                .bind(redact_one_time_links(&mail.body))
                .bind(&mail.id)
                .execute_write(db)
                .await?;
                sent += 1;
            }
            Err(err) => {
                tracing::warn!(mail = %mail.id, error = %err, "mail delivery failed; will retry");
                // A mail that will not be retried keeps no usable link either.
                let body = if mail.attempts + 1 >= ATTEMPTS_MAX {
                    redact_one_time_links(&mail.body)
                } else {
                    mail.body.clone()
                };
                sqlx::query(
                    "UPDATE mail_outbox SET attempts = attempts + 1, last_error = $1, body = $2 \
                     WHERE id = $3",
                )
                .bind(err.to_string())
                .bind(body)
                .bind(&mail.id)
                .execute_write(db)
                .await?;
            }
        }
    }
    Ok(sent)
}

/// Wakes the delivery worker after a commit that queued mail.
#[derive(Debug, Clone, Default)]
pub struct OutboxSignal(Arc<Notify>);

impl OutboxSignal {
    pub fn mail_queued(&self) {
        self.0.notify_one();
    }
}

/// Delivers pending mail whenever signalled, and every 30 s anyway (retries, and mail
/// queued by another node), until `shutdown` turns true.
pub async fn run_worker(
    db: Db,
    transport: Transport,
    signal: OutboxSignal,
    mut shutdown: watch::Receiver<bool>,
) {
    loop {
        if *shutdown.borrow() {
            return;
        }
        if let Err(err) = deliver_pending(&db, &transport).await {
            tracing::warn!(error = %err, "mail outbox pass failed");
        }
        tokio::select! {
            _ = signal.0.notified() => {}
            _ = shutdown.changed() => {}
            _ = tokio::time::sleep(Duration::from_secs(30)) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_secret_of_a_one_time_link_is_redacted_and_the_rest_kept() {
        let body = "Open:\n\nhttp://x.test/auth/reset?token=ab12cd34&next=1\n\nThanks";
        assert_eq!(
            redact_one_time_links(body),
            "Open:\n\nhttp://x.test/auth/reset?token=[redacted]&next=1\n\nThanks"
        );
    }

    #[test]
    fn every_link_of_a_mail_is_redacted() {
        let body = "a?token=1111 b?token=2222";
        assert_eq!(
            redact_one_time_links(body),
            "a?token=[redacted] b?token=[redacted]"
        );
        assert_eq!(redact_one_time_links("no link"), "no link");
    }

    #[test]
    fn a_delivered_mail_is_found_in_the_mailbox_by_recipient() {
        let dir = std::env::temp_dir().join(format!("ll_mailbox_{}", uuid::Uuid::new_v4()));
        for (recipient, body) in [("a@x.ng", "first token=1"), ("b@x.ng", "second token=2")] {
            let mail = StoredMail {
                id: uuid::Uuid::now_v7().to_string(),
                recipient: recipient.into(),
                subject: "s".into(),
                body: body.into(),
                created_at: 0,
                sent_at: None,
                attempts: 0,
            };
            Transport::Files(dir.clone())
                .deliver(&mail)
                .expect("delivered");
        }
        assert_eq!(
            newest_delivered_to(&dir, "a@x.ng").expect("read"),
            Some(DeliveredMail {
                subject: "s".into(),
                body: "first token=1\n".into()
            })
        );
        assert_eq!(newest_delivered_to(&dir, "c@x.ng").expect("read"), None);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let file = std::fs::read_dir(&dir)
                .expect("dir")
                .next()
                .expect("a file")
                .expect("entry");
            assert_eq!(
                file.metadata().expect("meta").permissions().mode() & 0o777,
                0o600
            );
        }
        let _ = std::fs::remove_dir_all(dir);
    }
}
