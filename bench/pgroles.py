"""The two PostgreSQL roles the server needs (decision 009), for benchmarks."""
import signal, subprocess, sys

OWNER, SERVING = "lh_bench_owner", "lh_bench_app"


def fresh_database(admin_url, db_name):
    """Creates db_name owned by the owner role; returns (owner_url, serving_url, superuser_url).
    The caller drops it in a `finally` (drop_database); SIGTERM (a cancelled
    `make bench`) then raises SystemExit, so that `finally` runs too."""
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    for role in (OWNER, SERVING):
        subprocess.run(["psql", admin_url, "-q", "-c",
                        f"DO $$ BEGIN CREATE ROLE {role} LOGIN PASSWORD '{role}' NOSUPERUSER NOBYPASSRLS; "
                        f"EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$"], check=True)
    subprocess.run(["psql", admin_url, "-q", "-c", f"CREATE DATABASE {db_name} OWNER {OWNER}"], check=True)
    prefix = admin_url.rsplit("/", 1)[0]
    scheme, rest = prefix.split("://", 1)
    host = rest.rsplit("@", 1)[-1]
    as_role = lambda role: f"{scheme}://{role}:{role}@{host}/{db_name}"
    return as_role(OWNER), as_role(SERVING), f"{prefix}/{db_name}"


def drop_database(admin_url, db_name):
    """Drops db_name, ending any session still on it."""
    subprocess.run(["psql", admin_url, "-q", "-c", f"DROP DATABASE IF EXISTS {db_name} WITH (FORCE)"], check=False)


def stop(proc):
    """Stops the server; kills it if it has not stopped within 10 s, so the cleanup after it always runs."""
    if proc is None:
        return
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
