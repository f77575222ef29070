//! Config reading: which settings a client's construction visibly gives, following names,
//! constants, helpers and imports wherever resolution reaches (a parameter or anything else
//! that cannot be followed is `Hidden`).

use super::values::{ClassRef, Client, FuncRef, Value};
use super::Resolver;
use crate::analysis::callbacks::classify;
use crate::analysis::config::ConfigValue;
use crate::analysis::config::ConfigView;
use crate::analysis::index::FileIndex;
use crate::analysis::program::{FileId, ImportTarget};
use crate::analysis::uses::End;
use crate::knowledge::vocab::{
    is_java_map_copy, is_java_map_literal, CLIENT_CONFIG_SETTERS, JAVA_MAP_BUILDERS,
    JAVA_MAP_LOADERS, JAVA_MAP_SETTERS, NESTED_CONFIG_KEYS,
};
use crate::knowledge::ConfigStyle;
use crate::model::*;

#[derive(Default, PartialEq)]
struct Collected {
    entries: Vec<(String, ConfigValue)>,
    open: bool,
    spread: bool,
    /// Entries from here on were set after every entry of unknown content.
    known_from: usize,
}

impl Collected {
    /// Entries of unknown content spread into the config.
    fn spread(&mut self) {
        self.unknown();
        self.spread = true;
    }

    /// Settings of unknown content (`conf.update(extra)`): what was set before may be
    /// overridden, what is set after is known.
    fn unknown(&mut self) {
        self.open = true;
        self.known_from = self.entries.len();
    }

    /// Adds what another reading collected, after what is here.
    fn append(&mut self, other: Collected) {
        if other.open {
            self.open = true;
            self.known_from = self.entries.len() + other.known_from;
        }
        self.spread |= other.spread;
        self.entries.extend(other.entries);
    }

    /// What two call sites' configs both give: the settings they agree on, known; the rest
    /// of unknown content (services passing their own `client.id` and one shared
    /// `on_delivery`).
    fn agreed(self, other: Collected) -> Collected {
        if self == other {
            return self;
        }
        let mut out = Collected::default();
        out.spread();
        for (key, value) in self.known() {
            if other.known().any(|(k, v)| k == key && v == value)
                && out.entries.iter().all(|(k, _)| k != key)
            {
                out.entries.push((key.clone(), value.clone()));
            }
        }
        out
    }

    /// Each key's last entry, when it is set after every entry of unknown content.
    fn known(&self) -> impl Iterator<Item = (&String, &ConfigValue)> {
        let from = if self.open { self.known_from } else { 0 };
        (self.entries.iter().enumerate())
            .filter(move |(i, (k, _))| {
                *i >= from && !self.entries[i + 1..].iter().any(|(later, _)| later == k)
            })
            .map(|(_, (k, v))| (k, v))
    }

    fn view(self) -> ConfigView {
        ConfigView::Visible {
            entries: self.entries,
            open: self.open,
            spread: self.spread,
            known_from: self.known_from,
        }
    }
}

/// Reads the configuration of a client constructed by a call in body `b` of file `f`,
/// following names, constants, helpers and imports wherever resolution reaches.
pub struct ConfigReader<'r, 'p, 'm> {
    resolver: &'r Resolver<'p, 'm>,
    f: FileId,
    b: BodyId,
}

/// Nesting budget for configs built from configs.
const MAX_DEPTH: u32 = 16;

/// What following a parameter to its call sites costs of [`MAX_DEPTH`]: two levels at most
/// (each level reads up to 64 callers).
const CALLER_DEPTH: u32 = 7;

impl<'r, 'p, 'm> ConfigReader<'r, 'p, 'm> {
    pub fn new(resolver: &'r Resolver<'p, 'm>, f: FileId, b: BodyId) -> Self {
        ConfigReader { resolver, f, b }
    }

    fn index(&self, f: FileId) -> Option<&'p FileIndex<'m>> {
        self.resolver.program.index(f)
    }

    /// A setting's value: a literal, or the string constant it resolves to.
    fn value(&self, f: FileId, b: BodyId, expr: &Expr) -> ConfigValue {
        self.value_at(f, b, expr, 0)
    }

    /// [`ConfigReader::value`], `depth` call sites away from the config.
    fn value_at(&self, f: FileId, b: BodyId, expr: &Expr, depth: u32) -> ConfigValue {
        match ConfigValue::of(expr) {
            ConfigValue::Other(spelled) => {
                if let Some(s) = self.resolver.const_str(f, b, expr) {
                    return ConfigValue::Const(s);
                }
                // A parameter (`def producer_conf(acks)`): what every caller passes, when
                // they agree (`producer_conf("1")`).
                if let Some(v) = self.passed_value(f, b, expr, depth) {
                    return v;
                }
                // A helper's result (`acks=_resolve_acks(settings.acks)`).
                if let Some(v) = self.returned_value(f, b, expr, depth) {
                    return v;
                }
                let vocab = &self.resolver.knowledge.vocab;
                // A callback (`"on_delivery": record_failure`, a lambda): what it does.
                match self.resolver.callable_body(f, b, expr) {
                    Some((stmts, params)) => ConfigValue::Callback {
                        name: spelled,
                        kind: classify(stmts, params, vocab),
                    },
                    None => ConfigValue::Other(spelled),
                }
            }
            v => v,
        }
    }

