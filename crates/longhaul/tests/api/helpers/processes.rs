//! `longhaul` processes started by the tests, as operators run them.

use super::{ADMIN_EMAIL, ADMIN_PASSWORD, TestApp};
use std::process::{Child, Command, Stdio};

/// A `longhaul` process on the test app's database and data directory
/// (which holds the keys that decrypt stored secrets). Killed when dropped.
pub struct Longhaul {
    child: Child,
    pub log: std::path::PathBuf,
}

impl Longhaul {
    pub fn start(app: &TestApp, args: &[&str], env: &[(&str, &str)], log_name: &str) -> Longhaul {
        let log = app.data_dir.join(log_name);
        let file = std::fs::File::create(&log).unwrap();
        let mut cmd = command(app, args, env);
        cmd.stdout(file.try_clone().unwrap()).stderr(file);
        Longhaul {
            child: cmd.spawn().expect("longhaul starts"),
            log,
        }
    }

    /// A command run to its end, as an operator runs it: whether it
    /// succeeded, and everything it printed.
    pub fn run(app: &TestApp, args: &[&str], env: &[(&str, &str)]) -> (bool, String) {
        let out = command(app, args, env).output().expect("longhaul runs");
        let printed = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        (out.status.success(), printed)
    }

    /// SIGKILL: no shutdown hook, no graceful hand-back of running jobs.
    pub fn kill_9(&mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

fn command(app: &TestApp, args: &[&str], env: &[(&str, &str)]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_longhaul"));
    cmd.args(args)
        .env("DATA_DIR", &app.data_dir)
        .env("HOST", "127.0.0.1")
        .env("SUPERADMIN_EMAIL", ADMIN_EMAIL)
        .env("SUPERADMIN_PASSWORD", ADMIN_PASSWORD)
        .env("PUBLIC_URL", "http://localhost:3000")
        .env("LOG_FORMAT", "json")
        .env_remove("DATABASE_URL")
        .env_remove("DATABASE_MIGRATION_URL")
        .envs(env.iter().copied())
        .stdin(Stdio::null());
    if let Some(pg) = &app.database_url {
        cmd.env("DATABASE_URL", &pg.serving)
            .env("DATABASE_MIGRATION_URL", &pg.owner);
    }
    cmd
}

impl Drop for Longhaul {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
