//! Web application state (Starlette, FastAPI): `app.state` is one bag of attributes for the
//! whole application, so a client stored there (`app.state.producer = Producer(conf)` in a
//! lifespan or a startup handler) is what every `app.state.producer` and
//! `request.app.state.producer` of the program reads.

use super::values::{merge, Value};
use super::{Key, Resolver};
use crate::analysis::program::{FileId, ImportTarget};
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
            for (g, index) in self.program.indexed_files() {
                for (i, bi) in index.bodies.iter().enumerate() {
                    let at = BodyId(i as u32);
                    for &(holder, attr, value) in &bi.nested_attr_assigns {
                        if attr == name && self.is_app_state(g, at, holder) {
                            stored.extend(self.value(g, at, value));
                        }
                    }
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
    /// unannotated one named `app`), or a name assigned an application's construction.
    fn is_web_app_name(&self, f: FileId, b: BodyId, name: &str) -> bool {
        let Some(index) = self.index(f) else {
            return false;
        };
        let apps = self.knowledge.vocab.web_apps;
        let is_app = |at: BodyId, e: &Expr| {
            self.external_path(f, at, e, 0)
                .is_some_and(|q| known(&q, apps))
        };
        let mut current = Some(b);
        while let Some(at) = current {
            let body = index.body(at);
            if let Some(p) = body.params.iter().find(|p| p.name == name) {
                return match &p.annotation {
                    Some(ty) => (ty.paths.iter()).any(|path| is_app(at, &path_expr(path))),
                    None => name == "app",
                };
            }
            let assigns = index
                .bodies
                .get(at.0 as usize)
                .and_then(|bi| bi.assigns.get(name));
            if let Some(assigns) = assigns {
                return assigns
                    .iter()
                    .any(|(value, _)| matches!(value, Expr::Call(c) if is_app(at, &c.func)));
            }
            current = body.parent.or((at.0 != 0).then_some(BodyId(0)));
        }
        // Imported from a program module: `from svc.app import app`.
        let imported = index.names.imported(name).and_then(|imp| {
            match self.program.resolve(f, &imp.path, imp.level)? {
                ImportTarget::Item(g, rest) if rest.len() == 1 && g != f => Some((g, rest)),
                _ => None,
            }
        });
        imported.is_some_and(|(g, rest)| self.is_web_app_name(g, BodyId(0), &rest[0]))
    }
}

/// Whether a qualified path is one of `known`.
fn known(q: &[String], known: &[&[&str]]) -> bool {
    known.iter().any(|k| q.iter().eq(k.iter()))
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
