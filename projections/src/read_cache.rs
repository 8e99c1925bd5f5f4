//! Answers read from read models, kept in memory while nothing they were read from can
//! have changed: every request of a workspace asks who owns it, what the caller may do
//! there and what its chart of accounts is, and each was a statement per request.
//!
//! An answer is good while none of the projectors its read models are written by has
//! applied an event that concerns them since it was read (their change counters in
//! [`Applied`]), and for at most a time to live. Where those projectors run in another
//! process this one does not see their changes, so a shorter time applies there (or none:
//! the answer is not kept).

use std::collections::HashMap;
use std::future::Future;
use std::hash::Hash;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::Applied;

/// Answers kept; past it the cache starts over.
const KEPT_MAX: usize = 100_000;

/// When an answer stops being good.
#[derive(Debug, Clone, Copy)]
pub struct Freshness {
    /// The projectors writing the read models the answer is read from.
    pub projectors: &'static [&'static str],
    /// How long an answer holds when they all run in this process (`None`: until one of
    /// them applies a change).
    pub local: Option<Duration>,
    /// How long it holds when one of them runs elsewhere (`None`: it is not kept).
    pub remote: Option<Duration>,
}

/// The projectors' change counters when an answer was read, and until when it holds.
struct Stamp {
    changes: Vec<u64>,
    until: Option<Instant>,
}

impl Freshness {
    /// Taken before the read, so an answer read while a projector applied a change is
    /// older than the counters it is kept with, never newer: it is read again next time.
    fn stamp(&self, applied: &Applied) -> Option<Stamp> {
        // One statement per projector: a borrow lives to the end of its statement, and
        // holding one while `subscribe` waits for `Applied`'s lock deadlocks with a
        // projector that holds that lock while it publishes to the first.
        let changes = self
            .projectors
            .iter()
            .map(|name| applied.subscribe(name).borrow().changes)
            .collect();
        let local = self.projectors.iter().all(|name| applied.is_local(name));
        let ttl = if local {
            self.local
        } else {
            Some(self.remote?)
        };
        Some(Stamp {
            changes,
            until: ttl.map(|ttl| Instant::now() + ttl),
        })
    }
}

struct Kept<V> {
    value: V,
    stamp: Stamp,
}

/// Answers by key, each good by one [`Freshness`] rule.
pub struct ReadCache<K, V> {
    rule: Freshness,
    kept: Mutex<HashMap<K, Kept<V>>>,
}

impl<K: Hash + Eq, V: Clone> ReadCache<K, V> {
    pub fn new(rule: Freshness) -> Self {
        Self {
            rule,
            kept: Mutex::new(HashMap::new()),
        }
    }

    /// The answer for `key`: the one kept while still good, else `read`'s. Only a found
    /// answer (`Some`) is kept: what is missing is read afresh each time, so what the read
    /// model gains a moment later counts at once.
    pub async fn get_or_read<E, F>(
        &self,
        applied: &Applied,
        key: K,
        read: F,
    ) -> Result<Option<V>, E>
    where
        F: Future<Output = Result<Option<V>, E>>,
    {
        let stamp = self.rule.stamp(applied);
        if let Some(stamp) = &stamp {
            if let Some(value) = self.good(&key, stamp) {
                return Ok(Some(value));
            }
        }
        let value = read.await?;
        if let (Some(value), Some(stamp)) = (&value, stamp) {
            self.keep(key, value.clone(), stamp);
        }
        Ok(value)
    }

    fn good(&self, key: &K, now: &Stamp) -> Option<V> {
        let kept = self.kept.lock().unwrap_or_else(|p| p.into_inner());
        kept.get(key)
            .filter(|k| {
                k.stamp.changes == now.changes
                    && k.stamp.until.is_none_or(|until| until > Instant::now())
            })
            .map(|k| k.value.clone())
    }

    fn keep(&self, key: K, value: V, stamp: Stamp) {
        let mut kept = self.kept.lock().unwrap_or_else(|p| p.into_inner());
        if kept.len() >= KEPT_MAX {
            kept.clear();
        }
        kept.insert(key, Kept { value, stamp });
    }
}

