//! Possible duplicates: entries with the same total, the same accounts on the same
//! sides and the same memo, effective within a few days of each other — the shape of an
//! invoice keyed twice.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};

use event_schemas::AccountId;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::finding::{RawFinding, TestKind};
use crate::population::{Population, Side};

/// Parameters of the duplicate test.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct DuplicateParams {
    /// Entries whose effective dates are at most this many days apart are compared
    /// (a chain of such entries forms one group). Default 3: a re-keyed invoice usually
    /// follows within the same working week; monthly recurring entries stay apart.
    pub window_days: u32,
    /// Whether the memo must match too (compared case- and spacing-insensitively).
    /// Default true: without it, every recurring payment of the same amount matches.
    pub compare_memo: bool,
}

impl Default for DuplicateParams {
    fn default() -> Self {
        Self {
            window_days: 3,
            compare_memo: true,
        }
    }
}

/// What two entries must share to be duplicates.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct DuplicateKey {
    total: Decimal,
    /// The (account, side) of every line, sorted: the same lines in any order.
    accounts: Vec<(AccountId, Side)>,
    memo: String,
}

pub(crate) fn run(population: &Population, params: &DuplicateParams) -> Vec<RawFinding> {
    // Two passes keep the common case cheap: a 64-bit fingerprint of every entry's key
    // (no allocation per entry), sorted so equal fingerprints are adjacent; full keys are
    // built only for entries that share a fingerprint, which also rules out collisions.
    let mut fingerprints: Vec<(u64, usize)> = (0..population.len())
        .map(|index| (fingerprint(population, index, params), index))
        .collect();
    fingerprints.sort_unstable();
    let mut groups: HashMap<DuplicateKey, Vec<usize>> = HashMap::new();
    for same in fingerprints.chunk_by(|a, b| a.0 == b.0) {
        if same.len() < 2 {
            continue;
        }
        for (_, index) in same {
            groups
                .entry(key(population, *index, params))
                .or_default()
                .push(*index);
        }
    }

    let mut findings = Vec::new();
    for (key, mut members) in groups {
        if members.len() < 2 {
            continue;
        }
        members.sort_by_key(|index| (population.entry(*index).effective_date, *index));
        let mut cluster = vec![members[0]];
        for pair in members.windows(2) {
            let gap = (population.entry(pair[1]).effective_date
                - population.entry(pair[0]).effective_date)
                .num_days();
            if gap <= i64::from(params.window_days) {
                cluster.push(pair[1]);
            } else {
                push_cluster(
                    &mut findings,
                    population,
                    &key,
                    std::mem::replace(&mut cluster, vec![pair[1]]),
                );
            }
        }
        push_cluster(&mut findings, population, &key, cluster);
    }
    findings
}

/// Most entry numbers spelt out in one finding's reason; the finding links them all.
const NUMBERS_LISTED_MAX: usize = 10;

fn push_cluster(
    findings: &mut Vec<RawFinding>,
    population: &Population,
    key: &DuplicateKey,
    cluster: Vec<usize>,
) {
    if cluster.len() < 2 {
        return;
    }
    let mut numbers: Vec<&str> = cluster
        .iter()
        .take(NUMBERS_LISTED_MAX)
        .map(|index| population.entry(*index).number.as_str())
        .collect();
    if cluster.len() > NUMBERS_LISTED_MAX {
        numbers.push("…");
    }
    let first = population.entry(cluster[0]).effective_date;
    let last = population.entry(cluster[cluster.len() - 1]).effective_date;
    findings.push(RawFinding::new(
        TestKind::Duplicate,
        cluster.clone(),
        format!(
            "{} entries ({}) with total {}, the same accounts and memo, effective {first} to {last}",
            cluster.len(),
            numbers.join(", "),
            key.total
        ),
    ));
}

fn key(population: &Population, index: usize, params: &DuplicateParams) -> DuplicateKey {
    let entry = population.entry(index);
    let mut accounts: Vec<(AccountId, Side)> = entry
        .lines
        .iter()
        .map(|line| (line.account_id, line.side()))
        .collect();
    accounts.sort_unstable();
    DuplicateKey {
        // normalize(): 100 and 100.00 are the same amount.
        total: population.total(index).normalize(),
        accounts,
        memo: if params.compare_memo {
            normalize_memo(&entry.memo)
        } else {
            String::new()
        },
    }
}

