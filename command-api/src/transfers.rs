//! Workspace transfers between organizations (spec §7, §4): a source Admin asks; an
//! Admin of the target approves (status 2) or rejects (3); 4 closes it otherwise (either
//! side). Approval takes the workspace out of the source — with its members' coverage —
//! and into the target, covered by the approver; its books are keyed by the workspace
//! and stay untouched. The source organization's stream owns the transfer's state, so
//! a transfer is answered once.

use api_core::access::{authorize, authorize_organization};
use api_core::auth::AuthUser;
use api_core::body::Body;
use api_core::openapi::{ok, Data};
use api_core::request_id::CurrentRequestId;
use api_core::ApiError;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use commands::{RunError, Unit};
use domain::organization::{
    Organization, ReceiveWorkspace, RequestTransfer, ResolveTransfer, TransferAnswer,
};
use domain::permissions::Action;
use domain::permissions::{Denial, Plan, Resource};
use event_schemas::{OrganizationId, TransferId, UserId, WorkspaceId};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::Row;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::caller::Caller;
use crate::ids::{parse_field_id, parse_id};
use crate::organizations::run;
use crate::runner::IntoApiError;
use crate::CommandState;

pub fn router() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new()
        .routes(routes!(request_transfer))
        .routes(routes!(answer_transfer))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct TransferBody {
    /// The receiving organization: its id, its slug, or the e-mail address of one of its
    /// Admins.
    pub target_organization: String,
    pub workspace: String,
    pub source_organization: String,
}

/// Asks to move a workspace to another organization. Needs the Admin's
/// `workspace:delete` in that workspace: giving books away is like deleting them here.
#[utoipa::path(post, path = "/api/v1/accounts/organizations/{organization_id}/workspaces/transfers/", tag = "organizations",
    params(("organization_id" = String, Path)), request_body = TransferBody,
    responses((status = 201, body = Data<Transfer>),
        (status = 400), (status = 403)))]
pub async fn request_transfer(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path(organization_id): Path<String>,
    Body(body): Body<TransferBody>,
) -> Result<(StatusCode, Json<Data<Transfer>>), ApiError> {
    let app = &state.app;
    if body.source_organization.trim() != organization_id {
        return Err(ApiError::field(
            "source_organization",
            "The source must be the organization of the request path.",
        ));
    }
    let workspace: WorkspaceId = parse_field_id("workspace", &body.workspace)?;
    authorize(
        app,
        &user,
        &workspace.to_string(),
        Action::DeleteWorkspace,
        None,
    )
    .await?;
    let owner: Option<String> = sqlx::query_scalar(
        "SELECT organization_id FROM read_workspaces WHERE id = $1 AND deleted = 0",
    )
    .bind(workspace.to_string())
    .fetch_optional(&app.db().pool)
    .await?;
    if owner.as_deref() != Some(organization_id.as_str()) {
        return Err(ApiError::field(
            "workspace",
            "This workspace is not in the source organization.",
        ));
    }
    let target = receiving_organization(app, &body.target_organization, &organization_id).await?;
    let transfer_id = TransferId::new_v7();
    let command = RequestTransfer {
        transfer_id,
        workspace_id: workspace,
        target_organization_id: target,
        requested_by: parse_id::<UserId>(&user.user_id)?,
    };
    run(
        &state,
        &user,
        request_id,
        parse_id(&organization_id)?,
        command.into(),
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        ok(Transfer {
            transfer_id: transfer_id.to_string(),
            target_organization: target.to_string(),
            source_organization: organization_id,
            workspace: workspace.to_string(),
            status: 1,
        }),
    ))
}

