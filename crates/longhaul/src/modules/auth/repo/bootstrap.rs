//! The first super admin's marker, and the fleet an operator's
//! `create-user` makes for its user.

use chrono::Utc;
use db::entities::{account, app_meta, fleet_account};
use db::system::{AcrossFleets, SystemTable};
use db::tenancy::SystemTx;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, QueryFilter, Set};
use uuid::Uuid;

const BOOTSTRAPPED_KEY: &str = "superadmin_bootstrapped_at";

/// Whether the first super admin was made (whatever became of them since).
pub async fn bootstrapped<C: ConnectionTrait>(conn: &C) -> Result<bool, DbErr> {
    Ok(app_meta::Entity::row(BOOTSTRAPPED_KEY)
        .one(conn)
        .await?
        .is_some())
}

pub async fn mark_bootstrapped<C: ConnectionTrait>(conn: &C) -> Result<(), DbErr> {
    app_meta::ActiveModel {
        key: Set(BOOTSTRAPPED_KEY.into()),
        value: Set(Utc::now().to_rfc3339()),
    }
    .insert(conn)
    .await
    .map(drop)
}

/// What a fleet made for a new user starts with.
pub struct NewFleet<'a> {
    pub legal_name: &'a str,
    pub dot_number: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: &'a str,
}

/// A new active fleet and its company account: (account id, fleet id).
pub async fn insert_fleet(tx: &SystemTx, fleet: NewFleet<'_>) -> Result<(Uuid, Uuid), DbErr> {
    let now = Utc::now();
    let fleet_id = Uuid::new_v4();
    fleet_account::ActiveModel {
        id: Set(fleet_id),
        dot_number: Set(fleet.dot_number),
        legal_name: Set(fleet.legal_name.to_owned()),
        dba_name: Set(None),
        power_units: Set(1),
        monthly_rate_cents: Set(None),
        owner_id: Set(None),
        contact_first_name: Set(fleet.first_name),
        contact_last_name: Set(fleet.last_name),
        contact_email: Set(Some(fleet.email.to_owned())),
        contact_phone: Set(None),
        status: Set("active".into()),
        subscription_status: Set(None),
        fmcsa_data: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(tx)
    .await?;
    let account = account::ActiveModel {
        id: Set(Uuid::new_v4()),
        name: Set(fleet.legal_name.to_owned()),
        account_type: Set("fleet".into()),
        fleet_account_id: Set(Some(fleet_id)),
        is_active: Set(true),
        mc_number: Set(None),
        usdot_number: Set(None),
        created_at: Set(now),
    }
    .insert(tx)
    .await?;
    Ok((account.id, fleet_id))
}

/// Makes the profile the owner of the fleet.
pub async fn set_fleet_owner(tx: &SystemTx, fleet_id: Uuid, owner: Uuid) -> Result<(), DbErr> {
    fleet_account::Entity::update_across_fleets(tx)
        .col_expr(
            fleet_account::Column::OwnerId,
            sea_orm::sea_query::Expr::value(Some(owner)),
        )
        .filter(fleet_account::Column::Id.eq(fleet_id))
        .exec(tx)
        .await
        .map(drop)
}
