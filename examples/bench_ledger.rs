//! Ledger benchmark (`scripts/bench/ledger`): one workspace with 500 accounts and
//! 1,000,000 postings, driven through the HTTP API of a real `ledgerline serve` process.
//!
//! Per backend (a fresh SQLite directory or a fresh Postgres database):
//! 1. start `ledgerline serve` (the release binary beside this example) on a free port;
//! 2. sign up (verification link read from the dev outbox), create a workspace, set up
//!    the default chart and add accounts until there are 500;
//! 3. post single entries (2 lines each, `"post": true`) from 32 concurrent clients into
//!    the empty workspace — entries/s;
//! 4. import the postings as CSV files of 20,000 lines (the route's limit is 5 MB), each
//!    entry 5 lines, one of them on the bank account (so it ends with 200,000+ postings),
//!    dated over two years — lines/s, including the wait for the ledger read model;
//! 5. post single entries again, now into the workspace with 1M postings;
//! 6. trial balance at random as-of dates and general-ledger pages of the bank account
//!    (random pages of 100 postings) — p50 and p99 latency over HTTP, after 20 requests
//!    not counted, the first of which (cold) is reported on its own;
//! 7. export the books as an hledger journal and time `hledger balance` on it (wall time
//!    and peak RSS from `/usr/bin/time -v`);
//! 8. the server's peak RSS (VmHWM of its /proc status), then stop it and rebuild the
//!    ledger read model from the log in this process — events/s.
//!
//! Usage: bench_ledger [sqlite|postgres|both] [postings] [api_entries]
//! (defaults: both, 1000000, 20000).
//!
//! With `BENCH_HOLD=<file>`, after step 6 it writes the server's address, process id,
//! workspace id, bank account id and data directory to `<file>` (one line, by spaces) and
//! waits until that file is deleted: for profiling the server on those books.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use store::testing::TestDatabase;
use store::Backend;
use tokio::sync::RwLock;

const ACCOUNTS: usize = 500;
const LINES_PER_ENTRY: usize = 5;
const LINES_PER_FILE: usize = 20_000;
const CLIENTS: usize = 32;
const LATENCY_SAMPLES: usize = 300;
const PASSWORD: &str = "bench-pass-2026";
const EMAIL: &str = "bench@ledger.example";

type Error = Box<dyn std::error::Error + Send + Sync>;

/// SplitMix64, so every run generates the same books.
struct Rng(u64);

impl Rng {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next_u64() % n.max(1) as u64).unwrap_or(0)
    }
}

fn cents(kobo: u64) -> String {
    format!("{}.{:02}", kobo / 100, kobo % 100)
}

/// The running server process.
struct Server {
    child: Child,
    base: String,
    /// The highest `RssAnon` seen (kB), sampled every 100 ms while it runs.
    anon_peak_kb: Arc<AtomicU64>,
}

impl Server {
    fn start(db: &TestDatabase) -> Result<Self, Error> {
        let port = std::net::TcpListener::bind("127.0.0.1:0")?
            .local_addr()?
            .port();
        let exe = std::env::current_exe()?;
        let bin = exe
            .parent()
            .and_then(Path::parent)
            .map(|dir| dir.join("ledgerline"))
            .ok_or("no binary directory")?;
        let mut command = Command::new(&bin);
        command
            .arg("serve")
            .arg("--bind")
            .arg(format!("127.0.0.1:{port}"))
            .env("LEDGERLINE_DATA_DIR", &db.config.data_dir)
            .env("LEDGERLINE_LOG", "warn")
            .env_remove("NATS_URL")
            .env_remove("SMTP_URL")
            .stdout(Stdio::null());
        match &db.config.database_url {
            Some(url) => command.env("DATABASE_URL", url),
            None => command.env_remove("DATABASE_URL"),
        };
        let child = command
            .spawn()
            .map_err(|e| format!("starting {}: {e}", bin.display()))?;
        let anon_peak_kb = Arc::new(AtomicU64::new(0));
        let (pid, peak) = (child.id(), Arc::clone(&anon_peak_kb));
        // Ends with the process: its /proc entry goes and the read fails.
        std::thread::spawn(move || {
            while let Some(kb) = proc_field_kb(pid, "RssAnon:") {
                peak.fetch_max(kb, Ordering::Relaxed);
                std::thread::sleep(Duration::from_millis(100));
            }
        });
        Ok(Self {
            child,
            base: format!("http://127.0.0.1:{port}"),
            anon_peak_kb,
        })
    }

