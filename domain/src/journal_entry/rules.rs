//! The rules of a journal entry (DESIGN §5), as pure functions any caller can use: the
//! JournalEntry aggregate when it decides, the CSV import when it checks ten thousand rows
//! before writing any, a form that wants every problem at once.
//!
//! Two levels:
//! - [`check_draft`]: the entry is well formed — texts within their bounds, at most
//!   [`LINES_PER_ENTRY_MAX`] lines, amounts not negative, at most two decimals, at most
//!   [`AMOUNT_MAX`], never a debit and a credit on one line. A draft may still be
//!   unbalanced or incomplete: it is work in progress and never reaches the books.
//! - [`check_posting`]: the draft rules plus: at least two lines, each with a debit or a
//!   credit above zero, total debits equal total credits exactly, every account an
//!   active last-level account of the workspace, and the date strictly after the
//!   workspace's lock date.
//!
//! Both report every problem, not the first, each naming its field with the line index
//! (`lines[2].debit`), so a form highlights every row at once and an import answers
//! with every row's errors.
//!
//! The rules see the workspace's accounts through [`Books`]: the
//! [`AccountTree`](crate::account_tree::AccountTree) itself, or a [`BooksSnapshot`] of
//! the accounts an entry names — plain data that travels inside a command.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use event_schemas::account_tree::AccountType;
use event_schemas::journal_entry::{
    JournalLine, DESCRIPTION_CHARS_MAX, LINES_PER_ENTRY_MAX, MEMO_CHARS_MAX, REFERENCE_CHARS_MAX,
};
use event_schemas::{AccountId, WorkspaceId};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::account_tree::AccountTree;
use crate::money::{check_amount, AmountProblem, AMOUNT_MAX, MONEY_DECIMALS};

/// Fewest lines in a posted entry: double entry needs a debit and a credit.
pub const LINES_PER_ENTRY_MIN: usize = 2;

/// An entry as a client sends it: raw texts, amounts as given (`None` = no amount).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryInput {
    /// The effective date.
    pub date: NaiveDate,
    pub memo: String,
    pub reference: String,
    pub lines: Vec<LineInput>,
}

/// One line as a client sends it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineInput {
    pub account_id: AccountId,
    pub description: String,
    /// `None` or zero on a credit line.
    pub debit: Option<Decimal>,
    /// `None` or zero on a debit line.
    pub credit: Option<Decimal>,
}

/// A well-formed entry: texts trimmed, amounts at exactly two places, zero where absent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntryContent {
    pub date: NaiveDate,
    pub memo: String,
    pub reference: String,
    pub lines: Vec<JournalLine>,
}

impl EntryContent {
    /// Sum of the debits.
    pub fn total_debits(&self) -> Decimal {
        self.lines.iter().map(|l| l.debit).sum()
    }

    /// Sum of the credits.
    pub fn total_credits(&self) -> Decimal {
        self.lines.iter().map(|l| l.credit).sum()
    }

    /// The same entry with every line's debit and credit swapped: its reversal's lines.
    pub fn swapped(&self) -> Vec<JournalLine> {
        self.lines
            .iter()
            .map(|line| JournalLine {
                debit: line.credit,
                credit: line.debit,
                ..line.clone()
            })
            .collect()
    }
}

/// What posting needs to know about an account.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PostingAccount {
    pub archived: bool,
    /// No sub-accounts: postings go to leaves only.
    pub is_last_level: bool,
}

/// A workspace's books as the posting rules see them. Knows only that workspace's
/// accounts, so an account of another workspace is simply not found.
pub trait Books {
    /// The account, if it exists (not deleted) in the workspace.
    fn posting_account(&self, account_id: AccountId) -> Option<PostingAccount>;
    /// The last locked day, if the books are locked.
    fn lock_date(&self) -> Option<NaiveDate>;
}

impl Books for AccountTree {
    fn posting_account(&self, account_id: AccountId) -> Option<PostingAccount> {
        self.account(account_id).map(|account| PostingAccount {
            archived: account.archived,
            is_last_level: self.is_last_level(account_id),
        })
    }

    fn lock_date(&self) -> Option<NaiveDate> {
        AccountTree::lock_date(self)
    }
}

