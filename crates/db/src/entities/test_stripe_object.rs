use sea_orm::entity::prelude::*;

/// An object of the offline Stripe stand-in (customer, subscription, charge,
/// payment method, billing portal session), in Stripe's own JSON shape.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "test_stripe_objects")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub object_type: String,
    pub customer_id: Option<String>,
    pub body: Json,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
