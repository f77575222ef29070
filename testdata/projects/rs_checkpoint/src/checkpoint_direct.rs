//! A checkpoint module that opens a socket itself.

use std::io::Write;
use std::net::TcpStream; // expect: OL401

pub fn save(data: &[u8]) -> std::io::Result<()> {
    TcpStream::connect("control.internal:9000")?.write_all(data)
}
