//! The Stripe objects billing reads — events, subscriptions, charges and the
//! card of a payment method — in the shapes both webhooks and the API send. Related
//! objects come as ids, or as whole objects when expanded; period dates sit
//! on the subscription's items in current API versions and on the
//! subscription itself in older ones.

use serde::Deserialize;
use serde_json::Value;

/// An event, as a webhook delivers it (and the stand-in sends it).
#[derive(Debug, Clone, Deserialize)]
pub struct StripeEvent {
    pub id: String,
    #[serde(rename = "type")]
    pub event_type: String,
    /// Unix seconds.
    pub created: i64,
    pub data: EventData,
}

#[derive(Debug, Clone, Deserialize)]
pub struct EventData {
    pub object: Value,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Card {
    #[serde(default)]
    pub brand: Option<String>,
    #[serde(default)]
    pub last4: Option<String>,
    #[serde(default)]
    pub exp_month: Option<i32>,
    #[serde(default)]
    pub exp_year: Option<i32>,
}

/// A payment method: its id, and its card when it is one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentMethod {
    pub id: String,
    pub card: Option<Card>,
}

/// An id, or an expanded object with an id (and, for a payment method, a card).
fn payment_method<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<PaymentMethod>, D::Error> {
    let value: Option<Value> = Deserialize::deserialize(d)?;
    Ok(match value {
        Some(Value::String(id)) => Some(PaymentMethod { id, card: None }),
        Some(Value::Object(obj)) => obj
            .get("id")
            .and_then(Value::as_str)
            .map(|id| PaymentMethod {
                id: id.to_owned(),
                card: obj
                    .get("card")
                    .and_then(|c| serde_json::from_value(c.clone()).ok()),
            }),
        _ => None,
    })
}

