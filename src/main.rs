use clap::Parser;
use tracing_subscriber::EnvFilter;

fn main() -> std::process::ExitCode {
    cap_malloc_arenas();
    match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime.block_on(run()),
        Err(err) => {
            eprintln!("error: starting the async runtime: {err}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// glibc gives each thread that finds the allocator busy an arena of its own, up to eight
/// per core, and keeps what each frees for its later use: after an import of 20,000-line
/// files the server held ~150 MB more than it needed. Two arenas keep the heap's peak at a
/// million postings under 300 MB (README, the ledger benchmark) at no throughput we can
/// measure on two cores. glibc reads the limit from the environment before `main`, and
/// this crate forbids `unsafe` (so no `mallopt`): when the operator has not set it, the
/// process starts itself again with it set — `exec`, the same process id. Should that
/// fail, it carries on with glibc's default.
fn cap_malloc_arenas() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    if std::env::var_os(MALLOC_ARENA_MAX).is_none() {
        use std::os::unix::process::CommandExt;
        if let Ok(exe) = std::env::current_exe() {
            let mut args = std::env::args_os();
            let mut command = std::process::Command::new(exe);
            if let Some(arg0) = args.next() {
                command.arg0(arg0);
            }
            let failed = command.args(args).env(MALLOC_ARENA_MAX, "2").exec();
            eprintln!("warning: could not limit the allocator's arenas: {failed}");
        }
    }
}

/// The environment variable glibc takes its arena limit from.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MALLOC_ARENA_MAX: &str = "MALLOC_ARENA_MAX";

async fn run() -> std::process::ExitCode {
    let cli = ledgerline::cli::Cli::parse();
    // The demo seed drives hundreds of requests in process: their access log would bury
    // the credentials it prints.
    let default_filter = match cli.command {
        ledgerline::cli::Command::Demo { .. } => "warn",
        _ => "info,sqlx=warn",
    };
    tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_env("LEDGERLINE_LOG")
                .unwrap_or_else(|_| EnvFilter::new(default_filter)),
        )
        .with_writer(std::io::stderr)
        .init();
    match ledgerline::cli::run(cli).await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            std::process::ExitCode::FAILURE
        }
    }
}
