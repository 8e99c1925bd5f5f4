//! Unit tests of the internals the public tests cannot see. The behaviour of the model
//! is tested from outside, in `domain/tests/permissions_*.rs`.

use super::*;

#[test]
fn a_set_built_from_all_permissions_holds_each_of_them_once() {
    assert_eq!(PermissionSet::ALL.len(), Permission::ALL.len());
    assert!(Permission::ALL
        .into_iter()
        .all(|p| PermissionSet::ALL.contains(p)));
}

#[test]
fn a_set_iterates_in_spec_order_whatever_order_it_was_built_in() {
    let set = PermissionSet::of(&[Permission::ActivityLogs, Permission::Read]);
    assert_eq!(
        set.iter().collect::<Vec<_>>(),
        vec![Permission::Read, Permission::ActivityLogs]
    );
}

#[test]
fn difference_removes_only_the_named_permissions() {
    let set = PermissionSet::ALL.difference(PermissionSet::of(&[Permission::Read]));
    assert!(!set.contains(Permission::Read));
    assert_eq!(set.len(), Permission::ALL.len() - 1);
}

#[test]
fn a_set_collected_from_an_iterator_equals_the_set_built_from_a_slice() {
    let list = [Permission::Write, Permission::PayrollRead];
    assert_eq!(
        list.into_iter().collect::<PermissionSet>(),
        PermissionSet::of(&list)
    );
}
