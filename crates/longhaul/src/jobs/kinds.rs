//! The job kinds: each is one apalis queue with its own worker.

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JobKind {
    /// One outgoing e-mail of the outbox.
    SendEmail,
    /// Expired sessions, one-time tokens and sign-in attempts (scheduled).
    Sweep,
    /// One ELD sync run.
    EldSync,
    /// Starts the fleets' scheduled ELD syncs that are due (scheduled).
    EldSchedule,
    /// Removes stored documents' objects that no row points at (scheduled).
    DocumentSweep,
    /// Reads one Stripe customer's billing from the API into our copy.
    BillingRefresh,
    /// The day's compliance reminders and digests (scheduled).
    ComplianceReminders,
    /// Queues the FMCSA checks whose minute of the day has come (scheduled).
    FmcsaSchedule,
    /// Re-reads one fleet's FMCSA record and records what changed.
    FmcsaCheck,
    /// Ends expired board postings and refreshes active ones' ELD positions
    /// and carrier facts (scheduled).
    BoardRefresh,
    /// Saved-search alert digests, at most one per search an hour (scheduled).
    SavedSearchAlerts,
}

impl JobKind {
    pub const ALL: [JobKind; 11] = [
        JobKind::SendEmail,
        JobKind::Sweep,
        JobKind::EldSync,
        JobKind::EldSchedule,
        JobKind::DocumentSweep,
        JobKind::BillingRefresh,
        JobKind::ComplianceReminders,
        JobKind::FmcsaSchedule,
        JobKind::FmcsaCheck,
        JobKind::BoardRefresh,
        JobKind::SavedSearchAlerts,
    ];

    /// The queue's name in the jobs table and in metrics.
    pub fn as_str(self) -> &'static str {
        match self {
            JobKind::SendEmail => "send_email",
            JobKind::Sweep => "sweep_expired",
            JobKind::EldSync => "eld_sync",
            JobKind::EldSchedule => "eld_schedule",
            JobKind::DocumentSweep => "sweep_documents",
            JobKind::BillingRefresh => "billing_refresh",
            JobKind::ComplianceReminders => "compliance_reminders",
            JobKind::FmcsaSchedule => "fmcsa_schedule",
            JobKind::FmcsaCheck => "fmcsa_check",
            JobKind::BoardRefresh => "board_refresh",
            JobKind::SavedSearchAlerts => "saved_search_alerts",
        }
    }

    /// Attempts before a job is left failed. A sync run keeps its own state
    /// and is retried by the user or the next schedule instead.
    pub fn max_attempts(self) -> usize {
        match self {
            JobKind::SendEmail => 8,
            JobKind::Sweep | JobKind::EldSchedule | JobKind::DocumentSweep => 3,
            JobKind::EldSync => 3,
            JobKind::BillingRefresh => 5,
            JobKind::ComplianceReminders | JobKind::FmcsaSchedule => 3,
            // An outage of FMCSA's API: retried with backoff up to ~10 min apart.
            JobKind::FmcsaCheck => 6,
            JobKind::BoardRefresh | JobKind::SavedSearchAlerts => 3,
        }
    }

    /// Whether someone watches for the job to start (a sync's progress bar,
    /// a sign-in link): such queues are polled more often.
    pub fn watched(self) -> bool {
        matches!(
            self,
            JobKind::SendEmail | JobKind::EldSync | JobKind::BillingRefresh
        )
    }
}
