//! A watermark module that really reaches network code, through a project module.
use crate::server::serve; // expect: OL401

pub fn advance() -> usize {
    serve(&reqwest::Client::new())
}
