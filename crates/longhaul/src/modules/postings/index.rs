//! Keeps `board_index` (what a broker's search filters on) in step with a
//! posting, in the posting's own transaction: an active posting has exactly
//! one row, any other none.

use db::entities::{board_index, truck_posting};
use db::system::SystemTable;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ConnectionTrait, DbErr, EntityTrait, Set};

pub async fn sync<C: ConnectionTrait>(txn: &C, p: &truck_posting::Model) -> Result<(), DbErr> {
    if p.status != "active" {
        board_index::Entity::delete_row(p.id).exec(txn).await?;
        return Ok(());
    }
    let row = board_index::ActiveModel {
        posting_id: Set(p.id),
        board_key: Set(board_index::board_key(p.id)),
        lat: Set(p.lat),
        lon: Set(p.lon),
        equipment_type: Set(p.equipment_type.clone()),
        destinations: Set(p.destinations.clone()),
        available_from: Set(p.available_from),
        available_to: Set(p.available_to),
        expires_at: Set(p.expires_at),
        posted_at: Set(p.posted_at),
        carrier_allowed: Set(p.carrier_allowed),
        fleet_read_only: Set(p.fleet_read_only),
    };
    board_index::Entity::insert(row)
        .on_conflict(
            OnConflict::column(board_index::Column::PostingId)
                .update_columns([
                    board_index::Column::Lat,
                    board_index::Column::Lon,
                    board_index::Column::EquipmentType,
                    board_index::Column::Destinations,
                    board_index::Column::AvailableFrom,
                    board_index::Column::AvailableTo,
                    board_index::Column::ExpiresAt,
                    board_index::Column::CarrierAllowed,
                    board_index::Column::FleetReadOnly,
                ])
                .to_owned(),
        )
        .exec_without_returning(txn)
        .await?;
    Ok(())
}
