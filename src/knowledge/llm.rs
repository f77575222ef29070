//! Language-model clients: what makes a call's result model output (OL3xx sources).

use super::strings;

#[derive(Debug, Clone)]
pub struct LlmKnowledge {
    /// Root modules / crates of model clients; `google.genai` is matched by its first two
    /// segments, `langchain*` by prefix.
    pub modules: Vec<Vec<String>>,
    /// Module-name prefixes (`langchain` covers `langchain_openai`, `langchain_core`, ...).
    pub module_prefixes: Vec<String>,
    /// Method or function names that return generated text.
    pub generate: Vec<String>,
    /// Methods that are model calls on any receiver in a file importing a prefix module
    /// (langchain runnables are composed with `|`, so their receivers cannot be traced).
    pub runnable_methods: Vec<String>,
    /// URL fragments that mark an HTTP call to a model server.
    pub url_fragments: Vec<String>,
    /// Configured functions whose result is model output (dotted suffixes).
    pub functions: Vec<Vec<String>>,
}

impl Default for LlmKnowledge {
    fn default() -> Self {
        LlmKnowledge {
            modules: [
                "openai",
                "anthropic",
                "litellm",
                "ollama",
                "vllm",
                "transformers",
                "cohere",
                "mistralai",
                "groq",
                "async_openai",
                "ollama_rs",
                "openai_api_rs",
            ]
            .iter()
            .map(|m| vec![m.to_string()])
            .chain([
                strings(&["google", "genai"]),
                strings(&["google", "generativeai"]),
            ])
            .collect(),
            // Java packages are one path segment: langchain4j, Spring AI and the OpenAI and
            // Anthropic Java SDKs by their package prefixes.
            module_prefixes: strings(&[
                "langchain",
                "llama_index",
                "dev.langchain4j",
                "org.springframework.ai",
                "com.openai",
                "com.anthropic",
            ]),
            generate: strings(&[
                "create",
                "acreate",
                "completion",
                "acompletion",
                "text_completion",
                "chat",
                "achat",
                "generate",
                "agenerate",
                "generate_content",
                "generate_content_async",
                "invoke",
                "ainvoke",
                "predict",
                "apredict",
                "complete",
                "acomplete",
                "stream",
                "send_chat_messages",
                "chat_completion",
                "generate_text",
                // Spring AI `ChatModel.call(..)`, `ChatClient..call().content()`.
                "call",
            ]),
            runnable_methods: strings(&["invoke", "ainvoke", "predict", "apredict"]),
            url_fragments: strings(&["/completions", "/chat", "/generate"]),
            functions: Vec::new(),
        }
    }
}

impl LlmKnowledge {
    /// Whether a qualified path lies in a model-client module.
    pub fn is_llm_path(&self, path: &[String]) -> bool {
        self.modules.iter().any(|m| path.starts_with(m))
            || path.first().is_some_and(|root| {
                self.module_prefixes
                    .iter()
                    .any(|p| root.starts_with(p.as_str()))
            })
    }

    pub fn is_generate(&self, name: &str) -> bool {
        self.generate.iter().any(|g| g == name)
    }

    pub fn has_model_url(&self, s: &str) -> bool {
        self.url_fragments.iter().any(|f| s.contains(f.as_str()))
    }
}
