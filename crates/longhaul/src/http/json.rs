//! A JSON body extractor whose rejections speak our error format: malformed
//! JSON → 400, wrong content type → 415, too large → 413, a missing or
//! mistyped field → 422 naming the field.

use crate::http::ApiError;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use domain::texts;
use serde::de::DeserializeOwned;

pub struct ValidJson<T>(pub T);

impl<S, T> FromRequest<S> for ValidJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(value)) => Ok(ValidJson(value)),
            Err(rejection) => Err(map_rejection(rejection)),
        }
    }
}

fn map_rejection(rejection: JsonRejection) -> ApiError {
    match rejection {
        JsonRejection::MissingJsonContentType(_) => {
            ApiError::UnsupportedMediaType(texts().errors.unsupported_media_type.clone())
        }
        JsonRejection::JsonSyntaxError(_) => ApiError::BadRequest {
            code: "malformed_json",
            message: texts().errors.malformed_json.clone(),
        },
        JsonRejection::JsonDataError(err) => {
            // serde's message names the field ("missing field `email`").
            let detail = std::error::Error::source(&err)
                .map(|s| s.to_string())
                .unwrap_or_else(|| err.body_text());
            let field = detail
                .split('`')
                .nth(1)
                .filter(|_| detail.contains("field"))
                .unwrap_or("body")
                .to_owned();
            let message = if detail.contains("missing field") {
                format!("{field} is required")
            } else {
                format!(
                    "{field} is invalid: {}",
                    detail.split(" at line").next().unwrap_or(&detail)
                )
            };
            ApiError::field(&field, message)
        }
        other if other.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            ApiError::PayloadTooLarge(texts().errors.payload_too_large.clone())
        }
        other => ApiError::BadRequest {
            code: "bad_request",
            message: other.body_text(),
        },
    }
}
