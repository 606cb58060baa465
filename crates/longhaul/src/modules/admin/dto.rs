//! The request and response bodies of `/api/admin/*`.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use uuid::Uuid;

#[derive(Serialize, ToSchema)]
pub struct FleetAccountItem {
    pub id: Uuid,
    pub legal_name: String,
    pub dot_number: String,
    pub power_units: i32,
    pub status: String,
    #[schema(required = true)]
    pub owner_id: Option<Uuid>,
    #[schema(required = true)]
    pub owner_email: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct AccountItem {
    pub id: Uuid,
    pub name: String,
    #[serde(rename = "type")]
    pub account_type: String,
    pub is_active: bool,
    pub created_at: DateTime<Utc>,
    /// A broker account's MC number.
    #[schema(required = true)]
    pub mc_number: Option<String>,
    #[schema(required = true)]
    pub fleet_account: Option<FleetAccountItem>,
    /// The fleet's subscription state (past due, read-only); null without a fleet.
    #[schema(required = true)]
    pub billing: Option<crate::modules::billing::dto::BillingState>,
}

#[derive(Serialize, ToSchema)]
pub struct UserItem {
    pub id: Uuid,
    pub email: String,
    #[schema(required = true)]
    pub first_name: Option<String>,
    #[schema(required = true)]
    pub last_name: Option<String>,
    #[schema(required = true)]
    pub role: Option<String>,
    #[schema(required = true)]
    pub account_id: Option<Uuid>,
    #[schema(required = true)]
    pub account_name: Option<String>,
    pub email_confirmed: bool,
    pub created_at: DateTime<Utc>,
}

#[derive(Serialize, ToSchema)]
pub struct SignupItem {
    pub id: Uuid,
    pub dot_number: String,
    pub legal_name: String,
    #[schema(required = true)]
    pub dba_name: Option<String>,
    #[schema(required = true)]
    pub first_name: Option<String>,
    #[schema(required = true)]
    pub last_name: Option<String>,
    #[schema(required = true)]
    pub email: Option<String>,
    #[schema(required = true)]
    pub contact_phone: Option<String>,
    #[schema(required = true)]
    pub power_units: Option<i32>,
    #[schema(required = true)]
    pub fleet_size: Option<String>,
    #[schema(required = true)]
    pub monthly_rate_cents: Option<i64>,
    pub current_step: i32,
    pub completed: bool,
    /// A fleet account with this DOT number already has an owner.
    pub has_fleet_admin: bool,
    #[schema(required = true)]
    pub subscription_status: Option<String>,
    /// For the operator: the carrier no longer fits the band paid (or could
    /// not be re-checked); the fleet gets the band paid.
    #[schema(required = true)]
    pub band_review: Option<String>,
    pub created_at: DateTime<Utc>,
}

#[derive(Serialize, ToSchema)]
pub struct CreatedFleet {
    pub fleet_account_id: Uuid,
    pub account_id: Uuid,
    #[schema(required = true)]
    pub user_id: Option<Uuid>,
}

#[derive(Serialize, ToSchema)]
pub struct AuditEntry {
    pub id: i64,
    pub actor_email: String,
    pub action: String,
    pub target_type: String,
    pub target_id: String,
    #[schema(required = true, value_type = Option<Object>)]
    pub before: Option<Value>,
    #[schema(required = true, value_type = Option<Object>)]
    pub after: Option<Value>,
    pub created_at: DateTime<Utc>,
    /// What the ids in `target_id`, `before` and `after` name (a user's
    /// name and e-mail, an account's or fleet's name), by id.
    pub names: std::collections::BTreeMap<String, String>,
}

#[derive(Deserialize, ToSchema)]
pub struct CreateFleetRequest {
    /// 'Create User & Fleet' (true) or 'Create Fleet Only' (false).
    pub with_user: bool,
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

#[derive(Deserialize, ToSchema)]
pub struct RoleRequest {
    /// null for no role.
    pub role: Option<String>,
    /// Required when the role is fleet_admin.
    #[serde(default)]
    pub fleet_account_id: Option<Uuid>,
}

#[derive(Deserialize, ToSchema)]
pub struct OwnerRequest {
    pub user_id: Option<Uuid>,
}
