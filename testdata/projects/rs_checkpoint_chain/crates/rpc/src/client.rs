use reqwest::Client;

pub struct Coordinator {
    pub http: Client,
}

pub struct Lease(pub u64);

pub fn lease(c: &Coordinator) -> Lease {
    let _ = &c.http;
    Lease(1)
}
