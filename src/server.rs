use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use api_core::auth::TokenKeys;
use api_core::{idempotency, request_id, ApiError, AppState};
use axum::extract::DefaultBodyLimit;
use axum::routing::{any, get};
use axum::{middleware, Json, Router};
use projections::ProjectionRuntime;
use query_api::QueryState;
use store::{Db, EventStore};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tower::ServiceBuilder;
use tower_http::limit::RequestBodyLimitLayer;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::config::{Role, ServeConfig};

/// The hard cap on any request body: the upload routes' limit. The command routes set
/// smaller ones of their own (`command_api::JSON_BODY_BYTES_MAX`, and a few KB on
/// sign-in and the other credential routes).
pub const REQUEST_BODY_BYTES_MAX: usize = command_api::UPLOAD_BODY_BYTES_MAX;
/// How long in-flight work may take to finish after a shutdown signal.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

/// Where the OpenAPI document is served.
pub const OPENAPI_PATH: &str = "/api/v1/openapi.json";

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Ledgerline API",
        description = "Workspace-based accounting and audit on an event-sourced ledger."
    ),
    paths(openapi_json),
    components(schemas(api_core::openapi::Money, query_api::live::InboxChange))
)]
struct ApiDoc;

/// This document.
#[utoipa::path(get, path = "/api/v1/openapi.json", security(()), tag = "operations",
    responses((status = 200, description = "The OpenAPI document of every /api/v1 route", body = Object)))]
async fn openapi_json(
    axum::extract::State(document): axum::extract::State<Arc<utoipa::openapi::OpenApi>>,
) -> Json<utoipa::openapi::OpenApi> {
    Json(document.as_ref().clone())
}

/// The OpenAPI document of every route under `/api/v1`, built from the same route lists
/// the server mounts by default (no development-mode pages) — what `ledgerline openapi`
/// prints and the UI's types are generated from.
pub fn openapi_document() -> utoipa::openapi::OpenApi {
    let mut document = ApiDoc::openapi();
    document.merge(command_api::routes().into_openapi());
    document.merge(query_api::routes(false).into_openapi());
    finish_document(document)
}

/// Fills every operation's error responses with the shared error bodies and marks every
/// field of an answer required (serde always writes it).
fn finish_document(mut document: utoipa::openapi::OpenApi) -> utoipa::openapi::OpenApi {
    use utoipa::Modify;
    api_core::openapi::ErrorBodies.modify(&mut document);
    api_core::openapi::ResponseFieldsRequired.modify(&mut document);
    document
}

/// One node: HTTP API, projectors and (with NATS) the relay, per its role.
pub struct Application {
    config: ServeConfig,
    listener: Option<TcpListener>,
    router: Router,
    store: EventStore,
    projections: ProjectionRuntime,
    mail: (identity::outbox::OutboxSignal, identity::outbox::Transport),
    /// Ends the live feed and its open streams at shutdown.
    live_stop: watch::Sender<bool>,
    live_task: tokio::task::JoinHandle<()>,
    rules: projections::notification_rules::NotificationRules,
    reports: query_api::reports::worker::ReportGenerator,
    /// Scores new entries of monitored workspaces and notifies their Admins.
    continuous_audit: projections::continuous_audit::ContinuousAudit,
    /// Tells Admins and Editors of debt instalments due soon and overdue.
    debt_notices: projections::debt_notices::DebtNotices,
    /// The handlers' state, for the document sweeper beside them.
    state: AppState,
}

