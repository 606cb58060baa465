//! The portal's first screen in one answer: the driver, the fleet's
//! branding and welcome message, and the assigned truck and trailers (the
//! same assignment the fleet dashboard shows).

use super::sign_in::{config_of, driver_view};
use crate::modules::auth::DriverSession;
use crate::modules::driver_portal::dto::{PortalHome, PortalTrailer, PortalTruck};
use crate::modules::driver_portal::error::DriverPortalError;
use crate::modules::driver_portal::repo;
use domain::fleet::PortalSettings;
use sea_orm::DatabaseConnection;

pub async fn home(
    db: &DatabaseConnection,
    session: &DriverSession,
) -> Result<PortalHome, DriverPortalError> {
    let scope = session.scope();
    let txn = db::tenancy::read(db, scope).await?;
    let fleet = repo::fleet(&txn)
        .await?
        .ok_or(DriverPortalError::NotFound)?;
    let driver = repo::driver(&txn, session.driver_id)
        .await?
        .ok_or(DriverPortalError::NotFound)?;
    let truck = repo::truck_of(&txn, driver.id).await?;
    let trailers = repo::trailers_of(&txn, driver.id).await?;
    txn.commit().await?;
    let settings = PortalSettings::stored(fleet.portal_settings.as_ref());
    Ok(PortalHome {
        driver: driver_view(&driver),
        fleet: config_of(&fleet, &settings),
        welcome_message: settings.welcome_message.clone(),
        session_timeout_minutes: fleet.session_timeout_minutes,
        can_change_password: settings.auth_type == "individual_password",
        truck: truck.map(|t| PortalTruck {
            id: t.id,
            name: t.name,
            make: t.make,
            model: t.model,
            year: t.year,
            vin: t.vin,
            license_plate: t.license_plate,
        }),
        trailers: trailers
            .into_iter()
            .map(|t| PortalTrailer {
                id: t.id,
                name: t.name,
                trailer_type: t.trailer_type,
                license_plate: t.license_plate,
            })
            .collect(),
        csrf_token: session.csrf_token.clone(),
    })
}
