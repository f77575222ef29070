//! Precision fixture for OL202: `std::io::Write::flush` and a local type named like a
//! producer. No rdkafka import in this file, so the name heuristic is off. Nothing here
//! may be flagged.

use std::fs::File;
use std::io::{self, BufWriter, Write};

pub fn export(path: &str, rows: &[String]) -> io::Result<()> {
    let mut w = BufWriter::new(File::create(path)?);
    for row in rows {
        w.write_all(row.as_bytes())?;
        w.write_all(b"\n")?;
    }
    w.flush(); // BufWriter, not Kafka
    let _ = w.flush(); // BufWriter, not Kafka
    w.flush().ok(); // BufWriter, not Kafka
    w.flush().unwrap_or(()); // BufWriter, not Kafka
    Write::flush(&mut w).unwrap_or_default(); // std::io::Write, not Kafka
    Ok(())
}

pub fn progress(done: usize, total: usize) {
    print!("\r{done}/{total}");
    io::stdout().flush().ok(); // stdout, not Kafka
    let _ = io::stderr().flush(); // stderr, not Kafka
}

/// Collects spans and writes them out; named like a producer, but it is not a Kafka client.
pub struct SpanProducer {
    out: BufWriter<File>,
}

impl SpanProducer {
    pub fn flush(&mut self, _timeout: std::time::Duration) -> io::Result<()> {
        self.out.flush()
    }
}

pub fn finish(producer: &mut SpanProducer) {
    let _ = producer.flush(std::time::Duration::from_secs(1)); // local type, no rdkafka import: heuristic off
    producer.flush(std::time::Duration::from_secs(1)).ok(); // local type, no rdkafka import: heuristic off
}
