//! Continuous audit, read side: a workspace's monitoring settings and the entries the
//! monitor flagged since the last close, from the reactor's tables
//! (`projections::continuous_audit`). Anyone with the audit service reads them.

use api_core::access::authorize;
use api_core::auth::AuthUser;
use api_core::openapi::{ok, Data};
use api_core::{ApiError, AppState};
use axum::extract::{Path, State};
use axum::Json;
use domain::continuous_audit::Settings;
use domain::permissions::Action;
use event_schemas::continuous_audit::ContinuousAuditEvent;
use serde::Serialize;
use serde_json::Value;
use sqlx::Row;

/// Flagged entries listed at most; the highest scores first.
pub const FLAGGED_MAX: i64 = 1_000;

/// A workspace's monitoring as it stands.
#[derive(Serialize, utoipa::ToSchema)]
pub struct SettingsView {
    pub workspace_id: String,
    pub enabled: bool,
    /// `medium` or `high`.
    pub notify_from: String,
    /// Decimal strings; `null` when not set.
    #[schema(value_type = Option<api_core::openapi::Money>)]
    pub materiality: Option<String>,
    #[schema(value_type = Option<api_core::openapi::Money>)]
    pub performance_materiality: Option<String>,
    #[schema(value_type = Vec<api_core::openapi::Money>)]
    pub approval_thresholds: Vec<String>,
    /// The fixed offset of settings written before zones; `time_zone` decides when set.
    pub utc_offset_seconds: i32,
    /// The IANA zone the timing tests read posting times in (`Africa/Lagos`): the one
    /// configured, or — never configured — the workspace's own, which turning monitoring
    /// on adopts. `null` for settings kept on a fixed offset.
    pub time_zone: Option<String>,
    #[schema(value_type = Object)]
    pub params: Value,
    /// Who last changed them and when (RFC 3339); `null` while never configured.
    pub configured_by: Option<String>,
    pub configured_at: Option<String>,
}

/// The workspace's continuous audit settings (off, notifying from `high`, until someone
/// turns it on).
#[utoipa::path(get, path = "/api/v1/audit/continuous/{workspace_id}/", tag = "audit",
    params(("workspace_id" = String, Path)),
    responses((status = 200, body = Data<SettingsView>, description = "`data`: the settings"), (status = 403)))]
pub async fn settings(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
) -> Result<Json<Data<SettingsView>>, ApiError> {
    authorize(&state, &user, &workspace_id, Action::AuditSessions, None).await?;
    let row = sqlx::query(
        "SELECT definition, configured_by, configured_at FROM continuous_audit_settings \
         WHERE workspace_id = $1",
    )
    .bind(&workspace_id)
    .fetch_optional(&state.db().pool)
    .await?;
    let (settings, configured_by, configured_at) = match row {
        None => {
            let zone = api_core::time::workspace_time_zone(state.db(), &workspace_id).await?;
            let settings = Settings {
                time_zone: Some(zone.name().to_owned()),
                ..Settings::default()
            };
            (settings, None, None)
        }
        Some(row) => {
            let raw: String = row.try_get("definition")?;
            let ContinuousAuditEvent::ContinuousAuditConfigured(event) =
                serde_json::from_str(&raw).map_err(ApiError::internal)?;
            (
                Settings::of(&event),
                Some(row.try_get::<String, _>("configured_by")?),
                Some(api_core::time::iso_datetime(row.try_get("configured_at")?)),
            )
        }
    };
    Ok(ok(SettingsView {
        workspace_id,
        enabled: settings.enabled,
        notify_from: settings.notify_from.as_str().to_owned(),
        materiality: settings.materiality.map(|m| m.to_string()),
        performance_materiality: settings.performance_materiality.map(|m| m.to_string()),
        approval_thresholds: settings
            .approval_thresholds
            .iter()
            .map(ToString::to_string)
            .collect(),
        utc_offset_seconds: settings.utc_offset_seconds,
        time_zone: settings.time_zone,
        params: settings.params,
        configured_by,
        configured_at,
    }))
}

