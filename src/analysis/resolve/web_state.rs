//! Web application state (Starlette, FastAPI): `app.state` is one bag of attributes for the
//! whole application, so a client stored there (`app.state.producer = Producer(conf)` in a
//! lifespan or a startup handler) is what every `app.state.producer` and
//! `request.app.state.producer` of the program reads.

use super::values::{merge, Value};
use super::{Key, Resolver};
use crate::analysis::program::FileId;
use crate::knowledge::vocab::is_one_of;
use crate::model::*;

/// The attribute of an application that holds its state.
const STATE: &str = "state";

impl Resolver<'_, '_> {
    /// `holder.name` where `holder` is `<app>.state`: what the program stores under `name` in
    /// an application's state, in any indexed module.
    pub(super) fn app_state(
        &self,
        f: FileId,
        b: BodyId,
        holder: &Expr,
        name: &str,
    ) -> Option<Value> {
        if !self.is_app_state(f, b, holder) {
            return None;
        }
        self.memo(Key::AppState(name.to_string()), || {
            let mut stored = Vec::new();
            for &(g, at, holder, value) in self.program.attr_sets(name) {
                if self.is_app_state(g, at, holder) {
                    stored.extend(self.value(g, at, value));
                }
            }
            // Which application a read is of is not known: applications that store different
            // clients under one name leave it unknown.
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
        })
    }

    /// Whether `e` is `<app>.state`: the app is `<request>.app`, or a name annotated or built
    /// as a web application (an unannotated parameter named `app` too, as a lifespan's).
    fn is_app_state(&self, f: FileId, b: BodyId, e: &Expr) -> bool {
        let Expr::Attr {
            value: app, attr, ..
        } = e
        else {
            return false;
        };
        attr == STATE
            && match &**app {
                Expr::Attr { attr, .. } => attr == "app",
                Expr::Name { id, .. } => self.is_web_app_name(f, b, id),
                _ => false,
            }
    }

    /// A name seen from body `b` that is a web application: a parameter so annotated (or an
    /// unannotated one named `app`), else where it is assigned ([`Resolver::definition`]:
    /// enclosing bodies, the module, the program module it is imported from) an
    /// application's construction.
    fn is_web_app_name(&self, f: FileId, b: BodyId, name: &str) -> bool {
        let Some(index) = self.index(f) else {
            return false;
        };
        let is_app = |g: FileId, at: BodyId, e: &Expr| {
            (self.external_path(g, at, e, 0))
                .is_some_and(|q| is_one_of(&q, self.knowledge.vocab.web_apps))
        };
        // A parameter of `b` or of a function around it, unless a binding comes first.
        let mut current = Some(b).filter(|at| at.0 != 0);
        while let Some(at) = current {
            let body = index.body(at);
            if let Some(p) = body.params.iter().find(|p| p.name == name) {
                return match &p.annotation {
                    Some(ty) => (ty.paths.iter()).any(|path| is_app(f, at, &path_expr(path))),
                    None => name == "app",
                };
            }
            if (index.bodies.get(at.0 as usize)).is_some_and(|bi| bi.assigns.contains_key(name)) {
                break;
            }
            current = body.parent;
        }
        self.definition(f, b, name, 0)
            .is_some_and(|(g, at, value)| matches!(value, Expr::Call(c) if is_app(g, at, &c.func)))
    }
}

/// A dotted type path as the expression that names it.
fn path_expr(path: &[String]) -> Expr {
    let mut parts = path.iter();
    let first = Expr::Name {
        id: parts.next().cloned().unwrap_or_default(),
        range: TextRange::default(),
    };
    parts.fold(first, |value, attr| Expr::Attr {
        value: Box::new(value),
        attr: attr.clone(),
        range: TextRange::default(),
    })
}
