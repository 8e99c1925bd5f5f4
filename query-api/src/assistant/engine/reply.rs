//! An answer as it is built: every number goes into the text through [`Reply::money`],
//! [`Reply::count`] or [`Reply::score`], which record it as a figure first — so the
//! built-in engine cannot state a number that is not a figure.

use std::collections::BTreeMap;
use std::str::FromStr;

use api_core::ApiError;
use chrono::NaiveDate;
use event_schemas::assistant::{Answer, ClarifyChoice, DraftEntry, Figure, Source};
use rust_decimal::Decimal;

/// When a figure holds: at a date or over a period.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum At {
    Date(NaiveDate),
    Span(NaiveDate, NaiveDate),
    /// A count or score not tied to dates.
    Timeless,
}

/// The engine's name on answers it gives.
pub const BUILT_IN: &str = "built_in";

#[derive(Debug, Clone, Default)]
pub struct Reply {
    sentences: Vec<String>,
    figures: Vec<Figure>,
    sources: Vec<Source>,
    clarify: Vec<ClarifyChoice>,
    draft: Option<DraftEntry>,
    /// Digits the answer states that are not amounts: the codes of the accounts it names
    /// and numbers inside quoted memos.
    pub codes: Vec<String>,
    currency: String,
}

/// A read model's decimal string as a decimal.
pub fn decimal(text: &str) -> Result<Decimal, ApiError> {
    Decimal::from_str(text.trim())
        .map_err(|e| ApiError::internal(format!("a read model amount {text:?}: {e}")))
}

/// `31 Dec 2025`.
pub fn day(date: NaiveDate) -> String {
    date.format("%-d %b %Y").to_string()
}

/// `1 Jan 2026 to 31 Mar 2026`.
pub fn span(from: NaiveDate, to: NaiveDate) -> String {
    format!("{} to {}", day(from), day(to))
}

impl Reply {
    pub fn new(currency: &str) -> Self {
        Self {
            currency: currency.to_owned(),
            ..Self::default()
        }
    }

    fn figure(&mut self, label: &str, amount: Decimal, currency: Option<String>, at: At) {
        let (as_of, from, to) = match at {
            At::Date(d) => (Some(d), None, None),
            At::Span(f, t) => (None, Some(f), Some(t)),
            At::Timeless => (None, None, None),
        };
        self.figures.push(Figure {
            label: label.to_owned(),
            amount,
            currency,
            as_of,
            from,
            to,
        });
    }

    /// `NGN 1,234.50` (a negative amount in brackets, `NGN (1,234.50)`, as on every
    /// screen), recorded as a figure.
    pub fn money(&mut self, label: &str, amount: Decimal, at: At) -> String {
        let mut amount = amount;
        amount.rescale(2);
        self.figure(label, amount, Some(self.currency.clone()), at);
        crate::pdf::money_in(&self.currency, amount)
    }

    /// A count, recorded as a figure.
    pub fn count(&mut self, label: &str, n: usize, at: At) -> String {
        self.figure(label, Decimal::from(n), None, at);
        n.to_string()
    }

    /// A score or percentage as written (`72.5`), recorded as a figure.
    pub fn score(&mut self, label: &str, value: Decimal, at: At) -> String {
        self.figure(label, value, None, at);
        value.to_string()
    }

    /// An account as named in text: "Cash on hand (1110)".
    pub fn account(&mut self, code: &str, name: &str) -> String {
        if code.is_empty() {
            return name.to_owned();
        }
        self.codes.push(code.to_owned());
        format!("{name} ({code})")
    }

    /// Words from the books quoted as they are (a memo): digits in them are not amounts.
    pub fn quote(&mut self, text: &str) -> String {
        for token in text.split(|c: char| !(c.is_ascii_digit() || c == ',' || c == '.')) {
            let token = token.trim_matches([',', '.']);
            if token.chars().any(|c| c.is_ascii_digit()) {
                self.codes.push(token.to_owned());
            }
        }
        text.to_owned()
    }

    pub fn say(&mut self, sentence: impl Into<String>) {
        self.sentences.push(sentence.into());
    }

    pub fn source(
        &mut self,
        kind: &str,
        reference: &str,
        params: &[(&str, String)],
        position: i64,
    ) {
        let source = Source {
            kind: kind.to_owned(),
            reference: reference.to_owned(),
            params: params
                .iter()
                .map(|(k, v)| ((*k).to_owned(), v.clone()))
                .collect::<BTreeMap<_, _>>(),
            log_position: position,
        };
        if !self.sources.contains(&source) {
            self.sources.push(source);
        }
    }

    pub fn choice(&mut self, label: String, question: String) {
        self.clarify.push(ClarifyChoice { label, question });
    }

    pub fn draft(&mut self, draft: DraftEntry) {
        self.draft = Some(draft);
    }

    pub fn finish(self) -> Answer {
        Answer {
            text: self.sentences.join(" "),
            figures: self.figures,
            sources: self.sources,
            clarify: self.clarify,
            draft_entry: self.draft,
            engine: BUILT_IN.to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_is_grouped_in_thousands_with_two_decimals_and_its_currency() {
        let mut reply = Reply::new("NGN");
        let said = [
            reply.money("a", Decimal::new(123456750, 2), At::Timeless),
            reply.money("b", Decimal::new(5, 0), At::Timeless),
            reply.money("c", Decimal::new(-100000, 0), At::Timeless),
        ];
        assert_eq!(said, ["NGN 1,234,567.50", "NGN 5.00", "NGN (100,000.00)"]);
    }

    #[test]
    fn every_number_said_is_a_figure() {
        let mut reply = Reply::new("NGN");
        let amount = reply.money("loss", Decimal::new(-500, 2), At::Timeless);
        let n = reply.count("entries", 3, At::Timeless);
        let account = reply.account("1110", "Cash on hand");
        reply.say(format!(
            "{account}: {amount} over {n} entries on {}.",
            day(NaiveDate::from_ymd_opt(2025, 12, 31).expect("date"))
        ));
        let codes = reply.codes.clone();
        let answer = reply.finish();
        assert_eq!(
            answer.text,
            "Cash on hand (1110): NGN (5.00) over 3 entries on 31 Dec 2025."
        );
        assert!(
            crate::assistant::check::unbacked_numbers(&answer.text, &answer.figures, &codes)
                .is_empty()
        );
    }
}
