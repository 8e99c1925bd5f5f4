//! `PUT payroll/settings/`, and the settings every run needs: a workspace that never set
//! them gets the defaults the first time it runs payroll — the accounts it lacks created
//! in its chart and the settings recorded, in one append.

use api_core::body::Body;
use api_core::consistency::read_your_writes;
use api_core::openapi::{ok, Data};
use api_core::ApiError;
use axum::extract::{Path, State};
use axum::Json;
use commands::{Loaded, Unit};
use domain::account_tree::{AccountTree, AccountTreeCommand};
use domain::payroll::settings::{
    chart_facts, default_accounts, ChangeSettings, Payroll, PayrollAccounts, PayrollSettings,
};
use event_schemas::{AccountId, WorkspaceId};
use serde::{Deserialize, Serialize};
use store::EventMetadata;

use super::{may_run_payroll, READ_MODEL};
use crate::caller::Caller;
use crate::journal_entry::workspace_metadata;
use crate::runner::IntoApiError;
use crate::CommandState;

/// The accounts a pay run posts to (account ids) and whether ITF applies.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct SettingsBody {
    pub salaries_and_wages: String,
    pub employer_pension: String,
    pub nsitf_expense: String,
    pub itf_expense: String,
    pub paye_payable: String,
    pub pension_payable: String,
    pub nhf_payable: String,
    pub nsitf_payable: String,
    pub itf_payable: String,
    pub net_salaries_payable: String,
    pub itf_applies: bool,
}

/// The settings as recorded.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SettingsSaved {
    pub workspace_id: String,
}

fn accounts_of(body: &SettingsBody) -> Result<PayrollAccounts, ApiError> {
    let mut problems = api_core::FieldErrors::new();
    let mut id = |field: &str, raw: &str| -> AccountId {
        raw.trim().parse().unwrap_or_else(|_| {
            problems
                .entry(field.to_owned())
                .or_default()
                .push("Choose an account.".into());
            AccountId::from_uuid(uuid::Uuid::nil())
        })
    };
    let accounts = PayrollAccounts {
        salaries_and_wages: id("salaries_and_wages", &body.salaries_and_wages),
        employer_pension: id("employer_pension", &body.employer_pension),
        nsitf_expense: id("nsitf_expense", &body.nsitf_expense),
        itf_expense: id("itf_expense", &body.itf_expense),
        paye_payable: id("paye_payable", &body.paye_payable),
        pension_payable: id("pension_payable", &body.pension_payable),
        nhf_payable: id("nhf_payable", &body.nhf_payable),
        nsitf_payable: id("nsitf_payable", &body.nsitf_payable),
        itf_payable: id("itf_payable", &body.itf_payable),
        net_salaries_payable: id("net_salaries_payable", &body.net_salaries_payable),
    };
    if problems.is_empty() {
        Ok(accounts)
    } else {
        Err(ApiError::Fields(problems))
    }
}

/// Sets the accounts pay runs post to and whether ITF applies. Each account must be an
/// active account with no sub-accounts, an expense for the four costs and a liability
/// for the six payables.
#[utoipa::path(put, path = "/api/v1/accounting/workspaces/{workspace_id}/payroll/settings/", tag = "payroll",
    params(("workspace_id" = String, Path)), request_body = SettingsBody,
    responses((status = 200, body = Data<SettingsSaved>), (status = 400), (status = 403)))]
pub async fn put_payroll_settings(
    State(state): State<CommandState>,
    caller: Caller,
    Path(workspace_id): Path<String>,
    Body(body): Body<SettingsBody>,
) -> Result<Json<Data<SettingsSaved>>, ApiError> {
    let workspace = may_run_payroll(&state, &caller, &workspace_id).await?;
    let accounts = accounts_of(&body)?;
    let metadata = workspace_metadata(&state, &caller, &workspace_id).await?;
    let runner = state.runner();
    let payroll: Loaded<Payroll> = runner
        .load(&workspace_id)
        .await
        .map_err(IntoApiError::into_api_error)?;
    let tree: Loaded<AccountTree> = runner
        .load(&workspace_id)
        .await
        .map_err(IntoApiError::into_api_error)?;
    let mut unit = Unit::new(&metadata, caller.command_key.clone());
    unit.decide(
        &payroll,
        ChangeSettings {
            workspace_id: workspace,
            accounts,
            itf_applies: body.itf_applies,
            chart: chart_facts(&tree.state, &accounts),
            changed_by: caller.user_id,
        }
        .into(),
    )
    .map_err(IntoApiError::into_api_error)?;
    // Decided on the chart as read: an account archived meanwhile refuses the append.
    unit.expect(&tree, &workspace_id);
    unit.commit(runner)
        .await
        .map_err(IntoApiError::into_api_error)?;
    read_your_writes(&state.app, READ_MODEL).await?;
    Ok(ok(SettingsSaved { workspace_id }))
}

/// The workspace's payroll and its settings, set to the defaults if never set: the
/// accounts the chart lacks created and the settings recorded in one append (ITF
/// applies by default: most employers of five or more pay it).
pub(crate) async fn settings_or_defaults(
    state: &CommandState,
    metadata: &EventMetadata,
    workspace: WorkspaceId,
    by: event_schemas::UserId,
) -> Result<(Loaded<Payroll>, PayrollSettings), ApiError> {
    let runner = state.runner();
    let workspace_id = workspace.to_string();
    let payroll: Loaded<Payroll> = runner
        .load(&workspace_id)
        .await
        .map_err(IntoApiError::into_api_error)?;
    if let Some(settings) = payroll.state.settings() {
        let settings = *settings;
        return Ok((payroll, settings));
    }
    let tree: Loaded<AccountTree> = runner
        .load(&workspace_id)
        .await
        .map_err(IntoApiError::into_api_error)?;
    let defaults = default_accounts(&tree.state, workspace);
    let mut chart = tree.state.clone();
    let mut created = Vec::new();
    for create in defaults.to_create {
        let events = chart
            .decide(AccountTreeCommand::CreateAccount(create))
            .map_err(IntoApiError::into_api_error)?;
        for event in events {
            cqrs_es::Aggregate::apply(&mut chart, event.clone());
            created.push(event);
        }
    }
    // Not under the request's key: the command the request runs next uses it.
    let mut unit = Unit::new(metadata, None);
    unit.record(&tree, &created);
    unit.decide(
        &payroll,
        ChangeSettings {
            workspace_id: workspace,
            accounts: defaults.accounts,
            itf_applies: true,
            chart: chart_facts(&chart, &defaults.accounts),
            changed_by: by,
        }
        .into(),
    )
    .map_err(IntoApiError::into_api_error)?;
    if created.is_empty() {
        unit.expect(&tree, &workspace_id);
    }
    unit.commit(runner)
        .await
        .map_err(IntoApiError::into_api_error)?;
    state.books.forget(&workspace_id);
    let payroll: Loaded<Payroll> = runner
        .load(&workspace_id)
        .await
        .map_err(IntoApiError::into_api_error)?;
    let settings = payroll
        .state
        .settings()
        .copied()
        .ok_or_else(|| ApiError::internal("payroll settings missing after they were set"))?;
    Ok((payroll, settings))
}
