//! The built-in engine: reads a question ([`intent`], [`period`], [`accounts`]) and
//! answers it from the workspace's books through the same query functions the read routes
//! use ([`tools`]), wording each answer with every number recorded as a figure
//! ([`reply`]). Works offline: no model, no network.
//!
//! - [`figures`] — balances, results, top accounts, budget against actual, inactive
//!   accounts, payroll cost.
//! - [`entries`] — who posted what, an entry explained, why an entry is risky.
//! - [`draft`] — a suggested journal entry from a sentence (never posted).

pub mod accounts;
pub mod draft;
pub mod entries;
pub mod figures;
pub mod intent;
pub mod period;
pub mod reply;
pub mod tools;

use api_core::ApiError;
use domain::permissions::{messages, Denial};
use event_schemas::assistant::Answer;

use self::accounts::ChartAccount;
use self::intent::{parse, AccountSlot, Intent};
use self::reply::Reply;
use self::tools::Books;

/// What the caller may be told beyond read-only answers, and why not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reach {
    /// `Err`: the caller has limited access (`ai_chatbot:limited_access` only).
    pub full: Result<(), Denial>,
    /// Payroll figures (full access and `payroll:read`).
    pub payroll: Result<(), Denial>,
    /// Draft entries (full access and `journal_entries:write`).
    pub drafts: Result<(), Denial>,
    /// Audit scores and findings (`audit_service_access`).
    pub audit: Result<(), Denial>,
}

/// What the assistant says when a question is not one it answers.
pub const HELP: &str = "I answer questions about these books: an account's balance at a date; revenue, expenses or profit for a period or compared with another; the largest expense or revenue accounts; budget against actual; who posted an entry and when; what an entry is and why it was flagged; accounts without activity; payroll cost; and I can draft an entry for you to review.";
/// What the assistant says when asked to change the books.
pub const READ_ONLY: &str = "I only read the books: I never post, change, reverse or delete entries. Ask me to draft an entry and review and post it yourself.";

/// A refusal in the spec's permission texts: the modal's words, then the reason.
pub fn refusal(what: &str, denial: &Denial) -> String {
    let modal = match denial {
        Denial::PlanRestriction => messages::PLAN_RESTRICTION_MODAL,
        Denial::RoleRestriction => messages::ROLE_RESTRICTION_MODAL,
        _ => messages::PERMISSION_DENIED_MODAL,
    };
    format!("I can't {what}. {} {}", modal.text, denial)
}

/// Answers `question` from `books`; also the digits the text states that are not amounts
/// (account codes, quoted memos), for the number check.
pub async fn answer(books: &Books<'_>, question: &str) -> Result<(Answer, Vec<String>), ApiError> {
    let intent = parse(
        question,
        books.today,
        books.fiscal_start_month,
        &books.chart,
    );
    let mut reply = Reply::new(&books.currency);
    answer_intent(books, &mut reply, intent, question).await?;
    let literals = reply.codes.clone();
    Ok((reply.finish(), literals))
}

/// Answers `intent` into `reply`: the one place each intent meets the books, for the
/// built-in parser and for a model's tool calls alike. `question` is what a clarifying
/// choice repeats.
pub async fn answer_intent(
    books: &Books<'_>,
    reply: &mut Reply,
    intent: Intent,
    question: &str,
) -> Result<(), ApiError> {
    match intent {
        Intent::Unknown => reply.say(HELP),
        Intent::ChangeBooks => reply.say(READ_ONLY),
        Intent::Balance { account, as_of } => match account {
            AccountSlot::One(a) => figures::balance(books, reply, &a, as_of).await?,
            AccountSlot::Several(list) => clarify(reply, question, &list),
            AccountSlot::None => reply.say(
                "Which account do you mean? Name it or give its code, for example \"cash\" or \"1110\".",
            ),
        },
        Intent::Results {
            measure,
            account,
            periods,
        } => match account {
            AccountSlot::Several(list) => clarify(reply, question, &list),
            AccountSlot::One(a) => {
                figures::results(books, reply, measure, Some(&a), &periods).await?
            }
            AccountSlot::None => figures::results(books, reply, measure, None, &periods).await?,
        },
        Intent::Top {
            measure,
            count,
            period,
        } => figures::top(books, reply, measure, count, period).await?,
        Intent::BudgetVsActual {
            measure,
            account,
            period,
        } => match account {
            AccountSlot::Several(list) => clarify(reply, question, &list),
            AccountSlot::One(a) => {
                figures::budget(books, reply, measure, Some(&a), period).await?
            }
            AccountSlot::None => figures::budget(books, reply, measure, None, period).await?,
        },
        Intent::Inactive { period } => figures::inactive(books, reply, period).await?,
        Intent::PayrollCost { period } => match &books.reach.payroll {
            Ok(()) => figures::payroll(books, reply, period).await?,
            Err(denial) => reply.say(refusal("show payroll figures", denial)),
        },
        Intent::WhoPosted {
            number,
            account,
            period,
        } => match (number, account) {
            (Some(number), _) => entries::who_posted(books, reply, &number).await?,
            (None, AccountSlot::Several(list)) => clarify(reply, question, &list),
            (None, AccountSlot::One(a)) => {
                entries::latest_postings(books, reply, Some(&a), period).await?
            }
            (None, AccountSlot::None) => {
                entries::latest_postings(books, reply, None, period).await?
            }
        },
        Intent::ExplainEntry { number } => entries::explain(books, reply, &number).await?,
        Intent::WhyRisky { number } => match &books.reach.audit {
            Ok(()) => entries::risk(books, reply, number.as_deref()).await?,
            Err(denial) => reply.say(refusal("show audit scores", denial)),
        },
        Intent::Draft => match &books.reach.drafts {
            Ok(()) => draft::draft(books, reply, question).await?,
            Err(denial) => reply.say(refusal("draft entries", denial)),
        },
    }
    Ok(())
}

/// Asks which of several accounts was meant; each choice is the question again with the
/// account's code, which the matcher takes over any name.
fn clarify(reply: &mut Reply, question: &str, accounts: &[ChartAccount]) {
    reply.say("Several accounts match; which one do you mean?");
    for account in accounts {
        reply.choice(
            account.label(),
            format!(
                "{} (account {})",
                question.trim_end_matches(['?', '.', ' ']),
                account.code
            ),
        );
    }
}
