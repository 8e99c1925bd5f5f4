//! A set of permissions as a `u64` bitset.
//!
//! The role and plan tables are built in `const` context from the spec's own phrasing
//! ("all except …", "Basic plus …"), so the tables read like the spec and cost nothing
//! at run time.

use super::Permission;

/// A set of [`Permission`]s; bit `i` is `Permission::ALL[i]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PermissionSet(u64);

impl PermissionSet {
    /// No permission at all.
    pub const EMPTY: PermissionSet = PermissionSet(0);

    /// Every permission of spec §6.
    pub const ALL: PermissionSet = PermissionSet::of(&Permission::ALL);

    /// The set holding exactly `permissions` (duplicates are harmless).
    pub const fn of(permissions: &[Permission]) -> PermissionSet {
        let mut bits = 0u64;
        let mut i = 0;
        while i < permissions.len() {
            bits |= 1u64 << permissions[i].index();
            i += 1;
        }
        PermissionSet(bits)
    }

    /// Permissions in either set ("Basic plus …").
    pub const fn union(self, other: PermissionSet) -> PermissionSet {
        PermissionSet(self.0 | other.0)
    }

    /// Permissions in `self` but not in `other` ("all … except …").
    pub const fn difference(self, other: PermissionSet) -> PermissionSet {
        PermissionSet(self.0 & !other.0)
    }

    /// Whether `permission` is in the set.
    pub const fn contains(self, permission: Permission) -> bool {
        self.0 & (1u64 << permission.index()) != 0
    }

    /// Number of permissions in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds no permission.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The permissions in the set, in spec order.
    pub fn iter(self) -> impl Iterator<Item = Permission> {
        Permission::ALL
            .into_iter()
            .filter(move |p| self.contains(*p))
    }
}

impl FromIterator<Permission> for PermissionSet {
    fn from_iter<I: IntoIterator<Item = Permission>>(iter: I) -> Self {
        iter.into_iter().fold(PermissionSet::EMPTY, |set, p| {
            set.union(PermissionSet::of(&[p]))
        })
    }
}
