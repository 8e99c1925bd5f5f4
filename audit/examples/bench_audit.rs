//! Benchmark of the journal-entry tests: generates a deterministic population of about
//! 1,000,000 postings (lines) and runs every test family on it, printing the time of
//! each, of scoring and assembly, and the total. Run through `scripts/bench/audit`.
//!
//! Usage: `cargo run --release -p audit --example bench_audit -- [postings] [rounds]`
//! (defaults 1,000,000 and 5): every round runs all tests on the same population; the
//! minimum and median per step are printed, and the report's digest of every round,
//! which must be identical.
//!
//! The population is shaped like a year of a mid-size company's books, so the tests do
//! real work: Benford amounts around each recurring flow's usual size, skewed account and user usage, 2–8 lines
//! per entry, a few weekend and late postings, and injected anomalies (gaps,
//! duplicates, backdated entries, reversals after year end, round and just-below-limit
//! amounts, empty memos).

use std::time::{Duration, Instant};

use audit::{
    Audit, AuditParams, BusinessHours, JournalEntry, Population, PostingLine, SessionContext,
    TestFamily, TestKind,
};
use chrono::{Datelike, Days, NaiveDate, TimeZone, Utc, Weekday};
use event_schemas::account_tree::AccountType;
use event_schemas::{AccountId, JournalEntryId, UserId};
use rust_decimal::Decimal;
use uuid::Uuid;

const POSTINGS_DEFAULT: usize = 1_000_000;
/// Rounds of all tests on the same population: the machine is shared, so the minimum
/// and median of a few rounds say more than one sample.
const ROUNDS_DEFAULT: usize = 5;
const ROUNDS_MAX: usize = 100;
const ACCOUNTS: u64 = 400;
const USERS: u64 = 40;
/// Distinct (debit, credit) flows a business repeats: real books are a few hundred
/// recurring flows, not random account pairs.
const FLOWS: u64 = 300;
const SEED: u64 = 0x1ED6_E71E;

/// SplitMix64: a tiny, well-mixed generator, so the population is identical on every
/// machine without a dependency.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    fn below(&mut self, bound: u64) -> u64 {
        self.next() % bound
    }

    fn chance(&mut self, probability: f64) -> bool {
        self.unit() < probability
    }
}

const MEMOS: [&str; 16] = [
    "Office supplies for the Lagos branch",
    "Monthly rent, head office",
    "Salaries and wages",
    "Customer receipt against invoice",
    "Supplier payment, raw materials",
    "Electricity and diesel for generators",
    "Bank charges and commissions",
    "Sales invoice, wholesale customer",
    "Fuel for delivery vans",
    "Internet and telephone subscription",
    "Insurance premium, vehicles",
    "Repairs and maintenance, warehouse",
    "Withholding tax remittance",
    "Staff travel and accommodation",
    "Consulting fees, quarterly review",
    "Accrued audit fees",
];

fn class_of(account: u64) -> AccountType {
    AccountType::ALL[(account % 5) as usize]
}

fn account_id(account: u64) -> AccountId {
    AccountId::from_uuid(Uuid::from_u128(0xACC0_0000_0000 + u128::from(account)))
}

/// Skewed towards low indices: a few accounts carry most postings, a long tail is rare.
fn skewed(random: &mut SplitMix64, count: u64) -> u64 {
    ((random.unit().powi(3)) * count as f64) as u64
}

/// Log-uniform between 10 and 1,000,000, two decimals: Benford-distributed.
/// An amount around a flow's typical order of magnitude `centre` (log10): spread ±1.5
/// decades (sum of three uniforms, sd 0.5). Flow centres are uniform over 1.5–5.5, so
/// the mixture is smooth in log scale and the population follows Benford's law.
fn flow_amount(random: &mut SplitMix64, centre: f64) -> Decimal {
    let spread = random.unit() + random.unit() + random.unit() - 1.5;
    let value = 10f64.powf((centre + spread).max(1.0));
    Decimal::from_f64_retain(value)
        .unwrap_or(Decimal::TEN)
        .round_dp(2)
}

fn line(account: u64, debit: Decimal, credit: Decimal) -> PostingLine {
    PostingLine {
        account_id: account_id(account),
        account_class: class_of(account),
        debit,
        credit,
    }
}

