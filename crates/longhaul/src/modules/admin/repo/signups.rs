//! Fleet signups as the Fleet Signups tab sees them.

use crate::paging::{PageQuery, matches_any};
use chrono::Utc;
use db::entities::fleet_signup;
use db::system::SystemTable;
use sea_orm::{
    ActiveModelTrait, ConnectionTrait, DbErr, IntoActiveModel, PaginatorTrait, QueryFilter,
    QueryOrder, Set,
};
use uuid::Uuid;

/// One page of signups, newest first, and the total.
pub async fn page<C: ConnectionTrait>(
    db: &C,
    query: &PageQuery,
) -> Result<(Vec<fleet_signup::Model>, u64), DbErr> {
    let mut select = fleet_signup::Entity::rows();
    if let Some(text) = query.search() {
        select = select.filter(matches_any(
            &[
                fleet_signup::Column::LegalName,
                fleet_signup::Column::DotNumber,
                fleet_signup::Column::Email,
            ],
            &text,
        ));
    }
    let paginator = select
        .order_by_desc(fleet_signup::Column::CreatedAt)
        .order_by_desc(fleet_signup::Column::Id)
        .paginate(db, query.per_page());
    let total = paginator.num_items().await?;
    Ok((paginator.fetch_page(query.page() - 1).await?, total))
}

pub async fn find<C: ConnectionTrait>(
    db: &C,
    id: Uuid,
) -> Result<Option<fleet_signup::Model>, DbErr> {
    fleet_signup::Entity::row(id).one(db).await
}

/// Marks the signup completed, with the fleet admin it got (if any).
pub async fn complete<C: ConnectionTrait>(
    db: &C,
    signup: fleet_signup::Model,
    user_id: Option<Uuid>,
    fleet_id: Uuid,
) -> Result<fleet_signup::Model, DbErr> {
    let mut active = signup.into_active_model();
    active.completed = Set(true);
    active.approved_fleet_id = Set(Some(fleet_id));
    active.user_id = Set(user_id);
    active.updated_at = Set(Utc::now());
    active.update(db).await
}
