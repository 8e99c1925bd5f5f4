use std::io::{BufReader, BufWriter};
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use projections::ProjectionRuntime;
use store::{Db, EventStore};
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::config::{ServeArgs, StorageArgs};
use crate::server::{shutdown_signal, Application};

#[derive(Debug, Parser)]
#[command(
    name = "ledgerline",
    version,
    about = "Workspace-based accounting and audit on an event-sourced ledger"
)]
pub struct Cli {
    #[command(flatten)]
    pub storage: StorageArgs,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the product: API, projectors and (with NATS_URL) the relay, and the built UI.
    Serve(ServeArgs),
    /// Create or upgrade every table (the event log, read models, plain state).
    Migrate,
    /// Inspect or rebuild read models.
    Projections {
        #[command(subcommand)]
        command: ProjectionsCommand,
    },
    /// Export, import or verify the event log.
    Events {
        #[command(subcommand)]
        command: EventsCommand,
    },
    /// Demo data for a first look at the product.
    Demo {
        #[command(subcommand)]
        command: DemoCommand,
    },
    /// Print the OpenAPI document of /api/v1 (as served), without a server or a database.
    Openapi {
        /// Output file (standard output when omitted).
        #[arg(long, short)]
        output: Option<PathBuf>,
    },
}

#[derive(Debug, Subcommand)]
pub enum DemoCommand {
    /// Create the demo organization (Admin, Editor and Viewer, passwords printed), a
    /// workspace with a chart and twelve months of books ending this month. Refuses when
    /// the demo organization already exists.
    Seed {
        /// The books are a pure function of this number (amounts, customers, days).
        #[arg(long, default_value_t = crate::demo::DEFAULT_SEED)]
        seed: u64,
    },
}

#[derive(Debug, Subcommand)]
pub enum ProjectionsCommand {
    /// Each projector's checkpoint, applied events, lag and state.
    Status,
    /// Empty a read model (or all) and replay the whole log into it.
    Rebuild { name: Option<String> },
}

#[derive(Debug, Subcommand)]
pub enum EventsCommand {
    /// Write the whole log as NDJSON, one event per line in log order.
    Export {
        /// Output file (standard output when omitted).
        #[arg(long, short)]
        output: Option<PathBuf>,
    },
    /// Load an NDJSON export into an empty store (hashes are checked), then rebuild every read model.
    Import {
        /// Input file (standard input when omitted).
        #[arg(long, short)]
        input: Option<PathBuf>,
    },
    /// Recompute every hash chain and report the first break.
    Verify,
}

