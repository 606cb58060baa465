//! The one error type of the HTTP layer, turned into a response in one place:
//! `{ "error": { "code", "message", "fields"? } }` with the right status.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use domain::texts;
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{message}")]
    BadRequest { code: &'static str, message: String },
    #[error("{0}")]
    Unauthorized(String),
    #[error("{message}")]
    Forbidden { code: &'static str, message: String },
    #[error("not found")]
    NotFound,
    #[error("{message}")]
    Conflict { code: &'static str, message: String },
    #[error("{message}")]
    Invalid {
        message: String,
        fields: BTreeMap<String, String>,
    },
    /// 429 with `Retry-After` (seconds): a spent attempt budget or a full
    /// password-hashing pool. Never a 5xx: waiting fixes it.
    #[error("{message}")]
    RateLimited {
        message: String,
        retry_after_secs: u64,
    },
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("{0}")]
    UnsupportedMediaType(String),
    /// Any other status with its own code, e.g. 402 for a declined card or
    /// 502/504 when an outside system fails.
    #[error("{message}")]
    Status {
        status: StatusCode,
        code: &'static str,
        message: String,
    },
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

pub type ApiResult<T> = Result<T, ApiError>;

impl ApiError {
    /// A validation failure on one field; the message is the spec's text.
    pub fn field(field: &str, message: impl Into<String>) -> Self {
        crate::http::Refusal::one(field, message).into()
    }

    pub fn internal(err: impl Into<anyhow::Error>) -> Self {
        ApiError::Internal(err.into())
    }
}

impl From<sea_orm::DbErr> for ApiError {
    fn from(err: sea_orm::DbErr) -> Self {
        ApiError::Internal(err.into())
    }
}

#[derive(Serialize, ToSchema)]
pub struct ErrorBody {
    pub error: ErrorDetail,
}

#[derive(Serialize, ToSchema)]
pub struct ErrorDetail {
    /// Stable machine-readable code, e.g. `invalid_credentials`.
    pub code: String,
    /// A sentence for people; the spec's text where it has one.
    pub message: String,
    /// Per-field messages for validation failures.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<BTreeMap<String, String>>,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let retry_after = match &self {
            ApiError::RateLimited {
                retry_after_secs, ..
            } => Some((*retry_after_secs).max(1)),
            _ => None,
        };
        let (status, code, message, fields) = match self {
            ApiError::BadRequest { code, message } => {
                (StatusCode::BAD_REQUEST, code, message, None)
            }
            ApiError::Unauthorized(message) => {
                (StatusCode::UNAUTHORIZED, "unauthorized", message, None)
            }
            ApiError::Forbidden { code, message } => (StatusCode::FORBIDDEN, code, message, None),
            ApiError::NotFound => (
                StatusCode::NOT_FOUND,
                "not_found",
                texts().errors.not_found.clone(),
                None,
            ),
            ApiError::Conflict { code, message } => (StatusCode::CONFLICT, code, message, None),
            ApiError::Invalid { message, fields } => (
                StatusCode::UNPROCESSABLE_ENTITY,
                "invalid",
                message,
                Some(fields),
            ),
            ApiError::RateLimited { message, .. } => {
                (StatusCode::TOO_MANY_REQUESTS, "rate_limited", message, None)
            }
            ApiError::PayloadTooLarge(message) => (
                StatusCode::PAYLOAD_TOO_LARGE,
                "payload_too_large",
                message,
                None,
            ),
            ApiError::UnsupportedMediaType(message) => (
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "unsupported_media_type",
                message,
                None,
            ),
            ApiError::Status {
                status,
                code,
                message,
            } => (status, code, message, None),
            ApiError::Internal(err) => {
                // The cause chain goes to the log (with the request id from the
                // span); the caller gets a generic sentence.
                tracing::error!(error = ?err, "internal error");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "internal",
                    texts().errors.generic.clone(),
                    None,
                )
            }
        };
        let body = ErrorBody {
            error: ErrorDetail {
                code: code.to_owned(),
                message,
                fields,
            },
        };
        let mut response = (status, axum::Json(body)).into_response();
        if let Some(secs) = retry_after {
            response
                .headers_mut()
                .insert(axum::http::header::RETRY_AFTER, secs.into());
        }
        response
    }
}
