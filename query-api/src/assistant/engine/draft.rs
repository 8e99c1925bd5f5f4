//! A suggested journal entry from a sentence ("draft an entry: paid rent 200,000 from the
//! bank on 1 December"). The assistant only suggests: a person reviews the draft in the
//! journal-entry form and posts it — nothing here writes to the books.
//!
//! Three shapes are read: a payment ("paid|bought|spent X … from|with|by Y": debit X,
//! credit Y), a receipt ("received|collected X … from|for Y into|to Z": debit Z, credit
//! Y), and an explicit "debit X credit Y".

use std::str::FromStr;
use std::sync::LazyLock;

use api_core::ApiError;
use event_schemas::assistant::{DraftEntry, DraftLine};
use event_schemas::AccountId;
use regex::Regex;
use rust_decimal::Decimal;

use super::accounts::{match_account, AccountMatch, ChartAccount};
use super::period::{as_of, dates_in};
use super::reply::{day, At, Reply};
use super::tools::{Books, LEDGER};

/// "200,000", "200000.50", "200k", "1.5m", "NGN 200,000".
static AMOUNT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)(\d[\d,]*(?:\.\d{1,2})?)\s*(k|m|million|thousand)?\b").expect("pattern")
});
static PREFIX: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^\s*(?:please\s+)?(?:draft|prepare|suggest|book)\b(?:\s+me)?(?:\s+an?)?(?:\s+journal)?(?:\s+entry)?(?:\s+(?:for|to record))?\s*[:,-]?\s*")
        .expect("pattern")
});

/// The amount the sentence states: its first number that is not part of a date.
fn amount(text: &str, codes: &[String]) -> Option<Decimal> {
    let lower = text.to_lowercase();
    let today = chrono::NaiveDate::from_ymd_opt(2000, 1, 1)?;
    let dated: Vec<(usize, usize)> = dates_in(&lower, today)
        .into_iter()
        .map(|(s, e, _)| (s, e))
        .collect();
    for c in AMOUNT.captures_iter(&lower) {
        let m = c.get(0)?;
        if dated.iter().any(|(s, e)| m.start() < *e && *s < m.end()) {
            continue;
        }
        let digits = c.get(1)?.as_str().trim_end_matches([',', '.']);
        if codes.iter().any(|code| code == digits) {
            continue;
        }
        let mut value = Decimal::from_str(&digits.replace(',', "")).ok()?;
        value *= match c.get(2).map(|u| u.as_str()) {
            Some("k" | "thousand") => Decimal::from(1_000),
            Some("m" | "million") => Decimal::from(1_000_000),
            _ => Decimal::ONE,
        };
        if value > Decimal::ZERO {
            return Some(value.round_dp(2));
        }
    }
    None
}

/// Where a side's words are, so a choice can name its account in the right place.
enum Side {
    Debit,
    Credit,
}

/// The debit and credit phrases of the sentence, and where a code for each goes.
fn phrases(body: &str) -> Option<(String, String, bool)> {
    let lower = body.to_lowercase();
    let find = |words: &[&str], from: usize| {
        words
            .iter()
            .filter_map(|w| lower[from..].find(w).map(|i| (from + i, w.len())))
            .min()
    };
    if let (Some(d), Some(c)) = (lower.find("debit "), lower.find("credit ")) {
        return Some(if d < c {
            (lower[d + 6..c].to_owned(), lower[c + 7..].to_owned(), true)
        } else {
            (lower[d + 6..].to_owned(), lower[c + 7..d].to_owned(), true)
        });
    }
    if ["received", "collected", "receive", "collect", "sold"]
        .iter()
        .any(|w| lower.contains(w))
    {
        let (into, len) = find(&[" into ", " in ", " to "], 0)?;
        let credit = lower[..into].to_owned();
        return Some((lower[into + len..].to_owned(), credit, false));
    }
    let (from, len) = find(
        &[" from ", " with ", " by ", " via ", " using ", " out of "],
        0,
    )?;
    Some((
        lower[..from].to_owned(),
        lower[from + len..].to_owned(),
        true,
    ))
}

fn postable(chart: &[ChartAccount]) -> Vec<ChartAccount> {
    chart
        .iter()
        .filter(|a| a.is_leaf && !a.archived)
        .cloned()
        .collect()
}