pub async fn run(cli: Cli) -> anyhow::Result<()> {
    let storage = cli.storage.validate()?;
    match cli.command {
        Command::Openapi { output } => write_openapi(output.as_deref()),
        Command::Serve(args) => {
            let config = args.validate(&cli.storage)?;
            let app = Application::build(config).await?;
            if let Some(addr) = app.local_addr() {
                println!("Ledgerline is running at http://{addr}/");
            }
            app.run(shutdown_signal()).await
        }
        Command::Migrate => {
            let (_, runtime) = open(&storage).await?;
            crate::migrate_plain_state(runtime_db(&runtime)).await?;
            println!("migrated");
            Ok(())
        }
        Command::Projections {
            command: ProjectionsCommand::Status,
        } => {
            let (_, runtime) = open(&storage).await?;
            let status = runtime.status().await.map_err(anyhow_projection)?;
            println!(
                "{:<24} {:>8} {:>12} {:>12} {:>10}  {:<8} error",
                "projector", "version", "position", "applied", "lag", "state"
            );
            for s in status {
                println!(
                    "{:<24} {:>8} {:>12} {:>12} {:>10}  {:<8} {}",
                    s.name,
                    s.version,
                    s.position,
                    s.events,
                    s.lag,
                    format!("{:?}", s.state).to_lowercase(),
                    s.error
                        .map(|e| format!(
                            "{e} (at position {})",
                            s.error_position.unwrap_or_default()
                        ))
                        .unwrap_or_default()
                );
                for q in &s.quarantined {
                    println!(
                        "{:<24} {:>8} {:>12} {:>12} {:>10}  {:<8} workspace {} set aside at position {} since {}: {}",
                        "",
                        "",
                        "",
                        "",
                        "",
                        "stale",
                        q.workspace_id,
                        q.failed_position,
                        api_core::time::iso_datetime(q.since),
                        q.error
                    );
                }
            }
            Ok(())
        }
        Command::Projections {
            command: ProjectionsCommand::Rebuild { name },
        } => {
            let (store, runtime) = open(&storage).await?;
            rebuild(&store, &runtime, name.as_deref()).await
        }
        Command::Events {
            command: EventsCommand::Export { output },
        } => {
            let (store, _) = open(&storage).await?;
            let written = match output {
                Some(path) => {
                    let file = std::fs::File::create(&path)
                        .with_context(|| format!("creating {}", path.display()))?;
                    store::transfer::export(&store, &mut BufWriter::new(file)).await?
                }
                None => {
                    store::transfer::export(&store, &mut BufWriter::new(std::io::stdout().lock()))
                        .await?
                }
            };
            eprintln!("exported {written} events");
            Ok(())
        }
        Command::Events {
            command: EventsCommand::Import { input },
        } => {
            let (store, runtime) = open(&storage).await?;
            let bar = progress_bar(None, "importing");
            let progress = |n: u64| bar.set_position(n);
            let imported = match input {
                Some(path) => {
                    let file = std::fs::File::open(&path)
                        .with_context(|| format!("opening {}", path.display()))?;
                    store::transfer::import(&store, &mut BufReader::new(file), &progress).await?
                }
                None => {
                    store::transfer::import(&store, &mut std::io::stdin().lock(), &progress).await?
                }
            };
            bar.finish_with_message(format!("imported {imported} events"));
            rebuild(&store, &runtime, None).await
        }
        Command::Demo {
            command: DemoCommand::Seed { seed },
        } => demo_seed(&storage, seed).await,
        Command::Events {
            command: EventsCommand::Verify,
        } => {
            let (store, _) = open(&storage).await?;
            let report = store::verify::verify(store.log()).await?;
            match report.first_break {
                None => {
                    println!(
                        "ok: {} events in {} chains verified",
                        report.events, report.chains
                    );
                    Ok(())
                }
                Some(b) => anyhow::bail!(
                    "chain {} is broken at event {} (global position {}): {}",
                    b.chain,
                    b.chain_seq,
                    b.global_position,
                    b.reason
                ),
            }
        }
    }
}

async fn demo_seed(storage: &store::StorageConfig, seed: u64) -> anyhow::Result<()> {
    let today = chrono::Utc::now().date_naive();
    let report = crate::demo::seed(storage, seed, today).await?;
    println!(
        "Seeded \"{}\": workspace \"{}\" with {} posted entries ({} of them reversals), {} drafts, {} to {}.",
        crate::demo::ORGANIZATION,
        crate::demo::WORKSPACE,
        report.posted,
        report.reversed,
        report.drafts,
        report.first_date,
        report.last_date
    );
    println!("\nSign in at http://127.0.0.1:8080/ (after `ledgerline serve` or scripts/run) as:\n");
    println!("{:<8} {:<16} {:<30} password", "role", "name", "e-mail");
    for user in &report.users {
        println!(
            "{:<8} {:<16} {:<30} {}",
            user.role,
            format!("{} {}", user.first_name, user.last_name),
            user.email,
            user.password
        );
    }
    println!("\nThe passwords are generated for this store and shown only now.");
    Ok(())
}

async fn open(storage: &store::StorageConfig) -> anyhow::Result<(EventStore, ProjectionRuntime)> {
    let db = Db::connect(storage).await.context("opening the database")?;
    let store = EventStore::open(db)
        .await
        .context("migrating the event store")?;
    let runtime = ProjectionRuntime::new(store.clone(), crate::projectors());
    runtime.prepare().await.map_err(anyhow_projection)?;
    Ok((store, runtime))
}

fn runtime_db(runtime: &ProjectionRuntime) -> &Db {
    runtime.store().db()
}

fn anyhow_projection(err: projections::ProjectionError) -> anyhow::Error {
    anyhow::anyhow!("{err}")
}

