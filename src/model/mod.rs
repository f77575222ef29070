//! The language-neutral program model.
//!
//! Each front end (`frontend::python`, `frontend::rust`) lowers its native syntax tree into
//! this small vocabulary; the shared analyses in `analysis/` and every rule in `rules/` read
//! only this. Where Python and Rust mean the same thing (a method call whose result is thrown
//! away, a `try`/`except` handler and a `match` arm on `Err`, an import and a `use`), they lower
//! to the same node, so each rule is written once.

// The failure-path rules (loop and exit kinds, handlers, arm patterns) and the project import
// graph (relative levels, `from` lengths) read fields no rule reads yet.
#![expect(
    dead_code,
    reason = "fields lowered for the failure-path rules and the import graph"
)]

mod enclosing;
mod lines;
mod span;
pub mod visit;

pub use lines::LineIndex;

/// A file's directory and name, split at the last separator when the path is plain (no
/// trailing separator, not `.` or `..`): `Path::parent` and `Path::file_name` each parse the
/// path's components from the end, and every file of a project is walked and laid out.
#[cfg(unix)]
pub fn split_file(path: &std::path::Path) -> (&std::path::Path, &std::ffi::OsStr) {
    use std::os::unix::ffi::OsStrExt;
    let bytes = path.as_os_str().as_bytes();
    let plain = |name: &[u8]| !matches!(name, b"" | b"." | b"..");
    match memchr::memrchr(b'/', bytes) {
        // `/` itself is the directory of a file at the root.
        Some(i) if plain(&bytes[i + 1..]) => (
            std::path::Path::new(std::ffi::OsStr::from_bytes(&bytes[..i.max(1)])),
            std::ffi::OsStr::from_bytes(&bytes[i + 1..]),
        ),
        None if plain(bytes) => (std::path::Path::new(""), path.as_os_str()),
        _ => split_file_by_parts(path),
    }
}

#[cfg(not(unix))]
pub fn split_file(path: &std::path::Path) -> (&std::path::Path, &std::ffi::OsStr) {
    split_file_by_parts(path)
}

fn split_file_by_parts(path: &std::path::Path) -> (&std::path::Path, &std::ffi::OsStr) {
    (
        path.parent().unwrap_or(std::path::Path::new("")),
        path.file_name().unwrap_or_default(),
    )
}

/// Whether a path's file name is `name`, by its bytes when the path ends in `/name` (asked of
/// every file of a project; `Path::file_name` parses the path's components from the end).
pub fn file_name_is(path: &std::path::Path, name: &str) -> bool {
    let bytes = path.as_os_str().as_encoded_bytes();
    let sep = std::path::MAIN_SEPARATOR as u8;
    match bytes.strip_suffix(name.as_bytes()) {
        Some([]) => true,
        Some([.., b]) if *b == b'/' || *b == sep => true,
        // A trailing separator or `.` part: as the path's components say.
        _ if bytes.ends_with(b"/") || bytes.ends_with(b".") || bytes.ends_with(&[sep]) => {
            path.file_name().is_some_and(|n| n == name)
        }
        _ => false,
    }
}
pub use span::{Ranged, TextRange};

/// A name, attribute, keyword or string literal of the model: inline up to 24 bytes, so the
/// short ones that are most of a model (245,000 on the Python benchmark corpus) are no heap
/// block of their own. Derefs to `str`; compares with `&str` and `String`.
pub type Name = compact_str::CompactString;

/// An ASCII byte of a Java identifier (`$` included). Non-ASCII letters end a name for the
/// byte scans that use it: the import scan and the relevance gate.
pub fn is_java_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$')
}

/// A Java dotted name as a model path: the leading lower-case segments (the package) are one
/// segment, each class and member after it one more
/// (`org.apache.kafka.clients.consumer.KafkaConsumer` is
/// `["org.apache.kafka.clients.consumer", "KafkaConsumer"]`), so a package is a module of the
/// model and its classes are the items in it, as the project layout lays Java files out.
pub fn java_path(dotted: &str) -> Vec<String> {
    let parts: Vec<&str> = dotted.split('.').map(str::trim).collect();
    let package = parts
        .iter()
        .take_while(|p| p.chars().next().is_some_and(|c| c.is_ascii_lowercase()))
        .count();
    // A single lower-case name is a variable, or a package of one segment.
    if package <= 1 {
        return parts.iter().map(|p| p.to_string()).collect();
    }
    let mut out = vec![parts[..package].join(".")];
    out.extend(parts[package..].iter().map(|p| p.to_string()));
    out
}

