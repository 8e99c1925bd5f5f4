//! One import's state: recorded or not.

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use event_schemas::journal_import::{
    JournalImportEvent, JournalImported, AGGREGATE_TYPE, FILE_NAME_CHARS_MAX,
};
use serde::{Deserialize, Serialize};

use super::commands::{JournalImportCommand, RecordImport};
use super::errors::JournalImportError;
use super::DUPLICATE_WINDOW_HOURS;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct JournalImport {
    recorded: Option<JournalImported>,
}

impl JournalImport {
    /// What the import recorded, once recorded.
    pub fn recorded(&self) -> Option<&JournalImported> {
        self.recorded.as_ref()
    }

    pub fn decide(
        &self,
        command: JournalImportCommand,
    ) -> Result<Vec<JournalImportEvent>, JournalImportError> {
        match command {
            JournalImportCommand::RecordImport(c) => self.record(c),
        }
    }

    fn record(&self, command: RecordImport) -> Result<Vec<JournalImportEvent>, JournalImportError> {
        if self.recorded.is_some() {
            return Err(JournalImportError::AlreadyRecorded {
                import_id: command.import_id,
            });
        }
        if command.entries.is_empty() {
            return Err(JournalImportError::NoEntries);
        }
        if command.file_name.chars().count() > FILE_NAME_CHARS_MAX {
            return Err(JournalImportError::FileNameTooLong {
                max: FILE_NAME_CHARS_MAX,
            });
        }
        // The same import (a retry naming the same id) is not a duplicate of itself.
        let recent = command.previous.filter(|previous| {
            previous.import_id != command.import_id
                && command.now - previous.imported_at
                    < chrono::Duration::hours(DUPLICATE_WINDOW_HOURS)
        });
        if let (Some(previous), false) = (recent, command.confirm_duplicate) {
            return Err(JournalImportError::SameFileImported {
                import_id: previous.import_id,
                imported_at: previous.imported_at,
            });
        }
        Ok(vec![JournalImportEvent::JournalImported(JournalImported {
            import_id: command.import_id,
            workspace_id: command.workspace_id,
            file_name: command.file_name,
            file_sha256: command.file_sha256,
            entries: command.entries,
            lines: command.lines,
            posted: command.posted,
            duplicate_confirmed: recent.is_some(),
            imported_by: command.imported_by,
        })])
    }
}

impl crate::decider::Decider for JournalImport {
    fn decide(&self, command: Self::Command) -> Result<Vec<Self::Event>, Self::Error> {
        JournalImport::decide(self, command)
    }
}

impl Aggregate for JournalImport {
    const TYPE: &'static str = AGGREGATE_TYPE;
    type Command = JournalImportCommand;
    type Event = JournalImportEvent;
    type Error = JournalImportError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _services: &Self::Services,
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        crate::decider::handle(self, command, sink).await
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            JournalImportEvent::JournalImported(recorded) => self.recorded = Some(recorded),
        }
    }
}
