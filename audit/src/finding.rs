//! What a test reports: findings, each naming the control point it comes from, the
//! entries behind it and a reason a person can read without the code.

use event_schemas::JournalEntryId;
use serde::{Deserialize, Serialize};

use crate::population::Population;

/// A control point: one question a test asks of every entry. A finding belongs to one;
/// the risk score weighs them (see [`crate::risk_score::RiskParams`]).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum TestKind {
    /// Amount in an over-represented first-digit bucket (Benford).
    BenfordFirstDigit,
    /// Amount in an over-represented first-two-digits bucket (Benford).
    BenfordFirstTwoDigits,
    /// Amount in an over-represented second-digit bucket (Benford).
    BenfordSecondDigit,
    /// Amount in an over-represented last-two-digits bucket (uniform expectation).
    BenfordLastTwoDigits,
    /// Entry total a round multiple (1,000, 10,000 …).
    RoundAmount,
    /// Entry total just below an approval threshold.
    JustBelowApprovalThreshold,
    /// Entry total at or above performance materiality.
    AtOrAbovePerformanceMateriality,
    /// Same amount, accounts and memo as another entry a few days apart.
    Duplicate,
    /// Entry next to a gap in the entry numbers.
    NumberGap,
    /// Entry number used by more than one entry.
    DuplicateNumber,
    /// Posted on a weekend (local time).
    WeekendPosting,
    /// Posted on a public holiday (local time).
    HolidayPosting,
    /// Posted outside business hours on a business day (local time).
    AfterHoursPosting,
    /// Recorded after period end with an effective date inside the period.
    Backdated,
    /// A reversal shortly after period end of an entry of the period.
    ReversalAfterPeriodEnd,
    /// Effective in the last days of a period whose entries cluster there.
    PeriodEndCluster,
    /// Debits an account and credits another that rarely go together.
    RareAccountPair,
    /// Posts to an account the population seldom uses.
    SeldomUsedAccount,
    /// Posted by a user who rarely posts.
    InfrequentUser,
    /// The author's first posting to an account class, after an established history.
    FirstPostingToAccountClass,
    /// A line amount far from its account's mean (z-score).
    OutlierZScore,
    /// A line amount far from its account's median (modified z-score, median/MAD).
    OutlierModifiedZScore,
    /// A line amount beyond its account's interquartile fences.
    OutlierIqr,
    /// No memo at all.
    EmptyMemo,
    /// A memo too short or generic to explain the entry.
    WeakMemo,
}

impl TestKind {
    /// Every control point, in the order reports list them.
    pub const ALL: [TestKind; 25] = [
        Self::BenfordFirstDigit,
        Self::BenfordFirstTwoDigits,
        Self::BenfordSecondDigit,
        Self::BenfordLastTwoDigits,
        Self::RoundAmount,
        Self::JustBelowApprovalThreshold,
        Self::AtOrAbovePerformanceMateriality,
        Self::Duplicate,
        Self::NumberGap,
        Self::DuplicateNumber,
        Self::WeekendPosting,
        Self::HolidayPosting,
        Self::AfterHoursPosting,
        Self::Backdated,
        Self::ReversalAfterPeriodEnd,
        Self::PeriodEndCluster,
        Self::RareAccountPair,
        Self::SeldomUsedAccount,
        Self::InfrequentUser,
        Self::FirstPostingToAccountClass,
        Self::OutlierZScore,
        Self::OutlierModifiedZScore,
        Self::OutlierIqr,
        Self::EmptyMemo,
        Self::WeakMemo,
    ];
}

/// One finding: a control point that fired, the entries behind it, and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Finding {
    pub test: TestKind,
    /// The entries behind the finding, in population order (entry number).
    #[schema(value_type = Vec<String>)]
    pub entries: Vec<JournalEntryId>,
    /// Why, in words, with the numbers that decided it.
    pub reason: String,
}

/// A finding as tests build it: entries by population index, converted to ids once
/// sorted, so findings can be ordered by entry number cheaply.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct RawFinding {
    pub test: TestKind,
    pub entries: Vec<usize>,
    pub reason: String,
}

impl RawFinding {
    pub fn new(test: TestKind, mut entries: Vec<usize>, reason: String) -> Self {
        entries.sort_unstable();
        entries.dedup();
        Self {
            test,
            entries,
            reason,
        }
    }

    pub fn one(test: TestKind, entry: usize, reason: String) -> Self {
        Self {
            test,
            entries: vec![entry],
            reason,
        }
    }
}

/// Sorts findings by a stable key (control point, entries, reason) so a re-run lists
/// them identically whatever order the tests produced them in (several walk hash maps),
/// and resolves indices to ids.
pub(crate) fn finalize(
    mut raw: Vec<RawFinding>,
    population: &Population,
) -> Vec<(Finding, Vec<usize>)> {
    raw.sort_by(|a, b| (a.test, &a.entries, &a.reason).cmp(&(b.test, &b.entries, &b.reason)));
    raw.into_iter()
        .map(|raw| {
            let finding = Finding {
                test: raw.test,
                entries: raw
                    .entries
                    .iter()
                    .map(|index| population.entry(*index).id)
                    .collect(),
                reason: raw.reason,
            };
            (finding, raw.entries)
        })
        .collect()
}