fn generate(postings: usize) -> Vec<JournalEntry> {
    let mut random = SplitMix64(SEED);
    // (debit account, credit account, typical log10 amount) per flow.
    let flows: Vec<(u64, u64, f64)> = (0..FLOWS)
        .map(|_| {
            let debit = skewed(&mut random, ACCOUNTS);
            let credit = skewed(&mut random, ACCOUNTS);
            let credit = if credit == debit {
                (debit + 1) % ACCOUNTS
            } else {
                credit
            };
            (debit, credit, 1.5 + 4.0 * random.unit())
        })
        .collect();
    let year_start = NaiveDate::from_ymd_opt(2025, 1, 1).unwrap_or_default();
    let mut entries: Vec<JournalEntry> = Vec::with_capacity(postings / 3 + 1);
    let mut lines_total = 0usize;
    let mut sequence = 0u64;
    while lines_total < postings {
        sequence += 1;
        // About one number in 2,000 is skipped: a gap.
        if random.chance(0.0005) {
            sequence += 1;
        }
        let mut effective = year_start + Days::new(random.below(365));
        if matches!(effective.weekday(), Weekday::Sat | Weekday::Sun) && random.chance(0.95) {
            effective = effective
                + Days::new(if effective.weekday() == Weekday::Sat {
                    2
                } else {
                    1
                });
        }
        let lag_days = if random.chance(0.8) {
            0
        } else {
            random.below(5)
        };
        let recorded_date = effective + Days::new(lag_days);
        // Mostly 08:00–18:00 Lagos (07:00–17:00 UTC); about 3 % in the evening.
        let hour = if random.chance(0.03) {
            18 + random.below(4)
        } else {
            7 + random.below(10)
        };
        let recorded_at = Utc
            .with_ymd_and_hms(
                recorded_date.year(),
                recorded_date.month(),
                recorded_date.day(),
                hour as u32,
                random.below(60) as u32,
                random.below(60) as u32,
            )
            .single()
            .unwrap_or_default();

        let debit_lines = match random.below(10) {
            0..=5 => 1,
            6..=7 => 2,
            _ => 2 + random.below(6),
        };
        let mut lines = Vec::with_capacity(debit_lines as usize + 1);
        let mut total = Decimal::ZERO;
        // One entry in a hundred is off-pattern: any two accounts.
        let (first_debit, credit_account, centre) = if random.chance(0.01) {
            (
                random.below(ACCOUNTS),
                random.below(ACCOUNTS),
                1.5 + 4.0 * random.unit(),
            )
        } else {
            flows[skewed(&mut random, FLOWS) as usize]
        };
        // About one entry in 5,000 is a thousand times its flow's usual size.
        let centre = if random.chance(0.0002) {
            centre + 3.0
        } else {
            centre
        };
        for debit_line in 0..debit_lines {
            let amount = flow_amount(&mut random, centre);
            total += amount;
            let debit_account = if debit_line == 0 {
                first_debit
            } else {
                // Split entries spread over the busiest flows' debit accounts.
                flows[skewed(&mut random, 20) as usize].0
            };
            lines.push(line(debit_account, amount, Decimal::ZERO));
        }
        // Now and then a round or just-below-the-limit single amount.
        if debit_lines == 1 {
            if random.chance(0.01) {
                total = Decimal::from(1_000 * (1 + random.below(50)));
                lines[0].debit = total;
            } else if random.chance(0.003) {
                total = Decimal::new(950_000 + random.below(5_000) as i64 * 10, 2);
                lines[0].debit = total;
            }
        }
        lines.push(line(credit_account, Decimal::ZERO, total));
        let memo = if random.chance(0.01) {
            String::new()
        } else if random.chance(0.01) {
            "Adjustment".to_owned()
        } else {
            MEMOS[random.below(MEMOS.len() as u64) as usize].to_owned()
        };
        lines_total += lines.len();
        entries.push(JournalEntry {
            id: JournalEntryId::from_uuid(Uuid::from_u128(u128::from(sequence))),
            number: format!("JE-{sequence:06}"),
            effective_date: effective,
            recorded_at,
            author: UserId::from_uuid(Uuid::from_u128(
                0x05E7_0000
                    + u128::from(if random.chance(0.000_02) {
                        // A handful of entries by users who otherwise never post.
                        1_000 + random.below(3)
                    } else {
                        skewed(&mut random, USERS)
                    }),
            )),
            memo,
            reverses: None,
            lines,
        });
        // Injected anomalies, each about once per thousand entries.
        let previous = entries[entries.len() - 1].clone();
        if random.chance(0.001) {
            sequence += 1;
            lines_total += previous.lines.len();
            entries.push(JournalEntry {
                id: JournalEntryId::from_uuid(Uuid::from_u128(u128::from(sequence))),
                number: format!("JE-{sequence:06}"),
                effective_date: previous.effective_date + Days::new(random.below(3)),
                ..previous.clone()
            });
        } else if random.chance(0.001) && previous.effective_date.month() == 12 {
            // Recorded in January for December.
            if let Some(entry) = entries.last_mut() {
                entry.recorded_at += chrono::Duration::days(20);
            }
        } else if random.chance(0.001) && previous.effective_date.month() == 12 {
            sequence += 1;
            lines_total += previous.lines.len();
            let swapped = previous
                .lines
                .iter()
                .map(|line| PostingLine {
                    debit: line.credit,
                    credit: line.debit,
                    ..line.clone()
                })
                .collect();
            entries.push(JournalEntry {
                id: JournalEntryId::from_uuid(Uuid::from_u128(u128::from(sequence))),
                number: format!("JE-{sequence:06}"),
                effective_date: NaiveDate::from_ymd_opt(2026, 1, 1 + random.below(10) as u32)
                    .unwrap_or_default(),
                recorded_at: Utc
                    .with_ymd_and_hms(2026, 1, 12, 10, 0, 0)
                    .single()
                    .unwrap_or_default(),
                reverses: Some(previous.id),
                memo: format!("Reversal of {}", previous.number),
                lines: swapped,
                ..previous
            });
        }
    }
    entries
}

