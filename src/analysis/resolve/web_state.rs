//! Web application state (Starlette, FastAPI): `app.state` is one bag of attributes for the
//! whole application, so a client stored there (`app.state.producer = Producer(conf)` in a
//! lifespan or a startup handler) is what every `app.state.producer` and
//! `request.app.state.producer` of the program reads. A request's `state` holds what a
//! lifespan yields as its state and what middleware sets on it. Other frameworks share one
//! object the same way: Pyramid's registry (`config.registry.kafka = KafkaManager(..)` in an
//! `includeme`, read as `request.registry.kafka` or `env["registry"].kafka`) and Flask's
//! application (`app.producer = ..` in a factory, read as `current_app.producer`).

use super::values::{merge, Value};
use super::{Key, Resolver};
use crate::analysis::program::FileId;
use crate::knowledge::vocab::is_one_of;
use crate::model::*;

/// The attribute of an application that holds its state.
const STATE: &str = "state";
/// Pyramid's application registry: `config.registry`, `request.registry`.
const REGISTRY: &str = "registry";

impl Resolver<'_, '_> {
    /// `holder.name` where `holder` is `<app>.state` or `<request>.state`: what the program
    /// stores under `name` in an application's state, or in a request's (a middleware's
    /// `request.state.producer = ..`, a lifespan's `yield {"producer": producer}`), in any
    /// indexed module.
    pub(super) fn app_state(
        &self,
        f: FileId,
        b: BodyId,
        holder: &Expr,
        name: &str,
    ) -> Option<Value> {
        if self.is_app_state(f, b, holder) {
            return self.memo(Key::AppState(name.into()), || {
                self.stored_state(name, Self::is_app_state, Vec::new())
            });
        }
        if self.is_request_state(f, b, holder) {
            return self.memo(Key::RequestState(name.into()), || {
                let lifespan = self.lifespan_state(name);
                self.stored_state(name, Self::is_request_state, lifespan)
            });
        }
        // Only a name the program stores somewhere can be read back (asked of every
        // attribute whose owner is unknown: the cheap test first).
        if !self.program.attr_sets(name).is_empty() && self.is_app_registry(f, b, holder) {
            return self.memo(Key::RegistryState(name.into()), || {
                self.stored_state(name, Self::is_app_registry, Vec::new())
            });
        }
        None
    }

    /// Whether `e` is an object a framework shares across the whole application, written
    /// by attribute: a Pyramid registry (`<config>.registry`, `<request>.registry`, a name
    /// `registry`), a Flask application (`current_app`, a name built or annotated as one).
    fn is_app_registry(&self, f: FileId, b: BodyId, e: &Expr) -> bool {
        let vocab = &self.knowledge.vocab;
        match e {
            Expr::Attr { attr, .. } => attr == REGISTRY,
            Expr::Name { id, .. } => {
                id == REGISTRY
                    || (self.external_path(f, b, e, 0))
                        .is_some_and(|q| is_one_of(&q, vocab.app_proxies))
                    || self.is_web_name(f, b, id, vocab.registry_apps, "")
            }
            _ => false,
        }
    }

    /// What the program assigns to `name` on a state `is_state` recognises, with `more`.
    /// Which application or request a read is of is not known: stores of different clients
    /// under one name leave it unknown.
    fn stored_state(
        &self,
        name: &str,
        is_state: fn(&Self, FileId, BodyId, &Expr) -> bool,
        mut stored: Vec<Value>,
    ) -> Option<Value> {
        for &(g, at, holder, value) in self.program.attr_sets(name) {
            if is_state(self, g, at, holder) {
                stored.extend(self.value(g, at, value));
            }
        }
        let client = |v: &Value| match v {
            Value::Kafka(c) => Some((c.lib, c.role)),
            _ => None,
        };
        let first = stored.iter().find_map(client);
        if stored.iter().filter_map(client).any(|c| Some(c) != first) {
            return None;
        }
        let mut out = None;
        for v in stored {
            merge(&mut out, Some(v));
        }
        out
    }