/// The organization a transfer is asked for, named by its id, its slug, or the e-mail of
/// one of its Admins (the person one deals with, who may belong to no organization of the
/// requester). Every miss answers alike, so the field tells nobody who is an Admin where.
async fn receiving_organization(
    app: &api_core::AppState,
    named: &str,
    source: &str,
) -> Result<OrganizationId, ApiError> {
    let named = named.trim();
    let no_such = || ApiError::field("target_organization", "No such organization.");
    let found: Vec<String> = if named.contains('@') {
        sqlx::query_scalar(
            "SELECT DISTINCT m.organization_id FROM read_memberships m \
             JOIN users u ON u.id = m.user_id \
             WHERE u.email_normalized = $1 AND m.role = $2 AND m.is_active = 1 \
             AND m.organization_id <> $3 ORDER BY m.organization_id",
        )
        .bind(identity::users::normalize_email(named))
        .bind(i64::from(domain::permissions::Role::Admin.number()))
        .bind(source)
        .fetch_all(&app.db().pool)
        .await?
    } else {
        sqlx::query_scalar("SELECT id FROM read_organizations WHERE id = $1 OR slug = $2")
            .bind(named)
            .bind(named.to_lowercase())
            .fetch_all(&app.db().pool)
            .await?
    };
    let several = if named.contains('@') {
        "This person is an Admin of several organizations: name the organization by its slug."
    } else {
        // Slugs come from names, which organizations need not keep unique.
        "Several organizations have this slug: name the organization by the e-mail of one of its Admins."
    };
    match found.as_slice() {
        [] => Err(no_such()),
        [one] => parse_field_id("target_organization", one),
        _ => Err(ApiError::field("target_organization", several)),
    }
}

/// A workspace transfer as requested or answered.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Transfer {
    pub transfer_id: String,
    pub source_organization: String,
    pub target_organization: String,
    pub workspace: String,
    /// 1 pending, 2 approved, 3 rejected, 4 closed.
    pub status: i64,
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct TransferAnswerBody {
    /// 2 approved, 3 rejected, 4 any other choice.
    pub status: Value,
}

/// Answers a pending transfer. Only an Admin of the target approves or rejects; an Admin
/// of either side may close it (4).
#[utoipa::path(patch, path = "/api/v1/accounts/organizations/{organization_id}/workspaces/transfers/{id}/", tag = "organizations",
    params(("organization_id" = String, Path), ("id" = String, Path)), request_body = TransferAnswerBody,
    responses((status = 200, body = Data<Transfer>), (status = 400), (status = 403), (status = 404)))]
pub async fn answer_transfer(
    State(state): State<CommandState>,
    caller: Caller,
    Path((organization_id, transfer_id)): Path<(String, String)>,
    Body(body): Body<TransferAnswerBody>,
) -> Result<Json<Data<Transfer>>, ApiError> {
    let app = &state.app;
    let answer = body
        .status
        .as_u64()
        .or_else(|| body.status.as_str().and_then(|s| s.trim().parse().ok()))
        .and_then(|n| u8::try_from(n).ok())
        .and_then(TransferAnswer::from_status)
        .ok_or_else(|| {
            ApiError::field(
                "status",
                "Status must be 2 (approve), 3 (reject) or 4 (close).",
            )
        })?;
    let row = sqlx::query(
        "SELECT source_organization_id, target_organization_id, workspace_id FROM read_transfers WHERE id = $1",
    )
    .bind(&transfer_id)
    .fetch_optional(&app.db().pool)
    .await?
    .ok_or_else(|| ApiError::NotFound("Not found.".into()))?;
    let source: String = row.try_get("source_organization_id")?;
    let target: String = row.try_get("target_organization_id")?;
    let workspace: String = row.try_get("workspace_id")?;
    if organization_id != source && organization_id != target {
        return Err(ApiError::NotFound("Not found.".into()));
    }
    let decider = match answer {
        TransferAnswer::Approved | TransferAnswer::Rejected => target.as_str(),
        TransferAnswer::Closed => organization_id.as_str(),
    };
    // An approval is decided by the target, so this is the target's plan then.
    let access =
        authorize_organization(app, &caller.user, decider, Action::DeleteWorkspace, None).await?;
    let transfer = Answer {
        target_plan: access.plan,
        transfer_id: parse_id(&transfer_id)?,
        workspace_id: parse_id(&workspace)?,
        source,
        target,
        answer,
    };
    let mut attempt = 1;
    while let Err(err) = answer_once(&state, &caller, &transfer).await {
        match err {
            Refused::Api(err) => return Err(err),
            Refused::Run(RunError::Moved { .. }) if attempt < ATTEMPTS_ON_MOVE => attempt += 1,
            Refused::Run(err) => return Err(err.into_api_error()),
        }
    }
    api_core::consistency::read_your_writes(app, "organizations").await?;
    let Answer { source, target, .. } = transfer;
    Ok(ok(Transfer {
        transfer_id: transfer_id.to_string(),
        source_organization: source,
        target_organization: target,
        workspace,
        status: i64::from(answer.status()),
    }))
}

