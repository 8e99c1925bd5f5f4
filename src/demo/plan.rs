//! The demo year as a pure function of a seed and the day it ends on.

use chrono::{Datelike, Months, NaiveDate};

use super::books::{
    payroll_totals, share, Books, DemoAsset, DemoEmployee, DemoLoan, Entry, Kobo, Rng, Step,
    NET_SALARIES, STAFF,
};
use super::{calendar, odd, AuditPeriod};

const CUSTOMERS: &[&str] = &[
    "Adebayo Stores",
    "Chukwu & Sons",
    "Ikeja Mart",
    "Kano Wholesale",
    "Lekki Supermarket",
    "Sapphire Foods",
];
const SUPPLIERS: &[&str] = &[
    "Dangote Distribution",
    "Nestle Nigeria",
    "Unilever Nigeria",
    "PZ Cussons",
];

/// The demo company's twelve months ending with the month of `today` (nothing dated after
/// `today`), a pure function of `seed`.
pub fn plan_books(seed: u64, today: NaiveDate) -> Books {
    let mut rng = Rng(seed);
    let this_month = today.with_day(1).unwrap_or(today);
    let start = this_month - Months::new(11);
    let mut steps = Vec::new();
    // Routine entries fall on business days: the day asked for, or the next open day.
    let on = |month: NaiveDate, day: u32| {
        let last = (month + Months::new(1)).pred_opt().unwrap_or(month).day();
        calendar::on_or_after_in_month(month.with_day(day.min(last)).unwrap_or(month))
    };

    // Opening: capital, a bank loan, a delivery van and computers.
    let loan: Kobo = 18_000_000 * 100;
    let van: Kobo = 14_500_000 * 100;
    let computers: Kobo = 3_200_000 * 100;
    steps.push(Step::Post(
        Entry::new(on(start, 1), "Share capital paid in", "CAP-001")
            .dr("1120", "Capital from shareholders", 40_000_000 * 100)
            .cr("3100", "Ordinary shares", 40_000_000 * 100),
    ));
    steps.push(Step::Post(
        Entry::new(on(start, 1), "Petty cash float", "PCV-FLOAT")
            .dr("1110", "Float for small expenses", 250_000 * 100)
            .cr("1120", "Cheque cashed", 250_000 * 100),
    ));
    // Term loan from First Bank, 24 months at 18%, repaid on the 28th.
    let bank_loan = DemoLoan {
        counterparty: "First Bank",
        reference: "LN-2210",
        principal: loan,
        start_date: on(start, 2),
        annual_interest_rate: 18,
        term_months: 24,
        // The agreement's due day, whatever weekday it falls on.
        first_due_date: start.with_day(28).unwrap_or(start),
    };
    let instalments = bank_loan.instalments();
    steps.push(Step::Borrow(bank_loan));
    // Paid by each due date: on the last business day before it when the bank is shut.
    for &(due, amount) in &instalments {
        steps.push(Step::Repay {
            date: calendar::on_or_before(due),
            amount,
        });
    }
    steps.push(Step::Post(
        Entry::new(on(start, 4), "Delivery van (Toyota Hiace)", "FA-001")
            .dr("1520", "Toyota Hiace van", van)
            .cr("1120", "Paid to Coscharis Motors", van),
    ));
    steps.push(Step::RegisterAsset(DemoAsset {
        name: "Toyota Hiace delivery van",
        tag: "FA-001",
        category: "Motor vehicles",
        account: "1520",
        available_for_use: on(start, 4),
        cost: van,
        useful_life_months: 48,
    }));
    steps.push(Step::Post(
        Entry::new(
            on(start, 5),
            "Laptops and point-of-sale terminals",
            "FA-002",
        )
        .dr("1530", "6 laptops, 2 POS terminals", computers)
        .cr("1120", "Paid to Slot Systems", computers),
    ));
    steps.push(Step::RegisterAsset(DemoAsset {
        name: "Laptops and POS terminals",
        tag: "FA-002",
        category: "Computer equipment",
        account: "1530",
        available_for_use: on(start, 5),
        cost: computers,
        useful_life_months: 36,
    }));

    let staff: Vec<DemoEmployee> = STAFF
        .iter()
        .map(
            |&(first_name, last_name, staff_id, department, job_title, gross)| DemoEmployee {
                first_name,
                last_name,
                staff_id,
                department,
                job_title,
                gross,
            },
        )
        .collect();
    for employee in &staff {
        steps.push(Step::Hire {
            date: start,
            employee: employee.clone(),
        });
    }
    let mut receivables: Vec<(Kobo, &str)> = Vec::new();
    let mut payable_last_month: Kobo = 0;
    let mut vat_last_month: (Kobo, Kobo) = (0, 0);
    let mut payroll_last_month: (Kobo, Kobo) = (0, 0);
    let mut invoice = 1000;
    // Goods for resale on the shelves, kobo at cost.
    let mut on_hand: Kobo = 0;
    for m in 0..12u32 {
        let month = start + Months::new(m);
        let label = month.format("%B %Y").to_string();
        let mut vat_out: Kobo = 0;
        let mut vat_in: Kobo = 0;

        // The month's sales planned first, so the stock bought at its start covers them:
        // (day, net, cost). Margins of 35–40 % on cost of sales.
        let sales = 5 + rng.below(3);
        let planned: Vec<(u32, Kobo, Kobo)> = (0..sales)
            .map(|s| {
                let day = 3 + s * 4 + rng.below(3);
                let net = rng.naira(2_200_000, 3_600_000);
                (day, net, share(net, 600 + i64::from(rng.below(50))))
            })
            .collect();
        let month_cost: Kobo = planned.iter().map(|p| p.2).sum();
        // Stock bought on credit, with input VAT: the month's expected issues plus about a
        // third in reserve, less what is still on the shelves.
        let supplier = SUPPLIERS[rng.below(4) as usize];
        let wanted = month_cost + share(month_cost, 300 + i64::from(rng.below(100))) - on_hand;
        let stock = wanted.max(month_cost / 4) / 100 * 100 + rng.naira(1, 9_999);
        on_hand += stock;
        let input_vat = share(stock, 75);
        vat_in += input_vat;
        let delivered = on(month, 2);
        steps.push(Step::Post(
            Entry::new(
                delivered,
                format!("Stock from {supplier}"),
                format!("PO-{:04}", 300 + m),
            )
            .dr("1310", "Goods for resale", stock)
            .dr("1420", "Input VAT 7.5%", input_vat)
            .cr("2110", supplier, stock + input_vat),
        ));
        // Last month's supplier bill paid.
        if payable_last_month > 0 {
            steps.push(Step::Post(
                Entry::new(
                    on(month, 9),
                    "Supplier payment",
                    format!("TRF-{:04}", 500 + m),
                )
                .dr(
                    "2110",
                    "Settlement of last month's bill",
                    payable_last_month,
                )
                .cr("1120", "Bank transfer", payable_last_month),
            ));
            if m == odd::DUPLICATED_PAYMENT_MONTH {
                // The same transfer keyed again the next business day: the supplier is
                // overpaid until someone notices.
                let again = calendar::on_or_after_in_month(on(month, 10));
                steps.push(Step::Post(
                    Entry::new(again, "Supplier payment", format!("TRF-{:04}", 500 + m))
                        .dr(
                            "2110",
                            "Settlement of last month's bill",
                            payable_last_month,
                        )
                        .cr("1120", "Bank transfer", payable_last_month),
                ));
            }
        }
        payable_last_month = stock + input_vat;

        // Customers pay earlier months' invoices, all but the newest two.
        while receivables.len() > 2 {
            let (amount, customer) = receivables.remove(0);
            steps.push(Step::Post(
                Entry::new(
                    on(month, 20 + rng.below(6)),
                    format!("Receipt from {customer}"),
                    "RCPT",
                )
                .dr("1120", "Transfer received", amount)
                .cr("1210", customer, amount),
            ));
        }

        // Sales: cash and on credit, with output VAT and their cost.
        for &(day, net, cost) in &planned {
            // Never before the month's stock arrived (both may land on the same day).
            let sold = on(month, day).max(delivered);
            let vat = share(net, 75);
            vat_out += vat;
            invoice += 1;
            let customer = CUSTOMERS[rng.below(6) as usize];
            let on_credit = rng.below(5) < 3;
            let (debit, how) = if on_credit {
                ("1210", "Invoice")
            } else if net < 2_500_000 * 100 {
                ("1110", "Cash sale")
            } else {
                ("1120", "Transfer received")
            };
            let mut sale = Entry::new(sold, format!("{how}: {customer}"), format!("INV-{invoice}"))
                .dr(debit, customer, net + vat)
                .cr("4100", "Goods sold", net)
                .cr("2130", "Output VAT 7.5%", vat);
            if rng.below(3) == 0 {
                let delivery = rng.naira(15_000, 45_000);
                sale =
                    sale.dr(debit, "Delivery", delivery)
                        .cr("4400", "Delivery charged", delivery);
            }
            let takings: Kobo = sale
                .lines
                .iter()
                .filter(|l| l.code == "1110")
                .filter_map(|l| l.debit)
                .sum();
            steps.push(Step::Post(sale));
            if takings > 0 {
                // Cash takings go to the bank the next business day; the till keeps only
                // the petty-cash float.
                let banked = sold
                    .succ_opt()
                    .map_or(sold, calendar::on_or_after_in_month)
                    .max(sold);
                steps.push(Step::Post(
                    Entry::new(banked, "Cash takings banked", format!("LDG-{invoice}"))
                        .dr("1120", "Lodged at the branch", takings)
                        .cr("1110", "Cash takings", takings),
                ));
            }
            on_hand -= cost;
            steps.push(Step::Post(
                Entry::new(sold, "Cost of goods sold", format!("INV-{invoice}"))
                    .dr("5100", "Cost of goods sold", cost)
                    .cr("1310", "Stock issued", cost),
            ));
            if on_credit {
                receivables.push((net + vat, customer));
            }
        }
        // Premises and running costs.
        steps.push(Step::Post(
            Entry::new(on(month, 1), format!("Warehouse rent, {label}"), "RENT")
                .dr("6210", "Warehouse rent", 650_000 * 100)
                .cr("1120", "Standing order", 650_000 * 100),
        ));
        steps.push(Step::Post(
            Entry::new(
                on(month, 15),
                format!("Utilities, {label}"),
                format!("UTL-{:02}", m + 1),
            )
            .dr("6220", "Ikeja Electric", rng.naira(120_000, 210_000))
            .dr(
                "6230",
                "Diesel for the generator",
                rng.naira(180_000, 340_000),
            )
            .dr("6310", "Internet and phones", 85_000 * 100)
            .cr("1120", "Paid", 0)
            .balanced_by_last(),
        ));
        steps.push(Step::Post(
            Entry::new(on(month, 16), "Security services", "SEC")
                .dr("6240", "Guards, Halogen Security", 147_850 * 100)
                .cr("1120", "Paid", 147_850 * 100),
        ));
        if m % 3 == 1 {
            let spend = rng.naira(150_000, 400_000);
            steps.push(Step::Post(
                Entry::new(on(month, 12), "Radio and social media campaign", "MKT")
                    .dr("6360", "Advertising", spend)
                    .cr("1120", "Paid", spend),
            ));
        }

        // Payroll: the month's pay run (posted by the payroll routes, which compute it
        // under the pay date's rules), net pay paid from the bank, last month's PAYE and
        // pension remitted.
        let pay_date = on(month, 27);
        let totals = payroll_totals(&staff, month, pay_date);
        steps.push(Step::PayRun {
            period: month.format("%Y-%m").to_string(),
            pay_date,
        });
        steps.push(Step::Post(
            Entry::new(
                pay_date,
                format!("Net salaries, {label}"),
                format!("NET-{:02}", m + 1),
            )
            .dr(NET_SALARIES, "Net pay to staff", totals.net)
            .cr("1120", "Paid", totals.net),
        ));
        if payroll_last_month.0 > 0 {
            let (paye, pension) = payroll_last_month;
            steps.push(Step::Post(
                Entry::new(
                    on(month, 10),
                    "PAYE to LIRS and pension to the PFA",
                    "REMIT",
                )
                .dr("2140", "PAYE remitted", paye)
                .dr("2150", "Pension remitted", pension)
                .cr("1120", "Paid", paye + pension),
            ));
        }
        payroll_last_month = (totals.paye, totals.pension);
        if m % 4 == 3 {
            let welfare = rng.naira(60_000, 160_000);
            steps.push(Step::Post(
                Entry::new(on(month, 28), "Staff lunch and end-of-quarter party", "WLF")
                    .dr("6130", "Staff welfare", welfare)
                    .cr("1110", "Petty cash", welfare),
            ));
            // The float topped back up by what was spent from it.
            steps.push(Step::Post(
                Entry::new(on(month, 28), "Petty cash top-up", "PCV-TOPUP")
                    .dr("1110", "Float restored", welfare)
                    .cr("1120", "Cheque cashed", welfare),
            ));
        }

        // Last month's VAT remitted to FIRS (output less input).
        if vat_last_month.0 > vat_last_month.1 {
            let (output, input) = vat_last_month;
            steps.push(Step::Post(
                Entry::new(on(month, 21), "VAT return", "FIRS-VAT")
                    .dr("2130", "Output VAT", output)
                    .cr("1420", "Input VAT", input)
                    .cr("1120", "VAT paid", output - input),
            ));
        }
        vat_last_month = (vat_out, vat_in);

        steps.push(Step::Post(
            Entry::new(on(month, 28), "Bank charges", "BANK")
                .dr("6340", "Charges and stamp duty", rng.naira(9_000, 24_000))
                .cr("1120", "Debited", 0)
                .balanced_by_last(),
        ));

        // Straight-line depreciation of the register (van over 4 years, computers over 3),
        // charged from the month after each came into use.
        if m > 0 {
            steps.push(Step::Depreciate {
                period: month.format("%Y-%m").to_string(),
                month_end: (month + Months::new(1)).pred_opt().unwrap_or(month),
            });
        }

        // Mistakes, reversed and corrected.
        match m {
            2 => {
                // The rent standing order keyed again by hand.
                steps.push(Step::PostAndReverse {
                    entry: Entry::new(on(month, 3), format!("Warehouse rent, {label}"), "RENT")
                        .dr("6210", "Warehouse rent", 650_000 * 100)
                        .cr("1120", "Paid", 650_000 * 100),
                    reverse_on: on(month, 6),
                });
            }
            6 => {
                // A diesel bill booked to electricity, then moved.
                let bill = rng.naira(200_000, 260_000);
                steps.push(Step::PostAndReverse {
                    entry: Entry::new(on(month, 17), "Diesel top-up", "UTL-X")
                        .dr("6220", "Diesel", bill)
                        .cr("1120", "Paid", bill),
                    reverse_on: on(month, 19),
                });
                steps.push(Step::Post(
                    Entry::new(on(month, 19), "Diesel top-up (corrected)", "UTL-X")
                        .dr("6230", "Diesel", bill)
                        .cr("1120", "Paid", bill),
                ));
            }
            9 => {
                // A receipt posted with two digits swapped.
                let wrong = 3_840_000 * 100;
                let right = 3_480_000 * 100;
                steps.push(Step::PostAndReverse {
                    entry: Entry::new(on(month, 11), "Receipt from Ikeja Mart", "RCPT-X")
                        .dr("1120", "Transfer received", wrong)
                        .cr("4300", "Unidentified receipt", wrong),
                    reverse_on: on(month, 12),
                });
                steps.push(Step::Post(
                    Entry::new(
                        on(month, 12),
                        "Receipt from Ikeja Mart (corrected)",
                        "RCPT-X",
                    )
                    .dr("1120", "Transfer received", right)
                    .cr("4300", "Sundry receipt", right),
                ));
            }
            _ => {}
        }
    }

    let audit_period = AuditPeriod::of(start, today);
    steps.extend(odd::entries(start, audit_period));

    // Two entries the Editor has prepared for the Admin to post.
    let drafted = calendar::on_or_before(today);
    steps.push(Step::Draft(
        Entry::new(drafted, "Stationery and printer toner", "PCV-118")
            .dr("6320", "Office supplies", 48_500 * 100)
            .cr("1110", "Petty cash", 48_500 * 100),
    ));
    steps.push(Step::Draft(
        Entry::new(drafted, "Van servicing and tyres", "PCV-119")
            .dr("6330", "Transport", 212_000 * 100)
            .cr("1120", "Paid", 212_000 * 100),
    ));

    // Nothing in the future: the current month is as far as today.
    steps.retain(|step| match step {
        Step::Post(e) | Step::Draft(e) => e.date <= today,
        Step::PostAndReverse { reverse_on, .. } => *reverse_on <= today,
        Step::Hire { date, .. } | Step::PayRun { pay_date: date, .. } => *date <= today,
        Step::Borrow(loan) => loan.start_date <= today,
        Step::Repay { date, .. } => *date <= today,
        Step::RegisterAsset(asset) => asset.available_for_use <= today,
        Step::Depreciate { month_end, .. } => *month_end <= today,
    });
    // Posted in date order, as a bookkeeper would (stable: same-day entries keep their order).
    steps.sort_by_key(|step| match step {
        Step::Post(e) | Step::Draft(e) | Step::PostAndReverse { entry: e, .. } => e.date,
        Step::Hire { date, .. } | Step::PayRun { pay_date: date, .. } => *date,
        Step::Borrow(loan) => loan.start_date,
        Step::Repay { date, .. } => *date,
        Step::RegisterAsset(asset) => asset.available_for_use,
        Step::Depreciate { month_end, .. } => *month_end,
    });
    Books {
        steps,
        first_date: start,
        last_date: today,
        audit_period,
    }
}