    /// Peak and current resident set, in MB, from /proc.
    fn memory_mb(&self) -> (f64, f64) {
        proc_memory_mb(self.child.id()).unwrap_or((f64::NAN, f64::NAN))
    }

    /// The highest anonymous resident memory (the heap and stacks, without the database
    /// file's memory map, whose pages are the kernel's page cache), in MB.
    fn anon_peak_mb(&self) -> f64 {
        self.anon_peak_kb.load(Ordering::Relaxed) as f64 / 1024.0
    }

    /// CPU time the server has used so far (user and system), in seconds.
    fn cpu_seconds(&self) -> f64 {
        proc_cpu_seconds(self.child.id()).unwrap_or(f64::NAN)
    }

    fn stop(mut self) -> Result<(), Error> {
        Command::new("kill")
            .arg("-TERM")
            .arg(self.child.id().to_string())
            .status()?;
        self.child.wait()?;
        Ok(())
    }
}

/// User and system CPU time of process `pid` (`/proc/PID/stat` fields 14 and 15, in the
/// kernel's clock ticks, 100 per second on Linux), in seconds.
fn proc_cpu_seconds(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) may hold spaces; the fields after it are plain numbers.
    let after_name = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i)?.parse::<f64>().ok();
    Some((ticks(11)? + ticks(12)?) / 100.0)
}

/// One `kB` field of `/proc/PID/status`.
fn proc_field_kb(pid: u32, name: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find(|l| l.starts_with(name))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|kb| kb.parse().ok())
}

/// Peak and current resident set (`VmHWM`, `VmRSS`) of process `pid`, in MB.
fn proc_memory_mb(pid: u32) -> Option<(f64, f64)> {
    let mb = |name: &str| proc_field_kb(pid, name).map(|kb| kb as f64 / 1024.0);
    Some((mb("VmHWM:")?, mb("VmRSS:")?))
}

/// An HTTP client signed in as the benchmark's user; signs in again before the 15-minute
/// access token runs out.
#[derive(Clone)]
struct Api {
    http: reqwest::Client,
    base: String,
    token: Arc<RwLock<(String, Instant)>>,
}

impl Api {
    async fn request(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<&Value>,
    ) -> Result<Value, Error> {
        let token = self.token().await?;
        let mut request = self.http.request(method, format!("{}{path}", self.base));
        if !token.is_empty() {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(body);
        }
        let response = request.send().await?;
        let status = response.status();
        let text = response.text().await?;
        if !status.is_success() {
            return Err(format!("{path}: {status}: {text}").into());
        }
        let value: Value = serde_json::from_str(&text).unwrap_or(Value::String(text));
        Ok(value.get("data").cloned().unwrap_or(value))
    }

    async fn post(&self, path: &str, body: &Value) -> Result<Value, Error> {
        self.request(reqwest::Method::POST, path, Some(body)).await
    }

    async fn get(&self, path: &str) -> Result<Value, Error> {
        self.request(reqwest::Method::GET, path, None).await
    }

    async fn token(&self) -> Result<String, Error> {
        {
            let token = self.token.read().await;
            if token.0.is_empty() || token.1.elapsed() < Duration::from_secs(600) {
                return Ok(token.0.clone());
            }
        }
        let mut token = self.token.write().await;
        if token.1.elapsed() >= Duration::from_secs(600) {
            *token = (login(&self.http, &self.base).await?, Instant::now());
        }
        Ok(token.0.clone())
    }
}

async fn login(http: &reqwest::Client, base: &str) -> Result<String, Error> {
    let answer: Value = http
        .post(format!("{base}/api/v1/accounts/login/"))
        .json(&json!({"email": EMAIL, "password": PASSWORD}))
        .send()
        .await?
        .json()
        .await?;
    Ok(answer["data"]["access"]
        .as_str()
        .ok_or_else(|| format!("login: {answer}"))?
        .to_owned())
}

