//! Network modules (OL401) and Kafka client modules (OL402), by language.

use crate::model::Lang;

#[derive(Debug, Clone)]
pub struct NetworkKnowledge {
    /// Python module paths; a dotted import matches when it starts with one of these.
    pub python: Vec<Vec<String>>,
    /// Rust paths (`std::net`, crate names).
    pub rust: Vec<Vec<String>>,
    /// Items of those modules that are plain values and do no I/O (`std::net::Ipv6Addr`,
    /// `SocketAddr`): a module that parses or stores an address talks to nobody.
    pub rust_values: Vec<Vec<String>>,
    /// Java packages (`java.net`, `okhttp3`); a package matches them and the packages below.
    pub java: Vec<String>,
    /// Classes of those packages that are plain values (`java.net.URI`).
    pub java_values: Vec<String>,
}

fn paths(items: &[&str], sep: char) -> Vec<Vec<String>> {
    items
        .iter()
        .map(|p| p.split(sep).map(str::to_string).collect())
        .collect()
}

/// `a::b` paths (splitting on `:` leaves empty segments between the two colons).
fn rust_paths(items: &[&str]) -> Vec<Vec<String>> {
    paths(items, ':')
        .into_iter()
        .map(|p| p.into_iter().filter(|s| !s.is_empty()).collect())
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
        let rust = rust_paths(&[
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
        ]);
        let rust_values = rust_paths(&[
            "std::net::IpAddr",
            "std::net::Ipv4Addr",
            "std::net::Ipv6Addr",
            "std::net::Ipv6MulticastScope",
            "std::net::SocketAddr",
            "std::net::SocketAddrV4",
            "std::net::SocketAddrV6",
            "std::net::AddrParseError",
            "std::net::Shutdown",
        ]);
        let strings = |items: &[&str]| items.iter().map(|s| s.to_string()).collect();
        // java.md §2, OL401: Kafka, JDBC, coordination services and Thrift protocols are
        // not network code by default.
        let java = strings(&[
            "java.net",
            "javax.net.ssl",
            "okhttp3",
            "org.apache.http",
            "org.apache.hc",
            "io.grpc",
            "io.netty",
            "org.springframework.web.client",
            "org.springframework.web.reactive.function.client",
            "retrofit2",
            "feign",
            "software.amazon.awssdk",
            "com.amazonaws",
            "dev.langchain4j",
            "org.springframework.ai",
            "com.openai",
            "com.anthropic",
            "com.azure",
            "com.microsoft.azure",
            "com.google.cloud",
            "org.apache.thrift.transport.TSocket",
            "org.apache.thrift.transport.TNonblockingSocket",
            "org.apache.thrift.transport.TSSLTransportFactory",
            "org.apache.thrift.transport.THttpClient",
            "org.apache.thrift.server",
        ]);
        let java_values = strings(&[
            "java.net.URI",
            "java.net.URISyntaxException",
            "java.net.MalformedURLException",
        ]);
        NetworkKnowledge {
            python,
            rust,
            rust_values,
            java,
            java_values,
        }
    }
}

impl NetworkKnowledge {
    /// The network module an imported path falls in, if any.
    pub fn matches(&self, lang: Lang, path: &[String]) -> Option<String> {
        if lang == Lang::Java {
            return self.java_matches(path);
        }
        let table = match lang {
            Lang::Python | Lang::Java => &self.python,
            Lang::Rust if self.rust_values.iter().any(|v| path.starts_with(v)) => return None,
            Lang::Rust => &self.rust,
        };
        let sep = lang.path_separator();
        table
            .iter()
            .find(|m| path.starts_with(m))
            .map(|m| m.join(sep))
    }

    /// A Java path (its package one segment: `["java.net.http", "HttpClient"]`) in a network
    /// package: the package, or the class where a class is listed.
    fn java_matches(&self, path: &[String]) -> Option<String> {
        let dotted = path.join(".");
        let under = |p: &str| {
            dotted == p
                || dotted
                    .strip_prefix(p)
                    .is_some_and(|rest| rest.starts_with('.'))
        };
        if self.java_values.iter().any(|v| under(v)) {
            return None;
        }
        self.java.iter().find(|p| under(p)).cloned()
    }
}
