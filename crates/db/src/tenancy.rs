//! The per-transaction tenant setting that PostgreSQL row-level security keys
//! on, and the checks that make sure RLS is actually in force. SQLite has no
//! RLS; there the `TenantScope` in the query layer is the wall.
//!
//! Roles (decision 009): migrations run as the owner role; the server serves
//! as a separate role that owns nothing, is no superuser and has no
//! BYPASSRLS. The system scope (administration, sign-up) needs a key that
//! only the owner role can read (`longhaul_system_key`), so the serving role
//! cannot claim it with a plain `set_config`.

use crate::migrations::m0008_rls_roles_and_driver_usernames::{RLS_TABLES, SYSTEM_KEY_TABLE};
use crate::migrations::rls::NOT_TENANT_TABLES;
pub use crate::scoped_tx::{BrokerTx, FleetTx, System, SystemTx, Tx};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseBackend, DatabaseConnection, DatabaseTransaction, DbErr,
    DeleteMany, EntityTrait, PrimaryKeyTrait, QueryFilter, Select, Statement, TransactionTrait,
    UpdateMany,
};
use std::fmt;
use uuid::Uuid;

/// The key that opens the system scope on PostgreSQL, read at start over the
/// owner's connection. Empty on SQLite. `Debug` never shows it.
#[derive(Clone, Default)]
pub struct SystemKey(Option<String>);

impl fmt::Debug for SystemKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SystemKey(***)")
    }
}

impl SystemKey {
    /// Reads the key; `conn` must be the owner's (the migrating) connection.
    pub async fn read<C: ConnectionTrait>(conn: &C) -> Result<SystemKey, DbErr> {
        if conn.get_database_backend() != DatabaseBackend::Postgres {
            return Ok(SystemKey(None));
        }
        let row = conn
            .query_one_raw(Statement::from_string(
                DatabaseBackend::Postgres,
                format!("SELECT key FROM {SYSTEM_KEY_TABLE} WHERE id = 1"),
            ))
            .await?
            .ok_or_else(|| DbErr::Custom("the system-scope key is missing".into()))?;
        Ok(SystemKey(Some(row.try_get("", "key")?)))
    }
}

/// Whose rows a transaction acts for. Fleet-owned tables are reached only
/// through finders that take the transaction opened for one
/// (`FleetOwned::within(&tx)`), and
/// `read`/`write` open a transaction for it, so an unscoped query of a tenant
/// table does not compile outside this crate. Broker accounts are the
/// second kind of tenant (`BrokerScope`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct TenantScope {
    fleet_account_id: Uuid,
}

impl TenantScope {
    /// The fleet of a verified session. Only the HTTP guards call this: the
    /// fleet comes from profile → account → fleet account on the server,
    /// never from the client.
    pub fn from_session(fleet_account_id: Uuid) -> TenantScope {
        TenantScope { fleet_account_id }
    }

    /// The fleet a driver-portal link names, for the portal's sign-in and
    /// invite pages: they act only on that fleet's rows, and prove the
    /// driver belongs to it before anything is shown.
    pub fn for_portal_link(fleet_account_id: Uuid) -> TenantScope {
        TenantScope { fleet_account_id }
    }

    /// The fleet of a truck-board posting a broker writes to (their message
    /// lands in that fleet's inbox): only the inbox row is written.
    pub fn for_board_inquiry(fleet_account_id: Uuid) -> TenantScope {
        TenantScope { fleet_account_id }
    }

    /// The fleet whose calendar-feed token a request presented: the token
    /// is the credential, and the feed reads that fleet's calendar only.
    pub fn for_calendar_feed(fleet_account_id: Uuid) -> TenantScope {
        TenantScope { fleet_account_id }
    }

    /// The fleet a broker tenders a load to: the tender, the fleet's bell
    /// entry and the e-mails to its admins are written for that fleet, after
    /// the broker's own transaction found the posting on the board.
    pub fn for_tender(fleet_account_id: Uuid) -> TenantScope {
        TenantScope { fleet_account_id }
    }

    /// The fleet of a one-time tender link: the link's token is checked
    /// within that fleet before anything is shown.
    pub fn for_tender_link(fleet_account_id: Uuid) -> TenantScope {
        TenantScope { fleet_account_id }
    }