    /// The values a lifespan (a function whose first parameter is the application) yields
    /// under `name` as its state: `yield {"producer": producer}`, which Starlette copies into
    /// every request's `state`.
    fn lifespan_state(&self, name: &str) -> Vec<Value> {
        let mut out = Vec::new();
        for (g, index) in self.program.indexed_files() {
            for (i, bi) in index.bodies.iter().enumerate() {
                let at = BodyId(i as u32);
                let Some(first) = index.body(at).params.first() else {
                    continue;
                };
                let state = |e: &&Expr| matches!(e, Expr::Dict { .. });
                if !bi.yields.iter().any(state) || !self.is_web_app_name(g, at, &first.name) {
                    continue;
                }
                for y in &bi.yields {
                    let Expr::Dict { items, .. } = y else {
                        continue;
                    };
                    for (key, value) in items {
                        if key.as_ref().and_then(Expr::as_str) == Some(name) {
                            out.extend(self.value(g, at, value));
                        }
                    }
                }
            }
        }
        out
    }

    /// Whether `e` is `<app>.state`: the app is `<request>.app`, or a name annotated or built
    /// as a web application (an unannotated parameter named `app` too, as a lifespan's).
    fn is_app_state(&self, f: FileId, b: BodyId, e: &Expr) -> bool {
        match state_of(e) {
            Some(Expr::Attr { attr, .. }) => attr == "app",
            Some(Expr::Name { id, .. }) => self.is_web_app_name(f, b, id),
            _ => false,
        }
    }

    /// Whether `e` is `<request>.state`: a parameter annotated as a request (or an
    /// unannotated one named `request`).
    fn is_request_state(&self, f: FileId, b: BodyId, e: &Expr) -> bool {
        let vocab = &self.knowledge.vocab;
        matches!(state_of(e), Some(Expr::Name { id, .. })
            if self.is_web_name(f, b, id, vocab.web_requests, "request"))
    }

    /// A name seen from body `b` that is a web application: a parameter so annotated (or an
    /// unannotated one named `app`), else where it is assigned ([`Resolver::definition`]:
    /// enclosing bodies, the module, the program module it is imported from) an
    /// application's construction.
    fn is_web_app_name(&self, f: FileId, b: BodyId, name: &str) -> bool {
        self.is_web_name(f, b, name, self.knowledge.vocab.web_apps, "app")
    }

    /// A name seen from body `b` that is one of `kinds` (by qualified path): a parameter so
    /// annotated (or an unannotated one named `unannotated`), else where it is assigned a
    /// construction of one.
    fn is_web_name(
        &self,
        f: FileId,
        b: BodyId,
        name: &str,
        kinds: &[&[&str]],
        unannotated: &str,
    ) -> bool {
        let Some(index) = self.index(f) else {
            return false;
        };
        let is_kind = |g: FileId, at: BodyId, e: &Expr| {
            (self.external_path(g, at, e, 0)).is_some_and(|q| is_one_of(&q, kinds))
        };
        // A parameter of `b` or of a function around it, unless a binding comes first.
        let mut current = Some(b).filter(|at| at.0 != 0);
        while let Some(at) = current {
            let body = index.body(at);
            if let Some(p) = body.params.iter().find(|p| p.name == name) {
                return match &p.annotation {
                    Some(ty) => (ty.paths.iter()).any(|path| is_kind(f, at, &path_expr(path))),
                    None => name == unannotated,
                };
            }
            if (index.bodies.get(at.0 as usize)).is_some_and(|bi| bi.assigns.contains_key(name)) {
                break;
            }
            current = body.parent;
        }
        self.definition(f, b, name, 0)
            .is_some_and(|(g, at, value)| matches!(value, Expr::Call(c) if is_kind(g, at, &c.func)))
    }
}

/// The owner of `<owner>.state`.
fn state_of(e: &Expr) -> Option<&Expr> {
    match e {
        Expr::Attr { value, attr, .. } if attr == STATE => Some(value),
        _ => None,
    }
}

/// A dotted type path as the expression that names it.
fn path_expr(path: &[String]) -> Expr {
    let mut parts = path.iter();
    let first = Expr::Name {
        id: parts.next().cloned().unwrap_or_default().into(),
        range: TextRange::default(),
    };
    parts.fold(first, |value, attr| Expr::Attr {
        value: Box::new(value),
        attr: attr.as_str().into(),
        range: TextRange::default(),
    })
}
