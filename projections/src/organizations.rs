//! `organizations`: the read models of the Organization aggregate — organizations,
//! workspaces, memberships and which workspaces each membership covers. The account
//! service's lists, `/me/workspaces/` and every route's access check read these.

use async_trait::async_trait;
use event_schemas::organization::{upcasters, OrganizationEvent, AGGREGATE_TYPE};
use sqlx::{Any, Transaction};
use store::migrate::Migration;
use store::RecordedEvent;

use crate::{ProjectionError, Projector};

const ORGANIZATIONS: &str = "CREATE TABLE read_organizations (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    slug TEXT NOT NULL,
    email TEXT NOT NULL,
    location TEXT,
    created_by TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
)";

const WORKSPACES: &str = "CREATE TABLE read_workspaces (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL,
    name TEXT NOT NULL,
    base_currency TEXT NOT NULL,
    created_by TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    deleted BIGINT NOT NULL DEFAULT 0
)";

/// The organization's profile beyond its name, e-mail and location; NULL when not given.
const ORGANIZATIONS_ADDRESS: &str = "ALTER TABLE read_organizations ADD COLUMN address TEXT";
const ORGANIZATIONS_INDUSTRY: &str = "ALTER TABLE read_organizations ADD COLUMN industry TEXT";
const ORGANIZATIONS_LOGO: &str = "ALTER TABLE read_organizations ADD COLUMN logo_id TEXT";

/// The workspace's image (an uploaded file's id); NULL shows the placeholder.
const WORKSPACES_IMAGE: &str = "ALTER TABLE read_workspaces ADD COLUMN image_id TEXT";

/// The workspace's IANA time zone an Admin set; NULL reads as the organization's
/// country's (`domain::time_zone::default_time_zone`).
const WORKSPACES_TIME_ZONE: &str = "ALTER TABLE read_workspaces ADD COLUMN time_zone TEXT";

const WORKSPACES_INDEX: &str =
    "CREATE INDEX read_workspaces_organization ON read_workspaces (organization_id)";

const MEMBERSHIPS: &str = "CREATE TABLE read_memberships (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    role BIGINT NOT NULL,
    is_active BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
)";

const MEMBERSHIPS_INDEX: &str =
    "CREATE INDEX read_memberships_user ON read_memberships (user_id, organization_id)";

const COVERAGE: &str = "CREATE TABLE read_membership_workspaces (
    membership_id TEXT NOT NULL,
    workspace_id TEXT NOT NULL,
    organization_id TEXT NOT NULL,
    user_id TEXT NOT NULL,
    PRIMARY KEY (membership_id, workspace_id)
)";

const COVERAGE_INDEX: &str = "CREATE INDEX read_membership_workspaces_user \
    ON read_membership_workspaces (user_id, workspace_id)";

const INVITATIONS: &str = "CREATE TABLE read_invitations (
    id TEXT PRIMARY KEY,
    organization_id TEXT NOT NULL,
    email TEXT,
    role BIGINT NOT NULL,
    workspaces TEXT NOT NULL,
    status BIGINT NOT NULL,
    invited_by TEXT NOT NULL,
    accepted_by TEXT,
    expires_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
)";

const INVITATIONS_USES: &str =
    "ALTER TABLE read_invitations ADD COLUMN uses BIGINT NOT NULL DEFAULT 0";

const INVITATIONS_INDEX: &str =
    "CREATE INDEX read_invitations_organization ON read_invitations (organization_id, created_at)";

const TRANSFERS: &str = "CREATE TABLE read_transfers (
    id TEXT PRIMARY KEY,
    source_organization_id TEXT NOT NULL,
    target_organization_id TEXT NOT NULL,
    workspace_id TEXT NOT NULL,
    status BIGINT NOT NULL,
    requested_by TEXT NOT NULL,
    resolved_by TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
)";

const SETUP: &str = "CREATE TABLE read_setup_progress (
    organization_id TEXT PRIMARY KEY,
    skipped_steps TEXT NOT NULL,
    dismissed BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
)";

/// Invitation statuses as stored (and listed by `/choices/description/`).
pub const INVITATION_PENDING: i64 = 1;
pub const INVITATION_ACCEPTED: i64 = 2;
pub const INVITATION_REJECTED: i64 = 3;
pub const INVITATION_CANCELLED: i64 = 4;

macro_rules! same {
    ($version:expr, $name:expr, $sql:expr) => {
        Migration {
            version: $version,
            name: $name,
            sqlite: $sql,
            postgres: $sql,
        }
    };
}

