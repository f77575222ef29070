//! Producers created in one method's struct literal, used through a field of another struct.

use rdkafka::config::ClientConfig;
use rdkafka::error::KafkaResult;
use rdkafka::producer::{BaseProducer, BaseRecord};

use crate::contexts::ReportingContext;

pub struct Clients {
    pub events: BaseProducer,
    pub orders: BaseProducer<ReportingContext>,
}

pub struct Settings {
    cfg: ClientConfig,
}

impl Settings {
    pub fn clients(&self) -> KafkaResult<Clients> {
        Ok(Clients {
            events: self.cfg.create()?,
            orders: self.cfg.create_with_context(ReportingContext::new())?,
        })
    }
}

pub struct Publisher {
    clients: Clients,
}

impl Publisher {
    pub fn new(settings: &Settings) -> KafkaResult<Self> {
        Ok(Self {
            clients: settings.clients()?,
        })
    }

    pub fn event(&self, body: &str) {
        let record = BaseRecord::<(), _>::to("events").payload(body);
        if let Err((e, _)) = self.clients.events.send(record) { // expect: OL201
            eprintln!("enqueue failed: {e}");
        }
    }

    pub fn order(&self, body: &str) {
        let record = BaseRecord::<(), _>::to("orders").payload(body);
        if let Err((e, _)) = self.clients.orders.send(record) {
            eprintln!("enqueue failed: {e}");
        }
    }
}
