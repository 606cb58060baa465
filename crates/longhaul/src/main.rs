use clap::{Parser, Subcommand};
use domain::Role;
use longhaul::jobs::{self, Job, WorkerOptions};
use longhaul::modules::auth::bootstrap::{self, CreateUser};
use longhaul::modules::compliance::deps::ComplianceDeps;
use longhaul::modules::compliance::monitor::{self, BaselineOutcome};
use longhaul::{Application, Config, app, telemetry};

/// jemalloc for the whole process, SQLite's C code included, instead of
/// glibc's malloc (decision 050): with glibc, each thread's arena kept the
/// memory a sync had freed, and the server's RSS grew with every sync.
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

#[derive(Parser)]
#[command(
    name = "longhaul",
    about = "Longhaul: the web platform for trucking fleets and brokers"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the web app and the API, with the job workers (the default).
    Serve {
        /// Serve only; jobs run in separate `longhaul worker` processes.
        #[arg(long)]
        no_worker: bool,
    },
    /// Run the job workers only (the scale-out shape: N servers, M workers).
    Worker,
    /// Apply database migrations and exit.
    Migrate,
    /// Print the OpenAPI document.
    Openapi,
    /// Create the demo fleet (trucks, trailers, drivers) and its fleet admin.
    SeedDemo,
    /// Benchmark data: one large fleet among many small ones (bench/).
    #[command(hide = true)]
    SeedBench {
        #[arg(long, default_value_t = 200)]
        fleets: usize,
        #[arg(long, default_value_t = 5000)]
        trucks: usize,
        #[arg(long, default_value_t = 5000)]
        trailers: usize,
        #[arg(long, default_value_t = 6000)]
        drivers: usize,
        /// Documents of the large fleet (rows only, no stored objects).
        #[arg(long, default_value_t = 0)]
        documents: usize,
        /// Documents of each small fleet.
        #[arg(long, default_value_t = 0)]
        small_fleet_documents: usize,
        /// A CDL, medical card and MVR review for every driver.
        #[arg(long)]
        qualifications: bool,
        /// Loads of the large fleet (a week's mix of statuses, repeated).
        #[arg(long, default_value_t = 0)]
        loads: usize,
        /// Loads of each small fleet.
        #[arg(long, default_value_t = 0)]
        small_fleet_loads: usize,
    },
    /// Runs one job now, in this process (operators, bench/):
    /// compliance_reminders | fmcsa_schedule | sweep_expired | sweep_documents |
    /// board_refresh | saved_search_alerts | fmcsa_check --fleet <id>.
    #[command(hide = true)]
    RunJob {
        kind: String,
        /// The fleet account to check (`fmcsa_check` only): compared with
        /// its latest snapshot, whatever the day.
        #[arg(long)]
        fleet: Option<uuid::Uuid>,
    },
    /// Create a confirmed user (optionally with a fleet account of its own).
    CreateUser {
        #[arg(long)]
        email: String,
        #[arg(long)]
        password: String,
        /// super_admin | fleet_admin | fleet_driver | broker_admin | broker_user | none
        #[arg(long, default_value = "fleet_driver")]
        role: String,
        #[arg(long)]
        first_name: Option<String>,
        #[arg(long)]
        last_name: Option<String>,
        /// Create a fleet account with this legal name and attach the user.
        #[arg(long)]
        fleet_name: Option<String>,
        #[arg(long)]
        dot_number: Option<String>,
    },
}

#[tokio::main]
async fn main() {
    if let Err(err) = run().await {
        eprintln!("error: {err:#}");
        std::process::exit(1);
    }
}

