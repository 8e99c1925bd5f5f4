//! The mail outbox. A mail is a row written in the same transaction as the change that
//! causes it (a sign-up, a reset request), so a crash never loses or invents one; a
//! delivery worker sends what is pending after commit and retries failures with backoff.
//!
//! The embedded default delivers into `<data dir>/outbox/<id>.eml` (DESIGN.md §8), which
//! a local user opens from the dev-only outbox listing; production sets `SMTP_URL`.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

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

/// The newest mails first, for the dev outbox page and for tests reading links.
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
                body: row.try_get("body")?,
                created_at: row.try_get("created_at")?,
                sent_at: row.try_get("sent_at")?,
                attempts: row.try_get("attempts")?,
            })
        })
        .collect()
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
                std::fs::write(&partial, render_eml(mail))?;
                // Renamed into place so a reader never sees half a mail.
                std::fs::rename(partial, path)
            }
        }
    }
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
                sqlx::query(
                    "UPDATE mail_outbox SET sent_at = $1, attempts = attempts + 1 WHERE id = $2",
                )
                .bind(now_us())
                .bind(&mail.id)
                .execute(&db.pool)
                .await?;
                sent += 1;
            }
            Err(err) => {
                tracing::warn!(mail = %mail.id, error = %err, "mail delivery failed; will retry");
                sqlx::query(
                    "UPDATE mail_outbox SET attempts = attempts + 1, last_error = $1 WHERE id = $2",
                )
                .bind(err.to_string())
                .bind(&mail.id)
                .execute(&db.pool)
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
