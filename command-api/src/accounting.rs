//! The accounting service's writes (spec §7 "Accounting", DESIGN §5), under
//! `/api/v1/accounting/workspaces/{workspace_id}/`. Each route checks the caller's
//! standing in the workspace, runs one command on the workspace's AccountTree (or a
//! journal entry), then waits for the read models.

use api_core::access::authorize;
use api_core::auth::AuthUser;
use api_core::body::Body;
use api_core::openapi::{ok, Data};
use api_core::request_id::CurrentRequestId;
use api_core::shapes::LockDate;
use api_core::ApiError;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::Json;
use domain::account_tree::{
    AccountTreeCommand, AccountType, BudgetPeriod, CashFlowCategory, Classification,
    ClassificationPatch, CreateAccount, DepreciationType, SetBudgetAmount, SetLockDate,
    SetUpDefaultChart, StatementSection, UpdateAccount,
};
use domain::permissions::Action;
use event_schemas::{AccountId, WorkspaceId};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use store::EventMetadata;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::ids::parse_id;
use crate::runner::execute;
use crate::CommandState;

pub fn router() -> OpenApiRouter<CommandState> {
    OpenApiRouter::new()
        .routes(routes!(set_up_default_chart))
        .routes(routes!(create_account, update_account, remove_account))
        .routes(routes!(set_budget))
        .routes(routes!(set_lock_date))
}

/// Runs one AccountTree command for the workspace as `user`; answers whether it changed
/// anything.
pub(crate) async fn run_on_tree(
    state: &CommandState,
    user: &AuthUser,
    request_id: Option<String>,
    workspace_id: WorkspaceId,
    command: AccountTreeCommand,
) -> Result<bool, ApiError> {
    let organization_id: Option<String> =
        api_core::access::organization_of(&state.app, &workspace_id.to_string()).await?;
    let metadata = EventMetadata {
        actor_id: Some(user.user_id.clone()),
        organization_id,
        workspace_id: Some(workspace_id.to_string()),
        request_id,
        ..Default::default()
    };
    execute::<domain::account_tree::AccountTree>(
        state.runner(),
        &workspace_id.to_string(),
        command,
        &metadata,
        None,
    )
    .await
    .map(|events| !events.is_empty())
}

/// Sets up the default chart of accounts once per workspace; afterwards it changes
/// nothing (the UI calls it whenever the main layout loads). Any member may trigger it:
/// it is the workspace's one-time initialisation, with no choice in it, not an edit.
#[utoipa::path(post, path = "/api/v1/accounting/workspaces/{workspace_id}/accounts/default/setup/", tag = "accounting",
    params(("workspace_id" = String, Path)),
    responses((status = 200, body = Data<ChartSetUp>), (status = 403)))]
pub async fn set_up_default_chart(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path(workspace_id): Path<String>,
) -> Result<Json<Data<ChartSetUp>>, ApiError> {
    authorize(&state.app, &user, &workspace_id, Action::ReadBooks, None).await?;
    let workspace: WorkspaceId = parse_id(&workspace_id)?;
    let set_up = run_on_tree(
        &state,
        &user,
        request_id,
        workspace,
        SetUpDefaultChart {
            workspace_id: workspace,
        }
        .into(),
    )
    .await?;
    api_core::consistency::read_your_writes(&state.app, "accounts").await?;
    Ok(ok(ChartSetUp {
        workspace_id,
        set_up,
    }))
}

/// Whether this call set the default chart up (`false`: it already was).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ChartSetUp {
    pub workspace_id: String,
    pub set_up: bool,
}

/// The account created or changed.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AccountRef {
    pub id: String,
}

/// The account removed: deleted, or archived when it has postings.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct AccountRemoved {
    pub id: String,
    pub archived: bool,
}

/// The budget amount set.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct BudgetSet {
    pub id: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub amount: String,
}

fn account_type_of(raw: &str) -> Result<AccountType, ApiError> {
    AccountType::ALL
        .into_iter()
        .find(|t| t.as_str() == raw.trim())
        .ok_or_else(|| {
            ApiError::field(
                "account_type",
                "Account type must be asset, liability, equity, income or expense.",
            )
        })
}

fn depreciation_type_of(value: &Value) -> Result<Option<DepreciationType>, ApiError> {
    if value.is_null() {
        return Ok(None);
    }
    serde_json::from_value(value.clone())
        .map(Some)
        .map_err(|_| {
            ApiError::field(
                "depreciation_type",
                "Depreciation type must be straight_line or declining_balance.",
            )
        })
}