async fn run() -> anyhow::Result<()> {
    let cli = Cli::parse();
    if let Some(Command::Openapi) = cli.command {
        println!("{}", longhaul::app::spec_json());
        return Ok(());
    }
    let config = Config::from_env()?;
    telemetry::init(config.log_format);
    match cli.command.unwrap_or(Command::Serve { no_worker: false }) {
        Command::Serve { no_worker } => {
            let options = WorkerOptions::from_config(&config);
            let app = Application::build(config).await?;
            if no_worker {
                return app.run_until(app::shutdown_signal()).await;
            }
            let (stop, stopped) = tokio::sync::watch::channel(false);
            let workers = tokio::spawn(jobs::worker::run(
                app.state(),
                longhaul::job_registry::JOBS,
                options,
                wait_for(stopped),
            ));
            let served = app.run_until(app::shutdown_signal()).await;
            let _ = stop.send(true);
            workers.await??;
            served
        }
        Command::Worker => {
            let options = WorkerOptions::from_config(&config);
            let state = app::prepare(config, Default::default()).await?;
            jobs::worker::run(
                state,
                longhaul::job_registry::JOBS,
                options,
                app::shutdown_signal(),
            )
            .await
        }
        Command::Migrate => {
            app::prepare(config, Default::default()).await?;
            tracing::info!("migrations applied");
            Ok(())
        }
        Command::CreateUser {
            email,
            password,
            role,
            first_name,
            last_name,
            fleet_name,
            dot_number,
        } => {
            let role = match role.as_str() {
                "none" => None,
                other => Some(
                    Role::parse(other).ok_or_else(|| anyhow::anyhow!("unknown role '{other}'"))?,
                ),
            };
            let state = app::prepare(config, Default::default()).await?;
            let made = bootstrap::create_user(
                &bootstrap::UserDeps::of(&state),
                CreateUser {
                    email,
                    password,
                    role,
                    first_name,
                    last_name,
                    fleet_name,
                    dot_number,
                },
            )
            .await?;
            if let Some(fleet) = made.fleet_account_id {
                // Every fleet's first FMCSA reading, which the monitor compares with.
                let deps = ComplianceDeps::of(&state);
                match monitor::baseline_new_fleet(&deps, fleet).await? {
                    BaselineOutcome::Stored => eprintln!("FMCSA baseline stored."),
                    BaselineOutcome::NotFound => {
                        eprintln!("FMCSA knows no carrier with this USDOT number: no baseline.")
                    }
                    BaselineOutcome::Pending(why) => eprintln!(
                        "FMCSA could not be reached ({why}): the fleet has no baseline yet; \
                         a queued check (and the first check that succeeds) will store one."
                    ),
                }
            }
            println!("{}", made.user_id);
            Ok(())
        }
        Command::SeedDemo => {
            let state = app::prepare(config, Default::default()).await?;
            if longhaul::seed::seed_demo(&state).await? {
                println!(
                    "Demo fleet created. Sign in at {}/auth as {} with password {}",
                    state.config.public_url,
                    longhaul::seed::DEMO_EMAIL,
                    longhaul::seed::DEMO_PASSWORD
                );
            } else {
                println!("The demo fleet already exists.");
            }
            Ok(())
        }
        Command::SeedBench {
            fleets,
            trucks,
            trailers,
            drivers,
            documents,
            small_fleet_documents,
            qualifications,
            loads,
            small_fleet_loads,
        } => {
            let state = app::prepare(config, Default::default()).await?;
            longhaul::seed::seed_bench(
                &state,
                longhaul::seed::BenchData {
                    fleets,
                    trucks,
                    trailers,
                    drivers,
                    documents,
                    small_fleet_documents,
                    qualifications,
                    loads,
                    small_fleet_loads,
                },
            )
            .await?;
            println!(
                "bench data ready: sign in as {} / {}",
                longhaul::seed::BENCH_EMAIL,
                longhaul::seed::DEMO_PASSWORD
            );
            Ok(())
        }
        Command::RunJob { kind, fleet } => {
            let entry = longhaul::job_registry::find(&kind)
                .ok_or_else(|| anyhow::anyhow!("unknown job kind '{kind}'"))?;
            let payload = match (entry.kind, fleet) {
                (monitor::FmcsaCheck::KIND, Some(fleet)) => serde_json::to_value(
                    monitor::CheckJob::of(fleet, monitor::CheckKind::OnDemand),
                )?,
                (monitor::FmcsaCheck::KIND, None) => {
                    anyhow::bail!("fmcsa_check needs --fleet <fleet account id>")
                }
                (_, Some(_)) => anyhow::bail!("--fleet is for fmcsa_check only"),
                (_, None) => serde_json::json!({}),
            };
            let state = app::prepare(config, Default::default()).await?;
            let started = std::time::Instant::now();
            match entry.run(state, payload, true).await {
                Ok(()) => {
                    println!(
                        "{} done in {:.2} s",
                        entry.kind,
                        started.elapsed().as_secs_f64()
                    );
                    Ok(())
                }
                Err(jobs::JobError::Retry(err) | jobs::JobError::Abort(err)) => Err(err),
            }
        }
        Command::Openapi => unreachable!("handled above"),
    }
}

async fn wait_for(mut stopped: tokio::sync::watch::Receiver<bool>) {
    let _ = stopped.wait_for(|s| *s).await;
}
