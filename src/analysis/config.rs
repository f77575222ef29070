//! What a client's construction visibly configures (OL101's offset store, OL201's global
//! delivery callback, later OL105's auto-commit). Only configuration written out in the same
//! function counts as visible; anything built elsewhere is `Hidden`.

use super::index::BodyIndex;
use super::names::Names;
use crate::knowledge::{ConfigStyle, Knowledge};
use crate::model::*;

#[derive(Debug, Clone, PartialEq)]
pub enum ConfigValue {
    Str(String),
    Bool(bool),
    Other,
}

impl ConfigValue {
    fn of(expr: &Expr) -> Self {
        match expr {
            Expr::Lit {
                lit: Lit::Str(s), ..
            } => ConfigValue::Str(s.clone()),
            Expr::Lit {
                lit: Lit::Bool(b), ..
            } => ConfigValue::Bool(*b),
            _ => ConfigValue::Other,
        }
    }

    pub fn is_false(&self) -> bool {
        match self {
            ConfigValue::Bool(b) => !b,
            ConfigValue::Str(s) => s.eq_ignore_ascii_case("false"),
            ConfigValue::Other => false,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum ConfigView {
    /// Built elsewhere (a parameter, a helper's return value): nothing is known.
    Hidden,
    Visible {
        entries: Vec<(String, ConfigValue)>,
        /// A `**spread` or a shared base config: more entries may exist.
        open: bool,
        /// rdkafka: created with a custom context (`create_with_context`).
        custom_context: bool,
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

    pub fn is_open(&self) -> bool {
        matches!(self, ConfigView::Visible { open: true, .. })
    }

    pub fn is_visible(&self) -> bool {
        matches!(self, ConfigView::Visible { .. })
    }

    pub fn has_custom_context(&self) -> bool {
        matches!(
            self,
            ConfigView::Visible {
                custom_context: true,
                ..
            }
        )
    }
}

#[derive(Default)]
struct Collected {
    entries: Vec<(String, ConfigValue)>,
    open: bool,
}

impl Collected {
    fn dict(&mut self, items: &[(Option<Expr>, Expr)]) {
        for (k, v) in items {
            match k.as_ref().and_then(Expr::as_str) {
                Some(key) => self.entries.push((key.to_string(), ConfigValue::of(v))),
                // `**spread` or a computed key
                None => self.open = true,
            }
        }
    }

    fn view(self, custom_context: bool) -> ConfigView {
        ConfigView::Visible {
            entries: self.entries,
            open: self.open,
            custom_context,
        }
    }
}

/// Reads the configuration of a client constructed by `call` in a body indexed by `index`.
pub struct ConfigReader<'a> {
    pub index: &'a BodyIndex<'a>,
    pub names: &'a Names,
    pub knowledge: &'a Knowledge,
}

impl ConfigReader<'_> {
    /// A Python-style constructor call: `Consumer(conf, **kw)`, `AIOKafkaConsumer(group_id=..)`.
    pub fn constructor(&self, call: &Call, style: ConfigStyle) -> ConfigView {
        match style {
            ConfigStyle::Builder => self.builder_arg(call),
            ConfigStyle::DictAndKwargs | ConfigStyle::Kwargs => {
                let mut c = Collected::default();
                let mut positional = call.positional();
                if style == ConfigStyle::DictAndKwargs {
                    if let Some(first) = positional.next() {
                        if !self.dict_value(&first.value, &mut c) {
                            return ConfigView::Hidden;
                        }
                    }
                }
                for arg in &call.args {
                    match (&arg.name, arg.spread) {
                        (Some(name), _) => {
                            c.entries.push((name.clone(), ConfigValue::of(&arg.value)))
                        }
                        (None, Spread::DoubleStar) => {
                            if !self.dict_value(&arg.value, &mut c) {
                                c.open = true;
                            }
                        }
                        (None, Spread::Star) => c.open = true,
                        (None, Spread::None) => {}
                    }
                }
                c.view(false)
            }
        }
    }

    /// A dict literal, or a name bound to one in this body (plus its `x["k"] = v` and
    /// `x.update({..})`). Returns false when the value is not visible.
    fn dict_value(&self, expr: &Expr, c: &mut Collected) -> bool {
        match expr {
            Expr::Dict { items, .. } => {
                c.dict(items);
                true
            }
            Expr::Name { id, .. } => {
                let Some(values) = self.index.assigns.get(id.as_str()) else {
                    return false;
                };
                let mut any = false;
                for (value, _) in values {
                    if let Expr::Dict { items, .. } = value {
                        c.dict(items);
                        any = true;
                    }
                }
                if !any {
                    return false;
                }
                for (key, value) in self
                    .index
                    .item_assigns
                    .get(id.as_str())
                    .into_iter()
                    .flatten()
                {
                    match key.as_str() {
                        Some(k) => c.entries.push((k.to_string(), ConfigValue::of(value))),
                        None => c.open = true,
                    }
                }
                for call in self
                    .index
                    .method_calls
                    .get(id.as_str())
                    .into_iter()
                    .flatten()
                {
                    if call.func.last_name() == Some("update") {
                        match call.args.first().map(|a| &a.value) {
                            Some(Expr::Dict { items, .. }) => c.dict(items),
                            _ => c.open = true,
                        }
                    }
                }
                true
            }
            _ => false,
        }
    }

    /// Rust `StreamConsumer::from_config(&cfg)`: the config is the argument.
    fn builder_arg(&self, call: &Call) -> ConfigView {
        let custom = call.func.last_name().is_some_and(|n| n.contains("context"));
        match call.args.first() {
            Some(arg) => self.builder_chain(&arg.value, custom),
            None => ConfigView::Hidden,
        }
    }

    /// Rust builder: `ClientConfig::new().set(k, v)...create()` or `cfg.create()` where `cfg`
    /// was built in this body.
    pub fn builder_create(&self, create: &Call) -> ConfigView {
        let custom = create
            .func
            .last_name()
            .is_some_and(|n| self.knowledge.builder_create_with_context.contains(&n));
        match create.func.as_method() {
            Some((receiver, _)) => self.builder_chain(receiver, custom),
            None => ConfigView::Hidden,
        }
    }

    fn builder_chain(&self, expr: &Expr, custom: bool) -> ConfigView {
        let mut c = Collected::default();
        if self.collect_chain(expr, &mut c, 0) {
            c.view(custom)
        } else {
            ConfigView::Hidden
        }
    }

    /// Walks `.set(k, v)` calls down to the root; true when the root is a fresh builder.
    fn collect_chain(&self, expr: &Expr, c: &mut Collected, depth: u32) -> bool {
        if depth > 64 {
            return false;
        }
        match expr {
            Expr::Call(call) => {
                if let Some(path) = self.names.qualify_expr(&call.func) {
                    // `ClientConfig::new()` / `ClientConfig::default()`
                    if path.len() >= 2 && self.knowledge.is_builder_type(&path[..path.len() - 1]) {
                        return matches!(path.last().map(String::as_str), Some("new" | "default"));
                    }
                }
                let Some((receiver, method)) = call.func.as_method() else {
                    return false;
                };
                if self.knowledge.config_setters.contains(&method) {
                    let ok = self.collect_chain(receiver, c, depth + 1);
                    self.push_set(call, c);
                    return ok;
                }
                // Logging level and other setters that do not change what we read; copies.
                if method.starts_with("set_") || matches!(method, "clone" | "to_owned") {
                    return self.collect_chain(receiver, c, depth + 1);
                }
                // `base.clone().set(..)`: a shared base config is not visible.
                false
            }
            Expr::Name { id, .. } => {
                let Some(values) = self.index.assigns.get(id.as_str()) else {
                    return false;
                };
                let Some((first, _)) = values.first() else {
                    return false;
                };
                if !self.collect_chain(first, c, depth + 1) {
                    return false;
                }
                for call in self
                    .index
                    .method_calls
                    .get(id.as_str())
                    .into_iter()
                    .flatten()
                {
                    if call
                        .func
                        .last_name()
                        .is_some_and(|m| self.knowledge.config_setters.contains(&m))
                    {
                        self.push_set(call, c);
                    }
                }
                true
            }
            _ => false,
        }
    }

    fn push_set(&self, call: &Call, c: &mut Collected) {
        let mut args = call.positional();
        match (args.next().and_then(|a| a.value.as_str()), args.next()) {
            (Some(key), Some(value)) => c
                .entries
                .push((key.to_string(), ConfigValue::of(&value.value))),
            _ => c.open = true,
        }
    }
}
