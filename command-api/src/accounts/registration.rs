//! Sign-up: creating an account and its organization, the verification mail and its
//! link, and whether an address is taken.

use api_core::body::Body;
use api_core::openapi::{ok, Data, Message};
use api_core::request_id::CurrentRequestId;
use api_core::{ApiError, AppState};
use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use domain::organization::{CreateOrganization, OrganizationCommand};
use domain::validation;
use event_schemas::user_activity::{UserActivityEvent, UserRegistered};
use event_schemas::{MembershipId, OrganizationId, UserId};
use identity::outbox::{self, Mail};
use identity::tokens::{self, Purpose};
use identity::users;
use serde::{Deserialize, Serialize};
use store::EventMetadata;

use super::{mail_link, NewUserAccount, LINK_NOT_VALID};
use crate::activity::{self, Scope};
use crate::runner::execute;
use crate::CommandState;

#[derive(Deserialize, utoipa::ToSchema)]
pub struct RegisterBody {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub password: String,
    /// The new user's organization; defaults to "<first> <last>'s organization".
    #[serde(default)]
    pub organization_name: Option<String>,
}

/// Creates an account and its organization (the user is its Admin) and sends the
/// verification mail. The account signs in once the e-mail is verified. An address that
/// already has an account gets the same answer (nothing is created) and its owner a mail.
#[utoipa::path(post, path = "/api/v1/accounts/register/", security(()), tag = "accounts",
    request_body = RegisterBody,
    responses((status = 201, body = Data<Registered>), (status = 400)))]
pub async fn register(
    State(state): State<CommandState>,
    CurrentRequestId(request_id): CurrentRequestId,
    Body(body): Body<RegisterBody>,
) -> Result<(StatusCode, Json<Data<Registered>>), ApiError> {
    let account = NewUserAccount::checked(
        &body.first_name,
        &body.last_name,
        validation::email(&body.email),
        body.password,
    )
    .await?;
    let app = &state.app;
    let Some(mut tx) = account.insert(app).await? else {
        return registration_with_a_taken_address(
            app,
            account.email,
            account.first_name,
            account.last_name,
        )
        .await;
    };
    let NewUserAccount {
        user_id,
        email,
        first_name,
        last_name,
        ..
    } = account;
    let token =
        tokens::issue_one_time(&mut *tx, &user_id.to_string(), Purpose::EmailVerification).await?;
    outbox::enqueue(
        &mut *tx,
        &verification_mail(app, &email, &first_name, &token),
    )
    .await?;
    tx.commit().await?;
    app.mail.mail_queued();

    // The organization is event-sourced, so it is a second write. If it fails the
    // account is removed again, so the e-mail can sign up once more.
    let organization_id = OrganizationId::new_v7();
    let name = body
        .organization_name
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| format!("{first_name} {last_name}'s organization"));
    let command = OrganizationCommand::from(CreateOrganization {
        organization_id,
        name,
        email: email.clone(),
        location: None,
        created_by: user_id,
        founder_membership_id: MembershipId::new_v7(),
    });
    let metadata = EventMetadata {
        actor_id: Some(user_id.to_string()),
        organization_id: Some(organization_id.to_string()),
        request_id,
        ..Default::default()
    };
    if let Err(err) = execute::<domain::organization::Organization>(
        state.runner(),
        &organization_id.to_string(),
        command,
        &metadata,
        None,
    )
    .await
    {
        users::delete(app.db(), &user_id.to_string()).await?;
        return Err(err);
    }
    activity::record(
        app,
        UserActivityEvent::UserRegistered(UserRegistered { user_id }),
        Scope {
            actor: Some(user_id),
            organization_id: Some(organization_id.to_string()),
            ..Scope::default()
        },
    )
    .await?;
    api_core::consistency::read_your_writes(app, "organizations").await?;
    Ok((
        StatusCode::CREATED,
        ok(Registered {
            id: user_id.to_string(),
            email,
            first_name,
            last_name,
            organization_id: organization_id.to_string(),
        }),
    ))
}

/// The new account and the organization it founded.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Registered {
    pub id: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub organization_id: String,
}

