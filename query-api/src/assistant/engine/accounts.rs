//! Which account a question names: by code ("1110"), or by its name's words, forgiving
//! plurals, prefixes and a typo ("cash", "bank current", "electricty"). Several equally
//! good matches are an ambiguity the caller asks the member to settle.
//!
//! Pure: the caller gives the chart.

use super::period::dates_in;

/// What the matcher needs of an account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChartAccount {
    pub id: String,
    pub code: String,
    pub name: String,
    /// `asset`, `liability`, `equity`, `income` or `expense`.
    pub account_type: String,
    pub parent_id: Option<String>,
    pub is_leaf: bool,
    pub archived: bool,
}

impl ChartAccount {
    /// "1110 Cash on hand".
    pub fn label(&self) -> String {
        format!("{} {}", self.code, self.name)
    }
}

/// What a question's account words came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AccountMatch<'a> {
    None,
    One(&'a ChartAccount),
    /// Equally good candidates, best first, at most [`CHOICES_MAX`].
    Several(Vec<&'a ChartAccount>),
}

/// Choices offered for an ambiguous account: enough to find the right one, few enough to
/// read.
pub const CHOICES_MAX: usize = 6;

/// Words in account names that say little alone ("Interest expense" is not what
/// "expenses this month" asks about).
const GENERIC: &[&str] = &[
    "expense",
    "expenses",
    "income",
    "revenue",
    "payable",
    "payables",
    "receivable",
    "receivables",
    "cost",
    "costs",
    "other",
    "account",
    "accounts",
    "total",
];
/// Words never matched at all.
const IGNORED: &[&str] = &[
    "and", "of", "the", "a", "an", "for", "in", "on", "to", "&", "-", "what", "is", "was", "our",
    "we", "how", "much", "balance", "show", "me", "as", "at", "did", "do", "does", "have", "by",
];
/// What people say for what charts name: "customers" are trade receivables.
const SYNONYMS: &[(&str, &[&str])] = &[
    ("customer", &["trade", "receivables"]),
    ("customers", &["trade", "receivables"]),
    ("debtors", &["trade", "receivables"]),
    ("supplier", &["trade", "payables"]),
    ("suppliers", &["trade", "payables"]),
    ("creditors", &["trade", "payables"]),
    ("vendors", &["trade", "payables"]),
    ("stock", &["inventory", "goods", "resale"]),
    ("power", &["electricity"]),
    ("phone", &["telephone"]),
    ("fuel", &["transport"]),
    ("loan", &["loans"]),
];
/// How much a generic word counts beside a telling one.
const GENERIC_WEIGHT: f64 = 0.3;

fn words(text: &str) -> Vec<String> {
    text.to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        // A lone letter ("what's", "owner's") tells nothing.
        .filter(|w| w.chars().count() > 1 && !IGNORED.contains(w))
        .map(str::to_owned)
        .collect()
}

/// Whether question word `asked` stands for name word `name`.
fn same_word(asked: &str, name: &str) -> bool {
    if asked == name {
        return true;
    }
    let (a, n) = (asked.chars().count(), name.chars().count());
    // Plurals and prefixes: "salary"/"salaries" share "salar", "elect" starts "electricity".
    let shared = asked
        .chars()
        .zip(name.chars())
        .take_while(|(x, y)| x == y)
        .count();
    if shared >= 4 && (shared == a || shared == n || shared + 3 >= a.max(n)) {
        return true;
    }
    // One typo in a long word.
    a >= 5 && n >= 5 && strsim_levenshtein(asked, name) <= 1
}

fn strsim_levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let current = row[j + 1];
            row[j + 1] = if ca == *cb {
                previous
            } else {
                1 + previous.min(row[j]).min(row[j + 1])
            };
            previous = current;
        }
    }
    row[b.len()]
}

/// How well `account`'s name is covered by the question's words: the share of its
/// telling words asked (generic ones add a little), 0 when none is. A name of generic
/// words only ("Other income") matches only when every word is asked.
fn score(account: &ChartAccount, asked: &[String]) -> f64 {
    let name = words(&account.name);
    let is_asked = |word: &String| asked.iter().any(|a| same_word(a, word));
    let telling: Vec<&String> = name
        .iter()
        .filter(|w| !GENERIC.contains(&w.as_str()))
        .collect();
    if telling.is_empty() {
        return if !name.is_empty() && name.iter().all(is_asked) {
            1.0
        } else {
            0.0
        };
    }
    let matched = telling.iter().filter(|w| is_asked(w)).count();
    if matched == 0 {
        return 0.0;
    }
    let generic = name
        .iter()
        .filter(|w| GENERIC.contains(&w.as_str()) && is_asked(w))
        .count();
    (matched as f64 + GENERIC_WEIGHT * generic as f64) / telling.len() as f64
}

/// The words of `account`'s name that `question` asks (synonyms included).
pub fn asked_words(question: &str, account: &ChartAccount) -> Vec<String> {
    let asked = expanded(question);
    words(&account.name)
        .into_iter()
        .filter(|w| asked.iter().any(|a| same_word(a, w)))
        .collect()
}

