//! Typed ids: one newtype per entity over a UUID, so an organization id can never be
//! passed where a workspace id is expected. On the wire each is a bare UUID string
//! (`#[serde(transparent)]`), so the JSON contract does not change if an id's Rust type
//! is renamed.

use std::fmt;
use std::str::FromStr;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

macro_rules! typed_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
            JsonSchema,
        )]
        #[serde(transparent)]
        pub struct $name(Uuid);

        impl $name {
            /// A fresh UUID v7. The client of a command generates it, so a retried
            /// command carries the same id and the id doubles as an idempotency key;
            /// v7's time prefix keeps ids roughly in creation order in indexes.
            pub fn new_v7() -> Self {
                Self(Uuid::now_v7())
            }

            pub const fn from_uuid(uuid: Uuid) -> Self {
                Self(uuid)
            }

            pub const fn as_uuid(&self) -> Uuid {
                self.0
            }
        }

        impl From<Uuid> for $name {
            fn from(uuid: Uuid) -> Self {
                Self(uuid)
            }
        }

        impl From<$name> for Uuid {
            fn from(id: $name) -> Self {
                id.0
            }
        }

        /// The hyphenated form, as in JSON, URLs and event metadata.
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl FromStr for $name {
            type Err = uuid::Error;

            fn from_str(s: &str) -> Result<Self, Self::Err> {
                Uuid::parse_str(s).map(Self)
            }
        }
    };
}

typed_id!(
    /// An organization: the tenant that owns workspaces and holds the subscription. It is
    /// also the id of the Organization aggregate's stream.
    OrganizationId
);
typed_id!(
    /// A workspace: one set of books (and audit sessions) inside an organization.
    WorkspaceId
);
typed_id!(
    /// A user account: the actor of commands and the holder of memberships.
    UserId
);
typed_id!(
    /// A membership: one user's role in one organization and the workspaces it covers.
    MembershipId
);
typed_id!(
    /// An invitation to join an organization, by e-mail or by link.
    InvitationId
);
typed_id!(
    /// A request to move a workspace from one organization to another.
    TransferId
);
typed_id!(
    /// A node of a workspace's account tree (chart of accounts). Unique across all
    /// workspaces, so read models may key postings by it alone.
    AccountId
);
typed_id!(
    /// A journal entry, draft or posted. It is also the id of its event stream.
    JournalEntryId
);
typed_id!(
    /// One CSV import of journal entries. It is also the id of its event stream.
    JournalImportId
);
typed_id!(
    /// An employee on a workspace's payroll. It is also the id of the employee's stream.
    EmployeeId
);
typed_id!(
    /// A pay run: one period's payslips, approved, posted and perhaps reversed. It is
    /// also the id of its event stream.
    PayRunId
);
typed_id!(
    /// A fixed asset on a workspace's register. It is also the id of its event stream.
    FixedAssetId
);
typed_id!(
    /// A workspace's depreciation run of one month: derived from the workspace and the
    /// month, so asking twice for a month names the same run. It is also the id of its
    /// event stream.
    DepreciationRunId
);
typed_id!(
    /// A debt (a loan payable or receivable) of a workspace. It is also the id of its
    /// event stream.
    DebtId
);
typed_id!(
    /// A document (a receipt, an invoice, a contract) kept in a workspace. It is also
    /// the id of its event stream.
    DocumentId
);
typed_id!(
    /// A member's conversation with the assistant in one workspace. It is also the id
    /// of its event stream.
    ConversationId
);
typed_id!(
    /// A notification to one user. It is also the id of its event stream; notifications
    /// raised by a rule get a name-based id (UUID v5 of the rule and its cause), so a rule
    /// that runs twice over the same event writes the same stream and the second append
    /// is refused instead of doubling the notification.
    NotificationId
);

typed_id!(
    /// An organization's wallet in one currency. It is also the id of its event stream;
    /// derived from the organization and the currency (UUID v8 of their hash), so an
    /// organization holds one wallet per currency and opening it twice meets the stream.
    WalletId
);
typed_id!(
    /// A card saved to a wallet (the provider's reusable token for it).
    CardId
);
typed_id!(
    /// One movement of a wallet's balance (a credit asked for, then settled, or a debit).
    WalletTransactionId
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_a_bare_uuid_string_on_the_wire() {
        let uuid = Uuid::now_v7();
        let id = WorkspaceId::from_uuid(uuid);

        let json = serde_json::to_value(id).expect("serialize");

        assert_eq!(json, serde_json::Value::String(uuid.to_string()));
        assert_eq!(
            serde_json::from_value::<WorkspaceId>(json).expect("deserialize"),
            id
        );
    }

    #[test]
    fn an_id_displays_and_parses_as_its_hyphenated_uuid() {
        let id = OrganizationId::new_v7();

        let parsed: OrganizationId = id.to_string().parse().expect("parse");

        assert_eq!(parsed, id);
        assert_eq!(id.to_string().len(), 36);
    }

    #[test]
    fn fresh_ids_are_version_7() {
        assert_eq!(UserId::new_v7().as_uuid().get_version_num(), 7);
    }
}