/// Drafts the entry a sentence describes, or asks what is missing.
pub async fn draft(books: &Books<'_>, reply: &mut Reply, question: &str) -> Result<(), ApiError> {
    let body = PREFIX.replace(question, "").trim().to_owned();
    let chart = postable(&books.chart);
    let codes: Vec<String> = chart.iter().map(|a| a.code.clone()).collect();
    let Some(value) = amount(&body, &codes) else {
        // The examples hold no digits: every number an answer states is a figure.
        reply.say("What amount should the entry carry? Say it with the accounts, as in \"draft an entry: paid rent (amount) from the bank on (date)\".");
        return Ok(());
    };
    let Some((debit_words, credit_words, debit_first)) = phrases(&body) else {
        reply.say("Which accounts does it move? Say it as \"paid rent (amount) from the bank\", \"received (amount) from customers into the bank\", or \"debit rent credit bank (amount)\".");
        return Ok(());
    };
    let pick = |words: &str| match_account(words, &chart);
    let (debit, credit) = (pick(&debit_words), pick(&credit_words));
    for (side, found) in [(Side::Debit, &debit), (Side::Credit, &credit)] {
        match found {
            AccountMatch::One(_) => {}
            AccountMatch::None => {
                let which = match side {
                    Side::Debit => "debit",
                    Side::Credit => "credit",
                };
                reply.say(format!(
                    "I could not tell which account to {which}; name it or give its code."
                ));
                return Ok(());
            }
            AccountMatch::Several(list) => {
                reply.say("Several accounts match; which one do you mean?");
                // The code goes beside the words it settles: the first side's before the
                // word that splits the sentence, the second's at the end.
                let first_side = matches!(side, Side::Debit) == debit_first;
                for account in list {
                    let tag = format!(" (account {})", account.code);
                    let question = if first_side {
                        let split = if debit_first {
                            &debit_words
                        } else {
                            &credit_words
                        };
                        let at = question
                            .to_lowercase()
                            .find(split.trim())
                            .map_or(0, |i| i + split.trim().len());
                        match (question.get(..at), question.get(at..)) {
                            (Some(head), Some(tail)) => format!("{head}{tag}{tail}"),
                            _ => format!("{question}{tag}"),
                        }
                    } else {
                        format!("{}{tag}", question.trim_end_matches(['.', '?', ' ']))
                    };
                    reply.choice(account.label(), question);
                }
                return Ok(());
            }
        }
    }
    let (AccountMatch::One(debit), AccountMatch::One(credit)) = (debit, credit) else {
        return Ok(());
    };
    if debit.id == credit.id {
        reply.say("The debit and the credit name the same account; name two accounts.");
        return Ok(());
    }
    let date = as_of(&body, books.today, books.fiscal_start_month).unwrap_or(books.today);
    let at = At::Date(date);
    let line = |a: &ChartAccount, debit: Decimal, credit: Decimal| -> Result<DraftLine, ApiError> {
        Ok(DraftLine {
            account_id: AccountId::from_str(&a.id).map_err(ApiError::internal)?,
            account_code: a.code.clone(),
            account_name: a.name.clone(),
            debit: debit.round_dp(2),
            credit: credit.round_dp(2),
        })
    };
    let mut money = value;
    money.rescale(2);
    let lines = vec![
        line(debit, money, Decimal::new(0, 2))?,
        line(credit, Decimal::new(0, 2), money)?,
    ];
    let memo: String = body.chars().take(200).collect();
    let debit_name = reply.account(&debit.code, &debit.name);
    let credit_name = reply.account(&credit.code, &credit.name);
    let amount_text = reply.money("draft amount", money, at);
    reply.say(format!(
        "Here is a draft for you to review and post; nothing is posted yet: debit {debit_name} and credit {credit_name}, {amount_text}, dated {}.",
        day(date)
    ));
    if let Some(lock) = crate::accounting::lock_date(books.state.db(), books.workspace_id).await? {
        if date <= lock {
            reply.say(format!(
                "The books are locked through {}, so posting it on that date will be refused; change its date first.",
                day(lock)
            ));
        }
    }
    reply.source("accounts", &debit.id, &[], books.position(LEDGER).await?);
    reply.source("accounts", &credit.id, &[], books.position(LEDGER).await?);
    let memo = reply.quote(&memo);
    reply.draft(DraftEntry { date, memo, lines });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_amount_is_the_first_number_outside_a_date() {
        assert_eq!(
            amount("paid rent 200,000 from the bank on 1 December", &[]),
            Some(Decimal::from(200_000))
        );
        assert_eq!(
            amount("on 1 December paid 1.5m for rent", &[]),
            Some(Decimal::from(1_500_000))
        );
        assert_eq!(
            amount("paid 12k for fuel", &[]),
            Some(Decimal::from(12_000))
        );
        assert_eq!(
            amount(
                "debit 6210 credit 1120 5,000.50",
                &["6210".into(), "1120".into()]
            ),
            Some(Decimal::new(500050, 2))
        );
    }

    #[test]
    fn a_payment_debits_what_was_paid_for_and_credits_where_it_came_from() {
        let (debit, credit, _) =
            phrases("paid rent 200,000 from the bank on 1 december").expect("phrases");
        assert!(debit.contains("rent") && credit.contains("bank"));
        let (debit, credit, _) =
            phrases("received 50,000 from customers into the bank").expect("phrases");
        assert!(debit.contains("bank") && credit.contains("customers"));
        let (debit, credit, _) = phrases("debit rent credit bank current 10,000").expect("phrases");
        assert!(debit.contains("rent") && credit.contains("bank"));
    }
}
