//! The stand-in's Stripe objects (`test_stripe_objects`): a customer's
//! payment methods, subscription and charges in Stripe's JSON shapes, read
//! back as its API would answer.

use super::super::GatewayError;
use super::super::objects::{Charge, CustomerBilling, PaymentMethod, Subscription};
use chrono::Utc;
use db::entities::test_stripe_object;
use db::system::SystemTable;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, Set};
use serde_json::{Value, json};

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