/// How many times an answer is decided again when either organization changed meanwhile.
const ATTEMPTS_ON_MOVE: usize = 3;

/// A transfer being answered.
struct Answer {
    transfer_id: TransferId,
    workspace_id: WorkspaceId,
    source: String,
    target: String,
    answer: TransferAnswer,
    target_plan: Plan,
}

enum Refused {
    Api(ApiError),
    Run(RunError),
}

impl From<ApiError> for Refused {
    fn from(err: ApiError) -> Self {
        Self::Api(err)
    }
}

/// Decides the answer on the source organization and — for an approval — the receipt on
/// the target, and appends both in one append: the workspace never leaves one organization
/// without arriving in the other. Both streams are expected as loaded, so the target's
/// workspace count checked against its plan is the one the receipt lands on.
async fn answer_once(
    state: &CommandState,
    caller: &Caller,
    transfer: &Answer,
) -> Result<(), Refused> {
    let runner = state.runner();
    let run = |err: RunError| Refused::Run(err);
    let source = runner
        .load::<Organization>(&transfer.source)
        .await
        .map_err(run)?;
    let workspace = transfer.workspace_id.to_string();
    let mut unit = Unit::new(
        &caller.metadata(Some(transfer.source.clone()), Some(workspace.clone())),
        caller.command_key.clone(),
    );
    // Read before the approval takes the workspace out of the source.
    let moving = source.state.workspace(transfer.workspace_id).cloned();
    unit.decide(
        &source,
        ResolveTransfer {
            transfer_id: transfer.transfer_id,
            answer: transfer.answer,
            resolved_by: caller.user_id,
        }
        .into(),
    )
    .map_err(|err| Refused::Api(err.into_api_error()))?;
    if transfer.answer == TransferAnswer::Approved {
        let moving = moving.ok_or_else(|| ApiError::NotFound("Not found.".into()))?;
        let target = runner
            .load::<Organization>(&transfer.target)
            .await
            .map_err(run)?;
        // Receiving counts against the plan's workspace limit as creating would.
        let live = u64::try_from(target.state.live_workspaces().count()).unwrap_or(u64::MAX);
        let resource = Resource::Workspaces;
        if transfer.target_plan.limit(resource).would_exceed(live, 1) {
            return Err(Refused::Api(ApiError::Forbidden(Denial::LimitExceeded {
                resource,
            })));
        }
        unit.stamp(&caller.metadata(Some(transfer.target.clone()), Some(workspace)));
        unit.decide(
            &target,
            ReceiveWorkspace {
                transfer_id: transfer.transfer_id,
                workspace_id: transfer.workspace_id,
                source_organization_id: parse_id(&transfer.source)?,
                name: moving.name,
                base_currency: moving.base_currency,
                created_by: moving.created_by,
                receiver: caller.user_id,
            }
            .into(),
        )
        .map_err(|err| Refused::Api(err.into_api_error()))?;
    }
    unit.commit(runner).await.map_err(run)?;
    Ok(())
}
