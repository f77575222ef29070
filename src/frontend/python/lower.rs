//! Statements, bodies, classes and imports.

use ruff_python_ast::{self as ast, Stmt as PyStmt};
use ruff_text_size::Ranged;

use super::expr::{self, Lowerer};
use super::range;
use crate::frontend::LowerState;
use crate::model::*;

pub(super) fn lower_module(module: &ast::ModModule) -> Result<Module, SyntaxError> {
    let mut l = Lowerer {
        st: LowerState::default(),
        hoisted: Vec::new(),
        in_function: false,
        method_of: None,
    };
    // Body 0 is the module top level; reserve it before nested bodies are pushed.
    // Python errors reach the caller by raising: every body can propagate them.
    l.st.bodies.push(Body {
        can_propagate: true,
        ..Body::new("<module>", BodyKind::Module, range(module.range))
    });
    let stmts = l.block(&module.body, None);
    l.st.bodies[0].stmts = stmts;
    l.st.finish(Lang::Python)
}

impl Lowerer {
    /// Lower a suite. `body` is the enclosing body id (for nested definitions).
    pub(super) fn block(&mut self, stmts: &[PyStmt], body: Option<BodyId>) -> Block {
        // Walrus targets of an enclosing statement's header stay pending for that statement.
        let outer = std::mem::take(&mut self.hoisted);
        let mut out = Vec::with_capacity(stmts.len());
        for stmt in stmts {
            if !self.st.enter() {
                break;
            }
            let lowered = self.stmt(stmt, body);
            self.st.leave();
            // Walrus assignments inside the statement happen before it.
            out.append(&mut self.hoisted);
            out.extend(lowered);
        }
        self.hoisted = outer;
        // Definitions become bodies of their own, not statements: a class's block would keep
        // room for every method.
        out.shrink_to_fit();
        out
    }

