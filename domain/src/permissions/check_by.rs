//! The feature check mode of spec §5 (`checkBy`): what a check consults.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::messages;

/// Which grants a check consults.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase", try_from = "String")]
pub enum CheckBy {
    /// Only the organization's plan.
    Plan,
    /// Only the member's role.
    Role,
    /// Plan and role; spec §5 makes this the default.
    #[default]
    Both,
}

impl CheckBy {
    /// The wire value ("plan", "role", "both").
    pub const fn as_str(self) -> &'static str {
        match self {
            CheckBy::Plan => "plan",
            CheckBy::Role => "role",
            CheckBy::Both => "both",
        }
    }

    /// Parses an optional `checkBy` parameter: absent means [`CheckBy::Both`]; present
    /// must be exactly 'plan', 'role' or 'both' (an empty string is present, so invalid).
    pub fn from_param(value: Option<&str>) -> Result<CheckBy, InvalidCheckBy> {
        value.map_or(Ok(CheckBy::default()), str::parse)
    }

    /// Whether the plan is consulted.
    pub const fn checks_plan(self) -> bool {
        matches!(self, CheckBy::Plan | CheckBy::Both)
    }

    /// Whether the role is consulted.
    pub const fn checks_role(self) -> bool {
        matches!(self, CheckBy::Role | CheckBy::Both)
    }
}

impl fmt::Display for CheckBy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A `checkBy` other than 'plan', 'role' or 'both'. Its message is the spec §5 text
/// verbatim; the rejected value is kept for logs, not shown.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", messages::INVALID_CHECK_BY)]
pub struct InvalidCheckBy {
    /// The value that was given.
    pub value: String,
}

impl FromStr for CheckBy {
    type Err = InvalidCheckBy;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "plan" => Ok(CheckBy::Plan),
            "role" => Ok(CheckBy::Role),
            "both" => Ok(CheckBy::Both),
            _ => Err(InvalidCheckBy {
                value: s.to_owned(),
            }),
        }
    }
}

impl TryFrom<String> for CheckBy {
    type Error = InvalidCheckBy;

    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}
