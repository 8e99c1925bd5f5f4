//! The chart of accounts as a tree (spec §3 "Account-tree node"), the lock date, and the
//! "has postings" fact the command side needs before deleting an account or giving a leaf
//! children.

use std::collections::{BTreeMap, HashMap};

use api_core::ApiError;
use chrono::{DateTime, NaiveDate, Utc};
use domain::account_tree::classification::{placements, Classifiable, Placement};
use domain::account_tree::{CashFlowCategory, StatementSection};
use event_schemas::WorkspaceId;
use projections::cents::cents_string;
use serde::Serialize;
use sqlx::Row;
use store::Db;

use super::chart::chart;
use super::read::{Columns, FromColumns};
use super::{account_type, int, micros, parse_day, Sql};

/// Every account's effective place on the statements, by account id (see
/// `domain::account_tree::classification`). Rows whose ids or types the read model
/// holds malformed (never written by the aggregate) are left out.
pub(crate) fn placements_of(
    workspace_id: &str,
    accounts: &[AccountRow],
) -> HashMap<String, Placement> {
    let Ok(workspace) = workspace_id.parse::<WorkspaceId>() else {
        return HashMap::new();
    };
    let classifiable: Vec<Classifiable> = accounts
        .iter()
        .filter_map(|a| {
            Some(Classifiable {
                account_id: a.id.parse().ok()?,
                parent_id: a.parent_id.as_deref().and_then(|p| p.parse().ok()),
                account_type: account_type(&a.account_type)?,
                statement_section: a.statement_section.as_deref().and_then(statement_section),
                cash_flow_category: a.cash_flow_category.as_deref().and_then(cash_flow_category),
            })
        })
        .collect();
    placements(workspace, &classifiable)
        .into_iter()
        .map(|(id, p)| (id.to_string(), p))
        .collect()
}

/// A statement section from its wire name.
pub(crate) fn statement_section(name: &str) -> Option<StatementSection> {
    StatementSection::ALL
        .into_iter()
        .find(|s| s.as_str() == name)
}

/// A cash-flow category from its wire name.
pub(crate) fn cash_flow_category(name: &str) -> Option<CashFlowCategory> {
    CashFlowCategory::ALL
        .into_iter()
        .find(|c| c.as_str() == name)
}

