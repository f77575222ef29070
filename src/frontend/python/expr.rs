//! Expressions and type annotations.

use ruff_python_ast::{self as ast, Expr as PyExpr};
use ruff_text_size::Ranged;

use super::range;
use crate::frontend::LowerState;
use crate::model::*;

pub(super) struct Lowerer {
    pub st: LowerState,
    /// Assignments made by walrus expressions, emitted before the enclosing statement.
    pub hoisted: Vec<Stmt>,
    pub in_function: bool,
    /// In a method: its class's base classes (as written) and its `self` name, so that
    /// `Base.method(self, ..)` reads as the `super().method(..)` it means.
    pub method_of: Option<(Vec<Vec<String>>, Name)>,
}

impl Lowerer {
    pub(super) fn expr(&mut self, e: &PyExpr) -> Expr {
        let r = range(e.range());
        if !self.st.enter() {
            return Expr::Opaque { range: r };
        }
        let out = self.expr_inner(e, r);
        self.st.leave();
        out
    }

    fn exprs<'a>(&mut self, es: impl IntoIterator<Item = &'a PyExpr>) -> Vec<Expr> {
        es.into_iter().map(|e| self.expr(e)).collect()
    }

    fn expr_inner(&mut self, e: &PyExpr, r: TextRange) -> Expr {
        match e {
            PyExpr::Name(n) => Expr::Name {
                id: n.id.as_str().into(),
                range: r,
            },
            PyExpr::Attribute(a) => Expr::Attr {
                value: Box::new(self.expr(&a.value)),
                attr: a.attr.id.as_str().into(),
                range: r,
            },
            PyExpr::Call(c) => self.call(c, r),
            PyExpr::Await(a) => Expr::Await {
                value: Box::new(self.expr(&a.value)),
                range: r,
            },
            PyExpr::StringLiteral(s) => Expr::Lit {
                lit: Lit::Str(s.value.to_str().into()),
                range: r,
            },
            PyExpr::BooleanLiteral(b) => Expr::Lit {
                lit: Lit::Bool(b.value),
                range: r,
            },
            PyExpr::NoneLiteral(_) => Expr::Lit {
                lit: Lit::None,
                range: r,
            },
            PyExpr::NumberLiteral(n) => Expr::Lit {
                lit: match &n.value {
                    ast::Number::Int(i) => i.as_i64().map_or(Lit::Other, Lit::Int),
                    _ => Lit::Other,
                },
                range: r,
            },
            PyExpr::BytesLiteral(_) | PyExpr::EllipsisLiteral(_) => Expr::Lit {
                lit: Lit::Other,
                range: r,
            },
            PyExpr::Dict(d) => Expr::Dict {
                items: d
                    .items
                    .iter()
                    .map(|item| {
                        (
                            item.key.as_ref().map(|k| self.expr(k)),
                            self.expr(&item.value),
                        )
                    })
                    .collect(),
                range: r,
            },
            PyExpr::List(l) => Expr::Seq {
                elts: self.exprs(&l.elts).into(),
                range: r,
            },
            PyExpr::Tuple(t) => Expr::Seq {
                elts: self.exprs(&t.elts).into(),
                range: r,
            },
            PyExpr::Set(s) => Expr::Seq {
                elts: self.exprs(&s.elts).into(),
                range: r,
            },
            PyExpr::Subscript(s) => {
                let parts = vec![self.expr(&s.value), self.expr(&s.slice)];
                Expr::derived(parts, Hop::Index, r)
            }
            PyExpr::BinOp(b) => {
                let parts = vec![self.expr(&b.left), self.expr(&b.right)];
                Expr::derived(parts, Hop::Operator, r)
            }
            // `-1`: a negative literal (an infinite flush timeout, OL202).
            PyExpr::UnaryOp(u)
                if u.op == ast::UnaryOp::USub
                    && matches!(&*u.operand, PyExpr::NumberLiteral(n) if matches!(&n.value, ast::Number::Int(i) if i.as_i64().is_some())) =>
            {
                match self.expr(&u.operand) {
                    Expr::Lit {
                        lit: Lit::Int(i), ..
                    } => Expr::Lit {
                        lit: Lit::Int(-i),
                        range: r,
                    },
                    other => Expr::derived(vec![other], Hop::Operator, r),
                }
            }
            PyExpr::UnaryOp(u) => {
                let parts = vec![self.expr(&u.operand)];
                let hop = match u.op {
                    ast::UnaryOp::Not => Hop::Logic(Logic::Not),
                    _ => Hop::Operator,
                };
                Expr::derived(parts, hop, r)
            }
            PyExpr::BoolOp(b) => {
                let parts = self.exprs(&b.values);
                let hop = Hop::Logic(match b.op {
                    ast::BoolOp::And => Logic::And,
                    ast::BoolOp::Or => Logic::Or,
                });
                Expr::derived(parts, hop, r)
            }
            PyExpr::Compare(c) => {
                let mut parts = Vec::with_capacity(1 + c.comparators.len());
                parts.push(self.expr(&c.left));
                parts.extend(self.exprs(c.comparators.iter()));
                // One identity or equality test; chains and orderings stay opaque operators.
                let hop = match &*c.ops {
                    [ast::CmpOp::Is] => Hop::Logic(Logic::Is),
                    [ast::CmpOp::IsNot] => Hop::Logic(Logic::IsNot),
                    [ast::CmpOp::Eq] => Hop::Logic(Logic::Eq),
                    [ast::CmpOp::NotEq] => Hop::Logic(Logic::NotEq),
                    _ => Hop::Operator,
                };
                Expr::derived(parts, hop, r)
            }
            PyExpr::If(i) => {
                let parts = vec![self.expr(&i.test), self.expr(&i.body), self.expr(&i.orelse)];
                Expr::derived(parts, Hop::Conditional, r)
            }
            PyExpr::FString(f) => {
                let mut parts = Vec::new();
                for part in f.value.iter() {
                    match part {
                        ast::FStringPart::Literal(l) => parts.push(Expr::Lit {
                            lit: Lit::Str((*l.value).into()),
                            range: range(l.range),
                        }),
                        ast::FStringPart::FString(fs) => {
                            for el in fs.elements.iter() {
                                match el {
                                    ast::InterpolatedStringElement::Literal(l) => {
                                        parts.push(Expr::Lit {
                                            lit: Lit::Str((*l.value).into()),
                                            range: range(l.range),
                                        })
                                    }
                                    ast::InterpolatedStringElement::Interpolation(i) => {
                                        parts.push(self.expr(&i.expression))
                                    }
                                }
                            }
                        }
                    }
                }
                Expr::derived(parts, Hop::Format, r)
            }
            PyExpr::Named(n) => {
                let value = self.expr(&n.value);
                let target = self.target(&n.target);
                let name = match &target {
                    Target::Name(id, tr) => Expr::Name {
                        id: id.clone(),
                        range: *tr,
                    },
                    _ => Expr::Opaque { range: r },
                };
                self.hoisted.push(Stmt {
                    kind: StmtKind::Assign {
                        targets: vec![target],
                        value,
                        annotation: None,
                        augmented: false,
                    },
                    range: r,
                });
                name
            }
            PyExpr::Lambda(l) => {
                let params = l
                    .parameters
                    .as_ref()
                    .map(|ps| self.params(ps, false))
                    .unwrap_or_default();
                let value = self.expr(&l.body);
                let body = vec![Stmt {
                    kind: StmtKind::Exit {
                        kind: ExitKind::Return,
                        value: Some(value),
                    },
                    range: r,
                }];
                Expr::closure(params, body, false, r)
            }
            PyExpr::ListComp(c) => self.comprehension(&c.elt, None, &c.generators, r),
            PyExpr::SetComp(c) => self.comprehension(&c.elt, None, &c.generators, r),
            PyExpr::Generator(c) => self.comprehension(&c.elt, None, &c.generators, r),
            PyExpr::DictComp(c) => self.comprehension(&c.value, c.key.as_deref(), &c.generators, r),
            PyExpr::Starred(s) => self.expr(&s.value),
            PyExpr::Yield(y) => {
                let parts = y.value.iter().map(|v| self.expr(v)).collect();
                Expr::derived(parts, Hop::Yield, r)
            }
            // A generator-based coroutine's `yield from fut` (`@asyncio.coroutine`) awaits it;
            // a generator's `yield from gen()` hands on what `gen` yields, which no rule reads.
            PyExpr::YieldFrom(y) => Expr::Await {
                value: Box::new(self.expr(&y.value)),
                range: r,
            },
            PyExpr::Slice(s) => {
                let parts = [&s.lower, &s.upper, &s.step]
                    .into_iter()
                    .flatten()
                    .map(|v| self.expr(v))
                    .collect();
                Expr::derived(parts, Hop::Index, r)
            }
            PyExpr::TString(_) | PyExpr::IpyEscapeCommand(_) => Expr::Opaque { range: r },
        }
    }

    fn comprehension(
        &mut self,
        elt: &PyExpr,
        key: Option<&PyExpr>,
        gens: &[ast::Comprehension],
        r: TextRange,
    ) -> Expr {
        let mut parts = Vec::with_capacity(gens.len() + 2);
        for g in gens {
            parts.push(self.expr(&g.iter));
        }
        if let Some(k) = key {
            parts.push(self.expr(k));
        }
        parts.push(self.expr(elt));
        Expr::derived(parts, Hop::Container, r)
    }

    fn call(&mut self, c: &ast::ExprCall, r: TextRange) -> Expr {
        let id = self.st.call_id();
        let func = self.expr(&c.func);
        // Sized up front: a pushed-to vector starts with room for four arguments, and most
        // calls have fewer (this was a tenth of a run's peak memory).
        let mut args = Vec::with_capacity(c.arguments.args.len() + c.arguments.keywords.len());
        for a in c.arguments.args.iter() {
            let spread = if matches!(a, PyExpr::Starred(_)) {
                Spread::Star
            } else {
                Spread::None
            };
            args.push(Arg {
                name: None,
                value: self.expr(a),
                spread,
            });
        }
        for k in c.arguments.keywords.iter() {
            args.push(Arg {
                name: k.arg.as_ref().map(|a| a.id.as_str().into()),
                value: self.expr(&k.value),
                spread: if k.arg.is_none() {
                    Spread::DoubleStar
                } else {
                    Spread::None
                },
            });
        }
        self.dynamic_import(&func, &args, r);
        let func = match self.base_method_call(func, &mut args) {
            Ok(sup) => sup,
            Err(func) => func,
        };
        Expr::Call(Box::new(Call {
            id,
            func,
            args: args.into(),
            type_args: Box::default(),
            range: r,
        }))
    }

    /// `confluent_kafka.Producer.flush(self, timeout=0)` in a method of a class deriving from
    /// `confluent_kafka.Producer`: the base's method called on the instance, lowered as
    /// `super().flush(timeout=0)` (`Ok`, the `self` argument dropped); any other callee is
    /// given back (`Err`).
    fn base_method_call(&mut self, func: Expr, args: &mut Vec<Arg>) -> Result<Expr, Expr> {
        let Some((bases, me)) = &self.method_of else {
            return Err(func);
        };
        let Expr::Attr { value, attr, range } = &func else {
            return Err(func);
        };
        let on_base = value.dotted().is_some_and(|path| {
            bases
                .iter()
                .any(|b| b.iter().map(String::as_str).eq(path.iter().copied()))
        });
        let on_self = args.first().is_some_and(|a| {
            a.name.is_none()
                && a.spread == Spread::None
                && matches!(&a.value, Expr::Name { id, .. } if id == me)
        });
        if !on_base || !on_self {
            return Err(func);
        }
        args.remove(0);
        let sup = Expr::Call(Box::new(Call {
            id: self.st.call_id(),
            func: Expr::Name {
                id: "super".into(),
                range: crate::model::Ranged::range(&**value),
            },
            args: Box::default(),
            type_args: Box::default(),
            range: crate::model::Ranged::range(&**value),
        }));
        Ok(Expr::Attr {
            value: Box::new(sup),
            attr: attr.clone(),
            range: *range,
        })
    }

    /// `importlib.import_module("x")` and `__import__("x")` with a literal name are imports.
    fn dynamic_import(&mut self, func: &Expr, args: &[Arg], r: TextRange) {
        let is_dynamic = matches!(
            func.dotted().as_deref(),
            Some(["__import__"]) | Some(["import_module"]) | Some(["importlib", "import_module"])
        );
        let Some(name) = args.first().and_then(|a| a.value.as_str()) else {
            return;
        };
        if is_dynamic && !name.starts_with('.') {
            let path: Vec<String> = name.split('.').map(str::to_string).collect();
            let entry = ImportEntry {
                path,
                from_len: None,
                binding: None,
                glob: false,
            };
            self.push_import(vec![entry], 0, ImportKind::Dynamic, r);
        }
    }

    pub(super) fn target(&mut self, t: &PyExpr) -> Target {
        let r = range(t.range());
        match t {
            PyExpr::Name(n) if n.id.as_str() == "_" => Target::Underscore(r),
            PyExpr::Name(n) => Target::Name(n.id.as_str().into(), r),
            PyExpr::Attribute(a) => Target::Attr {
                value: Box::new(self.expr(&a.value)),
                attr: a.attr.id.as_str().into(),
                range: r,
            },
            PyExpr::Subscript(s) => Target::Index {
                value: Box::new(self.expr(&s.value)),
                key: Box::new(self.expr(&s.slice)),
                range: r,
            },
            PyExpr::Tuple(tu) => Target::Tuple(tu.elts.iter().map(|e| self.target(e)).collect(), r),
            PyExpr::List(l) => Target::Tuple(l.elts.iter().map(|e| self.target(e)).collect(), r),
            PyExpr::Starred(s) => self.target(&s.value),
            _ => Target::Other(r),
        }
    }
}

