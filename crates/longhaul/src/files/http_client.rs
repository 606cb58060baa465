//! object_store's HTTP calls on the reqwest 0.12 client the rest of the
//! server uses (decision 021): the crate's bundled connector would bring a
//! second reqwest and a second TLS stack (aws-lc-rs, a C build).

use bytes::Bytes;
use http_body_util::BodyExt;
use object_store::client::{
    ClientOptions, HttpClient, HttpConnector, HttpError, HttpErrorKind, HttpRequest, HttpResponse,
    HttpResponseBody, HttpService,
};
use std::time::Duration;

#[derive(Debug, Default)]
pub struct ReqwestConnector;

impl HttpConnector for ReqwestConnector {
    fn connect(&self, _options: &ClientOptions) -> object_store::Result<HttpClient> {
        let client = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(5))
            .timeout(Duration::from_secs(300))
            .pool_idle_timeout(Duration::from_secs(60))
            .build()
            .map_err(|source| object_store::Error::Generic {
                store: "S3",
                source: Box::new(source),
            })?;
        Ok(HttpClient::new(Service(client)))
    }
}

#[derive(Debug)]
struct Service(reqwest::Client);

fn kind_of(err: &reqwest::Error) -> HttpErrorKind {
    if err.is_timeout() {
        HttpErrorKind::Timeout
    } else if err.is_connect() {
        HttpErrorKind::Connect
    } else if err.is_body() || err.is_decode() {
        HttpErrorKind::Decode
    } else if err.is_request() {
        HttpErrorKind::Request
    } else {
        HttpErrorKind::Unknown
    }
}

#[async_trait::async_trait]
impl HttpService for Service {
    async fn call(&self, req: HttpRequest) -> Result<HttpResponse, HttpError> {
        let (parts, body) = req.into_parts();
        let url = reqwest::Url::parse(&parts.uri.to_string())
            .map_err(|e| HttpError::new(HttpErrorKind::Request, e))?;
        let mut request = reqwest::Request::new(parts.method, url);
        *request.headers_mut() = parts.headers;
        *request.body_mut() = Some(reqwest::Body::wrap(
            body.map_err(|e| -> Box<dyn std::error::Error + Send + Sync> { Box::new(e) }),
        ));
        let response = self
            .0
            .execute(request)
            .await
            .map_err(|e| HttpError::new(kind_of(&e), e))?;
        let response: axum::http::Response<reqwest::Body> = response.into();
        let (parts, body) = response.into_parts();
        let body = HttpResponseBody::new(
            body.map_frame(|frame| frame.map_data(Bytes::from))
                .map_err(|e| HttpError::new(kind_of(&e), e)),
        );
        Ok(HttpResponse::from_parts(parts, body))
    }
}
