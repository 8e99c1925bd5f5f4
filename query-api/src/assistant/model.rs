//! The optional engine: an OpenAI-compatible chat endpoint (`LEDGERLINE_ASSISTANT_URL`,
//! key, model). The model only chooses tool calls — the built-in engine's own intents,
//! answered by the same functions over the books — and words the answer from their
//! results. Its wording passes the number check: an answer stating a number no tool
//! result holds is sent back once to be worded again, then replaced by the built-in
//! answer. Any failure of the endpoint also falls back to the built-in answer.

use std::time::Duration;

use api_core::ApiError;
use chrono::NaiveDate;
use event_schemas::assistant::Answer;
use serde_json::{json, Value};

use super::check::unbacked_numbers;
use super::engine::accounts::{match_account, AccountMatch};
use super::engine::intent::{entry_number, AccountSlot, Intent, Measure, TOP_DEFAULT, TOP_MAX};
use super::engine::period::{Period, PeriodKind};
use super::engine::reply::Reply;
use super::engine::tools::Books;
use super::engine::{answer_intent, HELP};

/// The engine's name on answers the model worded.
pub const MODEL: &str = "model";
/// Tool-calling rounds before the model must answer.
const ROUNDS_MAX: usize = 4;
/// Wordings tried before the built-in answer is given instead.
const WORDINGS_MAX: usize = 2;
/// How long one call to the endpoint may take.
const TIMEOUT: Duration = Duration::from_secs(30);

/// Where the model is served. The key is a secret: never logged, never answered.
#[derive(Clone)]
pub struct ModelEndpoint {
    /// The API base (`https://api.example.com/v1`); `/chat/completions` is appended.
    pub url: String,
    pub key: Option<String>,
    pub model: String,
}

impl std::fmt::Debug for ModelEndpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ModelEndpoint")
            .field("url", &self.url)
            .field("key", &self.key.as_ref().map(|_| "<hidden>"))
            .field("model", &self.model)
            .finish()
    }
}

/// The tools the model may call, as the chat API describes functions.
fn tools() -> Value {
    let date = json!({"type": "string", "description": "YYYY-MM-DD"});
    let measure = json!({"type": "string", "enum": ["revenue", "expenses", "profit"]});
    let account =
        json!({"type": "string", "description": "an account's name or code, as the user wrote it"});
    let f = |name: &str, description: &str, properties: Value, required: &[&str]| {
        json!({"type": "function", "function": {"name": name, "description": description,
            "parameters": {"type": "object", "properties": properties, "required": required}}})
    };
    json!([
        f("balance", "An account's balance at a date (default today).",
            json!({"account": account, "as_of": date}), &["account"]),
        f("results", "Revenue, expenses or profit over a period, optionally compared with another, for the books or one account.",
            json!({"measure": measure, "account": account, "from": date, "to": date, "compare_from": date, "compare_to": date}),
            &["measure", "from", "to"]),
        f("top_accounts", "The largest revenue or expense accounts of a period.",
            json!({"measure": measure, "count": {"type": "integer"}, "from": date, "to": date}),
            &["measure", "from", "to"]),
        f("budget_vs_actual", "Budget against actual over a period.",
            json!({"measure": measure, "account": account, "from": date, "to": date}),
            &["measure", "from", "to"]),
        f("who_posted", "Who posted an entry (by number, JE-000012), or the latest entries of an account or period.",
            json!({"number": {"type": "string"}, "account": account, "from": date, "to": date}), &[]),
        f("explain_entry", "An entry's lines, history and audit flags.",
            json!({"number": {"type": "string"}}), &["number"]),
        f("entry_risk", "Why an entry is risky (its audit score), or the riskiest entries.",
            json!({"number": {"type": "string"}}), &[]),
        f("inactive_accounts", "Posting accounts without activity in a period.",
            json!({"from": date, "to": date}), &["from", "to"]),
        f("payroll_cost", "Payroll cost of a period.", json!({"from": date, "to": date}), &["from", "to"]),
        f("draft_entry", "A suggested journal entry (never posted) from the user's sentence.",
            json!({"description": {"type": "string"}}), &["description"]),
    ])
}

fn text_arg(args: &Value, key: &str) -> Option<String> {
    args.get(key)
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
}

