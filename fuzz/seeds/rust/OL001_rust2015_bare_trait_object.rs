// expect-file: OL001
//! Rust 2015 bare trait objects (`Box<Fn(u8) + Send>` without `dyn`). syn 2 rejects
//! them (and so does rustc since edition 2021), so the file cannot be parsed.

use rdkafka::message::OwnedMessage;

pub struct Router {
    handlers: Vec<Box<Fn(&OwnedMessage) + Send>>,
    on_error: Box<Fn(u8) + Send>,
}
