//! Questions about entries, drafts, declines, limited access and privacy — each expected
//! answer read from the journal, its history or the audit session's results.

use std::str::FromStr;

use chrono::{Datelike, Months};
use rust_decimal::Decimal;

use super::{amounts, d, dec, first, month_end, month_start, text, today, Books};

use super::shared::{find_code, has_source};

pub async fn entries(b: &Books) -> usize {
    let c = b.start(&b.admin).await;
    let mut asked = 0;
    // Who posted, from each entry's history (the actor of its posting).
    for question in [
        "who posted JE-000001",
        "who posted JE-5",
        "When was JE-000012 posted and by whom?",
    ] {
        let answer = b.ask_as(&b.admin, &c, question).await;
        let number = if question.contains("JE-5") {
            "JE-000005".to_owned()
        } else {
            question
                .split_whitespace()
                .find(|w| w.starts_with("JE-"))
                .expect("number")
                .to_owned()
        };
        let entry = b.entry_by_number(&number).await;
        let history = b
            .get(&format!(
                "{}journal-entries/{}/history/",
                b.accounting(),
                entry["id"].as_str().expect("id")
            ))
            .await;
        let poster = history["events"]
            .as_array()
            .expect("events")
            .iter()
            .find(|e| e["event_type"] == "JournalEntryPosted")
            .and_then(|e| e["actor_name"].as_str())
            .expect("posted by someone")
            .to_owned();
        assert!(text(&answer).contains(&poster), "{question}: {answer}");
        assert_eq!(first(&answer), dec(&entry["amount"]), "{question}");
        assert!(has_source(&answer, "journal_entry"), "{question}");
        asked += 1;
    }
    let unknown = b.ask_as(&b.admin, &c, "who posted JE-999999").await;
    assert!(text(&unknown).contains("no entry JE-999999"), "{unknown}");
    asked += 1;
    // The latest postings to an account, newest first, as the journal lists them.
    let t = today();
    let last = month_start(t) - Months::new(1);
    let answer = b
        .ask_as(&b.admin, &c, "who posted to rent last month")
        .await;
    let rent = b.get(&format!("{}accounts/", b.accounting())).await;
    let rent_id = find_code(&rent, "6210").expect("rent account");
    let listed = b
        .get(&format!(
            "{}journal-entries/?status=posted&account_id={rent_id}&date_from={last}&date_to={}&page_size=5",
            b.accounting(),
            month_end(last)
        ))
        .await;
    let expected: Vec<Decimal> = listed["data"]
        .as_array()
        .expect("data")
        .iter()
        .map(|e| dec(&e["amount"]))
        .collect();
    assert_eq!(amounts(&answer), expected, "{answer}");
    asked += 1;
    let answer = b
        .ask_as(&b.admin, &c, "who posted entries this month?")
        .await;
    let listed = b
        .get(&format!(
            "{}journal-entries/?status=posted&date_from={}&date_to={}&page_size=5",
            b.accounting(),
            month_start(t),
            month_end(t)
        ))
        .await;
    let expected: Vec<Decimal> = listed["data"]
        .as_array()
        .expect("data")
        .iter()
        .map(|e| dec(&e["amount"]))
        .collect();
    assert_eq!(amounts(&answer), expected, "{answer}");
    asked += 1;
    // An entry explained: its lines' amounts, its history, a reversal named.
    for question in ["explain JE-000003", "tell me about entry #10"] {
        let answer = b.ask_as(&b.admin, &c, question).await;
        let number = if question.contains("#10") {
            "JE-000010"
        } else {
            "JE-000003"
        };
        let entry = b.entry_by_number(number).await;
        let detail = b
            .get(&format!(
                "{}journal-entries/{}/",
                b.accounting(),
                entry["id"].as_str().expect("id")
            ))
            .await;
        let lines: Vec<Decimal> = detail["lines"]
            .as_array()
            .expect("lines")
            .iter()
            .map(|l| dec(&l["debit"]).max(dec(&l["credit"])))
            .collect();
        assert_eq!(
            &amounts(&answer)[..lines.len()],
            &lines[..],
            "{question}: {answer}"
        );
        assert!(has_source(&answer, "journal_entry_history"), "{question}");
        asked += 1;
    }
    let reversed = b
        .get(&format!(
            "{}journal-entries/?status=reversed",
            b.accounting()
        ))
        .await;
    let reversed = reversed["data"][0].clone();
    let number = reversed["entry_number"].as_str().expect("number");
    let answer = b.ask_as(&b.admin, &c, &format!("explain {number}")).await;
    let by = b
        .get(&format!(
            "{}journal-entries/{}/",
            b.accounting(),
            reversed["id"].as_str().expect("id")
        ))
        .await;
    let by = by["reversed_by_number"].as_str().expect("reversed by");
    assert!(
        text(&answer).contains(&format!("reversed by {by}")),
        "{answer}"
    );
    asked += 1;
    // Why an entry is risky: the audit session's score of it, and its findings cited.
    let results = b
        .get(&format!(
            "/api/v1/audit/workspaces/{}/sessions/{}/results/",
            b.report.workspace_id, b.report.audit_session
        ))
        .await;
    let flagged = results["flagged"].as_array().expect("flagged").clone();
    assert!(flagged.len() >= 2, "{results}");
    for (i, phrase) in ["why is {} risky?", "why was {} flagged"]
        .iter()
        .enumerate()
    {
        let number = flagged[i]["number"].as_str().expect("number");
        let question = phrase.replace("{}", number);
        let answer = b.ask_as(&b.admin, &c, &question).await;
        let score = Decimal::from_str(&format!(
            "{:.1}",
            flagged[i]["score"].as_f64().expect("score")
        ))
        .expect("score");
        assert_eq!(first(&answer), score.normalize(), "{question}: {answer}");
        assert!(has_source(&answer, "audit_finding"), "{question}: {answer}");
        asked += 1;
    }
    let answer = b.ask_as(&b.admin, &c, "which entries are risky?").await;
    let expected: Vec<Decimal> = flagged
        .iter()
        .take(5)
        .map(|f| {
            Decimal::from_str(&format!("{:.1}", f["score"].as_f64().expect("score")))
                .expect("score")
                .normalize()
        })
        .collect();
    let got: Vec<Decimal> = amounts(&answer)
        .into_iter()
        .map(|a| a.normalize())
        .collect();
    assert_eq!(got, expected, "{answer}");
    asked += 1;
    asked
}

