//! HTTP client for the enrichment service.
//!
//! OL401 fixture: network imports are fine here, because `http_client.rs` is not a
//! checkpoint module (its name matches no checkpoint glob). Expected findings: none.

use std::net::SocketAddr; // not a checkpoint module: network code allowed

use hyper::{Body, Request}; // not a checkpoint module: network code allowed
use reqwest::Client; // not a checkpoint module: network code allowed
use tokio::net::TcpStream; // not a checkpoint module: network code allowed

pub struct EnrichmentClient {
    http: Client,
    base: String,
}

impl EnrichmentClient {
    pub fn new(base: &str) -> Self {
        Self { http: Client::new(), base: base.trim_end_matches('/').to_owned() }
    }

    pub async fn enrich(&self, body: String) -> reqwest::Result<String> {
        self.http.post(format!("{}/enrich", self.base)).body(body).send().await?.text().await
    }

    pub fn probe(&self) -> Request<Body> {
        Request::get(format!("{}/healthz", self.base)).body(Body::empty()).unwrap()
    }

    pub async fn reachable(&self, addr: SocketAddr) -> bool {
        TcpStream::connect(addr).await.is_ok()
    }
}
