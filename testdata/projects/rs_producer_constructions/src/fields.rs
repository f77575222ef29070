//! Producers known from the types of the fields that hold them.

use rdkafka::producer::{
    BaseProducer, BaseRecord, DefaultProducerContext, ProducerContext, ThreadedProducer,
};

use crate::contexts::ReportingContext;

pub struct AuditSink {
    producer: ThreadedProducer<DefaultProducerContext>,
}

impl AuditSink {
    pub fn new(producer: ThreadedProducer<DefaultProducerContext>) -> Self {
        Self { producer }
    }

    pub fn record(&self, line: &str) {
        let _ = self // expect: OL201
            .producer
            .send(BaseRecord::<(), _>::to("audit").payload(line));
    }
}

/// `BaseProducer` with its context parameter left at the default.
pub struct MetricsSink {
    pub producer: BaseProducer,
}

impl MetricsSink {
    pub fn emit(&self, point: &str) {
        let _ = self // expect: OL201
            .producer
            .send(BaseRecord::<(), _>::to("metrics").payload(point));
    }
}

pub struct OrderSink {
    producer: ThreadedProducer<ReportingContext>,
}

impl OrderSink {
    pub fn new(producer: ThreadedProducer<ReportingContext>) -> Self {
        Self { producer }
    }

    pub fn record(&self, order: &str) -> bool {
        let _ = self
            .producer
            .send(BaseRecord::<(), _>::to("orders").payload(order));
        self.producer.context().failures() == 0
    }
}

/// Generic over the context: whichever the owner picks.
pub struct AnySink<C: ProducerContext + 'static> {
    producer: ThreadedProducer<C>,
}

impl<C: ProducerContext<DeliveryOpaque = ()> + 'static> AnySink<C> {
    pub fn record(&self, line: &str) {
        let _ = self
            .producer
            .send(BaseRecord::<(), _>::to("any").payload(line));
    }
}
