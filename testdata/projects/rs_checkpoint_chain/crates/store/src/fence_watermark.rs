//! A direct network import is a finding of its own; the workspace chains make one more.
use std::net::TcpStream; // expect: OL401
use crate::fence::fenced; // expect: OL401
use rpc::client::Lease;

pub fn advance(s: Option<TcpStream>) -> bool {
    let _ = (s, Lease(0));
    fenced()
}
