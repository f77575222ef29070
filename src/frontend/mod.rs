//! Front ends: parse one language and lower it into the shared `model`. Only
//! `frontend::python` names a ruff crate, only `frontend::rust` names `syn`/`proc_macro2` and
//! only `frontend::java` names `tree_sitter`.

pub mod java;
pub mod python;
pub mod rust;
pub mod spring_boot;

pub use crate::model::SyntaxError;
use crate::model::{Lang, Module, TextRange};

/// What a front end hands to the engine for one file.
#[derive(Debug)]
pub struct Lowered {
    pub module: Module,
    /// Ranges of every comment (suppressions are read from these).
    pub comments: Vec<TextRange>,
    /// A parser that recovers from errors (Java) lowered the rest of a file with one.
    pub recovered: Option<Recovered>,
}

/// A syntax error the parser recovered from: reported (OL001), and findings inside the input
/// it skipped are dropped.
#[derive(Debug)]
pub struct Recovered {
    /// The first error.
    pub error: SyntaxError,
    /// The input the parser could not place in the tree.
    pub skipped: Vec<TextRange>,
}

/// Deepest statement/expression nesting lowered; anything deeper becomes opaque. Keeps every
/// recursive walk over the model bounded whatever the input.
pub const MAX_DEPTH: u32 = 200;

/// Longest `elif` / `else if` chain lowered (each link nests an `If` in the `else` of the one
/// before, outside [`MAX_DEPTH`]); a longer one refuses the file (OL001). Every walk over the
/// model recurses once per link, on the engine's 256 MiB stacks: this bounds what they need.
pub const MAX_ELSE_CHAIN: u32 = 20_000;

/// Parse and lower a file of the given language; a Spring Boot configuration file
/// (`application*.yml`, `application*.properties`: `spring_boot::is_config_file`) configures
/// Java clients.
pub fn lower(lang: Lang, path: &std::path::Path, source: &str) -> Result<Lowered, SyntaxError> {
    match lang {
        Lang::Python => python::lower(source),
        Lang::Rust => rust::lower(source),
        Lang::Java if spring_boot::is_config_file(path) => spring_boot::lower(path, source),
        Lang::Java => java::lower(source),
    }
}

/// Allocates call ids and tracks nesting depth during lowering; shared by both front ends.
#[derive(Debug, Default)]
pub struct LowerState {
    pub next_call: u32,
    pub depth: u32,
    /// Links of the `else` chains around what is being lowered (see [`MAX_ELSE_CHAIN`]).
    pub else_depth: u32,
    /// The first `else` past [`MAX_ELSE_CHAIN`], when lowering stopped there.
    pub too_deep: Option<TextRange>,
    pub imports: Vec<crate::model::Import>,
    pub classes: Vec<crate::model::Class>,
    pub bodies: Vec<crate::model::Body>,
    pub type_aliases: Vec<(String, crate::model::TypeRef)>,
    pub globals: Vec<(crate::model::BodyId, String)>,
    pub inline_modules: Vec<String>,
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

    /// Enter the `else` (or `elif`) at `at`; `false` (and the file is refused) past
    /// [`MAX_ELSE_CHAIN`].
    pub fn enter_else(&mut self, at: TextRange) -> bool {
        if self.else_depth >= MAX_ELSE_CHAIN {
            self.too_deep.get_or_insert(at);
            return false;
        }
        self.else_depth += 1;
        true
    }

    pub fn leave_else(&mut self, links: u32) {
        self.else_depth -= links;
    }

    /// The module, its tables without the room they grew into: a model is kept for every
    /// file that names Kafka until the run ends. A file with too long an `else` chain is
    /// refused.
    pub fn finish(mut self, lang: Lang) -> Result<Module, SyntaxError> {
        if let Some(at) = self.too_deep {
            return Err(SyntaxError {
                message: format!(
                    "`if`/`else` chain too long to analyse: more than {MAX_ELSE_CHAIN} \
                     `elif` / `else if` links; file not analysed"
                ),
                range: at,
            });
        }
        self.imports.shrink_to_fit();
        self.bodies.shrink_to_fit();
        self.classes.shrink_to_fit();
        Ok(Module {
            lang,
            imports: self.imports,
            bodies: self.bodies,
            classes: self.classes,
            type_aliases: self.type_aliases,
            globals: self.globals,
            inline_modules: self.inline_modules,
            call_count: self.next_call,
        })
    }
}
