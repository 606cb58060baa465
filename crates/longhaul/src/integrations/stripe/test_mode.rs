use super::objects::{Charge, CustomerBilling, PaymentMethod, Subscription};
use super::{CheckoutRequest, CheckoutSession, GatewayError, PaymentGateway};
use chrono::Utc;
use db::entities::{test_checkout_session, test_stripe_object};
use db::system::SystemTable;
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, Set,
};
use serde_json::{Value, json};

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

pub fn new_id(prefix: &str) -> String {
    format!("{prefix}_test_{}", uuid::Uuid::new_v4().simple())
}

pub async fn save<C: ConnectionTrait>(
    db: &C,
    id: &str,
    object_type: &str,
    customer: Option<&str>,
    body: &Value,
) -> Result<(), GatewayError> {
    use test_stripe_object::Column as T;
    test_stripe_object::Entity::insert(test_stripe_object::ActiveModel {
        id: Set(id.to_owned()),
        object_type: Set(object_type.to_owned()),
        customer_id: Set(customer.map(str::to_owned)),
        body: Set(body.clone()),
        created_at: Set(Utc::now()),
        updated_at: Set(Utc::now()),
    })
    .on_conflict(
        OnConflict::column(T::Id)
            .update_columns([T::Body, T::UpdatedAt])
            .to_owned(),
    )
    .exec_without_returning(db)
    .await?;
    Ok(())
}

pub async fn object<C: ConnectionTrait>(db: &C, id: &str) -> Result<Option<Value>, GatewayError> {
    Ok(test_stripe_object::Entity::row(id.to_owned())
        .one(db)
        .await?
        .map(|o| o.body))
}

pub async fn objects_of<C: ConnectionTrait>(
    db: &C,
    customer: &str,
    object_type: &str,
) -> Result<Vec<Value>, GatewayError> {
    use test_stripe_object::Column as T;
    Ok(test_stripe_object::Entity::rows()
        .filter(T::CustomerId.eq(customer))
        .filter(T::ObjectType.eq(object_type))
        .order_by_desc(T::CreatedAt)
        .order_by_desc(T::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|o| o.body)
        .collect())
}

/// What the stand-in's API answers for a customer (`PaymentGateway`).
pub async fn customer_billing<C: ConnectionTrait>(
    db: &C,
    customer: &str,
) -> Result<CustomerBilling, GatewayError> {
    let parse = |v: Value| {
        serde_json::from_value(v).map_err(|e| {
            GatewayError::Unavailable(format!("a stored test object does not parse: {e}"))
        })
    };
    let subscriptions: Vec<Subscription> = objects_of(db, customer, "subscription")
        .await?
        .into_iter()
        .map(parse)
        .collect::<Result<_, _>>()?;
    let charges: Vec<Charge> = objects_of(db, customer, "charge")
        .await?
        .into_iter()
        .map(|v| {
            serde_json::from_value(v).map_err(|e| {
                GatewayError::Unavailable(format!("a stored test object does not parse: {e}"))
            })
        })
        .collect::<Result<_, _>>()?;
    let default_card = match subscriptions
        .first()
        .and_then(|s| s.default_payment_method.clone())
    {
        Some(pm) => object(db, &pm.id).await?.map(|body| PaymentMethod {
            id: pm.id,
            card: serde_json::from_value(body["card"].clone()).ok(),
        }),
        None => None,
    };
    // The API expands the default payment method of each subscription.
    let subscriptions = subscriptions
        .into_iter()
        .map(|mut s| {
            if let (Some(pm), Some(card)) = (&mut s.default_payment_method, &default_card)
                && pm.id == card.id
            {
                pm.card = card.card.clone();
            }
            s
        })
        .collect();
    Ok(CustomerBilling {
        subscriptions,
        charges,
        default_card,
    })
}

/// A billing portal session of the stand-in: which customer, and where
/// its page returns to.
pub async fn open_portal<C: ConnectionTrait>(
    db: &C,
    customer: &str,
    return_url: &str,
    public_url: &str,
) -> Result<String, GatewayError> {
    let id = new_id("bps");
    save(db, &id, "billing_portal.session", Some(customer),
        &json!({ "id": id, "object": "billing_portal.session", "customer": customer, "return_url": return_url })).await?;
    Ok(format!("{public_url}/test-portal/{id}"))
}
