//! The AccountTree aggregate: its state, the pure decision of each command, and the
//! cqrs-es wiring.
//!
//! The workspace's lock date lives here, not in a workspace-settings aggregate of its
//! own: posting an entry is checked against the accounts *and* the lock date, and both
//! come from this one stream, so the caller loads one aggregate and checks the entry
//! against one consistent state (see `journal_entry::Books`). The price — lock-date
//! changes and chart edits share one stream's optimistic concurrency — is small: both are
//! rare, human-speed actions.

use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate};
use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use event_schemas::account_tree::{
    AccountArchived, AccountClassified, AccountCreated, AccountDeleted, AccountTreeEvent,
    AccountType, AccountUpdated, BudgetAmountSet, CashFlowCategory, DefaultChartSetUp,
    DepreciationType, LockDateSet, StatementSection, ACCOUNT_CODE_DIGITS_MAX,
    ACCOUNT_CODE_DIGITS_MIN, ACCOUNT_NAME_CHARS_MAX, AGGREGATE_TYPE, DEFAULT_CHART_ID,
};
use event_schemas::{AccountId, WorkspaceId};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::commands::{
    AccountTreeCommand, ArchiveAccount, BudgetPeriod, Classification, CreateAccount, DeleteAccount,
    SetBudgetAmount, SetLockDate, SetUpDefaultChart, UpdateAccount,
};
use super::default_chart::{default_account_id, DEFAULT_CHART};
use super::errors::AccountTreeError;
use super::fiscal_year::FiscalYears;
use crate::money::{check_amount, AmountProblem, AMOUNT_MAX, MONEY_DECIMALS};

/// Most accounts one workspace may have (archived ones included; deleted ones free their
/// place). The tree is loaded, and snapshotted, whole for every command, and the
/// benchmark's large chart has 500; ten times that is generous for any SME or group.
pub const ACCOUNTS_MAX: usize = 5_000;

/// The earliest and latest years a budget may be set for: wide enough for any real plan,
/// narrow enough to catch a typo like 20026.
pub const BUDGET_YEAR_MIN: i32 = 2000;
pub const BUDGET_YEAR_MAX: i32 = 2100;

/// The highest depreciation rate: 100 % a year writes an asset off in one year.
const DEPRECIATION_PERCENT_MAX: Decimal = Decimal::ONE_HUNDRED;

/// One workspace's chart of accounts, budgets and lock date as its events left them.
/// `Default` is the state before any event, which is how cqrs-es starts every stream.
///
/// Serialized as the snapshot payload; not a contract (a changed shape makes cqrs-es
/// rebuild from the events).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AccountTree {
    /// Known from the first event on.
    workspace_id: Option<WorkspaceId>,
    /// Which default chart was set up, if any.
    default_chart: Option<String>,
    /// Every account not deleted, archived ones included (their codes stay taken).
    accounts: BTreeMap<AccountId, Account>,
    /// The last locked day, if the books are locked.
    lock_date: Option<NaiveDate>,
    /// The month fiscal years start in and the closed years.
    #[serde(default)]
    pub(super) fiscal_years: FiscalYears,
}

/// One node of the tree (spec §3 "Account-tree node", less what the projector derives
/// from the log: `created_datetime` and `archived_datetime` are the `recorded_at` of the
/// events that created and archived it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Account {
    pub account_id: AccountId,
    pub name: String,
    pub account_type: AccountType,
    pub account_code: String,
    pub parent_id: Option<AccountId>,
    pub is_editable: bool,
    pub archived: bool,
    pub depreciation_type: Option<DepreciationType>,
    pub depreciation_value: Option<Decimal>,
    /// The standing budget amount, with no period.
    pub budget_amount: Option<Decimal>,
    /// Budget per month, keyed `YYYY-MM`.
    pub monthly_budgets: BTreeMap<String, Decimal>,
    /// The account's own choice of statement section; `None` derives it
    /// (see [`super::classification`]).
    #[serde(default)]
    pub statement_section: Option<StatementSection>,
    /// The account's own choice of cash-flow category; `None` derives it.
    #[serde(default)]
    pub cash_flow_category: Option<CashFlowCategory>,
}

