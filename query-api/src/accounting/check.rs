//! The ledger checks itself (DESIGN §11 "reports check themselves"): for every account,
//! the sum of its postings must equal the sum of its yearly, of its monthly and of its
//! daily totals — the aggregates every report reads — and all debits must equal all
//! credits. Reads every posting of the workspace, so it is an on-demand audit (and a test
//! oracle), not part of each report.

use std::collections::BTreeMap;

use api_core::ApiError;
use projections::cents::cents_string;
use projections::ledger::{GRAIN_DAY, GRAIN_MONTH, GRAIN_YEAR};
use serde::Serialize;
use sqlx::Row;
use store::Db;

use super::{int, Sql};

/// An account whose aggregates disagree with its postings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct LedgerMismatch {
    pub account_id: String,
    /// `postings`, `y`, `m` or `d`: where each figure comes from.
    pub source: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub debit: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub credit: String,
    /// The same from the postings themselves.
    #[schema(value_type = api_core::openapi::Money)]
    pub postings_debit: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub postings_credit: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct LedgerCheck {
    pub accounts: i64,
    pub postings: i64,
    #[schema(value_type = api_core::openapi::Money)]
    pub total_debit: String,
    #[schema(value_type = api_core::openapi::Money)]
    pub total_credit: String,
    /// Debits equal credits and no account has a mismatch.
    pub consistent: bool,
    pub mismatches: Vec<LedgerMismatch>,
}

/// Compares every account's postings with its year, month and day totals.
pub async fn ledger_check(db: &Db, workspace_id: &str) -> Result<LedgerCheck, ApiError> {
    // (debit, credit, count) per account, per source.
    let mut sources: BTreeMap<String, BTreeMap<&'static str, (i64, i64, i64)>> = BTreeMap::new();
    let mut postings = Sql::new(
        "SELECT account_id, CAST(SUM(debit_cents) AS BIGINT), CAST(SUM(credit_cents) AS BIGINT), \
         CAST(COUNT(*) AS BIGINT) FROM read_postings WHERE workspace_id = ",
    );
    postings.text(workspace_id).push(" GROUP BY account_id");
    for r in postings.fetch_all(db).await? {
        sources
            .entry(r.try_get(0)?)
            .or_default()
            .insert("postings", (int(&r, 1)?, int(&r, 2)?, int(&r, 3)?));
    }
    for grain in [GRAIN_YEAR, GRAIN_MONTH, GRAIN_DAY] {
        let mut totals = Sql::new(
            "SELECT account_id, CAST(SUM(debit_cents) AS BIGINT), CAST(SUM(credit_cents) AS BIGINT), \
             CAST(SUM(postings) AS BIGINT) FROM read_ledger_totals WHERE workspace_id = ",
        );
        totals
            .text(workspace_id)
            .push(" AND grain = ")
            .text(grain)
            .push(" GROUP BY account_id");
        let key = match grain {
            GRAIN_YEAR => "y",
            GRAIN_MONTH => "m",
            _ => "d",
        };
        for r in totals.fetch_all(db).await? {
            sources
                .entry(r.try_get(0)?)
                .or_default()
                .insert(key, (int(&r, 1)?, int(&r, 2)?, int(&r, 3)?));
        }
    }
    let mut mismatches = Vec::new();
    let (mut debit, mut credit, mut count) = (0, 0, 0);
    for (account, by_source) in &sources {
        let truth = by_source.get("postings").copied().unwrap_or_default();
        debit += truth.0;
        credit += truth.1;
        count += truth.2;
        for source in ["y", "m", "d"] {
            let figure = by_source.get(source).copied().unwrap_or_default();
            if figure != truth {
                mismatches.push(LedgerMismatch {
                    account_id: account.clone(),
                    source: source.to_owned(),
                    debit: cents_string(figure.0),
                    credit: cents_string(figure.1),
                    postings_debit: cents_string(truth.0),
                    postings_credit: cents_string(truth.1),
                });
            }
        }
    }
    let consistent = debit == credit && mismatches.is_empty();
    if !consistent {
        tracing::error!(
            workspace_id,
            mismatches = mismatches.len(),
            debit,
            credit,
            "ledger check failed"
        );
    }
    Ok(LedgerCheck {
        accounts: sources.len() as i64,
        postings: count,
        total_debit: cents_string(debit),
        total_credit: cents_string(credit),
        consistent,
        mismatches,
    })
}
