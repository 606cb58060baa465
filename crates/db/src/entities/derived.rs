//! The columns the fleet lists filter, sort and search by are derived from
//! the row's own fields (`domain::fleet_lists`, decision 014). Each entity's
//! `before_save` derives them on every insert and update through an active
//! model; bulk inserts derive them with the same function before
//! `insert_many`; a bulk `update_many` that changes an input sets them
//! itself.

use sea_orm::{ActiveValue, DbErr};

/// The value a save writes or keeps for a text input of a derived column:
/// what is set or loaded; on insert an unset column is NULL. An update that
/// sets another input while this one is unknown cannot derive, and fails.
pub(crate) fn text<'a>(
    value: &'a ActiveValue<Option<String>>,
    insert: bool,
    column: &str,
) -> Result<Option<&'a str>, DbErr> {
    match value.try_as_ref() {
        Some(v) => Ok(v.as_deref()),
        None if insert => Ok(None),
        None => Err(DbErr::Custom(format!(
            "{column} must be loaded to derive the list columns (decision 014)"
        ))),
    }
}

/// Sets a derived column, leaving it unchanged when the value is the same.
pub(crate) fn set<V: Into<sea_orm::Value> + PartialEq>(target: &mut ActiveValue<V>, value: V) {
    target.set_if_not_equals(value);
}
