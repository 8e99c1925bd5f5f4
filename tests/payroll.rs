//! Payroll through the real HTTP API, on SQLite and Postgres: employees hired, a pay run
//! drafted under the pay date's rules, approved and posted to the books (trial balance
//! and general ledger), reversed to nothing; one run per period; Admins run payroll,
//! Editors read it, Viewers are refused; a payslip PDF holds the net pay.

mod common;

use common::books::{books, leaf, Books};
use common::{Reply, Session, TestApp};
use serde_json::{json, Value};
use store::{backend_tests, Backend};

fn payroll(books: &Books) -> String {
    format!("{}payroll/", books.base)
}

/// An employee on `gross` a year split 50/30/20, paying ₦1.2m rent.
fn employee(first: &str, staff_id: &str, gross: u64) -> Value {
    json!({
        "first_name": first, "last_name": "Okafor", "email": format!("{}@books.ng", first.to_lowercase()),
        "staff_id": staff_id, "department": "Finance", "job_title": "Accountant",
        "start_date": "2025-01-01",
        "basic": format!("{}", gross / 2), "housing": format!("{}", gross * 3 / 10),
        "transport": format!("{}", gross / 5), "annual_rent": "1200000",
        "other_allowances": [], "other_deductions": []
    })
}

async fn hire(app: &TestApp, books: &Books, body: Value) -> String {
    let reply = app
        .post(
            &format!("{}employees/", payroll(books)),
            Some(&books.owner.access),
            body,
        )
        .await;
    assert_eq!(reply.status, 201, "{}", reply.body);
    reply.body["data"]["id"].as_str().expect("id").to_owned()
}

async fn draft(app: &TestApp, books: &Books, period: &str, pay_date: &str) -> Reply {
    app.post(
        &format!("{}pay-runs/", payroll(books)),
        Some(&books.owner.access),
        json!({"period": period, "pay_date": pay_date}),
    )
    .await
}

async fn step(app: &TestApp, books: &Books, run: &str, action: &str) -> Reply {
    app.post(
        &format!("{}pay-runs/{run}/{action}/", payroll(books)),
        Some(&books.owner.access),
        json!({}),
    )
    .await
}

/// Ada (₦3m) and Bayo (₦12m) hired; January 2026's run drafted, approved and posted.
async fn posted_january(app: &TestApp, books: &Books) -> (String, String, String) {
    let ada = hire(app, books, employee("Ada", "EMP-001", 3_000_000)).await;
    let bayo = hire(app, books, employee("Bayo", "EMP-002", 12_000_000)).await;
    let drafted = draft(app, books, "2026-01", "2026-01-28").await;
    assert_eq!(drafted.status, 201, "{}", drafted.body);
    let run = drafted.body["data"]["id"].as_str().expect("id").to_owned();
    let approved = step(app, books, &run, "approve").await;
    assert_eq!(
        approved.body["data"]["status"], "approved",
        "{}",
        approved.body
    );
    let posted = step(app, books, &run, "post").await;
    assert_eq!(posted.status, 200, "{}", posted.body);
    assert_eq!(posted.body["data"]["status"], "posted");
    let _ = bayo;
    (
        ada,
        run,
        posted.body["data"]["journal_entry_id"]
            .as_str()
            .unwrap_or("")
            .to_owned(),
    )
}

