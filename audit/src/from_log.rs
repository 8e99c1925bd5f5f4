//! From the log to the audit's input: a `JournalEntryPosted` event, with the time the
//! log recorded it and the account classes of the workspace's chart, becomes a
//! [`JournalEntry`]. The service calls this while it reads the session's pinned cut of
//! the log; keeping the mapping here keeps it in one place and tested.

use chrono::{DateTime, Utc};
use event_schemas::account_tree::AccountType;
use event_schemas::journal_entry::JournalEntryPosted;
use event_schemas::AccountId;

use crate::error::AuditError;
use crate::population::{JournalEntry, PostingLine};

impl JournalEntry {
    /// The entry a posting event describes. `recorded_at` is the event's time in the log
    /// (not in the payload: the author cannot choose it); `class_of` answers from the
    /// account tree as of the cut-off. An account it does not know is an error, not a
    /// guess: a wrong class would skew the first-posting-to-class test silently.
    pub fn from_posted(
        event: &JournalEntryPosted,
        recorded_at: DateTime<Utc>,
        class_of: impl Fn(AccountId) -> Option<AccountType>,
    ) -> Result<Self, AuditError> {
        let lines = event
            .lines
            .iter()
            .map(|line| {
                let account_class =
                    class_of(line.account_id).ok_or(AuditError::UnknownAccount {
                        entry_id: event.journal_entry_id,
                        account_id: line.account_id,
                    })?;
                Ok(PostingLine {
                    account_id: line.account_id,
                    account_class,
                    debit: line.debit,
                    credit: line.credit,
                })
            })
            .collect::<Result<Vec<_>, AuditError>>()?;
        Ok(Self {
            id: event.journal_entry_id,
            number: event.entry_number.clone(),
            effective_date: event.date,
            recorded_at,
            author: event.posted_by,
            memo: event.memo.clone(),
            reverses: event.reverses,
            lines,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{account, date, dec, entry_id, user, utc};
    use event_schemas::journal_entry::JournalLine;
    use event_schemas::WorkspaceId;

    fn posted() -> JournalEntryPosted {
        JournalEntryPosted {
            journal_entry_id: entry_id(12),
            workspace_id: WorkspaceId::from_uuid(uuid::Uuid::from_u128(1)),
            entry_sequence: 12,
            entry_number: "JE-000012".into(),
            date: date(2026, 3, 30),
            memo: "Accrued audit fees".into(),
            reference: String::new(),
            lines: vec![
                JournalLine {
                    account_id: account(1),
                    description: String::new(),
                    debit: dec("500.00"),
                    credit: dec("0.00"),
                },
                JournalLine {
                    account_id: account(2),
                    description: String::new(),
                    debit: dec("0.00"),
                    credit: dec("500.00"),
                },
            ],
            total: dec("500.00"),
            reverses: None,
            posted_by: user(3),
        }
    }

    fn chart(account_id: AccountId) -> Option<AccountType> {
        if account_id == account(1) {
            Some(AccountType::Expense)
        } else if account_id == account(2) {
            Some(AccountType::Liability)
        } else {
            None
        }
    }

    #[test]
    fn a_posting_event_becomes_an_entry_with_its_log_time_and_classes() {
        let entry =
            JournalEntry::from_posted(&posted(), utc(2026, 4, 2, 9, 0), chart).expect("entry");

        assert_eq!(entry.id, entry_id(12));
        assert_eq!(entry.number, "JE-000012");
        assert_eq!(entry.effective_date, date(2026, 3, 30));
        assert_eq!(entry.recorded_at, utc(2026, 4, 2, 9, 0));
        assert_eq!(entry.author, user(3));
        assert_eq!(entry.lines[0].account_class, AccountType::Expense);
        assert_eq!(entry.lines[1].credit, dec("500.00"));
    }

    #[test]
    fn an_account_missing_from_the_chart_is_an_error() {
        let mut event = posted();
        event.lines[1].account_id = account(9);

        let error =
            JournalEntry::from_posted(&event, utc(2026, 4, 2, 9, 0), chart).expect_err("unknown");

        assert_eq!(
            error,
            AuditError::UnknownAccount {
                entry_id: entry_id(12),
                account_id: account(9)
            }
        );
    }
}
