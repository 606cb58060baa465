//! The offline Stripe stand-in (`make run` without STRIPE_SECRET_KEY): the
//! `PaymentGateway` answered from the database, a customer's Stripe objects
//! kept in Stripe's own JSON shapes (`store`), the hosted checkout and
//! Customer Portal pages' actions (`checkout`, `portal`, `world`). Like
//! Stripe, it tells Longhaul what changed by sending events — to an
//! `EventSink`, which the app wires to billing's webhook path — so every
//! billing state is reached through the same code as in production.

mod checkout;
mod portal;
mod store;
mod world;

pub use checkout::{CardInput, find_checkout, pay};
pub use portal::{portal_act, portal_session, receipt};
pub use store::{customer_billing, open_portal};
pub use world::{NewSubscription, PortalAction, backfill_payments, start_subscription};

use super::objects::{CustomerBilling, StripeEvent};
use super::{CheckoutRequest, CheckoutSession, GatewayError, PaymentGateway};
use chrono::Utc;
use db::entities::test_checkout_session;
use db::system::SystemTable;
use sea_orm::{ActiveModelTrait, DatabaseConnection, DbErr, Set};
use std::collections::BTreeMap;

/// Where the stand-in's events go: applied as a verified webhook delivery
/// would be. The receiver's error type is what the stand-in's actions
/// answer, so a page shows the receiver's refusal as its own.
#[async_trait::async_trait]
pub trait EventSink: Send + Sync {
    type Error: From<TestModeError> + Send;
    async fn deliver(&self, event: &StripeEvent) -> Result<(), Self::Error>;
    /// When (unix seconds) the newest state the receiver holds of a
    /// subscription was made: the stand-in stamps its next events later.
    async fn subscription_state_at(&self, subscription: &str) -> Result<Option<i64>, Self::Error>;
}

/// What the stand-in's pages refuse.
#[derive(Debug, thiserror::Error)]
pub enum TestModeError {
    /// No such test checkout or portal session (or subscription).
    #[error("test checkout not found")]
    NotFound,
    #[error("test checkout already complete")]
    AlreadyComplete,
    #[error("card declined")]
    CardDeclined,
    /// The card as typed: each field with the spec's message; `message` is
    /// the first problem found.
    #[error("{message}")]
    Invalid {
        message: String,
        fields: BTreeMap<String, String>,
    },
    /// A stored object that is not what its id says.
    #[error("{0}")]
    BadObject(String),
    #[error(transparent)]
    Gateway(#[from] GatewayError),
    #[error(transparent)]
    Database(#[from] DbErr),
}

/// The offline stand-in: sessions live in the database and are paid on the
/// in-app page `/test-checkout/{id}`.
pub struct TestModeGateway {
    db: DatabaseConnection,
    public_url: String,
}

impl TestModeGateway {
    pub fn new(db: DatabaseConnection, public_url: &str) -> Self {
        Self {
            db,
            public_url: public_url.to_owned(),
        }
    }
}

fn session_of(row: &test_checkout_session::Model, public_url: &str) -> CheckoutSession {
    CheckoutSession {
        id: row.id.clone(),
        url: (row.status == "open").then(|| format!("{public_url}/test-checkout/{}", row.id)),
        status: Some(row.status.clone()),
        payment_status: row.payment_status.clone(),
        mode: "subscription".into(),
        subscription: row.subscription_id.clone(),
        customer: row.customer_id.clone(),
        client_reference_id: Some(row.signup_id.to_string()),
        customer_email: row.customer_email.clone(),
        amount_total: Some(row.amount_cents),
        // As Stripe does: the payer's details exist once the session is complete.
        customer_details: (row.status == "complete").then(|| super::CustomerDetails {
            email: row.customer_email.clone(),
        }),
    }
}

#[async_trait::async_trait]
impl PaymentGateway for TestModeGateway {
    async fn create_checkout(&self, r: CheckoutRequest) -> Result<CheckoutSession, GatewayError> {
        let id = format!("cs_test_{}", uuid::Uuid::new_v4().simple());
        let row = test_checkout_session::ActiveModel {
            id: Set(id.clone()),
            signup_id: Set(r.signup_id),
            amount_cents: Set(r.amount_cents),
            currency: Set("usd".into()),
            description: Set(format!("{} — {}", r.product_name, r.description)),
            customer_email: Set(Some(r.customer_email)),
            status: Set("open".into()),
            payment_status: Set("unpaid".into()),
            subscription_id: Set(None),
            customer_id: Set(None),
            success_url: Set(r.success_url.replace("{CHECKOUT_SESSION_ID}", &id)),
            cancel_url: Set(r.cancel_url),
            created_at: Set(Utc::now()),
        }
        .insert(&self.db)
        .await?;
        Ok(session_of(&row, &self.public_url))
    }

    async fn retrieve_checkout(
        &self,
        session_id: &str,
    ) -> Result<Option<CheckoutSession>, GatewayError> {
        Ok(test_checkout_session::Entity::row(session_id.to_owned())
            .one(&self.db)
            .await?
            .map(|row| session_of(&row, &self.public_url)))
    }

    async fn customer_billing(&self, customer_id: &str) -> Result<CustomerBilling, GatewayError> {
        customer_billing(&self.db, customer_id).await
    }

    async fn create_portal_session(
        &self,
        customer_id: &str,
        return_url: &str,
    ) -> Result<String, GatewayError> {
        open_portal(&self.db, customer_id, return_url, &self.public_url).await
    }

    fn describe(&self) -> String {
        "test-mode checkout in the app (set STRIPE_SECRET_KEY for Stripe)".into()
    }

    fn is_stand_in(&self) -> bool {
        true
    }
}
