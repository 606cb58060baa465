//! Our copy of the fleet's billing at Stripe: every state of a subscription
//! or charge, from an event or an API read, is written through here, and a
//! state only replaces an older one (decision 023). The comparison happens
//! in the upsert itself, so two deliveries racing each other cannot both
//! win; the upsert also locks the row, so the unpaid-stretch computation
//! after it sees every state committed before.

use crate::integrations::stripe::objects::{Card, Charge, PaymentMethod, Subscription};
use chrono::{DateTime, TimeZone, Utc};
use db::entities::{
    stripe_charge, stripe_customer, stripe_subscription, stripe_subscription_state,
};
use db::system::SystemTable;
use domain::billing::{StateVersion, charge_state_rank, past_due_since, subscription_status_rank};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ActiveValue::NotSet, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set,
};

/// Whole seconds: Stripe's event times are, and so every stored version
/// compares the same on both databases.
pub fn seconds(secs: i64) -> DateTime<Utc> {
    Utc.timestamp_opt(secs, 0).single().unwrap_or_else(Utc::now)
}

pub fn now_in_seconds() -> DateTime<Utc> {
    seconds(Utc::now().timestamp())
}

/// The newer state wins: `(state_at, state_rank, state_source)` of the
/// incoming row against the stored one.
fn newer_than_stored(table: &str) -> Expr {
    Expr::cust(format!(
        "(excluded.state_at, excluded.state_rank, excluded.state_source) > \
         ({table}.state_at, {table}.state_rank, {table}.state_source)"
    ))
}

async fn upsert<C, A>(conn: &C, row: A, on_conflict: OnConflict) -> Result<(), DbErr>
where
    C: ConnectionTrait,
    A: sea_orm::ActiveModelTrait,
{
    match <A::Entity as EntityTrait>::insert(row)
        .on_conflict(on_conflict)
        .exec_without_returning(conn)
        .await
    {
        Ok(_) | Err(DbErr::RecordNotInserted) => Ok(()),
        Err(err) => Err(err),
    }
}

pub fn subscription_version(sub: &Subscription, at: DateTime<Utc>, source: &str) -> StateVersion {
    StateVersion {
        at,
        rank: subscription_status_rank(&sub.status),
        source: source.to_owned(),
    }
}

/// Stores a state of a subscription unless a newer one is stored, records
/// it among the subscription's states, and works out since when it has
/// been unpaid.
pub async fn record_subscription<C: ConnectionTrait>(
    conn: &C,
    sub: &Subscription,
    version: StateVersion,
) -> Result<(), DbErr> {
    use stripe_subscription::Column as S;
    let Some(customer) = sub.customer.clone() else {
        tracing::warn!(subscription = %sub.id, "subscription without a customer ignored");
        return Ok(());
    };
    let row = stripe_subscription::ActiveModel {
        id: Set(sub.id.clone()),
        customer_id: Set(customer),
        status: Set(sub.status.clone()),
        amount_cents: Set(sub.amount_cents()),
        currency: Set(sub.currency()),
        current_period_start: Set(sub.period_start().map(seconds)),
        current_period_end: Set(sub.period_end().map(seconds)),
        cancel_at_period_end: Set(sub.cancel_at_period_end),
        default_payment_method: Set(sub.default_payment_method.as_ref().map(|pm| pm.id.clone())),
        past_due_since: NotSet,
        state_at: Set(version.at),
        state_rank: Set(version.rank),
        state_source: Set(version.source.clone()),
        updated_at: Set(Utc::now()),
    };
    upsert(
        conn,
        row,
        OnConflict::column(S::Id)
            .update_columns([
                S::CustomerId,
                S::Status,
                S::AmountCents,
                S::Currency,
                S::CurrentPeriodStart,
                S::CurrentPeriodEnd,
                S::CancelAtPeriodEnd,
                S::DefaultPaymentMethod,
                S::StateAt,
                S::StateRank,
                S::StateSource,
                S::UpdatedAt,
            ])
            .action_and_where(newer_than_stored("stripe_subscriptions"))
            .to_owned(),
    )
    .await?;
    use stripe_subscription_state::Column as H;
    upsert(
        conn,
        stripe_subscription_state::ActiveModel {
            subscription_id: Set(sub.id.clone()),
            state_source: Set(version.source.clone()),
            state_at: Set(version.at),
            state_rank: Set(version.rank),
            status: Set(sub.status.clone()),
        },
        OnConflict::columns([H::SubscriptionId, H::StateSource])
            .do_nothing()
            .to_owned(),
    )
    .await?;
    let states = stripe_subscription_state::Entity::rows()
        .filter(H::SubscriptionId.eq(&sub.id))
        .all(conn)
        .await?;
    let versions: Vec<(StateVersion, &str)> = states
        .iter()
        .map(|s| {
            (
                StateVersion {
                    at: s.state_at,
                    rank: s.state_rank,
                    source: s.state_source.clone(),
                },
                s.status.as_str(),
            )
        })
        .collect();
    stripe_subscription::Entity::update_rows()
        .col_expr(S::PastDueSince, Expr::value(past_due_since(&versions)))
        .filter(S::Id.eq(&sub.id))
        .exec(conn)
        .await?;
    if let Some(pm) = &sub.default_payment_method {
        remember_card(conn, sub.customer.as_deref().unwrap_or_default(), pm, false).await?;
    }
    Ok(())
}