impl AccountTree {
    /// The workspace, once any event has been recorded.
    pub fn workspace_id(&self) -> Option<WorkspaceId> {
        self.workspace_id
    }

    /// Which default chart was set up, if any.
    pub fn default_chart(&self) -> Option<&str> {
        self.default_chart.as_deref()
    }

    /// An account by id, archived or not (deleted accounts are gone).
    pub fn account(&self, account_id: AccountId) -> Option<&Account> {
        self.accounts.get(&account_id)
    }

    /// Every account not deleted, by id.
    pub fn accounts(&self) -> impl Iterator<Item = &Account> {
        self.accounts.values()
    }

    /// The account with this code, if any.
    pub fn account_by_code(&self, code: &str) -> Option<&Account> {
        self.accounts.values().find(|a| a.account_code == code)
    }

    /// The last locked day, if any.
    pub fn lock_date(&self) -> Option<NaiveDate> {
        self.lock_date
    }

    /// The accounts whose parent is `account_id`, archived ones included.
    pub fn children(&self, account_id: AccountId) -> impl Iterator<Item = &Account> {
        self.accounts
            .values()
            .filter(move |a| a.parent_id == Some(account_id))
    }

    /// spec §3 `is_last_level`: the account has no sub-account, archived or not. An
    /// archived child still carries its postings, which roll up into this account, so its
    /// parent stays a parent. Postings go to last-level accounts only.
    pub fn is_last_level(&self, account_id: AccountId) -> bool {
        self.children(account_id).next().is_none()
    }

    /// Decides a command against this state: the events it causes, or the rule it breaks.
    /// Pure and synchronous; a command that would change nothing causes no event.
    pub fn decide(
        &self,
        command: AccountTreeCommand,
    ) -> Result<Vec<AccountTreeEvent>, AccountTreeError> {
        let workspace_id = command.workspace_id();
        if let Some(tree) = self.workspace_id.filter(|tree| *tree != workspace_id) {
            return Err(AccountTreeError::WrongWorkspace {
                tree,
                command: workspace_id,
            });
        }
        match command {
            AccountTreeCommand::SetUpDefaultChart(c) => Ok(self.set_up_default_chart(c)),
            AccountTreeCommand::CreateAccount(c) => self.create_account(c),
            AccountTreeCommand::UpdateAccount(c) => self.update_account(c),
            AccountTreeCommand::ArchiveAccount(c) => self.archive_account(c),
            AccountTreeCommand::DeleteAccount(c) => self.delete_account(c),
            AccountTreeCommand::SetBudgetAmount(c) => self.set_budget_amount(c),
            AccountTreeCommand::SetLockDate(c) => Ok(self.set_lock_date(c)),
            AccountTreeCommand::SetFiscalYearStart(c) => self.set_fiscal_year_start(c),
            AccountTreeCommand::CloseFiscalYear(c) => self.close_fiscal_year(c),
            AccountTreeCommand::ReopenFiscalYear(c) => self.reopen_fiscal_year(c),
        }
    }