#[derive(Debug, Clone, Deserialize)]
pub struct Subscription {
    pub id: String,
    #[serde(deserialize_with = "super::id_or_object")]
    pub customer: Option<String>,
    pub status: String,
    #[serde(default)]
    pub cancel_at_period_end: bool,
    #[serde(default, deserialize_with = "payment_method")]
    pub default_payment_method: Option<PaymentMethod>,
    /// Older API versions.
    #[serde(default)]
    pub current_period_start: Option<i64>,
    #[serde(default)]
    pub current_period_end: Option<i64>,
    #[serde(default)]
    pub items: Option<List<SubscriptionItem>>,
    #[serde(default)]
    pub currency: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct List<T> {
    #[serde(default = "Vec::new")]
    pub data: Vec<T>,
    #[serde(default)]
    pub has_more: bool,
}

#[derive(Debug, Clone, Deserialize)]
pub struct SubscriptionItem {
    #[serde(default)]
    pub quantity: Option<i64>,
    #[serde(default)]
    pub price: Option<Price>,
    /// The legacy plan object, still sent beside `price`.
    #[serde(default)]
    pub plan: Option<Plan>,
    #[serde(default)]
    pub current_period_start: Option<i64>,
    #[serde(default)]
    pub current_period_end: Option<i64>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Price {
    #[serde(default)]
    pub unit_amount: Option<i64>,
    #[serde(default)]
    pub currency: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Plan {
    #[serde(default)]
    pub amount: Option<i64>,
    #[serde(default)]
    pub currency: Option<String>,
}

impl Subscription {
    fn items(&self) -> &[SubscriptionItem] {
        self.items
            .as_ref()
            .map(|l| l.data.as_slice())
            .unwrap_or(&[])
    }

    /// What the subscription costs a period: the sum of its items.
    pub fn amount_cents(&self) -> Option<i64> {
        let amounts: Vec<i64> = self
            .items()
            .iter()
            .filter_map(|item| {
                let unit = item
                    .price
                    .as_ref()
                    .and_then(|p| p.unit_amount)
                    .or_else(|| item.plan.as_ref().and_then(|p| p.amount))?;
                Some(unit * item.quantity.unwrap_or(1))
            })
            .collect();
        (!amounts.is_empty()).then(|| amounts.iter().sum())
    }

    pub fn currency(&self) -> Option<String> {
        self.currency.clone().or_else(|| {
            self.items().iter().find_map(|item| {
                item.price
                    .as_ref()
                    .and_then(|p| p.currency.clone())
                    .or_else(|| item.plan.as_ref().and_then(|p| p.currency.clone()))
            })
        })
    }

    pub fn period_start(&self) -> Option<i64> {
        self.current_period_start.or_else(|| {
            self.items()
                .iter()
                .filter_map(|i| i.current_period_start)
                .min()
        })
    }

    pub fn period_end(&self) -> Option<i64> {
        self.current_period_end.or_else(|| {
            self.items()
                .iter()
                .filter_map(|i| i.current_period_end)
                .max()
        })
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct Charge {
    pub id: String,
    #[serde(default, deserialize_with = "super::id_or_object")]
    pub customer: Option<String>,
    pub amount: i64,
    #[serde(default)]
    pub amount_refunded: i64,
    pub currency: String,
    pub status: String,
    pub created: i64,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub receipt_url: Option<String>,
    #[serde(default)]
    pub payment_method_details: Option<PaymentMethodDetails>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct PaymentMethodDetails {
    #[serde(default)]
    pub card: Option<Card>,
}

impl Charge {
    pub fn card(&self) -> Option<&Card> {
        self.payment_method_details.as_ref()?.card.as_ref()
    }
}

/// A customer's billing as the API reports it now.
#[derive(Debug, Clone, Default)]
pub struct CustomerBilling {
    pub subscriptions: Vec<Subscription>,
    pub charges: Vec<Charge>,
    /// The card invoices are charged to: the subscription's default payment
    /// method, else the customer's.
    pub default_card: Option<PaymentMethod>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn periods_and_amount_come_from_the_items_in_current_api_versions() {
        let sub: Subscription = serde_json::from_value(json!({
            "id": "sub_1", "object": "subscription", "customer": "cus_1", "status": "active",
            "cancel_at_period_end": false, "default_payment_method": "pm_1",
            "items": { "object": "list", "data": [
                { "id": "si_1", "quantity": 1, "current_period_start": 100, "current_period_end": 200,
                  "price": { "id": "price_1", "unit_amount": 39900, "currency": "usd" },
                  "plan": { "id": "price_1", "amount": 39900, "currency": "usd" } }
            ], "has_more": false }
        }))
        .unwrap();
        assert_eq!(sub.amount_cents(), Some(39900));
        assert_eq!(sub.currency().as_deref(), Some("usd"));
        assert_eq!(
            (sub.period_start(), sub.period_end()),
            (Some(100), Some(200))
        );
        assert_eq!(sub.default_payment_method.unwrap().id, "pm_1");
    }

    #[test]
    fn older_versions_and_expanded_objects_parse_too() {
        let sub: Subscription = serde_json::from_value(json!({
            "id": "sub_1", "customer": { "id": "cus_1", "object": "customer" }, "status": "past_due",
            "current_period_start": 10, "current_period_end": 20,
            "default_payment_method": { "id": "pm_1", "object": "payment_method",
                "card": { "brand": "visa", "last4": "4242", "exp_month": 12, "exp_year": 2030 } },
            "plan": { "amount": 9900 }
        }))
        .unwrap();
        assert_eq!(sub.customer.as_deref(), Some("cus_1"));
        assert_eq!((sub.period_start(), sub.period_end()), (Some(10), Some(20)));
        let card = sub.default_payment_method.clone().unwrap().card.unwrap();
        assert_eq!(card.last4.as_deref(), Some("4242"));
        assert_eq!(sub.amount_cents(), None, "no items");
    }

    #[test]
    fn a_charge_carries_its_card() {
        let charge: Charge = serde_json::from_value(json!({
            "id": "ch_1", "object": "charge", "amount": 9900, "amount_refunded": 0, "currency": "usd",
            "status": "succeeded", "created": 1700000000, "customer": "cus_1", "description": null,
            "receipt_url": "https://pay.stripe.com/receipts/x",
            "payment_method_details": { "type": "card", "card": { "brand": "mastercard", "last4": "4444", "exp_month": 1, "exp_year": 2031 } }
        }))
        .unwrap();
        assert_eq!(charge.card().unwrap().last4.as_deref(), Some("4444"));
        assert_eq!(charge.customer.as_deref(), Some("cus_1"));
    }
}
