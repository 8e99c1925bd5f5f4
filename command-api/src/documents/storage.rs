//! Uploads and deletes change what an organization stores: each is decided on the
//! organization's document storage (`domain::document_storage`) together with the
//! documents' own streams, in one append. Two uploads at the same moment both decide on
//! the storage as it stood; the second to commit finds it moved and decides again on the
//! first's total, so the plan's limit holds to the byte.

use api_core::access::authorize;
use api_core::auth::AuthUser;
use api_core::consistency::read_your_writes;
use api_core::ApiError;
use commands::{Loaded, RunError, Unit};
use domain::document::{Document, DocumentCommand};
use domain::document_storage::{DocumentStorage, StorageCommand, StorageError};
use domain::permissions::{Action, Usage};
use event_schemas::{DocumentId, OrganizationId};
use store::EventMetadata;

use crate::runner::IntoApiError;
use crate::CommandState;

/// How many times a change is decided again when another one moved the storage first.
const ATTEMPTS: usize = 16;

/// Who changes the storage, and where: what the plan's refusal is answered for.
pub(crate) struct Changer<'a> {
    pub user: &'a AuthUser,
    pub workspace_id: &'a str,
    pub metadata: &'a EventMetadata,
}

/// The storage of `organization_id` as its stream stands, and what documents recorded
/// before it had a stream take (read only when it has none yet).
async fn load(
    state: &CommandState,
    organization_id: OrganizationId,
) -> Result<(Loaded<DocumentStorage>, u64), ApiError> {
    let storage = state
        .runner()
        .load::<DocumentStorage>(&organization_id.to_string())
        .await
        .map_err(IntoApiError::into_api_error)?;
    let counted_before = if storage.is_new() {
        read_your_writes(&state.app, "documents").await?;
        projections::documents::bytes_stored(&state.app.db().pool, &organization_id.to_string())
            .await?
    } else {
        0
    };
    Ok((storage, counted_before))
}

/// The plan's own answer for documents that do not fit (`limit_exceeded`, spec texts).
async fn refused(state: &CommandState, changer: &Changer<'_>, err: StorageError) -> ApiError {
    let StorageError::Full { used, adding } = err;
    match authorize(
        &state.app,
        changer.user,
        changer.workspace_id,
        Action::StoreDocuments,
        Some(Usage::new(used, adding)),
    )
    .await
    {
        Err(refusal) => refusal,
        Ok(_) => ApiError::internal("the storage refused what the plan allows"),
    }
}

/// Whether `change` would fit the storage as it stands now (checked before an upload's
/// bytes are kept, so a refused upload leaves none).
pub(crate) async fn check(
    state: &CommandState,
    changer: &Changer<'_>,
    organization_id: OrganizationId,
    change: impl Fn(u64) -> StorageCommand,
) -> Result<(), ApiError> {
    let (storage, counted_before) = load(state, organization_id).await?;
    match storage.state.decide(change(counted_before)) {
        Ok(_) => Ok(()),
        Err(err) => Err(refused(state, changer, err).await),
    }
}

/// Decides `change` on the organization's storage and each of `documents`' commands on
/// its stream, and appends them together.
pub(crate) async fn commit(
    state: &CommandState,
    changer: &Changer<'_>,
    organization_id: OrganizationId,
    change: impl Fn(u64) -> StorageCommand,
    documents: &[(DocumentId, DocumentCommand)],
) -> Result<(), ApiError> {
    let runner = state.runner();
    let mut attempt = 1;
    loop {
        let (storage, counted_before) = load(state, organization_id).await?;
        let mut unit = Unit::new(changer.metadata, None);
        if let Err(err) = unit.decide(&storage, change(counted_before)) {
            return Err(refused(state, changer, err).await);
        }
        for (document_id, command) in documents {
            let document = runner
                .load::<Document>(&document_id.to_string())
                .await
                .map_err(IntoApiError::into_api_error)?;
            unit.decide(&document, command.clone())
                .map_err(IntoApiError::into_api_error)?;
        }
        match unit.commit(runner).await {
            Ok(_) => return Ok(()),
            Err(RunError::Moved { .. }) if attempt < ATTEMPTS => attempt += 1,
            Err(err) => return Err(err.into_api_error()),
        }
    }
}
