//! A test run leaves no PostgreSQL database behind: each database a test
//! creates is handed, before it exists, to a reaper process that drops them
//! all once this test process has exited, however it ends (pass, panic,
//! abort, Ctrl-C, kill) — by then every pool of every app is closed.
//!
//! Not at the end of each test: PostgreSQL 15 runs an immediate checkpoint
//! for every DROP DATABASE, and one per test stalled the other tests' writes
//! enough to make the suite about 60% slower (decision 013).
//!
//! The reaper is a shell reading the names from a pipe until this process
//! exits (the pipe closes), then dropping them with `psql`, eight at a time:
//! a drop costs PostgreSQL a checkpoint, and eight at once cost little more
//! than one (measured). Without `psql` the databases are left for `.ci/run`'s
//! sweep, and the run says so.

use std::io::Write;
use std::process::{ChildStdin, Command, Stdio};
use std::sync::{Mutex, OnceLock, PoisonError};

const REAPER: &str = r#"
names=$(cat)
[ -z "$names" ] && exit 0
printf '%s\n' $names | xargs -P 8 -I '{}' \
  psql "$1" -qAtX -c 'DROP DATABASE IF EXISTS "{}" WITH (FORCE)' >/dev/null \
  || echo "some test databases were left behind" >&2
"#;

/// Has `name` dropped after the run; starts the reaper on first use.
pub fn drop_after_the_run(admin_url: &str, name: &str) {
    static REAPER_STDIN: OnceLock<Option<Mutex<ChildStdin>>> = OnceLock::new();
    let reaper = REAPER_STDIN.get_or_init(|| start_reaper(admin_url).map(Mutex::new));
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
    let has_psql = Command::new("psql")
        .arg("--version")
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !has_psql {
        eprintln!("psql is not installed: test databases will be left for .ci/run to drop");
        return None;
    }
    let mut command = Command::new("sh");
    command
        .args(["-c", REAPER, "reaper", admin_url])
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
