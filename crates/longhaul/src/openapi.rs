//! The API contract's frame, served at `/api/openapi.json` and committed as
//! `contracts/openapi.json`, from which the SPA's types are generated. The
//! paths come from the routers themselves (`app::spec_json`), so a route is
//! registered once; this file holds only what no route declares.

use crate::http::error::{ErrorBody, ErrorDetail};
use utoipa::OpenApi;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Longhaul API",
        description = "The JSON API behind the Longhaul web app."
    ),
    components(schemas(ErrorBody, ErrorDetail))
)]
pub struct ApiDoc;
