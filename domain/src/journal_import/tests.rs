//! The import rules, given/when/then.

use chrono::{DateTime, Duration, Utc};
use cqrs_es::test::TestFramework;
use event_schemas::journal_import::{JournalImportEvent, JournalImported};
use event_schemas::{JournalEntryId, JournalImportId, UserId, WorkspaceId};
use uuid::Uuid;

use super::*;

const IMPORT: JournalImportId =
    JournalImportId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0e01));
const EARLIER: JournalImportId =
    JournalImportId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0e00));
const ENTRY: JournalEntryId =
    JournalEntryId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0e11));
const WORKSPACE: WorkspaceId =
    WorkspaceId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c33));
const CLERK: UserId = UserId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c24));
const HASH: &str = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

fn now() -> DateTime<Utc> {
    DateTime::from_timestamp(1_775_000_000, 0).expect("time")
}

fn given() -> TestFramework<JournalImport> {
    TestFramework::with(())
}

fn record(previous_hours_ago: Option<i64>, confirm: bool) -> RecordImport {
    RecordImport {
        import_id: IMPORT,
        workspace_id: WORKSPACE,
        file_name: "march.csv".into(),
        file_sha256: HASH.into(),
        entries: vec![ENTRY],
        lines: 2,
        posted: true,
        imported_by: CLERK,
        previous: previous_hours_ago.map(|hours| PreviousImport {
            import_id: EARLIER,
            imported_at: now() - Duration::hours(hours),
        }),
        confirm_duplicate: confirm,
        now: now(),
    }
}

fn imported(duplicate_confirmed: bool) -> JournalImportEvent {
    JournalImportEvent::JournalImported(JournalImported {
        import_id: IMPORT,
        workspace_id: WORKSPACE,
        file_name: "march.csv".into(),
        file_sha256: HASH.into(),
        entries: vec![ENTRY],
        lines: 2,
        posted: true,
        duplicate_confirmed,
        imported_by: CLERK,
    })
}

#[test]
fn a_new_file_is_recorded_with_its_hash_and_entries() {
    given()
        .given_no_previous_events()
        .when(record(None, false).into())
        .then_expect_events(vec![imported(false)]);
}

#[test]
fn the_same_file_again_within_a_day_is_refused() {
    given()
        .given_no_previous_events()
        .when(record(Some(23), false).into())
        .then_expect_error(JournalImportError::SameFileImported {
            import_id: EARLIER,
            imported_at: now() - Duration::hours(23),
        });
}

#[test]
fn the_same_file_again_within_a_day_is_recorded_when_confirmed() {
    given()
        .given_no_previous_events()
        .when(record(Some(1), true).into())
        .then_expect_events(vec![imported(true)]);
}

#[test]
fn the_same_file_a_day_later_is_a_new_import() {
    given()
        .given_no_previous_events()
        .when(record(Some(24), false).into())
        .then_expect_events(vec![imported(false)]);
}

#[test]
fn a_retry_of_the_same_import_is_not_its_own_duplicate() {
    let retry = RecordImport {
        previous: Some(PreviousImport {
            import_id: IMPORT,
            imported_at: now() - Duration::minutes(1),
        }),
        ..record(None, false)
    };

    given()
        .given_no_previous_events()
        .when(retry.into())
        .then_expect_events(vec![imported(false)]);
}

#[test]
fn an_import_is_recorded_once() {
    given()
        .given(vec![imported(false)])
        .when(record(None, false).into())
        .then_expect_error(JournalImportError::AlreadyRecorded { import_id: IMPORT });
}

#[test]
fn an_import_without_entries_is_refused() {
    given()
        .given_no_previous_events()
        .when(
            RecordImport {
                entries: vec![],
                ..record(None, false)
            }
            .into(),
        )
        .then_expect_error(JournalImportError::NoEntries);
}