/// One node of the account tree, with every field of spec §3 and its sub-accounts.
#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
pub struct AccountNode {
    /// The account id (spec: "identified by account id within a workspace").
    pub id: String,
    pub name: String,
    /// `asset`, `liability`, `equity`, `income` or `expense`.
    pub account_type: String,
    /// Digits, unique in the workspace.
    pub account_code: String,
    /// `Asset`, `Liability`, … as shown.
    pub account_type_display: String,
    pub parent_id: Option<String>,
    /// When the account was created: the log's time of its `AccountCreated`.
    pub created_datetime: DateTime<Utc>,
    /// When it was archived; `null` while active.
    pub archived_datetime: Option<DateTime<Utc>>,
    /// No sub-account (archived ones count): postings go to last-level accounts only.
    pub is_last_level: bool,
    /// `false` for the default chart's system roots.
    pub is_editable: bool,
    /// `straight_line` or `declining_balance`; asset accounts only.
    pub depreciation_type: Option<String>,
    /// Annual rate in percent, two decimals.
    pub depreciation_value: Option<String>,
    /// The standing budget amount, with no period.
    #[schema(value_type = Option<api_core::openapi::Money>)]
    pub budget_amount: Option<String>,
    /// Budgets per month, in month order.
    pub budgets: Vec<MonthlyBudget>,
    /// Where the account shows on the balance sheet or income statement: its own choice,
    /// else derived from the default chart, its parent or its type.
    pub statement_section: String,
    /// Where its movement shows on the cash-flow statement, chosen or derived likewise.
    pub cash_flow_category: String,
    /// The account's own choice of section; `null` when `statement_section` is derived.
    pub own_statement_section: Option<String>,
    /// The account's own choice of category; `null` when `cash_flow_category` is derived.
    pub own_cash_flow_category: Option<String>,
    #[schema(no_recursion)]
    pub children: Vec<AccountNode>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct MonthlyBudget {
    /// `YYYY-MM`.
    pub month: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub amount: String,
}

/// One `read_accounts` row, as the reports need it.
#[derive(Debug, Clone)]
pub(crate) struct AccountRow {
    pub id: String,
    pub name: String,
    pub account_type: String,
    pub account_code: String,
    pub parent_id: Option<String>,
    pub is_editable: bool,
    pub depreciation_type: Option<String>,
    pub depreciation_value: Option<String>,
    pub budget_amount_cents: Option<i64>,
    pub created_at: i64,
    pub archived_at: Option<i64>,
    /// The account's own choice of statement section (wire name), if any.
    pub statement_section: Option<String>,
    /// The account's own choice of cash-flow category (wire name), if any.
    pub cash_flow_category: Option<String>,
}

impl AccountRow {
    /// An account the `accounts` read model does not hold (yet): no name or code, at the
    /// top level, of type `unknown`.
    pub(crate) fn unknown(id: String) -> Self {
        Self {
            id,
            name: String::new(),
            account_type: "unknown".into(),
            account_code: String::new(),
            parent_id: None,
            is_editable: false,
            depreciation_type: None,
            depreciation_value: None,
            budget_amount_cents: None,
            created_at: 0,
            archived_at: None,
            statement_section: None,
            cash_flow_category: None,
        }
    }
}

impl FromColumns for AccountRow {
    fn from_columns(r: &impl Columns) -> Result<Self, ApiError> {
        Ok(Self {
            id: r.text(0)?,
            name: r.text(1)?,
            account_type: r.text(2)?,
            account_code: r.text(3)?,
            parent_id: r.opt_text(4)?,
            is_editable: r.int(5)? != 0,
            depreciation_type: r.opt_text(6)?,
            depreciation_value: r.opt_text(7)?,
            budget_amount_cents: r.opt_int(8)?,
            created_at: r.int(9)?,
            archived_at: r.opt_int(10)?,
            statement_section: r.opt_text(11)?,
            cash_flow_category: r.opt_text(12)?,
        })
    }
}

/// Every account of the workspace not deleted (archived ones included), by code, read
/// now; readers take them from [`super::chart::chart`], which keeps them.
pub(super) async fn read_accounts(
    db: &Db,
    workspace_id: &str,
) -> Result<Vec<AccountRow>, ApiError> {
    let mut sql = Sql::new(
        "SELECT account_id, name, account_type, account_code, parent_id, is_editable, depreciation_type, \
         depreciation_value, budget_amount_cents, created_at, archived_at, statement_section, \
         cash_flow_category FROM read_accounts WHERE workspace_id = ",
    );
    sql.text(workspace_id)
        .push(" ORDER BY account_code, account_id");
    sql.fetch(db).await
}

/// Parent id → child ids (archived children included), and the set of ids.
pub(crate) fn children_of(accounts: &[AccountRow]) -> HashMap<&str, Vec<&str>> {
    let mut children: HashMap<&str, Vec<&str>> = HashMap::new();
    for account in accounts {
        if let Some(parent) = account.parent_id.as_deref() {
            children
                .entry(parent)
                .or_default()
                .push(account.id.as_str());
        }
    }
    children
}

/// `account_id` and every account below it.
pub(crate) fn subtree(accounts: &[AccountRow], account_id: &str) -> Vec<String> {
    let children = children_of(accounts);
    let mut out = vec![account_id.to_owned()];
    let mut i = 0;
    while i < out.len() {
        if let Some(kids) = children.get(out[i].as_str()) {
            out.extend(kids.iter().map(|k| (*k).to_owned()));
        }
        i += 1;
        // A cycle cannot come from the aggregate; bound the walk anyway.
        if out.len() > accounts.len() + 1 {
            break;
        }
    }
    out
}

/// Adds each account's own figures into every ancestor's: the roll-up of parents.
/// `own` is indexed like `accounts`; the result too.
pub(crate) fn roll_up<T: Clone + std::ops::AddAssign>(
    accounts: &[AccountRow],
    own: &[T],
) -> Vec<T> {
    let index: HashMap<&str, usize> = accounts
        .iter()
        .enumerate()
        .map(|(i, a)| (a.id.as_str(), i))
        .collect();
    let mut rolled = own.to_vec();
    for (i, account) in accounts.iter().enumerate() {
        let mut parent = account.parent_id.as_deref();
        let mut hops = 0;
        while let Some(p) = parent {
            let Some(&j) = index.get(p) else { break };
            rolled[j] += own[i].clone();
            parent = accounts[j].parent_id.as_deref();
            hops += 1;
            if hops > accounts.len() {
                break;
            }
        }
    }
    rolled
}

/// `GET accounts/`: the workspace's account tree, top-level nodes first, children nested
/// under `children`, siblings by code. Archived nodes (and so their sub-accounts, which
/// are archived first) are left out unless `include_archived`.
pub async fn account_tree(
    db: &Db,
    workspace_id: &str,
    include_archived: bool,
) -> Result<Vec<AccountNode>, ApiError> {
    let chart = chart(db, workspace_id).await?;
    let accounts = &chart.accounts;
    let mut budgets: HashMap<String, Vec<MonthlyBudget>> = HashMap::new();
    for row in Sql::new(
        "SELECT account_id, month, amount_cents FROM read_account_budgets WHERE workspace_id = ",
    )
    .text(workspace_id)
    .push(" ORDER BY account_id, month")
    .fetch_all(db)
    .await?
    {
        budgets
            .entry(row.try_get(0)?)
            .or_default()
            .push(MonthlyBudget {
                month: row.try_get(1)?,
                amount: cents_string(int(&row, 2)?),
            });
    }
    let children = children_of(accounts);
    let placed = placements_of(workspace_id, accounts);
    let mut nodes: BTreeMap<&str, AccountNode> = BTreeMap::new();
    for a in accounts {
        let place = placed.get(&a.id);
        let display = account_type(&a.account_type)
            .map(|t| t.display().to_owned())
            .unwrap_or_else(|| a.account_type.clone());
        nodes.insert(
            a.id.as_str(),
            AccountNode {
                id: a.id.clone(),
                name: a.name.clone(),
                account_type: a.account_type.clone(),
                account_code: a.account_code.clone(),
                account_type_display: display,
                parent_id: a.parent_id.clone(),
                created_datetime: micros(a.created_at),
                archived_datetime: a.archived_at.map(micros),
                is_last_level: !children.contains_key(a.id.as_str()),
                is_editable: a.is_editable,
                depreciation_type: a.depreciation_type.clone(),
                depreciation_value: a.depreciation_value.clone(),
                budget_amount: a.budget_amount_cents.map(cents_string),
                budgets: budgets.remove(&a.id).unwrap_or_default(),
                statement_section: place
                    .map(|p| p.statement_section.as_str().to_owned())
                    .unwrap_or_default(),
                cash_flow_category: place
                    .map(|p| p.cash_flow_category.as_str().to_owned())
                    .unwrap_or_default(),
                own_statement_section: a.statement_section.clone(),
                own_cash_flow_category: a.cash_flow_category.clone(),
                children: Vec::new(),
            },
        );
    }
    // Build bottom-up: a node is complete once all its children are attached. Accounts
    // are ordered by code, so each sibling list comes out in code order.
    fn build(
        id: &str,
        nodes: &mut BTreeMap<&str, AccountNode>,
        children: &HashMap<&str, Vec<&str>>,
        accounts: &[AccountRow],
        include_archived: bool,
        depth: usize,
    ) -> Option<AccountNode> {
        let mut node = nodes.remove(id)?;
        if node.archived_datetime.is_some() && !include_archived {
            return None;
        }
        if depth <= accounts.len() {
            for kid in children.get(id).into_iter().flatten() {
                if let Some(child) =
                    build(kid, nodes, children, accounts, include_archived, depth + 1)
                {
                    node.children.push(child);
                }
            }
        }
        Some(node)
    }
    let ids: std::collections::HashSet<&str> = accounts.iter().map(|a| a.id.as_str()).collect();
    let roots: Vec<&str> = accounts
        .iter()
        .filter(|a| a.parent_id.as_deref().is_none_or(|p| !ids.contains(p)))
        .map(|a| a.id.as_str())
        .collect();
    Ok(roots
        .into_iter()
        .filter_map(|id| build(id, &mut nodes, &children, accounts, include_archived, 0))
        .collect())
}

/// The workspace's lock date (the last locked day), if the books are locked.
pub async fn lock_date(db: &Db, workspace_id: &str) -> Result<Option<NaiveDate>, ApiError> {
    let row = sqlx::query("SELECT lock_date FROM read_books WHERE workspace_id = $1")
        .bind(workspace_id)
        .fetch_optional(&db.pool)
        .await?;
    match row
        .map(|r| r.try_get::<Option<String>, _>(0))
        .transpose()?
        .flatten()
    {
        Some(day) => Ok(Some(parse_day(&day)?)),
        None => Ok(None),
    }
}

/// Whether any posted entry of the workspace has a line on `account_id`: such an account
/// is archived, not deleted, and cannot be given sub-accounts.
pub async fn has_postings(db: &Db, workspace_id: &str, account_id: &str) -> Result<bool, ApiError> {
    Ok(projections::ledger::has_postings(db, workspace_id, account_id).await?)
}
