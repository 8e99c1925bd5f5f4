//! The server caps glibc's malloc arenas at two (see `cap_malloc_arenas` in `main.rs`):
//! started without `MALLOC_ARENA_MAX`, the running process has it set, under the same
//! process id; an operator's own value is kept.
#![cfg(all(target_os = "linux", target_env = "gnu"))]

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// `ledgerline serve` on a fresh data directory and any free port.
fn serve(arena_max: Option<&str>) -> Child {
    let dir = std::env::temp_dir().join(format!("ll_arenas_{}", uuid::Uuid::new_v4().simple()));
    let mut command = Command::new(env!("CARGO_BIN_EXE_ledgerline"));
    command
        .args(["--data-dir"])
        .arg(&dir)
        .args(["serve", "--bind", "127.0.0.1:0"])
        .env_remove("MALLOC_ARENA_MAX")
        .env_remove("DATABASE_URL")
        .env_remove("NATS_URL")
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    if let Some(value) = arena_max {
        command.env("MALLOC_ARENA_MAX", value);
    }
    command.spawn().expect("start the server")
}

/// `MALLOC_ARENA_MAX` in the environment of process `pid`, once it has started itself
/// again (or after a few seconds, whatever it holds then).
fn arena_max_of(pid: u32) -> Option<String> {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let environ = std::fs::read(format!("/proc/{pid}/environ")).unwrap_or_default();
        let found = environ
            .split(|b| *b == 0)
            .filter_map(|entry| std::str::from_utf8(entry).ok())
            .find_map(|entry| entry.strip_prefix("MALLOC_ARENA_MAX="))
            .map(str::to_owned);
        if found.is_some() || Instant::now() > deadline {
            return found;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn the_server_runs_with_two_malloc_arenas_under_its_own_process_id() {
    let mut server = serve(None);

    let arena_max = arena_max_of(server.id());

    server.kill().expect("stop");
    server.wait().expect("stopped");
    assert_eq!(arena_max.as_deref(), Some("2"));
}

#[test]
fn an_operators_own_arena_limit_is_kept() {
    let mut server = serve(Some("4"));

    let arena_max = arena_max_of(server.id());

    server.kill().expect("stop");
    server.wait().expect("stopped");
    assert_eq!(arena_max.as_deref(), Some("4"));
}