/// A question's words with what their synonyms stand for.
fn expanded(question: &str) -> Vec<String> {
    let mut asked = words(question);
    for (word, meaning) in SYNONYMS {
        if asked.iter().any(|w| w == word) {
            asked.extend(meaning.iter().map(|m| (*m).to_owned()));
        }
    }
    asked
}

/// The account `question` names among `chart` (archived accounts included: their
/// history still answers questions).
pub fn match_account<'a>(question: &str, chart: &'a [ChartAccount]) -> AccountMatch<'a> {
    // A code written out decides, unless it is part of a date.
    let lower = question.to_lowercase();
    let today = chrono::NaiveDate::from_ymd_opt(2000, 1, 1).expect("a date");
    let dated: Vec<(usize, usize)> = dates_in(&lower, today)
        .into_iter()
        .map(|(s, e, _)| (s, e))
        .collect();
    let mut offset = 0;
    for token in lower.split(|c: char| !c.is_ascii_digit()) {
        let start = lower[offset..].find(token).map_or(offset, |i| offset + i);
        offset = start + token.len();
        if token.len() < 3 || dated.iter().any(|(s, e)| start >= *s && start < *e) {
            continue;
        }
        if let Some(account) = chart.iter().find(|a| a.code == token) {
            return AccountMatch::One(account);
        }
    }
    let asked = expanded(question);
    let mut scored: Vec<(f64, &ChartAccount)> = chart
        .iter()
        .map(|a| (score(a, &asked), a))
        .filter(|(s, _)| *s > 0.0)
        .collect();
    if scored.is_empty() {
        return AccountMatch::None;
    }
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.code.cmp(&b.1.code)));
    let best = scored[0].0;
    let top: Vec<&ChartAccount> = scored
        .iter()
        .filter(|(s, _)| (best - s).abs() < 1e-9)
        .map(|(_, a)| *a)
        .collect();
    if top.len() == 1 {
        return AccountMatch::One(top[0]);
    }
    // Among equals, a posting account whose name starts with what was asked ("cash" →
    // "Cash on hand", not the "Cash and bank" group) is what people mean, when it is
    // the only one.
    let leading: Vec<&ChartAccount> = top
        .iter()
        .copied()
        .filter(|a| {
            a.is_leaf
                && words(&a.name)
                    .first()
                    .is_some_and(|first| asked.iter().any(|w| same_word(w, first)))
        })
        .collect();
    if leading.len() == 1 {
        return AccountMatch::One(leading[0]);
    }
    let mut choices = if leading.len() > 1 { leading } else { top };
    choices.truncate(CHOICES_MAX);
    AccountMatch::Several(choices)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart() -> Vec<ChartAccount> {
        let a = |code: &str, name: &str, account_type: &str, leaf: bool| ChartAccount {
            id: format!("id-{code}"),
            code: code.into(),
            name: name.into(),
            account_type: account_type.into(),
            parent_id: None,
            is_leaf: leaf,
            archived: false,
        };
        vec![
            a("1100", "Cash and bank", "asset", false),
            a("1110", "Cash on hand", "asset", true),
            a("1120", "Bank - current account", "asset", true),
            a("1130", "Bank - domiciliary account", "asset", true),
            a("2210", "Bank loans", "liability", true),
            a("6210", "Rent and rates", "expense", true),
            a("6220", "Electricity", "expense", true),
            a("6340", "Bank charges", "expense", true),
            a("6500", "Interest expense", "expense", true),
            a("6110", "Salaries and wages", "expense", true),
        ]
    }

    fn one(question: &str) -> String {
        let chart = chart();
        match match_account(question, &chart) {
            AccountMatch::One(a) => a.code.clone(),
            other => panic!("{question}: {other:?}"),
        }
    }

    #[test]
    fn a_code_names_its_account() {
        assert_eq!(one("balance of 1110 at 31 Dec 2025"), "1110");
    }

    #[test]
    fn a_year_in_a_date_is_not_a_code() {
        let mut chart = chart();
        chart[0].code = "2025".into();
        assert!(matches!(
            match_account("cash on hand as of 31 Dec 2025", &chart),
            AccountMatch::One(a) if a.code == "1110"
        ));
    }

    #[test]
    fn names_match_by_their_telling_words() {
        assert_eq!(one("what is the cash balance"), "1110");
        assert_eq!(one("bank current"), "1120");
        assert_eq!(one("how much was spent on rent"), "6210");
        assert_eq!(one("electricty last month"), "6220");
        assert_eq!(one("salary costs"), "6110");
        assert_eq!(one("cash and bank"), "1100");
    }

    #[test]
    fn bank_alone_is_ambiguous() {
        let chart = chart();
        let AccountMatch::Several(choices) = match_account("bank balance", &chart) else {
            panic!("ambiguous");
        };
        let codes: Vec<&str> = choices.iter().map(|a| a.code.as_str()).collect();
        assert_eq!(codes, ["1120", "1130", "2210", "6340"]);
    }

    #[test]
    fn a_generic_word_alone_matches_nothing() {
        assert_eq!(
            match_account("total expenses", &chart()),
            AccountMatch::None
        );
    }
}
