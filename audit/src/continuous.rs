//! Continuous mode: the service re-runs a session's tests as new entries are posted
//! (a projector), and admins are told about entries that became risky — once, not on
//! every re-run. This module is the pure part of that: which entries escalated between
//! two results.
//!
//! Scores can move for entries that did not change: a new duplicate makes its twin
//! risky, a new entry on a seldom-used account makes the account less rare. Comparing
//! bands (not raw scores) keeps notifications to changes an admin can act on.

use std::collections::HashMap;

use event_schemas::JournalEntryId;
use serde::{Deserialize, Serialize};

use crate::risk_score::{EntryScore, RiskBand};

/// An entry whose band rose to at least the notification band.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Escalation {
    pub entry_id: JournalEntryId,
    pub number: String,
    /// Its band in the previous result; `None` for an entry new since then.
    pub from: Option<RiskBand>,
    pub to: RiskBand,
    pub score: f64,
}

/// Entries of `current` at or above `notify_from` whose band is higher than in
/// `previous` (or that are new), in `current`'s order (highest score first).
pub fn escalations(
    previous: &[EntryScore],
    current: &[EntryScore],
    notify_from: RiskBand,
) -> Vec<Escalation> {
    let before: HashMap<JournalEntryId, RiskBand> = previous
        .iter()
        .map(|score| (score.entry_id, score.band))
        .collect();
    current
        .iter()
        .filter(|score| score.band >= notify_from)
        .filter_map(|score| {
            let from = before.get(&score.entry_id).copied();
            let escalated = from.is_none_or(|band| band < score.band);
            escalated.then(|| Escalation {
                entry_id: score.entry_id,
                number: score.number.clone(),
                from,
                to: score.band,
                score: score.score,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::entry_id;

    fn scored(sequence: u64, band: RiskBand) -> EntryScore {
        EntryScore {
            entry_id: entry_id(sequence),
            number: format!("JE-{sequence:06}"),
            score: match band {
                RiskBand::Low => 10.0,
                RiskBand::Medium => 40.0,
                RiskBand::High => 70.0,
            },
            band,
            breakdown: Vec::new(),
        }
    }

    #[test]
    fn an_entry_rising_to_high_is_an_escalation() {
        let previous = [scored(1, RiskBand::Medium)];
        let current = [scored(1, RiskBand::High)];

        let escalations = escalations(&previous, &current, RiskBand::High);

        assert_eq!(escalations.len(), 1);
        assert_eq!(escalations[0].from, Some(RiskBand::Medium));
        assert_eq!(escalations[0].to, RiskBand::High);
    }

    #[test]
    fn an_entry_already_high_is_not_notified_again() {
        let previous = [scored(1, RiskBand::High)];
        let current = [scored(1, RiskBand::High)];

        assert!(escalations(&previous, &current, RiskBand::Medium).is_empty());
    }

    #[test]
    fn a_new_risky_entry_is_an_escalation_from_nothing() {
        let current = [scored(2, RiskBand::Medium)];

        let escalations = escalations(&[], &current, RiskBand::Medium);

        assert_eq!(escalations[0].from, None);
    }

    #[test]
    fn a_rise_below_the_notification_band_is_not_notified() {
        let previous = [scored(1, RiskBand::Low)];
        let current = [scored(1, RiskBand::Medium)];

        assert!(escalations(&previous, &current, RiskBand::High).is_empty());
    }
}
