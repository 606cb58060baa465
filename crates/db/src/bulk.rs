//! Statements for many rows at once, built apart from the connection that
//! runs them (so that a sync plans one page while the one before runs).
//! Many rows of one fleet are updated with their own values in one
//! statement per chunk: `UPDATE t SET c = v.column2, … FROM (VALUES (id, …),
//! …) AS v WHERE t.id = v.column1 AND t.fleet_account_id = ?`. PostgreSQL and
//! SQLite (3.33+) both read it and both name a VALUES list's columns
//! `column1…`; only the placeholders differ. A sync that changes 10,000 rows
//! sends 20 statements instead of 10,000.

use crate::tenancy::FleetOwned;
use sea_orm::sea_query::{Expr, ExprTrait, Query};
use sea_orm::{
    ActiveModelTrait, ConnectionTrait, DatabaseBackend, DbErr, EntityTrait, Iden, Iterable,
    Statement, Value,
};
use uuid::Uuid;

/// Well under SQLite's 32,766 and PostgreSQL's 65,535 parameters a statement.
const MAX_PARAMS: usize = 16_000;

/// The statements that set `columns` of each row (by id, within `fleet`)
/// to the row's values, in `columns` order: one per chunk of rows.
pub fn update_statements_within<E>(
    backend: DatabaseBackend,
    fleet: Uuid,
    columns: &[E::Column],
    rows: impl IntoIterator<Item = Result<(Uuid, Vec<Value>), DbErr>>,
) -> Result<Vec<Statement>, DbErr>
where
    E: FleetOwned,
{
    let table = E::default().table_name().to_owned();
    let fleet_column = E::fleet_column().to_string();
    let sets = columns
        .iter()
        .enumerate()
        .map(|(i, c)| format!("\"{}\" = v.column{}", c.to_string(), i + 2))
        .collect::<Vec<_>>()
        .join(", ");
    let per_chunk = (MAX_PARAMS / (columns.len() + 1)).max(1);
    let mut statements = Vec::new();
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let mut values = Vec::new();
        let mut tuples = Vec::new();
        for row in rows.by_ref().take(per_chunk) {
            let (id, row) = row?;
            if row.len() != columns.len() {
                return Err(DbErr::Custom(format!(
                    "row {id}: {} values for {} columns",
                    row.len(),
                    columns.len()
                )));
            }
            let mut tuple = Vec::with_capacity(row.len() + 1);
            for value in std::iter::once(Value::from(id)).chain(row) {
                values.push(value);
                tuple.push(placeholder(backend, values.len()));
            }
            tuples.push(format!("({})", tuple.join(", ")));
        }
        values.push(fleet.into());
        let sql = format!(
            "UPDATE \"{table}\" SET {sets} FROM (VALUES {}) AS v \
             WHERE \"{table}\".\"id\" = v.column1 AND \"{table}\".\"{fleet_column}\" = {}",
            tuples.join(", "),
            placeholder(backend, values.len()),
        );
        statements.push(Statement::from_sql_and_values(backend, sql, values));
    }
    Ok(statements)
}

/// A JSON column's value from JSON text the caller vouches for, stored as
/// it is: no parse into a tree and back. PostgreSQL takes text into a
/// `json` column only with a cast (and checks it; a `jsonb` column converts
/// from `json` on assignment); SQLite keeps JSON as text anyway.
pub fn json_text(backend: DatabaseBackend, text: String) -> Expr {
    match backend {
        DatabaseBackend::Postgres => Expr::val(text).cast_as("json"),
        _ => Expr::val(text),
    }
}

/// The multi-row INSERTs of whole rows, `per_chunk` rows each: each row's
/// set columns plus its JSON column from text ([`json_text`]).
pub fn insert_statements_with_json<A>(
    backend: DatabaseBackend,
    rows: impl IntoIterator<Item = Result<(A, Option<String>), DbErr>>,
    json_column: <A::Entity as EntityTrait>::Column,
    per_chunk: usize,
) -> Result<Vec<Statement>, DbErr>
where
    A: ActiveModelTrait,
{
    let mut statements = Vec::new();
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let mut stmt = Query::insert();
        stmt.into_table(<A::Entity as Default>::default());
        let mut columns: Option<Vec<<A::Entity as EntityTrait>::Column>> = None;
        for row in rows.by_ref().take(per_chunk.max(1)) {
            let (model, json) = row?;
            let columns = columns.get_or_insert_with(|| {
                let set: Vec<_> = <<A::Entity as EntityTrait>::Column as Iterable>::iter()
                    .filter(|c| c.to_string() != json_column.to_string() && model.get(*c).is_set())
                    .collect();
                stmt.columns(set.iter().copied().chain([json_column]));
                set
            });
            let mut values = Vec::with_capacity(columns.len() + 1);
            for c in columns.iter() {
                let value = model.get(*c).into_value().ok_or_else(|| {
                    DbErr::Custom(format!("{} is not set in every row", c.to_string()))
                })?;
                values.push(Expr::val(value));
            }
            values.push(match json {
                Some(text) => json_text(backend, text),
                None => Expr::val(Value::Json(None)),
            });
            stmt.values(values)
                .map_err(|e| DbErr::Custom(format!("insert row: {e}")))?;
        }
        statements.push(backend.build(&stmt));
    }
    Ok(statements)
}

/// Makes PostgreSQL plan this transaction's statements once, generically,
/// instead of planning each of a prepared statement's first five runs for
/// its values: a multi-row INSERT or UPDATE of 512 rows has thousands of
/// parameters, and each such custom plan cost ~12 ms against ~1 ms for a
/// bind of the generic one, while no plan of these statements depends on
/// the values. No-op on SQLite.
pub async fn plan_generically<C: ConnectionTrait>(tx: &C) -> Result<(), DbErr> {
    if tx.get_database_backend() == DatabaseBackend::Postgres {
        tx.execute_unprepared("SET LOCAL plan_cache_mode = force_generic_plan")
            .await?;
    }
    Ok(())
}

fn placeholder(backend: DatabaseBackend, n: usize) -> String {
    match backend {
        DatabaseBackend::Postgres => format!("${n}"),
        _ => "?".to_owned(),
    }
}