    /// A background job (or an operator command) working on one fleet.
    /// Clippy refuses it outside job code (clippy.toml); each job's call
    /// carries an `#[expect]` with its reason: `grep -rn 'TenantScope::for_job'`.
    pub fn for_job(fleet_account_id: Uuid) -> TenantScope {
        TenantScope { fleet_account_id }
    }

    pub fn fleet_account_id(&self) -> Uuid {
        self.fleet_account_id
    }
}

/// A read transaction acting for the scope's tenant.
pub async fn read(db: &DatabaseConnection, scope: TenantScope) -> Result<FleetTx, DbErr> {
    let txn = open(db, false, Acting::Fleet(scope.fleet_account_id)).await?;
    Ok(Tx::new(txn, scope))
}

/// A transaction acting for the scope's tenant that may write
/// (`crate::begin_write`: IMMEDIATE on SQLite).
pub async fn write(db: &DatabaseConnection, scope: TenantScope) -> Result<FleetTx, DbErr> {
    let txn = open(db, true, Acting::Fleet(scope.fleet_account_id)).await?;
    Ok(Tx::new(txn, scope))
}

/// A read transaction for system work (administration, sign-up, sweeps)
/// that may see every tenant's rows.
pub async fn system_read(db: &DatabaseConnection, key: &SystemKey) -> Result<SystemTx, DbErr> {
    let txn = open(db, false, Acting::System(key.clone())).await?;
    Ok(Tx::new(txn, System::new()))
}

/// A system transaction that may write.
pub async fn system_write(db: &DatabaseConnection, key: &SystemKey) -> Result<SystemTx, DbErr> {
    let txn = open(db, true, Acting::System(key.clone())).await?;
    Ok(Tx::new(txn, System::new()))
}

/// A table whose rows belong to one fleet, reached through its scope.
pub trait FleetOwned: EntityTrait {
    /// The column naming the row's fleet.
    fn fleet_column() -> Self::Column;

    /// Every row of the fleet the transaction acts for.
    fn within(tx: &FleetTx) -> Select<Self> {
        Self::find().filter(Self::fleet_column().eq(tx.scope().fleet_account_id()))
    }

    /// One row of the transaction's fleet by primary key: another fleet's
    /// id finds nothing, the same as a missing one.
    fn by_id_within(tx: &FleetTx, id: Uuid) -> Select<Self>
    where
        <Self::PrimaryKey as PrimaryKeyTrait>::ValueType: From<Uuid>,
    {
        Self::find_by_id(id).filter(Self::fleet_column().eq(tx.scope().fleet_account_id()))
    }

    /// An update of the transaction's fleet's rows (add filters to narrow it).
    fn update_within(tx: &FleetTx) -> UpdateMany<Self> {
        Self::update_many().filter(Self::fleet_column().eq(tx.scope().fleet_account_id()))
    }

    /// A delete of the transaction's fleet's rows (add filters to narrow it).
    fn delete_within(tx: &FleetTx) -> DeleteMany<Self> {
        Self::delete_many().filter(Self::fleet_column().eq(tx.scope().fleet_account_id()))
    }
}

macro_rules! fleet_owned {
    ($($entity:ident => $column:ident),* $(,)?) => {$(
        impl FleetOwned for crate::entities::$entity::Entity {
            fn fleet_column() -> crate::entities::$entity::Column {
                crate::entities::$entity::Column::$column
            }
        }
    )*};
}

fleet_owned! {
    fleet_account => Id,
    fleet_driver => FleetAccountId,
    fleet_vehicle => FleetAccountId,
    fleet_trailer => FleetAccountId,
    fleet_eld_integration => FleetAccountId,
    fleet_list_count => FleetAccountId,
    eld_sync_run => FleetAccountId,
    fleet_document => FleetAccountId,
    driver_session => FleetAccountId,
    driver_invite => FleetAccountId,
    driver_renewal => FleetAccountId,
    fleet_message => FleetAccountId,
    driver_qualification => FleetAccountId,
    compliance_setting => FleetAccountId,
    fleet_notification => FleetAccountId,
    compliance_digest => FleetAccountId,
    fmcsa_snapshot => FleetAccountId,
    fmcsa_change => FleetAccountId,
    truck_posting => FleetAccountId,
    load_counter => FleetAccountId,
    customer => FleetAccountId,
    facility => FleetAccountId,
    load => FleetAccountId,
    load_stop => FleetAccountId,
    load_accessorial => FleetAccountId,
    load_event => FleetAccountId,
    hos_clock => FleetAccountId,
    hos_clock_read => FleetAccountId,
    stop_report => FleetAccountId,
    eld_position => FleetAccountId,
    tender_link => FleetAccountId,
}