/// What [`Books`] knew about some accounts of one workspace at one moment: plain data,
/// so it travels inside a command and the aggregate stays pure. The caller loads the
/// workspace's [`AccountTree`] and takes [`BooksSnapshot::for_entry`] just before
/// sending the command.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct BooksSnapshot {
    /// The workspace the snapshot is of; checked against the entry's.
    pub workspace_id: Option<WorkspaceId>,
    pub accounts: BTreeMap<AccountId, PostingAccount>,
    pub lock_date: Option<NaiveDate>,
}

impl BooksSnapshot {
    /// The accounts `account_ids` names, as `tree` knows them, and its lock date.
    pub fn of(tree: &AccountTree, account_ids: impl IntoIterator<Item = AccountId>) -> Self {
        let accounts = account_ids
            .into_iter()
            .filter_map(|id| tree.posting_account(id).map(|a| (id, a)))
            .collect();
        Self {
            workspace_id: tree.workspace_id(),
            accounts,
            lock_date: tree.lock_date(),
        }
    }

    /// The accounts `lines` names (see [`BooksSnapshot::of`]).
    pub fn for_lines<'a>(
        tree: &AccountTree,
        lines: impl IntoIterator<Item = &'a AccountId>,
    ) -> Self {
        Self::of(tree, lines.into_iter().copied())
    }

    /// The accounts an entry input names.
    pub fn for_entry(tree: &AccountTree, entry: &EntryInput) -> Self {
        Self::of(tree, entry.lines.iter().map(|l| l.account_id))
    }

    /// The snapshot as a year-end close (or its reopening) sees it: archived income and
    /// expense accounts are open to it. Archiving an account stops new postings to it, not
    /// the carrying of its year's balance to retained earnings — without this, a year in
    /// which an archived account had activity could never be closed.
    pub fn open_for_year_end(mut self, tree: &AccountTree) -> Self {
        for (id, account) in &mut self.accounts {
            let profit_and_loss = tree.account(*id).is_some_and(|a| {
                matches!(a.account_type, AccountType::Income | AccountType::Expense)
            });
            if profit_and_loss {
                account.archived = false;
            }
        }
        self
    }
}

impl Books for BooksSnapshot {
    fn posting_account(&self, account_id: AccountId) -> Option<PostingAccount> {
        self.accounts.get(&account_id).copied()
    }

    fn lock_date(&self) -> Option<NaiveDate> {
        self.lock_date
    }
}

/// The side of a line an amount is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Debit,
    Credit,
}

impl Side {
    /// The request field: `debit` or `credit`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Debit => "debit",
            Self::Credit => "credit",
        }
    }
}

/// One rule an entry breaks. `line` is the 0-based index into `lines`, as the request
/// sends them.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EntryProblem {
    #[error("an entry needs at least {min} lines; this one has {count}")]
    TooFewLines { count: usize, min: usize },

    #[error("an entry may have at most {max} lines; this one has {count}")]
    TooManyLines { count: usize, max: usize },

    #[error("a memo may have at most {max} characters; this one has {length}")]
    MemoTooLong { length: usize, max: usize },

    #[error("a reference may have at most {max} characters; this one has {length}")]
    ReferenceTooLong { length: usize, max: usize },

    #[error("a line description may have at most {max} characters; this one has {length}")]
    DescriptionTooLong {
        line: usize,
        length: usize,
        max: usize,
    },

    #[error("a line has either a debit or a credit, not both")]
    DebitAndCredit { line: usize },

    #[error("a line needs a debit or a credit above zero")]
    NoAmount { line: usize },

    #[error("an amount cannot be negative; got {amount}")]
    NegativeAmount {
        line: usize,
        side: Side,
        amount: Decimal,
    },

    #[error("an amount has at most {max_decimals} decimals; got {amount}")]
    AmountTooPrecise {
        line: usize,
        side: Side,
        amount: Decimal,
        max_decimals: u32,
    },

    #[error("an amount may be at most {max}; got {amount}")]
    AmountTooLarge {
        line: usize,
        side: Side,
        amount: Decimal,
        max: Decimal,
    },

    #[error("debits ({debits}) and credits ({credits}) must be equal")]
    Unbalanced { debits: Decimal, credits: Decimal },

    #[error("account {account_id} does not exist in this workspace")]
    AccountNotFound { line: usize, account_id: AccountId },

    #[error("account {account_id} is archived")]
    AccountArchived { line: usize, account_id: AccountId },

    #[error("account {account_id} has sub-accounts; post to one of them")]
    AccountNotLastLevel { line: usize, account_id: AccountId },

    #[error("the entry is dated {date}; the books take dates from {min} to {max}")]
    DateOutOfRange { date: NaiveDate, min: i32, max: i32 },

    #[error("the books are locked up to {lock_date}; the entry is dated {date}")]
    PeriodLocked {
        date: NaiveDate,
        lock_date: NaiveDate,
    },
}

