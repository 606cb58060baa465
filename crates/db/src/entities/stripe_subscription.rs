use sea_orm::entity::prelude::*;

/// A Stripe subscription as last reported (by an event or by the API); the
/// `state_*` columns say which state it is, so an older one never wins.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "stripe_subscriptions")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub customer_id: String,
    pub status: String,
    /// The plan's monthly amount (price × quantity of its items).
    pub amount_cents: Option<i64>,
    pub currency: Option<String>,
    pub current_period_start: Option<DateTimeUtc>,
    pub current_period_end: Option<DateTimeUtc>,
    pub cancel_at_period_end: bool,
    pub default_payment_method: Option<String>,
    pub past_due_since: Option<DateTimeUtc>,
    pub state_at: DateTimeUtc,
    pub state_rank: i32,
    pub state_source: String,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
