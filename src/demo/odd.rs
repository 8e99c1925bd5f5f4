//! The few entries in the demo year an auditor should ask about, and the audit session
//! the demo opens on the year so the audit screens have findings to show.
//!
//! Each odd entry is the kind the session's tests exist to catch: a round sum dated on a
//! Sunday, a supplier payment keyed twice, a payment just under the approval limit, and
//! a sale booked on the period's last day that is reversed days after the period closed.

use chrono::{Datelike, Months, NaiveDate};

use super::{calendar, Entry, Kobo, Step};

/// Entries above this need a second approval at the demo company; the demo session tests
/// for totals just below it.
pub const APPROVAL_THRESHOLD: Kobo = 5_000_000 * 100;

/// The stretch of the demo year its audit session examines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AuditPeriod {
    pub start: NaiveDate,
    pub end: NaiveDate,
}

impl AuditPeriod {
    /// From the books' first day to the end of last month, or of the month before when
    /// today is too early in the month for the reversal after the period end to have
    /// happened yet.
    pub fn of(start: NaiveDate, today: NaiveDate) -> Self {
        let this_month = today.with_day(1).unwrap_or(today);
        let cut = if today.day() >= 8 {
            this_month
        } else {
            this_month - Months::new(1)
        };
        Self {
            start,
            end: cut.pred_opt().unwrap_or(cut),
        }
    }
}

/// The odd entries of a year starting on `start` (the first of a month) whose audit
/// period is `period`; all but the reversal fall inside it.
pub fn entries(start: NaiveDate, period: AuditPeriod) -> Vec<Step> {
    let month = |m: u32| start + Months::new(m);
    let mut steps = vec![
        // Round, in cash terms, to a vague payee, and dated on a Sunday.
        Step::Post(
            Entry::new(
                calendar::sunday_from(month(5), 14),
                "Consultancy fee",
                "CASH-0417",
            )
            .dr(
                "6350",
                "Consultancy, paid on the MD's instruction",
                1_500_000 * 100,
            )
            .cr("1120", "Transfer", 1_500_000 * 100),
        ),
        // ₦31,250 under the limit above which a second director must approve.
        Step::Post(
            Entry::new(
                calendar::on_or_after_in_month(month(9).with_day(13).unwrap_or(month(9))),
                "Generator overhaul, Mikano",
                "MIK-2291",
            )
            .dr("6230", "Overhaul of the 60 kVA generator", 4_968_750 * 100)
            .cr("1120", "Transfer", 4_968_750 * 100),
        ),
    ];
    // Sales booked on the period's last business day, before the goods left, and taken
    // back once the period had closed.
    let booked = calendar::on_or_before(period.end);
    let net: Kobo = 3_150_000 * 100;
    let vat = net * 75 / 1000;
    steps.push(Step::PostAndReverse {
        entry: Entry::new(booked, "Invoice: Lekki Supermarket", "INV-0999")
            .dr("1210", "Lekki Supermarket", net + vat)
            .cr("4100", "Goods sold", net)
            .cr("2130", "Output VAT 7.5%", vat),
        reverse_on: calendar::on_or_after_in_month(period.end + chrono::Days::new(3)),
    });
    steps
}

/// The month (counted from the year's first) whose supplier payment is keyed twice.
pub const DUPLICATED_PAYMENT_MONTH: u32 = 7;