fn date_arg(args: &Value, key: &str) -> Option<NaiveDate> {
    text_arg(args, key).and_then(|d| d.parse().ok())
}

fn period_arg(args: &Value, from: &str, to: &str) -> Option<Period> {
    let (from, to) = (date_arg(args, from)?, date_arg(args, to)?);
    (from <= to).then_some(Period {
        from,
        to,
        kind: PeriodKind::Custom,
    })
}

fn measure_arg(args: &Value) -> Measure {
    match text_arg(args, "measure").as_deref() {
        Some("revenue") => Measure::Revenue,
        Some("profit") => Measure::Profit,
        _ => Measure::Expenses,
    }
}

fn account_arg(books: &Books<'_>, args: &Value) -> AccountSlot {
    match text_arg(args, "account") {
        None => AccountSlot::None,
        Some(words) => match match_account(&words, &books.chart) {
            AccountMatch::None => AccountSlot::None,
            AccountMatch::One(a) => AccountSlot::One(a.clone()),
            AccountMatch::Several(list) => {
                AccountSlot::Several(list.into_iter().cloned().collect())
            }
        },
    }
}

/// A tool call as the built-in engine's intent; `None` for a tool that does not exist.
fn intent_of(books: &Books<'_>, name: &str, args: &Value) -> Option<(Intent, Option<String>)> {
    let number = text_arg(args, "number").and_then(|n| entry_number(&n));
    Some(match name {
        "balance" => (
            Intent::Balance {
                account: account_arg(books, args),
                as_of: date_arg(args, "as_of"),
            },
            None,
        ),
        "results" => (
            Intent::Results {
                measure: measure_arg(args),
                account: account_arg(books, args),
                periods: [
                    period_arg(args, "from", "to"),
                    period_arg(args, "compare_from", "compare_to"),
                ]
                .into_iter()
                .flatten()
                .collect(),
            },
            None,
        ),
        "top_accounts" => (
            Intent::Top {
                measure: measure_arg(args),
                count: args
                    .get("count")
                    .and_then(Value::as_u64)
                    .map_or(TOP_DEFAULT, |n| {
                        usize::try_from(n).unwrap_or(TOP_MAX).clamp(1, TOP_MAX)
                    }),
                period: period_arg(args, "from", "to"),
            },
            None,
        ),
        "budget_vs_actual" => (
            Intent::BudgetVsActual {
                measure: measure_arg(args),
                account: account_arg(books, args),
                period: period_arg(args, "from", "to"),
            },
            None,
        ),
        "who_posted" => (
            Intent::WhoPosted {
                number,
                account: account_arg(books, args),
                period: period_arg(args, "from", "to"),
            },
            None,
        ),
        "explain_entry" => (Intent::ExplainEntry { number: number? }, None),
        "entry_risk" => (Intent::WhyRisky { number }, None),
        "inactive_accounts" => (
            Intent::Inactive {
                period: period_arg(args, "from", "to"),
            },
            None,
        ),
        "payroll_cost" => (
            Intent::PayrollCost {
                period: period_arg(args, "from", "to"),
            },
            None,
        ),
        "draft_entry" => (
            Intent::Draft,
            Some(format!(
                "draft an entry: {}",
                text_arg(args, "description")?
            )),
        ),
        _ => return None,
    })
}

/// What the tool calls of one question gathered: the answer's parts and what the
/// model's wording is checked against.
#[derive(Default)]
struct Gathered {
    answer: Answer,
    literals: Vec<String>,
    calls: usize,
}

fn system_prompt(books: &Books<'_>) -> String {
    format!(
        "You answer an accountant's questions about one company's books. Today is {}; amounts are in {}. \
         Call the tools to read the books; never compute or invent a number. Word the answer in plain \
         sentences using only numbers that appear in the tool results, written as they are there. {HELP}",
        books.today, books.currency
    )
}

