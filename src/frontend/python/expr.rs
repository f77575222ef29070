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
                id: n.id.to_string(),
                range: r,
            },
            PyExpr::Attribute(a) => Expr::Attr {
                value: Box::new(self.expr(&a.value)),
                attr: a.attr.id.to_string(),
                range: r,
            },
            PyExpr::Call(c) => self.call(c, r),
            PyExpr::Await(a) => Expr::Await {
                value: Box::new(self.expr(&a.value)),
                range: r,
            },
            PyExpr::StringLiteral(s) => Expr::Lit {
                lit: Lit::Str(s.value.to_str().to_string()),
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
                elts: self.exprs(&l.elts),
                range: r,
            },
            PyExpr::Tuple(t) => Expr::Seq {
                elts: self.exprs(&t.elts),
                range: r,
            },
            PyExpr::Set(s) => Expr::Seq {
                elts: self.exprs(&s.elts),
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
            PyExpr::UnaryOp(u) => {
                let parts = vec![self.expr(&u.operand)];
                Expr::derived(parts, Hop::Operator, r)
            }
            PyExpr::BoolOp(b) => {
                let parts = self.exprs(&b.values);
                Expr::derived(parts, Hop::Operator, r)
            }
            PyExpr::Compare(c) => {
                let mut parts = vec![self.expr(&c.left)];
                parts.extend(self.exprs(c.comparators.iter()));
                Expr::derived(parts, Hop::Operator, r)
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
                            lit: Lit::Str(l.value.to_string()),
                            range: range(l.range),
                        }),
                        ast::FStringPart::FString(fs) => {
                            for el in fs.elements.iter() {
                                match el {
                                    ast::InterpolatedStringElement::Literal(l) => {
                                        parts.push(Expr::Lit {
                                            lit: Lit::Str(l.value.to_string()),
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
                    .map(|ps| {
                        ps.iter()
                            .map(|p| Param {
                                name: p.name().id.to_string(),
                                annotation: None,
                                range: range(p.range()),
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                let value = self.expr(&l.body);
                let body = vec![Stmt {
                    kind: StmtKind::Exit {
                        kind: ExitKind::Return,
                        value: Some(value),
                    },
                    range: r,
                }];
                Expr::Closure {
                    params,
                    body,
                    is_async: false,
                    range: r,
                }
            }
            PyExpr::ListComp(c) => self.comprehension(&c.elt, None, &c.generators, r),
            PyExpr::SetComp(c) => self.comprehension(&c.elt, None, &c.generators, r),
            PyExpr::Generator(c) => self.comprehension(&c.elt, None, &c.generators, r),
            PyExpr::DictComp(c) => self.comprehension(&c.value, c.key.as_deref(), &c.generators, r),
            PyExpr::Starred(s) => self.expr(&s.value),
            PyExpr::Yield(y) => {
                let parts = y.value.iter().map(|v| self.expr(v)).collect();
                Expr::derived(parts, Hop::Other, r)
            }
            PyExpr::YieldFrom(y) => {
                let parts = vec![self.expr(&y.value)];
                Expr::derived(parts, Hop::Other, r)
            }
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
        let mut parts = Vec::new();
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
        let mut args = Vec::new();
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
                name: k.arg.as_ref().map(|a| a.id.to_string()),
                value: self.expr(&k.value),
                spread: if k.arg.is_none() {
                    Spread::DoubleStar
                } else {
                    Spread::None
                },
            });
        }
        self.dynamic_import(&func, &args, r);
        Expr::Call(Box::new(Call {
            id,
            func,
            args,
            type_args: Vec::new(),
            range: r,
        }))
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
            PyExpr::Name(n) => Target::Name(n.id.to_string(), r),
            PyExpr::Attribute(a) => Target::Attr {
                value: self.expr(&a.value),
                attr: a.attr.id.to_string(),
                range: r,
            },
            PyExpr::Subscript(s) => Target::Index {
                value: self.expr(&s.value),
                key: self.expr(&s.slice),
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
/// `Consumer | None`, `"Consumer"`.
pub(super) fn type_ref(e: &PyExpr) -> TypeRef {
    let mut out = TypeRef::default();
    collect_type_paths(e, &mut out.paths, 0);
    out
}

fn collect_type_paths(e: &PyExpr, out: &mut Vec<Vec<String>>, depth: u32) {
    if depth > 16 {
        return;
    }
    match e {
        PyExpr::Name(_) | PyExpr::Attribute(_) => {
            if let Some(p) = dotted(e) {
                out.push(p);
            }
        }
        PyExpr::Subscript(s) => {
            if let Some(p) = dotted(&s.value) {
                out.push(p);
            }
            collect_type_paths(&s.slice, out, depth + 1);
        }
        PyExpr::Tuple(t) => t
            .elts
            .iter()
            .for_each(|e| collect_type_paths(e, out, depth + 1)),
        PyExpr::BinOp(b) => {
            collect_type_paths(&b.left, out, depth + 1);
            collect_type_paths(&b.right, out, depth + 1);
        }
        PyExpr::StringLiteral(s) => {
            let text = s.value.to_str();
            if !text.is_empty()
                && text.split('.').all(|seg| {
                    !seg.is_empty() && seg.chars().all(|c| c.is_alphanumeric() || c == '_')
                })
            {
                out.push(text.split('.').map(str::to_string).collect());
            }
        }
        _ => {}
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
