//! One wallet as its events left it, and its decisions.

use std::collections::BTreeSet;

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use event_schemas::money::at_money_scale;
use event_schemas::wallet::{
    CardRemoved, CardSaved, WalletCreditFailed, WalletCreditRequested, WalletCredited,
    WalletDebited, WalletEvent, WalletOpened, WalletRenamed, WalletStatusChanged, AGGREGATE_TYPE,
};
use event_schemas::{CardId, OrganizationId, WalletId, WalletTransactionId};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::commands::{
    ChangeWallet, CreditVerification, Debit, OpenWallet, RemoveCard, RequestCredit, SettleCredit,
    WalletCommand,
};
use super::errors::WalletError;
use super::rules::{check_wallet_amount, description, wallet_name};

/// Whether money may move.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum WalletStatus {
    #[default]
    Active,
    Frozen,
}

impl WalletStatus {
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Active => "active",
            Self::Frozen => "frozen",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        match raw.trim() {
            "active" => Some(Self::Active),
            "frozen" => Some(Self::Frozen),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CreditStatus {
    Pending,
    Successful,
    Failed,
}

/// A top-up asked of a provider.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Credit {
    pub transaction_id: WalletTransactionId,
    pub tx_ref: String,
    pub provider: String,
    pub amount: Decimal,
    pub card_id: Option<CardId>,
    pub status: CreditStatus,
}

/// A card saved on the wallet (the provider's token and what a person recognizes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedCard {
    pub card_id: CardId,
    pub provider: String,
    pub token: String,
    pub fingerprint: String,
    pub removed: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wallet {
    pub wallet_id: Option<WalletId>,
    pub organization_id: Option<OrganizationId>,
    pub name: String,
    pub currency: String,
    pub status: WalletStatus,
    /// Only ever the sum of the credits less the debits recorded.
    pub balance: Decimal,
    pub credits: Vec<Credit>,
    /// `provider/provider transaction id` of every credit: each credits once.
    pub credited: BTreeSet<String>,
    pub debits: BTreeSet<WalletTransactionId>,
    pub cards: Vec<SavedCard>,
}

type Decided = Result<Vec<WalletEvent>, WalletError>;

impl Wallet {
    fn ids(&self) -> Result<(WalletId, OrganizationId), WalletError> {
        self.wallet_id
            .zip(self.organization_id)
            .ok_or(WalletError::NotFound)
    }

    fn active(&self) -> Result<(WalletId, OrganizationId), WalletError> {
        let ids = self.ids()?;
        if self.status == WalletStatus::Frozen {
            return Err(WalletError::Frozen);
        }
        Ok(ids)
    }

    pub fn credit(&self, tx_ref: &str) -> Option<&Credit> {
        self.credits.iter().find(|c| c.tx_ref == tx_ref)
    }

    /// A card still saved on the wallet.
    pub fn card(&self, card_id: CardId) -> Option<&SavedCard> {
        self.cards
            .iter()
            .find(|c| c.card_id == card_id && !c.removed)
    }

    pub fn decide(&self, command: WalletCommand) -> Decided {
        match command {
            WalletCommand::Open(c) => self.open(c),
            WalletCommand::Change(c) => self.change(c),
            WalletCommand::RequestCredit(c) => self.request_credit(c),
            WalletCommand::SettleCredit(c) => self.settle_credit(c),
            WalletCommand::Debit(c) => self.debit(c),
            WalletCommand::RemoveCard(c) => self.remove_card(c),
        }
    }

    fn open(&self, c: OpenWallet) -> Decided {
        if self.wallet_id.is_some() {
            return Err(WalletError::AlreadyOpen(self.currency.clone()));
        }
        Ok(vec![WalletEvent::WalletOpened(WalletOpened {
            wallet_id: c.wallet_id,
            organization_id: c.organization_id,
            name: wallet_name(&c.name)?,
            currency: c.currency.code().to_owned(),
            opened_by: c.by,
        })])
    }

