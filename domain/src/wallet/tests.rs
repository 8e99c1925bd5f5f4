//! A wallet's life, given/when/then.

use std::str::FromStr;

use cqrs_es::test::TestFramework;
use event_schemas::wallet::{
    CardRemoved, CardSaved, WalletCreditFailed, WalletCreditRequested, WalletCredited,
    WalletDebited, WalletEvent, WalletOpened, WalletStatusChanged,
};
use event_schemas::{CardId, OrganizationId, UserId, WalletId, WalletTransactionId};
use rust_decimal::Decimal;
use uuid::Uuid;

use super::*;
use crate::billing::Currency;

const ORGANIZATION: OrganizationId =
    OrganizationId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0a11));
const ADA: UserId = UserId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0a24));
const TOP_UP: WalletTransactionId =
    WalletTransactionId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0b01));
const SPEND: WalletTransactionId =
    WalletTransactionId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0b02));
const CARD: CardId = CardId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c01));
const CARD_2: CardId =
    CardId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c02));

fn wallet() -> WalletId {
    wallet_id_of(ORGANIZATION, Currency::Ngn)
}

fn d(s: &str) -> Decimal {
    Decimal::from_str(s).expect("decimal")
}

fn given() -> TestFramework<Wallet> {
    TestFramework::with(())
}

fn opened() -> WalletEvent {
    WalletEvent::WalletOpened(WalletOpened {
        wallet_id: wallet(),
        organization_id: ORGANIZATION,
        name: "Operating".into(),
        currency: "NGN".into(),
        opened_by: ADA,
    })
}

fn requested(amount: &str) -> WalletEvent {
    WalletEvent::WalletCreditRequested(WalletCreditRequested {
        wallet_id: wallet(),
        organization_id: ORGANIZATION,
        transaction_id: TOP_UP,
        tx_ref: "LLW-1".into(),
        provider: "paystack".into(),
        amount: d(amount),
        currency: "NGN".into(),
        card_id: None,
        requested_by: ADA,
    })
}

fn credited(amount: &str) -> WalletEvent {
    WalletEvent::WalletCredited(WalletCredited {
        wallet_id: wallet(),
        organization_id: ORGANIZATION,
        transaction_id: TOP_UP,
        tx_ref: "LLW-1".into(),
        provider: "paystack".into(),
        provider_transaction_id: "PS-1".into(),
        amount: d(amount),
        currency: "NGN".into(),
        balance_after: d(amount),
        credited_by: Some(ADA),
    })
}

fn card() -> CardDetails {
    CardDetails {
        token: "AUTH_1".into(),
        brand: "visa".into(),
        first6: "408408".into(),
        last4: "4081".into(),
        exp_month: 12,
        exp_year: 2030,
        bank: "TEST BANK".into(),
        fingerprint: "fp-1".into(),
    }
}

fn card_saved() -> WalletEvent {
    WalletEvent::CardSaved(CardSaved {
        wallet_id: wallet(),
        organization_id: ORGANIZATION,
        card_id: CARD,
        provider: "paystack".into(),
        token: "AUTH_1".into(),
        brand: "visa".into(),
        first6: "408408".into(),
        last4: "4081".into(),
        exp_month: 12,
        exp_year: 2030,
        bank: "TEST BANK".into(),
        fingerprint: "fp-1".into(),
        saved_by: Some(ADA),
    })
}

fn paid(amount: &str, currency: &str, card: Option<CardDetails>) -> WalletCommand {
    SettleCredit {
        tx_ref: "LLW-1".into(),
        verification: CreditVerification::Successful {
            provider_transaction_id: "PS-1".into(),
            amount: d(amount),
            currency: currency.into(),
            card,
            card_id: CARD,
        },
        by: Some(ADA),
    }
    .into()
}

fn debit(amount: &str) -> WalletCommand {
    Debit {
        transaction_id: SPEND,
        amount: d(amount),
        description: "Professional plan".into(),
        reference: None,
        by: ADA,
    }
    .into()
}

#[test]
fn a_wallet_opens_once_per_organization_and_currency() {
    let open = |name: &str| -> WalletCommand {
        OpenWallet {
            wallet_id: wallet(),
            organization_id: ORGANIZATION,
            name: name.into(),
            currency: Currency::Ngn,
            by: ADA,
        }
        .into()
    };
    given()
        .given_no_previous_events()
        .when(open("  Operating "))
        .then_expect_events(vec![opened()]);
    given()
        .given(vec![opened()])
        .when(open("Again"))
        .then_expect_error(WalletError::AlreadyOpen("NGN".into()));
    given()
        .given_no_previous_events()
        .when(open("  "))
        .then_expect_error(WalletError::InvalidName);
    assert_ne!(wallet(), wallet_id_of(ORGANIZATION, Currency::Usd));
}

#[test]
fn a_verified_top_up_credits_the_asked_amount_and_saves_the_card() {
    given()
        .given(vec![opened(), requested("5000")])
        .when(paid("5000.00", "NGN", Some(card())))
        .then_expect_events(vec![credited("5000"), card_saved()]);
}

#[test]
fn a_top_up_credits_once_per_provider_transaction() {
    given()
        .given(vec![opened(), requested("5000"), credited("5000")])
        .when(paid("5000.00", "NGN", None))
        .then_expect_events(vec![]);
}

