//! Clearing the sign-in rows nothing can use any more: trusted devices and one-time
//! tokens past their expiry, the refresh tokens of sessions whose every token has expired,
//! and the origins of sessions none of whose tokens remain. An expired token is refused
//! whether or not its row is there; a used refresh token is kept while its session lives,
//! because presenting it again is what revokes a stolen session. Kept longer, the rows
//! would only grow the tables every sign-in and refresh reads, and keep where people
//! signed in from longer than any use of it.

use std::time::Duration;

use store::Db;
use tokio::sync::watch;

/// How often a server clears them.
pub const EVERY: Duration = Duration::from_secs(60 * 60);

/// What one pass removed.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Cleared {
    pub trusted_devices: u64,
    pub refresh_tokens: u64,
    pub one_time_tokens: u64,
    pub session_origins: u64,
}

impl Cleared {
    fn any(&self) -> bool {
        *self != Self::default()
    }
}

/// Removes, in one transaction, what is expired at `now` (µs since the epoch), then the
/// origins of sessions left without a token.
pub async fn clear_expired(db: &Db, now: i64) -> Result<Cleared, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let mut removed = [0u64; 3];
    for (count, statement) in removed.iter_mut().zip([
        "DELETE FROM trusted_devices WHERE expires_at <= $1",
        "DELETE FROM refresh_tokens WHERE family_id IN (SELECT family_id FROM refresh_tokens \
         GROUP BY family_id HAVING MAX(expires_at) <= $1)",
        "DELETE FROM one_time_tokens WHERE expires_at <= $1",
    ]) {
        *count = sqlx::query(statement)
            .bind(now)
            .execute(&mut *tx)
            .await?
            .rows_affected();
    }
    let session_origins = sqlx::query(
        "DELETE FROM session_origins WHERE NOT EXISTS \
         (SELECT 1 FROM refresh_tokens r WHERE r.family_id = session_origins.family_id)",
    )
    .execute(&mut *tx)
    .await?
    .rows_affected();
    tx.commit().await?;
    let [trusted_devices, refresh_tokens, one_time_tokens] = removed;
    Ok(Cleared {
        trusted_devices,
        refresh_tokens,
        one_time_tokens,
        session_origins,
    })
}

/// Clears expired rows every [`EVERY`] until `stop` turns true. Not at start: a server
/// starting (every test's, every node of a deploy) has better to do than a pass whose
/// rows can wait an hour.
pub async fn run(db: Db, mut stop: watch::Receiver<bool>) {
    loop {
        tokio::select! {
            _ = stop.changed() => {}
            _ = tokio::time::sleep(EVERY) => {}
        }
        if *stop.borrow() {
            return;
        }
        match clear_expired(&db, crate::now_us()).await {
            Ok(cleared) if cleared.any() => {
                tracing::info!(?cleared, "cleared expired sign-in rows");
            }
            Ok(_) => {}
            Err(err) => tracing::warn!(error = %err, "clearing expired sign-in rows failed"),
        }
    }
}