/// A statement section or cash-flow category by its wire name; `null` (or an empty
/// string, what a form's "Default" option sends) hands the choice back to the default.
fn choice_of<T: Copy>(
    field: &str,
    value: &Value,
    all: &[T],
    name: impl Fn(T) -> &'static str,
) -> Result<Option<T>, ApiError> {
    match value {
        Value::Null => Ok(None),
        Value::String(raw) if raw.trim().is_empty() => Ok(None),
        Value::String(raw) => all
            .iter()
            .copied()
            .find(|c| name(*c) == raw.trim())
            .map(Some)
            .ok_or_else(|| {
                let names: Vec<&str> = all.iter().map(|c| name(*c)).collect();
                ApiError::field(field, format!("Choose one of: {}.", names.join(", ")))
            }),
        _ => Err(ApiError::field(field, "Not a valid choice.")),
    }
}

fn section_of(value: &Value) -> Result<Option<StatementSection>, ApiError> {
    choice_of(
        "statement_section",
        value,
        &StatementSection::ALL,
        StatementSection::as_str,
    )
}

fn category_of(value: &Value) -> Result<Option<CashFlowCategory>, ApiError> {
    choice_of(
        "cash_flow_category",
        value,
        &CashFlowCategory::ALL,
        CashFlowCategory::as_str,
    )
}

fn decimal_of(field: &str, value: &Value) -> Result<Option<Decimal>, ApiError> {
    if value.is_null() {
        return Ok(None);
    }
    api_core::money::money_of(value)
        .map(Some)
        .map_err(|message| ApiError::field(field, message))
}

fn account_id_of(field: &str, raw: &str) -> Result<AccountId, ApiError> {
    raw.trim()
        .parse()
        .map_err(|_| ApiError::field(field, "Not a valid account id."))
}

async fn postings_on(
    state: &CommandState,
    workspace: &str,
    account: &str,
) -> Result<bool, ApiError> {
    Ok(projections::ledger::has_postings(state.app.db(), workspace, account).await?)
}

/// Runs a chart-of-accounts command as an editor of the chart, then waits for the
/// accounts read model.
async fn edit_chart(
    state: &CommandState,
    user: &AuthUser,
    request_id: Option<String>,
    workspace_id: &str,
    command: impl FnOnce(WorkspaceId) -> AccountTreeCommand,
) -> Result<(), ApiError> {
    let workspace: WorkspaceId = parse_id(workspace_id)?;
    run_on_tree(state, user, request_id, workspace, command(workspace)).await?;
    api_core::consistency::read_your_writes(&state.app, "accounts").await
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct NewAccount {
    pub name: String,
    pub account_code: String,
    /// asset, liability, equity, income or expense.
    pub account_type: String,
    #[serde(default)]
    pub parent_id: Option<String>,
    #[serde(default)]
    pub depreciation_type: Option<Value>,
    /// Annual percentage (asset accounts).
    #[serde(default)]
    pub depreciation_value: Option<Value>,
    /// Where the account shows on the statements (`current_assets` … `tax`); absent or
    /// null derives it from the parent or the type.
    #[serde(default)]
    pub statement_section: Option<Value>,
    /// `operating`, `investing`, `financing`, `cash` or `non_cash`; absent or null derives it.
    #[serde(default)]
    pub cash_flow_category: Option<Value>,
}

/// Creates an account, under a parent of the same type or at the top level.
#[utoipa::path(post, path = "/api/v1/accounting/workspaces/{workspace_id}/accounts/", tag = "accounting",
    params(("workspace_id" = String, Path)), request_body = NewAccount,
    responses((status = 201, description = "`data`: id", body = Data<AccountRef>), (status = 400), (status = 403)))]
pub async fn create_account(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path(workspace_id): Path<String>,
    Body(body): Body<NewAccount>,
) -> Result<(StatusCode, Json<Data<AccountRef>>), ApiError> {
    authorize(
        &state.app,
        &user,
        &workspace_id,
        Action::EditChartOfAccounts,
        None,
    )
    .await?;
    let parent_id = match body
        .parent_id
        .as_deref()
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        Some(raw) => Some(account_id_of("parent_id", raw)?),
        None => None,
    };
    let parent_has_postings = match parent_id {
        Some(parent) => postings_on(&state, &workspace_id, &parent.to_string()).await?,
        None => false,
    };
    let account_id = AccountId::new_v7();
    let account_type = account_type_of(&body.account_type)?;
    let depreciation_type =
        depreciation_type_of(body.depreciation_type.as_ref().unwrap_or(&Value::Null))?;
    let depreciation_value = decimal_of(
        "depreciation_value",
        body.depreciation_value.as_ref().unwrap_or(&Value::Null),
    )?;
    let classification = Classification {
        statement_section: section_of(body.statement_section.as_ref().unwrap_or(&Value::Null))?,
        cash_flow_category: category_of(body.cash_flow_category.as_ref().unwrap_or(&Value::Null))?,
    };
    edit_chart(&state, &user, request_id, &workspace_id, |workspace_id| {
        CreateAccount {
            workspace_id,
            account_id,
            name: body.name,
            account_code: body.account_code,
            account_type,
            parent_id,
            parent_has_postings,
            depreciation_type,
            depreciation_value,
            classification,
        }
        .into()
    })
    .await?;
    Ok((
        StatusCode::CREATED,
        ok(AccountRef {
            id: account_id.to_string(),
        }),
    ))
}