    /// What is already so is not recorded again.
    fn change(&self, c: ChangeWallet) -> Decided {
        let (wallet_id, organization_id) = self.ids()?;
        let mut events = Vec::new();
        if let Some(raw) = c.name {
            let name = wallet_name(&raw)?;
            if name != self.name {
                events.push(WalletEvent::WalletRenamed(WalletRenamed {
                    wallet_id,
                    organization_id,
                    name,
                    renamed_by: c.by,
                }));
            }
        }
        if let Some(status) = c.status.filter(|s| *s != self.status) {
            events.push(WalletEvent::WalletStatusChanged(WalletStatusChanged {
                wallet_id,
                organization_id,
                status: status.as_str().to_owned(),
                changed_by: c.by,
            }));
        }
        Ok(events)
    }

    fn request_credit(&self, c: RequestCredit) -> Decided {
        let (wallet_id, organization_id) = self.active()?;
        let amount = check_wallet_amount(c.amount)?;
        if let Some(card_id) = c.card_id {
            self.card(card_id).ok_or(WalletError::NoSuchCard)?;
        }
        if self.credit(&c.tx_ref).is_some() {
            return Err(WalletError::ReferenceUsed);
        }
        Ok(vec![WalletEvent::WalletCreditRequested(
            WalletCreditRequested {
                wallet_id,
                organization_id,
                transaction_id: c.transaction_id,
                tx_ref: c.tx_ref,
                provider: c.provider,
                amount,
                currency: self.currency.clone(),
                card_id: c.card_id,
                requested_by: c.by,
            },
        )])
    }

    /// Settles a pending top-up with the provider's verified answer. A top-up already
    /// settled, or a provider transaction already credited, gives no events: a replayed
    /// webhook or a second look credits nothing more. An answer for less than was asked,
    /// or in another currency, fails the top-up rather than credit it.
    fn settle_credit(&self, c: SettleCredit) -> Decided {
        let (wallet_id, organization_id) = self.ids()?;
        let credit = self.credit(&c.tx_ref).ok_or(WalletError::NoSuchCredit)?;
        if credit.status != CreditStatus::Pending {
            return Ok(Vec::new());
        }
        let failed = |status: &str, reason: String| {
            vec![WalletEvent::WalletCreditFailed(WalletCreditFailed {
                wallet_id,
                organization_id,
                transaction_id: credit.transaction_id,
                tx_ref: credit.tx_ref.clone(),
                status: status.to_owned(),
                reason,
            })]
        };
        match c.verification {
            CreditVerification::Pending => Ok(Vec::new()),
            CreditVerification::Failed { status, reason } => Ok(failed(&status, reason)),
            CreditVerification::Successful {
                provider_transaction_id,
                amount,
                currency,
                card,
                card_id,
            } => {
                let key = format!("{}/{provider_transaction_id}", credit.provider);
                if provider_transaction_id.trim().is_empty() || self.credited.contains(&key) {
                    return Ok(Vec::new());
                }
                if !currency.eq_ignore_ascii_case(&self.currency) {
                    return Ok(failed(
                        "rejected",
                        format!(
                            "The provider confirmed a payment in {currency}, not {}.",
                            self.currency
                        ),
                    ));
                }
                if amount < credit.amount {
                    return Ok(failed(
                        "rejected",
                        format!(
                            "The provider confirmed {} {currency}, less than the {} asked.",
                            at_money_scale(amount.round_dp(2)),
                            credit.amount
                        ),
                    ));
                }
                let mut events = vec![WalletEvent::WalletCredited(WalletCredited {
                    wallet_id,
                    organization_id,
                    transaction_id: credit.transaction_id,
                    tx_ref: credit.tx_ref.clone(),
                    provider: credit.provider.clone(),
                    provider_transaction_id,
                    // What was asked: a provider paying more does not make more money ours.
                    amount: credit.amount,
                    currency: self.currency.clone(),
                    balance_after: at_money_scale(self.balance + credit.amount),
                    credited_by: c.by,
                })];
                let known = |fingerprint: &str| {
                    self.cards.iter().any(|s| {
                        !s.removed && s.provider == credit.provider && s.fingerprint == fingerprint
                    })
                };
                if let Some(card) =
                    card.filter(|d| credit.card_id.is_none() && !known(&d.fingerprint))
                {
                    events.push(WalletEvent::CardSaved(CardSaved {
                        wallet_id,
                        organization_id,
                        card_id,
                        provider: credit.provider.clone(),
                        token: card.token,
                        brand: card.brand,
                        first6: card.first6,
                        last4: card.last4,
                        exp_month: card.exp_month,
                        exp_year: card.exp_year,
                        bank: card.bank,
                        fingerprint: card.fingerprint,
                        saved_by: c.by,
                    }));
                }
                Ok(events)
            }
        }
    }

