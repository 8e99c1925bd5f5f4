//! One announcement: sent once, to every chosen member at once.

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use event_schemas::announcement::{AnnouncementEvent, AnnouncementSent, AGGREGATE_TYPE};
use serde::{Deserialize, Serialize};

use super::commands::SendAnnouncement;
use super::errors::NotificationError;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Announcement {
    sent: bool,
}

impl Announcement {
    pub fn decide(
        &self,
        command: SendAnnouncement,
    ) -> Result<Vec<AnnouncementEvent>, NotificationError> {
        if self.sent {
            return Err(NotificationError::AlreadySent);
        }
        if command.recipients.is_empty() {
            return Err(NotificationError::NoRecipients);
        }
        let SendAnnouncement {
            announcement_id,
            recipients,
            content,
            organization_id,
            workspace_id,
            sent_by,
        } = command;
        Ok(vec![AnnouncementEvent::AnnouncementSent(
            AnnouncementSent {
                announcement_id,
                recipients,
                title: content.title,
                message: content.message,
                severity: content.severity,
                link: content.link,
                organization_id,
                workspace_id,
                sent_by,
            },
        )])
    }
}

impl crate::decider::Decider for Announcement {
    fn decide(&self, command: Self::Command) -> Result<Vec<Self::Event>, Self::Error> {
        Announcement::decide(self, command)
    }
}

impl Aggregate for Announcement {
    const TYPE: &'static str = AGGREGATE_TYPE;
    type Command = SendAnnouncement;
    type Event = AnnouncementEvent;
    type Error = NotificationError;
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
            AnnouncementEvent::AnnouncementSent(_) => self.sent = true,
        }
    }
}
