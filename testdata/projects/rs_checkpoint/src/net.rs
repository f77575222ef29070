//! Network code (not a checkpoint module itself).

use reqwest::blocking::Client;

pub fn push(body: &str) -> reqwest::Result<()> {
    Client::new().post("https://control.internal/offsets").body(body.to_string()).send()?;
    Ok(())
}