pub async fn drafts_and_declines(b: &Books) -> usize {
    let c = b.start(&b.admin).await;
    let mut asked = 0;
    // The issue's own example: "the bank" is two accounts here, so it asks which.
    let journal = format!("{}journal-entries/", b.accounting());
    let entries_before = b.get(&journal).await["count"].clone();
    let ambiguous = b
        .ask_as(
            &b.admin,
            &c,
            "draft an entry: paid rent 200,000 from the bank on 1 December",
        )
        .await;
    assert!(ambiguous["draft_entry"].is_null(), "{ambiguous}");
    let choice = ambiguous["clarify"]
        .as_array()
        .expect("clarify")
        .iter()
        .find(|c| c["label"].as_str().is_some_and(|l| l.starts_with("1120")))
        .cloned()
        .expect("the current account offered");
    let answer = b
        .ask_as(&b.admin, &c, choice["question"].as_str().expect("q"))
        .await;
    let draft = &answer["draft_entry"];
    assert_eq!(draft["lines"][0]["account_code"], "6210", "{answer}");
    assert_eq!(draft["lines"][0]["debit"], "200000.00");
    assert_eq!(draft["lines"][1]["account_code"], "1120");
    assert_eq!(draft["lines"][1]["credit"], "200000.00");
    let december = if today().month() == 12 && today().day() >= 1 {
        today().year()
    } else {
        today().year() - 1
    };
    assert_eq!(draft["date"], d(december, 12, 1).to_string());
    asked += 2;
    // Nothing was written to the books: not a draft, not a posting.
    assert_eq!(b.get(&journal).await["count"], entries_before);
    for (question, debit, credit, amount) in [
        (
            "draft an entry: paid electricity 45,000 from bank current on 2 Nov 2026",
            "6220",
            "1120",
            "45000.00",
        ),
        (
            "draft: received 50,000 from customers into bank current",
            "1120",
            "1210",
            "50000.00",
        ),
        (
            "draft an entry: debit office supplies credit cash on hand 12k",
            "6320",
            "1110",
            "12000.00",
        ),
    ] {
        let answer = b.ask_as(&b.admin, &c, question).await;
        let draft = &answer["draft_entry"];
        assert_eq!(
            draft["lines"][0]["account_code"], debit,
            "{question}: {answer}"
        );
        assert_eq!(
            draft["lines"][1]["account_code"], credit,
            "{question}: {answer}"
        );
        assert_eq!(draft["lines"][0]["debit"], amount, "{question}");
        asked += 1;
    }
    for (question, says) in [
        (
            "What's the weather in Lagos?",
            "I answer questions about these books",
        ),
        ("post JE-000004", "I only read the books"),
        ("delete JE-000002", "I only read the books"),
        (
            "draft an entry: paid something from the bank",
            "What amount",
        ),
    ] {
        let answer = b.ask_as(&b.admin, &c, question).await;
        assert!(text(&answer).contains(says), "{question}: {answer}");
        assert!(
            amounts(&answer).is_empty() && answer["draft_entry"].is_null(),
            "{question}"
        );
        asked += 1;
    }
    asked
}

