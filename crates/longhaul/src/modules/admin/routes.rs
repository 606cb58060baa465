//! `/api/admin/*`: the super admin's administration (guarded as a group in `app.rs`).

use super::dto::{
    AccountItem, AuditEntry, CreateFleetRequest, CreateUserRequest, CreatedFleet, CreatedUser,
    FleetAccountItem, OwnerRequest, RoleRequest, SignupItem, UserItem,
};
use super::service::users::NewUser;
use super::service::{AdminDeps, accounts, audit, signups, users};
use crate::http::error::ErrorBody;
use crate::http::path_id::path_id;
use crate::http::{ApiError, ApiResult, ValidJson};
use crate::modules::auth::SuperAdmin;
use crate::paging::{Page, PageParams, PageQuery, page_query};
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Every route here is behind the super-admin guard (`app.rs`).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_signups))
        .routes(routes!(create_fleet))
        .routes(routes!(list_users, create_user))
        .routes(routes!(change_role))
        .routes(routes!(list_fleet_accounts))
        .routes(routes!(assign_owner))
        .routes(routes!(list_accounts))
        .routes(routes!(list_audit))
}

fn deps(state: &AppState) -> AdminDeps<'_> {
    AdminDeps {
        grace_days: state.config.past_due_grace_days,
        db: &state.db,
        system_key: &state.system_key,
        passwords: &state.passwords,
        mailer: state.mailer.as_ref(),
        public_url: &state.config.public_url,
        jobs: &state.jobs,
    }
}

#[utoipa::path(get, path = "/api/admin/signups", tag = "admin", params(PageQuery),
    responses((status = 200, body = Page<SignupItem>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn list_signups(
    State(state): State<AppState>,
    q: PageParams,
) -> ApiResult<Json<Page<SignupItem>>> {
    Ok(Json(signups::list(&deps(&state), &page_query(q)?).await?))
}

#[utoipa::path(post, path = "/api/admin/signups/{id}/fleet", tag = "admin", params(("id" = String, Path)), request_body = CreateFleetRequest,
    responses((status = 201, body = CreatedFleet), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
              (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn create_fleet(
    State(state): State<AppState>,
    SuperAdmin(actor): SuperAdmin,
    Path(id): Path<String>,
    ValidJson(body): ValidJson<CreateFleetRequest>,
) -> ApiResult<(StatusCode, Json<CreatedFleet>)> {
    let created = signups::create_fleet(
        &deps(&state),
        &(&actor).into(),
        path_id(&id)?,
        body.with_user,
    )
    .await?;
    Ok((StatusCode::CREATED, Json(created)))
}

#[utoipa::path(get, path = "/api/admin/users", tag = "admin", params(PageQuery),
    responses((status = 200, body = Page<UserItem>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn list_users(
    State(state): State<AppState>,
    q: PageParams,
) -> ApiResult<Json<Page<UserItem>>> {
    Ok(Json(users::list(&deps(&state), &page_query(q)?).await?))
}

#[utoipa::path(post, path = "/api/admin/users", tag = "admin", request_body = CreateUserRequest,
    responses((status = 201, body = CreatedUser), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
              (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn create_user(
    State(state): State<AppState>,
    SuperAdmin(actor): SuperAdmin,
    ValidJson(body): ValidJson<CreateUserRequest>,
) -> ApiResult<(StatusCode, Json<CreatedUser>)> {
    let role = users::parse_role(body.role.as_deref())?;
    let id = users::create(
        &deps(&state),
        &(&actor).into(),
        NewUser {
            email: body.email,
            password: body.password,
            first_name: body.first_name,
            last_name: body.last_name,
            role,
        },
    )
    .await?;
    Ok((StatusCode::CREATED, Json(CreatedUser { id })))
}

#[utoipa::path(put, path = "/api/admin/users/{id}/role", tag = "admin", params(("id" = String, Path)), request_body = RoleRequest,
    responses((status = 200, body = UserItem), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
              (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn change_role(
    State(state): State<AppState>,
    SuperAdmin(actor): SuperAdmin,
    Path(id): Path<String>,
    ValidJson(body): ValidJson<RoleRequest>,
) -> ApiResult<Json<UserItem>> {
    let role = users::parse_role(body.role.as_deref())?;
    Ok(Json(
        users::change_role(
            &deps(&state),
            &(&actor).into(),
            path_id(&id)?,
            role,
            body.fleet_account_id,
        )
        .await?,
    ))
}

#[utoipa::path(get, path = "/api/admin/fleet-accounts", tag = "admin", params(PageQuery),
    responses((status = 200, body = Page<FleetAccountItem>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn list_fleet_accounts(
    State(state): State<AppState>,
    q: PageParams,
) -> ApiResult<Json<Page<FleetAccountItem>>> {
    Ok(Json(
        accounts::list_fleet_accounts(&deps(&state), &page_query(q)?).await?,
    ))
}

#[utoipa::path(put, path = "/api/admin/fleet-accounts/{id}/owner", tag = "admin", params(("id" = String, Path)), request_body = OwnerRequest,
    responses((status = 200, body = FleetAccountItem), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
              (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn assign_owner(
    State(state): State<AppState>,
    SuperAdmin(actor): SuperAdmin,
    Path(id): Path<String>,
    ValidJson(body): ValidJson<OwnerRequest>,
) -> ApiResult<Json<FleetAccountItem>> {
    let fleet_id = path_id(&id)?;
    let user_id = body
        .user_id
        .ok_or_else(|| ApiError::field("user_id", &domain::texts().admin.user_required))?;
    let deps = deps(&state);
    // A missing fleet is a 404 here (it is the resource in the path).
    accounts::fleet_item_by_id(&deps, fleet_id).await?;
    accounts::assign_fleet(&deps, &(&actor).into(), user_id, fleet_id, "assign_owner").await?;
    Ok(Json(accounts::fleet_item_by_id(&deps, fleet_id).await?))
}

#[utoipa::path(get, path = "/api/admin/accounts", tag = "admin", params(PageQuery),
    responses((status = 200, body = Page<AccountItem>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn list_accounts(
    State(state): State<AppState>,
    q: PageParams,
) -> ApiResult<Json<Page<AccountItem>>> {
    Ok(Json(
        accounts::list_accounts(&deps(&state), &page_query(q)?).await?,
    ))
}

#[utoipa::path(get, path = "/api/admin/audit", tag = "admin", params(PageQuery),
    responses((status = 200, body = Page<AuditEntry>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn list_audit(
    State(state): State<AppState>,
    q: PageParams,
) -> ApiResult<Json<Page<AuditEntry>>> {
    Ok(Json(audit::list(&deps(&state), &page_query(q)?).await?))
}
