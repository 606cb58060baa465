//! Profiles as the Users tab sees them: listed, and given roles and
//! accounts (logins themselves are made through auth).

use crate::paging::{PageQuery, matches_any};
use chrono::Utc;
use db::entities::profile;
use db::system::SystemTable;
use sea_orm::{
    ActiveModelTrait, ConnectionTrait, DbErr, IntoActiveModel, PaginatorTrait, QueryFilter,
    QueryOrder, Set,
};
use uuid::Uuid;

/// One page of profiles by e-mail, and the total.
pub async fn page<C: ConnectionTrait>(
    db: &C,
    query: &PageQuery,
) -> Result<(Vec<profile::Model>, u64), DbErr> {
    let mut select = profile::Entity::rows();
    if let Some(text) = query.search() {
        select = select.filter(matches_any(
            &[
                profile::Column::Email,
                profile::Column::FirstName,
                profile::Column::LastName,
            ],
            &text,
        ));
    }
    let paginator = select
        .order_by_asc(profile::Column::Email)
        .paginate(db, query.per_page());
    let total = paginator.num_items().await?;
    Ok((paginator.fetch_page(query.page() - 1).await?, total))
}

pub async fn find<C: ConnectionTrait>(db: &C, id: Uuid) -> Result<Option<profile::Model>, DbErr> {
    profile::Entity::row(id).one(db).await
}

/// Sets the profile's role and account.
pub async fn set_role<C: ConnectionTrait>(
    db: &C,
    user: profile::Model,
    role: Option<&str>,
    account_id: Option<Uuid>,
) -> Result<profile::Model, DbErr> {
    let mut active = user.into_active_model();
    active.role = Set(role.map(str::to_owned));
    active.account_id = Set(account_id);
    active.updated_at = Set(Utc::now());
    active.update(db).await
}
