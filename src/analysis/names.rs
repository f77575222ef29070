//! Name resolution through imports: local names to qualified paths.

use foldhash::HashMap;

use crate::model::{Expr, Module};

/// An imported name: the path it stands for and the relative-import level (`from ..x import y`
/// is 2; 0 for absolute imports and Rust).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    pub path: Vec<String>,
    pub level: u32,
    /// For `from a.b import c`: the length of the module part.
    pub from_len: Option<usize>,
}

/// What the names of one module stand for, from its imports (module-level and
/// function-local imports alike: Python code imports clients inside functions too).
#[derive(Debug, Default)]
pub struct Names {
    aliases: HashMap<String, Imported>,
    /// Paths glob-imported from (`from confluent_kafka import *`, `use rdkafka::consumer::*`),
    /// with their level.
    pub globs: Vec<(Vec<String>, u32)>,
}

/// A relative import's path starts with this segment when qualified, so it never matches a
/// library root (`from .kafka import KafkaConsumer` is the project's module, not kafka-python).
pub const RELATIVE: &str = ".";

impl Names {
    pub fn new(module: &Module) -> Self {
        let mut names = Names::default();
        for import in &module.imports {
            for entry in &import.entries {
                if entry.glob {
                    names.globs.push((entry.path.clone(), import.level));
                }
                if let Some((local, path)) = &entry.binding {
                    names
                        .aliases
                        .entry(local.clone())
                        .or_insert_with(|| Imported {
                            path: path.clone(),
                            level: import.level,
                            from_len: entry.from_len,
                        });
                }
            }
        }
        names
    }

    /// What an imported name stands for.
    pub fn imported(&self, name: &str) -> Option<&Imported> {
        self.aliases.get(name)
    }

    /// Whether `name` was brought in by an import.
    pub fn is_imported(&self, name: &str) -> bool {
        self.aliases.contains_key(name)
    }

    /// The qualified path of a dotted name: the first segment is replaced by what it was
    /// imported as (`ck.Consumer` with `import confluent_kafka as ck` gives
    /// `confluent_kafka.Consumer`). Unimported names stay as written; relative imports start
    /// with `RELATIVE`.
    pub fn qualify<S: AsRef<str>>(&self, dotted: &[S]) -> Vec<String> {
        let Some(first) = dotted.first() else {
            return Vec::new();
        };
        let mut out = match self.aliases.get(first.as_ref()) {
            Some(imp) if imp.level > 0 => {
                let mut p = vec![RELATIVE.to_string()];
                p.extend(imp.path.iter().cloned());
                p
            }
            Some(imp) => imp.path.clone(),
            None => vec![first.as_ref().to_string()],
        };
        out.extend(dotted[1..].iter().map(|s| s.as_ref().to_string()));
        out
    }

    /// The qualified path of a callee or value expression, if it is a dotted name.
    pub fn qualify_expr(&self, expr: &Expr) -> Option<Vec<String>> {
        expr.dotted().map(|d| self.qualify(&d))
    }
}