/// A registration with an address that already has an account answers exactly as a new
/// one would (201 and a body of the same shape, its ids never used), so the form does not
/// tell a stranger who has an account here. The account's owner is told by mail instead.
async fn registration_with_a_taken_address(
    app: &AppState,
    email: String,
    first_name: String,
    last_name: String,
) -> Result<(StatusCode, Json<Data<Registered>>), ApiError> {
    if let Some(user) = users::by_email(app.db(), &email).await? {
        let link = format!("{}/auth/login", app.public_url.trim_end_matches('/'));
        let mail = Mail {
            recipient: user.email.clone(),
            subject: "Someone tried to register with your address".into(),
            body: format!(
                "Hello {},\n\nSomeone tried to create a Ledgerline account with this e-mail address, which already has one. Nothing was changed.\n\nIf it was you, sign in instead (the sign-in page also sends a new password if you forgot it):\n\n{link}\n\nIf it was not you, ignore this mail.\n\nLedgerline",
                user.first_name
            ),
        };
        let mut tx = app.db().begin_write().await?;
        outbox::enqueue(&mut *tx, &mail).await?;
        tx.commit().await?;
        app.mail.mail_queued();
    }
    Ok((
        StatusCode::CREATED,
        ok(Registered {
            id: UserId::new_v7().to_string(),
            email,
            first_name,
            last_name,
            organization_id: OrganizationId::new_v7().to_string(),
        }),
    ))
}

pub(crate) fn verification_mail(
    state: &AppState,
    email: &str,
    first_name: &str,
    token: &str,
) -> Mail {
    let link = mail_link(state, "/auth/activate", token);
    Mail {
        recipient: email.to_owned(),
        subject: "Verify your e-mail address for Ledgerline".into(),
        body: format!(
            "Hello {first_name},\n\nWelcome to Ledgerline. Open this link to verify your e-mail address and activate your account:\n\n{link}\n\nThe link works once and expires in 3 days. If you did not sign up, ignore this mail.\n\nLedgerline"
        ),
    }
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct EmailBody {
    pub email: String,
}

/// Sends a new verification mail. Answers the same whether or not the address has an
/// unverified account, so it cannot be used to find accounts.
#[utoipa::path(post, path = "/api/v1/accounts/email-verification/initiate/", security(()), tag = "accounts",
    request_body = EmailBody, responses((status = 200, body = Data<Message>), (status = 400)))]
pub async fn verification_initiate(
    State(state): State<CommandState>,
    Body(body): Body<EmailBody>,
) -> Result<Json<Data<Message>>, ApiError> {
    let email = validation::email(&body.email)
        .ok_or_else(|| ApiError::field("email", validation::EMAIL_NOT_VALID))?;
    let app = &state.app;
    if let Some(user) = users::by_email(app.db(), &email).await? {
        if !user.email_verified {
            let mut tx = app.db().begin_write().await?;
            let token =
                tokens::issue_one_time(&mut *tx, &user.id, Purpose::EmailVerification).await?;
            outbox::enqueue(
                &mut *tx,
                &verification_mail(app, &user.email, &user.first_name, &token),
            )
            .await?;
            tx.commit().await?;
            app.mail.mail_queued();
        }
    }
    Ok(ok(Message::new(
        "If the address has an account waiting for verification, a new link is on its way.",
    )))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct TokenBody {
    pub token: String,
}

/// Verifies the e-mail address (and so activates the account) with the mailed token.
#[utoipa::path(post, path = "/api/v1/accounts/email-verification/complete/", security(()), tag = "accounts",
    request_body = TokenBody, responses((status = 200, body = Data<Message>), (status = 400)))]
pub async fn verification_complete(
    State(state): State<CommandState>,
    Body(body): Body<TokenBody>,
) -> Result<Json<Data<Message>>, ApiError> {
    let app = &state.app;
    let mut tx = app.db().begin_write().await?;
    let Some(user_id) = tokens::consume_one_time(
        tx.transaction(),
        body.token.trim(),
        Purpose::EmailVerification,
    )
    .await?
    else {
        return Err(ApiError::field("token", LINK_NOT_VALID));
    };
    users::mark_email_verified(&mut *tx, &user_id).await?;
    tx.commit().await?;
    Ok(ok(Message::new(
        "Your e-mail address is verified. You can sign in now.",
    )))
}

/// Whether an account uses the address.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct EmailExists {
    pub exists: bool,
}

/// Whether an account uses this e-mail address (spec §7; the sign-up form asks).
#[utoipa::path(post, path = "/api/v1/accounts/email-exists/check/", security(()), tag = "accounts",
    request_body = EmailBody, responses((status = 200, body = Data<EmailExists>), (status = 400)))]
pub async fn email_exists(
    State(state): State<CommandState>,
    Body(body): Body<EmailBody>,
) -> Result<Json<Data<EmailExists>>, ApiError> {
    let email = validation::email(&body.email)
        .ok_or_else(|| ApiError::field("email", validation::EMAIL_NOT_VALID))?;
    let exists = users::exists_with_email(state.app.db(), &email).await?;
    Ok(ok(EmailExists { exists }))
}
