//! A test run leaves no PostgreSQL database behind: each database a test
//! creates is handed, before it exists, to a reaper process that drops them
//! all once this test process has exited, however it ends (pass, panic,
//! abort, Ctrl-C, kill) — by then every pool of every app is closed.
//!
//! Not at the end of each test: PostgreSQL 15 runs an immediate checkpoint
//! for every DROP DATABASE, and one per test stalled the other tests' writes
//! enough to make the suite about 60% slower (decision 012).
//!
//! The reaper is this test binary itself, running only [`reaper`], so no
//! other program (psql) is needed.

use sea_orm::ConnectionTrait;
use std::io::{BufRead, Write};
use std::process::{ChildStdin, Command, Stdio};
use std::sync::{Mutex, OnceLock, PoisonError};

/// Set, to TEST_DATABASE_URL, only in the reaper's process.
const REAPER_ENV: &str = "LONGHAUL_TEST_DATABASE_REAPER";

/// Has `name` dropped after the run; starts the reaper on first use.
pub fn drop_after_the_run(admin_url: &str, name: &str) {
    static REAPER: OnceLock<Option<Mutex<ChildStdin>>> = OnceLock::new();
    let reaper = REAPER.get_or_init(|| start_reaper(admin_url).map(Mutex::new));
    let handed = reaper.as_ref().is_some_and(|stdin| {
        let mut stdin = stdin.lock().unwrap_or_else(PoisonError::into_inner);
        writeln!(stdin, "{name}")
            .and_then(|()| stdin.flush())
            .is_ok()
    });
    if !handed {
        eprintln!("test database {name} will be left behind: the reaper is not running");
    }
}

fn start_reaper(admin_url: &str) -> Option<ChildStdin> {
    if std::env::var_os(REAPER_ENV).is_some() {
        return None; // the reaper makes no databases; never start a second one
    }
    // The test's path without the crate's name, as libtest filters it.
    let test = format!("{}::reaper", module_path!().split_once("::")?.1);
    let mut command = Command::new(std::env::current_exe().ok()?);
    command
        .args([
            &test,
            "--exact",
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(REAPER_ENV, admin_url)
        .stdin(Stdio::piped())
        .stdout(Stdio::null());
    // A group of its own: the Ctrl-C that stops a run does not stop its clean-up.
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    match command.spawn() {
        Ok(mut child) => child.stdin.take(),
        Err(err) => {
            eprintln!("could not start the test database reaper: {err}");
            None
        }
    }
}

/// The reaper, not a test: reads database names until the run's process has
/// exited (its end of the pipe closes), then drops them.
#[test]
#[ignore = "started by drop_after_the_run in a process of its own"]
fn reaper() {
    let Ok(admin_url) = std::env::var(REAPER_ENV) else {
        return;
    };
    let names: Vec<String> = std::io::stdin()
        .lock()
        .lines()
        .map_while(Result::ok)
        .collect();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async move {
        // Eight connections, each dropping its share in turn: a drop costs
        // PostgreSQL a checkpoint and a fraction of a second, and eight at
        // once cost little more than one (measured).
        let mut workers = tokio::task::JoinSet::new();
        for share in names.chunks(names.len().div_ceil(8).max(1)) {
            let (admin_url, share) = (admin_url.clone(), share.to_vec());
            workers.spawn(async move {
                let admin = match db::connect(&admin_url, 1).await {
                    Ok(admin) => admin,
                    Err(err) => return eprintln!("test databases left behind: {err}"),
                };
                for name in share {
                    let sql = format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)");
                    if let Err(err) = admin.execute_unprepared(&sql).await {
                        eprintln!("test database {name} left behind: {err}");
                    }
                }
                admin.close().await.ok();
            });
        }
        workers.join_all().await;
    });
}
