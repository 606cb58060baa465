use sea_orm::entity::prelude::*;

/// A payment (a Stripe charge) as last reported; versioned like
/// `stripe_subscriptions`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "stripe_charges")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub customer_id: String,
    pub amount_cents: i64,
    pub amount_refunded_cents: i64,
    pub currency: String,
    /// succeeded | pending | failed
    pub status: String,
    pub created: DateTimeUtc,
    pub description: Option<String>,
    pub receipt_url: Option<String>,
    pub card_brand: Option<String>,
    pub card_last4: Option<String>,
    pub card_exp_month: Option<i32>,
    pub card_exp_year: Option<i32>,
    pub state_at: DateTimeUtc,
    pub state_rank: i32,
    pub state_source: String,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