impl Application {
    /// Opens and migrates the store, prepares the projectors and binds the port (0 picks a
    /// free one, for tests).
    pub async fn build(config: ServeConfig) -> anyhow::Result<Self> {
        let db = Db::connect(&config.storage)
            .await
            .context("opening the database")?;
        let store = EventStore::open(db.clone())
            .await
            .context("migrating the event store")?;
        crate::migrate_plain_state(&db).await?;
        let projections = ProjectionRuntime::new(store.clone(), crate::projectors());
        projections
            .prepare()
            .await
            .map_err(|e| anyhow::anyhow!("preparing projectors: {e}"))?;
        let rules = projections::notification_rules::NotificationRules::new(
            store.clone(),
            config.digest_window,
        );
        rules
            .prepare()
            .await
            .context("preparing the notification rules")?;
        let reports = query_api::reports::worker::ReportGenerator::new(store.clone());
        reports
            .prepare()
            .await
            .context("preparing the report generator")?;
        let continuous_audit = projections::continuous_audit::ContinuousAudit::new(store.clone());
        continuous_audit
            .prepare()
            .await
            .context("preparing the continuous audit")?;
        let clock = config.clock.clone();
        let debt_notices = projections::debt_notices::DebtNotices::new(
            store.clone(),
            Arc::new(move || clock.now_us()),
        );
        debt_notices
            .prepare()
            .await
            .context("preparing the debt notices")?;
        let keys = TokenKeys::load_or_create(&config.storage.data_dir)
            .context("loading the token signing secret")?;
        let secrets = identity::sealing::SealingKey::load_or_create(&config.storage.data_dir)
            .context("loading the key secrets are sealed with")?;
        let newly_sealed = identity::two_factor::seal_stored_secrets(&db, &secrets)
            .await
            .context("sealing the stored two-factor secrets")?;
        if newly_sealed > 0 {
            tracing::info!(
                newly_sealed,
                "sealed two-factor secrets stored before sealing"
            );
        }
        let app = AppState {
            store: store.clone(),
            keys,
            secrets,
            access: Arc::new(query_api::access::ReadModelAccess::new(
                db.clone(),
                projections.applied().clone(),
            )),
            data_dir: config.storage.data_dir.clone(),
            blobs: match &config.object_store {
                Some(bucket) => identity::files::blobs::Blobs::in_object_store(
                    &config.storage.data_dir,
                    bucket.connect().context("connecting to the object store")?,
                ),
                None => identity::files::blobs::Blobs::new(&config.storage.data_dir),
            },
            public_url: config.public_url.clone(),
            mail: identity::outbox::OutboxSignal::default(),
            clock: config.clock.clone(),
            applied: projections.applied().clone(),
            owners: Default::default(),
        };
        let mail_transport = match &config.smtp_url {
            Some(url) => identity::outbox::Transport::smtp(url).map_err(anyhow::Error::msg)?,
            None => identity::outbox::Transport::Files(config.storage.data_dir.join("outbox")),
        };
        let serves_http = matches!(config.role, Role::All | Role::Api);
        if serves_http && config.dev_mode {
            tracing::warn!("development mode: the mail outbox listing is served to local clients");
        }
        if serves_http && !config.ui_dir.join("index.html").exists() {
            tracing::warn!(ui_dir = %config.ui_dir.display(), "the UI is not built: only the API is served (run scripts/run to build it)");
        }
        let mail = (app.mail.clone(), mail_transport);
        let (live_stop, live_stopping) = watch::channel(false);
        let (live, live_task) =
            query_api::live::LiveFeed::spawn(store.clone(), config.nats.is_some(), live_stopping);
        let state = app.clone();
        let router = build_router(app, projections.clone(), live, &config);
        let listener = match config.role {
            Role::All | Role::Api => Some(
                TcpListener::bind(config.bind)
                    .await
                    .with_context(|| format!("binding {}", config.bind))?,
            ),
            Role::Projector | Role::Relay => None,
        };
        Ok(Self {
            config,
            listener,
            router,
            store,
            projections,
            mail,
            live_stop,
            live_task,
            rules,
            reports,
            continuous_audit,
            debt_notices,
            state,
        })
    }

    pub fn local_addr(&self) -> Option<std::net::SocketAddr> {
        self.listener.as_ref().and_then(|l| l.local_addr().ok())
    }

    /// This node's routes, to drive it in process without a socket (`ledgerline demo seed`).
    pub fn router(&self) -> Router {
        self.router.clone()
    }

    pub fn store(&self) -> &EventStore {
        &self.store
    }

    pub fn projections(&self) -> &ProjectionRuntime {
        &self.projections
    }