/// Whose rows a broker's transaction acts for: the broker account of a
/// verified session. Broker-owned tables are reached through
/// `BrokerOwned::within(&tx)`; on PostgreSQL the same account is set for
/// row-level security, which also opens the truck board's active postings
/// (read-only) to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BrokerScope {
    broker_account_id: Uuid,
}

impl BrokerScope {
    /// The broker account of a verified session (profile → account of type
    /// broker). Only the HTTP guards call this.
    pub fn from_session(broker_account_id: Uuid) -> BrokerScope {
        BrokerScope { broker_account_id }
    }

    /// A background job working on one broker account's rows.
    pub fn for_job(broker_account_id: Uuid) -> BrokerScope {
        BrokerScope { broker_account_id }
    }

    pub fn broker_account_id(&self) -> Uuid {
        self.broker_account_id
    }
}

/// A read transaction acting for a broker account.
pub async fn broker_read(db: &DatabaseConnection, scope: BrokerScope) -> Result<BrokerTx, DbErr> {
    let txn = open(db, false, Acting::Broker(scope.broker_account_id)).await?;
    Ok(Tx::new(txn, scope))
}

/// A broker account's transaction that may write its own rows.
pub async fn broker_write(db: &DatabaseConnection, scope: BrokerScope) -> Result<BrokerTx, DbErr> {
    let txn = open(db, true, Acting::Broker(scope.broker_account_id)).await?;
    Ok(Tx::new(txn, scope))
}

/// Whom a transaction acts for, as `open` sets it.
enum Acting {
    Fleet(Uuid),
    Broker(Uuid),
    System(SystemKey),
}

/// BEGIN and the tenant setting on a task of their own, so that a request
/// cancelled meanwhile (a client that went away) cannot hand its connection
/// back to the pool inside a transaction: sqlx counts a transaction only once
/// BEGIN has answered, and a transaction dropped while a statement holds its
/// connection is not rolled back (issue 29). The task always finishes; a
/// transaction nobody takes is dropped there, which rolls it back.
async fn open(
    db: &DatabaseConnection,
    writes: bool,
    acting: Acting,
) -> Result<DatabaseTransaction, DbErr> {
    let db = db.clone();
    tokio::spawn(async move {
        let txn = if writes {
            crate::connect::begin_write_here(&db).await?
        } else {
            db.begin().await?
        };
        match &acting {
            Acting::Fleet(id) => set_fleet(&txn, *id).await?,
            Acting::Broker(id) => set(&txn, "app.broker_account_id", &id.to_string()).await?,
            Acting::System(key) => set_system(&txn, key).await?,
        }
        Ok(txn)
    })
    .await
    .map_err(|err| DbErr::Custom(format!("the BEGIN task failed: {err}")))?
}

/// A table whose rows belong to one broker account.
pub trait BrokerOwned: EntityTrait {
    fn broker_column() -> Self::Column;

    /// Every row of the broker account the transaction acts for.
    fn within(tx: &BrokerTx) -> Select<Self> {
        Self::find().filter(Self::broker_column().eq(tx.scope().broker_account_id()))
    }

    fn update_within(tx: &BrokerTx) -> UpdateMany<Self> {
        Self::update_many().filter(Self::broker_column().eq(tx.scope().broker_account_id()))
    }

    fn delete_within(tx: &BrokerTx) -> DeleteMany<Self> {
        Self::delete_many().filter(Self::broker_column().eq(tx.scope().broker_account_id()))
    }
}

impl BrokerOwned for crate::entities::saved_search::Entity {
    fn broker_column() -> crate::entities::saved_search::Column {
        crate::entities::saved_search::Column::BrokerAccountId
    }
}

impl BrokerOwned for crate::entities::broker_facility::Entity {
    fn broker_column() -> crate::entities::broker_facility::Column {
        crate::entities::broker_facility::Column::BrokerAccountId
    }
}