pub struct Organizations;

/// Decodes an Organization event, lifting old versions through the upcasters exactly as
/// the aggregate's event store does.
fn decode(event: &RecordedEvent) -> Result<OrganizationEvent, ProjectionError> {
    crate::decode::decode(event, &upcasters())
}

#[async_trait]
impl Projector for Organizations {
    fn name(&self) -> &'static str {
        "organizations"
    }

    fn version(&self) -> i64 {
        1
    }

    fn migrations(&self) -> &'static [Migration] {
        &[
            same!(1, "read_organizations", ORGANIZATIONS),
            same!(2, "read_workspaces", WORKSPACES),
            same!(3, "read_workspaces_organization", WORKSPACES_INDEX),
            same!(4, "read_memberships", MEMBERSHIPS),
            same!(5, "read_memberships_user", MEMBERSHIPS_INDEX),
            same!(6, "read_membership_workspaces", COVERAGE),
            same!(7, "read_membership_workspaces_user", COVERAGE_INDEX),
            same!(8, "read_invitations", INVITATIONS),
            same!(9, "read_invitations_organization", INVITATIONS_INDEX),
            same!(10, "read_transfers", TRANSFERS),
            same!(11, "read_setup_progress", SETUP),
            same!(12, "read_invitations_uses", INVITATIONS_USES),
            same!(13, "read_workspaces_image", WORKSPACES_IMAGE),
            same!(14, "read_organizations_address", ORGANIZATIONS_ADDRESS),
            same!(15, "read_organizations_industry", ORGANIZATIONS_INDUSTRY),
            same!(16, "read_organizations_logo", ORGANIZATIONS_LOGO),
            same!(17, "read_workspaces_time_zone", WORKSPACES_TIME_ZONE),
        ]
    }

    fn tables(&self) -> &'static [&'static str] {
        &[
            "read_organizations",
            "read_workspaces",
            "read_memberships",
            "read_membership_workspaces",
            "read_invitations",
            "read_transfers",
            "read_setup_progress",
        ]
    }

    fn concerns(&self, event: &RecordedEvent) -> bool {
        event.aggregate_type == AGGREGATE_TYPE
    }

    async fn apply_batch(
        &self,
        tx: &mut Transaction<'static, Any>,
        events: &[RecordedEvent],
    ) -> Result<(), ProjectionError> {
        for event in events.iter().filter(|e| e.aggregate_type == AGGREGATE_TYPE) {
            let decoded = decode(event)?;
            apply(tx, &decoded, event.recorded_at)
                .await
                .map_err(|e| ProjectionError::at(event, e.to_string()))?;
        }
        Ok(())
    }
}