fn progress_bar(total: Option<u64>, label: &str) -> ProgressBar {
    let bar = match total {
        Some(total) => ProgressBar::new(total),
        None => ProgressBar::no_length(),
    };
    bar.set_style(
        ProgressStyle::with_template(
            "{msg:>12} [{elapsed_precise}] {wide_bar} {pos}/{len} ({per_sec})",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar.set_message(label.to_owned());
    bar
}

async fn rebuild(
    store: &EventStore,
    runtime: &ProjectionRuntime,
    name: Option<&str>,
) -> anyhow::Result<()> {
    let reactor = projections::continuous_audit::NAME;
    if name.is_none() || name == Some(reactor) {
        rebuild_continuous_audit(store).await?;
        if name.is_some() {
            return Ok(());
        }
    }
    let names: Vec<&str> = match name {
        Some(name) => vec![name],
        None => runtime.names(),
    };
    let total = store.log().event_count().await?;
    for name in names {
        let bar = progress_bar(Some(u64::try_from(total).unwrap_or_default()), name);
        let started = std::time::Instant::now();
        let applied = runtime
            .rebuild(name, &|n| {
                bar.set_position(u64::try_from(n).unwrap_or_default())
            })
            .await
            .map_err(anyhow_projection)?;
        bar.finish();
        let seconds = started.elapsed().as_secs_f64();
        println!(
            "rebuilt {name}: {applied} events in {seconds:.2}s ({:.0} events/s)",
            applied as f64 / seconds.max(1e-9)
        );
    }
    Ok(())
}

/// Starts the continuous audit over and replays the log: its settings and flags come
/// back the same, and no notification is raised twice (their ids are per entry and band).
async fn rebuild_continuous_audit(store: &EventStore) -> anyhow::Result<()> {
    let reactor = projections::continuous_audit::ContinuousAudit::new(store.clone());
    let started = std::time::Instant::now();
    let batches = reactor.rebuild().await.map_err(anyhow::Error::msg)?;
    println!(
        "rebuilt {}: {batches} batches in {:.2}s",
        projections::continuous_audit::NAME,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The relay (publishing the log to JetStream) as a task of this node.
pub fn spawn_relay(
    store: EventStore,
    config: relay::RelayConfig,
    shutdown: watch::Receiver<bool>,
) -> JoinHandle<()> {
    tokio::spawn(async move {
        if let Err(err) = relay::Relay::run(store, config, shutdown).await {
            tracing::error!(error = %err, "relay stopped");
        }
    })
}

/// Wakes this node's projectors when another node commits (scale-out).
pub fn spawn_commit_listener(
    store: EventStore,
    config: relay::RelayConfig,
    mut shutdown: watch::Receiver<bool>,
) -> JoinHandle<()> {
    tokio::spawn(async move {
        let client = loop {
            match async_nats::connect(&config.nats_url).await {
                Ok(client) => break client,
                Err(err) => {
                    tracing::warn!(error = %err, "cannot reach NATS; retrying");
                    tokio::select! {
                        _ = tokio::time::sleep(Duration::from_secs(2)) => {}
                        _ = shutdown.changed() => return,
                    }
                }
            }
        };
        match relay::listen_for_commits(client, store, &config.subject_prefix).await {
            Ok(task) => {
                let _ = shutdown.changed().await;
                task.abort();
            }
            Err(err) => tracing::error!(error = %err, "commit listener stopped"),
        }
    })
}

/// The OpenAPI document as pretty JSON with a final newline, the form checked in at
/// `ui/src/lib/api/openapi.json`.
pub fn openapi_json() -> String {
    let document = crate::server::openapi_document();
    serde_json::to_string_pretty(&document).expect("an OpenAPI document serializes") + "\n"
}

fn write_openapi(output: Option<&std::path::Path>) -> anyhow::Result<()> {
    let json = openapi_json();
    match output {
        Some(path) => {
            std::fs::write(path, json).with_context(|| format!("writing {}", path.display()))?
        }
        None => {
            use std::io::Write;
            std::io::stdout().write_all(json.as_bytes())?;
        }
    }
    Ok(())
}
