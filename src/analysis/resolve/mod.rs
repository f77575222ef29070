//! What a value is, across the program (the catalog's "Resolution" section): constructors
//! through imports and aliases, annotations and type aliases, function returns and yields
//! (`@contextmanager`, `@property`, pytest fixtures), module-level names of other modules,
//! fields and class attributes (of the class and its bases, any depth), struct literals,
//! container elements, subclasses of client types, and parameters from their callers. Demand
//! driven and memoised; recursion and import cycles end in "unknown" within a budget.
//! Dynamic access (`getattr`, `importlib` with a computed name) is never guessed.

mod calls;
mod classes;
mod clients;
mod config_reader;
mod expressions;
mod paths;
mod returns;
mod types;
mod values;
mod web_state;

use foldhash::HashMap;
use std::cell::{Cell, RefCell};

use crate::analysis::index::FileIndex;
use crate::analysis::program::{FileId, Program};
use crate::knowledge::{ClientType, Knowledge, LibId};
use crate::model::*;
pub use values::{ClassRef, Client, Context, FuncRef, Origin, Resolution, Value, Via};

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
// Names as the model keeps them (inline up to 24 bytes): a key is built for every lookup,
// hit or not, and a `String` was an allocation each (127,000 for module names alone on the
// Python benchmark corpus).
enum Key {
    Name(FileId, BodyId, Name),
    Export(FileId, Name),
    Field(ClassRef, Name),
    Return(FuncRef),
    Param(FuncRef, usize),
    /// What an application's `state` holds under a name, program-wide.
    AppState(Name),
    /// What a request's `state` holds under a name, program-wide.
    RequestState(Name),
    /// What the program stores under a name on an application's registry.
    RegistryState(Name),
    /// The one program class implementing an interface (or extending a class).
    Implementation(ClassRef),
}

/// The client type each written path of one file names ([`Resolver::client_type_at`]).
type ClientTypesAt<'m> = HashMap<Vec<String>, Option<&'m ClientType>>;

/// Recursion budget: resolution deeper than this is "unknown".
pub const MAX_DEPTH: u32 = 48;

pub struct Resolver<'p, 'm> {
    pub program: &'p Program<'m>,
    pub knowledge: &'m Knowledge,
    heuristic: bool,
    memo: RefCell<HashMap<Key, Option<Value>>>,
    /// Kafka libraries a file imports: any import, or client imports only (`true`).
    libs: RefCell<HashMap<(FileId, bool), Vec<LibId>>>,
    /// [`Resolver::client_type_at`] by file and path: a class's bases are asked for again
    /// each time an instance or a construction of it is resolved. Sound to keep: the answer
    /// reads only the program's imports, module-level aliases and the knowledge, never a
    /// value being resolved, so it is the same whenever it is asked.
    client_types: RefCell<HashMap<FileId, ClientTypesAt<'m>>>,
    depth: Cell<u32>,
    /// Resolutions stopped by `MAX_DEPTH` so far (`--statistics`).
    pub cuts: Cell<u32>,
}

impl<'p, 'm> Resolver<'p, 'm> {
    /// Whether the name heuristic is on.
    pub fn heuristic_on(&self) -> bool {
        self.heuristic
    }

    pub fn new(program: &'p Program<'m>, knowledge: &'m Knowledge, heuristic: bool) -> Self {
        Resolver {
            program,
            knowledge,
            heuristic,
            memo: RefCell::new(HashMap::default()),
            libs: RefCell::new(HashMap::default()),
            client_types: RefCell::new(HashMap::default()),
            depth: Cell::new(0),
            cuts: Cell::new(0),
        }
    }

    fn index(&self, f: FileId) -> Option<&'p FileIndex<'m>> {
        self.program.index(f)
    }

    /// Runs `compute` one level deeper in the resolution budget (`None` past it): for a
    /// search that resolves values without going through [`Self::memo`] (a parameter's call
    /// sites, whose callees and arguments are resolved again), so that a cycle through it
    /// ends.
    pub(super) fn deeper<T>(&self, compute: impl FnOnce() -> T) -> Option<T> {
        if self.depth.get() >= MAX_DEPTH {
            self.cuts.set(self.cuts.get() + 1);
            return None;
        }
        self.depth.set(self.depth.get() + 1);
        let v = compute();
        self.depth.set(self.depth.get() - 1);
        Some(v)
    }

    /// Memoised, cycle-safe evaluation: a key being computed reads as unknown.
    fn memo(&self, key: Key, compute: impl FnOnce() -> Option<Value>) -> Option<Value> {
        if let Some(v) = self.memo.borrow().get(&key) {
            return v.clone();
        }
        // In progress: a cycle back to `key` reads "unknown". Past the budget nothing is
        // computed, and nothing remembered.
        let v = self.deeper(|| {
            self.memo.borrow_mut().insert(key.clone(), None);
            compute()
        })?;
        self.memo.borrow_mut().insert(key, v.clone());
        v
    }
}

/// `[a, b, c]` as the expression `a.b.c`.
pub(crate) fn path_expr(path: &[String]) -> Expr {
    let mut segments = path.iter();
    let mut e = Expr::Name {
        id: segments.next().cloned().unwrap_or_default().into(),
        range: TextRange::default(),
    };
    for s in segments {
        e = Expr::Attr {
            value: Box::new(e),
            attr: s.as_str().into(),
            range: TextRange::default(),
        };
    }
    e
}

/// Whether a qualified path names something of a test-double module (`unittest.mock`,
/// `pytest_mock`).
fn is_test_double(modules: &[&str], q: &[String]) -> bool {
    modules.iter().any(|m| {
        let parts = m.split('.').count();
        q.len() > parts && q.iter().zip(m.split('.')).all(|(a, b)| a == b)
    })
}