    fn stmt(&mut self, stmt: &PyStmt, body: Option<BodyId>) -> Option<Stmt> {
        let r = range(stmt.range());
        let kind = match stmt {
            PyStmt::FunctionDef(f) => {
                self.function(f, None, None, body);
                return None;
            }
            PyStmt::ClassDef(c) => {
                self.class(c, body);
                return None;
            }
            // A string on its own (a docstring) is read by no analysis: its text, most often a
            // heap block of its own, is not kept (about 1 MiB of the benchmark corpus's models).
            PyStmt::Expr(e) if e.value.is_string_literal_expr() => StmtKind::Expr(Expr::Lit {
                lit: Lit::Other,
                range: range(e.value.range()),
            }),
            PyStmt::Expr(e) => StmtKind::Expr(self.expr(&e.value)),
            PyStmt::Assign(a) => {
                // `Producer = Annotated[AIOKafkaProducer, Depends(..)]` at module level is an
                // implicit type alias (PEP 613), used as `producer: Producer`.
                if let [ast::Expr::Name(n)] = &a.targets[..] {
                    if body.is_none() && expr::is_type_form(&a.value) {
                        (self.st.type_aliases).push((n.id.to_string(), expr::type_ref(&a.value)));
                    }
                }
                StmtKind::Assign {
                    value: self.expr(&a.value),
                    targets: a.targets.iter().map(|t| self.target(t)).collect(),
                    annotation: None,
                    augmented: false,
                }
            }
            PyStmt::AugAssign(a) => StmtKind::Assign {
                value: self.expr(&a.value),
                targets: vec![self.target(&a.target)],
                annotation: None,
                augmented: true,
            },
            PyStmt::AnnAssign(a) if expr::is_type_alias_annotation(&a.annotation) => {
                if let (ast::Expr::Name(n), Some(v)) = (&*a.target, &a.value) {
                    self.st
                        .type_aliases
                        .push((n.id.to_string(), expr::type_ref(v)));
                }
                return None;
            }
            PyStmt::AnnAssign(a) => StmtKind::Assign {
                value: match &a.value {
                    Some(v) => self.expr(v),
                    None => return None,
                },
                targets: vec![self.target(&a.target)],
                annotation: Some(Box::new(expr::type_ref(&a.annotation))),
                augmented: false,
            },
            PyStmt::Return(s) => StmtKind::Exit {
                kind: ExitKind::Return,
                value: s.value.as_ref().map(|v| self.expr(v)),
            },
            PyStmt::Raise(s) => StmtKind::Exit {
                kind: ExitKind::Raise,
                value: s.exc.as_ref().map(|v| self.expr(v)),
            },
            PyStmt::Break(_) => StmtKind::Exit {
                kind: ExitKind::Break,
                value: None,
            },
            PyStmt::Continue(_) => StmtKind::Exit {
                kind: ExitKind::Continue,
                value: None,
            },
            PyStmt::If(s) => self.if_chain(&s.test, &s.body, &s.elif_else_clauses, body),
            PyStmt::While(s) => {
                let infinite = matches!(&*s.test, ast::Expr::BooleanLiteral(b) if b.value)
                    || matches!(&*s.test, ast::Expr::NumberLiteral(n) if matches!(&n.value, ast::Number::Int(i) if i.as_i64() == Some(1)));
                StmtKind::Loop {
                    kind: if infinite {
                        LoopKind::Infinite
                    } else {
                        LoopKind::While
                    },
                    target: None,
                    iter: if infinite {
                        None
                    } else {
                        Some(self.expr(&s.test))
                    },
                    body: self.block(&s.body, body),
                    orelse: self.block(&s.orelse, body).into(),
                }
            }
            PyStmt::For(s) => StmtKind::Loop {
                kind: LoopKind::For,
                iter: Some(self.expr(&s.iter)),
                target: Some(Box::new(self.target(&s.target))),
                body: self.block(&s.body, body),
                orelse: self.block(&s.orelse, body).into(),
            },
            PyStmt::With(s) => {
                let mut stmts = Vec::new();
                for item in &s.items {
                    let value = self.expr(&item.context_expr);
                    let (target, value) = match &item.optional_vars {
                        Some(t) => (
                            self.target(t),
                            Expr::Derived {
                                range: range(item.context_expr.range()),
                                parts: vec![value].into(),
                                hop: Hop::Enter,
                            },
                        ),
                        // `with lock:` keeps the value for the block: not discarded.
                        None => (Target::Other(range(item.range)), value),
                    };
                    stmts.push(Stmt {
                        kind: StmtKind::Assign {
                            targets: vec![target],
                            value,
                            annotation: None,
                            augmented: false,
                        },
                        range: range(item.range),
                    });
                }
                stmts.append(&mut self.hoisted);
                stmts.extend(self.block(&s.body, body));
                StmtKind::Block(stmts)
            }
            PyStmt::Try(s) => StmtKind::Try {
                body: self.block(&s.body, body),
                handlers: s
                    .handlers
                    .iter()
                    .map(|h| {
                        let ast::ExceptHandler::ExceptHandler(h) = h;
                        let types = match h.type_.as_deref() {
                            None => Vec::new(),
                            Some(ast::Expr::Tuple(t)) => {
                                t.elts.iter().map(|e| self.expr(e)).collect()
                            }
                            Some(e) => vec![self.expr(e)],
                        };
                        let failure = handler_failure(h, &types);
                        Handler {
                            types,
                            name: h.name.as_ref().map(|n| n.id.to_string()),
                            body: self.block(&h.body, body),
                            range: range(h.range),
                            failure,
                        }
                    })
                    .collect(),
                orelse: self.block(&s.orelse, body).into(),
                finally: self.block(&s.finalbody, body),
            },
            PyStmt::Match(s) => StmtKind::Match {
                subject: self.expr(&s.subject),
                arms: s
                    .cases
                    .iter()
                    .map(|c| Arm {
                        pattern: if c.pattern.is_wildcard() {
                            Pattern::Wildcard
                        } else {
                            Pattern::Other
                        },
                        bindings: Vec::new(),
                        body: self.block(&c.body, body),
                        range: range(c.range),
                        failure: None,
                    })
                    .collect(),
            },
            PyStmt::Assert(s) => StmtKind::If {
                test: self.expr(&s.test),
                body: Vec::new(),
                orelse: vec![Stmt {
                    kind: StmtKind::Exit {
                        kind: ExitKind::Raise,
                        value: None,
                    },
                    range: r,
                }],
            },
            PyStmt::Import(s) => {
                self.import(s);
                return None;
            }
            PyStmt::ImportFrom(s) => {
                self.import_from(s);
                return None;
            }
            PyStmt::TypeAlias(t) => {
                if let ast::Expr::Name(n) = &*t.name {
                    self.st
                        .type_aliases
                        .push((n.id.to_string(), expr::type_ref(&t.value)));
                }
                return None;
            }
            PyStmt::Global(g) => {
                // At module level `global` changes nothing.
                if let Some(b) = body.filter(|b| b.0 != 0) {
                    (self.st.globals).extend(g.names.iter().map(|n| (b, n.id.to_string())));
                }
                return None;
            }
            PyStmt::Delete(_)
            | PyStmt::Nonlocal(_)
            | PyStmt::Pass(_)
            | PyStmt::IpyEscapeCommand(_) => return None,
        };
        Some(Stmt { kind, range: r })
    }

