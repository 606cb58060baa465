//! The driver portal's contact form (spec part 1 §2, §4, §5): the message
//! goes into the fleet's inbox on its dashboard and, by e-mail, to each of
//! the fleet's admins.

use crate::http::validation;
use crate::mail::{Mailer, send_or_log};
use crate::modules::auth::DriverSession;
use crate::modules::driver_portal::dto::{Inbox, MessageView, PortalMessageRequest};
use crate::modules::driver_portal::emails::{self, PortalMessage};
use crate::modules::driver_portal::error::DriverPortalError;
use crate::modules::driver_portal::repo;
use chrono::Utc;
use db::entities::fleet_message;
use db::tenancy::TenantScope;
use domain::Email;
use domain::fleet::driver_display_name;
use domain::text_input::clean_text as clean;
use sea_orm::{DatabaseConnection, Set};
use uuid::Uuid;

pub async fn send(
    db: &DatabaseConnection,
    mailer: &dyn Mailer,
    public_url: &str,
    session: &DriverSession,
    body: PortalMessageRequest,
) -> Result<MessageView, DriverPortalError> {
    validation::check(&body)?;
    let name = clean(&body.name, false);
    let email = Email::parse(&body.email).map_err(|_| DriverPortalError::NotFound)?;
    let company = body
        .company
        .map(|c| clean(&c, false))
        .filter(|c| !c.is_empty());
    let message = clean(&body.message, true);
    let scope = session.scope();
    let txn = db::tenancy::write(db, scope).await?;
    let driver = repo::driver(&txn, session.driver_id)
        .await?
        .ok_or(DriverPortalError::NotFound)?;
    let row = repo::insert_message(
        &txn,
        fleet_message::ActiveModel {
            id: Set(Uuid::new_v4()),
            fleet_account_id: Set(scope.fleet_account_id()),
            driver_id: Set(Some(driver.id)),
            sender_name: Set(name),
            sender_email: Set(email.as_str().to_owned()),
            company: Set(company),
            message: Set(message),
            created_at: Set(Utc::now()),
            read_at: Set(None),
            load_id: Set(None),
            from_office: Set(false),
            sender_profile_id: Set(None),
            notified_at: Set(None),
        },
    )
    .await?;
    txn.commit().await?;
    let admins = repo::admin_emails(db, scope.fleet_account_id()).await?;
    let driver_name = driver_display_name(
        driver.first_name.as_deref(),
        driver.last_name.as_deref(),
        driver.username.as_deref(),
    );
    let inbox_link = format!("{public_url}/fleet-dashboard/inbox");
    for admin in admins {
        let mail = emails::portal_message(
            &admin,
            &PortalMessage {
                sender_name: &row.sender_name,
                sender_email: &row.sender_email,
                company: row.company.as_deref(),
                message: &row.message,
                driver_name: &driver_name,
                inbox_link: &inbox_link,
            },
        );
        // The inbox has it already; a mail that cannot be queued is logged.
        send_or_log(mailer, mail, "portal message").await;
    }
    Ok(view(row))
}

fn view(m: fleet_message::Model) -> MessageView {
    MessageView {
        id: m.id,
        sender_name: m.sender_name,
        sender_email: m.sender_email,
        company: m.company,
        message: m.message,
        driver_id: m.driver_id,
        created_at: m.created_at,
        read: m.read_at.is_some(),
    }
}

pub async fn inbox(
    db: &DatabaseConnection,
    scope: TenantScope,
) -> Result<Inbox, DriverPortalError> {
    let txn = db::tenancy::read(db, scope).await?;
    let items = repo::messages(&txn).await?;
    let unread = repo::unread_count(&txn).await?;
    txn.commit().await?;
    Ok(Inbox {
        items: items.into_iter().map(view).collect(),
        unread,
    })
}

pub async fn unread(db: &DatabaseConnection, scope: TenantScope) -> Result<u64, DriverPortalError> {
    let txn = db::tenancy::read(db, scope).await?;
    let unread = repo::unread_count(&txn).await?;
    txn.commit().await?;
    Ok(unread)
}

pub async fn mark_read(
    db: &DatabaseConnection,
    scope: TenantScope,
    id: Uuid,
) -> Result<(), DriverPortalError> {
    let txn = db::tenancy::write(db, scope).await?;
    let found = repo::mark_read(&txn, id, Utc::now()).await?;
    txn.commit().await?;
    if found {
        Ok(())
    } else {
        Err(DriverPortalError::NotFound)
    }
}
