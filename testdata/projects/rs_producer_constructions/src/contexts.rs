use std::sync::atomic::{AtomicU64, Ordering};

use rdkafka::client::ClientContext;
use rdkafka::producer::{DeliveryResult, ProducerContext};

/// Counts failed deliveries: the producer's owner checks the count before it moves on.
#[derive(Default)]
pub struct ReportingContext {
    failures: AtomicU64,
}

impl ReportingContext {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn failures(&self) -> u64 {
        self.failures.load(Ordering::SeqCst)
    }
}

impl ClientContext for ReportingContext {}

impl ProducerContext for ReportingContext {
    type DeliveryOpaque = ();

    fn delivery(&self, result: &DeliveryResult<'_>, _: Self::DeliveryOpaque) {
        if result.is_err() {
            self.failures.fetch_add(1, Ordering::SeqCst);
        }
    }
}

/// Satisfies the trait and drops every delivery report.
pub struct QuietContext;

impl ClientContext for QuietContext {}

impl ProducerContext for QuietContext {
    type DeliveryOpaque = ();

    fn delivery(&self, _: &DeliveryResult<'_>, _: Self::DeliveryOpaque) {}
}