#[derive(Deserialize, utoipa::IntoParams)]
pub struct AccountQuery {
    pub account_id: Option<String>,
}

fn required_account(query: &AccountQuery) -> Result<AccountId, ApiError> {
    let raw = query
        .account_id
        .as_deref()
        .ok_or_else(|| ApiError::field("account_id", "This field is required."))?;
    account_id_of("account_id", raw)
}

#[derive(Deserialize, Default, utoipa::ToSchema)]
pub struct AccountPatch {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub account_code: Option<String>,
    /// An account id, or null for the top level.
    #[serde(default, with = "present")]
    pub parent_id: Option<Value>,
    #[serde(default, with = "present")]
    pub depreciation_type: Option<Value>,
    #[serde(default, with = "present")]
    pub depreciation_value: Option<Value>,
    /// A statement section, or null to derive it again; absent keeps it.
    #[serde(default, with = "present")]
    pub statement_section: Option<Value>,
    /// A cash-flow category, or null to derive it again; absent keeps it.
    #[serde(default, with = "present")]
    pub cash_flow_category: Option<Value>,
}

/// Distinguishes a field sent as `null` (`Some(Value::Null)`) from one not sent (`None`).
mod present {
    use serde::{Deserialize, Deserializer};
    use serde_json::Value;

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
        Value::deserialize(d).map(Some)
    }
}

/// `PUT accounts/?account_id=` (spec §7): updates name, code, parent, depreciation and
/// the account's place on the statements; fields not sent keep their value.
#[utoipa::path(put, path = "/api/v1/accounting/workspaces/{workspace_id}/accounts/", tag = "accounting",
    params(("workspace_id" = String, Path), AccountQuery), request_body = AccountPatch,
    responses((status = 200, body = Data<AccountRef>), (status = 400), (status = 403), (status = 404)))]
pub async fn update_account(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path(workspace_id): Path<String>,
    Query(query): Query<AccountQuery>,
    Body(patch): Body<AccountPatch>,
) -> Result<Json<Data<AccountRef>>, ApiError> {
    authorize(
        &state.app,
        &user,
        &workspace_id,
        Action::EditChartOfAccounts,
        None,
    )
    .await?;
    let account_id = required_account(&query)?;
    let parent_id = match &patch.parent_id {
        None => None,
        Some(Value::Null) => Some(None),
        Some(Value::String(raw)) => Some(Some(account_id_of("parent_id", raw)?)),
        Some(_) => return Err(ApiError::field("parent_id", "Not a valid account id.")),
    };
    let new_parent_has_postings = match parent_id {
        Some(Some(parent)) => postings_on(&state, &workspace_id, &parent.to_string()).await?,
        _ => false,
    };
    let depreciation_type = patch
        .depreciation_type
        .as_ref()
        .map(depreciation_type_of)
        .transpose()?;
    let depreciation_value = patch
        .depreciation_value
        .as_ref()
        .map(|v| decimal_of("depreciation_value", v))
        .transpose()?;
    let classification = ClassificationPatch {
        statement_section: patch
            .statement_section
            .as_ref()
            .map(section_of)
            .transpose()?,
        cash_flow_category: patch
            .cash_flow_category
            .as_ref()
            .map(category_of)
            .transpose()?,
    };
    edit_chart(&state, &user, request_id, &workspace_id, |workspace_id| {
        UpdateAccount {
            workspace_id,
            account_id,
            name: patch.name,
            account_code: patch.account_code,
            parent_id,
            new_parent_has_postings,
            depreciation_type,
            depreciation_value,
            classification,
        }
        .into()
    })
    .await?;
    Ok(ok(AccountRef {
        id: account_id.to_string(),
    }))
}

/// `DELETE accounts/?account_id=` (spec §7): deletes an account never posted to, and
/// archives one with postings (its history stays).
#[utoipa::path(delete, path = "/api/v1/accounting/workspaces/{workspace_id}/accounts/", tag = "accounting",
    params(("workspace_id" = String, Path), AccountQuery),
    responses((status = 200, body = Data<AccountRemoved>), (status = 400), (status = 403), (status = 404)))]