    /// The value every call site passes for the parameter `expr` names, when they all agree
    /// on a known one; two call levels at most.
    fn passed_value(&self, f: FileId, b: BodyId, expr: &Expr, depth: u32) -> Option<ConfigValue> {
        // `self._auto_commit`, set once from a constructor parameter
        // (`self._auto_commit = enable_auto_commit`): what the constructor's callers pass.
        if let Expr::Attr { value, attr, .. } = expr {
            let Some(Value::Instance(cls)) = self.resolver.value(f, b, value) else {
                return None;
            };
            return match self.self_attr_assigns(cls, attr).as_slice() {
                [(ib, v @ Expr::Name { .. })] => self.passed_value(cls.file, *ib, v, depth),
                // A settings class's field default (`ENABLE_AUTO_COMMIT: bool = True` on a
                // `BaseSettings`), set nowhere else in the program: that literal.
                [] if self.resolver.program.attr_sets(attr).is_empty() => {
                    let class = self.resolver.class(cls)?;
                    let (_, default) = class.attrs.iter().rev().find(|(n, _)| n == attr)?;
                    let v = ConfigValue::of(default);
                    matches!(
                        v,
                        ConfigValue::Str(_) | ConfigValue::Int(_) | ConfigValue::Bool(_)
                    )
                    .then_some(v)
                }
                _ => None,
            };
        }
        let Expr::Name { id, .. } = expr else {
            return None;
        };
        let index = self.index(f)?;
        let local = (index.bodies.get(b.0 as usize)?.assigns).contains_key(id.as_str());
        let i = index.body(b).params.iter().position(|p| p.name == *id)?;
        if local
            || depth >= 2
            || self
                .resolver
                .inherited_constructor(FuncRef { file: f, body: b })
        {
            return None;
        }
        let mut passed: Option<ConfigValue> = None;
        let mut agree = true;
        self.resolver
            .caller_args_or_default(FuncRef { file: f, body: b }, i, |g, cb, arg| {
                let v = self.value_at(g, cb, arg, depth + 1);
                agree = !matches!(v, ConfigValue::Other(_) | ConfigValue::Callback { .. })
                    && passed.as_ref().is_none_or(|p| *p == v);
                passed.get_or_insert(v);
                agree
            });
        if passed.is_none() && !self.resolver.has_callers(FuncRef { file: f, body: b }) {
            // Called from nowhere in the project (a library's factory, `def create(..,
            // acks="1")`): its users' calls that leave the argument out get the default.
            let body = index.body(b);
            let default = body.params[i].default.as_deref()?;
            let scope = body.parent.unwrap_or(BodyId(0));
            let v = self.value_at(f, scope, default, depth + 1);
            let literal = matches!(
                v,
                ConfigValue::Str(_)
                    | ConfigValue::Int(_)
                    | ConfigValue::Bool(_)
                    | ConfigValue::Const(_)
            );
            return literal.then_some(v);
        }
        passed.filter(|_| agree)
    }

    /// The value a call of a one-`return` program function gives, evaluated over what the
    /// call passes (`def _resolve_acks(v): return v if v == "all" else int(v)` called with
    /// the settings default `"1"`: `1`). `None` when any part of it is not known.
    fn returned_value(&self, f: FileId, b: BodyId, expr: &Expr, depth: u32) -> Option<ConfigValue> {
        let Expr::Call(call) = expr else { return None };
        if depth >= 2 || call.args.iter().any(|a| a.spread != Spread::None) {
            return None;
        }
        let func = self.helper(f, b, &call.func)?;
        let index = self.index(func.file)?;
        let [returned] = &index.bodies.get(func.body.0 as usize)?.returns[..] else {
            return None;
        };
        let body = index.body(func.body);
        let skip = usize::from(body.self_name.is_some());
        let mut positional = call.positional();
        let mut env = Vec::new();
        for p in body.params.iter().skip(skip) {
            let passed = match p.kind {
                ParamKind::Regular => positional.next().map(|a| &a.value),
                ParamKind::KeywordOnly => None,
                _ => return None,
            };
            let passed = passed.or_else(|| call.keyword(&p.name).map(|a| &a.value));
            let v = match (passed, p.default.as_deref()) {
                (Some(arg), _) => self.value_at(f, b, arg, depth + 1),
                (None, Some(d)) => self.value_at(func.file, BodyId(0), d, depth + 1),
                (None, None) => return None,
            };
            env.push((p.name.as_str(), v));
        }
        let v = evaluate(returned, &env)?;
        matches!(
            v,
            ConfigValue::Str(_)
                | ConfigValue::Int(_)
                | ConfigValue::Bool(_)
                | ConfigValue::Null
                | ConfigValue::Const(_)
        )
        .then_some(v)
    }

    /// A Python-style constructor call: `Consumer(conf, **kw)`, `AIOKafkaConsumer(group_id=..)`.
    pub fn constructor(&self, call: &Call, style: ConfigStyle) -> ConfigView {
        let (f, b) = (self.f, self.b);
        match style {
            ConfigStyle::Builder => self.builder_arg(call),
            ConfigStyle::DictAndKwargs | ConfigStyle::Kwargs => {
                let mut c = Collected::default();
                let mut positional = call.positional();
                if style == ConfigStyle::DictAndKwargs {
                    if let Some(first) = positional.next() {
                        if !self.dict_value(f, b, &first.value, &mut c, 0) {
                            return ConfigView::Hidden;
                        }
                    }
                }
                // Spreads first: a keyword written out cannot also come from a `**spread`
                // (Python raises on the duplicate), so it is known whatever the spread holds.
                let (named, spreads): (Vec<_>, Vec<_>) =
                    call.args.iter().partition(|a| a.name.is_some());
                for arg in spreads.into_iter().chain(named) {
                    match (&arg.name, arg.spread) {
                        (Some(name), _) => c
                            .entries
                            .push((name.to_string(), self.value(f, b, &arg.value))),
                        (None, Spread::DoubleStar) => {
                            if !self.dict_value(f, b, &arg.value, &mut c, 0) {
                                c.spread();
                            }
                        }
                        // Keyword-only settings (`AIOKafkaConsumer(*topics, group_id=..)`):
                        // the positional splat holds topics, never a setting.
                        (None, Spread::Star) if style == ConfigStyle::Kwargs => {}
                        (None, Spread::Star) => c.spread(),
                        (None, Spread::None) => {}
                    }
                }
                self.client_setters(call, &mut c);
                c.view()
            }
        }
    }