pub async fn limited_and_private(b: &Books) -> usize {
    let mut asked = 0;
    let mine = b.start(&b.viewer).await;
    // A Viewer has limited access: read-only answers, no drafts, no payroll.
    let refused = b
        .ask_as(
            &b.viewer,
            &mine,
            "draft an entry: paid rent 200,000 from bank current on 1 December",
        )
        .await;
    assert!(refused["draft_entry"].is_null(), "{refused}");
    assert!(
        text(&refused).contains(domain::permissions::messages::ROLE_RESTRICTION),
        "{refused}"
    );
    let payroll = b.ask_as(&b.viewer, &mine, "payroll cost YTD").await;
    assert!(amounts(&payroll).is_empty(), "{payroll}");
    assert!(
        text(&payroll).contains(domain::permissions::messages::ROLE_RESTRICTION),
        "{payroll}"
    );
    let cash = b
        .ask_as(&b.viewer, &mine, "What is the cash balance?")
        .await;
    assert_eq!(first(&cash), b.trial_row(today(), "1110").await);
    let t = today();
    let top = b.ask_as(&b.viewer, &mine, "top 5 expenses YTD").await;
    let expense = b.total("expense", d(t.year(), 1, 1), t).await;
    assert!(amounts(&top).iter().all(|a| *a <= expense), "{top}");
    asked += 4;
    // Conversations are private: the Admin's is not the Viewer's, and the reverse.
    let admins = b.start(&b.admin).await;
    b.ask_as(&b.admin, &admins, "cash balance").await;
    let base = b.conversations();
    for (path, method) in [
        (format!("{base}{admins}/"), "get"),
        (format!("{base}{admins}/messages/"), "post"),
        (format!("{base}{admins}/"), "delete"),
    ] {
        let reply = match method {
            "get" => b.app.read(&path, Some(&b.viewer)).await,
            "post" => {
                b.app
                    .post(&path, Some(&b.viewer), serde_json::json!({"text": "cash"}))
                    .await
            }
            _ => b.app.delete(&path, Some(&b.viewer)).await,
        };
        assert_eq!(reply.status, 404, "{method} {path}: {}", reply.body);
    }
    let listed = b.app.read(&base, Some(&b.viewer)).await;
    let ids: Vec<&str> = listed.body["data"]["data"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|c| c["id"].as_str())
        .collect();
    assert_eq!(ids, [mine.as_str()], "{}", listed.body);
    // The Admin still reads theirs, whole; deleting it takes it off their list.
    let thread = b
        .app
        .read(&format!("{base}{admins}/"), Some(&b.admin))
        .await;
    assert_eq!(thread.status, 200);
    assert_eq!(thread.body["data"]["thread"][0]["question"], "cash balance");
    assert_eq!(thread.body["data"]["title"], "cash balance");
    let deleted = b
        .app
        .delete(&format!("{base}{admins}/"), Some(&b.admin))
        .await;
    assert_eq!(deleted.status, 204, "{}", deleted.body);
    let gone = b
        .app
        .read(&format!("{base}{admins}/"), Some(&b.admin))
        .await;
    assert_eq!(gone.status, 404);
    let empty = b
        .app
        .post(
            &format!("{base}{mine}/messages/"),
            Some(&b.viewer),
            serde_json::json!({"text": "  "}),
        )
        .await;
    assert_eq!(empty.status, 400, "{}", empty.body);
    assert!(empty.body["text"].is_array(), "{}", empty.body);
    asked
}
