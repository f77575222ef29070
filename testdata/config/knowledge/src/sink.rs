use billing::kafka::Sink;
use rdkafka::producer::FutureRecord;

pub async fn publish(sink: &Sink, payload: &[u8]) {
    let record = FutureRecord::<(), [u8]>::to("audit").payload(payload);
    let _ = sink.send(record, std::time::Duration::from_secs(1)).await; // expect: OL201
}
