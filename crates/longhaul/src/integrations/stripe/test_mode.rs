use super::{CheckoutRequest, CheckoutSession, GatewayError, PaymentGateway};
use chrono::Utc;
use db::entities::test_checkout_session;
use sea_orm::{ActiveModelTrait, DatabaseConnection, EntityTrait, Set};

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

pub fn session_of(row: &test_checkout_session::Model, public_url: &str) -> CheckoutSession {
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
        Ok(
            test_checkout_session::Entity::find_by_id(session_id.to_owned())
                .one(&self.db)
                .await?
                .map(|row| session_of(&row, &self.public_url)),
        )
    }

    fn describe(&self) -> String {
        "test-mode checkout in the app (set STRIPE_SECRET_KEY for Stripe)".into()
    }

    fn is_stand_in(&self) -> bool {
        true
    }
}