/// One call to the endpoint: the assistant message it answered.
async fn complete(endpoint: &ModelEndpoint, messages: &[Value]) -> Result<Value, String> {
    let client = reqwest::Client::builder()
        .timeout(TIMEOUT)
        .build()
        .map_err(|e| e.to_string())?;
    let mut request = client
        .post(format!(
            "{}/chat/completions",
            endpoint.url.trim_end_matches('/')
        ))
        .json(&json!({"model": endpoint.model, "messages": messages, "tools": tools()}));
    if let Some(key) = &endpoint.key {
        request = request.bearer_auth(key);
    }
    let response = request
        .send()
        .await
        .map_err(|e| e.without_url().to_string())?;
    if !response.status().is_success() {
        return Err(format!("the endpoint answered {}", response.status()));
    }
    let body: Value = response
        .json()
        .await
        .map_err(|e| e.without_url().to_string())?;
    body.pointer("/choices/0/message")
        .cloned()
        .ok_or_else(|| "no message in the answer".to_owned())
}

/// The model's answer to `question`, or `None` when it could not give one that passes
/// (the caller then gives the built-in answer).
async fn worded(
    endpoint: &ModelEndpoint,
    books: &Books<'_>,
    question: &str,
) -> Result<Option<(Answer, Vec<String>)>, ApiError> {
    let mut messages = vec![
        json!({"role": "system", "content": system_prompt(books)}),
        json!({"role": "user", "content": question}),
    ];
    let mut gathered = Gathered::default();
    let mut wordings = 0;
    for _ in 0..ROUNDS_MAX + WORDINGS_MAX {
        let message = match complete(endpoint, &messages).await {
            Ok(message) => message,
            Err(error) => {
                tracing::warn!(%error, "the assistant's model endpoint failed");
                return Ok(None);
            }
        };
        let calls = message
            .get("tool_calls")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        messages.push(message.clone());
        if !calls.is_empty() {
            for call in calls {
                let id = call.get("id").cloned().unwrap_or(Value::Null);
                let name = call
                    .pointer("/function/name")
                    .and_then(Value::as_str)
                    .unwrap_or("");
                let args: Value = call
                    .pointer("/function/arguments")
                    .and_then(Value::as_str)
                    .and_then(|a| serde_json::from_str(a).ok())
                    .unwrap_or(Value::Null);
                let content = match intent_of(books, name, &args) {
                    Some((intent, asked)) => {
                        let mut reply = Reply::new(&books.currency);
                        let asked = asked.unwrap_or_else(|| question.to_owned());
                        answer_intent(books, &mut reply, intent, &asked).await?;
                        gathered.literals.extend(reply.codes.clone());
                        let part = reply.finish();
                        gathered.calls += 1;
                        let content = json!({"text": part.text, "figures": part.figures});
                        gathered.answer.figures.extend(part.figures);
                        for source in part.sources {
                            if !gathered.answer.sources.contains(&source) {
                                gathered.answer.sources.push(source);
                            }
                        }
                        gathered.answer.clarify.extend(part.clarify);
                        if part.draft_entry.is_some() {
                            gathered.answer.draft_entry = part.draft_entry;
                        }
                        content
                    }
                    None => json!({"error": format!("there is no tool {name}")}),
                };
                messages.push(
                    json!({"role": "tool", "tool_call_id": id, "content": content.to_string()}),
                );
            }
            continue;
        }
        // The model answered in words: only after reading the books, and only with
        // numbers it read.
        if gathered.calls == 0 {
            return Ok(None);
        }
        let text = message
            .get("content")
            .and_then(Value::as_str)
            .unwrap_or("")
            .trim()
            .to_owned();
        let unbacked = unbacked_numbers(&text, &gathered.answer.figures, &gathered.literals);
        if !text.is_empty() && unbacked.is_empty() {
            let mut answer = gathered.answer;
            answer.text = text;
            answer.engine = MODEL.to_owned();
            return Ok(Some((answer, gathered.literals)));
        }
        wordings += 1;
        tracing::warn!(
            ?unbacked,
            "the assistant's model stated numbers no tool gave"
        );
        if wordings >= WORDINGS_MAX {
            return Ok(None);
        }
        messages.push(json!({"role": "user", "content": format!(
            "Your answer states numbers that are in no tool result: {}. Answer again using only the numbers in the tool results.",
            unbacked.join(", ")
        )}));
    }
    Ok(None)
}

/// The model's answer, or the built-in one when the model gives none that passes.
pub async fn answer(
    endpoint: &ModelEndpoint,
    books: &Books<'_>,
    question: &str,
) -> Result<(Answer, Vec<String>), ApiError> {
    match worded(endpoint, books, question).await? {
        Some(answer) => Ok(answer),
        None => super::engine::answer(books, question).await,
    }
}