    /// The default chart, once: a tree that already has a chart — set up before, or built
    /// by hand — is left alone, so setup never clashes with codes a user chose.
    fn set_up_default_chart(&self, command: SetUpDefaultChart) -> Vec<AccountTreeEvent> {
        if self.default_chart.is_some() || !self.accounts.is_empty() {
            return Vec::new();
        }
        let workspace_id = command.workspace_id;
        let mut events = Vec::with_capacity(DEFAULT_CHART.len() + 1);
        events.push(AccountTreeEvent::DefaultChartSetUp(DefaultChartSetUp {
            workspace_id,
            chart_id: DEFAULT_CHART_ID.to_owned(),
            account_count: u32::try_from(DEFAULT_CHART.len()).unwrap_or(u32::MAX),
        }));
        for node in DEFAULT_CHART {
            events.push(AccountTreeEvent::AccountCreated(AccountCreated {
                workspace_id,
                account_id: default_account_id(workspace_id, node.code),
                name: node.name.to_owned(),
                account_type: node.account_type,
                account_code: node.code.to_owned(),
                parent_id: node
                    .parent_code
                    .map(|code| default_account_id(workspace_id, code)),
                is_editable: node.is_editable(),
                depreciation_type: None,
                depreciation_value: None,
            }));
        }
        events
    }

    fn create_account(
        &self,
        command: CreateAccount,
    ) -> Result<Vec<AccountTreeEvent>, AccountTreeError> {
        if self.accounts.contains_key(&command.account_id) {
            return Err(AccountTreeError::AccountAlreadyExists {
                account_id: command.account_id,
            });
        }
        let name = parse_name(&command.name)?;
        let account_code = parse_code(&command.account_code)?;
        self.ensure_code_free(&account_code, None)?;
        if let Some(parent_id) = command.parent_id {
            self.check_parent(parent_id, command.account_type, command.parent_has_postings)?;
        }
        let (depreciation_type, depreciation_value) = parse_depreciation(
            command.account_type,
            command.depreciation_type,
            command.depreciation_value,
        )?;
        check_classification(command.account_type, command.classification)?;
        if self.accounts.len() >= ACCOUNTS_MAX {
            return Err(AccountTreeError::TooManyAccounts { max: ACCOUNTS_MAX });
        }
        let mut events = vec![AccountTreeEvent::AccountCreated(AccountCreated {
            workspace_id: command.workspace_id,
            account_id: command.account_id,
            name,
            account_type: command.account_type,
            account_code,
            parent_id: command.parent_id,
            is_editable: true,
            depreciation_type,
            depreciation_value,
        })];
        if command.classification != Classification::default() {
            events.push(classified(
                command.workspace_id,
                command.account_id,
                command.classification,
            ));
        }
        Ok(events)
    }

    fn update_account(
        &self,
        command: UpdateAccount,
    ) -> Result<Vec<AccountTreeEvent>, AccountTreeError> {
        let account = self.editable(command.account_id)?;
        let name = match command.name {
            Some(raw) => parse_name(&raw)?,
            None => account.name.clone(),
        };
        let account_code = match command.account_code {
            Some(raw) => parse_code(&raw)?,
            None => account.account_code.clone(),
        };
        self.ensure_code_free(&account_code, Some(account.account_id))?;
        let parent_id = command.parent_id.unwrap_or(account.parent_id);
        if parent_id != account.parent_id {
            if let Some(parent_id) = parent_id {
                self.check_parent(
                    parent_id,
                    account.account_type,
                    command.new_parent_has_postings,
                )?;
                if self.is_self_or_descendant(parent_id, account.account_id) {
                    return Err(AccountTreeError::ParentIsDescendant { parent_id });
                }
            }
        }
        let (depreciation_type, depreciation_value) = parse_depreciation(
            account.account_type,
            command
                .depreciation_type
                .unwrap_or(account.depreciation_type),
            command
                .depreciation_value
                .unwrap_or(account.depreciation_value),
        )?;
        let classification = Classification {
            statement_section: command
                .classification
                .statement_section
                .unwrap_or(account.statement_section),
            cash_flow_category: command
                .classification
                .cash_flow_category
                .unwrap_or(account.cash_flow_category),
        };
        check_classification(account.account_type, classification)?;
        let unchanged = name == account.name
            && account_code == account.account_code
            && parent_id == account.parent_id
            && depreciation_type == account.depreciation_type
            && depreciation_value == account.depreciation_value;
        let mut events = Vec::new();
        if !unchanged {
            events.push(AccountTreeEvent::AccountUpdated(AccountUpdated {
                workspace_id: command.workspace_id,
                account_id: account.account_id,
                name,
                account_code,
                parent_id,
                depreciation_type,
                depreciation_value,
            }));
        }
        let was = Classification {
            statement_section: account.statement_section,
            cash_flow_category: account.cash_flow_category,
        };
        if classification != was {
            events.push(classified(
                command.workspace_id,
                account.account_id,
                classification,
            ));
        }
        Ok(events)
    }