/// Waits for the server, signs up, verifies, signs in: the organization id and a client.
async fn sign_up(base: &str, mailbox: &Path) -> Result<(String, Api), Error> {
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(CLIENTS * 2)
        .build()?;
    let anonymous = Api {
        http: http.clone(),
        base: base.to_owned(),
        token: Arc::new(RwLock::new((String::new(), Instant::now()))),
    };
    let started = Instant::now();
    while anonymous.get("/api/v1/health/").await.is_err() {
        if started.elapsed() > Duration::from_secs(60) {
            return Err("the server did not start".into());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let registered = anonymous
        .post(
            "/api/v1/accounts/register/",
            &json!({"first_name": "Bench", "last_name": "Mark", "email": EMAIL, "password": PASSWORD}),
        )
        .await?;
    let organization = registered["organization_id"]
        .as_str()
        .ok_or("no organization")?
        .to_owned();
    let mut token = None;
    for _ in 0..200 {
        if let Some(mail) = identity::outbox::newest_delivered_to(mailbox, EMAIL)? {
            let start = mail.body.find("token=").ok_or("no link")? + "token=".len();
            token = Some(
                mail.body[start..]
                    .chars()
                    .take_while(char::is_ascii_hexdigit)
                    .collect::<String>(),
            );
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    anonymous
        .post(
            "/api/v1/accounts/email-verification/complete/",
            &json!({ "token": token.ok_or("no verification mail")? }),
        )
        .await?;
    let access = login(&http, base).await?;
    Ok((
        organization,
        Api {
            http,
            base: base.to_owned(),
            token: Arc::new(RwLock::new((access, Instant::now()))),
        },
    ))
}

/// Every leaf account of the tree: (id, code).
fn leaves(nodes: &[Value], out: &mut Vec<(String, String)>) {
    for node in nodes {
        let children = node["children"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or(&[]);
        if children.is_empty() && node["is_editable"] != false {
            out.push((
                node["id"].as_str().unwrap_or_default().to_owned(),
                node["account_code"].as_str().unwrap_or_default().to_owned(),
            ));
        }
        leaves(children, out);
    }
}

fn count_nodes(nodes: &[Value]) -> usize {
    nodes
        .iter()
        .map(|n| 1 + count_nodes(n["children"].as_array().map(Vec::as_slice).unwrap_or(&[])))
        .sum()
}

/// Sets up the default chart and adds expense and income accounts until the workspace has
/// `ACCOUNTS`; answers the postable leaves and the bank account's id.
async fn chart(api: &Api, base: &str) -> Result<(Vec<(String, String)>, String), Error> {
    api.post(&format!("{base}accounts/default/setup/"), &Value::Null)
        .await?;
    let tree = api.get(&format!("{base}accounts/")).await?;
    let roots = tree.as_array().cloned().unwrap_or_default();
    let existing = count_nodes(&roots);
    let parents: Vec<(String, &str, &str)> = ["6300", "4000", "1200", "2100"]
        .into_iter()
        .zip(["expense", "income", "asset", "liability"])
        .map(|(code, kind)| {
            let id = find(&roots, code)
                .map(|n| n["id"].as_str().unwrap_or_default().to_owned())
                .unwrap_or_default();
            (id, code, kind)
        })
        .collect();
    for i in 0..ACCOUNTS.saturating_sub(existing) {
        let (parent, code, kind) = &parents[i % parents.len()];
        api.post(
            &format!("{base}accounts/"),
            &json!({
                "name": format!("Bench {kind} {i}"),
                "account_code": format!("{}{:04}", &code[..2], i),
                "account_type": kind,
                "parent_id": parent,
            }),
        )
        .await?;
    }
    let tree = api.get(&format!("{base}accounts/")).await?;
    let roots = tree.as_array().cloned().unwrap_or_default();
    let total = count_nodes(&roots);
    if total != ACCOUNTS {
        return Err(format!("the chart has {total} accounts, not {ACCOUNTS}").into());
    }
    let mut all = Vec::new();
    leaves(&roots, &mut all);
    let bank = all
        .iter()
        .find(|(_, code)| code == "1120")
        .map(|(id, _)| id.clone())
        .ok_or("no bank account")?;
    Ok((all, bank))
}

fn find<'a>(nodes: &'a [Value], code: &str) -> Option<&'a Value> {
    nodes.iter().find_map(|n| {
        if n["account_code"] == code {
            Some(n)
        } else {
            find(
                n["children"].as_array().map(Vec::as_slice).unwrap_or(&[]),
                code,
            )
        }
    })
}

/// A posting phase's rate and the server's CPU time per entry: the rate moves with whatever
/// else the machine runs, the CPU time much less, so an A/B of two builds reads both.
#[derive(Clone, Copy)]
struct Posting {
    entries_per_second: f64,
    server_cpu_ms_per_entry: f64,
}

impl Posting {
    async fn measure(
        server: &Server,
        phase: impl std::future::Future<Output = Result<f64, Error>>,
        entries: usize,
    ) -> Result<Self, Error> {
        let cpu = server.cpu_seconds();
        let entries_per_second = phase.await?;
        Ok(Self {
            entries_per_second,
            server_cpu_ms_per_entry: (server.cpu_seconds() - cpu) * 1000.0 / entries as f64,
        })
    }
}

impl std::fmt::Display for Posting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:.0} entries/s, server CPU {:.2} ms/entry",
            self.entries_per_second, self.server_cpu_ms_per_entry
        )
    }
}

