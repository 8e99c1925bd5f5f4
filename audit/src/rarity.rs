//! Unusual flows: debit/credit account pairs that rarely occur together, and accounts
//! the population seldom uses. Rare combinations are where misclassification and
//! fraud hide — a debit to fixed assets credited straight from revenue, say.

use std::collections::HashMap;

use event_schemas::AccountId;
use serde::{Deserialize, Serialize};

use crate::finding::{RawFinding, TestKind};
use crate::population::{Population, Side};

/// Parameters of the rarity tests.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct RarityParams {
    /// A (debit account, credit account) pair found in at most this many entries is
    /// rare. Default 2: a flow seen once or twice in a period has no routine behind it.
    pub pair_entries_max: usize,
    /// An account posted to by at most this many entries is seldom used. Default 3.
    pub account_entries_max: usize,
    /// The tests run only on populations of at least this many entries. Default 200:
    /// in a small population every pair is rare and the finding says nothing.
    pub population_entries_min: usize,
    /// Entries with more lines than this are left out of the pair test. Default 50: an
    /// entry's pairs grow as debits × credits (a 1,000-line payroll entry would give
    /// 250,000 "pairs" that describe no real flow).
    pub pair_lines_max: usize,
}

impl Default for RarityParams {
    fn default() -> Self {
        Self {
            pair_entries_max: 2,
            account_entries_max: 3,
            population_entries_min: 200,
            pair_lines_max: 50,
        }
    }
}

#[cfg(test)]
pub(crate) fn run(population: &Population, params: &RarityParams) -> Vec<RawFinding> {
    let mut findings = rare_pairs(population, params);
    findings.extend(seldom_used_accounts(population, params));
    findings
}

pub(crate) fn rare_pairs(population: &Population, params: &RarityParams) -> Vec<RawFinding> {
    if population.len() < params.population_entries_min {
        return Vec::new();
    }
    let mut entries_by_pair: HashMap<(AccountId, AccountId), Vec<usize>> = HashMap::new();
    for (index, entry) in population.entries().iter().enumerate() {
        if entry.lines.len() > params.pair_lines_max {
            continue;
        }
        // Distinct accounts per side, sorted: entries are small, a Vec beats a set.
        let accounts_on = |side: Side| -> Vec<AccountId> {
            let mut accounts: Vec<AccountId> = entry
                .lines
                .iter()
                .filter(|line| line.side() == side)
                .map(|line| line.account_id)
                .collect();
            accounts.sort_unstable();
            accounts.dedup();
            accounts
        };
        let credits = accounts_on(Side::Credit);
        for debit in accounts_on(Side::Debit) {
            for credit in &credits {
                if debit != *credit {
                    entries_by_pair
                        .entry((debit, *credit))
                        .or_default()
                        .push(index);
                }
            }
        }
    }
    entries_by_pair
        .into_iter()
        .filter(|(_, entries)| entries.len() <= params.pair_entries_max)
        .map(|((debit, credit), entries)| {
            let reason = format!(
                "debit {debit} / credit {credit} occurs in {} of {} entries",
                entries.len(),
                population.len()
            );
            RawFinding::new(TestKind::RareAccountPair, entries, reason)
        })
        .collect()
}

pub(crate) fn seldom_used_accounts(
    population: &Population,
    params: &RarityParams,
) -> Vec<RawFinding> {
    if population.len() < params.population_entries_min {
        return Vec::new();
    }
    let mut entries_by_account: HashMap<AccountId, Vec<usize>> = HashMap::new();
    for (index, entry) in population.entries().iter().enumerate() {
        for line in &entry.lines {
            let entries = entries_by_account.entry(line.account_id).or_default();
            // Lines of one entry are adjacent, so checking the last index dedups.
            if entries.last() != Some(&index) {
                entries.push(index);
            }
        }
    }
    entries_by_account
        .into_iter()
        .filter(|(_, entries)| entries.len() <= params.account_entries_max)
        .map(|(account, entries)| {
            let reason = format!(
                "account {account} is used by {} of {} entries",
                entries.len(),
                population.len()
            );
            RawFinding::new(TestKind::SeldomUsedAccount, entries, reason)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{account, entry, population, EntryExt};

    /// 300 routine entries (expense 1 / asset 2) and one unusual one (account 9 / 2).
    fn routine_with_one_unusual() -> Population {
        let mut entries: Vec<_> = (1..=300).map(entry).collect();
        entries.push(entry(301).between(account(9), account(2)));
        population(entries)
    }

    #[test]
    fn a_pair_seen_once_in_a_large_population_is_rare() {
        let findings = run(&routine_with_one_unusual(), &RarityParams::default());

        let pairs: Vec<_> = findings
            .iter()
            .filter(|f| f.test == TestKind::RareAccountPair)
            .collect();
        assert_eq!(pairs.len(), 1);
        assert_eq!(pairs[0].entries, vec![300]);
    }

    #[test]
    fn an_account_used_once_is_seldom_used() {
        let findings = run(&routine_with_one_unusual(), &RarityParams::default());

        let accounts: Vec<_> = findings
            .iter()
            .filter(|f| f.test == TestKind::SeldomUsedAccount)
            .collect();
        assert_eq!(accounts.len(), 1);
        assert_eq!(accounts[0].entries, vec![300]);
        assert!(accounts[0].reason.ends_with("is used by 1 of 301 entries"));
    }

    #[test]
    fn a_small_population_is_not_tested_for_rarity() {
        let entries = vec![entry(1), entry(2).between(account(9), account(2))];

        assert!(run(&population(entries), &RarityParams::default()).is_empty());
    }
}
