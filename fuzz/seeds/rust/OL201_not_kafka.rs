//! Precision fixture for OL201: `send` on channels, sockets and HTTP clients, and on a
//! local type named like a producer. No rdkafka import in this file, so the name heuristic
//! is off. Nothing here may be flagged.

use std::sync::mpsc;

use tokio::net::UdpSocket;
use tokio::sync::{broadcast, mpsc as async_mpsc};

pub async fn notify_workers(tx: &async_mpsc::Sender<String>, job: String) {
    let _ = tx.send(job.clone()).await; // tokio channel, not Kafka
    tx.send(job).await.ok(); // tokio channel, not Kafka
}

pub fn notify_sync(tx: &mpsc::Sender<u64>, n: u64) {
    let _ = tx.send(n); // std channel, not Kafka
}

pub fn broadcast_shutdown(tx: &broadcast::Sender<()>) {
    tx.send(()).ok(); // broadcast channel, not Kafka
}

pub async fn ping(sock: &UdpSocket, addr: &str) -> std::io::Result<()> {
    sock.send_to(b"ping", addr).await?; // socket, not Kafka
    let _ = sock.send(b"ping").await; // socket, not Kafka
    Ok(())
}

pub async fn post_event(client: &reqwest::Client, body: String) -> reqwest::Result<()> {
    let _ = client.post("http://collector.internal/events").body(body).send().await; // HTTP client, not Kafka
    Ok(())
}

/// Feeds rows into a channel; named like a Kafka producer, but it is not one.
pub struct RowProducer {
    tx: async_mpsc::Sender<Vec<u8>>,
}

impl RowProducer {
    pub async fn send(&self, row: Vec<u8>) -> Result<(), async_mpsc::error::SendError<Vec<u8>>> {
        self.tx.send(row).await
    }

    pub fn send_result(&self, row: Vec<u8>) -> Result<(), async_mpsc::error::TrySendError<Vec<u8>>> {
        self.tx.try_send(row)
    }
}

pub async fn pump(producer: &RowProducer, rows: Vec<Vec<u8>>) {
    for row in rows {
        producer.send(row.clone()).await.ok(); // local type, no rdkafka import: heuristic off
        let _ = producer.send_result(row); // local type, no rdkafka import: heuristic off
    }
}
