//! Network modules (OL401) and Kafka client modules (OL402), by language.

use crate::model::Lang;

#[derive(Debug, Clone)]
pub struct NetworkKnowledge {
    /// Python module paths; a dotted import matches when it starts with one of these.
    pub python: Vec<Vec<String>>,
    /// Rust paths (`std::net`, crate names).
    pub rust: Vec<Vec<String>>,
}

fn paths(items: &[&str], sep: char) -> Vec<Vec<String>> {
    items
        .iter()
        .map(|p| p.split(sep).map(str::to_string).collect())
        .collect()
}

impl Default for NetworkKnowledge {
    fn default() -> Self {
        let python = paths(
            &[
                "socket",
                "ssl",
                "http.client",
                "http.server",
                "urllib.request",
                "urllib3",
                "requests",
                "httpx",
                "aiohttp",
                "grpc",
                "websockets",
                "websocket",
                "paramiko",
                "ftplib",
                "smtplib",
                "telnetlib",
                "xmlrpc.client",
                "boto3",
                "botocore",
                "aiobotocore",
                "asyncssh",
                "pycurl",
                // model clients talk to a network service too
                "openai",
                "anthropic",
                "litellm",
                "ollama",
                "cohere",
                "mistralai",
                "groq",
                "google.genai",
                "google.generativeai",
                "langchain_openai",
                "langchain_anthropic",
            ],
            '.',
        );
        let rust = paths(
            &[
                "std::net",
                "tokio::net",
                "async_std::net",
                "smol::net",
                "reqwest",
                "hyper",
                "hyper_util",
                "ureq",
                "surf",
                "tonic",
                "isahc",
                "attohttpc",
                "curl",
                "awc",
                "async_openai",
                "ollama_rs",
                "openai_api_rs",
            ],
            ':',
        )
        .into_iter()
        .map(|p| p.into_iter().filter(|s| !s.is_empty()).collect())
        .collect();
        NetworkKnowledge { python, rust }
    }
}

impl NetworkKnowledge {
    /// The network module an imported path falls in, if any.
    pub fn matches(&self, lang: Lang, path: &[String]) -> Option<String> {
        let table = match lang {
            Lang::Python => &self.python,
            Lang::Rust => &self.rust,
        };
        let sep = match lang {
            Lang::Python => ".",
            Lang::Rust => "::",
        };
        table
            .iter()
            .find(|m| path.starts_with(m))
            .map(|m| m.join(sep))
    }
}
