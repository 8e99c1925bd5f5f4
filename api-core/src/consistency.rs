//! Read-your-writes. Commands append to the log and projectors update read models a
//! moment later; a client that reads right after a write must see it (the UI refetches at
//! once). So a command route, after its append, waits until the read models it affects
//! have caught up with the log as this node last saw it committed.

use std::time::Duration;

use crate::{ApiError, AppState};

/// Long enough for any live batch; past it the write still stands and the read model
/// follows shortly, so the route answers instead of failing a command that succeeded.
const WAIT_MAX: Duration = Duration::from_secs(5);
const POLL: Duration = Duration::from_millis(5);

/// Waits until `projector` has applied every event committed before this call.
pub async fn read_your_writes(state: &AppState, projector: &str) -> Result<(), ApiError> {
    let target = *state.store.subscribe().borrow();
    let deadline = tokio::time::Instant::now() + WAIT_MAX;
    loop {
        let checkpoint = projections::checkpoint::load(state.db(), projector)
            .await
            .map_err(ApiError::internal)?;
        match checkpoint {
            Some(cp) if cp.cursor >= target => return Ok(()),
            Some(cp) if cp.state == projections::ProjectorState::Failed => {
                return Err(ApiError::internal(format!(
                    "projector {projector} has stopped: {:?}",
                    cp.error
                )))
            }
            _ => {}
        }
        if tokio::time::Instant::now() >= deadline {
            tracing::warn!(
                projector,
                "read model still behind after the write; answering anyway"
            );
            return Ok(());
        }
        tokio::time::sleep(POLL).await;
    }
}
