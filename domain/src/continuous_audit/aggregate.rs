//! A workspace's monitoring as its events left it, and what configuring decides.

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use event_schemas::continuous_audit::{
    ContinuousAuditConfigured, ContinuousAuditEvent, AGGREGATE_TYPE,
};
use serde::{Deserialize, Serialize};

use super::commands::{Configure, ContinuousAuditCommand};
use super::errors::ContinuousAuditError;
use super::Settings;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ContinuousAudit {
    settings: Settings,
}

impl ContinuousAudit {
    /// The settings in force.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn decide(
        &self,
        command: ContinuousAuditCommand,
    ) -> Result<Vec<ContinuousAuditEvent>, ContinuousAuditError> {
        match command {
            ContinuousAuditCommand::Configure(c) => self.configure(c),
        }
    }

    /// The event that puts the settings in force, or none when they already are (a
    /// repeated `PUT` writes nothing).
    fn configure(
        &self,
        command: Configure,
    ) -> Result<Vec<ContinuousAuditEvent>, ContinuousAuditError> {
        let Configure {
            workspace_id,
            settings,
            by,
        } = command;
        match (settings.materiality, settings.performance_materiality) {
            (None, Some(_)) => return Err(ContinuousAuditError::PerformanceWithoutMateriality),
            (Some(materiality), Some(performance_materiality))
                if performance_materiality > materiality =>
            {
                return Err(ContinuousAuditError::PerformanceAboveMateriality {
                    materiality,
                    performance_materiality,
                })
            }
            _ => {}
        }
        if self.settings == settings {
            return Ok(Vec::new());
        }
        Ok(vec![ContinuousAuditEvent::ContinuousAuditConfigured(
            ContinuousAuditConfigured {
                workspace_id,
                enabled: settings.enabled,
                notify_from: settings.notify_from,
                materiality: settings.materiality,
                performance_materiality: settings.performance_materiality,
                approval_thresholds: settings.approval_thresholds,
                utc_offset_seconds: settings.utc_offset_seconds,
                time_zone: settings.time_zone,
                params: settings.params,
                configured_by: by,
            },
        )])
    }
}

impl crate::decider::Decider for ContinuousAudit {
    fn decide(&self, command: Self::Command) -> Result<Vec<Self::Event>, Self::Error> {
        ContinuousAudit::decide(self, command)
    }
}

impl Aggregate for ContinuousAudit {
    const TYPE: &'static str = AGGREGATE_TYPE;
    type Command = ContinuousAuditCommand;
    type Event = ContinuousAuditEvent;
    type Error = ContinuousAuditError;
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
            ContinuousAuditEvent::ContinuousAuditConfigured(e) => {
                self.settings = Settings::of(&e);
            }
        }
    }
}
