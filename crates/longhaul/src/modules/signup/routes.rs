//! `/api/signup/lookup` and `/api/signups/*`.

use super::service::{self, CompanyInfo, ContactInput, SignupView};
use crate::http::error::ErrorBody;
use crate::http::{ApiResult, ValidJson};
use crate::state::AppState;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(lookup))
        .routes(routes!(save_company))
        .routes(routes!(get_signup))
        .routes(routes!(set_step))
        .routes(routes!(set_contact))
        .routes(routes!(checkout))
}

#[derive(Deserialize, ToSchema)]
pub struct LookupRequest {
    /// Digits only, at most 8.
    pub dot_number: String,
}

#[derive(Serialize, ToSchema)]
pub struct LookupResponse {
    pub company: CompanyInfo,
    /// True when the sample registry answered instead of FMCSA.
    pub stand_in: bool,
}

#[derive(Deserialize, ToSchema)]
pub struct SaveCompanyRequest {
    pub dot_number: String,
    /// The signup this page already created, to update instead of adding one.
    #[serde(default)]
    pub signup_id: Option<Uuid>,
}

#[derive(Deserialize, ToSchema)]
pub struct StepRequest {
    pub current_step: i32,
}

#[derive(Deserialize, ToSchema)]
pub struct ContactRequest {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: String,
}

#[derive(Serialize, ToSchema)]
pub struct CheckoutResponse {
    pub url: String,
    pub session_id: String,
    /// The signup this checkout charges for; a new one when the signup asked
    /// for had already gone to checkout.
    pub signup_id: Uuid,
}

#[utoipa::path(post, path = "/api/signup/lookup", tag = "signup", request_body = LookupRequest,
    responses((status = 200, body = LookupResponse), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody),
              (status = 502, body = ErrorBody), (status = 504, body = ErrorBody)))]
pub async fn lookup(
    State(state): State<AppState>,
    ValidJson(body): ValidJson<LookupRequest>,
) -> ApiResult<Json<LookupResponse>> {
    let company = service::lookup(&state, &body.dot_number).await?;
    Ok(Json(LookupResponse {
        company,
        stand_in: state.carriers.is_stand_in(),
    }))
}

#[utoipa::path(post, path = "/api/signups", tag = "signup", request_body = SaveCompanyRequest,
    responses((status = 201, body = SignupView), (status = 200, body = SignupView), (status = 404, body = ErrorBody),
              (status = 422, body = ErrorBody)))]
pub async fn save_company(
    State(state): State<AppState>,
    ValidJson(body): ValidJson<SaveCompanyRequest>,
) -> ApiResult<(StatusCode, Json<SignupView>)> {
    let (view, created) = service::save_company(&state, &body.dot_number, body.signup_id).await?;
    Ok((
        if created {
            StatusCode::CREATED
        } else {
            StatusCode::OK
        },
        Json(view),
    ))
}

#[utoipa::path(get, path = "/api/signups/{id}", tag = "signup", params(("id" = String, Path)),
    responses((status = 200, body = SignupView), (status = 404, body = ErrorBody)))]
pub async fn get_signup(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<SignupView>> {
    Ok(Json(service::get(&state, service::parse_id(&id)?).await?))
}

#[utoipa::path(put, path = "/api/signups/{id}/step", tag = "signup", params(("id" = String, Path)), request_body = StepRequest,
    responses((status = 200, body = SignupView), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
              (status = 422, body = ErrorBody)))]
pub async fn set_step(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ValidJson(body): ValidJson<StepRequest>,
) -> ApiResult<Json<SignupView>> {
    Ok(Json(
        service::set_step(&state, service::parse_id(&id)?, body.current_step).await?,
    ))
}

#[utoipa::path(put, path = "/api/signups/{id}/contact", tag = "signup", params(("id" = String, Path)), request_body = ContactRequest,
    responses((status = 200, body = SignupView), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
              (status = 422, body = ErrorBody)))]
pub async fn set_contact(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ValidJson(body): ValidJson<ContactRequest>,
) -> ApiResult<Json<SignupView>> {
    let input = ContactInput {
        first_name: body.first_name,
        last_name: body.last_name,
        email: body.email,
        phone: body.phone,
    };
    Ok(Json(
        service::set_contact(&state, service::parse_id(&id)?, input).await?,
    ))
}

#[utoipa::path(post, path = "/api/signups/{id}/checkout", tag = "signup", params(("id" = String, Path)),
    responses((status = 200, body = CheckoutResponse), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
              (status = 422, body = ErrorBody), (status = 502, body = ErrorBody)))]
pub async fn checkout(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<CheckoutResponse>> {
    let started = service::start_checkout(&state, service::parse_id(&id)?).await?;
    Ok(Json(CheckoutResponse {
        url: started.url,
        session_id: started.session_id,
        signup_id: started.signup_id,
    }))
}
