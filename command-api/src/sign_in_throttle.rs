//! Sign-in throttling that slows a guesser without handing them a weapon against the
//! account's owner.
//!
//! Failures (wrong passwords and wrong second-factor codes alike) are counted three ways
//! over [`FAILURE_WINDOW_US`]:
//! - per account **and** client address: after [`PAIR_FREE_FAILURES`] the pair waits an
//!   exponential backoff ([`BACKOFF_FIRST_SECONDS`], doubling, at most
//!   [`BACKOFF_MAX_SECONDS`]) from its last failure — the guesser's own door slows down;
//! - per account from everywhere ([`ACCOUNT_FAILURES_MAX`]) and per address over every
//!   account ([`ADDRESS_FAILURES_MAX`]): distributed guessing and credential stuffing.
//!
//! The two wide limits never apply to an address the account has completed a sign-in from
//! (within [`KNOWN_ADDRESS_DAYS`]): failures from elsewhere, or from other accounts behind
//! the same office address, never lock the owner out of the place they work from. Every
//! lock that begins is recorded in the account's activity log.

use std::net::SocketAddr;
use store::ExecuteWrite;

use api_core::{ApiError, AppState};
use event_schemas::user_activity::{wait_text, SignInLocked, UserActivityEvent};
use identity::users;

use crate::activity::{self, Scope};

/// Failures counted within this window (microseconds).
pub const FAILURE_WINDOW_US: i64 = 15 * 60 * 1_000_000;
/// Failures one address may make on one account before each attempt has to wait.
pub const PAIR_FREE_FAILURES: i64 = 5;
/// The first wait, doubled with every further failure of the pair.
pub const BACKOFF_FIRST_SECONDS: i64 = 30;
/// The longest wait of a pair.
pub const BACKOFF_MAX_SECONDS: i64 = 15 * 60;
/// Failures on one account, from addresses it has never signed in from.
pub const ACCOUNT_FAILURES_MAX: i64 = 50;
/// Failures from one address over every account.
pub const ADDRESS_FAILURES_MAX: i64 = 100;
/// How long an address a sign-in completed from stays known.
pub const KNOWN_ADDRESS_DAYS: i64 = 90;

const DAY_US: i64 = 24 * 60 * 60 * 1_000_000;

/// One attempt's throttle: the account (by normalized e-mail) and the client's address.
pub(crate) struct Throttle {
    email: String,
    address: Option<String>,
}

/// Why an attempt waits, and until when (microseconds).
struct Lock {
    until: i64,
    failures: i64,
}

impl Throttle {
    pub(crate) fn new(email: &str, address: Option<SocketAddr>) -> Self {
        Self {
            email: users::normalize_email(email),
            address: address.map(|a| a.ip().to_string()),
        }
    }

    fn account_key(&self) -> String {
        format!("account:{}", self.email)
    }

    fn address_key(&self) -> Option<String> {
        self.address.as_ref().map(|a| format!("address:{a}"))
    }

    fn pair_key(&self) -> Option<String> {
        self.address
            .as_ref()
            .map(|a| format!("pair:{}|{a}", self.email))
    }

    /// 429 with the wait while a lock holds.
    pub(crate) async fn check(&self, app: &AppState) -> Result<(), ApiError> {
        match self.lock(app, app.clock.now_us()).await? {
            Some(lock) => Err(refused(lock.until - app.clock.now_us())),
            None => Ok(()),
        }
    }

