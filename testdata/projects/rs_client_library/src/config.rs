pub struct ClientConfig {
    entries: Vec<(String, String)>,
}

impl ClientConfig {
    pub fn new() -> ClientConfig {
        ClientConfig {
            entries: Vec::new(),
        }
    }

    pub fn set(&mut self, key: &str, value: &str) -> &mut ClientConfig {
        self.entries.push((key.to_string(), value.to_string()));
        self
    }
}
