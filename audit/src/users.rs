//! Who posted: users who rarely post (a manager who never posts and then posts once
//! deserves a question), and established users posting to an account class for the
//! first time (an accounts-payable clerk suddenly posting to revenue).

use std::collections::HashMap;

use event_schemas::account_tree::AccountType;
use event_schemas::UserId;
use serde::{Deserialize, Serialize};

use crate::finding::{RawFinding, TestKind};
use crate::population::Population;

/// Parameters of the user tests.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct UserParams {
    /// A user with at most this many entries in the population rarely posts. Default 5.
    pub infrequent_entries_max: usize,
    /// The infrequent-user test runs only on populations of at least this many
    /// entries. Default 200: in a small population everyone posts rarely.
    pub population_entries_min: usize,
    /// A user needs at least this many earlier entries (by `recorded_at`) before a
    /// first posting to an account class is unusual. Default 20: everyone's first
    /// entries are "firsts"; only an established pattern makes a break meaningful.
    /// History is what the population holds: pass the prior period's entries too (the
    /// service can, from the log) for a longer memory than the period itself.
    pub history_entries_min: usize,
}

impl Default for UserParams {
    fn default() -> Self {
        Self {
            infrequent_entries_max: 5,
            population_entries_min: 200,
            history_entries_min: 20,
        }
    }
}

#[cfg(test)]
pub(crate) fn run(population: &Population, params: &UserParams) -> Vec<RawFinding> {
    let mut findings = infrequent_users(population, params);
    findings.extend(first_postings_to_class(population, params));
    findings
}

pub(crate) fn infrequent_users(population: &Population, params: &UserParams) -> Vec<RawFinding> {
    if population.len() < params.population_entries_min {
        return Vec::new();
    }
    let mut entries_by_user: HashMap<UserId, Vec<usize>> = HashMap::new();
    for (index, entry) in population.entries().iter().enumerate() {
        entries_by_user.entry(entry.author).or_default().push(index);
    }
    entries_by_user
        .into_iter()
        .filter(|(_, entries)| entries.len() <= params.infrequent_entries_max)
        .map(|(user, entries)| {
            let reason = format!(
                "user {user} posted {} of {} entries",
                entries.len(),
                population.len()
            );
            RawFinding::new(TestKind::InfrequentUser, entries, reason)
        })
        .collect()
}

/// Bit of an account class in a user's seen-classes mask.
fn class_bit(class: AccountType) -> u8 {
    match class {
        AccountType::Asset => 1,
        AccountType::Liability => 2,
        AccountType::Equity => 4,
        AccountType::Income => 8,
        AccountType::Expense => 16,
    }
}

pub(crate) fn first_postings_to_class(
    population: &Population,
    params: &UserParams,
) -> Vec<RawFinding> {
    // One sequential pass gathers what the walk needs — posting time, entry, author as a
    // dense number, classes touched — so sorting and walking never go back to the
    // entries (a pointer chase per comparison) or hash a user id per step.
    let mut user_numbers: HashMap<UserId, usize> = HashMap::new();
    let mut order: Vec<_> = population
        .entries()
        .iter()
        .enumerate()
        .map(|(index, entry)| {
            let next = user_numbers.len();
            let user = *user_numbers.entry(entry.author).or_insert(next);
            let touched = entry
                .lines
                .iter()
                .fold(0u8, |mask, line| mask | class_bit(line.account_class));
            (entry.recorded_at, index, user, touched)
        })
        .collect();
    // Posting order; ties (same instant) in population order, for determinism.
    order.sort_unstable_by_key(|(recorded_at, index, _, _)| (*recorded_at, *index));
    // Per user: entries seen so far and the classes they touched.
    let mut history: Vec<(usize, u8)> = vec![(0, 0); user_numbers.len()];
    let mut findings = Vec::new();
    for (_, index, user, touched) in order {
        let (seen, classes) = &mut history[user];
        let new_classes = touched & !*classes;
        if *seen >= params.history_entries_min && new_classes != 0 {
            let names: Vec<&str> = AccountType::ALL
                .iter()
                .filter(|class| new_classes & class_bit(**class) != 0)
                .map(|class| class.as_str())
                .collect();
            findings.push(RawFinding::one(
                TestKind::FirstPostingToAccountClass,
                index,
                format!(
                    "first posting by user {} to {} accounts, after {seen} entries",
                    population.entry(index).author,
                    names.join(" and ")
                ),
            ));
        }
        *classes |= touched;
        *seen += 1;
    }
    findings
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::population::PostingLine;
    use crate::testing::{account, entry, population, user, utc, EntryExt};

    #[test]
    fn a_user_with_one_entry_in_a_large_population_rarely_posts() {
        let mut entries: Vec<_> = (1..=250).map(entry).collect();
        entries.push(entry(251).by(user(7)));

        let findings = run(&population(entries), &UserParams::default());

        let rare: Vec<_> = findings
            .iter()
            .filter(|f| f.test == TestKind::InfrequentUser)
            .collect();
        assert_eq!(rare.len(), 1);
        assert_eq!(rare[0].entries, vec![250]);
    }

    #[test]
    fn an_established_user_posting_to_income_for_the_first_time_is_flagged() {
        let mut entries: Vec<_> = (1..=25)
            .map(|i| entry(i).recorded(utc(2026, 2, 10, 9, i as u32)))
            .collect();
        let mut to_income = entry(26).recorded(utc(2026, 2, 10, 10, 0));
        to_income.lines[1] = PostingLine {
            account_id: account(5),
            account_class: AccountType::Income,
            ..to_income.lines[1].clone()
        };
        entries.push(to_income);

        let findings = run(&population(entries), &UserParams::default());

        assert_eq!(findings.len(), 1);
        assert_eq!(findings[0].test, TestKind::FirstPostingToAccountClass);
        assert_eq!(findings[0].entries, vec![25]);
        assert!(findings[0]
            .reason
            .ends_with("to income accounts, after 25 entries"));
    }

    #[test]
    fn a_new_users_first_entries_are_not_firsts_to_flag() {
        let findings = run(
            &population((1..=10).map(entry).collect()),
            &UserParams::default(),
        );

        assert!(findings.is_empty());
    }
}