    /// Counts a failure; when it starts a lock, records the lock in the activity log of
    /// `user` (attempts on addresses without an account have no log).
    pub(crate) async fn record_failure(
        &self,
        app: &AppState,
        user: Option<&users::User>,
    ) -> Result<(), ApiError> {
        let now = app.clock.now_us();
        let mut tx = app.db().begin_write().await?;
        sqlx::query("DELETE FROM login_failures WHERE at <= $1")
            .bind(now - FAILURE_WINDOW_US)
            .execute(&mut *tx)
            .await?;
        for key in [
            Some(self.account_key()),
            self.address_key(),
            self.pair_key(),
        ]
        .into_iter()
        .flatten()
        {
            sqlx::query("INSERT INTO login_failures (subject, at) VALUES ($1, $2)")
                .bind(key)
                .bind(now)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        if let (Some(user), Some(lock)) = (user, self.lock(app, now).await?) {
            let fact = SignInLocked {
                user_id: activity::user_id(&user.id)?,
                ip_address: self.address.clone(),
                failures: lock.failures,
                locked_seconds: whole_seconds(lock.until - now),
            };
            tracing::warn!(user_id = %user.id, failures = lock.failures, "sign-in locked");
            activity::record(app, UserActivityEvent::SignInLocked(fact), Scope::default()).await?;
        }
        Ok(())
    }

    /// Makes the address known for the account: its sign-ins there are no longer held by
    /// failures from elsewhere, and its own failures are forgotten.
    pub(crate) async fn record_success(&self, app: &AppState) -> Result<(), ApiError> {
        let Some(address) = &self.address else {
            return Ok(());
        };
        let now = app.clock.now_us();
        sqlx::query(
            "INSERT INTO known_sign_in_addresses (email, address, last_seen) VALUES ($1, $2, $3) \
             ON CONFLICT (email, address) DO UPDATE SET last_seen = excluded.last_seen",
        )
        .bind(&self.email)
        .bind(address)
        .bind(now)
        .execute_write(app.db())
        .await?;
        if let Some(pair) = self.pair_key() {
            sqlx::query("DELETE FROM login_failures WHERE subject = $1")
                .bind(pair)
                .execute_write(app.db())
                .await?;
        }
        Ok(())
    }

    /// The lock holding at `now`, if any.
    async fn lock(&self, app: &AppState, now: i64) -> Result<Option<Lock>, ApiError> {
        let since = now - FAILURE_WINDOW_US;
        if let Some(pair) = self.pair_key() {
            let (failures, last) = failures(app, &pair, since).await?;
            if failures >= PAIR_FREE_FAILURES {
                let until = last + backoff_seconds(failures) * 1_000_000;
                if until > now {
                    return Ok(Some(Lock { until, failures }));
                }
            }
        }
        if self.known(app, now).await? {
            return Ok(None);
        }
        let wide = [
            Some((self.account_key(), ACCOUNT_FAILURES_MAX)),
            self.address_key().map(|key| (key, ADDRESS_FAILURES_MAX)),
        ];
        for (key, max) in wide.into_iter().flatten() {
            let (failures, last) = failures(app, &key, since).await?;
            if failures >= max {
                return Ok(Some(Lock {
                    until: last + FAILURE_WINDOW_US,
                    failures,
                }));
            }
        }
        Ok(None)
    }

    async fn known(&self, app: &AppState, now: i64) -> Result<bool, ApiError> {
        let Some(address) = &self.address else {
            return Ok(false);
        };
        let seen: Option<i64> = sqlx::query_scalar(
            "SELECT last_seen FROM known_sign_in_addresses WHERE email = $1 AND address = $2",
        )
        .bind(&self.email)
        .bind(address)
        .fetch_optional(&app.db().pool)
        .await?;
        Ok(seen.is_some_and(|at| at > now - KNOWN_ADDRESS_DAYS * DAY_US))
    }
}

/// The wait after the pair's `failures`-th failure: none before [`PAIR_FREE_FAILURES`],
/// then doubling from [`BACKOFF_FIRST_SECONDS`] up to [`BACKOFF_MAX_SECONDS`].
pub fn backoff_seconds(failures: i64) -> i64 {
    if failures < PAIR_FREE_FAILURES {
        return 0;
    }
    let doublings = (failures - PAIR_FREE_FAILURES).min(16) as u32;
    (BACKOFF_FIRST_SECONDS << doublings).min(BACKOFF_MAX_SECONDS)
}

fn refused(wait_us: i64) -> ApiError {
    ApiError::TooManyRequests(format!(
        "Too many failed sign-in attempts. Wait {} and try again.",
        wait_text(whole_seconds(wait_us))
    ))
}

/// Microseconds as whole seconds, rounded up (a wait is never shown shorter than it is).
fn whole_seconds(us: i64) -> i64 {
    (us.max(0) + 999_999) / 1_000_000
}

/// The subject's failure count and latest failure since `since`.
async fn failures(app: &AppState, subject: &str, since: i64) -> Result<(i64, i64), ApiError> {
    let (count, last): (i64, Option<i64>) = sqlx::query_as(
        "SELECT COUNT(*), MAX(at) FROM login_failures WHERE subject = $1 AND at > $2",
    )
    .bind(subject)
    .bind(since)
    .fetch_one(&app.db().pool)
    .await?;
    Ok((count, last.unwrap_or(0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_failures_of_a_pair_wait_nothing() {
        assert_eq!(backoff_seconds(PAIR_FREE_FAILURES - 1), 0);
    }

    #[test]
    fn the_wait_doubles_with_each_failure_after_the_free_ones() {
        assert_eq!(backoff_seconds(PAIR_FREE_FAILURES), 30);
        assert_eq!(backoff_seconds(PAIR_FREE_FAILURES + 1), 60);
        assert_eq!(backoff_seconds(PAIR_FREE_FAILURES + 2), 120);
    }

    #[test]
    fn the_wait_never_exceeds_fifteen_minutes() {
        assert_eq!(backoff_seconds(PAIR_FREE_FAILURES + 40), 15 * 60);
    }

    #[test]
    fn the_refusal_names_the_wait() {
        let ApiError::TooManyRequests(text) = refused(150 * 1_000_000) else {
            panic!("429");
        };
        assert_eq!(
            text,
            "Too many failed sign-in attempts. Wait 3 minutes and try again."
        );
    }
}
