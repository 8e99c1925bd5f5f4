//! The books as files: every posted entry as CSV (one row per line) and as an hledger
//! journal, so analysts can take them to plain-text accounting tools — and so a test can
//! check our trial balance against hledger's, to the cent (DESIGN §5).
//!
//! An export is read in chunks of [`EXPORT_CHUNK_POSTINGS`] postings by keyset on
//! `(date, entry_sequence, line_index)`, so a million postings never sit in memory at
//! once: the route turns [`Export::next_chunk`] into a streamed body.

use std::collections::HashMap;
use std::fmt::Write as _;

use api_core::ApiError;
use projections::cents::cents_string;
use sqlx::Row;
use store::Db;

use super::chart::chart;
use super::{int, Sql};

/// Postings per chunk: a few megabytes of text.
pub const EXPORT_CHUNK_POSTINGS: i64 = 10_000;

/// The CSV header, in column order.
pub const CSV_HEADER: &str =
    "entry_number,date,entry_id,memo,reference,reverses,line_index,account_code,account_name,description,debit,credit\r\n";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    Csv,
    Hledger,
}

/// One export in progress; call [`Export::next_chunk`] until it answers `None`.
pub struct Export {
    db: Db,
    workspace_id: String,
    format: ExportFormat,
    /// Account id → (code, name, hledger account path).
    accounts: HashMap<String, (String, String, String)>,
    /// The last posting written: `(date, entry_sequence, line_index)`.
    after: Option<(String, i64, i64)>,
    started: bool,
    done: bool,
}

/// An hledger account name may not contain `:` within a segment (it separates levels), nor
/// two spaces in a row or a tab (they end the name), nor `;` (a comment).
fn segment(code: &str, name: &str) -> String {
    let raw = format!("{code} {name}");
    let cleaned: String = raw
        .chars()
        .map(|c| match c {
            ':' | ';' | '\t' => '-',
            c => c,
        })
        .collect();
    cleaned.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// hledger text on one line (newlines would start a new posting or transaction), and
/// never starting a spreadsheet formula: journals get opened in spreadsheets too.
fn one_line(value: &str) -> String {
    crate::csv::neutralize(&value.split_whitespace().collect::<Vec<_>>().join(" ")).into_owned()
}

impl Export {
    /// Prepares an export of the workspace's posted entries.
    pub async fn start(
        db: &Db,
        workspace_id: &str,
        format: ExportFormat,
    ) -> Result<Self, ApiError> {
        let chart = chart(db, workspace_id).await?;
        let rows = &chart.accounts;
        let by_id: HashMap<&str, usize> = rows
            .iter()
            .enumerate()
            .map(|(i, a)| (a.id.as_str(), i))
            .collect();
        let mut accounts = HashMap::new();
        for a in rows {
            // The full path, root first: `1000 Assets:1100 Cash and bank:1110 Cash on hand`.
            let mut path = vec![segment(&a.account_code, &a.name)];
            let mut parent = a.parent_id.as_deref();
            while let Some(p) = parent.and_then(|p| by_id.get(p)) {
                if path.len() > rows.len() {
                    break;
                }
                path.push(segment(&rows[*p].account_code, &rows[*p].name));
                parent = rows[*p].parent_id.as_deref();
            }
            path.reverse();
            accounts.insert(
                a.id.clone(),
                (a.account_code.clone(), a.name.clone(), path.join(":")),
            );
        }
        Ok(Self {
            db: db.clone(),
            workspace_id: workspace_id.to_owned(),
            format,
            accounts,
            after: None,
            started: false,
            done: false,
        })
    }

    /// The next piece of the file; `None` once everything is written.
    pub async fn next_chunk(&mut self) -> Result<Option<String>, ApiError> {
        if self.done {
            return Ok(None);
        }
        let mut out = String::new();
        if !self.started {
            self.started = true;
            match self.format {
                ExportFormat::Csv => out.push_str(CSV_HEADER),
                ExportFormat::Hledger => out.push_str(
                    "; Ledgerline export: posted entries; debits positive, credits negative\n",
                ),
            }
        }
        let mut sql = Sql::new(
            "SELECT date, entry_sequence, line_index, entry_number, entry_id, memo, reference, reverses, account_id, \
             description, debit_cents, credit_cents FROM read_postings WHERE workspace_id = ",
        );
        sql.text(self.workspace_id.clone());
        if let Some((date, sequence, line)) = &self.after {
            sql.push(" AND (date > ")
                .text(date.clone())
                .push(" OR (date = ")
                .text(date.clone())
                .push(" AND (entry_sequence > ")
                .int(*sequence)
                .push(" OR (entry_sequence = ")
                .int(*sequence)
                .push(" AND line_index > ")
                .int(*line)
                .push("))))");
        }
        sql.push(" ORDER BY date, entry_sequence, line_index LIMIT ")
            .int(EXPORT_CHUNK_POSTINGS);
        let rows = sql.fetch_all(&self.db).await?;
        if (rows.len() as i64) < EXPORT_CHUNK_POSTINGS {
            self.done = true;
        }
        for r in &rows {
            let date: String = r.try_get(0)?;
            let sequence = int(r, 1)?;
            let line = int(r, 2)?;
            let number: String = r.try_get(3)?;
            let entry_id: String = r.try_get(4)?;
            let memo: String = r.try_get(5)?;
            let reference: String = r.try_get(6)?;
            let reverses: Option<String> = r.try_get(7)?;
            let account: String = r.try_get(8)?;
            let description: String = r.try_get(9)?;
            let debit = int(r, 10)?;
            let credit = int(r, 11)?;
            let (code, name, path) =
                self.accounts.get(&account).cloned().unwrap_or_else(|| {
                    (String::new(), String::new(), format!("unknown:{account}"))
                });
            match self.format {
                ExportFormat::Csv => crate::csv::row(
                    &mut out,
                    [
                        number.as_str(),
                        date.as_str(),
                        entry_id.as_str(),
                        memo.as_str(),
                        reference.as_str(),
                        reverses.as_deref().unwrap_or(""),
                        line.to_string().as_str(),
                        code.as_str(),
                        name.as_str(),
                        description.as_str(),
                        cents_string(debit).as_str(),
                        cents_string(credit).as_str(),
                    ],
                ),
                ExportFormat::Hledger => {
                    if line == 0 {
                        let _ = write!(out, "\n{date} * ({number}) {}", one_line(&memo));
                        if !reference.is_empty() {
                            let _ = write!(out, "  ; reference: {}", one_line(&reference));
                        }
                        out.push('\n');
                    }
                    let _ = write!(out, "    {path}  {}", cents_string(debit - credit));
                    if !description.is_empty() {
                        let _ = write!(out, "  ; {}", one_line(&description));
                    }
                    out.push('\n');
                }
            }
            self.after = Some((date, sequence, line));
        }
        Ok(Some(out))
    }

    /// The whole file at once (tests, small workspaces).
    pub async fn collect(mut self) -> Result<String, ApiError> {
        let mut all = String::new();
        while let Some(chunk) = self.next_chunk().await? {
            all.push_str(&chunk);
        }
        Ok(all)
    }
}