/// The paths an annotation could name: `Consumer`, `ck.Consumer`, `Optional[Consumer]`,
/// `Consumer | None`, `"Optional[Consumer]"`; container element types (`list[Producer]`,
/// `dict[str, Producer]`) go to `elements`.
pub(super) fn type_ref(e: &PyExpr) -> TypeRef {
    let mut out = TypeRef::default();
    collect_type_paths(e, &mut out, false, 0);
    out
}

/// Generic types whose arguments are elements, not the value itself.
const CONTAINERS: &[&str] = &[
    "list",
    "List",
    "dict",
    "Dict",
    "set",
    "Set",
    "frozenset",
    "FrozenSet",
    "tuple",
    "Tuple",
    "Sequence",
    "MutableSequence",
    "Mapping",
    "MutableMapping",
    "Iterable",
    "Iterator",
    "Collection",
    "deque",
    "Deque",
    "DefaultDict",
    "defaultdict",
    "OrderedDict",
];

/// Wrappers whose argument is the value itself (looked through).
const SAME_VALUE: &[&str] = &[
    "Optional",
    "Union",
    "Annotated",
    "Final",
    "ClassVar",
    "Type",
    "type",
];

fn collect_type_paths(e: &PyExpr, out: &mut TypeRef, element: bool, depth: u32) {
    if depth > 16 {
        return;
    }
    let push = |out: &mut TypeRef, p: Vec<String>| {
        if element {
            out.elements.push(p)
        } else {
            out.paths.push(p)
        }
    };
    match e {
        PyExpr::Name(_) | PyExpr::Attribute(_) => {
            if let Some(p) = dotted(e) {
                push(out, p);
            }
        }
        PyExpr::Subscript(s) => {
            let base = dotted(&s.value);
            let last = base.as_ref().and_then(|b| b.last()).cloned();
            let last = last.as_deref();
            let container = last.is_some_and(|l| CONTAINERS.contains(&l));
            let same = last.is_some_and(|l| SAME_VALUE.contains(&l));
            if let Some(p) = base {
                if !same {
                    push(out, p);
                }
            }
            // `dict[str, Producer]`: the value type is the last argument.
            let slice: &PyExpr = match (&*s.slice, container) {
                (PyExpr::Tuple(t), true)
                    if last.is_some_and(|l| l.ends_with("ict") || l.contains("Mapping")) =>
                {
                    t.elts.last().unwrap_or(&s.slice)
                }
                _ => &s.slice,
            };
            collect_type_paths(slice, out, element || container, depth + 1);
        }
        PyExpr::Tuple(t) => t
            .elts
            .iter()
            .for_each(|e| collect_type_paths(e, out, element, depth + 1)),
        PyExpr::BinOp(b) => {
            collect_type_paths(&b.left, out, element, depth + 1);
            collect_type_paths(&b.right, out, element, depth + 1);
        }
        // A quoted annotation is parsed as the expression it spells.
        PyExpr::StringLiteral(s) => {
            if let Ok(parsed) = ruff_python_parser::parse_expression(s.value.to_str()) {
                collect_type_paths(&parsed.into_expr(), out, element, depth + 1);
            }
        }
        _ => {}
    }
}