/// One flagged entry.
#[derive(Serialize, utoipa::ToSchema)]
pub struct FlaggedEntry {
    pub entry_id: String,
    pub number: String,
    /// The effective date, `YYYY-MM-DD`.
    pub date: String,
    /// 0–100, one decimal.
    pub score: f64,
    /// `medium` or `high`.
    pub band: String,
    /// The control points that fired, strongest first.
    pub reasons: Vec<FlagReason>,
    /// The entry's posting in the log, and the position it was scored through.
    pub entry_position: i64,
    pub scored_through: i64,
    /// When the posting that flagged it was recorded (RFC 3339).
    pub flagged_at: String,
}

/// One control point of a flagged entry's score.
#[derive(Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct FlagReason {
    /// The test that fired.
    pub test: String,
    /// Its weight in the composite score.
    pub weight: f64,
    /// Why, in words.
    pub reasons: Vec<String>,
}

/// The flagged list and what it covers.
#[derive(Serialize, utoipa::ToSchema)]
pub struct FlaggedView {
    /// The workspace's lock date (the last close); entries dated on or before it are
    /// closed and left out. `null` when the books were never locked.
    pub lock_date: Option<String>,
    /// The band from which entries are listed (the notify band in force).
    pub notify_from: String,
    pub entries: Vec<FlaggedEntry>,
}

/// The entries the monitor flagged that are dated after the last close, highest score
/// first: what to review before the books close.
#[utoipa::path(get, path = "/api/v1/audit/continuous/{workspace_id}/flagged/", tag = "audit",
    params(("workspace_id" = String, Path)),
    responses((status = 200, body = Data<FlaggedView>, description = "`data`: lock_date, notify_from, entries"), (status = 403)))]
pub async fn flagged(
    State(state): State<AppState>,
    user: AuthUser,
    Path(workspace_id): Path<String>,
) -> Result<Json<Data<FlaggedView>>, ApiError> {
    authorize(&state, &user, &workspace_id, Action::AuditSessions, None).await?;
    Ok(ok(flagged_view(&state, &workspace_id).await?))
}

async fn flagged_view(state: &AppState, workspace_id: &str) -> Result<FlaggedView, ApiError> {
    let pool = &state.db().pool;
    let lock_date: Option<String> =
        sqlx::query_scalar("SELECT lock_date FROM read_books WHERE workspace_id = $1")
            .bind(workspace_id)
            .fetch_optional(pool)
            .await?
            .flatten();
    let notify_from: String = sqlx::query_scalar(
        "SELECT notify_from FROM continuous_audit_settings WHERE workspace_id = $1",
    )
    .bind(workspace_id)
    .fetch_optional(pool)
    .await?
    .unwrap_or_else(|| {
        domain::continuous_audit::NOTIFY_FROM_DEFAULT
            .as_str()
            .to_owned()
    });
    // Bands at or above the one in force ('high' lists high only).
    let bands: &[&str] = if notify_from == "medium" {
        &["medium", "high"]
    } else {
        &["high"]
    };
    // ISO dates compare as text on both backends.
    let rows = sqlx::query(&format!(
        "SELECT entry_id, number, effective_date, score_tenths, band, reasons, entry_position, \
         scored_through, flagged_at FROM continuous_audit_flags \
         WHERE workspace_id = $1 AND effective_date > $2 AND band IN ({}) \
         ORDER BY score_tenths DESC, number LIMIT {FLAGGED_MAX}",
        bands
            .iter()
            .map(|b| format!("'{b}'"))
            .collect::<Vec<_>>()
            .join(", ")
    ))
    .bind(workspace_id)
    .bind(lock_date.clone().unwrap_or_default())
    .fetch_all(pool)
    .await?;
    let entries = rows
        .iter()
        .map(|row| -> Result<FlaggedEntry, ApiError> {
            let reasons: String = row.try_get("reasons")?;
            Ok(FlaggedEntry {
                entry_id: row.try_get("entry_id")?,
                number: row.try_get("number")?,
                date: row.try_get("effective_date")?,
                score: row.try_get::<i64, _>("score_tenths")? as f64 / 10.0,
                band: row.try_get("band")?,
                reasons: serde_json::from_str(&reasons).map_err(ApiError::internal)?,
                entry_position: row.try_get("entry_position")?,
                scored_through: row.try_get("scored_through")?,
                flagged_at: api_core::time::iso_datetime(row.try_get("flagged_at")?),
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(FlaggedView {
        lock_date,
        notify_from,
        entries,
    })
}
