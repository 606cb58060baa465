//! The request and response bodies of `/api/auth/*`.

use super::SessionUser;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// A role the server recognises (spec part 1 §6).
#[derive(Serialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    SuperAdmin,
    FleetAdmin,
    FleetDriver,
    BrokerAdmin,
    BrokerUser,
}

impl From<domain::Role> for Role {
    fn from(role: domain::Role) -> Self {
        match role {
            domain::Role::SuperAdmin => Role::SuperAdmin,
            domain::Role::FleetAdmin => Role::FleetAdmin,
            domain::Role::FleetDriver => Role::FleetDriver,
            domain::Role::BrokerAdmin => Role::BrokerAdmin,
            domain::Role::BrokerUser => Role::BrokerUser,
        }
    }
}

/// The profile as the SPA sees it (spec part 1 §3, profiles).
#[derive(Serialize, ToSchema)]
pub struct UserView {
    pub id: Uuid,
    pub email: String,
    /// null when no recognised role is assigned.
    #[schema(required = true)]
    pub role: Option<Role>,
    #[schema(required = true)]
    pub first_name: Option<String>,
    #[schema(required = true)]
    pub last_name: Option<String>,
    #[schema(required = true)]
    pub account_id: Option<Uuid>,
}

impl From<&SessionUser> for UserView {
    fn from(user: &SessionUser) -> Self {
        let p = &user.profile;
        UserView {
            id: p.id,
            email: p.email.clone(),
            role: p
                .role
                .as_deref()
                .and_then(domain::Role::parse)
                .map(Role::from),
            first_name: p.first_name.clone(),
            last_name: p.last_name.clone(),
            account_id: p.account_id,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct SessionResponse {
    #[schema(required = true)]
    pub user: Option<UserView>,
    #[schema(required = true)]
    /// Send back as `X-CSRF-Token` on every state-changing request.
    pub csrf_token: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct SignedInResponse {
    pub user: UserView,
    pub csrf_token: String,
}

#[derive(Serialize, ToSchema)]
pub struct MessageResponse {
    pub message: String,
}

#[derive(Deserialize, ToSchema)]
pub struct SignUpRequest {
    pub email: String,
    pub password: String,
    #[serde(default)]
    pub first_name: Option<String>,
    #[serde(default)]
    pub last_name: Option<String>,
}

#[derive(Deserialize, ToSchema)]
pub struct SignInRequest {
    pub email: String,
    pub password: String,
}

#[derive(Deserialize, ToSchema)]
pub struct ConfirmEmailRequest {
    pub token: String,
}

#[derive(Deserialize, ToSchema)]
pub struct PasswordResetRequest {
    pub email: String,
}

#[derive(Deserialize, ToSchema)]
pub struct PasswordResetComplete {
    pub token: String,
    pub password: String,
}

#[derive(Deserialize, ToSchema)]
pub struct PasswordLinkCheck {
    pub token: String,
}

/// A set-password link that can still be used.
#[derive(Serialize, ToSchema)]
pub struct PasswordLinkView {
    /// The account the password is for.
    pub email: String,
    /// Set when the link is an invitation (a broker user's).
    #[schema(required = true)]
    pub invitation: Option<InvitationView>,
}

#[derive(Serialize, ToSchema)]
pub struct InvitationView {
    /// The brokerage the user joins.
    #[schema(required = true)]
    pub account_name: Option<String>,
    /// Who sent it: a name, an e-mail, or "Longhaul".
    pub inviter: String,
}

/// A password chosen from a link. An invitation's user is signed in
/// (`user` and `csrf_token` set, the session cookie sent); after a reset
/// they sign in themselves.
#[derive(Serialize, ToSchema)]
pub struct PasswordSetResponse {
    pub message: String,
    #[schema(required = true)]
    pub user: Option<UserView>,
    #[schema(required = true)]
    pub csrf_token: Option<String>,
}