impl EntryProblem {
    /// The request field at fault, with the line index where there is one
    /// (`lines[2].debit`, `lines[0].account_id`, `lines[1]` for a whole line); `None`
    /// for a rule about the whole entry (debits ≠ credits), a `non_field_errors` answer.
    pub fn field(&self) -> Option<String> {
        let line = |i: &usize, name: &str| Some(format!("lines[{i}].{name}"));
        match self {
            Self::TooFewLines { .. } | Self::TooManyLines { .. } => Some("lines".into()),
            Self::MemoTooLong { .. } => Some("memo".into()),
            Self::ReferenceTooLong { .. } => Some("reference".into()),
            Self::DescriptionTooLong { line: i, .. } => line(i, "description"),
            Self::DebitAndCredit { line: i } | Self::NoAmount { line: i } => {
                Some(format!("lines[{i}]"))
            }
            Self::NegativeAmount { line: i, side, .. }
            | Self::AmountTooPrecise { line: i, side, .. }
            | Self::AmountTooLarge { line: i, side, .. } => line(i, side.as_str()),
            Self::AccountNotFound { line: i, .. }
            | Self::AccountArchived { line: i, .. }
            | Self::AccountNotLastLevel { line: i, .. } => line(i, "account_id"),
            Self::PeriodLocked { .. } | Self::DateOutOfRange { .. } => Some("date".into()),
            Self::Unbalanced { .. } => None,
        }
    }
}