/// A file that could not be parsed or decoded (OL001).
#[derive(Debug, Clone)]
pub struct SyntaxError {
    pub message: String,
    pub range: TextRange,
}

/// Source language of a module.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lang {
    Python,
    Rust,
    Java,
}

impl Lang {
    /// How qualified names are written: `confluent_kafka.TopicPartition`, `rdkafka::Offset`.
    pub fn path_separator(self) -> &'static str {
        match self {
            Lang::Python | Lang::Java => ".",
            Lang::Rust => "::",
        }
    }

    /// Receivers are typed where they are declared: a value's name never says it is a Kafka
    /// client (Java: `CommitManager.commitSync()` is a project type's method).
    pub fn typed_receivers(self) -> bool {
        self == Lang::Java
    }

    /// A file is the module of the one class it is named for (Java): importing the module
    /// names the class, and a package's classes see each other without an import.
    pub fn file_is_class(self) -> bool {
        self == Lang::Java
    }

    pub fn name(self) -> &'static str {
        match self {
            Lang::Python => "python",
            Lang::Rust => "rust",
            Lang::Java => "java",
        }
    }
}

/// Identifies a call node within one module (dense, starting at 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CallId(pub u32);

/// Identifies a body (function, method, closure-free module top level) within one module.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BodyId(pub u32);

/// One source file, lowered.
#[derive(Debug, Clone)]
pub struct Module {
    pub lang: Lang,
    /// Every import / `use` / dynamic import, in source order, including function-local ones.
    pub imports: Vec<Import>,
    /// Index 0 is the module's top level (empty for Rust); functions and methods follow.
    pub bodies: Vec<Body>,
    /// Classes (Python) and structs (Rust) with their declared fields.
    pub classes: Vec<Class>,
    /// Type aliases: Rust `type Kafka = FutureProducer;`, Python `Sink: TypeAlias = Producer`
    /// and `type Sink = Producer` (a plain `Sink = Producer` is an ordinary assignment).
    pub type_aliases: Vec<(String, TypeRef)>,
    /// Python `global x` declarations: the function body, and the module-level name its
    /// assignments bind (`def init(): global producer; producer = Producer(conf)`).
    pub globals: Vec<(BodyId, String)>,
    /// Rust inline modules (`pub mod kafka_consumer { .. }`), whose items are lowered with
    /// the file's: a path through one (`consumer::kafka_consumer::run`) names the file's item.
    pub inline_modules: Vec<String>,
    /// Number of call nodes; `CallId`s are `0..call_count`.
    pub call_count: u32,
}

