//! Payroll's events, in three aggregates:
//!
//! - [`employee`] — one stream per employee: hired, updated, terminated.
//! - [`settings`] — one stream per workspace (`Payroll`): the accounts a pay run posts
//!   to, whether the employer pays ITF, and which run holds each pay period (so a second
//!   run for a period is refused in the same append that would draft it).
//! - [`pay_run`] — one stream per pay run: drafted with every payslip, approved, posted
//!   (in the same append as its journal entry), reversed.
//!
//! Amounts are decimal strings at two places, monthly on payslips and annual on an
//! employee's pay.

pub mod employee;
pub mod pay_run;
pub mod settings;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Which body of law a payslip was computed under; chosen by the pay date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub enum RuleSet {
    /// Personal Income Tax Act (Cap P8 LFN 2004) as amended by PITAM 2011 and the Finance
    /// Act 2020: pay dates from 2021-01-01 to 2025-12-31.
    #[serde(rename = "PITA")]
    Pita,
    /// Nigeria Tax Act 2025: pay dates from 2026-01-01.
    #[serde(rename = "NTA2025")]
    Nta2025,
}

impl RuleSet {
    /// The name payslips carry (`PITA`, `NTA2025`).
    pub fn code(self) -> &'static str {
        match self {
            Self::Pita => "PITA",
            Self::Nta2025 => "NTA2025",
        }
    }
}

/// Implements `DomainEvent` for an event enum whose every variant wraps one payload.
macro_rules! payroll_events {
    ($enum:ident { $($variant:ident),+ $(,)? }) => {
        impl $enum {
            fn names(&self) -> (&'static str, &'static str) {
                fn of<T: $crate::contract::EventPayload>(_: &T) -> (&'static str, &'static str) {
                    (T::EVENT_TYPE, T::EVENT_VERSION)
                }
                match self {
                    $(Self::$variant(e) => of(e),)+
                }
            }
        }

        impl cqrs_es::DomainEvent for $enum {
            fn event_type(&self) -> String {
                self.names().0.to_owned()
            }

            fn event_version(&self) -> String {
                self.names().1.to_owned()
            }
        }

        $(impl $crate::contract::EventPayload for $variant {
            const EVENT_TYPE: &'static str = stringify!($variant);
            const EVENT_VERSION: &'static str = "1.0";
        })+

        /// Every version of every event of this aggregate ever written. Never remove a line.
        pub fn event_versions() -> Vec<$crate::contract::EventVersion> {
            vec![$($crate::contract::EventVersion::current::<$variant>(),)+]
        }

        pub fn upcasters() -> Vec<Box<dyn cqrs_es::persist::EventUpcaster>> {
            Vec::new()
        }
    };
}

/// The contract of an aggregate declared with [`payroll_events`].
macro_rules! payroll_contract {
    ($name:literal, $enum:ident) => {
        pub fn contract() -> $crate::contract::AggregateContract {
            $crate::contract::AggregateContract {
                name: $name,
                aggregate_type: AGGREGATE_TYPE,
                versions: event_versions,
                upcasters,
                decode: $crate::contract::decode_as::<$enum>,
                enum_schema: || {
                    schemars::generate::SchemaSettings::draft2020_12()
                        .for_serialize()
                        .into_generator()
                        .into_root_schema_for::<$enum>()
                },
            }
        }
    };
}

pub(crate) use {payroll_contract, payroll_events};