/// Stores a state of a charge unless a newer one is stored.
pub async fn record_charge<C: ConnectionTrait>(
    conn: &C,
    charge: &Charge,
    at: DateTime<Utc>,
    source: &str,
) -> Result<(), DbErr> {
    use stripe_charge::Column as Ch;
    let Some(customer) = charge.customer.clone() else {
        // A charge without a customer is not a subscription's payment.
        return Ok(());
    };
    let card = charge.card();
    let row = stripe_charge::ActiveModel {
        id: Set(charge.id.clone()),
        customer_id: Set(customer),
        amount_cents: Set(charge.amount),
        amount_refunded_cents: Set(charge.amount_refunded),
        currency: Set(charge.currency.clone()),
        status: Set(charge.status.clone()),
        created: Set(seconds(charge.created)),
        description: Set(charge.description.clone()),
        receipt_url: Set(charge.receipt_url.clone()),
        card_brand: Set(card.and_then(|c| c.brand.clone())),
        card_last4: Set(card.and_then(|c| c.last4.clone())),
        card_exp_month: Set(card.and_then(|c| c.exp_month)),
        card_exp_year: Set(card.and_then(|c| c.exp_year)),
        state_at: Set(at),
        state_rank: Set(charge_state_rank(&charge.status, charge.amount_refunded)),
        state_source: Set(source.to_owned()),
        updated_at: Set(Utc::now()),
    };
    upsert(
        conn,
        row,
        OnConflict::column(Ch::Id)
            .update_columns([
                Ch::AmountCents,
                Ch::AmountRefundedCents,
                Ch::Currency,
                Ch::Status,
                Ch::Description,
                Ch::ReceiptUrl,
                Ch::CardBrand,
                Ch::CardLast4,
                Ch::CardExpMonth,
                Ch::CardExpYear,
                Ch::StateAt,
                Ch::StateRank,
                Ch::StateSource,
                Ch::UpdatedAt,
            ])
            .action_and_where(newer_than_stored("stripe_charges"))
            .to_owned(),
    )
    .await
}

/// Marks the customer's stored billing as needing a read of the API: an
/// event told of a change it does not carry itself.
pub async fn mark_stale<C: ConnectionTrait>(conn: &C, customer_id: &str) -> Result<(), DbErr> {
    use stripe_customer::Column as Cu;
    upsert(
        conn,
        stripe_customer::ActiveModel {
            id: Set(customer_id.to_owned()),
            card_payment_method: Set(None),
            card_brand: Set(None),
            card_last4: Set(None),
            card_exp_month: Set(None),
            card_exp_year: Set(None),
            refreshed_at: Set(None),
            stale: Set(true),
            updated_at: Set(Utc::now()),
        },
        OnConflict::column(Cu::Id)
            .update_columns([Cu::Stale, Cu::UpdatedAt])
            .to_owned(),
    )
    .await
}