    /// Settings made on the constructed client itself, in the body that binds it
    /// (`factory.setTransactionIdPrefix("tx-")`, [`CLIENT_CONFIG_SETTERS`]).
    fn client_setters(&self, call: &Call, c: &mut Collected) {
        let (f, b) = (self.f, self.b);
        let Some(index) = self.index(f) else { return };
        let End::Bound(name) = &index.uses[call.id.0 as usize].end else {
            return;
        };
        let Some(bi) = index.bodies.get(b.0 as usize) else {
            return;
        };
        for set in bi.method_calls.get(name).into_iter().flatten() {
            let Some(&(_, key)) = (set.func.last_name())
                .and_then(|m| CLIENT_CONFIG_SETTERS.iter().find(|(s, _)| *s == m))
            else {
                continue;
            };
            match set.positional().next() {
                Some(v) => c
                    .entries
                    .push((key.to_string(), self.value(f, b, &v.value))),
                None => c.open = true,
            }
        }
    }

    /// Adds a dict literal's entries; a key that cannot be resolved to a string may be
    /// anything (`open`).
    fn dict(
        &self,
        f: FileId,
        b: BodyId,
        items: &[(Option<Expr>, Expr)],
        c: &mut Collected,
        depth: u32,
    ) {
        for (k, v) in items {
            match k {
                Some(k) => match self.resolver.const_str(f, b, k) {
                    Some(key) => self.entry(f, b, key, v, c, depth),
                    None => c.spread(),
                },
                // `**spread`: its entries when visible, else anything.
                None => {
                    if !self.dict_value(f, b, v, c, depth + 1) {
                        c.spread();
                    }
                }
            }
        }
    }

    /// One `key: value` setting; a nested map of settings (`"default.topic.config": {..}`)
    /// gives its entries as if set at the top.
    fn entry(
        &self,
        f: FileId,
        b: BodyId,
        key: String,
        value: &Expr,
        c: &mut Collected,
        depth: u32,
    ) {
        if NESTED_CONFIG_KEYS.contains(&key.as_str()) {
            let mut nested = Collected::default();
            if self.dict_value(f, b, value, &mut nested, depth + 1) {
                c.append(nested);
                return;
            }
        }
        c.entries.push((key, self.value(f, b, value)));
    }