    fn archive_account(
        &self,
        command: ArchiveAccount,
    ) -> Result<Vec<AccountTreeEvent>, AccountTreeError> {
        let account = self.existing(command.account_id)?;
        if !account.is_editable {
            return Err(AccountTreeError::AccountNotEditable {
                account_id: account.account_id,
            });
        }
        if account.archived {
            return Ok(Vec::new());
        }
        let active_children = self
            .children(account.account_id)
            .filter(|c| !c.archived)
            .count();
        if active_children > 0 {
            return Err(AccountTreeError::HasActiveChildren {
                account_id: account.account_id,
                children: active_children,
            });
        }
        Ok(vec![AccountTreeEvent::AccountArchived(AccountArchived {
            workspace_id: command.workspace_id,
            account_id: account.account_id,
        })])
    }

    fn delete_account(
        &self,
        command: DeleteAccount,
    ) -> Result<Vec<AccountTreeEvent>, AccountTreeError> {
        let account = self.existing(command.account_id)?;
        if !account.is_editable {
            return Err(AccountTreeError::AccountNotEditable {
                account_id: account.account_id,
            });
        }
        if command.has_postings {
            return Err(AccountTreeError::AccountHasPostings {
                account_id: account.account_id,
            });
        }
        if !self.is_last_level(account.account_id) {
            return Err(AccountTreeError::HasChildren {
                account_id: account.account_id,
            });
        }
        Ok(vec![AccountTreeEvent::AccountDeleted(AccountDeleted {
            workspace_id: command.workspace_id,
            account_id: account.account_id,
        })])
    }

    fn set_budget_amount(
        &self,
        command: SetBudgetAmount,
    ) -> Result<Vec<AccountTreeEvent>, AccountTreeError> {
        let account = self.existing(command.account_id)?;
        if account.archived {
            return Err(AccountTreeError::AccountArchived {
                account_id: account.account_id,
            });
        }
        if !self.is_last_level(account.account_id) {
            return Err(AccountTreeError::BudgetOnParentAccount {
                account_id: account.account_id,
            });
        }
        let amount = parse_budget_amount(command.amount)?;
        let amounts: Vec<(Option<String>, Decimal)> = match command.period {
            BudgetPeriod::Standing => vec![(None, amount)],
            BudgetPeriod::Month(raw) => vec![(Some(parse_month(&raw)?), amount)],
            BudgetPeriod::Year(year) => {
                if !(BUDGET_YEAR_MIN..=BUDGET_YEAR_MAX).contains(&year) {
                    return Err(AccountTreeError::InvalidBudgetYear {
                        year,
                        min: BUDGET_YEAR_MIN,
                        max: BUDGET_YEAR_MAX,
                    });
                }
                spread_yearly(amount)
                    .into_iter()
                    .zip(1..=12)
                    .map(|(amount, month)| (Some(format!("{year:04}-{month:02}")), amount))
                    .collect()
            }
        };
        Ok(amounts
            .into_iter()
            .filter(|(month, amount)| {
                let current = match month {
                    None => account.budget_amount,
                    Some(month) => account.monthly_budgets.get(month).copied(),
                };
                current != Some(*amount)
            })
            .map(|(month, amount)| {
                AccountTreeEvent::BudgetAmountSet(BudgetAmountSet {
                    workspace_id: command.workspace_id,
                    account_id: account.account_id,
                    month,
                    amount,
                })
            })
            .collect())
    }

