//! Plan limits (spec §9) and the two limit rules of spec §5.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::Plan;

/// A quantity a plan bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Resource {
    /// Workspaces the organization owns (a count).
    Workspaces,
    /// Collaborators invited into the organization (a count).
    Collaborators,
    /// Financial reports generated (a count).
    FinancialReports,
    /// Bytes of one upload. The spec lists it apart from document storage, so it bounds
    /// a single file: callers pass `current = 0` and `increment = file size`.
    FileUpload,
    /// Bytes of documents kept in the workspace: `current = bytes stored`,
    /// `increment = file size`.
    DocumentStorage,
}

impl Resource {
    /// Every resource, in the column order of the spec §9 table.
    pub const ALL: [Resource; 5] = [
        Resource::Workspaces,
        Resource::Collaborators,
        Resource::FinancialReports,
        Resource::FileUpload,
        Resource::DocumentStorage,
    ];

    /// The wire id ("workspaces", "file_upload", …).
    pub const fn id(self) -> &'static str {
        match self {
            Resource::Workspaces => "workspaces",
            Resource::Collaborators => "collaborators",
            Resource::FinancialReports => "financial_reports",
            Resource::FileUpload => "file_upload",
            Resource::DocumentStorage => "document_storage",
        }
    }

    /// The words that fill `{resource}` in "You have reached the limit for {resource}."
    pub const fn display_name(self) -> &'static str {
        match self {
            Resource::Workspaces => "workspaces",
            Resource::Collaborators => "collaborators",
            Resource::FinancialReports => "financial reports",
            Resource::FileUpload => "file uploads",
            Resource::DocumentStorage => "document storage",
        }
    }
}

impl fmt::Display for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.display_name())
    }
}

/// A string that is not a resource id.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown resource '{0}'")]
pub struct UnknownResource(pub String);

impl FromStr for Resource {
    type Err = UnknownResource;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Resource::ALL
            .into_iter()
            .find(|r| r.id() == s)
            .ok_or_else(|| UnknownResource(s.to_owned()))
    }
}

/// How much of a resource a plan allows. On the wire a number, or `null` for
/// unlimited — the same `null` the spec's "unset" limit is, since both always allow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "Option<u64>", into = "Option<u64>")]
pub enum Limit {
    /// At most this many (items, or bytes for the byte resources).
    Finite(u64),
    /// No bound: an unset or infinite limit.
    Unlimited,
}

impl Limit {
    /// Spec §5 "limit exceeded": the limit is exceeded unless `count` is below it.
    /// An unset or infinite limit is never exceeded.
    ///
    /// This answers "may one more be added?"; it equals `would_exceed(count, 1)`.
    pub const fn is_exceeded(self, count: u64) -> bool {
        match self {
            Limit::Finite(limit) => count >= limit,
            Limit::Unlimited => false,
        }
    }

    /// Spec §5 "adding would exceed": `count + added` is more than the limit.
    /// Allowed exactly when `count + added` is at most the limit. An unset or infinite
    /// limit never is. A sum past `u64::MAX` exceeds any finite limit.
    pub const fn would_exceed(self, count: u64, added: u64) -> bool {
        match self {
            Limit::Finite(limit) => match count.checked_add(added) {
                Some(total) => total > limit,
                None => true,
            },
            Limit::Unlimited => false,
        }
    }

    /// The opposite of [`Limit::would_exceed`]: `count + added` is within the limit.
    pub const fn allows(self, count: u64, added: u64) -> bool {
        !self.would_exceed(count, added)
    }

    /// The finite bound, `None` when unlimited.
    pub const fn value(self) -> Option<u64> {
        match self {
            Limit::Finite(limit) => Some(limit),
            Limit::Unlimited => None,
        }
    }
}

impl From<Option<u64>> for Limit {
    /// `None` is the spec's "unset" limit, which behaves as unlimited.
    fn from(limit: Option<u64>) -> Self {
        match limit {
            Some(limit) => Limit::Finite(limit),
            None => Limit::Unlimited,
        }
    }
}

impl From<Limit> for Option<u64> {
    fn from(limit: Limit) -> Self {
        limit.value()
    }
}

/// How much of a resource is in use and how much a request adds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Usage {
    /// What exists now (items, or bytes for the byte resources).
    pub current: u64,
    /// What the request would add.
    pub increment: u64,
}

impl Usage {
    /// `current` in use, the request adds `increment`.
    pub const fn new(current: u64, increment: u64) -> Usage {
        Usage { current, increment }
    }

    /// `current` in use, the request adds one (a workspace, a collaborator, a report):
    /// the increment spec §6 uses for invitations and workspace creation.
    pub const fn adding_one(current: u64) -> Usage {
        Usage::new(current, 1)
    }
}

/// One mebibyte. The spec writes "100 MB"; we read MB as 1024 × 1024 bytes because
/// it is the generous reading: Windows Explorer, where most users look at a file's size
/// before uploading it, counts in these units, so a file it shows as "100 MB" is never
/// refused. The UI must format these byte limits with the same base.
const MIB: u64 = 1024 * 1024;
/// One gibibyte, for the spec's "1 GB" (same reasoning as [`MIB`]).
const GIB: u64 = 1024 * MIB;

/// Spec §9 "Plan limits", one row per plan, columns in [`Resource::ALL`] order.
pub(super) const fn plan_limit(plan: Plan, resource: Resource) -> Limit {
    use Limit::{Finite, Unlimited};
    match (plan, resource) {
        (Plan::Basic, Resource::Workspaces) => Finite(1),
        (Plan::Basic, Resource::Collaborators) => Finite(0),
        (Plan::Basic, Resource::FinancialReports) => Finite(5),
        (Plan::Basic, Resource::FileUpload) => Finite(100 * MIB),
        (Plan::Basic, Resource::DocumentStorage) => Finite(50 * MIB),

        (Plan::Professional, Resource::Workspaces) => Finite(50),
        (Plan::Professional, Resource::Collaborators) => Finite(10),
        (Plan::Professional, Resource::FinancialReports) => Finite(50),
        (Plan::Professional, Resource::FileUpload) => Finite(GIB),
        (Plan::Professional, Resource::DocumentStorage) => Finite(500 * MIB),

        (Plan::Enterprise, _) => Unlimited,
    }
}
