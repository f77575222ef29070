//! A TCP line-protocol service on tokio: spawned tasks, channels, buffered writes.
//!
//! Clean fixture: `tokio::spawn`, channel `send`, `flush` and `commit` with no Kafka
//! client anywhere. Expected findings: none.

use std::collections::HashMap;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::sync::Arc;

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, Mutex};

type Store = Arc<Mutex<HashMap<String, String>>>;

pub async fn serve(addr: &str) -> std::io::Result<()> {
    let listener = TcpListener::bind(addr).await?;
    let store: Store = Arc::new(Mutex::new(HashMap::new()));
    let (audit_tx, audit_rx) = mpsc::channel::<String>(1024);
    tokio::spawn(audit_writer(audit_rx));
    loop {
        let (sock, _) = listener.accept().await?;
        let store = Arc::clone(&store);
        let audit_tx = audit_tx.clone();
        tokio::spawn(async move {
            if let Err(e) = handle(sock, store, audit_tx).await {
                eprintln!("connection error: {e}");
            }
        });
    }
}

async fn handle(sock: TcpStream, store: Store, audit: mpsc::Sender<String>) -> std::io::Result<()> {
    let (read, mut write) = sock.into_split();
    let mut lines = BufReader::new(read).lines();
    while let Some(line) = lines.next_line().await? {
        let mut parts = line.splitn(3, ' ');
        match (parts.next(), parts.next(), parts.next()) {
            (Some("SET"), Some(k), Some(v)) => {
                store.lock().await.insert(k.to_owned(), v.to_owned());
                let _ = audit.send(format!("set {k}")).await;
                write.write_all(b"OK\n").await?;
            }
            (Some("GET"), Some(k), None) => {
                let v = store.lock().await.get(k).cloned().unwrap_or_default();
                write.write_all(format!("{v}\n").as_bytes()).await?;
            }
            _ => write.write_all(b"ERR\n").await?,
        }
        write.flush().await?;
    }
    Ok(())
}

async fn audit_writer(mut rx: mpsc::Receiver<String>) {
    let Ok(file) = File::create("audit.log") else { return };
    let mut out = BufWriter::new(file);
    while let Some(entry) = rx.recv().await {
        let _ = writeln!(out, "{entry}");
        out.flush().ok();
    }
}