    /// The entries of a dict-valued expression: a literal; a name bound to one (plus its
    /// `x["k"] = v` and `x.update({..})`), here, in the module or in an imported module; a
    /// helper's returned dict; `a | b`, `{**a, **b}`, `dict(a, k=v)`. Returns false when the
    /// value is not visible.
    fn dict_value(&self, f: FileId, b: BodyId, expr: &Expr, c: &mut Collected, depth: u32) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        match expr {
            Expr::Dict { items, .. } => {
                self.dict(f, b, items, c, depth);
                true
            }
            // `base | {..}`: both sides, in order; a side that is not visible is a spread of
            // unknown content (the other side's keys after it stay known).
            Expr::Derived {
                parts,
                hop: Hop::Operator,
                ..
            } if parts.len() == 2 => {
                let mut seen = false;
                for part in parts {
                    if self.dict_value(f, b, part, c, depth + 1) {
                        seen = true;
                    } else {
                        c.spread();
                    }
                }
                seen
            }
            // `settings.CONFIG`: a module's constant; `config.kafka_producer`,
            // `self.settings`: a class's attribute or field default.
            Expr::Attr { value, attr, .. } => match self.resolver.value(f, b, value) {
                Some(Value::Module(g)) => {
                    let Some((g, gb, v)) = self.resolver.definition(g, BodyId(0), attr, 0) else {
                        return false;
                    };
                    self.dict_value(g, gb, v, c, depth + 1) && {
                        self.later_sets(g, gb, attr, c);
                        true
                    }
                }
                // `self.kwargs` inside a client's own subclass: `self` is the client, and
                // the dict is still the class's attribute.
                Some(
                    Value::Instance(cls)
                    | Value::Class(cls)
                    | Value::Kafka(Client {
                        class: Some(cls), ..
                    }),
                ) => self.class_attr(cls, attr, c, depth + 1),
                _ => false,
            },
            Expr::Name { id, .. } => {
                let Some(index) = self.index(f) else {
                    return false;
                };
                let param = index.body(b).params.iter().find(|p| p.name == *id);
                let is_param = param.is_some();
                let none_default = param.is_some_and(|p| {
                    matches!(p.default.as_deref(), Some(Expr::Lit { lit: Lit::None, .. }))
                });
                let local = index
                    .bodies
                    .get(b.0 as usize)
                    .and_then(|bi| bi.assigns.get(id.as_str()))
                    // `extra = extra or {}`, or `if not extra: extra = {}` for a parameter
                    // that defaults to `None`: still what the callers pass.
                    .filter(|values| {
                        !(is_param && defaults_itself(values, id)
                            || none_default && values.iter().all(|(v, _)| is_dict_literal(v)))
                    });
                let Some(values) = local else {
                    // A parameter: what its callers pass, then what the body sets on it
                    // (`kwargs[option] = value`).
                    if is_param {
                        let read = self.callers_config(f, b, id, c, depth, |g, cb, arg, sub, d| {
                            self.dict_value(g, cb, arg, sub, d)
                        });
                        if read {
                            self.later_sets(f, b, id, c);
                        }
                        return read;
                    }
                    // Defined in an enclosing body, the module, or another module.
                    return match self.resolver.definition(f, b, id, 0) {
                        Some((g, gb, value)) if (g, gb) != (f, b) => {
                            self.dict_value(g, gb, value, c, depth + 1) && {
                                self.later_sets(g, gb, id, c);
                                true
                            }
                        }
                        _ => false,
                    };
                };
                let mut any = false;
                for (value, _) in values {
                    if self.dict_value(f, b, value, c, depth + 1) {
                        any = true;
                    } else {
                        c.spread();
                    }
                }
                // Rebound: which binding reaches the construction is not known.
                if values.len() > 1 {
                    c.unknown();
                }
                if any {
                    self.later_sets(f, b, id, c);
                }
                any
            }
            Expr::Call(call) => {
                if let Some(known) = self.java_map(f, b, call, c, depth) {
                    return known;
                }
                // `dict(base, k=v)`
                if call.func.dotted().as_deref() == Some(&["dict"][..]) {
                    self.dict_args(f, b, &call.args, c, depth + 1, Collected::spread);
                    return true;
                }
                // A helper returning a dict it built.
                self.helper(f, b, &call.func)
                    .is_some_and(|func| self.returned_dict(func, c, depth))
            }
            _ => false,
        }
    }

    /// The arguments of `dict(..)` or `conf.update(..)`, in order: mappings (positional or
    /// `**` spread) and `key=value` keywords; `unseen` marks a mapping whose content is not
    /// visible.
    fn dict_args(
        &self,
        f: FileId,
        b: BodyId,
        args: &[Arg],
        c: &mut Collected,
        depth: u32,
        unseen: fn(&mut Collected),
    ) {
        for arg in args {
            match &arg.name {
                Some(name) => (c.entries).push((name.to_string(), self.value(f, b, &arg.value))),
                None if self.dict_value(f, b, &arg.value, c, depth) => {}
                None => unseen(c),
            }
        }
    }

    /// The dict a program function (a helper, a property) returns.
    fn returned_dict(&self, func: FuncRef, c: &mut Collected, depth: u32) -> bool {
        let Some(bi) = (self.index(func.file)).and_then(|gi| gi.bodies.get(func.body.0 as usize))
        else {
            return false;
        };
        if let [value] = &bi.returns[..] {
            return self.dict_value(func.file, func.body, value, c, depth + 1);
        }
        // Several returns (`return {}` in test mode, the real settings otherwise): a call
        // gets one of them. When each is seen whole, a key none of them sets is absent
        // whichever it is, and a key they set alike is known; the others are unknown.
        let mut each = Vec::new();
        let (mut any, mut whole) = (false, true);
        for value in &bi.returns {
            let mut one = Collected::default();
            let seen = self.dict_value(func.file, func.body, value, &mut one, depth + 1);
            any |= seen;
            whole &= seen && !one.open;
            each.push(one);
        }
        if !whole {
            // One of them is not visible whole: which one a call gets is not known.
            for one in each {
                c.append(one);
            }
            c.unknown();
            return any;
        }
        let Some(first) = each.first() else {
            return false;
        };
        let mut keys: Vec<&String> = Vec::new();
        for (k, _) in each.iter().flat_map(|one| one.known()) {
            if !keys.contains(&k) {
                keys.push(k);
            }
        }
        let mut merged = Vec::new();
        for key in keys {
            fn value<'c>(one: &'c Collected, key: &str) -> Option<&'c ConfigValue> {
                one.known().find(|(k, _)| *k == key).map(|(_, v)| v)
            }
            let v =
                value(first, key).filter(|v| each.iter().all(|one| value(one, key) == Some(*v)));
            let v = v.cloned().unwrap_or(ConfigValue::Other(None));
            merged.push((key.clone(), v));
        }
        c.entries.extend(merged);
        true
    }

    /// A Java map built in place: `new Properties()`, `new HashMap<>(base)`,
    /// `Maps.newHashMap(base)`, `Map.of(k, v, ..)`,
    /// `Map.ofEntries(Map.entry(k, v), ..)`. `None` when the call is none of these.
    fn java_map(
        &self,
        f: FileId,
        b: BodyId,
        call: &Call,
        c: &mut Collected,
        depth: u32,
    ) -> Option<bool> {
        if let Some(known) = self.java_map_builder(f, b, call, c, depth) {
            return Some(known);
        }
        let path = call.func.dotted()?;
        if !is_java_map_literal(&path) {
            return None;
        }
        if is_java_map_copy(&path) {
            return Some(match call.args.first() {
                None => true,
                Some(base) => self.dict_value(f, b, &base.value, c, depth + 1),
            });
        }
        let pairs: Vec<(&Expr, &Expr)> = match *path.last()? {
            "of" => {
                let args: Vec<&Expr> = call.args.iter().map(|a| &a.value).collect();
                args.chunks(2)
                    .filter_map(|p| match p {
                        [k, v] => Some((*k, *v)),
                        _ => None,
                    })
                    .collect()
            }
            "ofEntries" => (call.args.iter())
                .filter_map(|a| match &a.value {
                    Expr::Call(e) if e.func.last_name() == Some("entry") && e.args.len() == 2 => {
                        Some((&e.args[0].value, &e.args[1].value))
                    }
                    _ => None,
                })
                .collect(),
            _ => return None,
        };
        for (k, v) in pairs {
            match self.resolver.const_str(f, b, k) {
                Some(key) => c.entries.push((key, self.value(f, b, v))),
                None => self.unknown_key(f, b, k, c),
            }
        }
        Some(true)
    }

    /// A Guava map builder chain: `ImmutableMap.<K, V>builder().put(k, v)..putAll(m)..build()`.
    /// `None` when the call is not one.
    fn java_map_builder(
        &self,
        f: FileId,
        b: BodyId,
        call: &Call,
        c: &mut Collected,
        depth: u32,
    ) -> Option<bool> {
        let (mut recv, "build") = call.func.as_method()? else {
            return None;
        };
        // The chain's calls, outermost first.
        let mut steps: Vec<&Call> = Vec::new();
        loop {
            let Expr::Call(inner) = recv else {
                return None;
            };
            let (next, method) = inner.func.as_method()?;
            match method {
                "put" | "putAll" => {
                    steps.push(inner);
                    recv = next;
                }
                "builder" => {
                    let root = next.dotted()?;
                    if !JAVA_MAP_BUILDERS.contains(root.last()?) || !inner.args.is_empty() {
                        return None;
                    }
                    break;
                }
                _ => return None,
            }
        }
        for step in steps.into_iter().rev() {
            match (step.func.last_name(), &step.args[..]) {
                (Some("put"), [k, v]) => match self.resolver.const_str(f, b, &k.value) {
                    Some(key) => c.entries.push((key, self.value(f, b, &v.value))),
                    None => self.unknown_key(f, b, &k.value, c),
                },
                (Some("putAll"), [m]) => {
                    if !self.dict_value(f, b, &m.value, c, depth + 1) {
                        c.spread();
                    }
                }
                _ => c.spread(),
            }
        }
        Some(true)
    }

    /// A class's dict-valued attribute: a class-level value or field default (a pydantic
    /// `Field(default=..)`, a dataclass `field(default_factory=lambda: {..})`), else the one
    /// `self.attr = {..}` its methods make; then its program base classes.
    fn class_attr(&self, cls: ClassRef, attr: &str, c: &mut Collected, depth: u32) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        let Some(class) = self.resolver.class(cls) else {
            return false;
        };
        let index = self.index(cls.file);
        if let Some((_, v)) = class.attrs.iter().rev().find(|(n, _)| n == attr) {
            let read = self.field_default(cls.file, v, c, depth + 1);
            // Changed by any method (a Java field `props = new Properties()` that a builder's
            // setter loads from a file, or a constructor fills): when, and with what, is not
            // known. The module body is no method, so every method counts.
            if read
                && index.is_some_and(|i| self.changed_in_methods(i, &class.name, attr, BodyId(0)))
            {
                c.unknown();
            }
            return read;
        }
        let Some(index) = index else {
            return false;
        };
        match self.self_attr_assigns(cls, attr).as_slice() {
            [(b, value)] => {
                let mut read = self.dict_value(cls.file, *b, value, c, depth + 1);
                // `self.conf = dict(conf); self.conf["on_delivery"] = cb` in the same method:
                // keys set after it, known whatever the base held.
                let bi = &index.bodies[b.0 as usize];
                for (_, key, v) in bi.self_item_assigns.iter().filter(|(a, ..)| *a == attr) {
                    if !read {
                        c.spread();
                        read = true;
                    }
                    match self.resolver.const_str(cls.file, *b, key) {
                        Some(k) => c.entries.push((k, self.value(cls.file, *b, v))),
                        None => c.spread(),
                    }
                }
                // Java: `this.props.setProperty(k, v)` (`put`, `putAll`) in the same method
                // (a bare `props.setProperty` on the field is lowered so): later keys too.
                read |= self.attr_setters(cls.file, *b, attr, read, c);
                // Keys other methods write under constant names (`self.conf["bootstrap_servers"]
                // = location` in `set_location`): set after the constructor, to what they are
                // given.
                for (i, body) in index.module.bodies.iter().enumerate() {
                    if i == b.0 as usize || body.class.as_deref() != Some(class.name.as_str()) {
                        continue;
                    }
                    let mb = BodyId(i as u32);
                    for (_, key, v) in
                        (index.bodies[i].self_item_assigns.iter()).filter(|(a, ..)| *a == attr)
                    {
                        match (read, self.resolver.const_str(cls.file, mb, key)) {
                            (true, Some(k)) => c.entries.push((k, self.value(cls.file, mb, v))),
                            (true, None) => c.unknown(),
                            (false, _) => {}
                        }
                    }
                }
                // Changed in place by a method (`self._conf.update(flat_conf(cfg))` in
                // `set_config`): when, and with what, is not known.
                if read && self.changed_in_methods(index, &class.name, attr, *b) {
                    c.unknown();
                }
                read
            }
            // A property (`@property def conf(self): d = dict(..); ..; return d`): the dict
            // it returns.
            [] => match self.resolver.find_method(cls, attr) {
                Some(m) if self.resolver.is_property(m) => self.returned_dict(m, c, depth),
                _ => (self.resolver.program_bases(cls).into_iter())
                    .any(|base| self.class_attr(base, attr, c, depth + 1)),
            },
            // Set in several places: which one a use sees is not known.
            _ => false,
        }
    }

    /// The `self.attr = value` assignments of class `cls`'s methods, with the method.
    fn self_attr_assigns(&self, cls: ClassRef, attr: &str) -> Vec<(BodyId, &'m Expr)> {
        let (Some(class), Some(index)) = (self.resolver.class(cls), self.index(cls.file)) else {
            return Vec::new();
        };
        let mut assigned = Vec::new();
        for (i, body) in index.module.bodies.iter().enumerate() {
            if body.class.as_deref() != Some(class.name.as_str()) {
                continue;
            }
            for (a, value, _) in &index.bodies[i].self_attr_assigns {
                if *a == attr {
                    assigned.push((BodyId(i as u32), *value));
                }
            }
        }
        assigned
    }

    /// The Java map setters a method `b` calls on its own attribute `attr`
    /// (`this.props.setProperty(k, v)`, `put`, `putAll`), read in order after what the
    /// attribute was assigned (`read`: whether that was visible); whether there were any.
    fn attr_setters(
        &self,
        f: FileId,
        b: BodyId,
        attr: &str,
        read: bool,
        c: &mut Collected,
    ) -> bool {
        let Some(index) = self.index(f) else {
            return false;
        };
        let me = index.body(b).self_name.as_deref();
        let mut any = false;
        for (call, cb) in &index.calls {
            let Some((recv, m)) = call.func.as_method() else {
                continue;
            };
            let on_attr = matches!(recv, Expr::Attr { value, attr: a, .. }
                if a == attr && matches!(&**value, Expr::Name { id, .. } if Some(id.as_str()) == me));
            let loads = JAVA_MAP_LOADERS.contains(&m);
            if *cb != b || !on_attr || !(JAVA_MAP_SETTERS.contains(&m) || m == "putAll" || loads) {
                continue;
            }
            if !read && !any {
                c.spread();
            }
            any = true;
            let mut args = call.positional();
            match (m, args.next(), args.next()) {
                // `props.load(stream)`: keys from a file, any of them.
                _ if loads => c.spread(),
                ("putAll", Some(a), None) if self.dict_value(f, b, &a.value, c, 1) => {}
                ("putAll", ..) => c.spread(),
                (_, Some(k), Some(v)) => match self.resolver.const_str(f, b, &k.value) {
                    Some(key) => c.entries.push((key, self.value(f, b, &v.value))),
                    None => self.unknown_key(f, b, &k.value, c),
                },
                _ => c.open = true,
            }
        }
        any
    }

    /// A setting whose key is not known: it may override anything set before, unless the
    /// key is another library's own constant (a schema registry's `SerdeConfig.REGISTRY_URL`,
    /// a SASL setting), which names none of the client settings the rules read.
    fn unknown_key(&self, f: FileId, b: BodyId, key: &Expr, c: &mut Collected) {
        let foreign = (self.resolver.external_path(f, b, key, 0))
            .is_some_and(|p| crate::knowledge::foreign_config_key(&p));
        if !foreign {
            c.spread();
        }
    }

    /// Whether a method of class `class` changes its dict attribute `attr` in place:
    /// `self.attr[k] = v` (but in the method that assigns it: read as later keys), or
    /// `self.attr.update(..)` (`setdefault`, `pop`, `clear`).
    fn changed_in_methods(
        &self,
        index: &FileIndex<'m>,
        class: &str,
        attr: &str,
        assigned_in: BodyId,
    ) -> bool {
        const CHANGES: &[&str] = &["update", "setdefault", "pop", "popitem", "clear"];
        // Java's map setters (read as later keys in the method that assigns it) and, below,
        // its loaders (`properties.load(stream)` in a builder's setter).
        const JAVA_CHANGES: &[&str] = &["put", "putAll", "setProperty", "putIfAbsent", "remove"];
        let on_attr = |e: &Expr, me: &str| {
            matches!(e, Expr::Attr { value, attr: a, .. }
                if a == attr && matches!(&**value, Expr::Name { id, .. } if id == me))
        };
        let method_of = |b: BodyId| {
            let body = index.body(b);
            (body.class.as_deref() == Some(class))
                .then_some(body.self_name.as_deref())
                .flatten()
        };
        // (Item sets under constant keys are read as later entries by `class_attr`.)
        index.calls.iter().any(|(call, b)| {
            method_of(*b).is_some_and(|me| {
                call.func.as_method().is_some_and(|(recv, m)| {
                    let java = JAVA_CHANGES.contains(&m) || JAVA_MAP_LOADERS.contains(&m);
                    (CHANGES.contains(&m) || java && *b != assigned_in) && on_attr(recv, me)
                })
            })
        })
    }

    /// A class-level default: the value itself, or what `Field(..)` / `field(..)` defaults to.
    fn field_default(&self, f: FileId, v: &Expr, c: &mut Collected, depth: u32) -> bool {
        let Expr::Call(call) = v else {
            return self.dict_value(f, BodyId(0), v, c, depth);
        };
        if !matches!(call.func.last_name(), Some("Field" | "field")) {
            return self.dict_value(f, BodyId(0), v, c, depth);
        }
        let arg = |name: &str| call.args.iter().find(|a| a.name.as_deref() == Some(name));
        if let Some(a) = arg("default").or_else(|| call.positional().next()) {
            return self.dict_value(f, BodyId(0), &a.value, c, depth);
        }
        match arg("default_factory").map(|a| &a.value) {
            // `default_factory=lambda: {..}`: what the lambda returns.
            Some(Expr::Closure(closure)) => match closure.body.as_slice() {
                [Stmt {
                    kind:
                        StmtKind::Exit {
                            kind: ExitKind::Return,
                            value: Some(value),
                        },
                    ..
                }] => self.dict_value(f, BodyId(0), value, c, depth),
                _ => false,
            },
            // `default_factory=make_conf`: what the helper returns, as a call of it.
            Some(func @ Expr::Name { .. }) => {
                let Some(Value::Func(func)) = self.resolver.value(f, BodyId(0), func) else {
                    return false;
                };
                let Some(bi) = self
                    .index(func.file)
                    .and_then(|i| i.bodies.get(func.body.0 as usize))
                else {
                    return false;
                };
                match &*bi.returns {
                    [value] => self.dict_value(func.file, func.body, value, c, depth),
                    _ => false,
                }
            }
            _ => false,
        }
    }

    /// The program function a config helper's call names: by resolution, or a Rust path
    /// written in full (`kafka::base_config()`, `crate::kafka::base_config()`).
    fn helper(&self, f: FileId, b: BodyId, callee: &Expr) -> Option<FuncRef> {
        if let Some(Value::Func(func)) = self.resolver.value(f, b, callee) {
            return Some(func);
        }
        let path: Vec<String> = (callee.dotted().filter(|p| p.len() >= 2)?.into_iter())
            .map(str::to_string)
            .collect();
        // A path whose first name is bound here is a value's attribute, not a module's item.
        let bound = self.resolver.definition(f, b, &path[0], 0).is_some()
            || (self.index(f)?.body(b).params.iter()).any(|p| p.name == path[0]);
        if bound {
            return None;
        }
        match self.resolver.program.resolve(f, &path, 0)? {
            ImportTarget::Item(g, items) if items.len() == 1 => {
                match self.resolver.module_name(g, &items[0])? {
                    Value::Func(func) => Some(func),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// A parameter's config: what every call site resolution sees passes (`def build(cfg)`
    /// called as `build(config())`), when they all can be read and agree. Call sites are
    /// followed two levels deep at most (each costs [`CALLER_DEPTH`] of the nesting budget).
    fn callers_config(
        &self,
        f: FileId,
        b: BodyId,
        name: &str,
        c: &mut Collected,
        depth: u32,
        read: impl Fn(FileId, BodyId, &Expr, &mut Collected, u32) -> bool,
    ) -> bool {
        let Some(index) = self.index(f) else {
            return false;
        };
        let Some(i) = index.body(b).params.iter().position(|p| p.name == name) else {
            return false;
        };
        let depth = depth + CALLER_DEPTH;
        if depth > MAX_DEPTH
            || self
                .resolver
                .inherited_constructor(FuncRef { file: f, body: b })
        {
            return false;
        }
        let mut passed: Option<Collected> = None;
        let mut readable = true;
        // A test's call site sets up the test, not what production code is given: production
        // code's config is not read from its tests (a library's `App(consumer_config)`
        // called only by its unit tests stays "not visible").
        let program = self.resolver.program;
        let callee_is_test = program.file(f).is_test();
        // The call sites' callees and arguments are resolved afresh: a cycle through them
        // (a constructor's config read from a parameter whose callers build that constructor)
        // ends with the resolver's budget.
        let func = FuncRef { file: f, body: b };
        let skipped = |g: FileId| !callee_is_test && program.file(g).is_test();
        let mut agree = |sub: Collected| {
            passed = Some(match passed.take() {
                None => sub,
                Some(p) => p.agreed(sub),
            });
        };
        let kwargs = index.body(b).params[i].kind == ParamKind::VarKwargs;
        let searched = self.resolver.deeper(|| {
            if kwargs {
                // `**kwargs`: the keywords each caller passes beyond the named parameters
                // (none: `MQReader(topic)` leaves every setting at its default).
                self.resolver.caller_kwargs(func, |g, cb, extra, splat| {
                    if skipped(g) {
                        return true;
                    }
                    let mut sub = Collected::default();
                    if splat {
                        sub.spread();
                    }
                    for (k, v) in extra {
                        sub.entries.push((k.to_string(), self.value(g, cb, v)));
                    }
                    agree(sub);
                    true
                })
            } else {
                self.resolver.caller_args(func, i, |g, cb, arg| {
                    if skipped(g) {
                        return true;
                    }
                    let mut sub = Collected::default();
                    readable = read(g, cb, arg, &mut sub, depth);
                    if readable {
                        agree(sub);
                    }
                    readable
                })
            }
        });
        if searched.is_none() {
            return false;
        }
        match (readable, passed) {
            (true, Some(p)) => {
                c.append(p);
                true
            }
            _ => false,
        }
    }

    /// `x["key"] = value` and `x.update({..})` on a config name in its body.
    fn later_sets(&self, f: FileId, b: BodyId, name: &str, c: &mut Collected) {
        self.later_sets_depth(f, b, name, c, 0);
    }

    /// `later_sets`, and the same in program functions the name is passed to
    /// (`add_callback(conf)` setting `conf["on_delivery"]`).
    fn later_sets_depth(&self, f: FileId, b: BodyId, name: &str, c: &mut Collected, depth: u32) {
        let Some(index) = self.index(f) else { return };
        let Some(bi) = index.bodies.get(b.0 as usize) else {
            return;
        };
        if depth < 4 {
            for (call, cb) in &index.calls {
                if *cb != b {
                    continue;
                }
                let Some(i) = call
                    .positional()
                    .position(|a| matches!(&a.value, Expr::Name { id, .. } if id == name))
                else {
                    continue;
                };
                if let Some(Value::Func(func)) = self.resolver.value(f, b, &call.func) {
                    let Some(gi) = self.index(func.file) else {
                        continue;
                    };
                    let body = gi.body(func.body);
                    let skip = usize::from(body.self_name.is_some());
                    if let Some(p) = body.params.get(i + skip) {
                        self.later_sets_depth(func.file, func.body, &p.name, c, depth + 1);
                    }
                }
            }
        }
        for (key, value) in bi.item_assigns.get(name).into_iter().flatten() {
            match self.resolver.const_str(f, b, key) {
                Some(k) => self.entry(f, b, k, value, c, depth),
                None => c.spread(),
            }
        }
        for call in bi.method_calls.get(name).into_iter().flatten() {
            let method = call.func.last_name();
            // Java: `props.put(k, v)`, `props.setProperty(k, v)`, `map.putAll(other)`.
            if method.is_some_and(|m| JAVA_MAP_SETTERS.contains(&m)) {
                let mut args = call.positional();
                match (args.next(), args.next()) {
                    (Some(k), Some(v)) => match self.resolver.const_str(f, b, &k.value) {
                        Some(key) => c.entries.push((key, self.value(f, b, &v.value))),
                        None => self.unknown_key(f, b, &k.value, c),
                    },
                    _ => c.open = true,
                }
                continue;
            }
            if method.is_some_and(|m| JAVA_MAP_LOADERS.contains(&m)) {
                c.spread();
                continue;
            }
            if method == Some("putAll") {
                match call.args.first() {
                    Some(a) if self.dict_value(f, b, &a.value, c, 1) => {}
                    _ => c.spread(),
                }
                continue;
            }
            if method == Some("update") {
                // `conf.update(extra, acks=1)`: settings of unknown content make the config
                // not complete, but are not a spread either.
                self.dict_args(f, b, &call.args, c, 1, Collected::unknown);
            }
        }
    }

    /// Rust `StreamConsumer::from_config(&cfg)`: the config is the argument.
    fn builder_arg(&self, call: &Call) -> ConfigView {
        match call.args.first() {
            Some(arg) => self.builder_chain(&arg.value),
            None => ConfigView::Hidden,
        }
    }

    /// Rust builder: `ClientConfig::new().set(k, v)...create()` or `cfg.create()` where `cfg`
    /// was built in this body, or by a helper that returns it.
    pub fn builder_create(&self, create: &Call) -> ConfigView {
        match create.func.as_method() {
            Some((receiver, _)) => self.builder_chain(receiver),
            None => ConfigView::Hidden,
        }
    }

    fn builder_chain(&self, expr: &Expr) -> ConfigView {
        let mut c = Collected::default();
        if self.collect_chain(self.f, self.b, expr, &mut c, 0) {
            c.view()
        } else {
            ConfigView::Hidden
        }
    }

    /// Walks `.set(k, v)` calls down to the root; true when the root is a fresh builder
    /// (here or in a helper that returns it).
    fn collect_chain(
        &self,
        f: FileId,
        b: BodyId,
        expr: &Expr,
        c: &mut Collected,
        depth: u32,
    ) -> bool {
        if depth > 64 {
            return false;
        }
        let knowledge = self.resolver.knowledge;
        let Some(index) = self.index(f) else {
            return false;
        };
        match expr {
            Expr::Call(call) => {
                if self.resolver.is_fresh_builder(f, b, call) {
                    return true;
                }
                // A helper that builds and returns the config (`base()`, `kafka::base()`, a
                // Rust path reading as a method call).
                let helper = match call.func.as_method() {
                    Some((_, method)) if knowledge.config_setters.contains(&method) => None,
                    _ => self.helper(f, b, &call.func),
                };
                if let Some(func) = helper {
                    let Some(bi) = self
                        .index(func.file)
                        .and_then(|i| i.bodies.get(func.body.0 as usize))
                    else {
                        return false;
                    };
                    return (bi.returns.iter())
                        .any(|r| self.collect_chain(func.file, func.body, r, c, depth + 1));
                }
                let Some((receiver, method)) = call.func.as_method() else {
                    return false;
                };
                // `base.clone().set(k, v)` on a base that cannot be seen: what is set after it
                // is known, the rest is not.
                if knowledge.config_setters.contains(&method) {
                    if !self.collect_chain(f, b, receiver, c, depth + 1) {
                        c.unknown();
                    }
                    self.push_set(f, b, call, c);
                    return true;
                }
                // Logging level and other setters that do not change what we read; copies.
                if method.starts_with("set_") || matches!(method, "clone" | "to_owned") {
                    return self.collect_chain(f, b, receiver, c, depth + 1);
                }
                // `base.clone().set(..)` on a shared base config is not visible.
                false
            }
            Expr::Name { id, .. } => {
                let Some(values) = index
                    .bodies
                    .get(b.0 as usize)
                    .and_then(|bi| bi.assigns.get(id.as_str()))
                else {
                    return false;
                };
                let Some((first, _)) = values.first() else {
                    return false;
                };
                let bi = &index.bodies[b.0 as usize];
                let sets: Vec<&Call> = (bi.method_calls.get(id.as_str()).into_iter().flatten())
                    .filter(|call| {
                        (call.func.last_name())
                            .is_some_and(|m| knowledge.config_setters.contains(&m))
                    })
                    .copied()
                    .collect();
                if !self.collect_chain(f, b, first, c, depth + 1) {
                    // Bound to a base that cannot be seen: only what is set on it is known.
                    if sets.is_empty() {
                        return false;
                    }
                    c.unknown();
                }
                for call in sets {
                    self.push_set(f, b, call, c);
                }
                true
            }
            _ => false,
        }
    }

    fn push_set(&self, f: FileId, b: BodyId, call: &Call, c: &mut Collected) {
        let mut args = call.positional();
        let key = args
            .next()
            .and_then(|a| self.resolver.const_str(f, b, &a.value));
        match (key, args.next()) {
            (Some(key), Some(value)) => c.entries.push((key, self.value(f, b, &value.value))),
            _ => c.unknown(),
        }
    }
}

impl<'p, 'm> Resolver<'p, 'm> {
    pub fn config_reader<'r>(&'r self, f: FileId, b: BodyId) -> ConfigReader<'r, 'p, 'm> {
        ConfigReader::new(self, f, b)
    }
}

/// `{..}` or `dict(..)`.
fn is_dict_literal(e: &Expr) -> bool {
    match e {
        Expr::Dict { .. } => true,
        Expr::Call(c) => c.func.dotted().as_deref() == Some(&["dict"][..]),
        _ => false,
    }
}

/// `x = x or {}` (or `x or dict()`): the parameter `x` itself, with a default for callers
/// that pass nothing.
fn defaults_itself(values: &[(&Expr, Option<&TypeRef>)], id: &str) -> bool {
    matches!(values, [(Expr::Derived { parts, hop: Hop::Logic(Logic::Or), .. }, _)]
        if matches!(parts.first(), Some(Expr::Name { id: first, .. }) if first == id))
}

/// A returned expression's value over its parameters' values: names, literals, a
/// conditional expression whose test compares them, and the conversions `int`, `str`,
/// `bool` and `.lower()`/`.upper()`/`.strip()`.
fn evaluate(expr: &Expr, env: &[(&str, ConfigValue)]) -> Option<ConfigValue> {
    match expr {
        Expr::Name { id, .. } => (env.iter().find(|(n, _)| n == id)).map(|(_, v)| v.clone()),
        Expr::Lit { .. } => Some(ConfigValue::of(expr)),
        Expr::Derived {
            parts,
            hop: Hop::Conditional,
            ..
        } => match &parts[..] {
            [test, then, otherwise] => match truth(test, env) {
                Some(true) => evaluate(then, env),
                Some(false) => evaluate(otherwise, env),
                None => Some(evaluate(then, env)?)
                    .filter(|v| evaluate(otherwise, env).as_ref() == Some(v)),
            },
            _ => None,
        },
        Expr::Call(call) => {
            let [arg] = &call.args[..] else {
                return match (call.func.as_method(), &call.args[..]) {
                    (Some((recv, m @ ("lower" | "upper" | "strip"))), []) => {
                        let v = evaluate(recv, env)?;
                        let s = text(&v)?;
                        Some(ConfigValue::Str(match m {
                            "lower" => s.to_lowercase(),
                            "upper" => s.to_uppercase(),
                            _ => s.trim().to_string(),
                        }))
                    }
                    _ => None,
                };
            };
            if arg.name.is_some() || arg.spread != Spread::None {
                return None;
            }
            let v = evaluate(&arg.value, env)?;
            match call.func.dotted()?.as_slice() {
                ["int"] => match &v {
                    ConfigValue::Int(_) => Some(v),
                    _ => text(&v)?.trim().parse().ok().map(ConfigValue::Int),
                },
                ["str"] => match &v {
                    ConfigValue::Int(i) => Some(ConfigValue::Str(i.to_string())),
                    _ => text(&v).map(|s| ConfigValue::Str(s.to_string())),
                },
                _ => None,
            }
        }
        _ => None,
    }
}

/// A test's truth over the parameters' values: `==`/`!=` between known values, `is None`,
/// `not`.
fn truth(test: &Expr, env: &[(&str, ConfigValue)]) -> Option<bool> {
    let Expr::Derived {
        parts,
        hop: Hop::Logic(logic),
        ..
    } = test
    else {
        return match evaluate(test, env)? {
            ConfigValue::Bool(b) => Some(b),
            _ => None,
        };
    };
    match (logic, &parts[..]) {
        (Logic::Not, [x]) => truth(x, env).map(|t| !t),
        (Logic::Eq | Logic::NotEq | Logic::Is | Logic::IsNot, [x, y]) => {
            let (x, y) = (evaluate(x, env)?, evaluate(y, env)?);
            let same = match (text(&x), text(&y)) {
                (Some(a), Some(b)) => a == b,
                _ => x == y,
            };
            Some(same == matches!(logic, Logic::Eq | Logic::Is))
        }
        _ => None,
    }
}

/// A string value's text (a literal or the constant it resolves to).
fn text(v: &ConfigValue) -> Option<&str> {
    match v {
        ConfigValue::Str(s) | ConfigValue::Const(s) => Some(s),
        _ => None,
    }
}