    fn set_lock_date(&self, command: SetLockDate) -> Vec<AccountTreeEvent> {
        if command.lock_date == self.lock_date {
            return Vec::new();
        }
        vec![AccountTreeEvent::LockDateSet(LockDateSet {
            workspace_id: command.workspace_id,
            lock_date: command.lock_date,
        })]
    }

    fn existing(&self, account_id: AccountId) -> Result<&Account, AccountTreeError> {
        self.accounts
            .get(&account_id)
            .ok_or(AccountTreeError::AccountNotFound { account_id })
    }

    /// An account a user may change: it exists, is not a system root, is not archived.
    fn editable(&self, account_id: AccountId) -> Result<&Account, AccountTreeError> {
        let account = self.existing(account_id)?;
        if !account.is_editable {
            return Err(AccountTreeError::AccountNotEditable { account_id });
        }
        if account.archived {
            return Err(AccountTreeError::AccountArchived { account_id });
        }
        Ok(account)
    }

    /// A parent must exist in this tree, be of the child's type (a parent rolls up its
    /// children under one normal balance), be active, and not be a leaf with postings.
    fn check_parent(
        &self,
        parent_id: AccountId,
        account_type: AccountType,
        parent_has_postings: bool,
    ) -> Result<(), AccountTreeError> {
        let parent = self
            .accounts
            .get(&parent_id)
            .ok_or(AccountTreeError::ParentNotFound { parent_id })?;
        if parent.account_type != account_type {
            return Err(AccountTreeError::ParentTypeMismatch {
                parent_type: parent.account_type,
                account_type,
            });
        }
        if parent.archived {
            return Err(AccountTreeError::ParentArchived { parent_id });
        }
        if parent_has_postings && self.is_last_level(parent_id) {
            return Err(AccountTreeError::ParentHasPostings { parent_id });
        }
        Ok(())
    }

    /// Whether `candidate` is `account_id` or lies below it. Walks up from the candidate;
    /// the walk is bounded by the number of accounts, so even a corrupt state with a
    /// cycle cannot loop forever.
    fn is_self_or_descendant(&self, candidate: AccountId, account_id: AccountId) -> bool {
        let mut current = Some(candidate);
        for _ in 0..=self.accounts.len() {
            match current {
                Some(id) if id == account_id => return true,
                Some(id) => current = self.accounts.get(&id).and_then(|a| a.parent_id),
                None => return false,
            }
        }
        true
    }

    /// Account codes are unique among the workspace's accounts, archived ones included
    /// (reports and exports identify accounts by code). `except` is the account being
    /// changed.
    fn ensure_code_free(
        &self,
        code: &str,
        except: Option<AccountId>,
    ) -> Result<(), AccountTreeError> {
        let taken = self
            .accounts
            .values()
            .any(|a| Some(a.account_id) != except && a.account_code == code);
        if taken {
            return Err(AccountTreeError::AccountCodeTaken {
                code: code.to_owned(),
            });
        }
        Ok(())
    }
}

impl crate::decider::Decider for AccountTree {
    const SNAPSHOT_EVERY: usize = 50;

    fn decide(&self, command: Self::Command) -> Result<Vec<Self::Event>, Self::Error> {
        AccountTree::decide(self, command)
    }
}