/// FNV-1a (64-bit): a fingerprint needs speed on short inputs, not resistance to chosen
/// collisions (every candidate group is confirmed on its full key), and it is the same
/// on every run and machine.
struct Fnv1a(u64);

impl Fnv1a {
    fn new() -> Self {
        Self(0xCBF2_9CE4_8422_2325)
    }
}

impl Hasher for Fnv1a {
    fn write(&mut self, bytes: &[u8]) {
        for byte in bytes {
            self.0 = (self.0 ^ u64::from(*byte)).wrapping_mul(0x0100_0000_01B3);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// A hash of what [`key`] compares, order-independent over the lines.
fn fingerprint(population: &Population, index: usize, params: &DuplicateParams) -> u64 {
    let entry = population.entry(index);
    let mut hasher = Fnv1a::new();
    population.total(index).normalize().hash(&mut hasher);
    // Summing per-line hashes makes the result independent of line order, as the
    // sorted accounts of the full key are.
    let lines = entry.lines.iter().fold(0u64, |sum, line| {
        let mut line_hasher = Fnv1a::new();
        (line.account_id, line.side()).hash(&mut line_hasher);
        sum.wrapping_add(line_hasher.finish())
    });
    lines.hash(&mut hasher);
    if params.compare_memo {
        for word in entry.memo.split_whitespace() {
            for c in word.chars().flat_map(char::to_lowercase) {
                c.hash(&mut hasher);
            }
            ' '.hash(&mut hasher);
        }
    }
    hasher.finish()
}

/// Lower case, single spaces, no surrounding space: "Rent  March" = "rent march".
pub fn normalize_memo(memo: &str) -> String {
    memo.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{account, date, entry, population, EntryExt};

    #[test]
    fn the_same_entry_three_days_apart_is_a_duplicate() {
        let entries = vec![
            entry(1).effective(date(2026, 2, 10)),
            entry(2)
                .effective(date(2026, 2, 13))
                .memo("office SUPPLIES for the  Lagos branch"),
        ];

        let findings = run(&population(entries), &DuplicateParams::default());

        assert_eq!(findings.len(), 1);
        assert_eq!(findings[0].test, TestKind::Duplicate);
        assert_eq!(findings[0].entries, vec![0, 1]);
    }

    #[test]
    fn the_same_entry_four_days_apart_is_not_a_duplicate() {
        let entries = vec![
            entry(1).effective(date(2026, 2, 10)),
            entry(2).effective(date(2026, 2, 14)),
        ];

        assert!(run(&population(entries), &DuplicateParams::default()).is_empty());
    }

    #[test]
    fn a_different_amount_account_or_memo_is_not_a_duplicate() {
        let entries = vec![
            entry(1),
            entry(2).amount("123.46"),
            entry(3).between(account(3), account(2)),
            entry(4).memo("Stationery"),
        ];

        assert!(run(&population(entries), &DuplicateParams::default()).is_empty());
    }

    #[test]
    fn a_reversal_is_not_a_duplicate_of_its_original() {
        let entries = vec![entry(1), entry(2).between(account(2), account(1))];

        assert!(run(&population(entries), &DuplicateParams::default()).is_empty());
    }

    #[test]
    fn the_order_of_the_lines_does_not_matter() {
        let mut swapped = entry(2);
        swapped.lines.reverse();

        let findings = run(
            &population(vec![entry(1), swapped]),
            &DuplicateParams::default(),
        );

        assert_eq!(findings.len(), 1);
    }

    #[test]
    fn a_chain_of_close_entries_is_one_group() {
        let entries = vec![
            entry(1).effective(date(2026, 2, 1)),
            entry(2).effective(date(2026, 2, 3)),
            entry(3).effective(date(2026, 2, 6)),
            entry(4).effective(date(2026, 2, 20)),
        ];

        let findings = run(&population(entries), &DuplicateParams::default());

        assert_eq!(findings.len(), 1);
        assert_eq!(findings[0].entries, vec![0, 1, 2]);
    }
}