async fn balance(app: &TestApp, books: &Books, code: &str) -> (String, String) {
    let tb = app
        .read(
            &format!("{}trial-balance/?as_of=2026-12-31", books.base),
            Some(&books.owner.access),
        )
        .await;
    assert_eq!(tb.status, 200, "{}", tb.body);
    assert_eq!(tb.body["data"]["balanced"], true);
    let row = tb.body["data"]["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .find(|r| r["account_code"] == code)
        .unwrap_or_else(|| panic!("account {code} in the trial balance"))
        .clone();
    (
        row["balance"].as_str().unwrap_or_default().to_owned(),
        row["credit"].as_str().unwrap_or_default().to_owned(),
    )
}

async fn a_draft_computes_each_payslip_under_the_pay_dates_rules(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let ada = hire(&app, &books, employee("Ada", "EMP-001", 3_000_000)).await;
    hire(&app, &books, employee("Bayo", "EMP-002", 12_000_000)).await;

    let drafted = draft(&app, &books, "2026-01", "2026-01-28").await;
    let run = drafted.body["data"]["id"].as_str().expect("id");
    let detail = app
        .read(
            &format!("{}pay-runs/{run}/", payroll(&books)),
            Some(&books.owner.access),
        )
        .await;

    assert_eq!(drafted.body["data"]["status"], "draft", "{}", drafted.body);
    assert_eq!(
        detail.body["data"]["rule_set"], "NTA2025",
        "{}",
        detail.body
    );
    let slips = detail.body["data"]["payslips"]
        .as_array()
        .expect("payslips");
    let ada_slip = slips
        .iter()
        .find(|s| s["employee_id"] == ada.as_str())
        .expect("Ada");
    assert_eq!(ada_slip["paye"], "21031.25");
    assert_eq!(ada_slip["net_pay"], "205843.75");
    assert_eq!(ada_slip["rule_set"], "NTA2025");
    assert_eq!(detail.body["data"]["totals"]["paye"], "163281.25");
    let pita = draft(&app, &books, "2025-12", "2025-12-24").await;
    let pita_run = pita.body["data"]["id"].as_str().expect("id");
    let pita_detail = app
        .read(
            &format!("{}pay-runs/{pita_run}/", payroll(&books)),
            Some(&books.owner.access),
        )
        .await;
    assert_eq!(pita_detail.body["data"]["rule_set"], "PITA");
    assert_eq!(pita_detail.body["data"]["totals"]["paye"], "178188.34");
    app.stop().await;
}

async fn a_posted_run_is_in_the_trial_balance_and_ledger_and_its_reversal_nets_to_zero(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let (_, run, _) = posted_january(&app, &books).await;

    let (salaries, _) = balance(&app, &books, "6110").await;
    let (_, paye) = balance(&app, &books, "2140").await;
    let (_, net) = balance(&app, &books, "2190").await;
    let salaries_id = leaf(&app, &books, "6110").await;
    let gl = app
        .read(
            &format!(
                "{}general-ledger/?from=2026-01-01&to=2026-01-31&account_id={salaries_id}",
                books.base
            ),
            Some(&books.owner.access),
        )
        .await;
    let reversed = app
        .post(
            &format!("{}pay-runs/{run}/reverse/", payroll(&books)),
            Some(&books.owner.access),
            json!({"date": "2026-02-05"}),
        )
        .await;
    let (after, _) = balance(&app, &books, "6110").await;
    let (paye_after, _) = balance(&app, &books, "2140").await;

    assert_eq!(salaries, "1250000.00");
    assert_eq!(paye, "163281.25");
    assert!(
        net.parse::<f64>().unwrap_or(0.0) > 0.0,
        "net salaries payable: {net}"
    );
    assert_eq!(gl.status, 200, "{}", gl.body);
    assert_eq!(gl.body["data"]["total_debit"], "1250000.00", "{}", gl.body);
    assert_eq!(reversed.status, 200, "{}", reversed.body);
    assert_eq!(reversed.body["data"]["status"], "reversed");
    assert_eq!(after, "0.00");
    assert_eq!(paye_after, "0.00");
    app.stop().await;
}

async fn a_second_run_for_a_period_is_refused_until_the_first_is_reversed(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let (_, run, _) = posted_january(&app, &books).await;

    let second = draft(&app, &books, "2026-01", "2026-01-30").await;
    let repost = step(&app, &books, &run, "approve").await;
    step(&app, &books, &run, "reverse").await;
    let after_reversal = draft(&app, &books, "2026-01", "2026-01-30").await;

    assert_eq!(second.status, 409, "{}", second.body);
    assert_eq!(
        repost.status, 409,
        "a posted run never changes: {}",
        repost.body
    );
    assert_eq!(after_reversal.status, 201, "{}", after_reversal.body);
    app.stop().await;
}

async fn admins_run_payroll_editors_read_it_and_viewers_are_refused(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let editor: Session = app.signed_up("bola@books.ng").await;
    let viewer: Session = app.signed_up("chidi@books.ng").await;
    app.add_member(&books.owner, "bola@books.ng", 1, &books.workspace)
        .await;
    app.add_member(&books.owner, "chidi@books.ng", 0, &books.workspace)
        .await;
    let (_, run, _) = posted_january(&app, &books).await;
    let employees = format!("{}employees/", payroll(&books));

    let editor_reads = app.read(&employees, Some(&editor.access)).await;
    let editor_run = app
        .read(
            &format!("{}pay-runs/{run}/", payroll(&books)),
            Some(&editor.access),
        )
        .await;
    let editor_hires = app
        .post(
            &employees,
            Some(&editor.access),
            employee("Eze", "EMP-9", 3_000_000),
        )
        .await;
    let editor_drafts = app
        .post(
            &format!("{}pay-runs/", payroll(&books)),
            Some(&editor.access),
            json!({"period": "2026-02", "pay_date": "2026-02-27"}),
        )
        .await;
    let viewer_reads = app.read(&employees, Some(&viewer.access)).await;

    assert_eq!(editor_reads.status, 200, "{}", editor_reads.body);
    assert_eq!(editor_reads.body["data"]["count"], 2);
    assert_eq!(editor_run.status, 200);
    assert_eq!(editor_hires.status, 403);
    assert_eq!(editor_hires.body["code"], "role_restriction");
    assert_eq!(editor_drafts.status, 403);
    assert_eq!(editor_drafts.body["code"], "role_restriction");
    assert_eq!(viewer_reads.status, 403);
    assert_eq!(viewer_reads.body["code"], "role_restriction");
    app.stop().await;
}

async fn the_payslip_pdf_holds_the_employees_net_pay(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let (ada, run, _) = posted_january(&app, &books).await;

    let (status, headers, _) = app
        .get(
            &format!("{}pay-runs/{run}/payslips/{ada}/pdf/", payroll(&books)),
            Some(&books.owner.access),
        )
        .await;
    let bytes = app
        .client
        .get(format!(
            "{}{}pay-runs/{run}/payslips/{ada}/pdf/",
            app.base,
            payroll(&books)
        ))
        .bearer_auth(&books.owner.access)
        .send()
        .await
        .expect("download")
        .bytes()
        .await
        .expect("bytes");

    assert_eq!(status, 200);
    assert_eq!(headers["content-type"], "application/pdf");
    assert!(bytes.starts_with(b"%PDF-"));
    let text = common::pdf_text(&bytes);
    for expected in ["Ada Okafor", "Net pay", "205,843.75", "NTA2025", "2026-01"] {
        assert!(text.contains(expected), "{expected} is not in the payslip");
    }
    app.stop().await;
}

async fn employees_are_filtered_searched_and_terminated(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let ada = hire(&app, &books, employee("Ada", "EMP-001", 3_000_000)).await;
    let mut sales = employee("Bayo", "EMP-002", 12_000_000);
    sales["department"] = json!("Sales");
    hire(&app, &books, sales).await;
    let list = |query: &str| format!("{}employees/?{query}", payroll(&books));

    let ended = app
        .post(
            &format!("{}employees/{ada}/terminate/", payroll(&books)),
            Some(&books.owner.access),
            json!({"end_date": "2026-01-15"}),
        )
        .await;
    let active = app
        .read(&list("status=active"), Some(&books.owner.access))
        .await;
    let in_sales = app
        .read(&list("department=Sales"), Some(&books.owner.access))
        .await;
    let searched = app
        .read(&list("search=emp-001"), Some(&books.owner.access))
        .await;
    let renamed = app
        .patch(
            &format!("{}employees/{ada}/", payroll(&books)),
            Some(&books.owner.access),
            json!({"job_title": "Chief accountant"}),
        )
        .await;
    let shown = app
        .read(
            &format!("{}employees/{ada}/", payroll(&books)),
            Some(&books.owner.access),
        )
        .await;
    let january = draft(&app, &books, "2026-01", "2026-01-28").await;
    let run = january.body["data"]["id"].as_str().expect("id");
    let detail = app
        .read(
            &format!("{}pay-runs/{run}/", payroll(&books)),
            Some(&books.owner.access),
        )
        .await;

    assert_eq!(ended.status, 200, "{}", ended.body);
    assert_eq!(active.body["data"]["count"], 1);
    assert_eq!(in_sales.body["data"]["data"][0]["first_name"], "Bayo");
    assert_eq!(searched.body["data"]["data"][0]["id"], ada.as_str());
    assert_eq!(renamed.status, 200, "{}", renamed.body);
    assert_eq!(shown.body["data"]["job_title"], "Chief accountant");
    assert_eq!(shown.body["data"]["status"], "terminated");
    assert_eq!(shown.body["data"]["end_date"], "2026-01-15");
    let ada_slip = detail.body["data"]["payslips"]
        .as_array()
        .expect("payslips")
        .iter()
        .find(|s| s["employee_id"] == ada.as_str())
        .expect("Ada is paid for her days in January")
        .clone();
    assert_eq!(ada_slip["days_paid"], 15);
    app.stop().await;
}

async fn bad_input_is_refused_naming_the_field(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    let mut negative = employee("Ada", "EMP-001", 3_000_000);
    negative["basic"] = json!("-5");
    let mut words = employee("Ada", "EMP-001", 3_000_000);
    words["housing"] = json!("a lot");

    let refused = app
        .post(
            &format!("{}employees/", payroll(&books)),
            Some(&books.owner.access),
            negative,
        )
        .await;
    let unreadable = app
        .post(
            &format!("{}employees/", payroll(&books)),
            Some(&books.owner.access),
            words,
        )
        .await;
    let bad_period = draft(&app, &books, "2026-13", "2026-01-28").await;
    let nobody = draft(&app, &books, "2026-01", "2026-01-28").await;

    assert_eq!(refused.status, 400);
    assert!(refused.body["basic"].is_array(), "{}", refused.body);
    assert_eq!(unreadable.status, 400);
    assert!(unreadable.body["housing"].is_array(), "{}", unreadable.body);
    assert_eq!(bad_period.status, 400);
    assert!(bad_period.body["period"].is_array(), "{}", bad_period.body);
    assert_eq!(nobody.status, 400);
    assert!(nobody.body["period"].is_array(), "{}", nobody.body);
    app.stop().await;
}

async fn the_summary_totals_posted_runs_per_month(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let books = books(&app).await;
    posted_january(&app, &books).await;

    let summary = app
        .read(
            &format!("{}summary/?year=2026", payroll(&books)),
            Some(&books.owner.access),
        )
        .await;
    let settings = app
        .read(
            &format!("{}settings/", payroll(&books)),
            Some(&books.owner.access),
        )
        .await;

    assert_eq!(summary.status, 200, "{}", summary.body);
    assert_eq!(summary.body["data"]["months"][0]["period"], "2026-01");
    assert_eq!(
        summary.body["data"]["months"][0]["totals"]["gross"],
        "1250000.00"
    );
    assert_eq!(summary.body["data"]["totals"]["paye"], "163281.25");
    assert_eq!(settings.body["data"]["configured"], true);
    assert_eq!(settings.body["data"]["itf_applies"], true);
    app.stop().await;
}

backend_tests!(
    a_draft_computes_each_payslip_under_the_pay_dates_rules,
    a_posted_run_is_in_the_trial_balance_and_ledger_and_its_reversal_nets_to_zero,
    a_second_run_for_a_period_is_refused_until_the_first_is_reversed,
    admins_run_payroll_editors_read_it_and_viewers_are_refused,
    the_payslip_pdf_holds_the_employees_net_pay,
    employees_are_filtered_searched_and_terminated,
    bad_input_is_refused_naming_the_field,
    the_summary_totals_posted_runs_per_month,
);
