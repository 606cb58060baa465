//! A JSON body extractor whose rejections speak our error format: malformed
//! JSON → 400, wrong content type → 415, too large → 413, a missing or
//! mistyped field → 422 naming the field.

use crate::http::ApiError;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use domain::text_input::{control_characters_message, has_control_characters};
use domain::texts;
use serde::de::DeserializeOwned;
use serde_json::Value;

pub struct ValidJson<T>(pub T);

impl<S, T> FromRequest<S> for ValidJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        // Content type, size and syntax first; then no string anywhere in the
        // body may carry a control character; then the request's own shape.
        let axum::Json(value) = axum::Json::<Value>::from_request(req, state)
            .await
            .map_err(map_rejection)?;
        if let Some(field) = field_with_control_characters(&value, "") {
            return Err(ApiError::BadRequest {
                code: "control_characters",
                message: control_characters_message(&field),
            });
        }
        let bytes = serde_json::to_vec(&value).map_err(ApiError::internal)?;
        match axum::Json::<T>::from_bytes(&bytes) {
            Ok(axum::Json(value)) => Ok(ValidJson(value)),
            Err(rejection) => Err(map_rejection(rejection)),
        }
    }
}

/// The path (`contact.first_name`, `items[2]`) of the first key or string
/// value with a control character.
fn field_with_control_characters(value: &Value, path: &str) -> Option<String> {
    match value {
        Value::String(text) if has_control_characters(text) => Some(display_path(path)),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(i, item)| field_with_control_characters(item, &format!("{path}[{i}]"))),
        Value::Object(map) => map.iter().find_map(|(key, item)| {
            let child = if path.is_empty() {
                key.clone()
            } else {
                format!("{path}.{key}")
            };
            if has_control_characters(key) {
                Some(display_path(path))
            } else {
                field_with_control_characters(item, &child)
            }
        }),
        _ => None,
    }
}

fn display_path(path: &str) -> String {
    if path.is_empty() {
        "body".to_owned()
    } else {
        path.to_owned()
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