#[cfg(test)]
mod tests {
    use std::convert::Infallible;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use store::Cursor;

    use super::*;

    const RULE: Freshness = Freshness {
        projectors: &["organizations"],
        local: None,
        remote: Some(Duration::from_millis(50)),
    };

    /// Reads `value` through the cache, counting the reads that reached the "read model".
    async fn read(
        cache: &ReadCache<&'static str, u32>,
        applied: &Applied,
        reads: &AtomicUsize,
        value: Option<u32>,
    ) -> Option<u32> {
        let answer = cache.get_or_read(applied, "workspace", async {
            reads.fetch_add(1, Ordering::SeqCst);
            Ok::<_, Infallible>(value)
        });
        answer.await.unwrap_or_else(|never| match never {})
    }

    fn local() -> Applied {
        let applied = Applied::default();
        applied.mark_local("organizations");
        applied
    }

    fn at(position: i64) -> Cursor {
        Cursor { tx: 0, position }
    }

    #[tokio::test]
    async fn an_answer_is_read_once_while_its_projector_applies_nothing() {
        let (cache, applied, reads) = (ReadCache::new(RULE), local(), AtomicUsize::new(0));
        assert_eq!(read(&cache, &applied, &reads, Some(1)).await, Some(1));
        assert_eq!(read(&cache, &applied, &reads, Some(2)).await, Some(1));
        applied.advance("organizations", at(1), false);
        assert_eq!(read(&cache, &applied, &reads, Some(2)).await, Some(1));
        assert_eq!(reads.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn an_answer_is_read_again_after_its_projector_applies_a_change() {
        let (cache, applied, reads) = (ReadCache::new(RULE), local(), AtomicUsize::new(0));
        read(&cache, &applied, &reads, Some(1)).await;
        applied.advance("organizations", at(1), true);
        assert_eq!(read(&cache, &applied, &reads, Some(2)).await, Some(2));
        assert_eq!(reads.load(Ordering::SeqCst), 2);
    }

    #[tokio::test]
    async fn a_missing_answer_is_read_afresh_each_time() {
        let (cache, applied, reads) = (ReadCache::new(RULE), local(), AtomicUsize::new(0));
        assert_eq!(read(&cache, &applied, &reads, None).await, None);
        assert_eq!(read(&cache, &applied, &reads, Some(3)).await, Some(3));
        assert_eq!(reads.load(Ordering::SeqCst), 2);
    }

    #[tokio::test]
    async fn where_the_projector_runs_elsewhere_an_answer_holds_for_the_remote_time() {
        let (cache, applied, reads) = (
            ReadCache::new(RULE),
            Applied::default(),
            AtomicUsize::new(0),
        );
        read(&cache, &applied, &reads, Some(1)).await;
        assert_eq!(read(&cache, &applied, &reads, Some(2)).await, Some(1));
        tokio::time::sleep(Duration::from_millis(60)).await;
        assert_eq!(read(&cache, &applied, &reads, Some(2)).await, Some(2));
        assert_eq!(reads.load(Ordering::SeqCst), 2);
    }

    #[tokio::test]
    async fn without_a_remote_time_nothing_is_kept_where_the_projector_runs_elsewhere() {
        let rule = Freshness {
            remote: None,
            ..RULE
        };
        let (cache, applied, reads) = (
            ReadCache::new(rule),
            Applied::default(),
            AtomicUsize::new(0),
        );
        read(&cache, &applied, &reads, Some(1)).await;
        assert_eq!(read(&cache, &applied, &reads, Some(2)).await, Some(2));
        assert_eq!(reads.load(Ordering::SeqCst), 2);
    }

    #[tokio::test]
    async fn a_local_time_to_live_ends_an_answer_even_without_changes() {
        let rule = Freshness {
            local: Some(Duration::from_millis(50)),
            ..RULE
        };
        let (cache, applied, reads) = (ReadCache::new(rule), local(), AtomicUsize::new(0));
        read(&cache, &applied, &reads, Some(1)).await;
        tokio::time::sleep(Duration::from_millis(60)).await;
        assert_eq!(read(&cache, &applied, &reads, Some(2)).await, Some(2));
    }
}
