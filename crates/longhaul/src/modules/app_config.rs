//! What the SPA needs to know about this installation: which outside systems
//! are stand-ins (the UI says so) and the booking widget's address.

use crate::state::AppState;
use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(config))
}

#[derive(Serialize, ToSchema)]
pub struct StandIns {
    pub fmcsa: bool,
    pub stripe: bool,
}

#[derive(Serialize, ToSchema)]
pub struct PublicConfig {
    pub stand_ins: StandIns,
    #[schema(required = true)]
    pub booking_url: Option<String>,
}

#[utoipa::path(get, path = "/api/config", tag = "config", responses((status = 200, body = PublicConfig)))]
pub async fn config(State(state): State<AppState>) -> Json<PublicConfig> {
    Json(PublicConfig {
        stand_ins: StandIns {
            fmcsa: state.carriers.is_stand_in(),
            stripe: state.payments.is_stand_in(),
        },
        booking_url: state.config.booking_url.clone(),
    })
}
