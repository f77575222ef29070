//! Front ends: parse one language and lower it into the shared `model`. Only
//! `frontend::python` names a ruff crate and only `frontend::rust` names `syn`/`proc_macro2`.

pub mod python;
pub mod rust;

pub use crate::model::SyntaxError;
use crate::model::{Lang, Module, TextRange};

/// What a front end hands to the engine for one file.
#[derive(Debug)]
pub struct Lowered {
    pub module: Module,
    /// Ranges of every comment (suppressions are read from these).
    pub comments: Vec<TextRange>,
}

/// Deepest statement/expression nesting lowered; anything deeper becomes opaque. Keeps every
/// recursive walk over the model bounded whatever the input.
pub const MAX_DEPTH: u32 = 200;

/// Parse and lower a file of the given language.
pub fn lower(lang: Lang, source: &str) -> Result<Lowered, SyntaxError> {
    match lang {
        Lang::Python => python::lower(source),
        Lang::Rust => rust::lower(source),
    }
}

/// Allocates call ids and tracks nesting depth during lowering; shared by both front ends.
#[derive(Debug, Default)]
pub struct LowerState {
    pub next_call: u32,
    pub depth: u32,
    pub imports: Vec<crate::model::Import>,
    pub classes: Vec<crate::model::Class>,
    pub bodies: Vec<crate::model::Body>,
    pub type_aliases: Vec<(String, crate::model::TypeRef)>,
}

impl LowerState {
    pub fn call_id(&mut self) -> crate::model::CallId {
        let id = crate::model::CallId(self.next_call);
        self.next_call += 1;
        id
    }

    /// Enter one nesting level; `false` when the limit is reached.
    pub fn enter(&mut self) -> bool {
        if self.depth >= MAX_DEPTH {
            return false;
        }
        self.depth += 1;
        true
    }

    pub fn leave(&mut self) {
        self.depth -= 1;
    }

    /// The module, its tables without the room they grew into: a model is kept for every
    /// file that names Kafka until the run ends.
    pub fn finish(mut self, lang: Lang) -> Module {
        self.imports.shrink_to_fit();
        self.bodies.shrink_to_fit();
        self.classes.shrink_to_fit();
        Module {
            lang,
            imports: self.imports,
            bodies: self.bodies,
            classes: self.classes,
            type_aliases: self.type_aliases,
            call_count: self.next_call,
        }
    }
}
