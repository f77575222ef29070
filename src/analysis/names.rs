//! Name resolution through imports: local names to qualified paths.

use std::collections::HashMap;

use crate::model::{Expr, Module};

/// What the names of one module stand for, from its imports (module-level and
/// function-local imports alike: Python code imports clients inside functions too).
#[derive(Debug, Default)]
pub struct Names {
    aliases: HashMap<String, Vec<String>>,
    /// Paths glob-imported from (`from confluent_kafka import *`, `use rdkafka::consumer::*`).
    pub globs: Vec<Vec<String>>,
}

impl Names {
    pub fn new(module: &Module) -> Self {
        let mut names = Names::default();
        for import in &module.imports {
            for entry in &import.entries {
                if entry.glob {
                    names.globs.push(entry.path.clone());
                }
                if let Some((local, path)) = &entry.binding {
                    names
                        .aliases
                        .entry(local.clone())
                        .or_insert_with(|| path.clone());
                }
            }
        }
        names
    }

    /// Whether `name` was brought in by an import.
    pub fn is_imported(&self, name: &str) -> bool {
        self.aliases.contains_key(name)
    }

    /// The qualified path of a dotted name: the first segment is replaced by what it was
    /// imported as (`ck.Consumer` with `import confluent_kafka as ck` gives
    /// `confluent_kafka.Consumer`). Unimported names stay as written.
    pub fn qualify<S: AsRef<str>>(&self, dotted: &[S]) -> Vec<String> {
        let Some(first) = dotted.first() else {
            return Vec::new();
        };
        let mut out = match self.aliases.get(first.as_ref()) {
            Some(path) => path.clone(),
            None => vec![first.as_ref().to_string()],
        };
        out.extend(dotted[1..].iter().map(|s| s.as_ref().to_string()));
        out
    }

    /// The qualified path of a callee or value expression, if it is a dotted name.
    pub fn qualify_expr(&self, expr: &Expr) -> Option<Vec<String>> {
        expr.dotted().map(|d| self.qualify(&d))
    }

    /// Whether any import's path starts with `root` (a library is imported).
    pub fn imports_root(&self, module: &Module, root: &str) -> bool {
        module
            .imports
            .iter()
            .flat_map(|i| &i.entries)
            .any(|e| e.path.first().is_some_and(|p| p == root))
    }
}
