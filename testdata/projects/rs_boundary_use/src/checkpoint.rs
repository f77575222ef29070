//! A checkpoint module: it names `crate::Key` (defined in `types.rs`, re-exported by the root)
//! and has inline modules whose `super` is this module, not the crate root.
use crate::Key;

pub fn save(key: &Key) -> u64 {
    key.0
}

mod inner {
    use super::save;

    pub fn again(k: &crate::Key) -> u64 {
        save(k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::Client;

    #[test]
    fn saves() {
        let _ = Client::new();
        assert_eq!(save(&Key(1)), 1);
    }
}
