//! What a client's construction visibly configures (OL101's offset store, OL201's global
//! delivery callback, later OL105's auto-commit). A config is visible when resolution reaches
//! its construction (the same function, a module constant, a helper that builds it, a settings
//! module); a parameter or anything else that cannot be followed is `Hidden`.
//! The data only: reading it from a construction needs the resolver and is
//! `resolve/config_reader.rs` (so the dependency goes one way, resolve to config).

use crate::model::*;

#[derive(Debug, Clone, PartialEq)]
pub enum ConfigValue {
    Str(String),
    Bool(bool),
    /// An integer literal (`"acks": 1`).
    Int(i64),
    /// `None` (Python): the setting is explicitly absent (`group_id=None`).
    Null,
    /// A string constant the value resolves to (`GROUP_ID`, `settings.GROUP_ID`), not written
    /// at the setting: the same value as the literal (OL404), but not a literal (OL105,
    /// OL205 judge literals only).
    Const(String),
    Other,
}

impl ConfigValue {
    pub(super) fn of(expr: &Expr) -> Self {
        match expr {
            Expr::Lit {
                lit: Lit::Str(s), ..
            } => ConfigValue::Str(s.clone()),
            Expr::Lit {
                lit: Lit::Bool(b), ..
            } => ConfigValue::Bool(*b),
            Expr::Lit {
                lit: Lit::Int(i), ..
            } => ConfigValue::Int(*i),
            Expr::Lit { lit: Lit::None, .. } => ConfigValue::Null,
            _ => ConfigValue::Other,
        }
    }

    pub fn is_false(&self) -> bool {
        match self {
            ConfigValue::Bool(b) => !b,
            ConfigValue::Str(s) => s.eq_ignore_ascii_case("false"),
            ConfigValue::Int(_)
            | ConfigValue::Null
            | ConfigValue::Const(_)
            | ConfigValue::Other => false,
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
    },
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
            } => {
                entries.extend(settings);
                ConfigView::Visible {
                    entries,
                    open,
                    spread,
                }
            }
            ConfigView::Hidden => ConfigView::Visible {
                entries: settings.collect(),
                open: true,
                spread: false,
            },
        }
    }

    /// Whether unknown entries were spread into it (one may be a global callback).
    pub fn is_spread(&self) -> bool {
        matches!(self, ConfigView::Visible { spread: true, .. })
    }
}
