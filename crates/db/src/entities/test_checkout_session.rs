use sea_orm::entity::prelude::*;

/// A checkout session of the offline Stripe stand-in.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "test_checkout_sessions")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub signup_id: Uuid,
    pub amount_cents: i64,
    pub currency: String,
    pub description: String,
    pub customer_email: Option<String>,
    /// open | complete
    pub status: String,
    /// unpaid | paid
    pub payment_status: String,
    pub subscription_id: Option<String>,
    pub customer_id: Option<String>,
    pub success_url: String,
    pub cancel_url: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