/// An import statement (Python `import`/`from`, dynamic `importlib.import_module("x")`,
/// Rust `use`/`extern crate`), with one entry per imported path.
#[derive(Debug, Clone)]
pub struct Import {
    pub entries: Vec<ImportEntry>,
    /// Python relative-import level (`from ..x import y` is 2); 0 for absolute and for Rust.
    pub level: u32,
    pub kind: ImportKind,
    /// Inside a function body rather than at module level.
    pub local: bool,
    /// Inside test-only code (a Rust `#[cfg(test)]` module): not what the module depends on
    /// when it is built (OL4xx).
    pub test: bool,
    /// The whole statement; findings are reported at its first line.
    pub range: TextRange,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImportKind {
    /// `import`, `from .. import`, `use`, `extern crate`.
    Static,
    /// `importlib.import_module("literal")`, `__import__("literal")`.
    Dynamic,
}

#[derive(Debug, Clone)]
pub struct ImportEntry {
    /// Full imported path: `from a.b import c` is `[a, b, c]`, `use std::net::TcpStream` is
    /// `[std, net, TcpStream]`, a glob `use a::*` is `[a]`.
    pub path: Vec<String>,
    /// For `from a.b import c`: the length of the module part (`2`); `None` for plain imports.
    /// The import graph uses it to try both `a.b.c` (a submodule) and `a.b` (a name in it).
    pub from_len: Option<usize>,
    /// The local name this entry binds and the path that name stands for:
    /// `import a.b` binds `a` to `[a]`; `import a.b as c` binds `c` to `[a, b]`.
    pub binding: Option<(String, Vec<String>)>,
    pub glob: bool,
}

/// A class or struct and the fields it declares with a type.
#[derive(Debug, Clone)]
pub struct Class {
    pub name: String,
    pub fields: Vec<Field>,
    /// Class-level assignments (`_bus = Producer(conf)`), evaluated in the module's scope.
    pub attrs: Vec<(String, Expr)>,
    /// Base classes as written (`class ReliableProducer(confluent_kafka.Producer)`); a class
    /// deriving from a Kafka client is one. Empty for Rust structs.
    pub bases: TypeRef,
    /// A Java interface: a value declared with its type is an instance of a class that
    /// implements it. False for Python classes and Rust items (a trait's implementations are
    /// not looked up through it).
    pub interface: bool,
    pub range: TextRange,
}

#[derive(Debug, Clone)]
pub struct Field {
    pub name: String,
    pub ty: TypeRef,
    /// The declaration (`producer: AIOKafkaProducer`): where the inventory says a client
    /// declared there is declared.
    pub range: TextRange,
}

/// A type annotation reduced to the paths that could name a Kafka client type. Wrappers and
/// references (`&T`, `Arc<T>`, `Box<T>`, `Option<T>`, `impl Trait`, generic bounds) are looked
/// through by the front end, so `Arc<FutureProducer>` gives `[[FutureProducer]]`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TypeRef {
    pub paths: Vec<Vec<String>>,
    /// Element types of containers (`list[Producer]`, `dict[str, Producer]`, `Vec<..>`,
    /// `HashMap<_, ..>`, `[T]`): the value holds several of these.
    pub elements: Vec<Vec<String>>,
    /// For each of `paths` written with type arguments, the paths its first argument can
    /// name (`ThreadedProducer<Ctx>` gives `(ThreadedProducer, [Ctx])`; `_` gives none): an
    /// rdkafka client's context. A path written without arguments has no entry.
    pub first_args: Vec<(Vec<String>, Vec<Vec<String>>)>,
}