/// The draft rules: the entry is well formed. Returns it with texts trimmed and amounts
/// at two places, or every problem found.
pub fn check_draft(input: &EntryInput) -> Result<EntryContent, Vec<EntryProblem>> {
    let mut problems = Vec::new();
    if input.lines.len() > LINES_PER_ENTRY_MAX {
        // Checked first and alone: a million-line body is refused without a million
        // line checks.
        return Err(vec![EntryProblem::TooManyLines {
            count: input.lines.len(),
            max: LINES_PER_ENTRY_MAX,
        }]);
    }
    if crate::calendar::in_range(input.date).is_err() {
        problems.push(EntryProblem::DateOutOfRange {
            date: input.date,
            min: crate::calendar::YEAR_MIN,
            max: crate::calendar::YEAR_MAX,
        });
    }
    let memo = input.memo.trim();
    let length = memo.chars().count();
    if length > MEMO_CHARS_MAX {
        problems.push(EntryProblem::MemoTooLong {
            length,
            max: MEMO_CHARS_MAX,
        });
    }
    let reference = input.reference.trim();
    let length = reference.chars().count();
    if length > REFERENCE_CHARS_MAX {
        problems.push(EntryProblem::ReferenceTooLong {
            length,
            max: REFERENCE_CHARS_MAX,
        });
    }
    let mut lines = Vec::with_capacity(input.lines.len());
    for (i, raw) in input.lines.iter().enumerate() {
        let description = raw.description.trim();
        let length = description.chars().count();
        if length > DESCRIPTION_CHARS_MAX {
            problems.push(EntryProblem::DescriptionTooLong {
                line: i,
                length,
                max: DESCRIPTION_CHARS_MAX,
            });
        }
        let debit = check_side(i, Side::Debit, raw.debit, &mut problems);
        let credit = check_side(i, Side::Credit, raw.credit, &mut problems);
        if debit > Decimal::ZERO && credit > Decimal::ZERO {
            problems.push(EntryProblem::DebitAndCredit { line: i });
        }
        lines.push(JournalLine {
            account_id: raw.account_id,
            description: description.to_owned(),
            debit,
            credit,
        });
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(EntryContent {
        date: input.date,
        memo: memo.to_owned(),
        reference: reference.to_owned(),
        lines,
    })
}

/// One amount of one line: at money scale, or zero after recording its problem.
fn check_side(
    line: usize,
    side: Side,
    amount: Option<Decimal>,
    problems: &mut Vec<EntryProblem>,
) -> Decimal {
    let Some(amount) = amount else {
        return crate::money::at_money_scale(Decimal::ZERO);
    };
    match check_amount(amount) {
        Ok(amount) => amount,
        Err(problem) => {
            problems.push(match problem {
                AmountProblem::Negative => EntryProblem::NegativeAmount { line, side, amount },
                AmountProblem::TooPrecise => EntryProblem::AmountTooPrecise {
                    line,
                    side,
                    amount,
                    max_decimals: MONEY_DECIMALS,
                },
                AmountProblem::TooLarge => EntryProblem::AmountTooLarge {
                    line,
                    side,
                    amount,
                    max: *AMOUNT_MAX,
                },
            });
            Decimal::ZERO
        }
    }
}

/// The posting rules on a raw entry: [`check_draft`], then [`check_balanced_and_open`].
/// Returns the content and its total (debits = credits), or every problem found.
pub fn check_posting(
    input: &EntryInput,
    books: &impl Books,
) -> Result<(EntryContent, Decimal), Vec<EntryProblem>> {
    let content = check_draft(input)?;
    let total = check_balanced_and_open(&content, books)?;
    Ok((content, total))
}

/// The posting rules on a well-formed entry (a draft's content): at least two lines,
/// each with an amount, debits = credits, active last-level accounts, an open date.
/// Returns the total.
pub fn check_balanced_and_open(
    content: &EntryContent,
    books: &impl Books,
) -> Result<Decimal, Vec<EntryProblem>> {
    let mut problems = Vec::new();
    if content.lines.len() < LINES_PER_ENTRY_MIN {
        problems.push(EntryProblem::TooFewLines {
            count: content.lines.len(),
            min: LINES_PER_ENTRY_MIN,
        });
    }
    for (i, line) in content.lines.iter().enumerate() {
        if line.debit.is_zero() && line.credit.is_zero() {
            problems.push(EntryProblem::NoAmount { line: i });
        }
        match books.posting_account(line.account_id) {
            None => problems.push(EntryProblem::AccountNotFound {
                line: i,
                account_id: line.account_id,
            }),
            Some(account) if account.archived => problems.push(EntryProblem::AccountArchived {
                line: i,
                account_id: line.account_id,
            }),
            Some(account) if !account.is_last_level => {
                problems.push(EntryProblem::AccountNotLastLevel {
                    line: i,
                    account_id: line.account_id,
                });
            }
            Some(_) => {}
        }
    }
    let (debits, credits) = (content.total_debits(), content.total_credits());
    if debits != credits {
        problems.push(EntryProblem::Unbalanced { debits, credits });
    }
    if let Some(lock_date) = books.lock_date() {
        if content.date <= lock_date {
            problems.push(EntryProblem::PeriodLocked {
                date: content.date,
                lock_date,
            });
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(debits)
}

/// Most lines one batch of entries (a CSV import) may carry in total: twice the 10,000
/// lines an import must accept, so a request stays bounded in memory and time while every
/// realistic month-end upload fits.
pub const BATCH_LINES_MAX: usize = 20_000;

/// Why a batch was refused as a whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BatchRejection {
    /// The batch is over [`BATCH_LINES_MAX`]; nothing was checked.
    TooManyLines { count: usize, max: usize },
    /// Every entry that breaks a rule, by its 0-based index in the batch, with all its
    /// problems: an import answers with every row's errors at once.
    Entries(Vec<(usize, Vec<EntryProblem>)>),
}

/// The posting rules on a batch of entries, all or nothing: every entry's content and
/// total when all pass, or every failing entry's problems. All entries are checked
/// against the same books, as they will be posted together. Pass a [`BooksSnapshot`] of
/// the accounts the batch names rather than the tree: it computes each account's
/// `is_last_level` once instead of once per line.
pub fn check_batch(
    entries: &[EntryInput],
    books: &impl Books,
) -> Result<Vec<(EntryContent, Decimal)>, BatchRejection> {
    let count: usize = entries.iter().map(|e| e.lines.len()).sum();
    if count > BATCH_LINES_MAX {
        return Err(BatchRejection::TooManyLines {
            count,
            max: BATCH_LINES_MAX,
        });
    }
    let mut checked = Vec::with_capacity(entries.len());
    let mut failures = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        match check_posting(entry, books) {
            Ok(ok) => checked.push(ok),
            Err(problems) => failures.push((i, problems)),
        }
    }
    if !failures.is_empty() {
        return Err(BatchRejection::Entries(failures));
    }
    Ok(checked)
}
