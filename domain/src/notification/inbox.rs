//! One user's inbox as a whole: how far "mark all as read" has reached.

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use event_schemas::inbox::{InboxEvent, InboxMarkedRead, AGGREGATE_TYPE};
use serde::{Deserialize, Serialize};

use super::commands::{InboxCommand, MarkAllRead};
use super::errors::NotificationError;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Inbox {
    /// The log position every notification up to which is marked read (0: none yet).
    marked_up_to: i64,
}

impl Inbox {
    pub fn marked_up_to(&self) -> i64 {
        self.marked_up_to
    }

    pub fn decide(&self, command: InboxCommand) -> Result<Vec<InboxEvent>, NotificationError> {
        match command {
            InboxCommand::MarkAllRead(MarkAllRead {
                recipient,
                up_to_position,
            }) => {
                // A mark that reaches no further than one already made changes nothing.
                if up_to_position <= self.marked_up_to {
                    return Ok(Vec::new());
                }
                Ok(vec![InboxEvent::InboxMarkedRead(InboxMarkedRead {
                    recipient_id: recipient,
                    up_to_position,
                })])
            }
        }
    }
}

impl crate::decider::Decider for Inbox {
    fn decide(&self, command: Self::Command) -> Result<Vec<Self::Event>, Self::Error> {
        Inbox::decide(self, command)
    }
}

impl Aggregate for Inbox {
    const TYPE: &'static str = AGGREGATE_TYPE;
    type Command = InboxCommand;
    type Event = InboxEvent;
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
            InboxEvent::InboxMarkedRead(e) => {
                self.marked_up_to = self.marked_up_to.max(e.up_to_position)
            }
        }
    }
}
