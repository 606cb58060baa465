//! Attempt budgets (decision 008): one counter row per key, shared by every
//! replica.

use chrono::Utc;
use db::entities::auth_throttle;
use db::system::SystemTable;
use domain::throttle::{Counter, Policy};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, QueryFilter, Set};

/// Lost compare-and-set races one reservation tolerates (see `reserve`).
const MAX_LOST_RACES: usize = 512;

/// Reserves one attempt of `policy` under `key`: read the row, apply the
/// rule, write it back only if nobody else wrote it meanwhile (compare-and-set
/// on `version`; a unique-key insert for a new row). `Err` holds the seconds
/// to wait. A lost race means another request's reservation went through, so
/// the loop ends once the budget fills; `MAX_LOST_RACES` only guards against a
/// key that a flood keeps refunding and refilling, and that request is told
/// to wait too. (Eight tries were too few: forty requests at once on one
/// budget of ten refused some before the ten were spent.)
pub async fn reserve<C: ConnectionTrait>(
    db: &C,
    key: &str,
    account: Option<&str>,
    policy: &Policy,
) -> Result<Result<(), u64>, DbErr> {
    let now = Utc::now().timestamp();
    for _ in 0..MAX_LOST_RACES {
        let row = auth_throttle::Entity::row(key.to_owned()).one(db).await?;
        let current = row.as_ref().map(|r| Counter {
            attempts: u32::try_from(r.attempts).unwrap_or(0),
            window_start: r.window_start,
            last_attempt: r.last_attempt,
        });
        let next = match policy.reserve(current, now) {
            Ok(next) => next,
            Err(wait) => return Ok(Err(u64::try_from(wait).unwrap_or(1))),
        };
        let attempts = i32::try_from(next.attempts).unwrap_or(i32::MAX);
        match row {
            None => {
                let inserted = auth_throttle::ActiveModel {
                    key: Set(key.to_owned()),
                    account: Set(account.map(str::to_owned)),
                    attempts: Set(attempts),
                    window_start: Set(next.window_start),
                    last_attempt: Set(next.last_attempt),
                    version: Set(1),
                }
                .insert(db)
                .await;
                match inserted {
                    Ok(_) => return Ok(Ok(())),
                    // Another request made the row first: read it again.
                    Err(err) if db::is_unique_violation(&err) => {}
                    Err(err) => return Err(err),
                }
            }
            Some(row) => {
                let updated = auth_throttle::Entity::update_rows()
                    .col_expr(auth_throttle::Column::Attempts, Expr::value(attempts))
                    .col_expr(
                        auth_throttle::Column::WindowStart,
                        Expr::value(next.window_start),
                    )
                    .col_expr(
                        auth_throttle::Column::LastAttempt,
                        Expr::value(next.last_attempt),
                    )
                    .col_expr(auth_throttle::Column::Version, Expr::value(row.version + 1))
                    .filter(auth_throttle::Column::Key.eq(key))
                    .filter(auth_throttle::Column::Version.eq(row.version))
                    .exec(db)
                    .await?;
                if updated.rows_affected == 1 {
                    return Ok(Ok(()));
                }
            }
        }
    }
    Ok(Err(1))
}

/// Gives reserved attempts back (the check succeeded, or a later budget
/// refused the request before any work ran).
pub async fn refund<C: ConnectionTrait>(db: &C, keys: &[String]) -> Result<(), DbErr> {
    if keys.is_empty() {
        return Ok(());
    }
    auth_throttle::Entity::update_rows()
        .col_expr(
            auth_throttle::Column::Attempts,
            Expr::col(auth_throttle::Column::Attempts).sub(1),
        )
        .col_expr(
            auth_throttle::Column::Version,
            Expr::col(auth_throttle::Column::Version).add(1),
        )
        .filter(auth_throttle::Column::Key.is_in(keys.iter().cloned()))
        .filter(auth_throttle::Column::Attempts.gt(0))
        .exec(db)
        .await
        .map(|_| ())
}

/// Forgets every budget tied to the account (after a successful reset).
pub async fn clear_account<C: ConnectionTrait>(db: &C, email: &str) -> Result<(), DbErr> {
    auth_throttle::Entity::delete_rows()
        .filter(auth_throttle::Column::Account.eq(email))
        .exec(db)
        .await
        .map(|_| ())
}