    /// Serves until `shutdown` completes, then lets in-flight requests and projector
    /// batches finish.
    pub async fn run(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        let (stop, stopped) = watch::channel(false);
        let mut tasks = vec![self.live_task];
        // Open event streams never end by themselves: end them first, or the graceful
        // shutdown below would wait for them forever.
        let live_stop = self.live_stop;
        let shutdown = async move {
            shutdown.await;
            let _ = live_stop.send(true);
        };
        if matches!(self.config.role, Role::All | Role::Projector) {
            tasks.extend(self.projections.spawn(stopped.clone()));
            tasks.push(self.rules.spawn(stopped.clone()));
            tasks.push(self.reports.spawn(stopped.clone()));
            tasks.push(self.continuous_audit.spawn(stopped.clone()));
            tasks.push(self.debt_notices.spawn(stopped.clone()));
        }
        if matches!(self.config.role, Role::All | Role::Api) {
            let (signal, transport) = self.mail.clone();
            tasks.push(tokio::spawn(identity::outbox::run_worker(
                self.store.db().clone(),
                transport,
                signal,
                stopped.clone(),
            )));
            tasks.push(command_api::documents::sweep::spawn(
                self.state.clone(),
                stopped.clone(),
            ));
            tasks.push(tokio::spawn(identity::housekeeping::run(
                self.store.db().clone(),
                stopped.clone(),
            )));
        }
        if let Some(nats) = &self.config.nats {
            if matches!(self.config.role, Role::All | Role::Relay) {
                tasks.push(crate::cli::spawn_relay(
                    self.store.clone(),
                    nats.clone(),
                    stopped.clone(),
                ));
            }
            if self.config.role != Role::Relay {
                tasks.push(crate::cli::spawn_commit_listener(
                    self.store.clone(),
                    nats.clone(),
                    stopped.clone(),
                ));
            }
        }
        match self.listener {
            Some(listener) => {
                tracing::info!(address = %listener.local_addr()?, "serving");
                // Which payment providers take payments here (keys set), never the keys.
                tracing::info!(
                    live = ?self.config.payments.live(),
                    "payment providers live"
                );
                let service = self
                    .router
                    .into_make_service_with_connect_info::<std::net::SocketAddr>();
                axum::serve(listener, service)
                    .with_graceful_shutdown(shutdown)
                    .await?;
            }
            None => shutdown.await,
        }
        let _ = stop.send(true);
        for task in tasks {
            let _ = tokio::time::timeout(SHUTDOWN_GRACE, task).await;
        }
        Ok(())
    }
}

/// All routes: the API under /api/v1 (with its OpenAPI document), a JSON 404 for unknown
/// API paths, and the built UI with SPA fallback so deep links load the app.
pub fn build_router(
    app: AppState,
    projections: ProjectionRuntime,
    live: query_api::live::LiveFeed,
    config: &ServeConfig,
) -> Router {
    let idempotency = idempotency::IdempotencyState {
        db: app.db().clone(),
        keys: app.keys.clone(),
    };
    let (api, openapi) = OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(command_api::router(app.clone(), &config.payments))
        .merge(query_api::router(
            QueryState {
                app,
                projections,
                live,
                assistant: config.assistant.clone(),
            },
            config.serves_dev_outbox(),
        ))
        .split_for_parts();
    let openapi = Arc::new(finish_document(openapi));
    Router::new()
        .merge(api)
        .route(OPENAPI_PATH, get(openapi_json).with_state(openapi))
        .route(
            "/api/{*rest}",
            any(|| async { ApiError::NotFound("No such API route.".into()) }),
        )
        .merge(crate::ui_files::router(&config.ui_dir))
        .layer(middleware::from_fn_with_state(
            idempotency,
            idempotency::layer,
        ))
        .layer(
            ServiceBuilder::new()
                .layer(request_id::set_layer())
                .layer(request_id::trace_layer())
                .layer(request_id::propagate_layer())
                .layer(DefaultBodyLimit::max(REQUEST_BODY_BYTES_MAX))
                .layer(middleware::from_fn(body_limit)),
        )
        // Outermost, so preflights, 413s and every other early answer get them too.
        .layer(crate::security::cors(&config.cors_origins))
        .layer(middleware::from_fn(crate::security::headers))
}

/// Whether `request` uploads documents: the one route whose body is bounded by the plan
/// (each file, as it streams to disk) rather than by [`REQUEST_BODY_BYTES_MAX`].
fn is_document_upload(request: &axum::extract::Request) -> bool {
    request.method() == axum::http::Method::POST
        && request
            .uri()
            .path()
            .strip_prefix("/api/v1/files/workspaces/")
            .is_some_and(|rest| rest.trim_end_matches('/').split('/').count() == 1)
}

/// The hard cap on every request body but document uploads.
async fn body_limit(
    request: axum::extract::Request,
    next: middleware::Next,
) -> axum::response::Response {
    use tower::{Layer, ServiceExt};
    if is_document_upload(&request) {
        return next.run(request).await;
    }
    let inner = tower::service_fn(move |request: axum::http::Request<_>| {
        let next = next.clone();
        async move {
            Ok::<_, std::convert::Infallible>(next.run(request.map(axum::body::Body::new)).await)
        }
    });
    match RequestBodyLimitLayer::new(REQUEST_BODY_BYTES_MAX)
        .layer(inner)
        .oneshot(request)
        .await
    {
        Ok(response) => response.map(axum::body::Body::new),
        Err(never) => match never {},
    }
}

/// Completes on Ctrl-C or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down");
}
