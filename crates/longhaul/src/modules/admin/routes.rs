//! `/api/admin/*`: the super admin's administration (guarded as a group in `app.rs`).

use super::accounts::{self, AccountItem, FleetAccountItem};
use super::audit::{self, AuditEntry};
use super::signups::{self, CreatedFleet, SignupItem};
use super::users::{self, NewUser, UserItem};
use crate::http::error::ErrorBody;
use crate::http::paging::{Page, PageQuery};
use crate::http::{ApiError, ApiResult, SuperAdmin, ValidJson};
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

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

fn id_of(raw: &str) -> Result<Uuid, ApiError> {
    Uuid::parse_str(raw).map_err(|_| ApiError::NotFound)
}

/// Query strings that do not parse (page=abc) are a 400 naming the problem.
fn query<T>(q: Result<Query<T>, axum::extract::rejection::QueryRejection>) -> Result<T, ApiError> {
    q.map(|Query(v)| v).map_err(|e| ApiError::BadRequest {
        code: "invalid_query",
        message: e.body_text(),
    })
}

type PageParams = Result<Query<PageQuery>, axum::extract::rejection::QueryRejection>;

#[utoipa::path(get, path = "/api/admin/signups", tag = "admin", params(PageQuery),
    responses((status = 200, body = Page<SignupItem>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn list_signups(
    State(state): State<AppState>,
    q: PageParams,
) -> ApiResult<Json<Page<SignupItem>>> {
    Ok(Json(signups::list(&state, &query(q)?).await?))
}

#[derive(Deserialize, ToSchema)]
pub struct CreateFleetRequest {
    /// 'Create User & Fleet' (true) or 'Create Fleet Only' (false).
    pub with_user: bool,
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
    let created = signups::create_fleet(&state, &actor, id_of(&id)?, body.with_user).await?;
    Ok((StatusCode::CREATED, Json(created)))
}

#[utoipa::path(get, path = "/api/admin/users", tag = "admin", params(PageQuery),
    responses((status = 200, body = Page<UserItem>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn list_users(
    State(state): State<AppState>,
    q: PageParams,
) -> ApiResult<Json<Page<UserItem>>> {
    Ok(Json(users::list(&state, &query(q)?).await?))
}

#[derive(Deserialize, ToSchema)]
pub struct CreateUserRequest {
    pub email: String,
    pub password: String,
    #[serde(default)]
    pub first_name: Option<String>,
    #[serde(default)]
    pub last_name: Option<String>,
    /// null for no role.
    #[serde(default)]
    pub role: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct CreatedUser {
    pub id: Uuid,
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
        &state,
        &actor,
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

#[derive(Deserialize, ToSchema)]
pub struct RoleRequest {
    /// null for no role.
    pub role: Option<String>,
    /// Required when the role is fleet_admin.
    #[serde(default)]
    pub fleet_account_id: Option<Uuid>,
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
        users::change_role(&state, &actor, id_of(&id)?, role, body.fleet_account_id).await?,
    ))
}

#[utoipa::path(get, path = "/api/admin/fleet-accounts", tag = "admin", params(PageQuery),
    responses((status = 200, body = Page<FleetAccountItem>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn list_fleet_accounts(
    State(state): State<AppState>,
    q: PageParams,
) -> ApiResult<Json<Page<FleetAccountItem>>> {
    Ok(Json(
        accounts::list_fleet_accounts(&state, &query(q)?).await?,
    ))
}

#[derive(Deserialize, ToSchema)]
pub struct OwnerRequest {
    pub user_id: Option<Uuid>,
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
    let fleet_id = id_of(&id)?;
    let user_id = body
        .user_id
        .ok_or_else(|| ApiError::field("user_id", &domain::texts().admin.user_required))?;
    // A missing fleet is a 404 here (it is the resource in the path).
    accounts::fleet_item_by_id(&state, fleet_id).await?;
    accounts::assign_fleet(&state, &actor, user_id, fleet_id, "assign_owner").await?;
    Ok(Json(accounts::fleet_item_by_id(&state, fleet_id).await?))
}

#[utoipa::path(get, path = "/api/admin/accounts", tag = "admin", params(PageQuery),
    responses((status = 200, body = Page<AccountItem>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn list_accounts(
    State(state): State<AppState>,
    q: PageParams,
) -> ApiResult<Json<Page<AccountItem>>> {
    Ok(Json(accounts::list_accounts(&state, &query(q)?).await?))
}

#[utoipa::path(get, path = "/api/admin/audit", tag = "admin", params(PageQuery),
    responses((status = 200, body = Page<AuditEntry>), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn list_audit(
    State(state): State<AppState>,
    q: PageParams,
) -> ApiResult<Json<Page<AuditEntry>>> {
    // The audit log is under row-level security: system scope only.
    let txn = super::accounts::system_txn(&state).await?;
    let page = audit::list(&txn, &query(q)?).await?;
    txn.commit().await?;
    Ok(Json(page))
}
