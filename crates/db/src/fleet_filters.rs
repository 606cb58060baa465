//! The fleet rules that several capabilities ask of the database, written
//! once as query conditions: which trucks are decommissioned, which count
//! as active, which drivers came from the ELD, and the name order of the
//! asset lists. The pure forms of the rules are in `domain::fleet`.

use crate::entities::{fleet_driver, fleet_vehicle};
use domain::fleet::{DECOMMISSIONED_DRIVER_ID, DECOMMISSIONED_DRIVER_NAME};
use sea_orm::sea_query::{Expr, ExprTrait, Func, SimpleExpr};
use sea_orm::{ColumnTrait, Condition, EntityTrait, Order, QueryOrder, Select};

fn lower(col: impl ColumnTrait) -> SimpleExpr {
    Func::lower(Expr::col(col.as_column_ref())).into()
}

/// Not a decommissioned truck (spec part 2 §4): null-safe on every marker.
pub fn truck_not_decommissioned() -> Condition {
    use fleet_vehicle::Column as C;
    Condition::all()
        .add(
            Condition::any()
                .add(C::AssignedDriverEldId.is_null())
                .add(C::AssignedDriverEldId.ne(DECOMMISSIONED_DRIVER_ID)),
        )
        .add(
            Condition::any()
                .add(C::AssignedDriverName.is_null())
                .add(ExprTrait::ne(
                    Expr::expr(lower(C::AssignedDriverName)),
                    DECOMMISSIONED_DRIVER_NAME.to_lowercase(),
                )),
        )
        .add(
            Condition::any()
                .add(C::Notes.is_null())
                .add(ExprTrait::not_like(
                    Expr::expr(lower(C::Notes)),
                    format!("%{}%", DECOMMISSIONED_DRIVER_NAME.to_lowercase()),
                )),
        )
}

/// A truck counts as active when an assigned driver name resolves
/// (`active = false`: the inactive ones).
pub fn truck_active(active: bool) -> Condition {
    use fleet_vehicle::Column as C;
    if active {
        Condition::all()
            .add(C::AssignedDriverName.is_not_null())
            .add(C::AssignedDriverName.ne(""))
    } else {
        Condition::any()
            .add(C::AssignedDriverName.is_null())
            .add(C::AssignedDriverName.eq(""))
    }
}

/// A driver synced from the ELD (it carries the ELD's driver id). Only a
/// fleet with such drivers can have an assignment called unrecognized.
pub fn driver_synced() -> Condition {
    Condition::all().add(fleet_driver::Column::DriverId.is_not_null())
}

/// By name, the unnamed ones (shown as 'Unnamed Trailer' / 'Unnamed Truck')
/// last, ties broken by id: the same order on every request and both
/// databases (NULLs sort first on SQLite and last on PostgreSQL), so pages
/// neither repeat nor skip rows.
pub fn by_name<E: EntityTrait>(select: Select<E>, name: E::Column, id: E::Column) -> Select<E> {
    let unnamed = Condition::any().add(name.is_null()).add(ExprTrait::eq(
        Expr::expr(Func::cust("TRIM").arg(Expr::col(name.as_column_ref()))),
        "",
    ));
    select
        .order_by(Expr::expr(Expr::case(unnamed, 1).finally(0)), Order::Asc)
        .order_by_asc(name)
        .order_by_asc(id)
}