/// `entries` single 2-line postings from `CLIENTS` concurrent clients; entries/s.
async fn post_singly(
    api: &Api,
    base: &str,
    accounts: &[(String, String)],
    bank: &str,
    entries: usize,
) -> Result<f64, Error> {
    let started = Instant::now();
    let mut clients = Vec::new();
    for c in 0..CLIENTS {
        let api = api.clone();
        let path = format!("{base}journal-entries/");
        let accounts: Vec<String> = accounts.iter().map(|(id, _)| id.clone()).collect();
        let bank = bank.to_owned();
        let share = entries / CLIENTS + usize::from(c < entries % CLIENTS);
        clients.push(tokio::spawn(async move {
            let mut rng = Rng(c as u64 + 1);
            for i in 0..share {
                let amount = cents(1_000 + rng.next_u64() % 5_000_000);
                let other = &accounts[rng.below(accounts.len())];
                let body = json!({
                    "date": format!("2026-{:02}-{:02}", 1 + rng.below(12), 1 + rng.below(28)),
                    "memo": format!("API entry {c}-{i}"),
                    "post": true,
                    "lines": [
                        {"account_id": bank, "debit": amount},
                        {"account_id": other, "credit": amount},
                    ],
                });
                api.post(&path, &body).await?;
            }
            Ok::<_, Error>(())
        }));
    }
    for client in clients {
        client.await??;
    }
    Ok(entries as f64 / started.elapsed().as_secs_f64())
}

/// One CSV file of whole 5-line entries, about `LINES_PER_FILE` lines.
fn csv_file(rng: &mut Rng, codes: &[String], first_entry: usize, lines: usize) -> String {
    let mut csv = String::with_capacity(lines * 80);
    csv.push_str("entry,date,memo,reference,account_code,description,debit,credit\n");
    for e in 0..lines / LINES_PER_ENTRY {
        let key = first_entry + e;
        let day = rng.below(730);
        let date = chrono::NaiveDate::from_ymd_opt(2025, 1, 1)
            .and_then(|d| d.checked_add_days(chrono::Days::new(day as u64)))
            .unwrap_or_default();
        let mut parts = [0u64; LINES_PER_ENTRY - 1];
        for p in &mut parts {
            *p = 100 + rng.next_u64() % 2_000_000;
        }
        let total: u64 = parts.iter().sum();
        let receipt = rng.below(2) == 0;
        let (bank_dr, bank_cr) = if receipt {
            (cents(total), String::new())
        } else {
            (String::new(), cents(total))
        };
        csv.push_str(&format!(
            "{key},{date},Bench entry {key},B-{key},1120,Bank,{bank_dr},{bank_cr}\n"
        ));
        for part in parts {
            let code = &codes[rng.below(codes.len())];
            let (dr, cr) = if receipt {
                (String::new(), cents(part))
            } else {
                (cents(part), String::new())
            };
            csv.push_str(&format!(
                "{key},{date},Bench entry {key},B-{key},{code},Line,{dr},{cr}\n"
            ));
        }
    }
    csv
}