/// A table two tenants share (a tender and what follows from it: decision
/// 049): each row names a fleet and a broker account, and a transaction
/// acting for either sees it. Each side's finder narrows to its own rows,
/// as PostgreSQL's policy does.
pub trait SharedOwned: EntityTrait {
    fn fleet_column() -> Self::Column;
    fn broker_column() -> Self::Column;

    /// The rows naming the fleet the transaction acts for.
    fn within_fleet(tx: &FleetTx) -> Select<Self> {
        Self::find().filter(Self::fleet_column().eq(tx.scope().fleet_account_id()))
    }

    /// The rows naming the broker account the transaction acts for.
    fn within_broker(tx: &BrokerTx) -> Select<Self> {
        Self::find().filter(Self::broker_column().eq(tx.scope().broker_account_id()))
    }

    fn update_within_fleet(tx: &FleetTx) -> UpdateMany<Self> {
        Self::update_many().filter(Self::fleet_column().eq(tx.scope().fleet_account_id()))
    }

    fn update_within_broker(tx: &BrokerTx) -> UpdateMany<Self> {
        Self::update_many().filter(Self::broker_column().eq(tx.scope().broker_account_id()))
    }
}

macro_rules! shared_owned {
    ($($entity:ident),* $(,)?) => {$(
        impl SharedOwned for crate::entities::$entity::Entity {
            fn fleet_column() -> crate::entities::$entity::Column {
                crate::entities::$entity::Column::FleetAccountId
            }
            fn broker_column() -> crate::entities::$entity::Column {
                crate::entities::$entity::Column::BrokerAccountId
            }
        }
    )*};
}

shared_owned! {
    tender,
    tender_revision,
    shipment,
    shipment_event,
    shipment_document,
}

/// Marks the current transaction as acting for one fleet.
async fn set_fleet<C: ConnectionTrait>(conn: &C, fleet_account_id: Uuid) -> Result<(), DbErr> {
    set(conn, "app.fleet_account_id", &fleet_account_id.to_string()).await
}

/// Marks the current transaction as system work (administration, sign-up)
/// that may see every fleet's rows. Prefer `system_read`/`system_write`.
pub async fn set_system<C: ConnectionTrait>(conn: &C, key: &SystemKey) -> Result<(), DbErr> {
    if conn.get_database_backend() != DatabaseBackend::Postgres {
        return Ok(());
    }
    let key = key.0.as_deref().ok_or_else(|| {
        DbErr::Custom("system scope asked for without the key (read it at start)".into())
    })?;
    set(conn, "app.system_key", key).await
}

async fn set<C: ConnectionTrait>(conn: &C, key: &str, value: &str) -> Result<(), DbErr> {
    if conn.get_database_backend() != DatabaseBackend::Postgres {
        return Ok(());
    }
    // `true` = local to the transaction, so a pooled connection never carries
    // one tenant's setting into the next request.
    conn.execute_raw(Statement::from_sql_and_values(
        DatabaseBackend::Postgres,
        "SELECT set_config($1, $2, true)",
        [key.into(), value.into()],
    ))
    .await
    .map(|_| ())
}

/// The role a connection acts as (`current_user`).
pub async fn current_role<C: ConnectionTrait>(conn: &C) -> Result<String, DbErr> {
    let row = conn
        .query_one_raw(Statement::from_string(
            DatabaseBackend::Postgres,
            "SELECT current_user::text AS name",
        ))
        .await?
        .ok_or_else(|| DbErr::Custom("no current_user".into()))?;
    row.try_get("", "name")
}

/// Gives the serving role what it needs and nothing more: data access to the
/// application's tables and sequences, read-only migration history, nothing
/// on the system key. Run over the owner's connection after migrating; safe
/// to repeat.
pub async fn grant_serving_role<C: ConnectionTrait>(owner: &C, role: &str) -> Result<(), DbErr> {
    let role = quote_ident(role);
    owner
        .execute_unprepared(&format!(
            "GRANT USAGE ON SCHEMA public TO {role};
             GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {role};
             GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {role};
             REVOKE ALL ON {SYSTEM_KEY_TABLE} FROM {role};
             REVOKE INSERT, UPDATE, DELETE ON seaql_migrations FROM {role};"
        ))
        .await?;
    // The job queue's tables (apalis-postgres keeps them in its own schema).
    owner
        .execute_unprepared(&format!(
            "DO $$ BEGIN
               IF EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'apalis') THEN
                 GRANT USAGE ON SCHEMA apalis TO {role};
                 GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA apalis TO {role};
                 GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA apalis TO {role};
                 GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA apalis TO {role};
               END IF;
               IF EXISTS (SELECT 1 FROM pg_tables WHERE schemaname = 'public' AND tablename = '_sqlx_migrations') THEN
                 REVOKE INSERT, UPDATE, DELETE ON _sqlx_migrations FROM {role};
               END IF;
             END $$;"
        ))
        .await
        .map(|_| ())
}

