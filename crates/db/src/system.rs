//! The one reviewed place for queries that no tenant scope narrows.
//!
//! Outside this crate SeaORM's bare `find`, `find_by_id`, `update_many`
//! and `delete_many` are refused by clippy (`clippy.toml`): a table is read
//! through one of three doors, each greppable.
//!
//! - A tenant's table, through the transaction opened for its tenant:
//!   `FleetOwned::within(&tx)`, `BrokerOwned::within(&tx)`
//!   (`crate::tenancy`), which read the scope from the transaction, so a
//!   repository cannot pair a transaction with another tenant's scope.
//! - A tenant's table across every tenant, only with a system transaction in
//!   hand: `AcrossFleets::across_fleets(&tx)` — the schedules that visit every
//!   fleet, the super admin's lists.
//! - A table that belongs to no tenant (users, sessions, sign-ups, Stripe's
//!   mirror, the outbox): `SystemTable::rows()` and its kin. A tenant's table
//!   has no such method, so an unscoped query of one does not compile:
//!
//! ```compile_fail
//! use db::entities::fleet_vehicle;
//! use db::system::SystemTable;
//! let _ = fleet_vehicle::Entity::rows();
//! ```
//!
//! while the same call on a table of no tenant does:
//!
//! ```
//! use db::entities::profile;
//! use db::system::SystemTable;
//! let _ = profile::Entity::rows();
//! ```
//!
//! And a query across fleets needs the system's transaction, which only
//! `tenancy::system_read`/`system_write` make — a fleet's will not do
//! (each failing example has a twin that compiles, so it fails for the reason shown):
//!
//! ```compile_fail
//! use db::entities::fleet_vehicle;
//! use db::system::AcrossFleets;
//! async fn every_truck(tx: &db::tenancy::FleetTx) {
//!     let _ = fleet_vehicle::Entity::across_fleets(tx);
//! }
//! ```
//!
//! ```
//! use db::entities::fleet_vehicle;
//! use db::system::AcrossFleets;
//! async fn every_truck(tx: &db::tenancy::SystemTx) {
//!     let _ = fleet_vehicle::Entity::across_fleets(tx);
//! }
//! ```
//!
//! A fleet's finder takes the fleet's transaction; a broker's or the
//! system's will not do:
//!
//! ```compile_fail
//! use db::entities::fleet_vehicle;
//! use db::tenancy::FleetOwned;
//! async fn trucks(tx: &db::tenancy::BrokerTx) {
//!     let _ = fleet_vehicle::Entity::within(tx);
//! }
//! ```
//!
//! ```compile_fail
//! use db::entities::fleet_vehicle;
//! use db::tenancy::FleetOwned;
//! async fn trucks(tx: &db::tenancy::SystemTx) {
//!     let _ = fleet_vehicle::Entity::within(tx);
//! }
//! ```
//!
//! ```
//! use db::entities::fleet_vehicle;
//! use db::tenancy::FleetOwned;
//! async fn trucks(tx: &db::tenancy::FleetTx) {
//!     let _ = fleet_vehicle::Entity::within(tx);
//! }
//! ```

use crate::entities::driver_session;
use crate::scoped_tx::SystemTx;
use crate::tenancy::{BrokerOwned, FleetOwned};
use chrono::Utc;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, DeleteMany, EntityTrait, PrimaryKeyTrait, QueryFilter,
    Select, UpdateMany,
};

/// A table that belongs to no tenant, read and written whole.
pub trait SystemTable: EntityTrait {
    /// Every row (add filters to narrow it).
    fn rows() -> Select<Self> {
        Self::find()
    }

    /// One row by primary key.
    fn row<T>(id: T) -> Select<Self>
    where
        T: Into<<Self::PrimaryKey as PrimaryKeyTrait>::ValueType>,
    {
        Self::find_by_id(id)
    }

    /// An update of rows (add filters to narrow it).
    fn update_rows() -> UpdateMany<Self> {
        Self::update_many()
    }

    /// A delete of rows (add filters to narrow it).
    fn delete_rows() -> DeleteMany<Self> {
        Self::delete_many()
    }

    /// A delete of one row by primary key.
    fn delete_row<T>(id: T) -> sea_orm::ValidatedDeleteOne<Self>
    where
        T: Into<<Self::PrimaryKey as PrimaryKeyTrait>::ValueType>,
    {
        Self::delete_by_id(id)
    }
}

macro_rules! system_tables {
    ($($entity:ident),* $(,)?) => {$(
        impl SystemTable for crate::entities::$entity::Entity {}
    )*};
}

system_tables! {
    // The truck board's index of active postings, which every broker searches.
    board_index,
    account,
    app_meta,
    audit_log,
    auth_throttle,
    carrier_lookup,
    fleet_signup,
    one_time_token,
    outbox_email,
    profile,
    session,
    stripe_charge,
    stripe_customer,
    stripe_event,
    stripe_subscription,
    stripe_subscription_state,
    test_checkout_session,
    test_stripe_object,
}

/// A fleet's table read across every fleet: system work only.
pub trait AcrossFleets: FleetOwned {
    /// Every fleet's rows (add filters to narrow them).
    fn across_fleets(_system: &SystemTx) -> Select<Self> {
        Self::find()
    }

    /// An update of rows of any fleet (add filters to narrow it).
    fn update_across_fleets(_system: &SystemTx) -> UpdateMany<Self> {
        Self::update_many()
    }
}

impl<E: FleetOwned> AcrossFleets for E {}

/// A broker account's table read across every broker: system work only.
pub trait AcrossBrokers: BrokerOwned {
    /// Every broker account's rows (add filters to narrow them).
    fn across_brokers(_system: &SystemTx) -> Select<Self> {
        Self::find()
    }
}

impl<E: BrokerOwned> AcrossBrokers for E {}

/// A driver-portal session by its token's hash, unexpired. The token is the
/// credential that names the fleet, so this read comes before any scope.
pub async fn driver_session_by_token<C: ConnectionTrait>(
    conn: &C,
    token_hash: &str,
) -> Result<Option<driver_session::Model>, DbErr> {
    driver_session::Entity::find_by_id(token_hash.to_owned())
        .filter(driver_session::Column::ExpiresAt.gt(Utc::now()))
        .one(conn)
        .await
}

/// Marks a driver-portal session as seen now, by its token's hash.
pub async fn touch_driver_session<C: ConnectionTrait>(
    conn: &C,
    token_hash: &str,
) -> Result<(), DbErr> {
    driver_session::Entity::update_many()
        .col_expr(
            driver_session::Column::LastSeenAt,
            Expr::value(Some(Utc::now())),
        )
        .filter(driver_session::Column::Id.eq(token_hash))
        .exec(conn)
        .await
        .map(drop)
}

/// Ends a driver-portal session by its token's hash (sign-out, or a session
/// found no longer usable): the token names the session, before any scope.
pub async fn delete_driver_session<C: ConnectionTrait>(
    conn: &C,
    token_hash: &str,
) -> Result<(), DbErr> {
    driver_session::Entity::delete_by_id(token_hash.to_owned())
        .exec(conn)
        .await
        .map(drop)
}
