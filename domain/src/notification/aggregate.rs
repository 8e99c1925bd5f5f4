//! One notification as its recipient's inbox shows it: whose it is, read or not, deleted.

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use event_schemas::notification::{
    NotificationDeleted, NotificationEvent, NotificationReadChanged, AGGREGATE_TYPE,
};
use event_schemas::{NotificationId, UserId};
use serde::{Deserialize, Serialize};

use super::commands::{ChangeRead, DeleteNotification, NotificationCommand, RaiseNotification};
use super::errors::NotificationError;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notification {
    notification_id: Option<NotificationId>,
    recipient_id: Option<UserId>,
    read: bool,
    deleted: bool,
}

impl Notification {
    /// The notification as the inbox read model shows it (which folds its own stream, its
    /// announcement and its recipient's "mark all as read"); a deleted one is not shown.
    pub fn as_shown(notification_id: NotificationId, recipient_id: UserId, read: bool) -> Self {
        Self {
            notification_id: Some(notification_id),
            recipient_id: Some(recipient_id),
            read,
            deleted: false,
        }
    }

    pub fn is_read(&self) -> bool {
        self.read
    }

    /// The notification's id and recipient when `actor` is that recipient and it was not
    /// deleted; otherwise "not found", whoever asks.
    fn owned_by(&self, actor: UserId) -> Result<(NotificationId, UserId), NotificationError> {
        match (self.notification_id, self.recipient_id) {
            (Some(id), Some(recipient)) if recipient == actor && !self.deleted => {
                Ok((id, recipient))
            }
            _ => Err(NotificationError::NotFound),
        }
    }

    pub fn decide(
        &self,
        command: NotificationCommand,
    ) -> Result<Vec<NotificationEvent>, NotificationError> {
        match command {
            NotificationCommand::Raise(RaiseNotification { created }) => {
                if self.recipient_id.is_some() || self.deleted {
                    return Err(NotificationError::AlreadyRaised);
                }
                Ok(vec![NotificationEvent::NotificationCreated(created)])
            }
            NotificationCommand::ChangeRead(ChangeRead { actor, read }) => {
                let (notification_id, recipient_id) = self.owned_by(actor)?;
                // Already so: nothing to write, so a repeated PATCH writes nothing.
                if self.read == read {
                    return Ok(Vec::new());
                }
                Ok(vec![NotificationEvent::NotificationReadChanged(
                    NotificationReadChanged {
                        notification_id,
                        recipient_id,
                        read,
                    },
                )])
            }
            NotificationCommand::Delete(DeleteNotification { actor }) => {
                let (notification_id, recipient_id) = self.owned_by(actor)?;
                Ok(vec![NotificationEvent::NotificationDeleted(
                    NotificationDeleted {
                        notification_id,
                        recipient_id,
                    },
                )])
            }
        }
    }
}

impl crate::decider::Decider for Notification {
    fn decide(&self, command: Self::Command) -> Result<Vec<Self::Event>, Self::Error> {
        Notification::decide(self, command)
    }
}

impl Aggregate for Notification {
    const TYPE: &'static str = AGGREGATE_TYPE;
    type Command = NotificationCommand;
    type Event = NotificationEvent;
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
        self.notification_id = Some(event.notification_id());
        self.recipient_id = Some(event.recipient_id());
        match event {
            NotificationEvent::NotificationCreated(_) => self.read = false,
            NotificationEvent::NotificationReadChanged(e) => self.read = e.read,
            NotificationEvent::NotificationDeleted(_) => self.deleted = true,
        }
    }
}
