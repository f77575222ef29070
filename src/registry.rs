//! The rule registry: codes, names, groups and documents, generated from one table, and the
//! selectors (`OL101`, `bare-commit`, `OL1`, `ALL`) that command line, configuration and
//! suppression comments share. A leaf: it imports nothing from the crate.

use std::str::FromStr;

/// Declares every rule once; generates `Rule`, `Rule::ALL`, `code()`, `name()`, `doc()`,
/// `group()` and `FromStr` (which accepts the code or the kebab name).
macro_rules! declare_rules {
    ($( $variant:ident { code: $code:literal, name: $name:literal, group: $group:ident, doc: $doc:literal } ),* $(,)?) => {
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Rule { $($variant),* }

        impl Rule {
            pub const ALL: &'static [Rule] = &[$(Rule::$variant),*];

            /// Position in `ALL`; `RuleSet` is a bit set over it.
            fn index(self) -> u32 {
                self as u32
            }

            pub fn code(self) -> &'static str {
                match self { $(Rule::$variant => $code),* }
            }

            pub fn name(self) -> &'static str {
                match self { $(Rule::$variant => $name),* }
            }

            pub fn group(self) -> Group {
                match self { $(Rule::$variant => Group::$group),* }
            }

            /// The rule's document from `rules/`.
            pub fn doc(self) -> &'static str {
                match self { $(Rule::$variant => include_str!(concat!("../rules/", $doc))),* }
            }
        }
    };
}

declare_rules! {
    SyntaxError { code: "OL001", name: "syntax-error", group: Meta, doc: "OL001-syntax-error.md" },
    UnusedSuppression { code: "OL002", name: "unused-suppression", group: Meta, doc: "OL002-unused-suppression.md" },
    BareCommit { code: "OL101", name: "bare-commit", group: Commit, doc: "OL101-bare-commit.md" },
    CommitOnFailure { code: "OL102", name: "commit-on-failure", group: Commit, doc: "OL102-commit-on-failure.md" },
    ContinuePastFailure { code: "OL103", name: "continue-past-failure", group: Commit, doc: "OL103-continue-past-failure.md" },
    CommitBeforeEffect { code: "OL104", name: "commit-before-effect", group: Commit, doc: "OL104-commit-before-effect.md" },
    AutoCommit { code: "OL105", name: "auto-commit", group: Commit, doc: "OL105-auto-commit.md" },
    UnconfirmedProduce { code: "OL201", name: "unconfirmed-produce", group: Delivery, doc: "OL201-unconfirmed-produce.md" },
    FlushResultIgnored { code: "OL202", name: "flush-result-ignored", group: Delivery, doc: "OL202-flush-result-ignored.md" },
    UnobservedTask { code: "OL203", name: "unobserved-task", group: Delivery, doc: "OL203-unobserved-task.md" },
    WatermarkOverUnconfirmed { code: "OL204", name: "watermark-over-unconfirmed", group: Delivery, doc: "OL204-watermark-over-unconfirmed.md" },
    WeakAcks { code: "OL205", name: "weak-acks", group: Delivery, doc: "OL205-weak-acks.md" },
    ModelOffset { code: "OL301", name: "model-offset", group: Taint, doc: "OL301-model-offset.md" },
    ModelControlsCommit { code: "OL302", name: "model-controls-commit", group: Taint, doc: "OL302-model-controls-commit.md" },
    CheckpointNetworkImport { code: "OL401", name: "checkpoint-network-import", group: Boundary, doc: "OL401-checkpoint-network-import.md" },
    FixtureImportsClient { code: "OL402", name: "fixture-imports-client", group: Boundary, doc: "OL402-fixture-imports-client.md" },
    DeclaredBoundary { code: "OL403", name: "declared-boundary", group: Boundary, doc: "OL403-declared-boundary.md" },
    ScratchJoinsGroup { code: "OL404", name: "scratch-joins-group", group: Boundary, doc: "OL404-scratch-joins-group.md" },
}

/// Rule families, by the hundreds digit of the code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group {
    Meta,
    Commit,
    Delivery,
    Taint,
    Boundary,
}

/// How much a finding matters: `error` for the rules about losing or duplicating data,
/// `warning` for the others (catalog, "Severity"). A configuration's `[severity]` table
/// changes it per rule; `--fail-on` decides which levels fail a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Warning,
    Error,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }

    /// `error` or `warning`, as the configuration and `--fail-on` spell them.
    pub fn parse(s: &str) -> Option<Severity> {
        match s.trim() {
            "error" => Some(Severity::Error),
            "warning" => Some(Severity::Warning),
            _ => None,
        }
    }
}

