//! The pieces of the demo year: planned entries and lines in kobo, the steps the seed
//! takes through the routes, the demo's assets, loan and staff, and the pay-run totals
//! the bank payments must match.

use chrono::{Datelike, NaiveDate};

use super::AuditPeriod;

/// Amounts are whole kobo (1/100 naira).
pub type Kobo = i64;

pub(super) fn money(kobo: Kobo) -> String {
    format!("{}.{:02}", kobo / 100, kobo % 100)
}

/// One line of a planned entry, on an account by code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub code: &'static str,
    pub description: String,
    pub debit: Option<Kobo>,
    pub credit: Option<Kobo>,
}

/// A planned journal entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub date: NaiveDate,
    pub memo: String,
    pub reference: String,
    pub lines: Vec<Line>,
}

impl Entry {
    pub(super) fn new(
        date: NaiveDate,
        memo: impl Into<String>,
        reference: impl Into<String>,
    ) -> Self {
        Self {
            date,
            memo: memo.into(),
            reference: reference.into(),
            lines: Vec::new(),
        }
    }

    pub(super) fn dr(mut self, code: &'static str, description: &str, amount: Kobo) -> Self {
        self.lines.push(Line {
            code,
            description: description.into(),
            debit: Some(amount),
            credit: None,
        });
        self
    }

    pub(super) fn cr(mut self, code: &'static str, description: &str, amount: Kobo) -> Self {
        self.lines.push(Line {
            code,
            description: description.into(),
            debit: None,
            credit: Some(amount),
        });
        self
    }

    /// Debits minus credits (zero when balanced).
    pub fn imbalance(&self) -> Kobo {
        self.lines
            .iter()
            .map(|l| l.debit.unwrap_or(0) - l.credit.unwrap_or(0))
            .sum()
    }
}

/// What the seed does with a planned entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// Posted by the Admin.
    Post(Entry),
    /// A mistake: posted, then reversed on `reverse_on` (the correction, if any, is a
    /// separate [`Step::Post`]).
    PostAndReverse { entry: Entry, reverse_on: NaiveDate },
    /// Prepared by the Editor, awaiting the Admin's posting.
    Draft(Entry),
    /// An employee put on the payroll by the Admin on `date`.
    Hire {
        date: NaiveDate,
        employee: DemoEmployee,
    },
    /// The month's pay run drafted, approved and posted by the Admin through the payroll
    /// routes (its entry is the payroll's own, never written by hand here).
    PayRun { period: String, pay_date: NaiveDate },
    /// The bank loan recorded as a debt through the debts routes, its drawdown posted with
    /// it (the entry is the debt's own).
    Borrow(DemoLoan),
    /// An instalment of the loan repaid on `date` through the debts routes, which split it
    /// into interest and principal and post it.
    Repay { date: NaiveDate, amount: Kobo },
    /// An asset bought (its purchase is a posted entry) put on the fixed-asset register.
    RegisterAsset(DemoAsset),
    /// The month's depreciation run through the fixed-assets routes, posted on the month's
    /// last day (the entry is the run's own).
    Depreciate {
        period: String,
        month_end: NaiveDate,
    },
}

/// A fixed asset of the demo, as the fixed-assets routes register it: straight line to no
/// residual value, charged to Depreciation (6400) against Accumulated depreciation (1590).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoAsset {
    pub name: &'static str,
    pub tag: &'static str,
    pub category: &'static str,
    /// The asset account its purchase was posted to.
    pub account: &'static str,
    pub available_for_use: NaiveDate,
    pub cost: Kobo,
    pub useful_life_months: u32,
}

/// The demo's bank loan, as the debts routes record it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoLoan {
    pub counterparty: &'static str,
    pub reference: &'static str,
    pub principal: Kobo,
    pub start_date: NaiveDate,
    /// Percent a year.
    pub annual_interest_rate: u32,
    pub term_months: u32,
    pub first_due_date: NaiveDate,
}

impl DemoLoan {
    /// Its instalments (due date, payment) by the debt's own schedule: equal principal
    /// each month plus the month's interest.
    pub(super) fn instalments(&self) -> Vec<(NaiveDate, Kobo)> {
        use rust_decimal::prelude::ToPrimitive;
        let terms = domain::debt::DebtTerms {
            principal: rust_decimal::Decimal::new(self.principal, 2),
            annual_interest_rate: self.annual_interest_rate.into(),
            term_months: self.term_months,
            repayment_type: domain::debt::RepaymentType::EqualPrincipal,
            start_date: self.start_date,
            first_due_date: self.first_due_date,
        };
        domain::debt::schedule(&terms)
            .unwrap_or_default()
            .into_iter()
            .filter_map(|row| {
                (row.payment * rust_decimal::Decimal::ONE_HUNDRED)
                    .to_i64()
                    .map(|kobo| (row.due_date, kobo))
            })
            .collect()
    }
}