impl Aggregate for AccountTree {
    const TYPE: &'static str = AGGREGATE_TYPE;
    type Command = AccountTreeCommand;
    type Event = AccountTreeEvent;
    type Error = AccountTreeError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _services: &Self::Services,
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        crate::decider::handle(self, command, sink).await
    }

    /// Applies a committed event. Events are facts, so this never rejects one.
    fn apply(&mut self, event: Self::Event) {
        self.workspace_id = Some(event.workspace_id());
        self.apply_fiscal_year(&event);
        match event {
            AccountTreeEvent::DefaultChartSetUp(e) => self.default_chart = Some(e.chart_id),
            AccountTreeEvent::AccountCreated(e) => {
                self.accounts.insert(
                    e.account_id,
                    Account {
                        account_id: e.account_id,
                        name: e.name,
                        account_type: e.account_type,
                        account_code: e.account_code,
                        parent_id: e.parent_id,
                        is_editable: e.is_editable,
                        archived: false,
                        depreciation_type: e.depreciation_type,
                        depreciation_value: e.depreciation_value,
                        budget_amount: None,
                        monthly_budgets: BTreeMap::new(),
                        statement_section: None,
                        cash_flow_category: None,
                    },
                );
            }
            AccountTreeEvent::AccountUpdated(e) => {
                debug_assert!(self.accounts.contains_key(&e.account_id));
                if let Some(account) = self.accounts.get_mut(&e.account_id) {
                    account.name = e.name;
                    account.account_code = e.account_code;
                    account.parent_id = e.parent_id;
                    account.depreciation_type = e.depreciation_type;
                    account.depreciation_value = e.depreciation_value;
                }
            }
            AccountTreeEvent::AccountArchived(e) => {
                if let Some(account) = self.accounts.get_mut(&e.account_id) {
                    account.archived = true;
                }
            }
            AccountTreeEvent::AccountDeleted(e) => {
                self.accounts.remove(&e.account_id);
            }
            AccountTreeEvent::BudgetAmountSet(e) => {
                if let Some(account) = self.accounts.get_mut(&e.account_id) {
                    match e.month {
                        None => account.budget_amount = Some(e.amount),
                        Some(month) => {
                            account.monthly_budgets.insert(month, e.amount);
                        }
                    }
                }
            }
            AccountTreeEvent::LockDateSet(e) => self.lock_date = e.lock_date,
            AccountTreeEvent::AccountClassified(e) => {
                if let Some(account) = self.accounts.get_mut(&e.account_id) {
                    account.statement_section = e.statement_section;
                    account.cash_flow_category = e.cash_flow_category;
                }
            }
            AccountTreeEvent::FiscalYearStartSet(_)
            | AccountTreeEvent::FiscalYearClosed(_)
            | AccountTreeEvent::FiscalYearReopened(_) => {}
        }
    }
}

/// A yearly budget spread over its twelve months: each month gets the amount divided by
/// twelve, rounded down to the kobo, and December also gets the kobo left over, so the
/// twelve always sum to exactly the yearly amount (`1000.00` → eleven × `83.33` and
/// `83.37`).
pub fn spread_yearly(yearly: Decimal) -> [Decimal; 12] {
    let monthly = (yearly / Decimal::from(12))
        .round_dp_with_strategy(MONEY_DECIMALS, rust_decimal::RoundingStrategy::ToZero);
    let mut months = [crate::money::at_money_scale(monthly); 12];
    months[11] = crate::money::at_money_scale(yearly - monthly * Decimal::from(11));
    months
}

fn classified(
    workspace_id: WorkspaceId,
    account_id: AccountId,
    classification: Classification,
) -> AccountTreeEvent {
    AccountTreeEvent::AccountClassified(AccountClassified {
        workspace_id,
        account_id,
        statement_section: classification.statement_section,
        cash_flow_category: classification.cash_flow_category,
    })
}

/// A chosen section or category must suit the account's type (an asset is never revenue,
/// only an asset is cash); `None` is always fine — the derived default suits by design.
fn check_classification(
    account_type: AccountType,
    classification: Classification,
) -> Result<(), AccountTreeError> {
    if let Some(section) = classification
        .statement_section
        .filter(|s| !s.allows(account_type))
    {
        return Err(AccountTreeError::SectionNotForType {
            section,
            account_type,
        });
    }
    if let Some(category) = classification
        .cash_flow_category
        .filter(|c| !c.allows(account_type))
    {
        return Err(AccountTreeError::CashFlowCategoryNotForType {
            category,
            account_type,
        });
    }
    Ok(())
}