    fn debit(&self, c: Debit) -> Decided {
        let (wallet_id, organization_id) = self.active()?;
        if self.debits.contains(&c.transaction_id) {
            return Ok(Vec::new());
        }
        let amount = check_wallet_amount(c.amount)?;
        let description = description(&c.description)?;
        if amount > self.balance {
            return Err(WalletError::InsufficientFunds {
                balance: at_money_scale(self.balance).to_string(),
                currency: self.currency.clone(),
            });
        }
        Ok(vec![WalletEvent::WalletDebited(WalletDebited {
            wallet_id,
            organization_id,
            transaction_id: c.transaction_id,
            amount,
            currency: self.currency.clone(),
            description,
            reference: c.reference,
            balance_after: at_money_scale(self.balance - amount),
            debited_by: c.by,
        })])
    }

    fn remove_card(&self, c: RemoveCard) -> Decided {
        let (wallet_id, organization_id) = self.ids()?;
        self.card(c.card_id).ok_or(WalletError::NoSuchCard)?;
        Ok(vec![WalletEvent::CardRemoved(CardRemoved {
            wallet_id,
            organization_id,
            card_id: c.card_id,
            removed_by: c.by,
        })])
    }

    pub fn apply(&mut self, event: &WalletEvent) {
        match event {
            WalletEvent::WalletOpened(e) => {
                self.wallet_id = Some(e.wallet_id);
                self.organization_id = Some(e.organization_id);
                self.name = e.name.clone();
                self.currency = e.currency.clone();
                self.balance = at_money_scale(Decimal::ZERO);
            }
            WalletEvent::WalletRenamed(e) => self.name = e.name.clone(),
            WalletEvent::WalletStatusChanged(e) => {
                self.status = WalletStatus::parse(&e.status).unwrap_or_default();
            }
            WalletEvent::WalletCreditRequested(e) => self.credits.push(Credit {
                transaction_id: e.transaction_id,
                tx_ref: e.tx_ref.clone(),
                provider: e.provider.clone(),
                amount: e.amount,
                card_id: e.card_id,
                status: CreditStatus::Pending,
            }),
            WalletEvent::WalletCredited(e) => {
                self.set_status(&e.tx_ref, CreditStatus::Successful);
                self.credited
                    .insert(format!("{}/{}", e.provider, e.provider_transaction_id));
                self.balance = at_money_scale(self.balance + e.amount);
            }
            WalletEvent::WalletCreditFailed(e) => self.set_status(&e.tx_ref, CreditStatus::Failed),
            WalletEvent::WalletDebited(e) => {
                self.debits.insert(e.transaction_id);
                self.balance = at_money_scale(self.balance - e.amount);
            }
            WalletEvent::CardSaved(e) => self.cards.push(SavedCard {
                card_id: e.card_id,
                provider: e.provider.clone(),
                token: e.token.clone(),
                fingerprint: e.fingerprint.clone(),
                removed: false,
            }),
            WalletEvent::CardRemoved(e) => {
                if let Some(card) = self.cards.iter_mut().find(|c| c.card_id == e.card_id) {
                    card.removed = true;
                }
            }
        }
    }

    fn set_status(&mut self, tx_ref: &str, status: CreditStatus) {
        if let Some(credit) = self.credits.iter_mut().find(|c| c.tx_ref == tx_ref) {
            credit.status = status;
        }
    }
}

impl crate::decider::Decider for Wallet {
    /// Busy wallets (a top-up and a debit a day) are loaded from a snapshot.
    const SNAPSHOT_EVERY: usize = 100;

    fn decide(&self, command: Self::Command) -> Result<Vec<Self::Event>, Self::Error> {
        Wallet::decide(self, command)
    }
}

impl Aggregate for Wallet {
    const TYPE: &'static str = AGGREGATE_TYPE;
    type Command = WalletCommand;
    type Event = WalletEvent;
    type Error = WalletError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _services: &Self::Services,
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        crate::decider::handle(self, command, sink).await
    }

    fn apply(&mut self, event: Self::Event) {
        Wallet::apply(self, &event);
    }
}