#[test]
fn a_smaller_amount_or_another_currency_credits_nothing_and_fails_the_top_up() {
    let failed = |reason: &str| {
        vec![WalletEvent::WalletCreditFailed(WalletCreditFailed {
            wallet_id: wallet(),
            organization_id: ORGANIZATION,
            transaction_id: TOP_UP,
            tx_ref: "LLW-1".into(),
            status: "rejected".into(),
            reason: reason.into(),
        })]
    };
    given()
        .given(vec![opened(), requested("5000")])
        .when(paid("50.00", "NGN", None))
        .then_expect_events(failed(
            "The provider confirmed 50.00 NGN, less than the 5000 asked.",
        ));
    given()
        .given(vec![opened(), requested("5000")])
        .when(paid("5000.00", "USD", None))
        .then_expect_events(failed("The provider confirmed a payment in USD, not NGN."));
}

#[test]
fn a_pending_answer_changes_nothing_and_an_unknown_reference_is_refused() {
    given()
        .given(vec![opened(), requested("5000")])
        .when(
            SettleCredit {
                tx_ref: "LLW-1".into(),
                verification: CreditVerification::Pending,
                by: None,
            }
            .into(),
        )
        .then_expect_events(vec![]);
    given()
        .given(vec![opened()])
        .when(paid("5000", "NGN", None))
        .then_expect_error(WalletError::NoSuchCredit);
}

#[test]
fn a_debit_never_takes_the_balance_below_zero() {
    given()
        .given(vec![opened(), requested("5000"), credited("5000")])
        .when(debit("1500"))
        .then_expect_events(vec![WalletEvent::WalletDebited(WalletDebited {
            wallet_id: wallet(),
            organization_id: ORGANIZATION,
            transaction_id: SPEND,
            amount: d("1500.00"),
            currency: "NGN".into(),
            description: "Professional plan".into(),
            reference: None,
            balance_after: d("3500.00"),
            debited_by: ADA,
        })]);
    given()
        .given(vec![opened(), requested("5000"), credited("5000")])
        .when(debit("5000.01"))
        .then_expect_error(WalletError::InsufficientFunds {
            balance: "5000.00".into(),
            currency: "NGN".into(),
        });
}

#[test]
fn zero_negative_and_over_precise_amounts_are_refused() {
    for bad in ["0", "-5", "1.005"] {
        given()
            .given(vec![opened(), requested("5000"), credited("5000")])
            .when(debit(bad))
            .then_expect_error(WalletError::InvalidAmount);
    }
}

#[test]
fn the_same_debit_twice_is_recorded_once() {
    let mut state = Wallet::default();
    for e in [opened(), requested("5000"), credited("5000")] {
        state.apply(&e);
    }
    let first = state.decide(debit("100")).expect("debit");
    first.iter().for_each(|e| state.apply(e));

    assert!(state.decide(debit("100")).expect("again").is_empty());
    assert_eq!(state.balance, d("4900.00"));
}

#[test]
fn a_frozen_wallet_moves_no_money() {
    let frozen = WalletEvent::WalletStatusChanged(WalletStatusChanged {
        wallet_id: wallet(),
        organization_id: ORGANIZATION,
        status: "frozen".into(),
        changed_by: ADA,
    });
    given()
        .given(vec![opened(), requested("5000"), credited("5000"), frozen])
        .when(debit("1"))
        .then_expect_error(WalletError::Frozen);
}

#[test]
fn the_same_card_is_saved_once_and_a_removed_card_cannot_be_charged() {
    let mut again = card();
    again.token = "AUTH_2".into();
    let second_request = WalletEvent::WalletCreditRequested(WalletCreditRequested {
        tx_ref: "LLW-2".into(),
        ..match requested("10") {
            WalletEvent::WalletCreditRequested(r) => r,
            _ => unreachable!(),
        }
    });
    given()
        .given(vec![
            opened(),
            requested("5000"),
            credited("5000"),
            card_saved(),
            second_request,
        ])
        .when(
            SettleCredit {
                tx_ref: "LLW-2".into(),
                verification: CreditVerification::Successful {
                    provider_transaction_id: "PS-2".into(),
                    amount: d("10"),
                    currency: "NGN".into(),
                    card: Some(again),
                    card_id: CARD_2,
                },
                by: Some(ADA),
            }
            .into(),
        )
        .then_expect_events(vec![WalletEvent::WalletCredited(WalletCredited {
            tx_ref: "LLW-2".into(),
            provider_transaction_id: "PS-2".into(),
            amount: d("10.00"),
            balance_after: d("5010.00"),
            ..match credited("5000") {
                WalletEvent::WalletCredited(c) => c,
                _ => unreachable!(),
            }
        })]);
    let removed = WalletEvent::CardRemoved(CardRemoved {
        wallet_id: wallet(),
        organization_id: ORGANIZATION,
        card_id: CARD,
        removed_by: ADA,
    });
    given()
        .given(vec![opened(), card_saved()])
        .when(
            RemoveCard {
                card_id: CARD,
                by: ADA,
            }
            .into(),
        )
        .then_expect_events(vec![removed.clone()]);
    given()
        .given(vec![opened(), card_saved(), removed])
        .when(
            RequestCredit {
                transaction_id: TOP_UP,
                tx_ref: "LLW-9".into(),
                provider: "paystack".into(),
                amount: d("10"),
                card_id: Some(CARD),
                by: ADA,
            }
            .into(),
        )
        .then_expect_error(WalletError::NoSuchCard);
}
