//! A conversation's life, given/when/then.

use cqrs_es::test::TestFramework;
use event_schemas::assistant::{
    Answer, ConversationDeleted, ConversationEvent, ConversationStarted, QuestionAnswered,
};
use event_schemas::{ConversationId, OrganizationId, UserId, WorkspaceId};
use uuid::Uuid;

use super::aggregate::title_of;
use super::*;

const CONVERSATION: ConversationId =
    ConversationId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0a01));
const WORKSPACE: WorkspaceId =
    WorkspaceId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c33));
const ELSEWHERE: WorkspaceId =
    WorkspaceId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c34));
const ORGANIZATION: OrganizationId =
    OrganizationId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c11));
const ADA: UserId = UserId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c24));
const BEN: UserId = UserId::from_uuid(Uuid::from_u128(0x0190_f2a4_6b1e_7c3a_9d55_0000_0000_0c25));

fn given() -> TestFramework<Conversation> {
    TestFramework::with(())
}

fn started() -> ConversationEvent {
    ConversationEvent::ConversationStarted(ConversationStarted {
        conversation_id: CONVERSATION,
        organization_id: ORGANIZATION,
        workspace_id: WORKSPACE,
        user_id: ADA,
        title: "New conversation".into(),
    })
}

fn answer() -> Answer {
    Answer {
        text: "Nothing was posted to it.".into(),
        engine: "built_in".into(),
        ..Answer::default()
    }
}

fn answered(question: &str) -> ConversationEvent {
    ConversationEvent::QuestionAnswered(QuestionAnswered {
        conversation_id: CONVERSATION,
        workspace_id: WORKSPACE,
        user_id: ADA,
        question: question.into(),
        answer: answer(),
    })
}

fn ask(user_id: UserId, workspace_id: WorkspaceId, question: &str) -> ConversationCommand {
    RecordAnswer {
        workspace_id,
        user_id,
        question: question.into(),
        answer: answer(),
    }
    .into()
}

#[test]
fn a_conversation_is_started_once() {
    let start = StartConversation {
        conversation_id: CONVERSATION,
        organization_id: ORGANIZATION,
        workspace_id: WORKSPACE,
        user_id: ADA,
    };
    given()
        .given_no_previous_events()
        .when(start.clone().into())
        .then_expect_events(vec![started()]);
    given()
        .given(vec![started()])
        .when(start.into())
        .then_expect_error(ConversationError::AlreadyStarted);
}

#[test]
fn the_owner_records_a_trimmed_question_with_its_answer() {
    given()
        .given(vec![started()])
        .when(ask(ADA, WORKSPACE, "  cash balance?  "))
        .then_expect_events(vec![answered("cash balance?")]);
}

#[test]
fn someone_else_or_another_workspace_finds_no_conversation() {
    given()
        .given(vec![started()])
        .when(ask(BEN, WORKSPACE, "cash balance?"))
        .then_expect_error(ConversationError::NotFound);
    given()
        .given(vec![started()])
        .when(ask(ADA, ELSEWHERE, "cash balance?"))
        .then_expect_error(ConversationError::NotFound);
    given()
        .given(vec![started()])
        .when(
            DeleteConversation {
                workspace_id: WORKSPACE,
                user_id: BEN,
            }
            .into(),
        )
        .then_expect_error(ConversationError::NotFound);
}

#[test]
fn an_empty_or_overlong_question_is_refused() {
    given()
        .given(vec![started()])
        .when(ask(ADA, WORKSPACE, "   "))
        .then_expect_error(ConversationError::InvalidQuestion);
    given()
        .given(vec![started()])
        .when(ask(ADA, WORKSPACE, &"x".repeat(QUESTION_CHARS_MAX + 1)))
        .then_expect_error(ConversationError::InvalidQuestion);
}

#[test]
fn a_full_conversation_takes_no_more_questions() {
    let mut history = vec![started()];
    history.extend((0..MESSAGES_MAX).map(|_| answered("q")));
    given()
        .given(history)
        .when(ask(ADA, WORKSPACE, "one more"))
        .then_expect_error(ConversationError::TooManyMessages);
}

#[test]
fn a_deleted_conversation_is_gone_for_its_owner_too() {
    let deleted = ConversationEvent::ConversationDeleted(ConversationDeleted {
        conversation_id: CONVERSATION,
        workspace_id: WORKSPACE,
        user_id: ADA,
    });
    given()
        .given(vec![started()])
        .when(
            DeleteConversation {
                workspace_id: WORKSPACE,
                user_id: ADA,
            }
            .into(),
        )
        .then_expect_events(vec![deleted.clone()]);
    given()
        .given(vec![started(), deleted])
        .when(ask(ADA, WORKSPACE, "cash?"))
        .then_expect_error(ConversationError::NotFound);
}

#[test]
fn a_title_is_the_first_question_cut_with_an_ellipsis() {
    assert_eq!(title_of(" cash? "), "cash?");
    let long = "a".repeat(TITLE_CHARS_MAX + 5);
    let title = title_of(&long);
    assert_eq!(title.chars().count(), TITLE_CHARS_MAX);
    assert!(title.ends_with('…'));
}
