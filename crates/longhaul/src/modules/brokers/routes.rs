//! `/api/broker/*` (broker admins and users; user management for broker
//! admins only), the super admin's `/api/admin/broker-accounts`, and the
//! open unsubscribe link.

use super::deps::BrokersDeps;
use super::dto::{
    BoardPage, BoardResult, BrokerAccountView, BrokerUserList, BrokerUserView, ContactCarrier,
    ContactSent, CreateBrokerAccount, CreateSavedSearch, CreatedBrokerAccount, DetailQuery,
    InviteBrokerUser, InviteSent, PageParam, SavedSearchList, SavedSearchView, SearchCriteria,
    Unsubscribed, UpdateBrokerUser, UpdateSavedSearch,
};
use super::users::UserDeps;
use super::{accounts, alerts, board, saved, users};
use crate::http::error::ErrorBody;
use crate::http::path_id::path_id;
use crate::http::{ApiResult, ValidJson};
use crate::modules::auth::Broker;
use crate::modules::auth::SuperAdmin;
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

/// Behind the broker guard (`app.rs`).
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(broker_account))
        .routes(routes!(board_search))
        .routes(routes!(board_posting))
        .routes(routes!(contact_carrier))
        .routes(routes!(list_saved_searches, create_saved_search))
        .routes(routes!(update_saved_search, delete_saved_search))
}

/// Behind the broker-admin guard.
pub fn admin_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_broker_users, invite_broker_user))
        .routes(routes!(update_broker_user))
        .routes(routes!(resend_broker_invite))
}

/// Behind the super-admin guard.
pub fn super_admin_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(create_broker_account))
}

/// Open: the link in a digest is the credential.
pub fn open_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(unsubscribe_info, unsubscribe))
}

fn user_deps(state: &AppState) -> UserDeps<'_> {
    UserDeps {
        db: &state.db,
        passwords: &state.passwords,
        mailer: state.mailer.as_ref(),
        public_url: &state.config.public_url,
    }
}

#[utoipa::path(get, path = "/api/broker/account", tag = "brokers",
    responses((status = 200, body = BrokerAccountView), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn broker_account(
    State(state): State<AppState>,
    broker: Broker,
) -> ApiResult<Json<BrokerAccountView>> {
    let role = broker.user.profile.role.clone().unwrap_or_default();
    Ok(Json(
        accounts::current(&state.db, broker.scope, &role).await?,
    ))
}

#[utoipa::path(get, path = "/api/broker/board/search", tag = "brokers", params(SearchCriteria, PageParam),
    responses((status = 200, body = BoardPage), (status = 422, body = ErrorBody)))]
pub async fn board_search(
    State(state): State<AppState>,
    broker: Broker,
    Query(criteria): Query<SearchCriteria>,
    Query(page): Query<PageParam>,
) -> ApiResult<Json<BoardPage>> {
    Ok(Json(
        board::search(&state.db, broker.scope, &criteria, page.page.unwrap_or(1)).await?,
    ))
}

#[utoipa::path(get, path = "/api/broker/board/postings/{id}", tag = "brokers", params(("id" = String, Path), DetailQuery),
    responses((status = 200, body = BoardResult), (status = 404, body = ErrorBody)))]
pub async fn board_posting(
    State(state): State<AppState>,
    broker: Broker,
    Path(id): Path<String>,
    Query(q): Query<DetailQuery>,
) -> ApiResult<Json<BoardResult>> {
    Ok(Json(
        board::detail(&state.db, broker.scope, path_id(&id)?, q.origin.as_deref()).await?,
    ))
}

#[utoipa::path(post, path = "/api/broker/board/postings/{id}/contact", tag = "brokers", params(("id" = String, Path)), request_body = ContactCarrier,
    responses((status = 202, body = ContactSent), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn contact_carrier(
    State(state): State<AppState>,
    broker: Broker,
    Path(id): Path<String>,
    ValidJson(input): ValidJson<ContactCarrier>,
) -> ApiResult<(StatusCode, Json<ContactSent>)> {
    board::contact(
        &BrokersDeps::of(&state),
        broker.scope,
        &broker.user.profile,
        path_id(&id)?,
        &input.message,
    )
    .await?;
    Ok((StatusCode::ACCEPTED, Json(ContactSent { sent: true })))
}

#[utoipa::path(get, path = "/api/broker/saved-searches", tag = "brokers",
    responses((status = 200, body = SavedSearchList)))]
pub async fn list_saved_searches(
    State(state): State<AppState>,
    broker: Broker,
) -> ApiResult<Json<SavedSearchList>> {
    let saved_searches = saved::list(&state.db, broker.scope, broker.user.profile.id).await?;
    Ok(Json(SavedSearchList { saved_searches }))
}

