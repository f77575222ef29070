//! Consumer constructions and their configuration: auto-commit, completeness, locality.

use super::constructed_client;
use crate::analysis::config::{ConfigValue, ConfigView, Known};
use crate::analysis::program::FileId;
use crate::analysis::resolve::Client;
use crate::analysis::FileAnalysis;
use crate::knowledge::{ConfigStyle, Role};
use crate::model::*;

/// Where a construction's configuration starts (`FileAnalysis::config_root`).
enum ConfigRoot<'e> {
    Expr(&'e Expr),
    AtCall,
    Unseen,
}

/// Where a construction's configuration comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConfigSource {
    /// Written at the construction: a literal, keyword arguments, a builder chain from
    /// `ClientConfig::new()`.
    Literal,
    /// A name bound to it (here or in another module: a constant, a variable), at `at`.
    Named {
        name: String,
        file: FileId,
        at: TextRange,
    },
    /// Returned by a function of the program (`make_conf()`).
    Helper { name: String },
    /// Visible, but built by an expression of another shape (`base | extra`).
    Expression,
    /// Not visible (a parameter, an unresolved call).
    Hidden,
}

impl<'p, 'm> FileAnalysis<'p, 'm> {
    /// Whether a consumer's visible configuration leaves automatic commits on: a group, and
    /// neither auto-commit nor (for librdkafka) the automatic offset store off (OL105; OL103's
    /// "the next commit covers the failed offset"). Each key must be known: set after any
    /// entries of unknown content, or left at its default in a complete config.
    pub fn auto_commit_on(&self, client: &Client) -> bool {
        let keys = &self.knowledge.lib(client.lib).auto_commit;
        let config = &client.config;
        // Without a group nothing is committed. A group that cannot be seen counts for an
        // explicit `true` where the client refuses one without a group (kafka-clients).
        let explicit_only = match config.known(keys.group) {
            Known::Unknown if keys.true_needs_group => true,
            Known::Default if keys.group_elsewhere => true,
            Known::Unknown | Known::Default | Known::Set(ConfigValue::Null) => return false,
            Known::Set(ConfigValue::Str(s)) if s.is_empty() => return false,
            Known::Set(_) => false,
        };
        if explicit_only && !matches!(config.known(keys.commit), Known::Set(_)) {
            return false;
        }
        // As the library defaults; a value that is not a literal or constant is not visible.
        let on = |key: &str| match config.known(key) {
            Known::Default => Some(keys.on_by_default),
            Known::Unknown
            | Known::Set(
                ConfigValue::Int(_)
                | ConfigValue::Other(_)
                | ConfigValue::Callback { .. }
                | ConfigValue::Null,
            ) => None,
            Known::Set(v) => Some(!v.is_false()),
        };
        on(keys.commit) == Some(true) && keys.store.is_none_or(|store| on(store) == Some(true))
    }

