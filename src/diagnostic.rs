//! `Finding`: one type for every rule's result. Rules build findings with small constructors;
//! rendering (human, concise, JSON) reads them. A finding is data, not an error.

use crate::model::TextRange;
use crate::registry::{Rule, Severity};

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

/// Code a rule suggests instead of the flagged construct, in language-neutral form: a
/// template from the knowledge tables and the values to fill in. The renderers produce the
/// file's language from it (`render::fix`), Rust through `quote`'s token streams.
/// What a suggestion names when no single message variable is in scope: the help shows it,
/// and no fix is offered.
pub const MESSAGE_PLACEHOLDER: &str = "<message>";

#[derive(Debug, Clone, PartialEq)]
pub struct Suggestion {
    /// `{receiver}.{method}(message={message}{args})`: see `knowledge::Library::commit_fix`.
    pub template: &'static str,
    /// The receiver as a dotted path (`self.consumer`).
    pub receiver: String,
    /// The method as called (`commit`, `commit_async`).
    pub method: String,
    /// The polled message variable.
    pub message: String,
    /// Source text of the call's positional arguments to keep, before the inserted one
    /// (`{before}`; `{last_arg=..}` reads them too).
    pub before: Vec<String>,
    /// The keyword the message is passed as, when not the template's (a wrapper's parameter).
    pub keyword: Option<String>,
    /// Source text of the call's keyword arguments to keep, as `name=value` (`{args}`).
    pub keep_args: Vec<String>,
    /// Names of the template bound under another name in the file (`TopicPartition` imported
    /// `as TP`): each whole-word occurrence in the template is written as the local name.
    pub renames: Vec<(&'static str, String)>,
}

/// Whether applying a fix keeps behaviour (ruff's safe/unsafe split). A fix that changes which
/// offsets are committed is unsafe: review before applying. Removing an unused suppression
/// (OL002) changes no behaviour: safe.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Applicability {
    Safe,
    Unsafe,
}

impl Applicability {
    pub fn as_str(self) -> &'static str {
        match self {
            Applicability::Safe => "safe",
            Applicability::Unsafe => "unsafe",
        }
    }
}

/// Replace `range` with `content`.
#[derive(Debug, Clone, PartialEq)]
pub struct Edit {
    pub range: TextRange,
    pub content: String,
}

/// A machine-applicable fix, offered in JSON output.
#[derive(Debug, Clone, PartialEq)]
pub struct Fix {
    pub applicability: Applicability,
    pub edits: Vec<Edit>,
}

/// A location in another file that belongs to a finding (an import chain's hops). Its line
/// and column are resolved when it is made: renderers only hold the finding's own file.
#[derive(Debug, Clone, PartialEq)]
pub struct Related {
    pub path: std::path::PathBuf,
    pub line: usize,
    /// 1-based, in bytes.
    pub column: usize,
    pub message: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    pub rule: Rule,
    /// The rule's default level until the engine applies the file's `[severity]` settings.
    pub severity: Severity,
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
    /// When set, the rendered suggestion replacing this range is offered as a fix.
    pub fix_range: Option<TextRange>,
    /// Further edits of that fix: the imports the suggestion needs.
    pub fix_imports: Vec<Edit>,
    /// Built by the engine from `suggestion` and `fix_range`.
    pub fix: Option<Fix>,
    /// Locations in other files (an import chain through project modules).
    pub related: Vec<Related>,
    /// How many more places of the same cause this finding stands for (OL401-OL403: the
    /// module's other import lines that reach forbidden code through project modules, each
    /// a label). JSON `also`.
    pub also: usize,
    /// The qualified name of the function the finding is in (`Worker.run`, `Sink::flush`);
    /// `None` at module level. Filled by `RuleContext::report`; baselines key on it.
    pub enclosing: Option<String>,
}

impl Finding {
    pub fn new(rule: Rule, range: TextRange, message: impl Into<String>) -> Self {
        Finding {
            rule,
            severity: rule.default_severity(),
            range,
            message: message.into(),
            primary: None,
            labels: Vec::new(),
            help: None,
            resolution: None,
            suggestion: None,
            fix_range: None,
            fix_imports: Vec::new(),
            fix: None,
            related: Vec::new(),
            also: 0,
            enclosing: None,
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

    /// Offer the suggestion as an (unsafe) fix replacing `range`.
    pub fn fix_replaces(mut self, range: TextRange) -> Self {
        self.fix_range = Some(range);
        self
    }

    /// The fix also inserts these imports.
    pub fn fix_imports(mut self, edits: Vec<Edit>) -> Self {
        self.fix_imports = edits;
        self
    }

    pub fn resolution(mut self, r: ResolutionKind) -> Self {
        self.resolution = Some(r);
        self
    }
}
