use rdkafka::consumer::BaseConsumer;
use rdkafka::producer::FutureProducer;

pub type Kafka = FutureProducer;
pub type Source = BaseConsumer;
