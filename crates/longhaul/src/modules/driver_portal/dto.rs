//! The driver portal's request and response bodies.

use crate::http::validation::{at_most, refuse};
use chrono::{DateTime, NaiveDate, Utc};
use domain::text_input::clean_text;
use domain::{Email, texts};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// What the sign-in page shows before anyone signs in: the fleet's
/// branding and how its drivers sign in.
#[derive(Serialize, ToSchema)]
pub struct PortalConfig {
    pub fleet_id: Uuid,
    pub fleet_name: String,
    #[schema(required = true)]
    pub logo_url: Option<String>,
    pub primary_color: String,
    pub secondary_color: String,
    pub enabled: bool,
    /// username | email
    pub login_method: String,
    /// system_password | individual_password
    pub auth_type: String,
}

#[derive(Deserialize, ToSchema)]
pub struct PortalSignInRequest {
    /// The username or e-mail, as the fleet's login method says.
    pub login: String,
    pub password: String,
}

#[derive(Serialize, ToSchema, Clone)]
pub struct PortalDriver {
    pub id: Uuid,
    pub display_name: String,
    #[schema(required = true)]
    pub first_name: Option<String>,
    #[schema(required = true)]
    pub last_name: Option<String>,
    #[schema(required = true)]
    pub username: Option<String>,
    #[schema(required = true)]
    pub email: Option<String>,
    #[schema(required = true)]
    pub phone: Option<String>,
    pub phone_display: String,
}

#[derive(Serialize, ToSchema)]
pub struct PortalSignedIn {
    pub csrf_token: String,
    pub driver: PortalDriver,
}

/// The driver's whole first screen in one answer.
#[derive(Serialize, ToSchema)]
pub struct PortalHome {
    pub driver: PortalDriver,
    pub fleet: PortalConfig,
    #[schema(required = true)]
    pub welcome_message: Option<String>,
    pub session_timeout_minutes: i32,
    /// Only with individual passwords.
    pub can_change_password: bool,
    #[schema(required = true)]
    pub truck: Option<PortalTruck>,
    pub trailers: Vec<PortalTrailer>,
    pub csrf_token: String,
}

#[derive(Serialize, ToSchema)]
pub struct PortalTruck {
    pub id: Uuid,
    #[schema(required = true)]
    pub name: Option<String>,
    #[schema(required = true)]
    pub make: Option<String>,
    #[schema(required = true)]
    pub model: Option<String>,
    #[schema(required = true)]
    pub year: Option<i32>,
    #[schema(required = true)]
    pub vin: Option<String>,
    #[schema(required = true)]
    pub license_plate: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct PortalTrailer {
    pub id: Uuid,
    #[schema(required = true)]
    pub name: Option<String>,
    #[schema(required = true)]
    pub trailer_type: Option<String>,
    #[schema(required = true)]
    pub license_plate: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct PortalDocument {
    pub id: Uuid,
    pub name: String,
    pub document_type: String,
    pub document_type_label: String,
    #[schema(required = true)]
    pub expiration_date: Option<NaiveDate>,
    /// company | truck | trailer | driver
    pub belongs_to: String,
    pub file_name: String,
    pub file_size: i64,
    /// none | expired | expiring_soon | valid, judged on the fleet's day
    /// (its home time zone), not the phone's.
    pub status: String,
}

#[derive(Deserialize, ToSchema)]
pub struct PasswordChange {
    pub current_password: String,
    pub new_password: String,
}

#[derive(Deserialize, ToSchema)]
pub struct PhoneChange {
    pub phone: String,
}

#[derive(Serialize, ToSchema)]
pub struct InviteView {
    pub fleet_name: String,
    /// What the driver signs in with (their username or e-mail).
    pub login: String,
    pub login_method: String,
    pub fleet_id: Uuid,
    pub expires_at: DateTime<Utc>,
}

#[derive(Deserialize, ToSchema)]
pub struct InviteAccept {
    pub password: String,
}

#[derive(Serialize, ToSchema)]
pub struct InviteSent {
    pub email: String,
    pub expires_at: DateTime<Utc>,
}

#[derive(Serialize, ToSchema)]
pub struct PortalLink {
    pub url: String,
}

#[derive(Serialize, ToSchema)]
pub struct RenewalView {
    pub id: Uuid,
    pub driver_id: Uuid,
    pub driver_name: String,
    /// driver | truck | trailer
    pub target_kind: String,
    #[schema(required = true)]
    pub target_name: Option<String>,
    pub name: String,
    pub document_type: String,
    pub document_type_label: String,
    #[schema(required = true)]
    pub expiration_date: Option<NaiveDate>,
    #[schema(required = true)]
    pub note: Option<String>,
    pub file_name: String,
    pub file_type: String,
    pub file_size: i64,
    /// pending | accepted | rejected
    pub status: String,
    #[schema(required = true)]
    pub reason: Option<String>,
    #[schema(required = true)]
    pub document_id: Option<Uuid>,
    /// The driver qualification item it renews (cdl | medical), if any.
    #[schema(required = true)]
    pub qualification: Option<String>,
    pub created_at: DateTime<Utc>,
}

#[derive(Deserialize, ToSchema)]
pub struct RenewalReject {
    pub reason: String,
}

// The contact form; each field answers with the spec's text (part 1 §5).
#[derive(Deserialize, ToSchema, garde::Validate)]
pub struct PortalMessageRequest {
    #[garde(custom(|v: &str, _: &()| required_within(v, false, NAME_MAX)))]
    pub name: String,
    #[garde(custom(an_email))]
    pub email: String,
    #[serde(default)]
    #[garde(custom(a_company_name))]
    pub company: Option<String>,
    #[garde(custom(|v: &str, _: &()| required_within(v, true, MESSAGE_MAX)))]
    pub message: String,
}

const NAME_MAX: usize = 200;
const MESSAGE_MAX: usize = 5000;

/// Present once cleaned of control characters, and no longer than `max`.
fn required_within(raw: &str, multiline: bool, max: usize) -> garde::Result {
    let value = clean_text(raw, multiline);
    if value.is_empty() {
        refuse(&texts().driver_portal.field_required)
    } else if value.chars().count() > max {
        refuse(&at_most(max))
    } else {
        Ok(())
    }
}

fn an_email(raw: &str, _: &()) -> garde::Result {
    match Email::parse(raw) {
        Ok(_) => Ok(()),
        Err(_) => refuse(&texts().signup.email_invalid),
    }
}

fn a_company_name(raw: &Option<String>, _: &()) -> garde::Result {
    match raw.as_deref().map(|c| clean_text(c, false)) {
        Some(c) if c.chars().count() > NAME_MAX => refuse(&at_most(NAME_MAX)),
        _ => Ok(()),
    }
}

#[derive(Serialize, ToSchema)]
pub struct MessageView {
    pub id: Uuid,
    pub sender_name: String,
    pub sender_email: String,
    #[schema(required = true)]
    pub company: Option<String>,
    pub message: String,
    #[schema(required = true)]
    pub driver_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
    pub read: bool,
}

#[derive(Serialize, ToSchema)]
pub struct Inbox {
    pub items: Vec<MessageView>,
    pub unread: u64,
}

#[derive(Serialize, ToSchema)]
pub struct UnreadCount {
    pub unread: u64,
}
