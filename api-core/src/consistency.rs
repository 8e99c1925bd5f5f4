//! Read-your-writes. Commands append to the log and projectors update read models a
//! moment later; a client that reads right after a write must see it (the UI refetches at
//! once). So a command route, after its append, waits until the read models it affects
//! have caught up with the log as this node last saw it committed.
//!
//! Where the projector runs in this process, the wait is on its progress channel
//! (`projections::Applied`), woken by the very commit of the batch that applied the
//! write — no query at all. An API node whose projectors run elsewhere reads the
//! projector's checkpoint instead, every [`POLL`].

use std::time::Duration;

use store::Cursor;

use crate::{ApiError, AppState};

/// Long enough for any live batch; past it the write still stands and the read model
/// follows shortly, so the route answers instead of failing a command that succeeded.
const WAIT_MAX: Duration = Duration::from_secs(5);
/// How often a node without the projector reads its checkpoint.
const POLL: Duration = Duration::from_millis(10);

/// Waits until `projector` has applied every event committed before this call.
pub async fn read_your_writes(state: &AppState, projector: &str) -> Result<(), ApiError> {
    let target = *state.store.subscribe().borrow();
    let caught_up = if state.applied.is_local(projector) {
        let mut progress = state.applied.subscribe(projector);
        tokio::time::timeout(WAIT_MAX, async {
            loop {
                if progress.borrow_and_update().cursor >= target {
                    return true;
                }
                if progress.changed().await.is_err() {
                    return false;
                }
            }
        })
        .await
        .unwrap_or(false)
    } else {
        poll_checkpoint(state, projector, target).await?
    };
    if caught_up {
        return Ok(());
    }
    if let Some(cp) = projections::checkpoint::load(state.db(), projector)
        .await
        .map_err(ApiError::internal)?
    {
        if cp.cursor >= target {
            return Ok(());
        }
        if cp.state == projections::ProjectorState::Failed {
            return Err(ApiError::internal(format!(
                "projector {projector} has stopped: {:?}",
                cp.error
            )));
        }
    }
    tracing::warn!(
        projector,
        "read model still behind after the write; answering anyway"
    );
    Ok(())
}

async fn poll_checkpoint(
    state: &AppState,
    projector: &str,
    target: Cursor,
) -> Result<bool, ApiError> {
    let deadline = tokio::time::Instant::now() + WAIT_MAX;
    loop {
        let checkpoint = projections::checkpoint::load(state.db(), projector)
            .await
            .map_err(ApiError::internal)?;
        match checkpoint {
            Some(cp) if cp.cursor >= target => return Ok(true),
            Some(cp) if cp.state == projections::ProjectorState::Failed => return Ok(false),
            _ => {}
        }
        if tokio::time::Instant::now() >= deadline {
            return Ok(false);
        }
        tokio::time::sleep(POLL).await;
    }
}