impl TypeRef {
    /// The paths the first type argument written on `path` can name; `None` when `path`
    /// was written without type arguments.
    pub fn first_arg(&self, path: &[String]) -> Option<&[Vec<String>]> {
        (self.first_args.iter())
            .find(|(p, _)| p.as_slice() == path)
            .map(|(_, a)| a.as_slice())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BodyKind {
    Module,
    Function,
}

/// A function, method or module top level.
#[derive(Debug, Clone)]
pub struct Body {
    pub name: String,
    pub kind: BodyKind,
    /// The class or struct whose method this is (`impl S` blocks in Rust), as an index into
    /// `Module::classes` when the class is declared in this file, else by name.
    pub class: Option<String>,
    /// Name of the receiver parameter (`self`) for methods.
    pub self_name: Option<Name>,
    pub params: Vec<Param>,
    /// The declared return type (`-> Consumer`, `-> KafkaResult<StreamConsumer>`). Boxed, as
    /// a parameter's annotation: most are absent, and inline it made every body 64 bytes wider.
    pub returns: Option<Box<TypeRef>>,
    /// Decorators as written (`property`, `pytest.fixture(name="c")`, `contextmanager`).
    pub decorators: Vec<Expr>,
    /// Errors can be propagated to the caller from here (Python: always, by raising; Rust:
    /// the function returns a `Result` or an `Option`, so `?` works).
    pub can_propagate: bool,
    /// The enclosing body for nested functions (closures stay inline as `Expr::Closure`).
    pub parent: Option<BodyId>,
    pub stmts: Block,
    pub is_async: bool,
    pub range: TextRange,
}

impl Body {
    /// Its pytest fixture decorator (`@pytest.fixture`, `@fixture(name="c")`,
    /// `@pytest_asyncio.fixture`), as written: a call when it takes arguments.
    pub fn fixture_decorator(&self) -> Option<&Expr> {
        self.decorators.iter().find(|d| {
            let callee = match d {
                Expr::Call(c) => &c.func,
                other => other,
            };
            callee.last_name() == Some("fixture")
        })
    }

    /// A body with no statements, parameters or class yet.
    pub fn new(name: &str, kind: BodyKind, range: TextRange) -> Body {
        Body {
            name: name.to_string(),
            kind,
            class: None,
            self_name: None,
            params: Vec::new(),
            returns: None,
            decorators: Vec::new(),
            can_propagate: false,
            parent: None,
            stmts: Vec::new(),
            is_async: false,
            range,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Param {
    pub name: Name,
    // Boxed: most parameters have none, and inline it made every parameter 120 bytes wide
    // instead of 56.
    pub annotation: Option<Box<TypeRef>>,
    /// The default value (`on_delivery=None`).
    pub default: Option<Box<Expr>>,
    pub kind: ParamKind,
    pub range: TextRange,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamKind {
    /// Positional or keyword.
    Regular,
    KeywordOnly,
    /// `*args`
    VarArgs,
    /// `**kwargs`
    VarKwargs,
}

impl Param {
    /// A regular parameter with no default.
    pub fn new(name: impl Into<Name>, annotation: Option<TypeRef>, range: TextRange) -> Param {
        Param {
            name: name.into(),
            annotation: annotation.map(Box::new),
            default: None,
            kind: ParamKind::Regular,
            range,
        }
    }
}

pub type Block = Vec<Stmt>;

#[derive(Debug, Clone)]
pub struct Stmt {
    pub kind: StmtKind,
    pub range: TextRange,
}

#[derive(Debug, Clone)]
pub enum StmtKind {
    /// An expression evaluated for its effect; its value is discarded (Python expression
    /// statement, Rust `expr;`).
    Expr(Expr),
    /// `targets = value` (Python assignment, `with x as t`, Rust `let`). `annotation` is the
    /// declared type (`x: Consumer = ..`, `let c: StreamConsumer = ..`).
    Assign {
        targets: Vec<Target>,
        value: Expr,
        // Boxed, as the loop's target: they made every statement 32 bytes larger.
        annotation: Option<Box<TypeRef>>,
        /// `x += v`: the old value flows into the new one.
        augmented: bool,
    },
    If {
        test: Expr,
        body: Block,
        orelse: Block,
    },
    /// Python `match`, Rust `match` / `if let`.
    Match {
        subject: Expr,
        arms: Vec<Arm>,
    },
    Loop {
        kind: LoopKind,
        /// `for target in iter`.
        target: Option<Box<Target>>,
        /// The iterable of a `for`, the condition of a `while`.
        iter: Option<Expr>,
        body: Block,
        /// Python's `for .. else`, rare: a boxed slice (16 bytes, not a vector's 24) keeps the
        /// loop, the widest statement, from setting the width of every statement.
        orelse: Box<[Stmt]>,
    },
    /// Python `try`; Rust has no statement form (its failure paths are `Match` arms).
    Try {
        body: Block,
        handlers: Vec<Handler>,
        /// `try .. else`, rare: boxed as the loop's `else`, so that neither variant is wider
        /// than the other statements and the kind's tag (a `Stmt` is 104 bytes, not 112).
        orelse: Box<[Stmt]>,
        finally: Block,
    },
    Exit {
        kind: ExitKind,
        value: Option<Expr>,
    },
    /// A nested block with no control-flow meaning of its own (`with` body, Rust block).
    Block(Block),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LoopKind {
    For,
    While,
    /// Rust `loop {}`, Python `while True:`.
    Infinite,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExitKind {
    Return,
    Raise,
    Break,
    Continue,
    /// Rust `panic!`, `unreachable!`, `todo!`.
    Panic,
}

/// One `except` clause.
#[derive(Debug, Clone)]
pub struct Handler {
    /// The caught types as written; empty for a bare `except:`.
    pub types: Vec<Expr>,
    pub name: Option<String>,
    pub body: Block,
    pub range: TextRange,
    /// What the clause catches, in the shape Rust error arms and closures share.
    pub failure: FailurePath,
}

/// A failure path: code that runs because something failed. The one shape both front ends
/// lower error handling to, so the failure-path rules (OL102, OL103) are written once:
/// a Python `except` clause (`Handler::failure`), a Rust `Err(..)` arm or the `else` of an
/// `if let Ok(..)` (`Arm::failure`), and a Rust error closure (`.unwrap_or_else(|e| ..)`,
/// `Expr::Closure::failure`). `finally:` blocks are `Try::finally` (they run on every path).
#[derive(Debug, Clone, PartialEq)]
pub struct FailurePath {
    pub catch: Catch,
    /// The calls whose failure leads here, by last name, outermost first, looking through
    /// `.await` and `?` (Rust: the matched expression, or the receiver of
    /// `.unwrap_or_else(..)`: `["map_err", "from_slice"]`). Empty when not known (Python: the
    /// `try` body is the protected code).
    pub failing: Vec<String>,
    /// Where handler findings are reported: the `except ..:` clause, the `Err(..)` pattern,
    /// the `else` keyword, the closure's parameters.
    pub range: TextRange,
}

/// What a failure path catches.
#[derive(Debug, Clone, PartialEq)]
pub enum Catch {
    /// Everything: a bare `except:`, `Err(_)` / `Err(e)`, the `else` of `if let Ok(..)` (or a
    /// `_` arm beside `Ok(..)`), an error closure.
    Any,
    /// Exception types, as written (`except (json.JSONDecodeError, KeyError)`): dotted paths;
    /// a type that is not a dotted name is `["?"]`.
    Types(Vec<Vec<String>>),
    /// Named error variants (`Err(KafkaError::MessageProduction(RDKafkaErrorCode::QueueFull))`):
    /// the paths the pattern names.
    Variants(Vec<Vec<String>>),
}

/// One arm of a `match` (or the branches of an `if let`).
#[derive(Debug, Clone)]
pub struct Arm {
    pub pattern: Pattern,
    /// Names the pattern binds (they take the subject's taint).
    pub bindings: Vec<String>,
    pub body: Block,
    pub range: TextRange,
    /// Set when the arm runs because the matched result failed (see `FailurePath`).
    pub failure: Option<FailurePath>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pattern {
    /// `Ok(..)` / `Some(..)`.
    Success,
    /// `Err(_)`, `Err(e)`: any error.
    ErrAny,
    /// `Err(KafkaError::X(..))`: a named error variant.
    ErrSpecific,
    /// `_` or the `else` of an `if let`.
    Wildcard,
    Other,
}

/// An assignment target.
#[derive(Debug, Clone)]
pub enum Target {
    Name(Name, TextRange),
    /// `_` (Python `_ = x`, Rust `let _ = x`): the value is explicitly thrown away.
    Underscore(TextRange),
    // Boxed: a target sits in every assignment and loop statement, and two inline
    // expressions made `Stmt` 288 bytes (a model is kept for every file that names Kafka).
    Attr {
        value: Box<Expr>,
        attr: Name,
        range: TextRange,
    },
    Index {
        value: Box<Expr>,
        key: Box<Expr>,
        range: TextRange,
    },
    Tuple(Vec<Target>, TextRange),
    Other(TextRange),
}

/// An expression, reduced to what the rules need.
#[derive(Debug, Clone)]
pub enum Expr {
    Name {
        id: Name,
        range: TextRange,
    },
    /// `value.attr`; Rust paths `a::b` lower to the same shape.
    Attr {
        value: Box<Expr>,
        attr: Name,
        range: TextRange,
    },
    Call(Box<Call>),
    Await {
        value: Box<Expr>,
        range: TextRange,
    },
    /// Rust `expr?`.
    Try {
        value: Box<Expr>,
        range: TextRange,
    },
    Lit {
        lit: Lit,
        range: TextRange,
    },
    /// A dict literal; a `None` key is a `**spread`.
    Dict {
        items: Vec<(Option<Expr>, Expr)>,
        range: TextRange,
    },
    /// List, tuple, set, array literals.
    Seq {
        elts: Box<[Expr]>,
        range: TextRange,
    },
    /// A struct literal (`S { a: x }`) or keyword construction with a known type name.
    Record(Box<RecordExpr>),
    /// A value computed from `parts` (operators, subscripts, f-strings, comprehensions,
    /// conditional expressions, casts). Taint flows from every part.
    Derived {
        // A boxed slice: with a vector's 24 bytes this variant set an `Expr`'s width at 48
        // bytes; it is 40 now (the tag fits in `Name`'s spare bit patterns).
        parts: Box<[Expr]>,
        hop: Hop,
        range: TextRange,
    },
    /// Lambda / closure / async block: its statements run later, with the captured names.
    Closure(Box<ClosureExpr>),
    /// Anything else: opaque, carries no data or calls.
    Opaque {
        range: TextRange,
    },
}

/// A dotted path's names ([`Expr::dotted`]).
pub type Dotted<'e> = smallvec::SmallVec<[&'e str; 4]>;

impl Expr {
    /// A closure with no failure path.
    pub fn closure(params: Vec<Param>, body: Block, is_async: bool, range: TextRange) -> Expr {
        Expr::Closure(Box::new(ClosureExpr {
            params,
            body,
            is_async,
            range,
            failure: None,
        }))
    }
}

// The two large variants are boxed: an `Expr` sits in every argument, statement and boxed
// sub-expression of every model kept, and they made it 72 bytes instead of 48.

/// A struct literal (`S { a: x }`) or keyword construction with a known type name.
#[derive(Debug, Clone)]
pub struct RecordExpr {
    pub ty: Vec<String>,
    pub fields: Vec<(String, Expr)>,
    pub range: TextRange,
}

/// Lambda / closure / async block: its statements run later, with the captured names.
#[derive(Debug, Clone)]
pub struct ClosureExpr {
    pub params: Vec<Param>,
    pub body: Block,
    pub is_async: bool,
    pub range: TextRange,
    /// Set for an error closure (`.unwrap_or_else(|e| ..)`, `.or_else(|e| ..)`).
    pub failure: Option<Box<FailurePath>>,
}

/// How a derived value was computed; shown in taint paths.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hop {
    Index,
    Operator,
    /// A Python test operator, kept so that conditions over a function's parameters can be
    /// evaluated (`message is None`, `not offsets`, `a and b`).
    Logic(Logic),
    Format,
    Container,
    Conditional,
    Cast,
    /// `yield value` (a generator's produced value: `@contextmanager`, pytest fixtures).
    Yield,
    /// What `with value as name` binds: the context manager's `__enter__` (or `__aenter__`)
    /// result.
    Enter,
    Other,
}

/// The operator of a [`Hop::Logic`] value: its parts are the operands, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Logic {
    Not,
    And,
    Or,
    Is,
    IsNot,
    Eq,
    NotEq,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Lit {
    Str(Name),
    Bool(bool),
    Int(i64),
    None,
    Other,
}

/// A call. Method calls have `func = Attr { value: receiver, attr: method }`.
#[derive(Debug, Clone)]
pub struct Call {
    pub id: CallId,
    pub func: Expr,
    // Boxed slices (built once): a call is 96 bytes instead of 112, for every call kept.
    pub args: Box<[Arg]>,
    /// Rust turbofish: `create::<BaseProducer>()`.
    pub type_args: Box<[TypeRef]>,
    pub range: TextRange,
}

#[derive(Debug, Clone)]
pub struct Arg {
    /// Keyword name (`on_delivery=cb`); `None` for positional.
    pub name: Option<Name>,
    pub value: Expr,
    pub spread: Spread,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spread {
    None,
    /// `*args`
    Star,
    /// `**kwargs`
    DoubleStar,
}

impl Ranged for Expr {
    fn range(&self) -> TextRange {
        match self {
            Expr::Name { range, .. }
            | Expr::Attr { range, .. }
            | Expr::Await { range, .. }
            | Expr::Try { range, .. }
            | Expr::Lit { range, .. }
            | Expr::Dict { range, .. }
            | Expr::Seq { range, .. }
            | Expr::Derived { range, .. }
            | Expr::Opaque { range } => *range,
            Expr::Record(r) => r.range,
            Expr::Closure(c) => c.range,
            Expr::Call(call) => call.range,
        }
    }
}

impl Ranged for Target {
    fn range(&self) -> TextRange {
        match self {
            Target::Name(_, r) | Target::Underscore(r) | Target::Tuple(_, r) | Target::Other(r) => {
                *r
            }
            Target::Attr { range, .. } | Target::Index { range, .. } => *range,
        }
    }
}

impl Expr {
    pub fn derived(parts: Vec<Expr>, hop: Hop, range: TextRange) -> Expr {
        Expr::Derived {
            parts: parts.into(),
            hop,
            range,
        }
    }

    /// The method name and receiver of a method call's `func`.
    pub fn as_method(&self) -> Option<(&Expr, &str)> {
        match self {
            Expr::Attr { value, attr, .. } => Some((value, attr)),
            _ => None,
        }
    }

    /// The dotted path of a name or attribute chain: `a.b.c` / `a::b::c` gives `[a, b, c]`.
    pub fn dotted(&self) -> Option<Dotted<'_>> {
        // Counted first, then filled from the end. A run builds hundreds of thousands of these,
        // nearly all of at most four names: those are kept on the stack (an allocation each
        // was a sixth of the run's allocations).
        let mut len = 1;
        let mut at = self;
        while let Expr::Attr { value, .. } = at {
            len += 1;
            at = value;
        }
        let Expr::Name { id, .. } = at else {
            return None;
        };
        let mut path = Dotted::from_elem(id.as_str(), len);
        let mut at = self;
        while let Expr::Attr { value, attr, .. } = at {
            len -= 1;
            path[len] = attr.as_str();
            at = value;
        }
        Some(path)
    }

    /// The string value of a literal.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Expr::Lit {
                lit: Lit::Str(s), ..
            } => Some(s),
            _ => None,
        }
    }

    /// The last name segment: `x` for `x`, `c` for `a.b.c`, `f` for a call of `a.f(..)`.
    pub fn last_name(&self) -> Option<&str> {
        match self {
            Expr::Name { id, .. } => Some(id),
            Expr::Attr { attr, .. } => Some(attr),
            Expr::Call(call) => call.func.last_name(),
            Expr::Await { value, .. } | Expr::Try { value, .. } => value.last_name(),
            _ => None,
        }
    }
}

impl Stmt {
    /// `targets = value` (not augmented).
    pub fn assign(
        targets: Vec<Target>,
        value: Expr,
        annotation: Option<TypeRef>,
        range: TextRange,
    ) -> Stmt {
        Stmt {
            kind: StmtKind::Assign {
                targets,
                value,
                annotation: annotation.map(Box::new),
                augmented: false,
            },
            range,
        }
    }
}

impl Call {
    pub fn positional(&self) -> impl Iterator<Item = &Arg> {
        self.args
            .iter()
            .filter(|a| a.name.is_none() && a.spread == Spread::None)
    }

    pub fn keyword(&self, name: &str) -> Option<&Arg> {
        self.args.iter().find(|a| a.name.as_deref() == Some(name))
    }

    pub fn has_spread(&self, spread: Spread) -> bool {
        self.args.iter().any(|a| a.spread == spread)
    }
}

#[cfg(test)]
/// Every string of at most `max_len` pieces of `alphabet`, the empty one first (for tests
/// that compare a fast path with the plain one on every short input).
pub(crate) fn every_string(alphabet: &[&str], max_len: usize) -> Vec<String> {
    let mut all = vec![String::new()];
    let mut level = vec![String::new()];
    for _ in 0..max_len {
        level = (level.iter())
            .flat_map(|s| alphabet.iter().map(move |c| format!("{s}{c}")))
            .collect();
        all.extend(level.iter().cloned());
    }
    all
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// The widths the Python benchmark's peak memory rests on (docs/benchmarks.md): a field
    /// that widens a node is paid for by every node of every model kept until the run ends.
    #[test]
    fn node_widths() {
        use std::mem::size_of;
        assert_eq!(size_of::<super::Name>(), 24);
        assert!(size_of::<super::Expr>() <= 40);
        assert!(size_of::<super::Call>() <= 88);
        assert!(size_of::<super::Param>() <= 56);
        assert!(size_of::<super::Body>() <= 176);
        assert!(size_of::<super::Stmt>() <= 104);
        // Names of up to 24 bytes are no heap block of their own.
        assert!(!super::Name::from("enable.auto.offset.store").is_heap_allocated());
    }

    #[test]
    fn dotted_paths() {
        use super::{Expr, Name, TextRange};
        let name = |id: &str| Expr::Name {
            id: Name::from(id),
            range: TextRange::default(),
        };
        let attr = |value: Expr, attr: &str| Expr::Attr {
            value: Box::new(value),
            attr: Name::from(attr),
            range: TextRange::default(),
        };
        assert_eq!(name("a").dotted().as_deref(), Some(&["a"][..]));
        let abc = attr(attr(name("a"), "b"), "c");
        assert_eq!(abc.dotted().as_deref(), Some(&["a", "b", "c"][..]));
        let on_literal = attr(
            Expr::Opaque {
                range: TextRange::default(),
            },
            "x",
        );
        assert_eq!(on_literal.dotted(), None);
    }

    /// Every path of up to six characters from `/`, `.`, `a` and `b`: `file_name_is` says
    /// what `Path::file_name` says, for the names `a`, `b.a` and `.a`.
    #[test]
    fn file_name_is_agrees_with_path() {
        for p in &super::every_string(&["/", ".", "a", "b"], 6) {
            for name in ["a", "b.a", ".a"] {
                let path = Path::new(p);
                let want = path.file_name().is_some_and(|n| n == name);
                assert_eq!(super::file_name_is(path, name), want, "{p:?} {name:?}");
            }
        }
    }
}
