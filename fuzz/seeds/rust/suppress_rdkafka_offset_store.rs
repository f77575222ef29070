//! Suppressions on `use` items in a checkpoint module (name matches `*offset_store*`).

use std::fs;
// offsetlint: ignore[OL401] admin endpoint, reviewed in ADR-12
use std::net::TcpListener;
use reqwest::Client; // offsetlint: ignore[checkpoint-network-import] health ping only
use std::path::Path; // not network code (and the suppression above reaches only this line)
use tokio::net::UdpSocket; // expect: OL401
use std::io::Write; // offsetlint: ignore[OL401] stale: std::io is not network code // expect: OL002

pub fn save(path: &Path, next: i64) -> std::io::Result<()> {
    let mut f = fs::File::create(path)?;
    writeln!(f, "{next}")
}

pub fn admin(bind: &str) -> std::io::Result<TcpListener> {
    TcpListener::bind(bind)
}

pub fn client() -> Client {
    Client::new()
}

pub async fn beacon(addr: &str) -> std::io::Result<()> {
    let sock = UdpSocket::bind("0.0.0.0:0").await?;
    sock.send_to(b"ok", addr).await?;
    Ok(())
}
