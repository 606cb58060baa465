//! carrier_lookups: the registry's last answer per DOT number.

use chrono::Utc;
use db::entities::carrier_lookup;
use db::system::SystemTable;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ConnectionTrait, DbErr, EntityTrait, Set};

pub async fn find<C: ConnectionTrait>(
    db: &C,
    dot: &str,
) -> Result<Option<carrier_lookup::Model>, DbErr> {
    carrier_lookup::Entity::row(dot).one(db).await
}

/// Stores the registry's answer (`None`: no such carrier) as of now.
pub async fn store<C: ConnectionTrait>(
    db: &C,
    dot: &str,
    response: Option<serde_json::Value>,
) -> Result<(), DbErr> {
    let row = carrier_lookup::ActiveModel {
        dot_number: Set(dot.to_owned()),
        response: Set(response),
        fetched_at: Set(Utc::now()),
    };
    carrier_lookup::Entity::insert(row)
        .on_conflict(
            OnConflict::column(carrier_lookup::Column::DotNumber)
                .update_columns([
                    carrier_lookup::Column::Response,
                    carrier_lookup::Column::FetchedAt,
                ])
                .to_owned(),
        )
        .exec(db)
        .await
        .map(|_| ())
}