impl Rule {
    /// The level a finding has unless the configuration says otherwise: data-loss rules
    /// (OL101-OL105, OL201-OL204, OL301, OL302) are errors; OL205 (a durability setting),
    /// the boundary rules and the meta rules (OL0xx) are warnings.
    pub fn default_severity(self) -> Severity {
        match self {
            Rule::WeakAcks | Rule::SyntaxError | Rule::UnusedSuppression => Severity::Warning,
            r if r.group() == Group::Boundary => Severity::Warning,
            _ => Severity::Error,
        }
    }

    /// The one-line summary: the first non-heading line of the document.
    pub fn summary(self) -> &'static str {
        self.doc()
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('#'))
            .unwrap_or("")
    }

    /// Whether the rule's related locations are the hops of an import chain (the boundary
    /// rules), rather than places that merely belong to the finding (OL404's production
    /// consumer).
    pub fn related_is_chain(self) -> bool {
        self.group() == Group::Boundary && self != Rule::ScratchJoinsGroup
    }

    /// Languages the rule has examples for in its document.
    pub fn languages(self) -> Vec<&'static str> {
        let doc = self.doc();
        [
            ("python", "```python"),
            ("rust", "```rust"),
            ("java", "```java"),
        ]
        .into_iter()
        .filter(|(_, fence)| doc.contains(fence))
        .map(|(lang, _)| lang)
        .collect()
    }
}

impl FromStr for Rule {
    type Err = ();

    fn from_str(s: &str) -> Result<Self, ()> {
        Rule::ALL
            .iter()
            .copied()
            .find(|r| r.code().eq_ignore_ascii_case(s) || r.name() == s)
            .ok_or(())
    }
}

/// Rules selected by a selector: a code, a name, a code prefix (`OL1`, `OL`) or `ALL`.
pub fn select(selector: &str) -> Option<Vec<Rule>> {
    let s = selector.trim();
    if s.eq_ignore_ascii_case("ALL") {
        return Some(Rule::ALL.to_vec());
    }
    if let Ok(rule) = s.parse::<Rule>() {
        return Some(vec![rule]);
    }
    let upper = s.to_ascii_uppercase();
    let rules: Vec<Rule> = Rule::ALL
        .iter()
        .copied()
        .filter(|r| r.code().starts_with(&upper))
        .collect();
    (upper.starts_with("OL") && !rules.is_empty()).then_some(rules)
}

/// A set of rules (a bit per rule): what is enabled for a run or a file.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct RuleSet(u64);

impl RuleSet {
    pub const EMPTY: RuleSet = RuleSet(0);

    pub fn all() -> RuleSet {
        Rule::ALL.iter().copied().collect()
    }

    pub fn contains(self, rule: Rule) -> bool {
        self.0 & (1 << rule.index()) != 0
    }

    pub fn insert(&mut self, rule: Rule) {
        self.0 |= 1 << rule.index();
    }

    pub fn remove(&mut self, rule: Rule) {
        self.0 &= !(1 << rule.index());
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn iter(self) -> impl Iterator<Item = Rule> {
        Rule::ALL.iter().copied().filter(move |r| self.contains(*r))
    }
}

impl FromIterator<Rule> for RuleSet {
    fn from_iter<I: IntoIterator<Item = Rule>>(iter: I) -> Self {
        let mut set = RuleSet::EMPTY;
        for r in iter {
            set.insert(r);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selectors() {
        assert_eq!(select("ALL").unwrap().len(), Rule::ALL.len());
        assert_eq!(select("bare-commit"), Some(vec![Rule::BareCommit]));
        assert_eq!(select("ol101"), Some(vec![Rule::BareCommit]));
        assert!(select("OL2").unwrap().contains(&Rule::FlushResultIgnored));
        assert!(!select("OL2").unwrap().contains(&Rule::BareCommit));
        assert_eq!(select("OL9"), None);
        assert_eq!(select("bare"), None);
    }

    #[test]
    fn default_severities() {
        let warnings: Vec<&str> = Rule::ALL
            .iter()
            .filter(|r| r.default_severity() == Severity::Warning)
            .map(|r| r.code())
            .collect();
        assert_eq!(
            warnings,
            ["OL001", "OL002", "OL205", "OL401", "OL402", "OL403", "OL404"]
        );
        assert_eq!(Severity::parse("warning"), Some(Severity::Warning));
        assert_eq!(Severity::parse("error"), Some(Severity::Error));
        assert_eq!(Severity::parse("info"), None);
    }

    #[test]
    fn rule_set() {
        let mut s = RuleSet::EMPTY;
        s.insert(Rule::BareCommit);
        assert!(s.contains(Rule::BareCommit) && !s.contains(Rule::SyntaxError));
        s.remove(Rule::BareCommit);
        assert!(s.is_empty());
        assert_eq!(RuleSet::all().iter().count(), Rule::ALL.len());
    }
}