/// A payment method named as the default. With its card (an API read) it
/// becomes the customer's card; a bare id that is not the stored card's
/// means the card changed, so the stored billing is stale.
async fn remember_card<C: ConnectionTrait>(
    conn: &C,
    customer_id: &str,
    pm: &PaymentMethod,
    refreshed: bool,
) -> Result<(), DbErr> {
    if let Some(card) = &pm.card {
        return store_card(conn, customer_id, pm, card, refreshed).await;
    }
    let stored = stripe_customer::Entity::row(customer_id.to_owned())
        .one(conn)
        .await?;
    if stored.is_none_or(|c| c.card_payment_method.as_deref() != Some(pm.id.as_str())) {
        mark_stale(conn, customer_id).await?;
    }
    Ok(())
}

async fn store_card<C: ConnectionTrait>(
    conn: &C,
    customer_id: &str,
    pm: &PaymentMethod,
    card: &Card,
    refreshed: bool,
) -> Result<(), DbErr> {
    use stripe_customer::Column as Cu;
    let mut columns = vec![
        Cu::CardPaymentMethod,
        Cu::CardBrand,
        Cu::CardLast4,
        Cu::CardExpMonth,
        Cu::CardExpYear,
        Cu::UpdatedAt,
    ];
    if refreshed {
        columns.extend([Cu::RefreshedAt, Cu::Stale]);
    }
    upsert(
        conn,
        stripe_customer::ActiveModel {
            id: Set(customer_id.to_owned()),
            card_payment_method: Set(Some(pm.id.clone())),
            card_brand: Set(card.brand.clone()),
            card_last4: Set(card.last4.clone()),
            card_exp_month: Set(card.exp_month),
            card_exp_year: Set(card.exp_year),
            refreshed_at: Set(refreshed.then(Utc::now)),
            stale: Set(false),
            updated_at: Set(Utc::now()),
        },
        OnConflict::column(Cu::Id)
            .update_columns(columns)
            .to_owned(),
    )
    .await
}

/// What the API reported for a customer just now: every subscription and
/// charge as a state at the time of the read, the default card, and the
/// customer marked fresh.
pub async fn record_api_read<C: ConnectionTrait>(
    conn: &C,
    customer_id: &str,
    billing: &crate::integrations::stripe::CustomerBilling,
    read_at: DateTime<Utc>,
) -> Result<(), DbErr> {
    let source = format!("api:{}", read_at.timestamp());
    for sub in &billing.subscriptions {
        // The default card is stored once, below, as the read's.
        let mut sub = sub.clone();
        sub.default_payment_method = sub
            .default_payment_method
            .map(|pm| PaymentMethod { card: None, ..pm });
        record_subscription(conn, &sub, subscription_version(&sub, read_at, &source)).await?;
    }
    for charge in &billing.charges {
        record_charge(conn, charge, read_at, &source).await?;
    }
    use stripe_customer::Column as Cu;
    match &billing.default_card {
        Some(
            pm @ PaymentMethod {
                card: Some(card), ..
            },
        ) => store_card(conn, customer_id, pm, card, true).await?,
        _ => {
            upsert(
                conn,
                stripe_customer::ActiveModel {
                    id: Set(customer_id.to_owned()),
                    card_payment_method: Set(None),
                    card_brand: Set(None),
                    card_last4: Set(None),
                    card_exp_month: Set(None),
                    card_exp_year: Set(None),
                    refreshed_at: Set(Some(Utc::now())),
                    stale: Set(false),
                    updated_at: Set(Utc::now()),
                },
                OnConflict::column(Cu::Id)
                    .update_columns([
                        Cu::CardPaymentMethod,
                        Cu::CardBrand,
                        Cu::CardLast4,
                        Cu::CardExpMonth,
                        Cu::CardExpYear,
                        Cu::RefreshedAt,
                        Cu::Stale,
                        Cu::UpdatedAt,
                    ])
                    .to_owned(),
            )
            .await?
        }
    }
    Ok(())
}
