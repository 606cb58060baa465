//! The load messages API's bodies.

use crate::http::validation::refuse;
use chrono::{DateTime, Utc};
use domain::text_input::{clean_text, has_control_characters};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// The longest message, in characters once trimmed.
pub const MESSAGE_MAX: usize = 2000;

#[derive(Debug, Deserialize, ToSchema, Validate)]
pub struct LoadMessageInput {
    /// 1 to 2,000 characters once trimmed; line breaks and tabs are kept,
    /// other control characters are refused.
    #[garde(custom(|v: &str, _: &()| message_rule(v)))]
    pub message: String,
}

fn message_rule(raw: &str) -> garde::Result {
    let t = &domain::texts().load_messages;
    if has_control_characters(raw) {
        return refuse(&t.control_characters);
    }
    let value = clean_text(raw, true);
    if value.is_empty() {
        refuse(&t.message_required)
    } else if value.chars().count() > MESSAGE_MAX {
        refuse(&domain::texts::fill(
            &t.message_too_long,
            &[("max", &format_count(MESSAGE_MAX))],
        ))
    } else {
        Ok(())
    }
}

/// 2000 → "2,000".
fn format_count(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// One message of a load's thread, as its reader sees it.
#[derive(Debug, Serialize, ToSchema)]
pub struct LoadMessageView {
    pub id: Uuid,
    pub message: String,
    /// Written by the office; otherwise by a driver of the load.
    pub from_office: bool,
    /// The writer's name: the office user's, or the driver's.
    pub sender_name: String,
    /// Written by the reader (the office for the office; this driver for a driver).
    pub mine: bool,
    /// Read by its recipient.
    pub read: bool,
    pub created_at: DateTime<Utc>,
}

/// A load's thread, oldest first, with what the reader has not read.
#[derive(Debug, Serialize, ToSchema)]
pub struct LoadThread {
    pub load_id: Uuid,
    pub pro_number: i32,
    pub items: Vec<LoadMessageView>,
    /// Messages of the other side the reader has not read.
    pub unread: u64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LoadUnread {
    pub load_id: Uuid,
    pub unread: u64,
}

/// What the reader has not read, in all and by load (loads with none are left out).
#[derive(Debug, Serialize, ToSchema)]
pub struct UnreadSummary {
    pub total: u64,
    pub by_load: Vec<LoadUnread>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_is_one_to_two_thousand_characters_once_trimmed() {
        assert!(message_rule("  hi\n").is_ok());
        assert!(message_rule("line\n\tbreak\r\n").is_ok());
        assert!(message_rule(" \n\t ").is_err());
        assert!(message_rule(&"é".repeat(MESSAGE_MAX)).is_ok());
        assert!(message_rule(&format!("  {}  ", "a".repeat(MESSAGE_MAX))).is_ok());
        assert!(message_rule(&"a".repeat(MESSAGE_MAX + 1)).is_err());
        assert!(message_rule("a\0b").is_err());
        assert!(message_rule("\u{1b}[31m").is_err());
    }

    #[test]
    fn counts_read_with_thousands_separators() {
        assert_eq!(format_count(2000), "2,000");
        assert_eq!(format_count(999), "999");
        assert_eq!(format_count(1_234_567), "1,234,567");
    }
}
