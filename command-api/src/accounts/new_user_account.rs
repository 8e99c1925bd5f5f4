//! What every way of opening an account shares — signing up, and accepting an invitation
//! with a new account: the names and password checked (every problem reported at once),
//! the password hashed, and the user inserted in a write transaction the caller finishes.

use api_core::{ApiError, AppState};
use domain::validation;
use event_schemas::UserId;
use identity::password;
use identity::users::{self, NewUser};
use store::WriteTransaction;

use super::{hash_password, required_text, Problems, NAME_CHARS_MAX};

/// A new account's fields, checked, and its id.
pub(crate) struct NewUserAccount {
    pub user_id: UserId,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    password_hash: String,
}

impl NewUserAccount {
    /// Checks the form: both names, `email` (already read; `None` is reported as not
    /// valid) and a password that meets the rule; then hashes the password.
    pub(crate) async fn checked(
        first_name: &str,
        last_name: &str,
        email: Option<String>,
        new_password: String,
    ) -> Result<Self, ApiError> {
        let mut problems = Problems::default();
        let first_name = required_text(
            &mut problems,
            "first_name",
            first_name,
            "First Name is required",
            NAME_CHARS_MAX,
        );
        let last_name = required_text(
            &mut problems,
            "last_name",
            last_name,
            "Last Name is required",
            NAME_CHARS_MAX,
        );
        if email.is_none() {
            problems.add("email", validation::EMAIL_NOT_VALID);
        }
        if let Err(rule) = password::check_new(&new_password) {
            problems.add("password", rule.to_string());
        }
        problems.into_result()?;
        Ok(Self {
            user_id: UserId::new_v7(),
            email: email.unwrap_or_default(),
            first_name,
            last_name,
            password_hash: hash_password(new_password).await?,
        })
    }

    /// Inserts the user in a new write transaction, for the caller to add to and commit;
    /// `None`, with nothing written, when the address already has an account.
    pub(crate) async fn insert(
        &self,
        app: &AppState,
    ) -> Result<Option<WriteTransaction>, ApiError> {
        let mut tx = app.db().begin_write().await?;
        let inserted = users::insert(
            &mut *tx,
            &NewUser {
                id: &self.user_id.to_string(),
                email: &self.email,
                password_hash: &self.password_hash,
                first_name: &self.first_name,
                last_name: &self.last_name,
            },
        )
        .await?;
        Ok(inserted.then_some(tx))
    }
}