/// Imports `postings` lines as files of `LINES_PER_FILE`; lines/s (and the files' count).
async fn import(
    api: &Api,
    base: &str,
    accounts: &[(String, String)],
    postings: usize,
) -> Result<(f64, usize), Error> {
    let codes: Vec<String> = accounts
        .iter()
        .map(|(_, code)| code.clone())
        .filter(|code| code != "1120")
        .collect();
    let mut rng = Rng(42);
    let mut done = 0;
    let mut files = 0;
    let mut busy = Duration::ZERO;
    while done < postings {
        let lines = (postings - done).min(LINES_PER_FILE);
        let lines = lines - lines % LINES_PER_ENTRY;
        if lines == 0 {
            break;
        }
        let csv = csv_file(&mut rng, &codes, done / LINES_PER_ENTRY + 1, lines);
        let form = reqwest::multipart::Form::new().part(
            "file",
            reqwest::multipart::Part::text(csv)
                .file_name("bench.csv")
                .mime_str("text/csv")?,
        );
        let token = api.token().await?;
        let started = Instant::now();
        let response = api
            .http
            .post(format!("{}{base}journal-entries/import/", api.base))
            .bearer_auth(token)
            .multipart(form)
            .send()
            .await?;
        let status = response.status();
        let text = response.text().await?;
        busy += started.elapsed();
        if !status.is_success() {
            return Err(format!("import: {status}: {}", &text[..text.len().min(2000)]).into());
        }
        done += lines;
        files += 1;
        if files % 10 == 0 {
            eprintln!(
                "  imported {done} lines ({:.0} lines/s)",
                done as f64 / busy.as_secs_f64()
            );
        }
    }
    Ok((done as f64 / busy.as_secs_f64(), files))
}

/// GETs not counted before the measured ones: the first reads of a read model after the
/// import find its pages and the connections' statement caches cold (the first is
/// reported on its own), and the projectors still finish the last postings.
const WARM_UP: usize = 20;

/// Latencies of GETs, in ms.
struct Latency {
    /// The first request, cold.
    first: f64,
    p50: f64,
    p99: f64,
}

/// The first of [`WARM_UP`] unmeasured GETs, then p50 and p99 of `samples` GETs of the
/// paths `path_of(i)` make.
async fn latency(
    api: &Api,
    samples: usize,
    path_of: impl Fn(usize) -> String,
) -> Result<Latency, Error> {
    let mut first = f64::NAN;
    for i in 0..WARM_UP {
        let started = Instant::now();
        api.get(&path_of(samples + i)).await?;
        if i == 0 {
            first = started.elapsed().as_secs_f64() * 1000.0;
        }
    }
    let mut times = Vec::with_capacity(samples);
    for i in 0..samples {
        let path = path_of(i);
        let started = Instant::now();
        api.get(&path).await?;
        times.push(started.elapsed().as_secs_f64() * 1000.0);
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() as f64 * q) as usize).min(times.len() - 1)];
    Ok(Latency {
        first,
        p50: at(0.50),
        p99: at(0.99),
    })
}

