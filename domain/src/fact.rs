//! Facts: events that record what happened with no rule to break — a sign-in, a view of a
//! shared audit, a read model set aside and taken back. They still go through the command
//! runner like every other event (one append path, upcasters on load), as a stream of
//! [`Facts`] whose one decision is to not record the same fact twice in a row.

use std::marker::PhantomData;

use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, DomainEvent};
use serde::{Deserialize, Serialize};

/// An event type recorded as a fact, and the stream type it is recorded under.
pub trait FactKind: DomainEvent + PartialEq {
    const AGGREGATE_TYPE: &'static str;
}

impl FactKind for event_schemas::user_activity::UserActivityEvent {
    const AGGREGATE_TYPE: &'static str = event_schemas::user_activity::AGGREGATE_TYPE;
}

impl FactKind for event_schemas::audit_shared_view::AuditSharedViewEvent {
    const AGGREGATE_TYPE: &'static str = event_schemas::audit_shared_view::AGGREGATE_TYPE;
}

impl FactKind for event_schemas::read_model::ReadModelEvent {
    const AGGREGATE_TYPE: &'static str = event_schemas::read_model::AGGREGATE_TYPE;
}

/// A stream of facts of one kind: what it last recorded.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Facts<E> {
    last: Option<E>,
    #[serde(skip)]
    kind: PhantomData<E>,
}

impl<E> Default for Facts<E> {
    fn default() -> Self {
        Self {
            last: None,
            kind: PhantomData,
        }
    }
}

/// Records `0` as the stream's next fact.
#[derive(Debug, Clone, PartialEq)]
pub struct Record<E>(pub E);

/// A fact is never refused; the type exists because every aggregate names its errors.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FactError {}

impl<E: FactKind> Facts<E> {
    /// The fact, unless it repeats the stream's last one (a retried recording).
    pub fn decide(&self, Record(fact): Record<E>) -> Result<Vec<E>, FactError> {
        if self.last.as_ref() == Some(&fact) {
            return Ok(Vec::new());
        }
        Ok(vec![fact])
    }
}

impl<E: FactKind> crate::decider::Decider for Facts<E> {
    fn decide(&self, command: Self::Command) -> Result<Vec<Self::Event>, Self::Error> {
        Facts::decide(self, command)
    }
}

impl<E: FactKind> Aggregate for Facts<E> {
    const TYPE: &'static str = E::AGGREGATE_TYPE;
    type Command = Record<E>;
    type Event = E;
    type Error = FactError;
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
        self.last = Some(event);
    }
}

#[cfg(test)]
mod tests {
    use cqrs_es::test::TestFramework;
    use event_schemas::read_model::{ReadModelEvent, ReadModelQuarantined};
    use event_schemas::WorkspaceId;

    use super::*;

    fn set_aside(reason: &str) -> ReadModelEvent {
        ReadModelEvent::ReadModelQuarantined(ReadModelQuarantined {
            projector: "ledger".into(),
            workspace_id: WorkspaceId::from_uuid(uuid::Uuid::from_u128(7)),
            failed_position: 42,
            reason: reason.into(),
        })
    }

    #[test]
    fn a_fact_is_recorded() {
        TestFramework::<Facts<ReadModelEvent>>::with(())
            .given_no_previous_events()
            .when(Record(set_aside("bad date")))
            .then_expect_events(vec![set_aside("bad date")]);
    }

    #[test]
    fn a_fact_repeating_the_last_one_is_not_recorded_again() {
        TestFramework::<Facts<ReadModelEvent>>::with(())
            .given(vec![set_aside("bad date")])
            .when(Record(set_aside("bad date")))
            .then_expect_events(vec![]);
        TestFramework::<Facts<ReadModelEvent>>::with(())
            .given(vec![set_aside("bad date")])
            .when(Record(set_aside("bad amount")))
            .then_expect_events(vec![set_aside("bad amount")]);
    }
}
