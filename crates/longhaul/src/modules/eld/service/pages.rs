//! The pages of one provider list, fetched by a task of their own: the next
//! page downloads (and parses) while the sync takes in this one.

use crate::integrations::eld::bounds::Bounded;
use crate::integrations::eld::{EldProvider, EldProviderError, Page};
use std::future::Future;
use std::sync::Arc;
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;

/// Pages fetched ahead of the one being taken in: enough to keep the
/// connection busy — and to send a burst as large as the tightest of
/// Samsara's request limits (5 a second) without waiting for the writes, as
/// a request sent late under a sliding-window limit delays every later
/// one — and few enough to hold little memory.
const AHEAD: usize = 5;

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
    /// Told when the list's last page has been fetched ([`Pages::then`]).
    fetched: Option<oneshot::Receiver<()>>,
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
    fetch_after(None, provider, page)
}

/// [`fetch`], starting once `start` is told (never, when its sender is
/// dropped untold: the list before failed).
fn fetch_after<T, F, Fut>(
    start: Option<oneshot::Receiver<()>>,
    provider: Arc<dyn EldProvider>,
    page: F,
) -> Pages<T>
where
    T: Bounded + Send + 'static,
    F: Fn(Arc<dyn EldProvider>, Option<String>) -> Fut + Send + 'static,
    Fut: Future<Output = Result<Page<T>, EldProviderError>> + Send + 'static,
{
    let (tx, rx) = mpsc::channel(AHEAD);
    let (fetched_tx, fetched) = oneshot::channel();
    let task = tokio::spawn(async move {
        if let Some(start) = start
            && start.await.is_err()
        {
            return;
        }
        let mut fetched_tx = Some(fetched_tx);
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
            if last && let Some(told) = fetched_tx.take() {
                let _ = told.send(());
            }
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
        fetched: Some(fetched),
    }
}

impl<T> Pages<T> {
    /// Starts fetching another list as soon as this one's last page has
    /// been fetched, while this one's pages are still being taken in: the
    /// provider sees the same requests in the same order, and the next
    /// list does not wait for this one's writes. Called once per list.
    pub fn then<U, F, Fut>(&mut self, provider: Arc<dyn EldProvider>, page: F) -> Pages<U>
    where
        U: Bounded + Send + 'static,
        F: Fn(Arc<dyn EldProvider>, Option<String>) -> Fut + Send + 'static,
        Fut: Future<Output = Result<Page<U>, EldProviderError>> + Send + 'static,
    {
        fetch_after(self.fetched.take(), provider, page)
    }

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
        drain(&mut pages).await
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

    /// A list of three pages (0, 1, 2), each fetch written to `log` as
    /// `<name><page>`; page 1 panics when `fail`.
    fn logged(
        provider: Arc<dyn EldProvider>,
        log: Arc<std::sync::Mutex<Vec<String>>>,
        name: &'static str,
        fail: bool,
        pages: Option<&mut Pages<u32>>,
    ) -> Pages<u32> {
        let page = move |_: Arc<dyn EldProvider>, cursor: Option<String>| {
            let log = log.clone();
            async move {
                let n: u32 = cursor.as_deref().map_or(0, |c| c.parse().unwrap());
                if n == 1 && fail {
                    panic!("provider adapter bug");
                }
                log.lock().unwrap().push(format!("{name}{n}"));
                Ok(Page {
                    items: vec![n],
                    next: (n < 2).then(|| (n + 1).to_string()),
                })
            }
        };
        match pages {
            None => fetch(provider, page),
            Some(before) => before.then(provider, page),
        }
    }

    async fn drain(pages: &mut Pages<u32>) -> Vec<Result<Vec<u32>, String>> {
        let mut out = Vec::new();
        while let Some(page) = pages.next().await {
            out.push(page.map(|p| p.items).map_err(|e| e.to_string()));
        }
        out
    }

    #[tokio::test]
    async fn the_next_list_is_fetched_once_this_ones_last_page_is_not_before() {
        let provider: Arc<dyn EldProvider> = Arc::new(Numbers {
            panic_on_second: false,
        });
        let log = Arc::new(std::sync::Mutex::new(Vec::new()));
        let mut first = logged(provider.clone(), log.clone(), "a", false, None);
        let mut second = logged(provider, log.clone(), "b", false, Some(&mut first));
        // The second list arrives whole while none of the first was taken in.
        assert_eq!(
            drain(&mut second).await,
            vec![Ok(vec![0]), Ok(vec![1]), Ok(vec![2])]
        );
        assert_eq!(*log.lock().unwrap(), ["a0", "a1", "a2", "b0", "b1", "b2"]);
        assert_eq!(
            drain(&mut first).await,
            vec![Ok(vec![0]), Ok(vec![1]), Ok(vec![2])]
        );
    }

    #[tokio::test]
    async fn a_list_that_fails_never_starts_the_next() {
        let provider: Arc<dyn EldProvider> = Arc::new(Numbers {
            panic_on_second: false,
        });
        let log = Arc::new(std::sync::Mutex::new(Vec::new()));
        let mut first = logged(provider.clone(), log.clone(), "a", true, None);
        let mut second = logged(provider, log.clone(), "b", false, Some(&mut first));
        let got = drain(&mut second).await;
        assert_eq!(got.len(), 1);
        assert!(got[0].is_err(), "{got:?}");
        assert_eq!(*log.lock().unwrap(), ["a0"]);
    }
}
