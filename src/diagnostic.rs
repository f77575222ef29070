//! `Finding`: one type for every rule's result. Rules build findings with small constructors;
//! rendering (human, concise, JSON) reads them. A finding is data, not an error.

use crate::knowledge::Lib;
use crate::model::TextRange;
use crate::rules::Rule;

/// How the flagged receiver was recognised as a Kafka client (JSON `resolution`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResolutionKind {
    Resolved,
    Heuristic,
}

impl ResolutionKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ResolutionKind::Resolved => "resolved",
            ResolutionKind::Heuristic => "heuristic",
        }
    }
}

/// A secondary label on the source.
#[derive(Debug, Clone, PartialEq)]
pub struct Label {
    pub range: TextRange,
    pub message: String,
}

/// Code a rule suggests instead of the flagged construct, in language-neutral form. The
/// file's front end renders it (`frontend::render_suggestion`), so each language's syntax is
/// produced by the code that knows it (Rust through `quote`).
#[derive(Debug, Clone, PartialEq)]
pub enum Suggestion {
    /// Commit one processed message on `receiver` (OL101).
    CommitMessage {
        lib: Lib,
        receiver: String,
        message: String,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    pub rule: Rule,
    /// The flagged construct; the finding is reported at its first line.
    pub range: TextRange,
    pub message: String,
    /// Text under the primary span.
    pub primary: Option<String>,
    pub labels: Vec<Label>,
    pub help: Option<String>,
    pub resolution: Option<ResolutionKind>,
    /// Rendered into `help` by the engine, with the file's front end.
    pub suggestion: Option<Suggestion>,
}

impl Finding {
    pub fn new(rule: Rule, range: TextRange, message: impl Into<String>) -> Self {
        Finding {
            rule,
            range,
            message: message.into(),
            primary: None,
            labels: Vec::new(),
            help: None,
            resolution: None,
            suggestion: None,
        }
    }

    pub fn primary(mut self, text: impl Into<String>) -> Self {
        self.primary = Some(text.into());
        self
    }

    pub fn label(mut self, range: TextRange, message: impl Into<String>) -> Self {
        self.labels.push(Label {
            range,
            message: message.into(),
        });
        self
    }

    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    pub fn suggest(mut self, s: Suggestion) -> Self {
        self.suggestion = Some(s);
        self
    }

    pub fn resolution(mut self, r: ResolutionKind) -> Self {
        self.resolution = Some(r);
        self
    }
}
