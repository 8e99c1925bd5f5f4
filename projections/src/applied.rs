//! Where each projector of this process stands, published as each batch commits, so a
//! write that must be readable before it answers (read-your-writes) waits on a channel
//! instead of polling the checkpoint table, and in-process caches of read models learn
//! when what they hold changed.
//!
//! A projector that does not run in this process (an API node with projectors elsewhere)
//! is not `local` here: its readers fall back to reading its checkpoint.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use store::Cursor;
use tokio::sync::watch;

/// One projector's progress.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Progress {
    /// The cursor past the last event it applied.
    pub cursor: Cursor,
    /// Bumped by every batch holding an event the projector says its read model changes
    /// for ([`crate::Projector::concerns`]).
    pub changes: u64,
}

#[derive(Default)]
struct Channel {
    /// Shared so a projector publishes outside the lock of the map: a send waits for the
    /// channel's readers to let go of their borrow, and none may wait on that lock then.
    sender: Option<Arc<watch::Sender<Progress>>>,
    local: bool,
}

/// The progress of every projector of this process, by name.
#[derive(Clone, Default)]
pub struct Applied {
    channels: Arc<Mutex<HashMap<String, Channel>>>,
}

impl Applied {
    fn with_channel<T>(&self, name: &str, f: impl FnOnce(&mut Channel) -> T) -> T {
        let mut channels = self
            .channels
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let channel = channels.entry(name.to_owned()).or_default();
        if channel.sender.is_none() {
            channel.sender = Some(Arc::new(watch::channel(Progress::default()).0));
        }
        f(channel)
    }

    /// Follows projector `name`.
    pub fn subscribe(&self, name: &str) -> watch::Receiver<Progress> {
        self.with_channel(name, |c| {
            c.sender
                .as_ref()
                .map(|sender| sender.subscribe())
                .unwrap_or_else(|| watch::channel(Progress::default()).1)
        })
    }

    /// Whether projector `name` runs in this process (its progress is published here).
    pub fn is_local(&self, name: &str) -> bool {
        self.with_channel(name, |c| c.local)
    }

    pub(crate) fn mark_local(&self, name: &str) {
        self.with_channel(name, |c| c.local = true);
    }

    /// Projector `name` stands at `cursor`; `changed` when the batch concerned it.
    pub(crate) fn advance(&self, name: &str, cursor: Cursor, changed: bool) {
        let Some(sender) = self.with_channel(name, |c| c.sender.clone()) else {
            return;
        };
        sender.send_if_modified(|progress| {
            let moved = cursor > progress.cursor;
            if moved {
                progress.cursor = cursor;
            }
            if changed {
                progress.changes += 1;
            }
            moved || changed
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_projector_publishing_never_blocks_a_reader_holding_another_borrow() {
        let applied = Applied::default();
        let first = applied.subscribe("organizations");
        let held = first.borrow();
        let publisher = {
            let applied = applied.clone();
            std::thread::spawn(move || applied.advance("organizations", at(1), true))
        };
        // The publisher waits for `held` to be let go; this reader, still holding it,
        // follows another projector (as the access policy reads two in a row).
        std::thread::sleep(std::time::Duration::from_millis(100));
        let (done, answered) = std::sync::mpsc::channel();
        {
            let applied = applied.clone();
            std::thread::spawn(move || {
                let _ = applied.subscribe("subscriptions");
                let _ = done.send(());
            });
        }
        let subscribed = answered.recv_timeout(std::time::Duration::from_secs(5));
        drop(held);
        publisher.join().expect("publisher");

        assert!(subscribed.is_ok(), "the reader waited on the publisher");
        assert_eq!(first.borrow().cursor, at(1));
    }

    fn at(position: i64) -> Cursor {
        Cursor { tx: 0, position }
    }

    #[test]
    fn a_subscriber_sees_the_cursor_move_and_changes_counted() {
        let applied = Applied::default();
        let receiver = applied.subscribe("ledger");

        applied.advance("ledger", at(5), false);
        applied.advance("ledger", at(7), true);
        applied.advance("ledger", at(6), false);

        assert_eq!(
            *receiver.borrow(),
            Progress {
                cursor: at(7),
                changes: 1
            }
        );
    }

    #[test]
    fn only_a_projector_run_here_is_local() {
        let applied = Applied::default();
        applied.mark_local("ledger");

        assert!(applied.is_local("ledger"));
        assert!(!applied.is_local("accounts"));
    }
}
