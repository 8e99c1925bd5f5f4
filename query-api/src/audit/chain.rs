//! The one replay of a workspace's hash chain the audit reads share: the session report
//! (up to its pinned cut-off) and time travel (up to a knowledge time). Read models hold
//! only the present; the chain holds every moment, so what the books were at any point
//! is a replay of it.

use api_core::ApiError;
use cqrs_es::Aggregate;
use domain::account_tree::AccountTree;
use event_schemas::account_tree::AccountTreeEvent;
use event_schemas::journal_entry::{JournalEntryEvent, JournalEntryPosted};
use store::{EventStore, RecordedEvent};

/// Chain events read per page.
const PAGE: i64 = 5_000;

/// Every event of `workspace`'s chain with `chain_seq` up to `last`, in chain order.
pub(crate) async fn chain_until(
    store: &EventStore,
    workspace: &str,
    last: i64,
) -> Result<Vec<RecordedEvent>, ApiError> {
    let mut events = Vec::new();
    let mut after = 0;
    while after < last {
        let page = store
            .log()
            .read_chain(workspace, after, PAGE.min(last - after))
            .await
            .map_err(ApiError::internal)?;
        let Some(tail) = page.last() else { break };
        after = tail.chain_seq;
        events.extend(page);
    }
    events.retain(|e| e.chain_seq <= last);
    Ok(events)
}

/// The whole chain of `workspace` as it stands now.
pub(crate) async fn whole_chain(
    store: &EventStore,
    workspace: &str,
) -> Result<Vec<RecordedEvent>, ApiError> {
    chain_until(store, workspace, i64::MAX).await
}

/// Replays `events` (chain order): folds the account tree as it stood after them and
/// hands every posted entry, decoded, to `on_posted` with the event that recorded it.
/// Drafts, reversal marks and other events pass by (a reversal is an entry of its own,
/// posted with `reverses` set, so the postings alone make the balances).
pub(crate) fn replay<'a>(
    events: impl IntoIterator<Item = &'a RecordedEvent>,
    mut on_posted: impl FnMut(JournalEntryPosted, &'a RecordedEvent),
) -> Result<AccountTree, ApiError> {
    let mut tree = AccountTree::default();
    let tree_upcasters = event_schemas::account_tree::upcasters();
    let entry_upcasters = event_schemas::journal_entry::upcasters();
    for event in events {
        match event.aggregate_type.as_str() {
            event_schemas::account_tree::AGGREGATE_TYPE => {
                let decoded: AccountTreeEvent = projections::decode::decode(event, &tree_upcasters)
                    .map_err(ApiError::internal)?;
                tree.apply(decoded);
            }
            event_schemas::journal_entry::AGGREGATE_TYPE
                if event.event_type == "JournalEntryPosted" =>
            {
                if let JournalEntryEvent::JournalEntryPosted(posted) =
                    projections::decode::decode(event, &entry_upcasters)
                        .map_err(ApiError::internal)?
                {
                    on_posted(posted, event);
                }
            }
            _ => {}
        }
    }
    Ok(tree)
}
