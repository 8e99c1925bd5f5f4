//! Builders for constructed test data: a default session (Q1 2026, Lagos, UTC+1) and
//! an entry builder whose defaults trip no test, so each test changes one thing.

use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use event_schemas::account_tree::AccountType;
use event_schemas::{AccountId, JournalEntryId, UserId};
use rust_decimal::Decimal;
use uuid::Uuid;

use crate::context::{BusinessHours, SessionContext};
use crate::population::{JournalEntry, Population, PostingLine};

pub fn dec(text: &str) -> Decimal {
    text.parse().expect("decimal literal")
}

pub fn date(year: i32, month: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(year, month, day).expect("valid date")
}

pub fn utc(year: i32, month: u32, day: u32, hour: u32, minute: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(year, month, day, hour, minute, 0)
        .single()
        .expect("valid instant")
}

pub fn entry_id(sequence: u64) -> JournalEntryId {
    JournalEntryId::from_uuid(Uuid::from_u128(u128::from(sequence)))
}

pub fn account(number: u64) -> AccountId {
    AccountId::from_uuid(Uuid::from_u128(0xACC0_0000 + u128::from(number)))
}

pub fn user(number: u64) -> UserId {
    UserId::from_uuid(Uuid::from_u128(0x05E7_0000 + u128::from(number)))
}

/// Q1 2026 in Lagos (UTC+1): materiality 100,000, performance materiality 75,000,
/// approval thresholds 10,000 and 50,000, New Year's Day a holiday, 08:00–18:00.
pub fn context() -> SessionContext {
    SessionContext {
        period_start: date(2026, 1, 1),
        period_end: date(2026, 3, 31),
        materiality: dec("100000"),
        performance_materiality: dec("75000"),
        approval_thresholds: vec![dec("10000"), dec("50000")],
        holidays: vec![date(2026, 1, 1)],
        business_hours: BusinessHours::default(),
        utc_offset_seconds: 3600,
        time_zone: None,
    }
}

/// An unremarkable entry: number `JE-{sequence:06}`, Tuesday 10 February 2026 at 10:00
/// local, 123.45 from account 2 (asset) to account 1 (expense), a descriptive memo.
pub fn entry(sequence: u64) -> JournalEntry {
    JournalEntry {
        id: entry_id(sequence),
        number: format!("JE-{sequence:06}"),
        effective_date: date(2026, 2, 10),
        recorded_at: utc(2026, 2, 10, 9, 0),
        author: user(1),
        memo: "Office supplies for the Lagos branch".into(),
        reverses: None,
        lines: two_lines(
            account(1),
            AccountType::Expense,
            account(2),
            AccountType::Asset,
            dec("123.45"),
        ),
    }
}

pub fn two_lines(
    debit_account: AccountId,
    debit_class: AccountType,
    credit_account: AccountId,
    credit_class: AccountType,
    amount: Decimal,
) -> Vec<PostingLine> {
    vec![
        PostingLine {
            account_id: debit_account,
            account_class: debit_class,
            debit: amount,
            credit: Decimal::ZERO,
        },
        PostingLine {
            account_id: credit_account,
            account_class: credit_class,
            debit: Decimal::ZERO,
            credit: amount,
        },
    ]
}

/// Tweaks for [`entry`], chained.
pub trait EntryExt: Sized {
    fn amount(self, amount: &str) -> Self;
    fn effective(self, date: NaiveDate) -> Self;
    fn recorded(self, at: DateTime<Utc>) -> Self;
    fn memo(self, memo: &str) -> Self;
    fn by(self, author: UserId) -> Self;
    fn reversing(self, original: JournalEntryId) -> Self;
    fn between(self, debit: AccountId, credit: AccountId) -> Self;
}

impl EntryExt for JournalEntry {
    fn amount(mut self, amount: &str) -> Self {
        for line in &mut self.lines {
            if line.debit > Decimal::ZERO {
                line.debit = dec(amount);
            } else {
                line.credit = dec(amount);
            }
        }
        self
    }
    fn effective(mut self, date: NaiveDate) -> Self {
        self.effective_date = date;
        self
    }
    fn recorded(mut self, at: DateTime<Utc>) -> Self {
        self.recorded_at = at;
        self
    }
    fn memo(mut self, memo: &str) -> Self {
        self.memo = memo.into();
        self
    }
    fn by(mut self, author: UserId) -> Self {
        self.author = author;
        self
    }
    fn reversing(mut self, original: JournalEntryId) -> Self {
        self.reverses = Some(original);
        self
    }
    fn between(mut self, debit: AccountId, credit: AccountId) -> Self {
        self.lines[0].account_id = debit;
        self.lines[1].account_id = credit;
        self
    }
}

pub fn population(entries: Vec<JournalEntry>) -> Population {
    Population::new(entries).expect("valid population")
}

/// `count` entries, one line pair each, whose amounts follow Benford's law: amounts
/// 10^(1 + 5·u) with u the Weyl sequence frac(i·(√5 − 1)/2), a deterministic
/// log-uniform spread over five decades that is equidistributed in its mantissas (so
/// Benford) and scrambled in its order (so last digits are mixed, not aliased).
pub fn benford_population(count: u64) -> Population {
    population(
        (1..=count)
            .map(|i| {
                let golden = (5f64.sqrt() - 1.0) / 2.0;
                let exponent = 1.0 + 5.0 * (i as f64 * golden).fract();
                let amount = Decimal::from_f64_retain(10f64.powf(exponent))
                    .expect("finite")
                    .round_dp(2);
                entry(i).amount(&amount.to_string())
            })
            .collect(),
    )
}

/// `count` entries whose amounts have uniformly distributed digits: the first digit
/// cycles 1–9 and the rest count up, the way invented numbers look.
pub fn uniform_digit_population(count: u64) -> Population {
    population(
        (1..=count)
            .map(|i| {
                let first = 1 + i % 9;
                let rest = (i * 37) % 1000;
                entry(i).amount(&format!("{first}{rest:03}.00"))
            })
            .collect(),
    )
}