fn context() -> SessionContext {
    let date = |month, day| NaiveDate::from_ymd_opt(2025, month, day).unwrap_or_default();
    SessionContext {
        period_start: date(1, 1),
        period_end: date(12, 31),
        materiality: Decimal::from(5_000_000),
        performance_materiality: Decimal::from(3_750_000),
        approval_thresholds: vec![Decimal::from(10_000), Decimal::from(100_000)],
        holidays: vec![
            date(1, 1),
            date(5, 1),
            date(6, 12),
            date(10, 1),
            date(12, 25),
            date(12, 26),
        ],
        business_hours: BusinessHours::default(),
        utc_offset_seconds: 3600,
        time_zone: None,
    }
}

/// FNV-1a, 64 bits: a dependency-free digest to compare runs.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xCBF2_9CE4_8422_2325, |hash, byte| {
        (hash ^ u64::from(*byte)).wrapping_mul(0x0100_0000_01B3)
    })
}

fn min(times: &[Duration]) -> Duration {
    times.iter().copied().min().unwrap_or_default()
}

fn median(times: &[Duration]) -> Duration {
    let mut sorted = times.to_vec();
    sorted.sort();
    sorted.get(sorted.len() / 2).copied().unwrap_or_default()
}

fn millis(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

fn main() -> Result<(), audit::AuditError> {
    let mut args = std::env::args().skip(1);
    let postings = args
        .next()
        .and_then(|arg| arg.replace('_', "").parse().ok())
        .unwrap_or(POSTINGS_DEFAULT);
    let rounds = args
        .next()
        .and_then(|arg| arg.parse().ok())
        .unwrap_or(ROUNDS_DEFAULT)
        .clamp(1, ROUNDS_MAX);

    let started = Instant::now();
    let entries = generate(postings);
    let generated = started.elapsed();
    let started = Instant::now();
    let population = Population::new(entries)?;
    let indexed = started.elapsed();
    let (context, params) = (context(), AuditParams::default());
    let audit = Audit::new(&population, &context, &params)?;

    println!(
        "audit benchmark: {} postings in {} entries (generated in {:.0} ms, validated and ordered in {:.0} ms); {rounds} rounds",
        population.line_count(),
        population.len(),
        millis(generated),
        millis(indexed)
    );
    // times[step][round]; the last step is scoring and report assembly.
    let mut times: Vec<Vec<Duration>> = vec![Vec::new(); TestFamily::ALL.len() + 1];
    let mut findings = vec![0; TestFamily::ALL.len()];
    let mut digests = Vec::new();
    let mut report = None;
    for _ in 0..rounds {
        let mut outputs = Vec::new();
        for (step, family) in TestFamily::ALL.iter().enumerate() {
            let started = Instant::now();
            let output = audit.run_family(*family);
            times[step].push(started.elapsed());
            findings[step] = output.finding_count();
            outputs.push(output);
        }
        let started = Instant::now();
        let assembled = audit.report(outputs);
        times[TestFamily::ALL.len()].push(started.elapsed());
        digests.push(fnv1a(&serde_json::to_vec(&assembled).unwrap_or_default()));
        report = Some(assembled);
    }
    let Some(report) = report else {
        return Ok(());
    };
    println!(
        "{:<32} {:>10} {:>10} {:>10}",
        "step", "min ms", "median ms", "findings"
    );
    let names = TestFamily::ALL
        .iter()
        .map(|family| family.name())
        .chain(["risk score and report assembly"]);
    for ((name, step_times), count) in names
        .zip(&times)
        .zip(findings.iter().copied().chain([report.scores.len()]))
    {
        println!(
            "{:<32} {:>10.1} {:>10.1} {:>10}",
            name,
            millis(min(step_times)),
            millis(median(step_times)),
            count
        );
    }
    let round_totals: Vec<Duration> = (0..rounds)
        .map(|round| times.iter().map(|step| step[round]).sum())
        .collect();
    println!(
        "{:<32} {:>10.1} {:>10.1}",
        "total (one round)",
        millis(min(&round_totals)),
        millis(median(&round_totals))
    );
    let identical = digests.windows(2).all(|pair| pair[0] == pair[1]);
    println!(
        "report digest (FNV-1a of its JSON) {:016x}, {} across the {rounds} rounds",
        digests[0],
        if identical { "identical" } else { "DIFFERENT" }
    );
    println!(
        "risk distribution: {} low, {} medium, {} high; digit tests: {}",
        report.distribution.low,
        report.distribution.medium,
        report.distribution.high,
        report
            .digit_tests
            .iter()
            .map(|test| match &test.outcome {
                audit::benford::DigitOutcome::Analysed(analysis) => format!(
                    "{:?} MAD {:.5} {}",
                    test.test,
                    analysis.mad,
                    analysis.conformity.map_or_else(
                        || format!("p {:.3}", analysis.chi_square_p_value),
                        |c| format!("{c:?}")
                    )
                ),
                audit::benford::DigitOutcome::InsufficientData { .. } =>
                    format!("{:?} insufficient data", test.test),
            })
            .collect::<Vec<_>>()
            .join(", ")
    );
    // Outside the timed total: what storing the result costs, and a digest that is the
    // same on every run (the results are deterministic).
    let started = Instant::now();
    let json = serde_json::to_vec(&report).unwrap_or_default();
    println!(
        "report JSON: {} MB in {:.0} ms, FNV-1a digest {:016x}",
        json.len() / 1_000_000,
        millis(started.elapsed()),
        fnv1a(&json)
    );
    for finding in report.findings.iter().filter(|finding| {
        matches!(
            finding.test,
            TestKind::BenfordFirstDigit
                | TestKind::BenfordFirstTwoDigits
                | TestKind::BenfordSecondDigit
                | TestKind::BenfordLastTwoDigits
        )
    }) {
        println!("  {}", finding.reason);
    }
    for limitation in &report.limitations {
        println!(
            "  limitation, {}: {}",
            limitation.step.name(),
            limitation.reason
        );
    }
    for count in report.counts.iter().filter(|count| count.findings > 0) {
        println!(
            "  {:<36} {:>8} findings {:>8} entries",
            format!("{:?}", count.test),
            count.findings,
            count.entries
        );
    }
    Ok(())
}