#[utoipa::path(post, path = "/api/broker/saved-searches", tag = "brokers", request_body = CreateSavedSearch,
    responses((status = 201, body = SavedSearchView), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn create_saved_search(
    State(state): State<AppState>,
    broker: Broker,
    ValidJson(input): ValidJson<CreateSavedSearch>,
) -> ApiResult<(StatusCode, Json<SavedSearchView>)> {
    let view = saved::create(
        &state.db,
        &state.cipher,
        broker.scope,
        broker.user.profile.id,
        &input,
    )
    .await?;
    Ok((StatusCode::CREATED, Json(view)))
}

#[utoipa::path(patch, path = "/api/broker/saved-searches/{id}", tag = "brokers", params(("id" = String, Path)), request_body = UpdateSavedSearch,
    responses((status = 200, body = SavedSearchView), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn update_saved_search(
    State(state): State<AppState>,
    broker: Broker,
    Path(id): Path<String>,
    ValidJson(input): ValidJson<UpdateSavedSearch>,
) -> ApiResult<Json<SavedSearchView>> {
    Ok(Json(
        saved::update(
            &state.db,
            broker.scope,
            broker.user.profile.id,
            path_id(&id)?,
            &input,
        )
        .await?,
    ))
}

#[utoipa::path(delete, path = "/api/broker/saved-searches/{id}", tag = "brokers", params(("id" = String, Path)),
    responses((status = 204), (status = 404, body = ErrorBody)))]
pub async fn delete_saved_search(
    State(state): State<AppState>,
    broker: Broker,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    saved::delete(
        &state.db,
        broker.scope,
        broker.user.profile.id,
        path_id(&id)?,
    )
    .await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(get, path = "/api/broker/users", tag = "brokers",
    responses((status = 200, body = BrokerUserList), (status = 403, body = ErrorBody)))]
pub async fn list_broker_users(
    State(state): State<AppState>,
    broker: Broker,
) -> ApiResult<Json<BrokerUserList>> {
    Ok(Json(BrokerUserList {
        users: users::list(&state.db, broker.scope).await?,
    }))
}

/// 202 for every well-formed invitation: whether the address already had an
/// account is told to its owner by e-mail, never to the inviter.
#[utoipa::path(post, path = "/api/broker/users", tag = "brokers", request_body = InviteBrokerUser,
    responses((status = 202, body = InviteSent), (status = 422, body = ErrorBody)))]
pub async fn invite_broker_user(
    State(state): State<AppState>,
    broker: Broker,
    ValidJson(input): ValidJson<InviteBrokerUser>,
) -> ApiResult<(StatusCode, Json<InviteSent>)> {
    let sent = users::invite(&user_deps(&state), broker.scope, &broker.user, &input).await?;
    Ok((StatusCode::ACCEPTED, Json(sent)))
}

#[utoipa::path(patch, path = "/api/broker/users/{id}", tag = "brokers", params(("id" = String, Path)), request_body = UpdateBrokerUser,
    responses((status = 200, body = BrokerUserView), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn update_broker_user(
    State(state): State<AppState>,
    broker: Broker,
    Path(id): Path<String>,
    ValidJson(input): ValidJson<UpdateBrokerUser>,
) -> ApiResult<Json<BrokerUserView>> {
    Ok(Json(
        users::update(&state.db, broker.scope, &broker.user, path_id(&id)?, &input).await?,
    ))
}

#[utoipa::path(post, path = "/api/broker/users/{id}/resend-invite", tag = "brokers", params(("id" = String, Path)),
    responses((status = 202), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn resend_broker_invite(
    State(state): State<AppState>,
    broker: Broker,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    users::resend_invite(
        &user_deps(&state),
        broker.scope,
        &broker.user,
        path_id(&id)?,
    )
    .await?;
    Ok(StatusCode::ACCEPTED)
}

#[utoipa::path(post, path = "/api/admin/broker-accounts", tag = "admin", request_body = CreateBrokerAccount,
    responses((status = 201, body = CreatedBrokerAccount), (status = 409, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn create_broker_account(
    State(state): State<AppState>,
    SuperAdmin(admin): SuperAdmin,
    ValidJson(input): ValidJson<CreateBrokerAccount>,
) -> ApiResult<(StatusCode, Json<CreatedBrokerAccount>)> {
    let created =
        accounts::create(&user_deps(&state), &state.system_key, "Longhaul", &input).await?;
    tracing::info!(admin = %admin.profile.id, broker = %created.account.id, "broker account created");
    Ok((StatusCode::CREATED, Json(created)))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UnsubscribeInfo {
    pub name: String,
}

#[utoipa::path(get, path = "/api/saved-searches/unsubscribe/{token}", tag = "brokers", params(("token" = String, Path)),
    responses((status = 200, body = UnsubscribeInfo), (status = 404, body = ErrorBody)))]
pub async fn unsubscribe_info(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> ApiResult<Json<UnsubscribeInfo>> {
    let name = saved::by_token(&state.db, &state.system_key, &token).await?;
    Ok(Json(UnsubscribeInfo { name }))
}

#[utoipa::path(post, path = "/api/saved-searches/unsubscribe/{token}", tag = "brokers", params(("token" = String, Path)),
    responses((status = 200, body = Unsubscribed), (status = 404, body = ErrorBody)))]
pub async fn unsubscribe(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> ApiResult<Json<Unsubscribed>> {
    Ok(Json(
        saved::unsubscribe(&state.db, &state.system_key, &token).await?,
    ))
}

/// Dev only (loopback): runs the alert job now, as the browser tests do.
pub fn dev_router() -> axum::Router<AppState> {
    axum::Router::new().route(
        "/api/dev/board/run-alerts",
        axum::routing::post(|State(state): State<AppState>| async move {
            match alerts::run(&BrokersDeps::of(&state), chrono::Utc::now()).await {
                Ok(sent) => Ok(Json(serde_json::json!({ "sent": sent }))),
                Err(err) => Err(crate::http::ApiError::internal(err)),
            }
        }),
    )
}