/// A demo employee: annual pay split 50% basic, 30% housing, 20% transport.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoEmployee {
    pub first_name: &'static str,
    pub last_name: &'static str,
    pub staff_id: &'static str,
    pub department: &'static str,
    pub job_title: &'static str,
    /// Annual gross, naira.
    pub gross: i64,
}

/// The demo company's staff: about ₦2.7m of monthly gross between them.
pub(super) const STAFF: [(&str, &str, &str, &str, &str, i64); 6] = [
    (
        "Ngozi",
        "Adeyemi",
        "LHO-001",
        "Management",
        "General manager",
        9_600_000,
    ),
    (
        "Tunde",
        "Bakare",
        "LHO-002",
        "Finance",
        "Accountant",
        6_000_000,
    ),
    ("Amaka", "Eze", "LHO-003", "Sales", "Sales lead", 5_400_000),
    (
        "Musa",
        "Ibrahim",
        "LHO-004",
        "Operations",
        "Store keeper",
        3_600_000,
    ),
    (
        "Funke",
        "Ojo",
        "LHO-005",
        "Sales",
        "Sales associate",
        3_000_000,
    ),
    (
        "Emeka",
        "Nwosu",
        "LHO-006",
        "Operations",
        "Driver",
        2_400_000,
    ),
];

/// The code of the account the payroll's first run creates for net salaries payable.
pub(super) const NET_SALARIES: &str = "2190";

/// The demo year.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Books {
    pub steps: Vec<Step>,
    pub first_date: NaiveDate,
    pub last_date: NaiveDate,
    /// What the demo's audit session examines.
    pub audit_period: AuditPeriod,
}

/// SplitMix64: a tiny, stable generator, so a seed gives the same books on every build.
pub(super) struct Rng(pub(super) u64);

impl Rng {
    pub(super) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A whole-naira amount in `[low, high]` naira, as kobo.
    pub(super) fn naira(&mut self, low: i64, high: i64) -> Kobo {
        let span = u64::try_from(high - low + 1).unwrap_or(1);
        (low + i64::try_from(self.next_u64() % span).unwrap_or(0)) * 100
    }

    pub(super) fn below(&mut self, n: u32) -> u32 {
        u32::try_from(self.next_u64() % u64::from(n.max(1))).unwrap_or(0)
    }
}

/// What a month's pay run comes to, in kobo: net pay, PAYE, and pension (both shares).
pub(super) struct PayrollTotals {
    pub(super) net: Kobo,
    pub(super) paye: Kobo,
    pub(super) pension: Kobo,
}

/// The month's pay run as the payroll routes will compute it (the same pure computation),
/// so the bank payments that follow it match its payables to the kobo.
pub(super) fn payroll_totals(
    staff: &[DemoEmployee],
    month: NaiveDate,
    pay_date: NaiveDate,
) -> PayrollTotals {
    use domain::payroll::{compute_pay_run, EmployeePay, Employment, RunEmployee};
    use rust_decimal::Decimal;
    let employees: Vec<RunEmployee<usize>> = staff
        .iter()
        .enumerate()
        .map(|(i, e)| RunEmployee {
            employee_id: i,
            pay: EmployeePay {
                basic: Decimal::from(e.gross / 2),
                housing: Decimal::from(e.gross * 3 / 10),
                transport: Decimal::from(e.gross / 5),
                other_allowances: vec![],
                annual_rent: Decimal::ZERO,
                nhf: true,
                other_deductions: vec![],
            },
            employment: Employment {
                start_date: month.with_day(1).unwrap_or(month),
                end_date: None,
            },
        })
        .collect();
    let period = domain::calendar::Month::of(month);
    let kobo = |d: Decimal| -> Kobo {
        (d * Decimal::from(100))
            .trunc()
            .to_string()
            .parse()
            .unwrap_or_default()
    };
    match compute_pay_run(period, pay_date, true, &employees) {
        Ok(run) => PayrollTotals {
            net: kobo(run.totals.net_pay),
            paye: kobo(run.totals.paye),
            pension: kobo(run.totals.pension_employee + run.totals.pension_employer),
        },
        Err(_) => PayrollTotals {
            net: 0,
            paye: 0,
            pension: 0,
        },
    }
}

/// `per_mille` thousandths of `amount`, rounded to the kobo (7.5 % is 75).
pub(super) fn share(amount: Kobo, per_mille: i64) -> Kobo {
    (amount * per_mille + 500) / 1000
}
