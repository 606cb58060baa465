//! A transaction that carries whose rows it acts for. `tenancy::{read,
//! write, broker_read, broker_write, system_read, system_write}` return one;
//! the scope set for row-level security when it began is the one its
//! `scope()` answers, so finders that take the transaction cannot pair it
//! with another tenant's scope.

use sea_orm::{
    ConnectionTrait, DatabaseTransaction, DbBackend, DbErr, ExecResult, QueryResult, Statement,
};

/// A transaction acting for `S`: a fleet (`FleetTx`), a broker account
/// (`BrokerTx`) or the system (`SystemTx`). It is a connection like any
/// other (`.all(&tx)`), committed with `commit`, rolled back when dropped.
pub struct Tx<S> {
    txn: DatabaseTransaction,
    scope: S,
}

/// The system scope: work that may see every tenant's rows (administration,
/// sign-up, schedules). Made only by `tenancy::system_read`/`system_write`,
/// so holding a `SystemTx` is the proof a cross-tenant query asks for
/// (`crate::system`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct System {
    _private: (),
}

pub type FleetTx = Tx<crate::tenancy::TenantScope>;
pub type BrokerTx = Tx<crate::tenancy::BrokerScope>;
pub type SystemTx = Tx<System>;

impl<S> Tx<S> {
    pub(crate) fn new(txn: DatabaseTransaction, scope: S) -> Tx<S> {
        Tx { txn, scope }
    }

    pub async fn commit(self) -> Result<(), DbErr> {
        self.txn.commit().await
    }

    pub async fn rollback(self) -> Result<(), DbErr> {
        self.txn.rollback().await
    }

    /// The transaction itself, for code written against SeaORM's type.
    pub fn transaction(&self) -> &DatabaseTransaction {
        &self.txn
    }
}

impl<S: Copy> Tx<S> {
    /// Whose rows this transaction acts for.
    pub fn scope(&self) -> S {
        self.scope
    }
}

impl System {
    pub(crate) const fn new() -> System {
        System { _private: () }
    }
}

#[async_trait::async_trait]
impl<S: Send + Sync> ConnectionTrait for Tx<S> {
    fn get_database_backend(&self) -> DbBackend {
        self.txn.get_database_backend()
    }

    async fn execute_raw(&self, stmt: Statement) -> Result<ExecResult, DbErr> {
        self.txn.execute_raw(stmt).await
    }

    async fn execute_unprepared(&self, sql: &str) -> Result<ExecResult, DbErr> {
        self.txn.execute_unprepared(sql).await
    }

    async fn query_one_raw(&self, stmt: Statement) -> Result<Option<QueryResult>, DbErr> {
        self.txn.query_one_raw(stmt).await
    }

    async fn query_all_raw(&self, stmt: Statement) -> Result<Vec<QueryResult>, DbErr> {
        self.txn.query_all_raw(stmt).await
    }

    fn support_returning(&self) -> bool {
        self.txn.support_returning()
    }
}
