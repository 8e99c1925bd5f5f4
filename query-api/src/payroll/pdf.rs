//! A payslip on one A4 page, laid out by the document machinery the audit workpapers and
//! reports use: the employer and period, the employee, earnings, deductions, net pay and
//! the employer's contributions.

use event_schemas::payroll::pay_run::PayslipRecord;

use super::PayRunSummary;
use crate::pdf::{money, Column, Document, PdfError};

/// The payslip's PDF bytes.
pub fn payslip(
    employer: &str,
    run: &PayRunSummary,
    slip: &PayslipRecord,
) -> Result<Vec<u8>, PdfError> {
    let mut doc = Document::new(&format!("Payslip {} {}", run.period, slip.employee_name));
    doc.heading(&format!("Payslip for {}", run.period), 1);
    doc.fields(&[
        ("Employer", employer.to_owned()),
        ("Employee", slip.employee_name.clone()),
        ("Staff ID", slip.staff_id.clone()),
        ("Department", slip.department.clone()),
        ("Pay date", run.pay_date.clone()),
        ("Tax rules", run.rule_set.clone()),
        (
            "Days paid",
            format!("{} of {}", slip.days_paid, slip.days_in_month),
        ),
    ]);
    let columns = [Column::text("Item", 0.7), Column::number("Amount", 0.3)];
    let mut earnings = vec![
        vec!["Basic".to_owned(), money(slip.basic)],
        vec!["Housing".to_owned(), money(slip.housing)],
        vec!["Transport".to_owned(), money(slip.transport)],
    ];
    earnings.extend(
        slip.allowances
            .iter()
            .map(|a| vec![a.name.clone(), money(a.amount)]),
    );
    earnings.push(vec!["Gross pay".to_owned(), money(slip.gross)]);
    doc.heading("Earnings", 2);
    doc.table(&columns, &earnings);
    let mut deductions = vec![
        vec![
            "Pension (employee, 8%)".to_owned(),
            money(slip.pension_employee),
        ],
        vec!["National Housing Fund".to_owned(), money(slip.nhf)],
        vec!["PAYE".to_owned(), money(slip.paye)],
    ];
    deductions.extend(
        slip.deductions
            .iter()
            .map(|d| vec![d.name.clone(), money(d.amount)]),
    );
    doc.heading("Deductions", 2);
    doc.table(&columns, &deductions);
    doc.heading("Net pay", 2);
    doc.fields(&[("Net pay", money(slip.net_pay))]);
    let mut tax = vec![("Taxable income", money(slip.taxable_income))];
    if let Some(cra) = slip.cra {
        tax.push(("Consolidated relief", money(cra)));
    } else {
        tax.push(("Rent relief", money(slip.rent_relief)));
    }
    doc.heading("Tax", 2);
    doc.fields(&tax);
    doc.heading("Employer contributions", 2);
    doc.fields(&[
        ("Pension (employer, 10%)", money(slip.pension_employer)),
        ("NSITF", money(slip.nsitf)),
        ("ITF", money(slip.itf)),
        ("Cost to employer", money(slip.employer_cost)),
    ]);
    doc.finish()
}
