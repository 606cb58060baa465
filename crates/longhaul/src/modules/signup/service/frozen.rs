//! When a signup stops changing.

use db::entities::fleet_signup;

/// Once checkout has started nothing about the signup changes: the price,
/// band and e-mail are what the checkout session charges for.
pub fn is_frozen(row: &fleet_signup::Model) -> bool {
    row.checkout_started_at.is_some() || row.stripe_session_id.is_some()
}
