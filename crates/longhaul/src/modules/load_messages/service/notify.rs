//! The e-mail for a load message left unread: once a message has waited
//! [`UNREAD_FOR`] unread, the other side gets one e-mail of it — the
//! fleet's admins for a driver's message, the load's driver(s) with an
//! e-mail for the office's. Each message is claimed with a compare-and-set
//! of `notified_at` in the same transaction that stores its e-mails in the
//! outbox, so two runs at once (or a retry) send it once; a message read in
//! time sends nothing.

use crate::mail::{OutgoingEmail, outbox};
use crate::modules::load_messages::deps::LoadMessagesDeps;
use crate::modules::load_messages::emails::{self, UnreadMessage};
use crate::modules::load_messages::repo;
use chrono::{DateTime, Duration, Utc};
use db::entities::{fleet_message, load};
use db::tenancy::{FleetTx, TenantScope};
use domain::fleet::fleet_display_name;
use uuid::Uuid;

/// How long a message waits unread before it is e-mailed.
pub const UNREAD_FOR: Duration = Duration::minutes(5);

/// Sends the e-mails of every message due at `now`; how many messages were e-mailed.
pub async fn notify_unread(deps: &LoadMessagesDeps<'_>, now: DateTime<Utc>) -> anyhow::Result<u64> {
    let cutoff = now - UNREAD_FOR;
    let tx = db::tenancy::system_read(deps.db, deps.system_key).await?;
    let fleets = repo::fleets_with_due(&tx, cutoff).await?;
    tx.commit().await?;
    let mut notified = 0;
    let mut failed = 0;
    for fleet in fleets {
        match notify_fleet(deps, fleet, cutoff, now).await {
            Ok(n) => notified += n,
            Err(err) => {
                failed += 1;
                tracing::error!(fleet = %fleet, error = %format!("{err:#}"), "unread load messages not e-mailed for a fleet");
            }
        }
    }
    if failed > 0 {
        // Retried; the messages claimed already are not claimed again.
        anyhow::bail!("unread load messages failed for {failed} fleet(s)");
    }
    Ok(notified)
}

/// One fleet's due messages, all claimed and stored in one transaction.
async fn notify_fleet(
    deps: &LoadMessagesDeps<'_>,
    fleet_account_id: Uuid,
    cutoff: DateTime<Utc>,
    now: DateTime<Utc>,
) -> anyhow::Result<u64> {
    #[expect(
        clippy::disallowed_methods,
        reason = "the unread load messages job: one of the fleets with a message due"
    )]
    let scope = TenantScope::for_job(fleet_account_id);
    let tx = db::tenancy::write(deps.db, scope).await?;
    let due = repo::due_messages(&tx, cutoff).await?;
    if due.is_empty() {
        tx.commit().await?;
        return Ok(0);
    }
    let fleet_name = repo::fleet(&tx)
        .await?
        .map(|f| fleet_display_name(f.dba_name.as_deref(), &f.legal_name))
        .unwrap_or_default();
    let admins = repo::admin_emails(&tx, fleet_account_id).await?;
    let mut stored = Vec::new();
    let mut notified = 0;
    for message in due {
        if !repo::claim(&tx, message.id, now).await? {
            continue;
        }
        notified += 1;
        let Some(load) = (match message.load_id {
            Some(id) => repo::load(&tx, id).await?,
            None => None,
        }) else {
            continue;
        };
        let recipients = if message.from_office {
            driver_emails(&tx, &load).await?
        } else {
            admins.clone()
        };
        let mails = mails_for(deps, &fleet_name, &load, &message, &recipients)?;
        stored.extend(outbox::store_in(&tx, deps.cipher, &mails).await?);
    }
    tx.commit().await?;
    outbox::enqueue_stored(deps.jobs, stored, "unread load message").await;
    Ok(notified)
}

/// The e-mail addresses of the load's driver(s), active ones with one.
async fn driver_emails(tx: &FleetTx, load: &load::Model) -> anyhow::Result<Vec<String>> {
    let ids: Vec<Uuid> = [load.driver_id, load.second_driver_id]
        .into_iter()
        .flatten()
        .collect();
    Ok(repo::drivers(tx, &ids)
        .await?
        .into_iter()
        .filter(|d| d.is_active)
        .filter_map(|d| d.email)
        .map(|e| e.trim().to_owned())
        .filter(|e| !e.is_empty())
        .collect())
}

fn mails_for(
    deps: &LoadMessagesDeps<'_>,
    fleet_name: &str,
    load: &load::Model,
    message: &fleet_message::Model,
    recipients: &[String],
) -> anyhow::Result<Vec<OutgoingEmail>> {
    let pro = load.pro_number.to_string();
    let link = if message.from_office {
        format!(
            "{}/driver-portal/{}/loads/{}",
            deps.public_url, load.fleet_account_id, load.id
        )
    } else {
        format!("{}/fleet-dashboard/loads/{}", deps.public_url, load.id)
    };
    let unread = UnreadMessage {
        to_office: !message.from_office,
        sender_name: &message.sender_name,
        fleet_name,
        pro: &pro,
        load_number: &load.load_number,
        message: &message.message,
        link: &link,
    };
    recipients
        .iter()
        .map(|to| emails::unread_message(to, &unread))
        .collect()
}
