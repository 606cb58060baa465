//! A load booked through a tender keeps its broker's shipment current
//! (decision 049), in the same transaction as the change: the status and
//! delivery time, the AT7 milestones, the truck's position when the
//! carrier shares it, and the POD. Only these copies are the broker's to
//! read; the carrier's own tables stay closed to brokers.

use chrono::{DateTime, Utc};
use db::entities::{
    fleet_document, load_event, load_stop, shipment, shipment_document, shipment_event,
};
use db::tenancy::{FleetOwned, FleetTx, SharedOwned};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ColumnTrait, Condition, DbErr, EntityTrait, QueryFilter, QuerySelect, Set};
use uuid::Uuid;

async fn shipment_of(tx: &FleetTx, load_id: Uuid) -> Result<Option<shipment::Model>, DbErr> {
    shipment::Entity::within_fleet(tx)
        .filter(shipment::Column::LoadId.eq(load_id))
        .one(tx)
        .await
}

/// A history entry of the load: the shipment takes its status (and, on
/// delivery, its time); a stop event or a cancellation is a milestone.
pub async fn mirror_event(tx: &FleetTx, e: &load_event::Model) -> Result<(), DbErr> {
    let Some(s) = shipment_of(tx, e.load_id).await? else {
        return Ok(());
    };
    let mut update = shipment::Entity::update_within_fleet(tx)
        .col_expr(shipment::Column::Status, Expr::value(e.to_status.clone()))
        .col_expr(shipment::Column::UpdatedAt, Expr::value(Utc::now()))
        .filter(shipment::Column::Id.eq(s.id));
    if e.to_status == "delivered" {
        update = update.col_expr(shipment::Column::DeliveredAt, Expr::value(e.at));
    }
    update.exec(tx).await?;
    let Some(code) = &e.at7_code else {
        return Ok(());
    };
    let stop_seq = match e.stop_id {
        Some(stop) => {
            load_stop::Entity::within(tx)
                .select_only()
                .column(load_stop::Column::Seq)
                .filter(load_stop::Column::Id.eq(stop))
                .into_tuple::<i32>()
                .one(tx)
                .await?
        }
        None => None,
    };
    shipment_event::Entity::insert(shipment_event::ActiveModel {
        id: Set(Uuid::new_v4()),
        shipment_id: Set(s.id),
        broker_account_id: Set(s.broker_account_id),
        fleet_account_id: Set(s.fleet_account_id),
        load_event_id: Set(e.id),
        at: Set(e.at),
        at7_code: Set(code.clone()),
        status: Set(e.to_status.clone()),
        stop_seq: Set(stop_seq),
        source: Set(e.source.clone()),
    })
    .on_conflict(
        OnConflict::column(shipment_event::Column::LoadEventId)
            .do_nothing()
            .to_owned(),
    )
    .exec_without_returning(tx)
    .await?;
    Ok(())
}

/// A stop event's time moved earlier (another source saw it first): its
/// milestone moves with it.
pub async fn mirror_event_time(
    tx: &FleetTx,
    load_id: Uuid,
    stop_id: Uuid,
    event: &str,
    at: DateTime<Utc>,
) -> Result<(), DbErr> {
    let ids: Vec<Uuid> = load_event::Entity::within(tx)
        .select_only()
        .column(load_event::Column::Id)
        .filter(load_event::Column::LoadId.eq(load_id))
        .filter(load_event::Column::StopId.eq(stop_id))
        .filter(load_event::Column::StopEvent.eq(event))
        .into_tuple()
        .all(tx)
        .await?;
    if ids.is_empty() {
        return Ok(());
    }
    shipment_event::Entity::update_within_fleet(tx)
        .col_expr(shipment_event::Column::At, Expr::value(at))
        .filter(shipment_event::Column::LoadEventId.is_in(ids))
        .exec(tx)
        .await
        .map(|_| ())
}

/// The trucks' last positions, onto the shipments of their loads whose
/// carrier shares the position (never an older position over a newer).
pub async fn share_positions(
    tx: &FleetTx,
    fixes: &[(Uuid, f64, f64, DateTime<Utc>)],
) -> Result<(), DbErr> {
    for (load_id, lat, lon, at) in fixes {
        shipment::Entity::update_within_fleet(tx)
            .col_expr(shipment::Column::LastLat, Expr::value(*lat))
            .col_expr(shipment::Column::LastLon, Expr::value(*lon))
            .col_expr(shipment::Column::LastPositionAt, Expr::value(*at))
            .filter(shipment::Column::LoadId.eq(*load_id))
            .filter(shipment::Column::SharePosition.eq(true))
            .filter(
                Condition::any()
                    .add(shipment::Column::LastPositionAt.is_null())
                    .add(shipment::Column::LastPositionAt.lt(*at)),
            )
            .exec(tx)
            .await?;
    }
    Ok(())
}

/// A POD filed on a load: the shipment lists the same file.
pub async fn mirror_pod(tx: &FleetTx, doc: &fleet_document::Model) -> Result<(), DbErr> {
    let Some(load_id) = doc.load_id else {
        return Ok(());
    };
    let Some(s) = shipment_of(tx, load_id).await? else {
        return Ok(());
    };
    shipment_document::Entity::insert(shipment_document::ActiveModel {
        id: Set(Uuid::new_v4()),
        shipment_id: Set(s.id),
        broker_account_id: Set(s.broker_account_id),
        fleet_account_id: Set(s.fleet_account_id),
        kind: Set("proof_of_delivery".into()),
        revision: Set(None),
        fleet_document_id: Set(Some(doc.id)),
        file_path: Set(doc.file_path.clone()),
        file_name: Set(doc.file_name.clone()),
        file_type: Set(doc.file_type.clone()),
        file_size: Set(doc.file_size),
        created_at: Set(doc.created_at),
    })
    .on_conflict(
        OnConflict::column(shipment_document::Column::FleetDocumentId)
            .do_nothing()
            .to_owned(),
    )
    .exec_without_returning(tx)
    .await?;
    Ok(())
}
