//! Offset store that keeps processed offsets on local disk.
//!
//! OL401 fixture: the file name matches `*offset_store*`, so every `use` of network code
//! is flagged on the (first line of the) `use` item, including function-local `use` and
//! grouped trees that reach `std::net`'s sockets. `std::fs`, `std::io`, `tokio::sync`,
//! `std::net`'s address types and rdkafka's value types are clean.

use std::collections::HashMap;
use std::fs; // stdlib, not network code
use std::io::{self, Write}; // stdlib, not network code
use std::net::TcpStream; // expect: OL401
use std::path::PathBuf;
use std::{sync::Mutex, net::UdpSocket}; // expect: OL401
use std::net::{IpAddr, SocketAddr}; // address values: no I/O, not network code

use hyper::{ // expect: OL401
    Body,
    Request,
};
use rdkafka::TopicPartitionList; // Kafka value type: the legitimate commit path
use rdkafka::Offset;
use reqwest::Client; // expect: OL401
use tokio::net::TcpListener; // expect: OL401
use tokio::sync::RwLock; // tokio, but not tokio::net

pub struct OffsetStore {
    dir: PathBuf,
    offsets: Mutex<HashMap<(String, i32), i64>>,
    mirror: Option<(Client, SocketAddr)>,
}

impl OffsetStore {
    pub fn open(dir: PathBuf) -> io::Result<Self> {
        fs::create_dir_all(&dir)?;
        Ok(Self { dir, offsets: Mutex::new(HashMap::new()), mirror: None })
    }

    pub fn record(&self, topic: &str, partition: i32, next: i64) -> io::Result<()> {
        self.offsets.lock().unwrap().insert((topic.to_owned(), partition), next);
        let mut f = fs::File::create(self.dir.join(format!("{topic}-{partition}.offset")))?;
        writeln!(f, "{next}")?;
        f.sync_all()
    }

    pub fn as_list(&self) -> rdkafka::error::KafkaResult<TopicPartitionList> {
        let mut tpl = TopicPartitionList::new();
        for ((topic, partition), next) in self.offsets.lock().unwrap().iter() {
            tpl.add_partition_offset(topic, *partition, Offset::Offset(*next))?;
        }
        Ok(tpl)
    }

    pub async fn mirror(&self, body: String) -> Result<(), reqwest::Error> {
        if let Some((client, addr)) = &self.mirror {
            client.post(format!("http://{addr}/offsets")).body(body).send().await?;
        }
        Ok(())
    }

    pub fn announce(&self, addr: &str) -> io::Result<()> {
        let mut s = TcpStream::connect(addr)?;
        s.write_all(b"offsets-updated\n")
    }

    pub fn notify_udp(&self, addr: &str) -> io::Result<()> {
        use std::net::UdpSocket; // expect: OL401

        let sock = UdpSocket::bind("0.0.0.0:0")?;
        sock.send_to(b"offsets-updated", addr)?;
        Ok(())
    }

    pub fn debug_request(&self) -> Request<Body> {
        Request::new(Body::empty())
    }
}

pub async fn serve(store: RwLock<OffsetStore>, bind: &str) -> io::Result<()> {
    let listener = TcpListener::bind(bind).await?;
    let (_sock, _peer) = listener.accept().await?;
    let _guard = store.read().await;
    Ok(())
}
