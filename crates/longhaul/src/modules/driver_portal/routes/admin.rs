//! The fleet admin's side of the driver portal: the portal link, a
//! driver's invite, the renewals review queue and the inbox.

use crate::http::ApiResult;
use crate::http::ValidJson;
use crate::http::error::ErrorBody;
use crate::http::path_id::path_id;
use crate::modules::auth::CurrentUser;
use crate::modules::auth::FleetAdmin;
use crate::modules::driver_portal::dto::{
    Inbox, InviteSent, PortalLink, RenewalReject, RenewalView, UnreadCount,
};
use crate::modules::driver_portal::invites::{self, InviteDeps};
use crate::modules::driver_portal::routes::file_response;
use crate::modules::driver_portal::{messages, renewals};
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(portal_link))
        .routes(routes!(send_invite))
        .routes(routes!(pending_renewals))
        .routes(routes!(renewal_file))
        .routes(routes!(accept_renewal))
        .routes(routes!(reject_renewal))
        .routes(routes!(inbox))
        .routes(routes!(unread))
        .routes(routes!(mark_read))
}

/// The link the fleet's drivers sign in at.
#[utoipa::path(get, path = "/api/fleet/portal/link", tag = "driver_portal",
    responses((status = 200, body = PortalLink)))]
pub async fn portal_link(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
) -> Json<PortalLink> {
    Json(PortalLink {
        url: format!(
            "{}/driver-portal/{}",
            state.config.public_url,
            scope.fleet_account_id()
        ),
    })
}

/// E-mails the driver a one-time link to set their own portal password.
#[utoipa::path(post, path = "/api/fleet/drivers/{id}/portal-invite", tag = "driver_portal", params(("id" = String, Path)),
    responses((status = 200, body = InviteSent), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
pub async fn send_invite(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Path(id): Path<String>,
) -> ApiResult<Json<InviteSent>> {
    let deps = InviteDeps {
        db: &state.db,
        passwords: &state.passwords,
        mailer: state.mailer.as_ref(),
        public_url: &state.config.public_url,
    };
    Ok(Json(invites::send(&deps, scope, path_id(&id)?).await?))
}

/// The review queue: renewals waiting, oldest first.
#[utoipa::path(get, path = "/api/fleet/renewals", tag = "driver_portal",
    responses((status = 200, body = Vec<RenewalView>)))]
pub async fn pending_renewals(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
) -> ApiResult<Json<Vec<RenewalView>>> {
    Ok(Json(renewals::pending(&state.db, scope).await?))
}

#[utoipa::path(get, path = "/api/fleet/renewals/{id}/file", tag = "driver_portal", params(("id" = String, Path)),
    responses((status = 200, description = "The uploaded file"), (status = 404, body = ErrorBody)))]
pub async fn renewal_file(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let (row, object) =
        renewals::open(&state.db, state.files.as_ref(), scope, path_id(&id)?).await?;
    Ok(file_response(&row.file_type, &row.file_name, object))
}

/// Files the renewal as a document with its expiration.
#[utoipa::path(post, path = "/api/fleet/renewals/{id}/accept", tag = "driver_portal", params(("id" = String, Path)),
    responses((status = 200, body = RenewalView), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn accept_renewal(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Json<RenewalView>> {
    Ok(Json(
        renewals::accept(&state.db, scope, user.profile.id, path_id(&id)?).await?,
    ))
}

#[utoipa::path(post, path = "/api/fleet/renewals/{id}/reject", tag = "driver_portal", params(("id" = String, Path)),
    request_body = RenewalReject,
    responses((status = 200, body = RenewalView), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
              (status = 422, body = ErrorBody)))]
pub async fn reject_renewal(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
    ValidJson(body): ValidJson<RenewalReject>,
) -> ApiResult<Json<RenewalView>> {
    Ok(Json(
        renewals::reject(
            &state.db,
            state.files.as_ref(),
            scope,
            user.profile.id,
            path_id(&id)?,
            &body.reason,
        )
        .await?,
    ))
}

#[utoipa::path(get, path = "/api/fleet/inbox", tag = "driver_portal",
    responses((status = 200, body = Inbox)))]
pub async fn inbox(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
) -> ApiResult<Json<Inbox>> {
    Ok(Json(messages::inbox(&state.db, scope).await?))
}

/// The shell's unread count.
#[utoipa::path(get, path = "/api/fleet/inbox/unread", tag = "driver_portal",
    responses((status = 200, body = UnreadCount)))]
pub async fn unread(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
) -> ApiResult<Json<UnreadCount>> {
    Ok(Json(UnreadCount {
        unread: messages::unread(&state.db, scope).await?,
    }))
}

#[utoipa::path(post, path = "/api/fleet/inbox/{id}/read", tag = "driver_portal", params(("id" = String, Path)),
    responses((status = 204), (status = 404, body = ErrorBody)))]
pub async fn mark_read(
    State(state): State<AppState>,
    FleetAdmin(scope): FleetAdmin,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    messages::mark_read(&state.db, scope, path_id(&id)?).await?;
    Ok(StatusCode::NO_CONTENT)
}