    /// `if` / `elif` / `else`: each `elif` is an `If` in the `else` of the one before. The
    /// links are lowered in source order (call ids follow the text), then nested from the
    /// last, without recursing once per link.
    fn if_chain(
        &mut self,
        test: &ast::Expr,
        then: &[PyStmt],
        clauses: &[ast::ElifElseClause],
        body: Option<BodyId>,
    ) -> StmtKind {
        let first = (self.expr(test), self.block(then, body));
        let mut links = Vec::new();
        let mut orelse = Vec::new();
        let mut entered = 0;
        for clause in clauses {
            let r = range(clause.range);
            if !self.st.enter_else(r) {
                break;
            }
            entered += 1;
            match &clause.test {
                Some(t) => links.push((self.expr(t), self.block(&clause.body, body), r)),
                None => orelse = self.block(&clause.body, body),
            }
        }
        self.st.leave_else(entered);
        while let Some((test, then, r)) = links.pop() {
            let kind = StmtKind::If {
                test,
                body: then,
                orelse,
            };
            orelse = vec![Stmt { kind, range: r }];
        }
        StmtKind::If {
            test: first.0,
            body: first.1,
            orelse,
        }
    }

    /// A function definition; `bases` are its class's base classes when it is a method.
    fn function(
        &mut self,
        f: &ast::StmtFunctionDef,
        class: Option<&str>,
        bases: Option<&[Vec<String>]>,
        parent: Option<BodyId>,
    ) {
        let id = BodyId(self.st.bodies.len() as u32);
        let is_static = f.decorator_list.iter().any(
            |d| matches!(&d.expression, ast::Expr::Name(n) if n.id.as_str() == "staticmethod"),
        );
        let params = self.params(&f.parameters, true);
        let self_name = match class {
            Some(_) if !is_static => params.first().map(|p| p.name.clone()),
            _ => None,
        };
        let mut b = Body::new(f.name.id.as_str(), BodyKind::Function, range(f.range));
        b.class = class.map(str::to_string);
        b.self_name = self_name;
        b.params = params;
        b.returns = f.returns.as_deref().map(|r| Box::new(expr::type_ref(r)));
        b.can_propagate = true;
        b.decorators = f
            .decorator_list
            .iter()
            .map(|d| self.expr(&d.expression))
            .collect();
        b.parent = parent.filter(|p| p.0 != 0);
        b.is_async = f.is_async;
        self.st.bodies.push(b);
        // Hoisted walrus targets never cross a function boundary.
        let saved = (std::mem::take(&mut self.hoisted), self.in_function);
        self.in_function = true;
        let method_of = match (bases, &self.st.bodies[id.0 as usize].self_name) {
            (Some(bases), Some(me)) => Some((bases.to_vec(), me.clone())),
            _ => self.method_of.clone(),
        };
        let outer = std::mem::replace(&mut self.method_of, method_of);
        let stmts = self.block(&f.body, Some(id));
        self.method_of = outer;
        (self.hoisted, self.in_function) = saved;
        self.st.bodies[id.0 as usize].stmts = stmts;
    }

