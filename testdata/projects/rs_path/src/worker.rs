use std::time::Duration;

use rdkafka::producer::Producer;

use crate::kafka::make_out as build;
use crate::sink::Sink;

pub fn stop() -> anyhow::Result<()> {
    let out = build();
    let _ = out.flush(Duration::from_secs(5)); // expect: OL202
    out.flush(Duration::from_secs(5))?;
    Ok(())
}

pub fn close(sink: &Sink) -> anyhow::Result<()> {
    let _ = sink.close(); // expect: OL202
    sink.close()?;
    Ok(())
}
