//! Values kept in memory beside a database, one per type, shared by every clone of its
//! [`crate::Db`]: what a reader derives from the read models and keeps current itself (a
//! workspace's balances by day, say) is kept per database, so two databases in one
//! process (tests, a migration) never answer from each other's.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};

#[derive(Clone, Default)]
pub struct Kept(Arc<Mutex<HashMap<TypeId, Arc<dyn Any + Send + Sync>>>>);

impl Kept {
    /// The `T` kept here, made with its default the first time it is asked for.
    pub fn get<T: Default + Send + Sync + 'static>(&self) -> Arc<T> {
        let mut kept = self.0.lock().unwrap_or_else(|p| p.into_inner());
        let value = kept
            .entry(TypeId::of::<T>())
            .or_insert_with(|| Arc::new(T::default()))
            .clone();
        // Keyed by the value's own type, so the downcast cannot miss.
        value
            .downcast::<T>()
            .unwrap_or_else(|_| unreachable!("kept by its own type id"))
    }
}

impl fmt::Debug for Kept {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kept = self.0.lock().map(|k| k.len()).unwrap_or_default();
        write!(f, "Kept({kept} values)")
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    #[derive(Default)]
    struct Counter(AtomicUsize);

    #[test]
    fn clones_share_one_value_per_type() {
        let kept = Kept::default();
        kept.get::<Counter>().0.fetch_add(1, Ordering::SeqCst);
        assert_eq!(kept.clone().get::<Counter>().0.load(Ordering::SeqCst), 1);
    }

    #[test]
    fn another_database_keeps_its_own() {
        Kept::default()
            .get::<Counter>()
            .0
            .fetch_add(1, Ordering::SeqCst);
        assert_eq!(Kept::default().get::<Counter>().0.load(Ordering::SeqCst), 0);
    }
}