/// `hledger balance` on `journal`: wall seconds and peak RSS in MB.
fn hledger_balance(journal: &Path) -> Result<(f64, f64, String), Error> {
    let version = Command::new("hledger")
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_else(|_| "hledger (version unknown)".into());
    if Path::new("/usr/bin/time").exists() {
        let output = Command::new("/usr/bin/time")
            .arg("-v")
            .arg("hledger")
            .arg("-f")
            .arg(journal)
            .arg("balance")
            .stdout(Stdio::null())
            .output()?;
        let report = String::from_utf8_lossy(&output.stderr);
        if !output.status.success() {
            return Err(format!("hledger failed: {report}").into());
        }
        let field = |name: &str| {
            report.lines().find_map(|l| {
                l.trim()
                    .strip_prefix(name)
                    .map(str::trim)
                    .map(str::to_owned)
            })
        };
        let wall = field("Elapsed (wall clock) time (h:mm:ss or m:ss):")
            .map(|t| {
                t.split(':').fold(0.0, |acc, part| {
                    acc * 60.0 + part.parse::<f64>().unwrap_or(0.0)
                })
            })
            .unwrap_or(f64::NAN);
        let rss = field("Maximum resident set size (kbytes):")
            .and_then(|kb| kb.parse::<f64>().ok())
            .map(|kb| kb / 1024.0)
            .unwrap_or(f64::NAN);
        return Ok((wall, rss, version));
    }
    // No GNU time: time the child and sample its peak RSS from /proc while it runs.
    let started = Instant::now();
    let mut child = Command::new("hledger")
        .arg("-f")
        .arg(journal)
        .arg("balance")
        .stdout(Stdio::null())
        .spawn()?;
    let mut peak: f64 = 0.0;
    loop {
        if let Some((hwm, _)) = proc_memory_mb(child.id()) {
            peak = peak.max(hwm);
        }
        if let Some(status) = child.try_wait()? {
            if !status.success() {
                return Err("hledger failed".into());
            }
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Ok((started.elapsed().as_secs_f64(), peak, version))
}

struct Figures {
    backend: &'static str,
    accounts: usize,
    postings: usize,
    bank_postings: i64,
    posting_empty: Posting,
    posting_full: Posting,
    api_entries: usize,
    import: f64,
    import_files: usize,
    tb: Latency,
    gl: Latency,
    export_seconds: f64,
    journal_mb: f64,
    hledger: (f64, f64, String),
    server_peak_mb: f64,
    server_anon_peak_mb: f64,
    rebuild: f64,
    rebuild_events: i64,
}

/// With `BENCH_UI=1`: the accounting screens in Debian's chromium on these books
/// (`ui/e2e/measure-accounting.mjs`): the trial balance, and the general ledger of every
/// account over the range that holds about 200,000 postings, from navigation to first
/// row and a jump to its last row. The server serves the built UI (`ui/dist`).
fn measure_screens(base: &str, workspace: &str) -> Result<(), Error> {
    eprintln!("#   the screens in the browser");
    let (from, to) = ui_ledger_range();
    let status = Command::new("node")
        .arg("ui/e2e/measure-accounting.mjs")
        .env("E2E_BASE_URL", base)
        .env("E2E_EMAIL", EMAIL)
        .env("E2E_PASSWORD", PASSWORD)
        .env("E2E_WORKSPACE", workspace)
        .env("E2E_FROM", from)
        .env("E2E_TO", to)
        .status()?;
    if !status.success() {
        return Err("measuring the screens failed".into());
    }
    Ok(())
}

/// The imported entries are dated evenly over the 730 days from 2025-01-01: its first
/// 146 days hold a fifth of them, about 200,000 postings of a million.
fn ui_ledger_range() -> (String, String) {
    ("2025-01-01".to_owned(), "2025-05-26".to_owned())
}

async fn run(backend: Backend, postings: usize, api_entries: usize) -> Result<Figures, Error> {
    let name = match backend {
        Backend::Sqlite => "SQLite",
        Backend::Postgres => "Postgres",
    };
    eprintln!("# {name}: fresh store");
    let db = TestDatabase::new(backend).await;
    let server = Server::start(&db)?;
    let (organization, api) = sign_up(&server.base, &db.config.data_dir.join("outbox")).await?;
    let workspace = api
        .post(
            &format!("/api/v1/accounts/organizations/{organization}/workspaces/"),
            &json!({"name": "Bench"}),
        )
        .await?["id"]
        .as_str()
        .ok_or("no workspace")?
        .to_owned();
    let base = format!("/api/v1/accounting/workspaces/{workspace}/");
    let (accounts, bank) = chart(&api, &base).await?;
    eprintln!(
        "# {name}: {ACCOUNTS} accounts; posting {api_entries} entries from {CLIENTS} clients"
    );
    let half = api_entries / 2;
    let posting_empty = Posting::measure(
        &server,
        post_singly(&api, &base, &accounts, &bank, half),
        half,
    )
    .await?;
    eprintln!(
        "#   {posting_empty}; importing {postings} postings (server heap peak so far {:.0} MB)",
        server.anon_peak_mb()
    );
    let (import_rate, import_files) = import(&api, &base, &accounts, postings).await?;
    eprintln!(
        "#   {import_rate:.0} lines/s; posting {} more entries (server heap peak so far {:.0} MB)",
        api_entries - half,
        server.anon_peak_mb()
    );
    let posting_full = Posting::measure(
        &server,
        post_singly(&api, &base, &accounts, &bank, api_entries - half),
        api_entries - half,
    )
    .await?;
    if std::env::var_os("BENCH_UI").is_some() {
        measure_screens(&server.base, &workspace)?;
    }
    eprintln!("#   {posting_full}; trial balance and ledger latency");

    let first = chrono::NaiveDate::from_ymd_opt(2025, 1, 1).ok_or("date")?;
    let mut rng = Rng(7);
    let dates: Vec<String> = (0..LATENCY_SAMPLES + WARM_UP)
        .map(|_| {
            first
                .checked_add_days(chrono::Days::new(rng.below(760) as u64))
                .unwrap_or(first)
                .to_string()
        })
        .collect();
    let tb = latency(&api, LATENCY_SAMPLES, |i| {
        format!("{base}trial-balance/?as_of={}", dates[i])
    })
    .await?;
    let first_page = api
        .get(&format!(
            "{base}general-ledger/?account_id={bank}&page_size=100"
        ))
        .await?;
    let bank_postings = first_page["count"]
        .as_i64()
        .or_else(|| first_page["postings"]["count"].as_i64())
        .unwrap_or(-1);
    let pages = usize::try_from(bank_postings.max(100) / 100).unwrap_or(1);
    let page_numbers: Vec<usize> = (0..LATENCY_SAMPLES + WARM_UP)
        .map(|_| 1 + rng.below(pages))
        .collect();
    let gl = latency(&api, LATENCY_SAMPLES, |i| {
        format!(
            "{base}general-ledger/?account_id={bank}&page_size=100&page={}",
            page_numbers[i]
        )
    })
    .await?;

    if let Some(hold) = std::env::var_os("BENCH_HOLD") {
        std::fs::write(
            &hold,
            format!(
                "{} {} {} {} {}\n",
                server.base,
                server.child.id(),
                workspace,
                bank,
                db.config.data_dir.display()
            ),
        )?;
        while Path::new(&hold).exists() {
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    }
    eprintln!(
        "#   exporting the hledger journal (server heap peak so far {:.0} MB)",
        server.anon_peak_mb()
    );
    let started = Instant::now();
    let journal_text = api
        .http
        .get(format!(
            "{}{base}journal-entries/export/?format=hledger",
            api.base
        ))
        .bearer_auth(api.token().await?)
        .send()
        .await?
        .text()
        .await?;
    let export_seconds = started.elapsed().as_secs_f64();
    let journal: PathBuf = std::env::temp_dir().join(format!("bench_ledger_{name}.journal"));
    std::fs::write(&journal, &journal_text)?;
    let journal_mb = journal_text.len() as f64 / 1e6;
    drop(journal_text);
    eprintln!("#   hledger balance on {journal_mb:.0} MB");
    let hledger = hledger_balance(&journal)?;
    let _ = std::fs::remove_file(&journal);

    let (server_peak_mb, _) = server.memory_mb();
    let server_anon_peak_mb = server.anon_peak_mb();
    server.stop()?;

    eprintln!("#   rebuilding the ledger read model");
    let store = store::EventStore::open(db.connect_again().await).await?;
    let runtime = projections::ProjectionRuntime::new(store.clone(), ledgerline::projectors());
    runtime
        .prepare()
        .await
        .map_err(|e| format!("prepare: {e}"))?;
    let started = Instant::now();
    let rebuild_events = runtime
        .rebuild("ledger", &|_| {})
        .await
        .map_err(|e| format!("rebuild: {e}"))?;
    let rebuild = rebuild_events as f64 / started.elapsed().as_secs_f64();
    db.cleanup().await;
    Ok(Figures {
        backend: name,
        accounts: ACCOUNTS,
        postings: postings + api_entries * 2,
        bank_postings,
        posting_empty,
        posting_full,
        api_entries: half,
        import: import_rate,
        import_files,
        tb,
        gl,
        export_seconds,
        journal_mb,
        hledger,
        server_peak_mb,
        server_anon_peak_mb,
        rebuild,
        rebuild_events,
    })
}

fn latency_cell(latency: &Latency) -> String {
    format!(
        "{:.1} / {:.1} ms (first {:.1} ms)",
        latency.p50, latency.p99, latency.first
    )
}

/// How one table cell is computed from a backend's figures.
type Cell = Box<dyn Fn(&Figures) -> String>;

fn print(figures: &[Figures]) {
    let column =
        |f: &dyn Fn(&Figures) -> String| figures.iter().map(f).collect::<Vec<_>>().join(" | ");
    let header = column(&|f| f.backend.to_owned());
    println!("\n| figure | {header} | target |");
    println!("|---|{}---|", "---|".repeat(figures.len()));
    let rows: Vec<(&str, Cell, &str)> = vec![
        (
            "accounts / postings in the workspace",
            Box::new(|f| format!("{} / {}", f.accounts, f.postings)),
            "500 / 1,000,000",
        ),
        (
            "postings on the bank account",
            Box::new(|f| f.bank_postings.to_string()),
            "200,000",
        ),
        (
            "posting, single entries, 32 clients, empty workspace",
            Box::new(|f| format!("{} ({} entries)", f.posting_empty, f.api_entries)),
            "≥ 10,000 SQLite / ≥ 5,000 PG",
        ),
        (
            "posting, single entries, 32 clients, at 1M postings",
            Box::new(|f| f.posting_full.to_string()),
            "≥ 10,000 SQLite / ≥ 5,000 PG",
        ),
        (
            "CSV import (files of 20,000 lines, until the ledger shows them)",
            Box::new(|f| format!("{:.0} lines/s ({} files)", f.import, f.import_files)),
            "≥ 200,000",
        ),
        (
            "ledger projector rebuild",
            Box::new(|f| {
                // Each event posts one entry; the rate in postings is the target's unit.
                let postings_per_event = f.postings as f64 / f.rebuild_events.max(1) as f64;
                format!(
                    "{:.0} events/s ({} events), {:.0} postings/s",
                    f.rebuild,
                    f.rebuild_events,
                    f.rebuild * postings_per_event
                )
            }),
            "≥ 300,000 postings/s",
        ),
        (
            "trial balance p50 / p99 (random as-of; first request, cold)",
            Box::new(|f| latency_cell(&f.tb)),
            "p99 ≤ 5 ms",
        ),
        (
            "general-ledger page (100) p50 / p99, bank account (first request, cold)",
            Box::new(|f| latency_cell(&f.gl)),
            "p99 ≤ 10 ms",
        ),
        (
            "server peak RSS (VmHWM; counts each connection's map of the database file)",
            Box::new(|f| format!("{:.0} MB", f.server_peak_mb)),
            "—",
        ),
        (
            "server peak anonymous memory (RssAnon, sampled every 100 ms)",
            Box::new(|f| format!("{:.0} MB", f.server_anon_peak_mb)),
            "≤ 300 MB",
        ),
        (
            "hledger journal export",
            Box::new(|f| format!("{:.1} s, {:.0} MB", f.export_seconds, f.journal_mb)),
            "—",
        ),
        (
            "`hledger balance` on that journal",
            Box::new(|f| format!("{:.1} s, {:.0} MB peak", f.hledger.0, f.hledger.1)),
            "(reference)",
        ),
    ];
    for (label, value, target) in rows {
        println!("| {label} | {} | {target} |", column(value.as_ref()));
    }
    if let Some(f) = figures.first() {
        println!("\n{}", f.hledger.2);
    }
}

#[tokio::main(flavor = "multi_thread")]
async fn main() -> Result<(), Error> {
    let args: Vec<String> = std::env::args().collect();
    let which = args.get(1).map(String::as_str).unwrap_or("both");
    let postings: usize = args
        .get(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    let api_entries: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let backends: &[Backend] = match which {
        "sqlite" => &[Backend::Sqlite],
        "postgres" => &[Backend::Postgres],
        "both" => &[Backend::Sqlite, Backend::Postgres],
        other => return Err(format!("unknown backend {other}: sqlite, postgres or both").into()),
    };
    let mut figures = Vec::new();
    for backend in backends {
        figures.push(run(*backend, postings, api_entries).await?);
        print(&figures);
    }
    Ok(())
}
