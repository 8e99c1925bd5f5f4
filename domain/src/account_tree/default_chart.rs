//! The default chart of accounts a workspace starts with: what a Nigerian small or
//! medium business expects to find on day one (cash and bank, receivables, VAT, PAYE,
//! pension and NHF payables, withholding tax, diesel for the generator …), numbered in
//! the usual way — the first digit is the type group, deeper levels refine it.
//!
//! The six top-level nodes are system roots (`is_editable: false`): every user account
//! hangs under one of them, and reports group by them. Everything below is editable.

use event_schemas::account_tree::AccountType;
use event_schemas::{AccountId, WorkspaceId};
use sha2::{Digest, Sha256};
use uuid::Builder;

/// One node of the default chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChartAccount {
    pub code: &'static str,
    pub name: &'static str,
    pub account_type: AccountType,
    /// The parent's code; `None` for a system root.
    pub parent_code: Option<&'static str>,
}

impl ChartAccount {
    /// System roots are the top-level nodes; they cannot be edited.
    pub fn is_editable(&self) -> bool {
        self.parent_code.is_some()
    }
}

const fn node(
    code: &'static str,
    name: &'static str,
    account_type: AccountType,
    parent_code: Option<&'static str>,
) -> ChartAccount {
    ChartAccount {
        code,
        name,
        account_type,
        parent_code,
    }
}

use AccountType::{Asset, Equity, Expense, Income, Liability};

/// The default chart, parents before their children (the order the events are written
/// in, so a projector always meets a parent first).
pub const DEFAULT_CHART: &[ChartAccount] = &[
    node("1000", "Assets", Asset, None),
    node("1100", "Cash and bank", Asset, Some("1000")),
    node("1110", "Cash on hand", Asset, Some("1100")),
    node("1120", "Bank - current account", Asset, Some("1100")),
    node("1130", "Bank - domiciliary account", Asset, Some("1100")),
    node("1200", "Receivables", Asset, Some("1000")),
    node("1210", "Trade receivables", Asset, Some("1200")),
    node("1230", "Withholding tax receivable", Asset, Some("1200")),
    node("1300", "Inventory", Asset, Some("1000")),
    node("1310", "Goods for resale", Asset, Some("1300")),
    node(
        "1400",
        "Prepayments and other current assets",
        Asset,
        Some("1000"),
    ),
    node("1410", "Prepaid expenses", Asset, Some("1400")),
    node("1420", "VAT receivable (input VAT)", Asset, Some("1400")),
    node("1500", "Property, plant and equipment", Asset, Some("1000")),
    node("1510", "Land and buildings", Asset, Some("1500")),
    node("1520", "Motor vehicles", Asset, Some("1500")),
    node("1530", "Computer equipment", Asset, Some("1500")),
    node("1590", "Accumulated depreciation", Asset, Some("1500")),
    node("2000", "Liabilities", Liability, None),
    node("2100", "Current liabilities", Liability, Some("2000")),
    node("2110", "Trade payables", Liability, Some("2100")),
    node("2120", "Accrued expenses", Liability, Some("2100")),
    node("2130", "VAT payable (output VAT)", Liability, Some("2100")),
    node("2140", "PAYE payable", Liability, Some("2100")),
    node("2150", "Pension payable", Liability, Some("2100")),
    node("2160", "NHF payable", Liability, Some("2100")),
    node("2170", "Withholding tax payable", Liability, Some("2100")),
    node(
        "2180",
        "Company income tax payable",
        Liability,
        Some("2100"),
    ),
    node("2200", "Non-current liabilities", Liability, Some("2000")),
    node("2210", "Bank loans", Liability, Some("2200")),
    node("3000", "Equity", Equity, None),
    node("3100", "Share capital", Equity, Some("3000")),
    node("3200", "Retained earnings", Equity, Some("3000")),
    node(
        "3300",
        "Owner's drawings and dividends",
        Equity,
        Some("3000"),
    ),
    node("4000", "Income", Income, None),
    node("4100", "Sales of goods", Income, Some("4000")),
    node("4200", "Service revenue", Income, Some("4000")),
    node("4300", "Other income", Income, Some("4000")),
    node("5000", "Cost of sales", Expense, None),
    node("5100", "Cost of goods sold", Expense, Some("5000")),
    node("6000", "Operating expenses", Expense, None),
    node("6100", "Staff costs", Expense, Some("6000")),
    node("6110", "Salaries and wages", Expense, Some("6100")),
    node(
        "6120",
        "Employer pension contribution",
        Expense,
        Some("6100"),
    ),
    node("6200", "Premises", Expense, Some("6000")),
    node("6210", "Rent and rates", Expense, Some("6200")),
    node("6220", "Electricity", Expense, Some("6200")),
    node(
        "6230",
        "Diesel and generator running",
        Expense,
        Some("6200"),
    ),
    node("6300", "Administrative expenses", Expense, Some("6000")),
    node("6310", "Telephone and internet", Expense, Some("6300")),
    node("6320", "Office supplies", Expense, Some("6300")),
    node("6330", "Transport and travel", Expense, Some("6300")),
    node("6340", "Bank charges", Expense, Some("6300")),
    node("6350", "Professional fees", Expense, Some("6300")),
    node("6400", "Depreciation", Expense, Some("6000")),
    node("6500", "Interest expense", Expense, Some("6000")),
];

/// The id of a default-chart account in a workspace: a UUID v8 from a SHA-256 of the
/// workspace id and the account code. Deterministic, so a retried or repeated setup names
/// the same accounts, and distinct across workspaces, so read models may key by it alone.
pub fn default_account_id(workspace_id: WorkspaceId, code: &str) -> AccountId {
    let mut hasher = Sha256::new();
    hasher.update(b"ledgerline/default-chart/");
    hasher.update(workspace_id.as_uuid().as_bytes());
    hasher.update(code.as_bytes());
    let digest = hasher.finalize();
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&digest[..16]);
    AccountId::from_uuid(Builder::from_custom_bytes(bytes).into_uuid())
}