/// A value that can only be a type: `Annotated[..]`, `Optional[..]`, `Union[..]` (an
/// implicit alias's right-hand side; `X = Consumer` may be a value, and stays one).
pub(super) fn is_type_form(e: &PyExpr) -> bool {
    let PyExpr::Subscript(s) = e else {
        return false;
    };
    (dotted(&s.value)).is_some_and(|p| {
        p.last()
            .is_some_and(|l| matches!(l.as_str(), "Annotated" | "Optional" | "Union"))
    })
}

/// `X: TypeAlias = ...` (also `typing.TypeAlias`).
pub(super) fn is_type_alias_annotation(e: &PyExpr) -> bool {
    dotted(e).is_some_and(|p| p.last().is_some_and(|l| l == "TypeAlias"))
}

impl Lowerer {
    /// Parameters with their kinds and defaults; `annotated` is false for lambdas.
    pub(super) fn params(&mut self, ps: &ast::Parameters, annotated: bool) -> Vec<Param> {
        let mut out = Vec::with_capacity(ps.len());
        let regular = |this: &mut Self, p: &ast::ParameterWithDefault, kind: ParamKind| Param {
            name: p.parameter.name.id.as_str().into(),
            annotation: p
                .parameter
                .annotation
                .as_deref()
                .filter(|_| annotated)
                .map(|a| Box::new(type_ref(a))),
            default: p.default.as_deref().map(|d| Box::new(this.expr(d))),
            kind,
            range: range(p.range),
        };
        for p in ps.posonlyargs.iter().chain(&ps.args) {
            let param = regular(self, p, ParamKind::Regular);
            out.push(param);
        }
        if let Some(v) = &ps.vararg {
            out.push(Param {
                kind: ParamKind::VarArgs,
                ..Param::new(v.name.id.to_string(), None, range(v.range))
            });
        }
        for p in &ps.kwonlyargs {
            let param = regular(self, p, ParamKind::KeywordOnly);
            out.push(param);
        }
        if let Some(k) = &ps.kwarg {
            out.push(Param {
                kind: ParamKind::VarKwargs,
                ..Param::new(k.name.id.to_string(), None, range(k.range))
            });
        }
        out
    }
}

fn dotted(e: &PyExpr) -> Option<Vec<String>> {
    match e {
        PyExpr::Name(n) => Some(vec![n.id.to_string()]),
        PyExpr::Attribute(a) => {
            let mut p = dotted(&a.value)?;
            p.push(a.attr.id.to_string());
            Some(p)
        }
        _ => None,
    }
}
