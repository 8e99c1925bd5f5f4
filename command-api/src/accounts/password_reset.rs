//! Resetting a forgotten password through a mailed link.

use api_core::body::Body;
use api_core::openapi::{ok, Data, Message};
use api_core::ApiError;
use axum::extract::State;
use axum::Json;
use domain::validation;
use event_schemas::user_activity::{PasswordChanged, PasswordResetRequested, UserActivityEvent};
use identity::outbox::{self, Mail};
use identity::password;
use identity::tokens::{self, Purpose};
use identity::trusted_devices;
use identity::users;
use serde::Deserialize;

use super::{hash_password, mail_link, EmailBody, LINK_NOT_VALID};
use crate::activity::{self, Scope};
use crate::CommandState;

/// Sends a password reset link. Answers the same for unknown addresses.
#[utoipa::path(post, path = "/api/v1/accounts/password/reset/initialize/", security(()), tag = "accounts",
    request_body = EmailBody, responses((status = 200, body = Data<Message>), (status = 400)))]
pub async fn reset_initialize(
    State(state): State<CommandState>,
    Body(body): Body<EmailBody>,
) -> Result<Json<Data<Message>>, ApiError> {
    let email = validation::email(&body.email)
        .ok_or_else(|| ApiError::field("email", validation::EMAIL_NOT_VALID))?;
    let app = &state.app;
    if let Some(user) = users::by_email(app.db(), &email).await? {
        let mut tx = app.db().begin_write().await?;
        let token = tokens::issue_one_time(&mut *tx, &user.id, Purpose::PasswordReset).await?;
        let link = mail_link(app, "/auth/reset-password", &token);
        let mail = Mail {
            recipient: user.email.clone(),
            subject: "Reset your Ledgerline password".into(),
            body: format!(
                "Hello {},\n\nSomeone asked to reset the password of your Ledgerline account. Open this link to choose a new one:\n\n{link}\n\nThe link works once and expires in 1 hour. If it was not you, ignore this mail: your password stays as it is.\n\nLedgerline",
                user.first_name
            ),
        };
        outbox::enqueue(&mut *tx, &mail).await?;
        tx.commit().await?;
        app.mail.mail_queued();
        let fact = PasswordResetRequested {
            user_id: activity::user_id(&user.id)?,
        };
        activity::record(
            app,
            UserActivityEvent::PasswordResetRequested(fact),
            Scope::default(),
        )
        .await?;
    }
    Ok(ok(Message::new(
        "If the address has an account, a reset link is on its way.",
    )))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct ResetCompleteBody {
    pub token: String,
    pub password: String,
}

/// Sets a new password with the mailed token; every session of the account ends, and
/// every device trusted to skip the second factor is forgotten.
#[utoipa::path(post, path = "/api/v1/accounts/password/reset/complete/", security(()), tag = "accounts",
    request_body = ResetCompleteBody, responses((status = 200, body = Data<Message>), (status = 400)))]
pub async fn reset_complete(
    State(state): State<CommandState>,
    Body(body): Body<ResetCompleteBody>,
) -> Result<Json<Data<Message>>, ApiError> {
    if let Err(rule) = password::check_new(&body.password) {
        return Err(ApiError::field("password", rule.to_string()));
    }
    let app = &state.app;
    let password_hash = hash_password(body.password).await?;
    let mut tx = app.db().begin_write().await?;
    let Some(user_id) =
        tokens::consume_one_time(tx.transaction(), body.token.trim(), Purpose::PasswordReset)
            .await?
    else {
        return Err(ApiError::field("token", LINK_NOT_VALID));
    };
    users::set_password_hash(&mut *tx, &user_id, &password_hash).await?;
    // Whoever could reach the mailbox has proved it: the address is verified too.
    users::mark_email_verified(&mut *tx, &user_id).await?;
    tokens::revoke_all_refresh(&mut *tx, &user_id).await?;
    trusted_devices::forget_all(&mut *tx, &user_id).await?;
    tx.commit().await?;
    let fact = PasswordChanged {
        user_id: activity::user_id(&user_id)?,
    };
    activity::record(
        app,
        UserActivityEvent::PasswordChanged(fact),
        Scope::actor(&user_id),
    )
    .await?;
    Ok(ok(Message::new(
        "Your password is changed. Sign in with the new one.",
    )))
}