impl Entry {
    /// Sets the last line (a credit of 0) to what balances the entry.
    fn balanced_by_last(mut self) -> Self {
        let imbalance = self.imbalance();
        if let Some(last) = self.lines.last_mut() {
            last.credit = Some(last.credit.unwrap_or(0) + imbalance);
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demo::{APPROVAL_THRESHOLD, DEFAULT_SEED};

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("date")
    }

    fn entries(books: &Books) -> impl Iterator<Item = &Entry> {
        books.steps.iter().filter_map(|s| match s {
            Step::Post(e) | Step::Draft(e) | Step::PostAndReverse { entry: e, .. } => Some(e),
            Step::Hire { .. }
            | Step::PayRun { .. }
            | Step::Borrow(_)
            | Step::Repay { .. }
            | Step::RegisterAsset(_)
            | Step::Depreciate { .. } => None,
        })
    }

    #[test]
    fn the_van_and_computers_are_registered_and_depreciated_by_monthly_runs() {
        let today = day(2026, 11, 23);
        let books = plan_books(DEFAULT_SEED, today);
        let assets: Vec<&DemoAsset> = books
            .steps
            .iter()
            .filter_map(|s| match s {
                Step::RegisterAsset(a) => Some(a),
                _ => None,
            })
            .collect();
        let periods: Vec<&str> = books
            .steps
            .iter()
            .filter_map(|s| match s {
                Step::Depreciate { period, .. } => Some(period.as_str()),
                _ => None,
            })
            .collect();

        assert_eq!(
            assets.iter().map(|a| a.tag).collect::<Vec<_>>(),
            ["FA-001", "FA-002"]
        );
        // From the month after the purchases (December 2025) to the last month ended.
        assert_eq!(periods.first(), Some(&"2026-01"));
        assert_eq!(periods.last(), Some(&"2026-10"));
        assert_eq!(periods.len(), 10);
        assert!(
            entries(&books).all(|e| !e.lines.iter().any(|l| l.code == "1590")),
            "no depreciation is written by hand"
        );
    }

    #[test]
    fn every_planned_entry_balances_with_positive_amounts() {
        let books = plan_books(DEFAULT_SEED, day(2026, 11, 23));
        for entry in entries(&books) {
            assert_eq!(entry.imbalance(), 0, "{entry:?}");
            assert!(
                entry
                    .lines
                    .iter()
                    .all(|l| l.debit.unwrap_or(1) > 0 && l.credit.unwrap_or(1) > 0),
                "{entry:?}"
            );
        }
    }

    #[test]
    fn the_books_cover_twelve_months_ending_today_and_nothing_after() {
        let today = day(2026, 11, 23);
        let books = plan_books(DEFAULT_SEED, today);
        let months: std::collections::BTreeSet<_> = entries(&books)
            .map(|e| (e.date.year(), e.date.month()))
            .collect();
        assert_eq!(months.len(), 12);
        assert_eq!(months.first(), Some(&(2025, 12)));
        assert!(entries(&books).all(|e| e.date <= today));
        assert!(books.steps.len() > 200, "{}", books.steps.len());
        let reversals = books
            .steps
            .iter()
            .filter(|s| matches!(s, Step::PostAndReverse { .. }))
            .count();
        assert_eq!(reversals, 4, "three mistakes and the sale taken back");
    }

    #[test]
    fn the_bank_loan_is_a_debt_repaid_on_the_28th_by_its_schedule() {
        let books = plan_books(DEFAULT_SEED, day(2026, 11, 23));
        let repaid: Vec<(NaiveDate, Kobo)> = books
            .steps
            .iter()
            .filter_map(|s| match s {
                Step::Repay { date, amount } => Some((*date, *amount)),
                _ => None,
            })
            .collect();
        let borrowed = books
            .steps
            .iter()
            .position(|s| matches!(s, Step::Borrow(_)));
        let first_repaid = books
            .steps
            .iter()
            .position(|s| matches!(s, Step::Repay { .. }));

        assert!(borrowed < first_repaid && borrowed.is_some());
        // 28 December 2025 to 28 October 2026; November's falls after today. December's
        // is paid on Christmas Eve, the last business day before the Sunday it falls on.
        assert_eq!(repaid.len(), 11);
        assert_eq!(repaid[0].0, day(2025, 12, 24));
        assert_eq!(repaid[1], (day(2026, 1, 28), 100_875_000));
        assert_eq!(repaid[1], (day(2026, 1, 28), 100_875_000));
    }

    #[test]
    fn stock_on_hand_never_goes_below_zero() {
        for seed in [DEFAULT_SEED, 11, 7] {
            let books = plan_books(seed, day(2026, 11, 23));
            let mut on_hand: Kobo = 0;
            for entry in entries(&books) {
                for line in entry.lines.iter().filter(|l| l.code == "1310") {
                    on_hand += line.debit.unwrap_or(0) - line.credit.unwrap_or(0);
                }
                assert!(on_hand >= 0, "seed {seed}: {on_hand} after {entry:?}");
            }
        }
    }

    #[test]
    fn cash_takings_are_banked_and_the_till_never_runs_dry() {
        for seed in [DEFAULT_SEED, 11, 7] {
            let books = plan_books(seed, day(2026, 11, 23));
            let mut till: Kobo = 0;
            for entry in entries(&books) {
                if matches!(entry.reference.as_str(), "PCV-118" | "PCV-119") {
                    continue; // drafts, not posted
                }
                for line in entry.lines.iter().filter(|l| l.code == "1110") {
                    till += line.debit.unwrap_or(0) - line.credit.unwrap_or(0);
                }
                assert!(till >= 0, "seed {seed}: {till} after {entry:?}");
            }
            assert!(
                till <= 250_000 * 100 + 5_000_000 * 100,
                "seed {seed}: {till} in the till"
            );
        }
    }

    #[test]
    fn hand_entries_fall_on_business_days_but_the_sunday_consultancy_fee() {
        let books = plan_books(DEFAULT_SEED, day(2026, 11, 23));
        let closed: Vec<&Entry> = entries(&books)
            .filter(|e| !calendar::is_business_day(e.date))
            .collect();
        assert_eq!(closed.len(), 1, "{closed:?}");
        assert_eq!(closed[0].memo, "Consultancy fee");
        assert_eq!(closed[0].date.weekday(), chrono::Weekday::Sun);
        let days: std::collections::BTreeSet<NaiveDate> = entries(&books).map(|e| e.date).collect();
        assert!(
            days.len() > 12 * 10,
            "spread over the month: {}",
            days.len()
        );
    }

    #[test]
    fn one_hand_entry_lies_just_under_the_approval_threshold() {
        let books = plan_books(DEFAULT_SEED, day(2026, 11, 23));
        let total = |e: &Entry| e.lines.iter().filter_map(|l| l.debit).sum::<Kobo>();
        let under: Vec<&Entry> = entries(&books)
            .filter(|e| total(e) < APPROVAL_THRESHOLD && total(e) * 100 >= APPROVAL_THRESHOLD * 95)
            .collect();
        assert_eq!(under.len(), 1, "{under:?}");
        assert!(under[0].date <= books.audit_period.end);
    }

    #[test]
    fn the_sale_taken_back_is_reversed_days_after_the_audit_period() {
        let books = plan_books(DEFAULT_SEED, day(2026, 11, 23));
        assert_eq!(books.audit_period.end, day(2026, 10, 31));
        let Some(Step::PostAndReverse { entry, reverse_on }) = books.steps.iter().find(
            |s| matches!(s, Step::PostAndReverse { entry, .. } if entry.reference == "INV-0999"),
        ) else {
            panic!("no sale taken back");
        };
        assert_eq!(entry.date, day(2026, 10, 30));
        assert_eq!(*reverse_on, day(2026, 11, 3));
        // Early in a month the period ends a month sooner, so the reversal has happened.
        assert_eq!(
            AuditPeriod::of(day(2025, 12, 1), day(2026, 11, 4)).end,
            day(2026, 9, 30)
        );
    }

    #[test]
    fn the_same_seed_gives_the_same_books_and_another_seed_other_amounts() {
        let today = day(2026, 6, 30);
        assert_eq!(plan_books(7, today), plan_books(7, today));
        assert_ne!(plan_books(7, today), plan_books(8, today));
    }
}
