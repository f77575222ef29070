//! What a client's construction visibly configures (OL101's offset store, OL201's global
//! delivery callback, later OL105's auto-commit). A config is visible when resolution reaches
//! its construction (the same function, a module constant, a helper that builds it, a settings
//! module); a parameter or anything else that cannot be followed is `Hidden`.
//! The data only: reading it from a construction needs the resolver and is
//! `resolve/config_reader.rs` (so the dependency goes one way, resolve to config).

use crate::analysis::callbacks::CallbackKind;
use crate::model::*;

/// An expression as written, when it is a name, an attribute path or a call of one
/// (`settings.group`, `os.environ.get(..)`).
pub fn spelled(e: &Expr) -> Option<String> {
    match e {
        Expr::Name { id, .. } => Some(id.to_string()),
        Expr::Attr { value, attr, .. } => Some(format!("{}.{attr}", spelled(value)?)),
        Expr::Call(call) => Some(format!("{}(..)", spelled(&call.func)?)),
        Expr::Await { value, .. } | Expr::Try { value, .. } => spelled(value),
        _ => None,
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum ConfigValue {
    Str(String),
    Bool(bool),
    /// An integer literal (`"acks": 1`).
    Int(i64),
    /// `None` (Python): the setting is explicitly absent (`group_id=None`).
    Null,
    /// A string constant the value resolves to (`GROUP_ID`, `settings.GROUP_ID`, a Rust
    /// `const`), not written at the setting: one literal of the project, judged as the
    /// literal is (OL105, OL205, OL404).
    Const(String),
    /// A program function or lambda (a global delivery callback): its name, and what it does
    /// with a report.
    Callback {
        name: Option<String>,
        kind: CallbackKind,
    },
    /// A value that is not known, spelled when it is a name, an attribute path or a call
    /// (`config.host_ingress_consumer_group`, `os.environ.get(..)`).
    Other(Option<String>),
}

impl ConfigValue {
    pub(super) fn of(expr: &Expr) -> Self {
        match expr {
            Expr::Lit {
                lit: Lit::Str(s), ..
            } => ConfigValue::Str(s.to_string()),
            Expr::Lit {
                lit: Lit::Bool(b), ..
            } => ConfigValue::Bool(*b),
            Expr::Lit {
                lit: Lit::Int(i), ..
            } => ConfigValue::Int(*i),
            Expr::Lit { lit: Lit::None, .. } => ConfigValue::Null,
            _ => ConfigValue::Other(spelled(expr)),
        }
    }

    /// The expression a value came from, when it is not a literal (the inventory shows it).
    pub fn expression(&self) -> Option<&str> {
        match self {
            ConfigValue::Const(_) | ConfigValue::Str(_) => None,
            ConfigValue::Callback { name, .. } | ConfigValue::Other(name) => name.as_deref(),
            ConfigValue::Bool(_) | ConfigValue::Int(_) | ConfigValue::Null => None,
        }
    }

    pub fn is_false(&self) -> bool {
        match self {
            ConfigValue::Bool(b) => !b,
            ConfigValue::Str(s) | ConfigValue::Const(s) => s.eq_ignore_ascii_case("false"),
            ConfigValue::Int(_)
            | ConfigValue::Null
            | ConfigValue::Callback { .. }
            | ConfigValue::Other(_) => false,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum ConfigView {
    /// Built elsewhere (a parameter, a helper's return value): nothing is known.
    Hidden,
    Visible {
        entries: Vec<(String, ConfigValue)>,
        /// A `**spread`, a shared base config or an `update(..)` of unknown content: more
        /// entries may exist, so the config is not complete (OL105).
        open: bool,
        /// Some of those unknown entries were spread into the config itself (`**extra`, a key
        /// that is not a constant): one of them may be a global callback (OL201). An
        /// `update(extra)` of settings is open but not spread: the catalog names the spread as
        /// what may carry `on_delivery`.
        spread: bool,
        /// Entries from this index on were set after the last entries of unknown content, so
        /// they are known whatever those held (`{**base, "acks": 1}` with `base` unseen).
        known_from: usize,
    },
}

/// What a configuration is known to give one key ([`ConfigView::known`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Known<'a> {
    /// Set to this, after any entries of unknown content.
    Set(&'a ConfigValue),
    /// Not set, and the config is complete: the client's default applies.
    Default,
    /// Not visible, or possibly set by entries of unknown content.
    Unknown,
}

impl ConfigView {
    pub fn get(&self, key: &str) -> Option<&ConfigValue> {
        match self {
            ConfigView::Visible { entries, .. } => {
                entries.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v)
            }
            ConfigView::Hidden => None,
        }
    }

    /// This config with `settings` written on top (a subclass constructor's
    /// `config["on_delivery"] = cb`). Settings on a hidden config are all that is known of it:
    /// the rest stays unknown (`open`), but what was written there is seen.
    pub fn with_settings(self, settings: impl IntoIterator<Item = (String, ConfigValue)>) -> Self {
        let mut settings = settings.into_iter().peekable();
        if settings.peek().is_none() {
            return self;
        }
        match self {
            ConfigView::Visible {
                mut entries,
                open,
                spread,
                known_from,
            } => {
                entries.extend(settings);
                ConfigView::Visible {
                    entries,
                    open,
                    spread,
                    known_from,
                }
            }
            ConfigView::Hidden => ConfigView::Visible {
                entries: settings.collect(),
                open: true,
                spread: false,
                known_from: 0,
            },
        }
    }

    /// What the config is known to give `key`: a value set after every entry of unknown
    /// content, the client's default when the config is complete, or unknown (a key only a
    /// spread of unknown content might set is never read as its default).
    pub fn known(&self, key: &str) -> Known<'_> {
        self.known_any(&[key])
    }

    /// [`ConfigView::known`] for a setting spelled several ways (`acks` and its alias
    /// `request.required.acks`): the last entry setting any of them wins.
    pub fn known_any(&self, keys: &[&str]) -> Known<'_> {
        let ConfigView::Visible {
            entries,
            open,
            known_from,
            ..
        } = self
        else {
            return Known::Unknown;
        };
        match entries
            .iter()
            .rposition(|(k, _)| keys.contains(&k.as_str()))
        {
            Some(i) if i >= *known_from => Known::Set(&entries[i].1),
            Some(_) if *open => Known::Unknown,
            Some(i) => Known::Set(&entries[i].1),
            None if *open => Known::Unknown,
            None => Known::Default,
        }
    }

    /// Whether unknown entries were spread into it (one may be a global callback).
    pub fn is_spread(&self) -> bool {
        matches!(self, ConfigView::Visible { spread: true, .. })
    }
}
