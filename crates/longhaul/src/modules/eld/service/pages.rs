//! The pages of one provider list, fetched by a task of their own: the next
//! page downloads (and parses) while the sync takes in this one.

use crate::integrations::eld::bounds::Bounded;
use crate::integrations::eld::{EldProvider, EldProviderError, Page};
use std::future::Future;
use std::sync::Arc;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

/// Pages fetched ahead of the one being taken in: enough to keep the
/// connection busy, few enough to hold little memory.
const AHEAD: usize = 2;

/// One page of records, and whether it was the list's last.
pub struct Fetched<T> {
    pub items: Vec<T>,
    pub last: bool,
}

/// The receiving end. Dropping it stops the fetching task.
pub struct Pages<T> {
    rx: mpsc::Receiver<Result<Fetched<T>, EldProviderError>>,
    task: JoinHandle<()>,
    ended: bool,
}

impl<T> Drop for Pages<T> {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Starts fetching the list whose pages `page` asks for, cursor by cursor;
/// each record is bounded as it arrives ([`Bounded`]).
pub fn fetch<T, F, Fut>(provider: Arc<dyn EldProvider>, page: F) -> Pages<T>
where
    T: Bounded + Send + 'static,
    F: Fn(Arc<dyn EldProvider>, Option<String>) -> Fut + Send + 'static,
    Fut: Future<Output = Result<Page<T>, EldProviderError>> + Send + 'static,
{
    let (tx, rx) = mpsc::channel(AHEAD);
    let task = tokio::spawn(async move {
        let mut cursor = None;
        loop {
            let (items, next) = match page(provider.clone(), cursor.take()).await {
                Ok(Page { items, next }) => (
                    items.into_iter().map(Bounded::bounded).collect(),
                    next.filter(|n| !n.is_empty()),
                ),
                Err(err) => {
                    let _ = tx.send(Err(err)).await;
                    return;
                }
            };
            let last = next.is_none();
            if tx.send(Ok(Fetched { items, last })).await.is_err() || last {
                return;
            }
            cursor = next;
        }
    });
    Pages {
        rx,
        task,
        ended: false,
    }
}

impl<T> Pages<T> {
    /// The next page; `None` after the last one. A fetch that stopped
    /// without saying the list ended (the task panicked) is an error, never
    /// a short list: a short list would make the rest of the fleet inactive.
    pub async fn next(&mut self) -> Option<Result<Fetched<T>, EldProviderError>> {
        if self.ended {
            return None;
        }
        let received = self.rx.recv().await.unwrap_or_else(|| {
            Err(EldProviderError::Unavailable(
                domain::texts().server.eld.sync_interrupted.clone(),
            ))
        });
        match &received {
            Ok(page) if !page.last => {}
            _ => self.ended = true,
        }
        Some(received)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::integrations::eld::{EldDriver, EldTrailer, EldTrailerAssignment, EldVehicle};
    use chrono::{DateTime, Utc};

    /// Three pages of numbers, or a panic on the second when asked.
    struct Numbers {
        panic_on_second: bool,
    }

    #[async_trait::async_trait]
    impl EldProvider for Numbers {
        async fn verify(&self) -> Result<(), EldProviderError> {
            Ok(())
        }
        async fn drivers_page(
            &self,
            _: Option<String>,
            _: Option<DateTime<Utc>>,
        ) -> Result<Page<EldDriver>, EldProviderError> {
            unreachable!()
        }
        async fn vehicles_page(
            &self,
            _: Option<String>,
            _: Option<DateTime<Utc>>,
        ) -> Result<Page<EldVehicle>, EldProviderError> {
            unreachable!()
        }
        async fn trailers_page(
            &self,
            _: Option<String>,
        ) -> Result<Page<EldTrailer>, EldProviderError> {
            unreachable!()
        }
        async fn trailer_assignments_page(
            &self,
            _: Option<String>,
        ) -> Result<Page<EldTrailerAssignment>, EldProviderError> {
            unreachable!()
        }
    }

    /// The test's records have no texts to bound.
    impl Bounded for u32 {
        fn bounded(self) -> Self {
            self
        }
    }

    fn numbers(p: &Numbers, cursor: Option<String>) -> Result<Page<u32>, EldProviderError> {
        let n: u32 = cursor.as_deref().map_or(0, |c| c.parse().unwrap());
        if n == 1 && p.panic_on_second {
            panic!("provider adapter bug");
        }
        Ok(Page {
            items: vec![n * 10, n * 10 + 1],
            next: (n < 2).then(|| (n + 1).to_string()),
        })
    }

    async fn collect(panic_on_second: bool) -> Vec<Result<Vec<u32>, String>> {
        let provider = Arc::new(Numbers { panic_on_second });
        let mut pages = fetch(provider.clone() as Arc<dyn EldProvider>, move |_, c| {
            let provider = provider.clone();
            async move { numbers(&provider, c) }
        });
        let mut out = Vec::new();
        while let Some(page) = pages.next().await {
            out.push(page.map(|p| p.items).map_err(|e| e.to_string()));
        }
        out
    }

    #[tokio::test]
    async fn every_page_arrives_in_order_then_the_list_ends() {
        assert_eq!(
            collect(false).await,
            vec![Ok(vec![0, 1]), Ok(vec![10, 11]), Ok(vec![20, 21])]
        );
    }

    #[tokio::test]
    async fn a_fetch_that_dies_is_an_error_not_a_short_list() {
        let got = collect(true).await;
        assert_eq!(got.len(), 2);
        assert_eq!(got[0], Ok(vec![0, 1]));
        assert!(got[1].is_err());
    }
}