async fn apply(
    tx: &mut Transaction<'static, Any>,
    event: &OrganizationEvent,
    at: i64,
) -> Result<(), sqlx::Error> {
    match event {
        OrganizationEvent::OrganizationCreated(e) => {
            sqlx::query(
                "INSERT INTO read_organizations (id, name, slug, email, location, created_by, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $7)",
            )
            .bind(e.organization_id.to_string())
            .bind(&e.name)
            .bind(&e.slug)
            .bind(&e.email)
            .bind(&e.location)
            .bind(e.created_by.to_string())
            .bind(at)
            .execute(&mut **tx)
            .await?;
        }
        OrganizationEvent::OrganizationUpdated(e) => {
            sqlx::query(
                "UPDATE read_organizations SET name = $1, email = $2, location = $3, address = $4, \
                 industry = $5, logo_id = $6, updated_at = $7 WHERE id = $8",
            )
            .bind(&e.name)
            .bind(&e.email)
            .bind(&e.location)
            .bind(&e.address)
            .bind(&e.industry)
            .bind(e.logo_id.map(|id| id.to_string()))
            .bind(at)
            .bind(e.organization_id.to_string())
            .execute(&mut **tx)
            .await?;
        }
        OrganizationEvent::WorkspaceCreated(e) => {
            sqlx::query(
                "INSERT INTO read_workspaces (id, organization_id, name, base_currency, created_by, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $6)",
            )
            .bind(e.workspace_id.to_string())
            .bind(e.organization_id.to_string())
            .bind(&e.name)
            .bind(&e.base_currency)
            .bind(e.created_by.to_string())
            .bind(at)
            .execute(&mut **tx)
            .await?;
        }
        OrganizationEvent::WorkspaceRenamed(e) => {
            sqlx::query("UPDATE read_workspaces SET name = $1, updated_at = $2 WHERE id = $3")
                .bind(&e.name)
                .bind(at)
                .bind(e.workspace_id.to_string())
                .execute(&mut **tx)
                .await?;
        }
        OrganizationEvent::WorkspaceImageChanged(e) => {
            sqlx::query("UPDATE read_workspaces SET image_id = $1, updated_at = $2 WHERE id = $3")
                .bind(e.image_id.map(|id| id.to_string()))
                .bind(at)
                .bind(e.workspace_id.to_string())
                .execute(&mut **tx)
                .await?;
        }
        OrganizationEvent::WorkspaceTimeZoneChanged(e) => {
            sqlx::query("UPDATE read_workspaces SET time_zone = $1, updated_at = $2 WHERE id = $3")
                .bind(&e.time_zone)
                .bind(at)
                .bind(e.workspace_id.to_string())
                .execute(&mut **tx)
                .await?;
        }
        OrganizationEvent::WorkspaceDeleted(e) => {
            let id = e.workspace_id.to_string();
            sqlx::query("UPDATE read_workspaces SET deleted = 1, updated_at = $1 WHERE id = $2")
                .bind(at)
                .bind(&id)
                .execute(&mut **tx)
                .await?;
            sqlx::query("DELETE FROM read_membership_workspaces WHERE workspace_id = $1")
                .bind(&id)
                .execute(&mut **tx)
                .await?;
        }
        OrganizationEvent::MemberAdded(e) => {
            sqlx::query(
                "INSERT INTO read_memberships (id, organization_id, user_id, role, is_active, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, 1, $5, $5)",
            )
            .bind(e.membership_id.to_string())
            .bind(e.organization_id.to_string())
            .bind(e.user_id.to_string())
            .bind(i64::from(e.role))
            .bind(at)
            .execute(&mut **tx)
            .await?;
            cover(
                tx,
                &e.membership_id.to_string(),
                &e.organization_id.to_string(),
                &e.user_id.to_string(),
                &e.workspaces,
            )
            .await?;
        }
        OrganizationEvent::MemberRoleChanged(e) => {
            sqlx::query("UPDATE read_memberships SET role = $1, updated_at = $2 WHERE id = $3")
                .bind(i64::from(e.role))
                .bind(at)
                .bind(e.membership_id.to_string())
                .execute(&mut **tx)
                .await?;
        }
        OrganizationEvent::MemberWorkspacesChanged(e) => {
            sqlx::query("UPDATE read_memberships SET updated_at = $1 WHERE id = $2")
                .bind(at)
                .bind(e.membership_id.to_string())
                .execute(&mut **tx)
                .await?;
            cover(
                tx,
                &e.membership_id.to_string(),
                &e.organization_id.to_string(),
                &e.user_id.to_string(),
                &e.workspaces,
            )
            .await?;
        }
        OrganizationEvent::MemberRemoved(e) => {
            let id = e.membership_id.to_string();
            sqlx::query("UPDATE read_memberships SET is_active = 0, updated_at = $1 WHERE id = $2")
                .bind(at)
                .bind(&id)
                .execute(&mut **tx)
                .await?;
            sqlx::query("DELETE FROM read_membership_workspaces WHERE membership_id = $1")
                .bind(&id)
                .execute(&mut **tx)
                .await?;
        }
        OrganizationEvent::InvitationCreated(e) => {
            let workspaces: Vec<String> = e.workspaces.iter().map(ToString::to_string).collect();
            sqlx::query(
                "INSERT INTO read_invitations (id, organization_id, email, role, workspaces, status, invited_by, expires_at, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)",
            )
            .bind(e.invitation_id.to_string())
            .bind(e.organization_id.to_string())
            .bind(&e.email)
            .bind(i64::from(e.role))
            .bind(workspaces.join(","))
            .bind(INVITATION_PENDING)
            .bind(e.invited_by.to_string())
            .bind(e.expires_at)
            .bind(at)
            .execute(&mut **tx)
            .await?;
        }
        OrganizationEvent::InvitationResent(e) => {
            sqlx::query(
                "UPDATE read_invitations SET expires_at = $1, updated_at = $2 WHERE id = $3",
            )
            .bind(e.expires_at)
            .bind(at)
            .bind(e.invitation_id.to_string())
            .execute(&mut **tx)
            .await?;
        }
        OrganizationEvent::InvitationCancelled(e) => {
            set_invitation_status(
                tx,
                &e.invitation_id.to_string(),
                INVITATION_CANCELLED,
                None,
                at,
            )
            .await?;
        }
        OrganizationEvent::InvitationRejected(e) => {
            set_invitation_status(
                tx,
                &e.invitation_id.to_string(),
                INVITATION_REJECTED,
                None,
                at,
            )
            .await?;
        }
        OrganizationEvent::InvitationAccepted(e) => {
            // Every acceptance is a use; only an e-mail invitation is used up by one (a
            // link stays open for the next person).
            sqlx::query(
                "UPDATE read_invitations SET uses = uses + 1, updated_at = $1 WHERE id = $2",
            )
            .bind(at)
            .bind(e.invitation_id.to_string())
            .execute(&mut **tx)
            .await?;
            sqlx::query(
                "UPDATE read_invitations SET status = $1, accepted_by = $2, updated_at = $3 \
                 WHERE id = $4 AND email IS NOT NULL",
            )
            .bind(INVITATION_ACCEPTED)
            .bind(e.user_id.to_string())
            .bind(at)
            .bind(e.invitation_id.to_string())
            .execute(&mut **tx)
            .await?;
        }
        OrganizationEvent::TransferRequested(e) => {
            sqlx::query(
                "INSERT INTO read_transfers (id, source_organization_id, target_organization_id, workspace_id, status, requested_by, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, 1, $5, $6, $6)",
            )
            .bind(e.transfer_id.to_string())
            .bind(e.organization_id.to_string())
            .bind(e.target_organization_id.to_string())
            .bind(e.workspace_id.to_string())
            .bind(e.requested_by.to_string())
            .bind(at)
            .execute(&mut **tx)
            .await?;
        }
        OrganizationEvent::TransferResolved(e) => {
            sqlx::query(
                "UPDATE read_transfers SET status = $1, resolved_by = $2, updated_at = $3 WHERE id = $4",
            )
            .bind(i64::from(e.status))
            .bind(e.resolved_by.to_string())
            .bind(at)
            .bind(e.transfer_id.to_string())
            .execute(&mut **tx)
            .await?;
        }
        OrganizationEvent::WorkspaceTransferredOut(e) => {
            // Hidden until the target takes it in (the next event of the transfer).
            sqlx::query(
                "UPDATE read_workspaces SET deleted = 1, updated_at = $1 WHERE id = $2 AND organization_id = $3",
            )
            .bind(at)
            .bind(e.workspace_id.to_string())
            .bind(e.organization_id.to_string())
            .execute(&mut **tx)
            .await?;
        }
        OrganizationEvent::SetupProgressUpdated(e) => {
            sqlx::query(
                "INSERT INTO read_setup_progress (organization_id, skipped_steps, dismissed, updated_at) \
                 VALUES ($1, $2, $3, $4) ON CONFLICT (organization_id) DO UPDATE SET \
                 skipped_steps = excluded.skipped_steps, dismissed = excluded.dismissed, updated_at = excluded.updated_at",
            )
            .bind(e.organization_id.to_string())
            .bind(e.skipped_steps.join(","))
            .bind(i64::from(e.dismissed))
            .bind(at)
            .execute(&mut **tx)
            .await?;
        }
        OrganizationEvent::WorkspaceTransferredIn(e) => {
            sqlx::query(
                "UPDATE read_workspaces SET organization_id = $1, name = $2, deleted = 0, updated_at = $3 WHERE id = $4",
            )
            .bind(e.organization_id.to_string())
            .bind(&e.name)
            .bind(at)
            .bind(e.workspace_id.to_string())
            .execute(&mut **tx)
            .await?;
        }
    }
    Ok(())
}

async fn set_invitation_status(
    tx: &mut Transaction<'static, Any>,
    invitation_id: &str,
    status: i64,
    accepted_by: Option<&str>,
    at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE read_invitations SET status = $1, accepted_by = $2, updated_at = $3 WHERE id = $4",
    )
    .bind(status)
    .bind(accepted_by)
    .bind(at)
    .bind(invitation_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Replaces the set of workspaces a membership covers.
async fn cover(
    tx: &mut Transaction<'static, Any>,
    membership_id: &str,
    organization_id: &str,
    user_id: &str,
    workspaces: &[event_schemas::WorkspaceId],
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM read_membership_workspaces WHERE membership_id = $1")
        .bind(membership_id)
        .execute(&mut **tx)
        .await?;
    for workspace in workspaces {
        sqlx::query(
            "INSERT INTO read_membership_workspaces (membership_id, workspace_id, organization_id, user_id) \
             VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
        )
        .bind(membership_id)
        .bind(workspace.to_string())
        .bind(organization_id)
        .bind(user_id)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}