    fn class(&mut self, c: &ast::StmtClassDef, parent: Option<BodyId>) {
        let name = c.name.id.to_string();
        let mut bases = TypeRef::default();
        for base in c.arguments.iter().flat_map(|a| a.args.iter()) {
            bases.paths.extend(expr::type_ref(base).paths);
        }
        let mut fields = Vec::new();
        let mut attrs = Vec::new();
        for stmt in &c.body {
            match stmt {
                PyStmt::FunctionDef(f) => self.function(f, Some(&name), Some(&bases.paths), parent),
                PyStmt::AnnAssign(a) => {
                    if let ast::Expr::Name(n) = &*a.target {
                        fields.push(Field {
                            name: n.id.to_string(),
                            ty: expr::type_ref(&a.annotation),
                            range: range(a.range),
                        });
                        if let Some(v) = &a.value {
                            attrs.push((n.id.to_string(), self.expr(v)));
                        }
                    }
                }
                PyStmt::Assign(a) => {
                    let value = self.expr(&a.value);
                    for t in &a.targets {
                        if let ast::Expr::Name(n) = t {
                            attrs.push((n.id.to_string(), value.clone()));
                        }
                    }
                }
                PyStmt::ClassDef(inner) => self.class(inner, parent),
                _ => {}
            }
        }
        self.st.classes.push(Class {
            name,
            fields,
            attrs,
            bases,
            interface: false,
            range: range(c.range),
        });
    }

    fn import(&mut self, s: &ast::StmtImport) {
        let entries = s
            .names
            .iter()
            .map(|alias| {
                let path: Vec<String> = alias.name.id.split('.').map(str::to_string).collect();
                let binding = match &alias.asname {
                    Some(asname) => (asname.id.to_string(), path.clone()),
                    None => (path[0].clone(), vec![path[0].clone()]),
                };
                ImportEntry {
                    path,
                    from_len: None,
                    binding: Some(binding),
                    glob: false,
                }
            })
            .collect();
        self.push_import(entries, 0, ImportKind::Static, range(s.range));
    }

    fn import_from(&mut self, s: &ast::StmtImportFrom) {
        let module: Vec<String> = s
            .module
            .as_ref()
            .map(|m| m.id.split('.').map(str::to_string).collect())
            .unwrap_or_default();
        let entries = s
            .names
            .iter()
            .map(|alias| {
                let glob = alias.name.id.as_str() == "*";
                let mut path = module.clone();
                if !glob {
                    path.push(alias.name.id.to_string());
                }
                let local = alias.asname.as_ref().unwrap_or(&alias.name).id.to_string();
                ImportEntry {
                    binding: (!glob).then(|| (local, path.clone())),
                    path,
                    from_len: Some(module.len()),
                    glob,
                }
            })
            .collect();
        self.push_import(entries, s.level, ImportKind::Static, range(s.range));
    }

    pub(super) fn push_import(
        &mut self,
        entries: Vec<ImportEntry>,
        level: u32,
        kind: ImportKind,
        range: TextRange,
    ) {
        self.st.imports.push(Import {
            entries,
            level,
            kind,
            local: self.in_function,
            test: false,
            range,
        });
    }
}

/// An `except` clause as a failure path: what it catches (dotted type paths; empty for a bare
/// `except:`), reported at the clause header (`except (A, B) as e`), not the whole handler.
fn handler_failure(h: &ast::ExceptHandlerExceptHandler, types: &[Expr]) -> FailurePath {
    let start = range(h.range).start;
    let header_end = [
        h.type_.as_ref().map(|t| range(t.range()).end),
        h.name.as_ref().map(|n| range(n.range).end),
    ]
    .into_iter()
    .flatten()
    .max()
    .unwrap_or(start + "except".len() as u32);
    let catch = if types.is_empty() {
        Catch::Any
    } else {
        Catch::Types(
            types
                .iter()
                .map(|t| match t.dotted() {
                    Some(d) => d.iter().map(|s| s.to_string()).collect(),
                    None => vec!["?".to_string()],
                })
                .collect(),
        )
    };
    FailurePath {
        catch,
        failing: Vec::new(),
        range: TextRange::new(start, header_end),
    }
}