/// An account name: trimmed, not blank, at most [`ACCOUNT_NAME_CHARS_MAX`] characters.
fn parse_name(raw: &str) -> Result<String, AccountTreeError> {
    let name = raw.trim();
    if name.is_empty() {
        return Err(AccountTreeError::NameRequired);
    }
    let length = name.chars().count();
    if length > ACCOUNT_NAME_CHARS_MAX {
        return Err(AccountTreeError::NameTooLong {
            length,
            max: ACCOUNT_NAME_CHARS_MAX,
        });
    }
    Ok(name.to_owned())
}

/// An account code: trimmed, ASCII digits only, between the two digit bounds. Leading
/// zeros are kept (`"0100"` and `"100"` are different codes, as in most charts).
fn parse_code(raw: &str) -> Result<String, AccountTreeError> {
    let code = raw.trim();
    let ok = (ACCOUNT_CODE_DIGITS_MIN..=ACCOUNT_CODE_DIGITS_MAX).contains(&code.len())
        && code.bytes().all(|b| b.is_ascii_digit());
    if !ok {
        return Err(AccountTreeError::InvalidAccountCode {
            code: code.to_owned(),
            min: ACCOUNT_CODE_DIGITS_MIN,
            max: ACCOUNT_CODE_DIGITS_MAX,
        });
    }
    Ok(code.to_owned())
}

/// Depreciation: asset accounts only; type and value together or not at all; the value a
/// yearly percentage in (0, 100] with at most two decimals.
fn parse_depreciation(
    account_type: AccountType,
    depreciation_type: Option<DepreciationType>,
    depreciation_value: Option<Decimal>,
) -> Result<(Option<DepreciationType>, Option<Decimal>), AccountTreeError> {
    match (depreciation_type, depreciation_value) {
        (None, None) => Ok((None, None)),
        _ if account_type != AccountType::Asset => {
            Err(AccountTreeError::DepreciationOnlyForAssets { account_type })
        }
        (None, Some(_)) => Err(AccountTreeError::DepreciationTypeRequired),
        (Some(_), None) => Err(AccountTreeError::DepreciationValueRequired),
        (Some(kind), Some(value)) => {
            let in_range = value > Decimal::ZERO && value <= DEPRECIATION_PERCENT_MAX;
            if !in_range || value.normalize().scale() > MONEY_DECIMALS {
                return Err(AccountTreeError::InvalidDepreciationValue { value });
            }
            Ok((Some(kind), Some(crate::money::at_money_scale(value))))
        }
    }
}

fn parse_budget_amount(amount: Decimal) -> Result<Decimal, AccountTreeError> {
    check_amount(amount).map_err(|problem| match problem {
        AmountProblem::Negative => AccountTreeError::NegativeBudgetAmount { amount },
        AmountProblem::TooPrecise => AccountTreeError::BudgetAmountTooPrecise {
            amount,
            max_decimals: MONEY_DECIMALS,
        },
        AmountProblem::TooLarge => AccountTreeError::BudgetAmountTooLarge {
            amount,
            max: *AMOUNT_MAX,
        },
    })
}

/// A budget month: exactly `YYYY-MM`, a real month, within the budget years.
fn parse_month(raw: &str) -> Result<String, AccountTreeError> {
    let month = raw.trim();
    let invalid = || AccountTreeError::InvalidBudgetMonth {
        month: month.to_owned(),
    };
    if month.len() != 7 {
        return Err(invalid());
    }
    let date =
        NaiveDate::parse_from_str(&format!("{month}-01"), "%Y-%m-%d").map_err(|_| invalid())?;
    if !(BUDGET_YEAR_MIN..=BUDGET_YEAR_MAX).contains(&date.year()) {
        return Err(invalid());
    }
    Ok(format!("{:04}-{:02}", date.year(), date.month()))
}