pub async fn remove_account(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path(workspace_id): Path<String>,
    Query(query): Query<AccountQuery>,
) -> Result<Json<Data<AccountRemoved>>, ApiError> {
    authorize(
        &state.app,
        &user,
        &workspace_id,
        Action::EditChartOfAccounts,
        None,
    )
    .await?;
    let account_id = required_account(&query)?;
    let archived = postings_on(&state, &workspace_id, &account_id.to_string()).await?;
    edit_chart(&state, &user, request_id, &workspace_id, |workspace_id| {
        AccountTreeCommand::remove(workspace_id, account_id, archived)
    })
    .await?;
    Ok(ok(AccountRemoved {
        id: account_id.to_string(),
        archived,
    }))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct BudgetBody {
    /// Decimal string, at most two decimals.
    #[schema(value_type = api_core::openapi::Money)]
    pub amount: Value,
    /// `YYYY-MM` for one month.
    #[serde(default)]
    pub month: Option<String>,
    /// A whole year, spread evenly over its months.
    #[serde(default)]
    pub year: Option<i32>,
}

/// `POST accounts/{account_id}/action/budget-amount/` (spec §7): the account's standing
/// budget, or a month's, or a year's spread over its months.
#[utoipa::path(post, path = "/api/v1/accounting/workspaces/{workspace_id}/accounts/{account_id}/action/budget-amount/", tag = "accounting",
    params(("workspace_id" = String, Path), ("account_id" = String, Path)), request_body = BudgetBody,
    responses((status = 200, body = Data<BudgetSet>), (status = 400), (status = 403), (status = 404)))]
pub async fn set_budget(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path((workspace_id, account_id)): Path<(String, String)>,
    Body(body): Body<BudgetBody>,
) -> Result<Json<Data<BudgetSet>>, ApiError> {
    authorize(
        &state.app,
        &user,
        &workspace_id,
        Action::EditChartOfAccounts,
        None,
    )
    .await?;
    let account_id: AccountId = parse_id(&account_id)?;
    let amount = decimal_of("amount", &body.amount)?
        .ok_or_else(|| ApiError::field("amount", "This field is required."))?;
    let period = match (body.month, body.year) {
        (Some(_), Some(_)) => {
            return Err(ApiError::field(
                "month",
                "Send a month or a year, not both.",
            ))
        }
        (Some(month), None) => BudgetPeriod::Month(month),
        (None, Some(year)) => BudgetPeriod::Year(year),
        (None, None) => BudgetPeriod::Standing,
    };
    edit_chart(&state, &user, request_id, &workspace_id, |workspace_id| {
        SetBudgetAmount {
            workspace_id,
            account_id,
            amount,
            period,
        }
        .into()
    })
    .await?;
    Ok(ok(BudgetSet {
        id: account_id.to_string(),
        amount: amount.to_string(),
    }))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct LockDateBody {
    /// `YYYY-MM-DD`, or null to open the books. Required: opening the books is said
    /// explicitly, never inferred from a missing field or an empty body.
    #[serde(default, deserialize_with = "api_core::body::present")]
    #[schema(value_type = Option<String>, required = true)]
    pub lock_date: Option<Option<String>>,
}

/// Sets the lock date: no entry may be posted or reversed on or before it.
#[utoipa::path(put, path = "/api/v1/accounting/workspaces/{workspace_id}/lock-date/", tag = "accounting",
    params(("workspace_id" = String, Path)), request_body = LockDateBody,
    responses((status = 200, body = Data<LockDate>), (status = 400), (status = 403)))]
pub async fn set_lock_date(
    State(state): State<CommandState>,
    user: AuthUser,
    CurrentRequestId(request_id): CurrentRequestId,
    Path(workspace_id): Path<String>,
    Body(body): Body<LockDateBody>,
) -> Result<Json<Data<LockDate>>, ApiError> {
    authorize(&state.app, &user, &workspace_id, Action::PostEntries, None).await?;
    let Some(lock_date) = body.lock_date else {
        return Err(ApiError::field(
            "lock_date",
            "This field is required: a date, or null to open the books.",
        ));
    };
    let lock_date = api_core::time::optional_date("lock_date", lock_date.as_deref())?;
    edit_chart(&state, &user, request_id, &workspace_id, |workspace_id| {
        SetLockDate {
            workspace_id,
            lock_date,
        }
        .into()
    })
    .await?;
    Ok(ok(LockDate { lock_date }))
}
