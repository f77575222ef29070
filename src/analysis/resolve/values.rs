//! Values and origins: what resolution answers (a `Value`: a Kafka client, a class, a
//! function, a module, ...), how a client was recognised and where it was built.

use crate::analysis::config::ConfigView;
use crate::analysis::program::FileId;
use crate::knowledge::{LibId, Role};
use crate::model::*;

/// How a receiver was recognised as a Kafka client.
#[derive(Debug, Clone, PartialEq)]
pub enum Resolution {
    /// Traced to a constructor, annotation or client subclass at `at`, through `hops`.
    Resolved {
        via: Via,
        at: Origin,
        hops: Vec<Link>,
    },
    /// Name heuristic: the file imports a Kafka module and the name contains the role.
    Heuristic { name: String },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Via {
    Constructor,
    Annotation,
}

/// Where a client value was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Origin {
    pub file: FileId,
    pub range: TextRange,
}

/// A step the value took on its way to the receiver (shown in diagnostics).
#[derive(Debug, Clone, PartialEq)]
pub enum Link {
    /// Returned (or yielded) by a function or property.
    Returned(String),
    /// A pytest fixture.
    Fixture(String),
    /// Stored in a field or class attribute (`Worker._kc`).
    Field(String),
    /// Passed as an argument by a caller.
    Argument(String),
    /// Reached through a wrapper's delegating `__getattr__` (`SafeProducer.__getattr__`).
    Delegated(String),
}

impl Link {
    pub fn describe(&self) -> String {
        match self {
            Link::Returned(f) => format!("returned by `{f}`"),
            Link::Fixture(f) => format!("from fixture `{f}`"),
            Link::Field(f) => format!("stored in `{f}`"),
            Link::Argument(f) => format!("passed to `{f}`"),
            Link::Delegated(f) => format!("delegated by `{f}`"),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Client {
    pub lib: LibId,
    pub role: Role,
    /// The client type's simple name (`Consumer`, `FutureProducer`) when known.
    pub ty: Option<String>,
    pub resolution: Resolution,
    /// What the construction visibly configures.
    pub config: ConfigView,
    /// False for a heuristic receiver in a file importing several Kafka libraries.
    pub lib_certain: bool,
    /// A project class deriving from the client type: its overrides are wrappers.
    pub class: Option<ClassRef>,
    /// rdkafka: the context it was built with or typed by (who receives its deliveries).
    pub context: Context,
}

/// What an rdkafka client's context is known to be: from its construction (`create()`,
/// `from_config(..)`, `create_with_context(ctx)`) or its type (`ThreadedProducer<Ctx>`, or
/// the context parameter left at its default).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Context {
    #[default]
    Unknown,
    /// A context that does nothing (`DefaultProducerContext`).
    Default,
    /// A program type whose `delivery` method has an empty body.
    Silent,
    /// A program type (or a generic bound) that may observe deliveries.
    Custom,
}

impl Client {
    pub fn is_heuristic(&self) -> bool {
        matches!(self.resolution, Resolution::Heuristic { .. })
    }

    /// Where the client was made, when resolved.
    pub fn origin(&self) -> Option<Origin> {
        match &self.resolution {
            Resolution::Resolved { at, .. } => Some(*at),
            Resolution::Heuristic { .. } => None,
        }
    }

    pub(super) fn hop(mut self, hop: Link) -> Self {
        if let Resolution::Resolved { hops, .. } = &mut self.resolution {
            if hops.len() < 8 && hops.last() != Some(&hop) {
                hops.push(hop);
            }
        }
        self
    }
}

/// A class or struct of the program.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClassRef {
    pub file: FileId,
    pub index: u32,
}

/// A function or method of the program.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FuncRef {
    pub file: FileId,
    pub body: BodyId,
}

/// What an expression holds.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Kafka(Client),
    /// A language-model client (OL3xx sources are its generate calls).
    Llm,
    /// Visibly something else (a non-Kafka constructor): never a heuristic match.
    Other,
    /// A test double (`MagicMock(..)`, `mocker.patch(..)`): its attributes and what calling
    /// it returns are doubles too, never a heuristic match.
    Double,
    /// A lambda: calling it gives this.
    Callable(Box<Value>),
    /// An instance of a program class: its fields and methods resolve through the class.
    Instance(ClassRef),
    Class(ClassRef),
    Func(FuncRef),
    Module(FileId),
    /// A container whose elements are this.
    Elements(Box<Value>),
    Tuple(Vec<Option<Value>>),
    /// `functools.partial(client.method, ..)`: calling it calls the method with the partial's
    /// arguments first (the partial call is `call` in `file`).
    Partial {
        client: Box<Client>,
        method: String,
        file: FileId,
        call: CallId,
    },
}

impl Value {
    /// The value as a fixture gives it: "from fixture `x`" instead of "returned by `x`".
    pub(super) fn fixture(self, function: &str, name: &str) -> Self {
        match self {
            Value::Kafka(mut c) => {
                if let Resolution::Resolved { hops, .. } = &mut c.resolution {
                    if hops.last() == Some(&Link::Returned(function.to_string())) {
                        hops.pop();
                    }
                }
                Value::Kafka(c.hop(Link::Fixture(name.to_string())))
            }
            Value::Tuple(vs) => Value::Tuple(
                vs.into_iter()
                    .map(|v| v.map(|v| v.fixture(function, name)))
                    .collect(),
            ),
            Value::Callable(v) => Value::Callable(Box::new(v.fixture(function, name))),
            other => other.hop(Link::Fixture(name.to_string())),
        }
    }

    pub(super) fn hop(self, hop: Link) -> Self {
        match self {
            Value::Kafka(c) => Value::Kafka(c.hop(hop)),
            Value::Callable(v) => Value::Callable(Box::new(v.hop(hop))),
            Value::Tuple(vs) => Value::Tuple(
                vs.into_iter()
                    .map(|v| v.map(|v| v.hop(hop.clone())))
                    .collect(),
            ),
            other => other,
        }
    }
}

/// Keep the most informative value: a Kafka client beats anything else; otherwise the first.
pub(super) fn merge(slot: &mut Option<Value>, new: Option<Value>) {
    match (&slot, new) {
        (_, None) => {}
        (None, Some(v)) => *slot = Some(v),
        (Some(Value::Kafka(_)), Some(_)) => {}
        (Some(_), Some(v @ Value::Kafka(_))) => *slot = Some(v),
        (Some(_), Some(_)) => {}
    }
}