    /// Kafka clients of `role` constructed in this file, with the call that constructs each.
    pub fn constructions(&self, role: Role) -> Vec<(&'m Call, BodyId, Client)> {
        let all = self.constructions.get_or_init(|| {
            let mut out: Vec<(&'m Call, BodyId, Client)> = Vec::new();
            for (call, body) in &self.index.calls {
                let Some(client) = self.constructed_client(call, *body) else {
                    continue;
                };
                if !out.iter().any(|(c, _, _)| c.id == call.id) {
                    out.push((call, *body, client));
                }
            }
            out
        });
        all.iter()
            .filter(|(_, _, c)| c.role == role)
            .cloned()
            .collect()
    }

    /// Where a construction's configuration starts: the expression it is built from, the
    /// call's own keyword arguments, or nothing to see.
    fn config_root<'e>(&self, call: &'e Call, client: &Client) -> ConfigRoot<'e> {
        if self.resolver.is_builder_create(call) {
            return match call.func.as_method() {
                Some((recv, _)) => ConfigRoot::Expr(self.chain_root(recv)),
                None => ConfigRoot::Unseen,
            };
        }
        match (self.config_style(client), call.positional().next()) {
            (Some(ConfigStyle::DictAndKwargs), Some(a)) => ConfigRoot::Expr(&a.value),
            // `StreamConsumer::from_config(&cfg)`.
            (Some(ConfigStyle::Builder), Some(a)) => ConfigRoot::Expr(self.chain_root(&a.value)),
            (Some(ConfigStyle::Builder), None) => ConfigRoot::Unseen,
            // Keyword arguments (`KafkaConsumer("topic", group_id=..)`), or a dict style
            // given none: at the call.
            _ => ConfigRoot::AtCall,
        }
    }

    /// The expression a builder chain starts from: `ClientConfig::new()` for
    /// `ClientConfig::new().set(a, b).set(c, d)`, `config` for `config.set(a, b)`.
    fn chain_root<'e>(&self, e: &'e Expr) -> &'e Expr {
        let mut cur = e;
        for _ in 0..64 {
            match cur {
                // A config made on the spot ends the chain (`Map.of(..)` is no builder step).
                Expr::Call(c) if self.is_literal_call(c) => return cur,
                Expr::Call(c) => match c.func.as_method() {
                    Some((recv, _)) => cur = recv,
                    None => return cur,
                },
                Expr::Await { value, .. } | Expr::Try { value, .. } => cur = value,
                _ => return cur,
            }
        }
        cur
    }

    /// `ClientConfig::new()` / `ClientConfig::default()`.
    fn is_fresh_builder(&self, c: &Call) -> bool {
        self.resolver.is_fresh_builder(self.file, BodyId(0), c)
    }

    /// A call that makes a config on the spot: `ClientConfig::new()`, `dict(..)`.
    fn is_literal_call(&self, c: &Call) -> bool {
        self.is_fresh_builder(c)
            || c.func.dotted().is_some_and(|d| {
                d[..] == ["dict"] || crate::knowledge::vocab::is_java_map_literal(&d)
            })
    }

    /// How the client's type takes its configuration (a dict, keyword arguments, a builder).
    fn config_style(&self, client: &Client) -> Option<ConfigStyle> {
        self.knowledge
            .clients
            .iter()
            .find(|t| t.lib == client.lib && Some(t.name.as_str()) == client.ty.as_deref())
            .map(|t| t.config)
    }

    /// Where a construction's configuration comes from, as far as resolution sees it (the
    /// inventory shows it beside the settings read from it).
    pub fn config_source(&self, call: &Call, body: BodyId, client: &Client) -> ConfigSource {
        if client.config == ConfigView::Hidden {
            return ConfigSource::Hidden;
        }
        match self.config_root(call, client) {
            ConfigRoot::Expr(root) => self.source_of(root, body),
            ConfigRoot::AtCall => ConfigSource::Literal,
            ConfigRoot::Unseen => ConfigSource::Hidden,
        }
    }

    fn source_of(&self, root: &Expr, body: BodyId) -> ConfigSource {
        let helper = |c: &Call| ConfigSource::Helper {
            name: c.func.dotted().map_or_else(
                || c.func.last_name().unwrap_or("?").to_string(),
                |d| d.join(self.module.lang.path_separator()),
            ),
        };
        match root {
            Expr::Dict { .. } | Expr::Record(_) => ConfigSource::Literal,
            Expr::Call(c) if self.is_literal_call(c) => ConfigSource::Literal,
            Expr::Call(c) => helper(c),
            Expr::Name { id, .. } => match self.resolver.definition(self.file, body, id, 0) {
                Some((f, _, value)) => match self.chain_root(value) {
                    Expr::Call(c) if !self.is_literal_call(c) => helper(c),
                    value => ConfigSource::Named {
                        name: id.to_string(),
                        file: f,
                        at: value.range(),
                    },
                },
                None => ConfigSource::Expression,
            },
            _ => ConfigSource::Expression,
        }
    }

    fn constructed_client(&self, call: &'m Call, body: BodyId) -> Option<Client> {
        constructed_client(&self.resolver, self.file, self.index, call, body)
    }
}
