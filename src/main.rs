use clap::Parser;
use tracing_subscriber::EnvFilter;

#[tokio::main]
async fn main() -> std::process::ExitCode {
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
