"""The two PostgreSQL roles the server needs (decision 009), for benchmarks."""
import subprocess

OWNER, SERVING = "lh_bench_owner", "lh_bench_app"


def fresh_database(admin_url, db_name):
    """Creates db_name owned by the owner role; returns (owner_url, serving_url, superuser_url)."""
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
