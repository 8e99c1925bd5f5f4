//! The access policy read from the `organizations` read model: a user's role in a
//! workspace is their active membership's role, if that membership covers the workspace.
//! The plan is the organization's effective plan (DESIGN §7): its subscription in force,
//! else Professional (spec §9: "The plan actually applied is fixed as Professional").
//!
//! Every request asks it, so answers are kept in memory: each is good while neither the
//! `organizations` nor the `subscriptions` projector of this process has applied an event
//! that could change it since (their change counters in `projections::Applied`), and for
//! at most [`TTL_LOCAL`] (the plan in force also changes with time) — or [`TTL_REMOTE`]
//! where those projectors run in another process, whose changes this one does not see.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use api_core::access::{AccessFuture, AccessPolicy, WorkspaceAccess};
use api_core::ApiError;
use domain::permissions::{Plan, Role};
use projections::Applied;
use store::Db;

/// How long an answer is kept when this process runs the projectors it comes from.
pub const TTL_LOCAL: Duration = Duration::from_secs(30);
/// How long an answer is kept when they run elsewhere: a removed member loses access on
/// every node within this.
pub const TTL_REMOTE: Duration = Duration::from_secs(2);
/// Answers kept; past it the cache starts over (one entry per user and workspace).
pub const CACHED_MAX: usize = 100_000;

const ORGANIZATIONS: &str = "organizations";
const SUBSCRIPTIONS: &str = "subscriptions";

#[derive(Clone, Copy)]
struct Cached {
    access: Option<WorkspaceAccess>,
    changes: (u64, u64),
    until: Instant,
}

/// What an answer is about: a workspace, or an organization as a whole.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Scope {
    Workspace(String),
    Organization(String),
}

pub struct ReadModelAccess {
    db: Db,
    applied: Applied,
    cache: Mutex<HashMap<(String, Scope), Cached>>,
}

impl ReadModelAccess {
    pub fn new(db: Db, applied: Applied) -> Self {
        Self {
            db,
            applied,
            cache: Mutex::new(HashMap::new()),
        }
    }

    /// The change counters of the two read models answers come from, and how long an
    /// answer read now may be kept.
    fn freshness(&self) -> ((u64, u64), Duration) {
        // One statement each: a borrow lives to the end of its statement, and holding the
        // first while `subscribe` waits for `Applied`'s lock deadlocks with a projector
        // that holds that lock while it publishes to the first (it waits for the borrow).
        let organizations = self.applied.subscribe(ORGANIZATIONS).borrow().changes;
        let subscriptions = self.applied.subscribe(SUBSCRIPTIONS).borrow().changes;
        let changes = (organizations, subscriptions);
        let local = self.applied.is_local(ORGANIZATIONS) && self.applied.is_local(SUBSCRIPTIONS);
        (changes, if local { TTL_LOCAL } else { TTL_REMOTE })
    }

    fn cached(
        &self,
        key: &(String, Scope),
        changes: (u64, u64),
    ) -> Option<Option<WorkspaceAccess>> {
        let cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        cache
            .get(key)
            .filter(|c| c.changes == changes && c.until > Instant::now())
            .map(|c| c.access)
    }

    fn keep(&self, key: (String, Scope), cached: Cached) {
        let mut cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        if cache.len() >= CACHED_MAX {
            cache.clear();
        }
        cache.insert(key, cached);
    }

    async fn answer(
        &self,
        user_id: &str,
        scope: Scope,
    ) -> Result<Option<WorkspaceAccess>, ApiError> {
        let key = (user_id.to_owned(), scope);
        let (changes, ttl) = self.freshness();
        if let Some(access) = self.cached(&key, changes) {
            return Ok(access);
        }
        let membership = match &key.1 {
            Scope::Workspace(workspace_id) => {
                self.workspace_membership(user_id, workspace_id).await?
            }
            Scope::Organization(organization_id) => {
                self.organization_membership(user_id, organization_id)
                    .await?
            }
        };
        let access = self.access_of(membership).await?;
        // Only a membership is kept: a refusal is read afresh each time, so a membership
        // committed a moment ago counts as soon as the read model has it (the caller's
        // catch-up wait in `api_core::access` relies on this).
        if access.is_some() {
            self.keep(
                key,
                Cached {
                    access,
                    changes,
                    until: Instant::now() + ttl,
                },
            );
        }
        Ok(access)
    }

    async fn workspace_membership(
        &self,
        user_id: &str,
        workspace_id: &str,
    ) -> Result<Option<(i64, String)>, ApiError> {
        Ok(sqlx::query_as(
            "SELECT m.role, m.organization_id FROM read_membership_workspaces c \
             JOIN read_memberships m ON m.id = c.membership_id \
             JOIN read_workspaces w ON w.id = c.workspace_id \
             WHERE c.user_id = $1 AND c.workspace_id = $2 AND m.is_active = 1 AND w.deleted = 0",
        )
        .bind(user_id)
        .bind(workspace_id)
        .fetch_optional(&self.db.pool)
        .await?)
    }

    async fn organization_membership(
        &self,
        user_id: &str,
        organization_id: &str,
    ) -> Result<Option<(i64, String)>, ApiError> {
        Ok(sqlx::query_as(
            "SELECT role, organization_id FROM read_memberships \
             WHERE user_id = $1 AND organization_id = $2 AND is_active = 1",
        )
        .bind(user_id)
        .bind(organization_id)
        .fetch_optional(&self.db.pool)
        .await?)
    }

    /// The caller's access from their membership row (role, organization), with the plan
    /// the organization's subscription in force gives it now.
    async fn access_of(
        &self,
        membership: Option<(i64, String)>,
    ) -> Result<Option<WorkspaceAccess>, ApiError> {
        let Some((role, organization_id)) = membership else {
            return Ok(None);
        };
        let Some(role) = u8::try_from(role).ok().and_then(Role::from_number) else {
            return Ok(None);
        };
        let now = chrono::Utc::now().timestamp_micros();
        let subscribed = projections::subscriptions::in_force(&self.db.pool, &organization_id, now)
            .await?
            .and_then(|s| s.plan.parse::<Plan>().ok());
        Ok(Some(WorkspaceAccess {
            role,
            plan: Plan::effective(subscribed),
        }))
    }
}

impl AccessPolicy for ReadModelAccess {
    fn access<'a>(&'a self, user_id: &'a str, workspace_id: &'a str) -> AccessFuture<'a> {
        Box::pin(self.answer(user_id, Scope::Workspace(workspace_id.to_owned())))
    }

    fn organization_access<'a>(
        &'a self,
        user_id: &'a str,
        organization_id: &'a str,
    ) -> AccessFuture<'a> {
        Box::pin(self.answer(user_id, Scope::Organization(organization_id.to_owned())))
    }
}
