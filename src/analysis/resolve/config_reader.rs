//! Config reading: which settings a client's construction visibly gives, following names,
//! constants, helpers and imports wherever resolution reaches (a parameter or anything else
//! that cannot be followed is `Hidden`).

use super::values::Value;
use super::Resolver;
use crate::analysis::config::ConfigValue;
use crate::analysis::config::ConfigView;
use crate::analysis::index::FileIndex;
use crate::analysis::program::FileId;
use crate::knowledge::vocab::{is_java_map_literal, JAVA_MAP_SETTERS, JAVA_MAP_TYPES};
use crate::knowledge::ConfigStyle;
use crate::model::*;

#[derive(Default)]
struct Collected {
    entries: Vec<(String, ConfigValue)>,
    open: bool,
    spread: bool,
}

impl Collected {
    /// Entries of unknown content spread into the config.
    fn spread(&mut self) {
        self.open = true;
        self.spread = true;
    }

    fn view(self) -> ConfigView {
        ConfigView::Visible {
            entries: self.entries,
            open: self.open,
            spread: self.spread,
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

impl<'r, 'p, 'm> ConfigReader<'r, 'p, 'm> {
    pub fn new(resolver: &'r Resolver<'p, 'm>, f: FileId, b: BodyId) -> Self {
        ConfigReader { resolver, f, b }
    }

    fn index(&self, f: FileId) -> Option<&'p FileIndex<'m>> {
        self.resolver.program.index(f)
    }

    /// A setting's value: a literal, or the string constant it resolves to.
    fn value(&self, f: FileId, b: BodyId, expr: &Expr) -> ConfigValue {
        match ConfigValue::of(expr) {
            ConfigValue::Other => {
                (self.resolver.const_str(f, b, expr)).map_or(ConfigValue::Other, ConfigValue::Const)
            }
            v => v,
        }
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
                for arg in &call.args {
                    match (&arg.name, arg.spread) {
                        (Some(name), _) => {
                            c.entries.push((name.clone(), self.value(f, b, &arg.value)))
                        }
                        (None, Spread::DoubleStar) => {
                            if !self.dict_value(f, b, &arg.value, &mut c, 0) {
                                c.spread();
                            }
                        }
                        (None, Spread::Star) => c.spread(),
                        (None, Spread::None) => {}
                    }
                }
                c.view()
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
                    Some(key) => c.entries.push((key, self.value(f, b, v))),
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
            // `base | {..}`: both sides.
            Expr::Derived {
                parts,
                hop: Hop::Operator,
                ..
            } if parts.len() == 2 => {
                let left = self.dict_value(f, b, &parts[0], c, depth + 1);
                let right = self.dict_value(f, b, &parts[1], c, depth + 1);
                left && right
            }
            // `settings.CONFIG`: a module's (or a class's) constant.
            Expr::Attr { value, attr, .. } => {
                let (g, gb, v) = match self.resolver.value(f, b, value) {
                    Some(Value::Module(g)) => match self.resolver.definition(g, BodyId(0), attr, 0)
                    {
                        Some(found) => found,
                        None => return false,
                    },
                    _ => return false,
                };
                self.dict_value(g, gb, v, c, depth + 1) && {
                    self.later_sets(g, gb, attr, c);
                    true
                }
            }
            Expr::Name { id, .. } => {
                let Some(index) = self.index(f) else {
                    return false;
                };
                let local = index
                    .bodies
                    .get(b.0 as usize)
                    .and_then(|bi| bi.assigns.get(id.as_str()));
                let Some(values) = local else {
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
                    }
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
                    let mut ok = true;
                    for arg in &call.args {
                        match (&arg.name, arg.spread) {
                            (Some(name), _) => {
                                c.entries.push((name.clone(), self.value(f, b, &arg.value)))
                            }
                            (None, _) => ok &= self.dict_value(f, b, &arg.value, c, depth + 1),
                        }
                    }
                    return ok;
                }
                // A helper returning a dict it built.
                match self.resolver.value(f, b, &call.func) {
                    Some(Value::Func(func)) => {
                        let Some(gi) = self.index(func.file) else {
                            return false;
                        };
                        let Some(bi) = gi.bodies.get(func.body.0 as usize) else {
                            return false;
                        };
                        let mut any = false;
                        for value in &bi.returns {
                            any |= self.dict_value(func.file, func.body, value, c, depth + 1);
                        }
                        any
                    }
                    _ => false,
                }
            }
            _ => false,
        }
    }

    /// A Java map built in place: `new Properties()`, `new HashMap<>(base)`, `Map.of(k, v, ..)`,
    /// `Map.ofEntries(Map.entry(k, v), ..)`. `None` when the call is none of these.
    fn java_map(
        &self,
        f: FileId,
        b: BodyId,
        call: &Call,
        c: &mut Collected,
        depth: u32,
    ) -> Option<bool> {
        let path = call.func.dotted()?;
        if !is_java_map_literal(&path) {
            return None;
        }
        let last = *path.last()?;
        if JAVA_MAP_TYPES.contains(&last) {
            return Some(match call.args.first() {
                None => true,
                Some(base) => self.dict_value(f, b, &base.value, c, depth + 1),
            });
        }
        let pairs: Vec<(&Expr, &Expr)> = match last {
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
                None => c.spread(),
            }
        }
        Some(true)
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
                Some(k) => c.entries.push((k, self.value(f, b, value))),
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
                        None => c.spread(),
                    },
                    _ => c.open = true,
                }
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
                // Settings of unknown content: not complete, but not a spread either.
                match call.args.first().map(|a| &a.value) {
                    Some(Expr::Dict { items, .. }) => self.dict(f, b, items, c, 0),
                    Some(v) if self.dict_value(f, b, v, c, 1) => {}
                    _ => c.open = true,
                }
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
                if let Some(path) = index.names.qualify_expr(&call.func) {
                    // `ClientConfig::new()` / `ClientConfig::default()`
                    if path.len() >= 2 && knowledge.is_builder_type(&path[..path.len() - 1]) {
                        return matches!(path.last().map(String::as_str), Some("new" | "default"));
                    }
                }
                let Some((receiver, method)) = call.func.as_method() else {
                    // A helper that builds and returns the config.
                    return match self.resolver.value(f, b, &call.func) {
                        Some(Value::Func(func)) => {
                            let Some(bi) = self
                                .index(func.file)
                                .and_then(|i| i.bodies.get(func.body.0 as usize))
                            else {
                                return false;
                            };
                            bi.returns
                                .iter()
                                .any(|r| self.collect_chain(func.file, func.body, r, c, depth + 1))
                        }
                        _ => false,
                    };
                };
                if knowledge.config_setters.contains(&method) {
                    let ok = self.collect_chain(f, b, receiver, c, depth + 1);
                    self.push_set(f, b, call, c);
                    return ok;
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
                if !self.collect_chain(f, b, first, c, depth + 1) {
                    return false;
                }
                let bi = &index.bodies[b.0 as usize];
                for call in bi.method_calls.get(id.as_str()).into_iter().flatten() {
                    if call
                        .func
                        .last_name()
                        .is_some_and(|m| knowledge.config_setters.contains(&m))
                    {
                        self.push_set(f, b, call, c);
                    }
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
            _ => c.open = true,
        }
    }
}

impl<'p, 'm> Resolver<'p, 'm> {
    pub fn config_reader<'r>(&'r self, f: FileId, b: BodyId) -> ConfigReader<'r, 'p, 'm> {
        ConfigReader::new(self, f, b)
    }
}