fn quote_ident(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// Why row-level security would not hold for the role `conn` serves as:
/// empty when it holds. Checks that the role is no superuser, has no
/// BYPASSRLS (nor can switch to a role that is or has), owns (or can act as
/// the owner of) no table of the schema, and that every RLS table — and every
/// table with a `fleet_account_id` column — has RLS enabled and forced.
pub async fn rls_problems<C: ConnectionTrait>(conn: &C) -> Result<Vec<String>, DbErr> {
    if conn.get_database_backend() != DatabaseBackend::Postgres {
        return Ok(Vec::new());
    }
    let mut problems = Vec::new();
    let role = current_role(conn).await?;
    let privileged = conn
        .query_all_raw(Statement::from_string(
            DatabaseBackend::Postgres,
            "SELECT rolname::text AS name, rolsuper AS sup, rolbypassrls AS bypass
               FROM pg_roles
              WHERE (rolsuper OR rolbypassrls)
                AND pg_has_role(current_user, oid, 'MEMBER')",
        ))
        .await?;
    for row in privileged {
        let name: String = row.try_get("", "name")?;
        let sup: bool = row.try_get("", "sup")?;
        let what = if sup {
            "a superuser"
        } else {
            "allowed to bypass row-level security (BYPASSRLS)"
        };
        if name == role {
            problems.push(format!("the serving role '{role}' is {what}"));
        } else {
            problems.push(format!(
                "the serving role '{role}' can act as '{name}', which is {what}"
            ));
        }
    }
    let owned = conn
        .query_all_raw(Statement::from_string(
            DatabaseBackend::Postgres,
            "SELECT c.relname::text AS name
               FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
              WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
                AND pg_has_role(current_user, c.relowner, 'MEMBER')
              ORDER BY 1",
        ))
        .await?;
    if !owned.is_empty() {
        let names: Vec<String> = owned
            .iter()
            .map(|r| r.try_get::<String>("", "name"))
            .collect::<Result<_, _>>()?;
        problems.push(format!(
            "the serving role '{role}' owns the tables ({}) and could switch row-level security off; migrate as a separate owner role (DATABASE_MIGRATION_URL)",
            names.join(", ")
        ));
    }
    // The listed tables, plus any table that names a fleet: a migration that
    // forgot `enable_rls` stops the start instead of leaking rows.
    let named = conn
        .query_all_raw(Statement::from_string(
            DatabaseBackend::Postgres,
            "SELECT DISTINCT table_name::text AS name FROM information_schema.columns
              WHERE table_schema = 'public'
                AND column_name IN ('fleet_account_id', 'broker_account_id')
              ORDER BY 1",
        ))
        .await?;
    let mut tables: Vec<String> = RLS_TABLES.iter().map(|(t, _)| (*t).to_owned()).collect();
    for row in named {
        let name: String = row.try_get("", "name")?;
        if !tables.contains(&name) && !NOT_TENANT_TABLES.contains(&name.as_str()) {
            tables.push(name);
        }
    }
    for table in tables {
        let row = conn
            .query_one_raw(Statement::from_sql_and_values(
                DatabaseBackend::Postgres,
                "SELECT relrowsecurity AS rls_on, relforcerowsecurity AS forced
                   FROM pg_class WHERE oid = to_regclass($1)",
                [format!("public.{table}").into()],
            ))
            .await?;
        let ok = match row {
            Some(row) => row.try_get::<bool>("", "rls_on")? && row.try_get::<bool>("", "forced")?,
            None => false,
        };
        if !ok {
            problems.push(format!("row-level security is not forced on {table}"));
        }
    }
    Ok(problems)
}
