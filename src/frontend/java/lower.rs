//! Lowering of the tree-sitter-java tree: declarations, statements and expressions.

use std::collections::HashSet;

use tree_sitter::Node;

use super::range;
use crate::frontend::LowerState;
use crate::model::*;

pub(super) fn lower_module(root: Node<'_>, src: &str) -> Result<Module, SyntaxError> {
    let mut l = Lowerer {
        src,
        st: LowerState::default(),
        package: None,
        scope: Vec::new(),
    };
    l.st.bodies.push(Body {
        can_propagate: true,
        ..Body::new("<module>", BodyKind::Module, range(root))
    });
    let mut package_range = TextRange::default();
    for n in named(root) {
        match n.kind() {
            "package_declaration" => {
                l.package = named(n).find(|c| is_name(c)).map(|c| l.text(c).to_string());
                package_range = range(n);
            }
            "import_declaration" => l.import(n),
            _ if is_type_decl(n) => l.type_decl(n, None),
            _ => {}
        }
    }
    // Same-package classes are visible without an import; so are those of the default
    // package (a file without a package declaration) to each other.
    let package = l
        .package
        .as_ref()
        .map(|p| p.split_whitespace().collect::<String>());
    l.st.imports.insert(
        0,
        Import {
            entries: vec![ImportEntry {
                path: package.into_iter().collect(),
                from_len: None,
                binding: None,
                glob: true,
            }],
            level: 0,
            kind: ImportKind::Static,
            local: false,
            test: false,
            range: package_range,
        },
    );
    l.st.finish(Lang::Java)
}

/// `int`, `long`, `double`, `boolean` (and the other primitive types).
fn is_primitive_type(n: Node<'_>) -> bool {
    matches!(
        n.kind(),
        "integral_type" | "floating_point_type" | "boolean_type"
    )
}

/// A node's named children, comments aside: a comment may sit anywhere (between two
/// arguments, `f( // why\n a, b)`), and is no argument, statement or member.
fn named<'t>(n: Node<'t>) -> impl Iterator<Item = Node<'t>> {
    (0..n.named_child_count() as u32)
        .filter_map(move |i| n.named_child(i))
        .filter(|c| !c.is_extra())
}

fn is_name(n: &Node<'_>) -> bool {
    matches!(n.kind(), "identifier" | "scoped_identifier")
}

fn is_type_decl(n: Node<'_>) -> bool {
    matches!(
        n.kind(),
        "class_declaration"
            | "interface_declaration"
            | "enum_declaration"
            | "record_declaration"
            | "annotation_type_declaration"
    )
}

use crate::model::java_path as qualified;

/// The names in scope in the body being lowered, innermost last: a bare name that is not one
/// of them but a field of the class is `this.name`.
struct ClassScope {
    fields: HashSet<String>,
    /// The fields declared with a type, own and (for an inner class) its enclosing
    /// instance's: an inner class's methods read `Outer.this`'s fields by their bare names.
    typed: Vec<Field>,
    methods: HashSet<String>,
    /// Own methods declared only `static`: a bare call of one is `Class.m(..)` from an
    /// instance method too (it has no receiver to resolve through).
    statics: HashSet<String>,
    locals: Vec<HashSet<String>>,
    is_static: bool,
    /// The class extends another: a bare name that is no local, field or import may be a
    /// field it inherits (`consumer` of an abstract base's `protected Consumer consumer`).
    inherits: bool,
    /// The class's name: a bare call of its method in a static context is `Class.m(..)`.
    class: String,
}

struct Lowerer<'s> {
    src: &'s str,
    st: LowerState,
    package: Option<String>,
    /// Enclosing classes, innermost last.
    scope: Vec<ClassScope>,
}

impl<'s> Lowerer<'s> {
    fn text(&self, n: Node<'_>) -> &'s str {
        n.utf8_text(self.src.as_bytes()).unwrap_or("")
    }

    fn import(&mut self, n: Node<'_>) {
        let Some(name) = named(n).find(is_name) else {
            return;
        };
        let glob = named(n).any(|c| c.kind() == "asterisk");
        let path = qualified(&self.text(name).split_whitespace().collect::<String>());
        let binding = (!glob)
            .then(|| path.last().map(|last| (last.clone(), path.clone())))
            .flatten();
        let from_len = (!glob && path.len() > 1).then(|| path.len() - 1);
        self.st.imports.push(Import {
            entries: vec![ImportEntry {
                path,
                from_len,
                binding,
                glob,
            }],
            level: 0,
            kind: ImportKind::Static,
            local: false,
            test: false,
            range: range(n),
        });
    }

    // ---- declarations ----

    fn modifiers(&mut self, n: Node<'_>) -> (Vec<Expr>, bool) {
        let mut decorators = Vec::new();
        let mut is_static = false;
        if let Some(m) = named(n).find(|c| c.kind() == "modifiers") {
            let mut cursor = m.walk();
            for c in m.children(&mut cursor) {
                match c.kind() {
                    "annotation" | "marker_annotation" => decorators.push(self.annotation(c)),
                    "static" => is_static = true,
                    _ => {}
                }
            }
        }
        (decorators, is_static)
    }

    fn annotation(&mut self, n: Node<'_>) -> Expr {
        let r = range(n);
        let Some(name) = n.child_by_field_name("name") else {
            return Expr::Opaque { range: r };
        };
        let func = self.name_expr(name);
        let Some(args) = n.child_by_field_name("arguments") else {
            return func;
        };
        let mut out = Vec::new();
        for a in named(args) {
            if a.kind() == "element_value_pair" {
                let key = a
                    .child_by_field_name("key")
                    .map(|k| self.text(k).to_string());
                let value = match a.child_by_field_name("value") {
                    Some(v) => self.element_value(v),
                    None => Expr::Opaque { range: range(a) },
                };
                out.push(Arg {
                    name: key.map(Into::into),
                    value,
                    spread: Spread::None,
                });
            } else {
                // `@KafkaListener("topic")` is its `value`.
                let value = self.element_value(a);
                out.push(Arg {
                    name: Some("value".into()),
                    value,
                    spread: Spread::None,
                });
            }
        }
        let id = self.st.call_id();
        Expr::Call(Box::new(Call {
            id,
            func,
            args: out.into(),
            type_args: Box::default(),
            range: r,
        }))
    }

    fn element_value(&mut self, v: Node<'_>) -> Expr {
        match v.kind() {
            "element_value_array_initializer" => Expr::Seq {
                elts: named(v).map(|e| self.element_value(e)).collect(),
                range: range(v),
            },
            "annotation" | "marker_annotation" => self.annotation(v),
            _ => self.expr(v),
        }
    }

    /// A class, interface, enum or record and everything declared in it.
    fn type_decl(&mut self, n: Node<'_>, parent: Option<BodyId>) {
        let Some(name) = n
            .child_by_field_name("name")
            .map(|c| self.text(c).to_string())
        else {
            return;
        };
        let (class_decorators, is_static) = self.modifiers(n);
        // A member class that is not static has an enclosing instance (interfaces, enums and
        // records nested in a class are static).
        let inner = n.kind() == "class_declaration" && !is_static && !self.scope.is_empty();
        let body = n.child_by_field_name("body");
        let mut scope = ClassScope {
            typed: Vec::new(),
            fields: HashSet::new(),
            methods: HashSet::new(),
            statics: HashSet::new(),
            locals: Vec::new(),
            is_static: false,
            inherits: n.child_by_field_name("superclass").is_some(),
            class: name.clone(),
        };
        let mut fields = Vec::new();
        // A record's components are its fields.
        if let Some(ps) = n.child_by_field_name("parameters") {
            for p in named(ps).filter(|p| p.kind() == "formal_parameter") {
                if let (Some(pn), Some(ty)) =
                    (p.child_by_field_name("name"), p.child_by_field_name("type"))
                {
                    let field = self.text(pn).to_string();
                    scope.fields.insert(field.clone());
                    fields.push(Field {
                        name: field,
                        ty: self.type_ref(ty),
                        range: range(p),
                    });
                }
            }
        }
        let members: Vec<Node<'_>> = body.map(|b| self.members(b)).unwrap_or_default();
        let (mut statics, mut instance) = (HashSet::new(), HashSet::new());
        for m in &members {
            match m.kind() {
                "field_declaration" | "constant_declaration" => {
                    let ty = m.child_by_field_name("type").map(|t| self.type_ref(t));
                    for d in named(*m).filter(|d| d.kind() == "variable_declarator") {
                        if let Some(dn) = d.child_by_field_name("name") {
                            let field = self.text(dn).to_string();
                            scope.fields.insert(field.clone());
                            if let Some(ty) = &ty {
                                fields.push(Field {
                                    name: field,
                                    ty: ty.clone(),
                                    range: range(*m),
                                });
                            }
                        }
                    }
                }
                "method_declaration" => {
                    if let Some(mn) = m.child_by_field_name("name") {
                        scope.methods.insert(self.text(mn).to_string());
                        let target = match self.modifiers(*m).1 {
                            true => &mut statics,
                            false => &mut instance,
                        };
                        target.insert(self.text(mn).to_string());
                    }
                }
                _ => {}
            }
        }
        scope.statics = statics.difference(&instance).cloned().collect();
        if scope.inherits {
            for f in self.super_fields(&members) {
                if !scope.fields.contains(&f.name) {
                    fields.push(f);
                }
            }
        }
        if inner {
            if let Some(outer) = self.scope.last() {
                for f in &outer.typed {
                    if scope.fields.insert(f.name.clone()) {
                        fields.push(f.clone());
                    }
                }
            }
        }
        scope.typed = fields.clone();
        self.scope.push(scope);
        let mut attrs = Vec::new();
        for m in &members {
            match m.kind() {
                "field_declaration" | "constant_declaration" => {
                    let (_, is_static) = self.modifiers(*m);
                    for d in named(*m).filter(|d| d.kind() == "variable_declarator") {
                        let Some(dn) = d.child_by_field_name("name") else {
                            continue;
                        };
                        let field = self.text(dn).to_string();
                        if let Some(v) = d.child_by_field_name("value") {
                            self.set_static(is_static);
                            let value = self.expr(v);
                            attrs.push((field, value));
                        }
                    }
                }
                "method_declaration"
                | "constructor_declaration"
                | "compact_constructor_declaration" => {
                    self.method(*m, &name, parent);
                }
                "static_initializer" | "block" => {
                    let mut b = Body::new("<clinit>", BodyKind::Function, range(*m));
                    b.class = Some(name.clone());
                    b.can_propagate = true;
                    let id = self.push_body(b);
                    self.set_static(true);
                    let block = named(*m).find(|c| c.kind() == "block").unwrap_or(*m);
                    let stmts = self.block(block);
                    self.st.bodies[id.0 as usize].stmts = stmts;
                }
                _ if is_type_decl(*m) => self.type_decl(*m, parent),
                _ => {}
            }
        }
        self.scope.pop();
        let mut bases = TypeRef::default();
        for field in ["superclass", "interfaces"] {
            if let Some(s) = n.child_by_field_name(field) {
                self.collect_types(s, &mut bases);
            }
        }
        // Class-level annotations (`@KafkaListener` on the class) are kept on a marker body.
        if !class_decorators.is_empty() {
            let mut b = Body::new("<class>", BodyKind::Function, range(n));
            b.class = Some(name.clone());
            b.decorators = class_decorators;
            self.push_body(b);
        }
        self.st.classes.push(Class {
            name,
            fields,
            attrs,
            bases,
            interface: n.kind() == "interface_declaration",
            range: range(n),
        });
    }

    /// The inherited fields a constructor types: a typed parameter handed on bare to
    /// `super(..)` is what the base keeps, under its name by convention (Apache Hop's
    /// `BaseTransform<Meta, Data>` keeps `data`, typed only by a type variable there, or
    /// unseen when the base lives in another artifact).
    fn super_fields(&self, members: &[Node<'_>]) -> Vec<Field> {
        let mut out: Vec<Field> = Vec::new();
        for c in members
            .iter()
            .filter(|m| m.kind() == "constructor_declaration")
        {
            let Some(call) = c
                .child_by_field_name("body")
                .and_then(|b| named(b).next())
                .filter(|s| s.kind() == "explicit_constructor_invocation")
                .filter(|s| s.child(0).is_some_and(|k| k.kind() == "super"))
            else {
                continue;
            };
            let params: Vec<Node<'_>> = c
                .child_by_field_name("parameters")
                .map(|ps| {
                    named(ps)
                        .filter(|p| p.kind() == "formal_parameter")
                        .collect()
                })
                .unwrap_or_default();
            let args = call.child_by_field_name("arguments");
            for a in args.iter().flat_map(|a| named(*a)) {
                let name = self.text(a);
                let Some(ty) = (a.kind() == "identifier")
                    .then(|| {
                        params.iter().find(|p| {
                            p.child_by_field_name("name")
                                .is_some_and(|pn| self.text(pn) == name)
                        })
                    })
                    .flatten()
                    .and_then(|p| p.child_by_field_name("type"))
                else {
                    continue;
                };
                if !out.iter().any(|f| f.name == name) {
                    out.push(Field {
                        name: name.to_string(),
                        ty: self.type_ref(ty),
                        range: range(a),
                    });
                }
            }
        }
        out
    }

    /// The members of a class, interface or enum body.
    fn members<'t>(&self, body: Node<'t>) -> Vec<Node<'t>> {
        let mut out = Vec::new();
        for c in named(body) {
            if c.kind() == "enum_body_declarations" {
                out.extend(named(c));
            } else {
                out.push(c);
            }
        }
        out
    }

    fn set_static(&mut self, is_static: bool) {
        if let Some(s) = self.scope.last_mut() {
            s.is_static = is_static;
            s.locals.clear();
        }
    }

    fn push_body(&mut self, b: Body) -> BodyId {
        let id = BodyId(self.st.bodies.len() as u32);
        self.st.bodies.push(b);
        id
    }

    fn method(&mut self, m: Node<'_>, class: &str, parent: Option<BodyId>) {
        let is_ctor = m.kind() != "method_declaration";
        let name = if is_ctor {
            "<init>".to_string()
        } else {
            match m.child_by_field_name("name") {
                Some(n) => self.text(n).to_string(),
                None => return,
            }
        };
        let (decorators, is_static) = self.modifiers(m);
        let mut b = Body::new(&name, BodyKind::Function, range(m));
        b.class = Some(class.to_string());
        b.can_propagate = true;
        b.parent = parent.filter(|p| p.0 != 0);
        b.returns = m
            .child_by_field_name("type")
            .map(|t| Box::new(self.type_ref(t)));
        b.decorators = decorators;
        self.set_static(is_static);
        if !is_static {
            b.self_name = Some("this".into());
            b.params.push(Param::new(
                "this",
                Some(TypeRef {
                    paths: vec![vec![class.to_string()]],
                    ..TypeRef::default()
                }),
                range(m),
            ));
        }
        let params = m.child_by_field_name("parameters");
        b.params
            .extend(params.map(|p| self.params(p)).unwrap_or_default());
        self.enter_locals(b.params.iter().map(|p| p.name.to_string()));
        let id = self.push_body(b);
        let stmts = match m.child_by_field_name("body") {
            Some(body) => self.block(body),
            None => Vec::new(),
        };
        self.leave_locals();
        let stmts = self.listener_loop(id, stmts, range(m));
        self.st.bodies[id.0 as usize].stmts = stmts;
    }

    /// A Spring Kafka listener's body runs once per polled record, and the container commits
    /// the record when it returns: it is the body of the container's consume loop, so it is
    /// lowered as a loop over the container's consumer (a parameter of that type) binding the
    /// record parameter. Other bodies are returned as they are.
    fn listener_loop(&mut self, id: BodyId, stmts: Block, r: TextRange) -> Block {
        use crate::knowledge::{
            LISTENER_ANNOTATIONS, LISTENER_CONSUMER, LISTENER_MANUAL_ACK, LISTENER_RETURN_COMMIT,
        };
        let body = &mut self.st.bodies[id.0 as usize];
        let listener = body.decorators.iter().any(|d| {
            let callee = match d {
                Expr::Call(c) => &c.func,
                other => other,
            };
            callee
                .last_name()
                .is_some_and(|n| LISTENER_ANNOTATIONS.contains(&n))
        });
        let record = body
            .params
            .iter()
            .find(|p| p.name != "this")
            .map(|p| p.name.clone());
        let (true, Some(record)) = (listener, record) else {
            return stmts;
        };
        const CONTAINER: &str = "<listener container>";
        let container = || Expr::Name {
            id: CONTAINER.into(),
            range: r,
        };
        // When it returns normally, the container commits the record: unless the listener
        // acknowledges itself or returns a result (a future it acks on completion).
        let manual = body.params.iter().any(|p| {
            (p.annotation.iter().flat_map(|t| &t.paths)).any(|path| {
                path.last()
                    .is_some_and(|l| LISTENER_MANUAL_ACK.contains(&l.as_str()))
            })
        });
        let void = body
            .returns
            .as_ref()
            .is_none_or(|t| t.paths.is_empty() && t.elements.is_empty());
        let mut stmts = stmts;
        if void {
            returns_continue(&mut stmts);
        }
        if void && !manual {
            // At the method's closing brace, where it returns.
            let end = TextRange::new(r.end.saturating_sub(1), r.end);
            let id = self.st.call_id();
            let commit = Expr::Call(Box::new(Call {
                id,
                func: Expr::Attr {
                    value: Box::new(container()),
                    attr: LISTENER_RETURN_COMMIT.into(),
                    range: end,
                },
                args: Box::default(),
                type_args: Box::default(),
                range: end,
            }));
            stmts.push(Stmt {
                kind: StmtKind::Expr(commit),
                range: end,
            });
        }
        let body = &mut self.st.bodies[id.0 as usize];
        body.params.push(Param::new(
            CONTAINER,
            Some(TypeRef {
                paths: vec![LISTENER_CONSUMER.iter().map(|s| s.to_string()).collect()],
                ..TypeRef::default()
            }),
            r,
        ));
        vec![Stmt {
            kind: StmtKind::Loop {
                kind: LoopKind::For,
                target: Some(Box::new(Target::Name(record, r))),
                iter: Some(container()),
                body: stmts,
                orelse: Box::default(),
            },
            range: r,
        }]
    }

    fn params(&mut self, ps: Node<'_>) -> Vec<Param> {
        let mut out = Vec::new();
        for p in named(ps) {
            match p.kind() {
                "formal_parameter" => {
                    let Some(n) = p.child_by_field_name("name") else {
                        continue;
                    };
                    let ty = p.child_by_field_name("type").map(|t| self.type_ref(t));
                    out.push(Param::new(self.text(n), ty, range(p)));
                }
                "spread_parameter" => {
                    let ty = named(p)
                        .find(|c| !matches!(c.kind(), "modifiers" | "variable_declarator"))
                        .map(|t| self.type_ref(t));
                    let name = named(p)
                        .find(|c| c.kind() == "variable_declarator")
                        .and_then(|d| d.child_by_field_name("name"));
                    if let Some(n) = name {
                        let mut param = Param::new(self.text(n), ty, range(p));
                        param.kind = ParamKind::VarArgs;
                        out.push(param);
                    }
                }
                "identifier" => out.push(Param::new(self.text(p), None, range(p))),
                _ => {}
            }
        }
        out
    }

    // ---- types ----

    fn type_ref(&self, t: Node<'_>) -> TypeRef {
        let mut out = TypeRef::default();
        self.collect_types(t, &mut out);
        out
    }

    /// The class paths a type names, looking through arrays and type arguments of containers.
    fn collect_types(&self, t: Node<'_>, out: &mut TypeRef) {
        match t.kind() {
            "type_identifier" | "scoped_type_identifier" => {
                let text: String = self.text(t).split_whitespace().collect();
                if text != "var" {
                    out.paths.push(qualified(&text));
                }
            }
            "generic_type" => {
                let Some(base) = named(t).find(|c| c.kind() != "type_arguments") else {
                    return;
                };
                let path = qualified(&self.text(base).split_whitespace().collect::<String>());
                let args: Vec<Node<'_>> = named(t)
                    .filter(|c| c.kind() == "type_arguments")
                    .flat_map(named)
                    .collect();
                let last = path.last().map(String::as_str).unwrap_or("");
                // Containers and futures hold their element type.
                if crate::knowledge::vocab::JAVA_CONTAINERS.contains(&last) {
                    for a in args.iter().rev().take(1) {
                        let inner = self.type_ref(*a);
                        out.elements.extend(inner.paths);
                    }
                    out.paths.push(path);
                } else if crate::knowledge::vocab::JAVA_TYPE_WRAPPERS.contains(&last) {
                    for a in args {
                        self.collect_types(a, out);
                    }
                } else {
                    let first: Vec<Vec<String>> = args
                        .first()
                        .map(|a| self.type_ref(*a).paths)
                        .unwrap_or_default();
                    out.first_args.push((path.clone(), first));
                    out.paths.push(path);
                }
            }
            "array_type" => {
                if let Some(e) = t.child_by_field_name("element") {
                    let inner = self.type_ref(e);
                    out.elements.extend(inner.paths);
                }
            }
            // `@Nullable Foo` is `Foo`.
            "annotated_type" | "superclass" | "super_interfaces" | "type_list" | "catch_type" => {
                for c in named(t) {
                    self.collect_types(c, out);
                }
            }
            _ => {}
        }
    }

    // ---- statements ----

    fn enter_locals(&mut self, names: impl Iterator<Item = String>) {
        if let Some(s) = self.scope.last_mut() {
            s.locals.push(names.collect());
        }
    }

    fn leave_locals(&mut self) {
        if let Some(s) = self.scope.last_mut() {
            s.locals.pop();
        }
    }

    fn declare_local(&mut self, name: &str) {
        if let Some(l) = self.scope.last_mut().and_then(|s| s.locals.last_mut()) {
            l.insert(name.to_string());
        }
    }

    /// A statement or a block, as a block of its own scope.
    fn block(&mut self, n: Node<'_>) -> Block {
        self.enter_locals(std::iter::empty());
        let mut out = Vec::new();
        if n.kind() == "block"
            || n.kind() == "constructor_body"
            || n.kind() == "switch_block_statement_group"
        {
            for c in named(n) {
                self.stmt_into(c, &mut out);
            }
        } else {
            self.stmt_into(n, &mut out);
        }
        self.leave_locals();
        out
    }

    fn stmt_into(&mut self, n: Node<'_>, out: &mut Block) {
        if !self.st.enter() {
            return;
        }
        self.stmt(n, out);
        self.st.leave();
    }

    fn exit(kind: ExitKind, value: Option<Expr>, r: TextRange) -> Stmt {
        Stmt {
            kind: StmtKind::Exit { kind, value },
            range: r,
        }
    }

    fn stmt(&mut self, n: Node<'_>, out: &mut Block) {
        let r = range(n);
        let field = |f: &str| n.child_by_field_name(f);
        let kind = match n.kind() {
            "block" => StmtKind::Block(self.block(n)),
            "expression_statement" => {
                let Some(e) = named(n).next() else { return };
                self.expr_stmt(e, out);
                return;
            }
            "local_variable_declaration" => {
                let ty = field("type").map(|t| self.type_ref(t));
                let ty = ty.filter(|t| !t.paths.is_empty() || !t.elements.is_empty());
                for d in named(n).filter(|d| d.kind() == "variable_declarator") {
                    let Some(dn) = d.child_by_field_name("name") else {
                        continue;
                    };
                    let name = self.text(dn).to_string();
                    let value = d.child_by_field_name("value").map(|v| self.expr(v));
                    self.declare_local(&name);
                    if let Some(value) = value {
                        out.push(Stmt::assign(
                            vec![Target::Name(name.into(), range(dn))],
                            value,
                            ty.clone(),
                            range(d),
                        ));
                    }
                }
                return;
            }
            "return_statement" => StmtKind::Exit {
                kind: ExitKind::Return,
                value: named(n).next().map(|e| self.expr(e)),
            },
            "yield_statement" => StmtKind::Exit {
                kind: ExitKind::Return,
                value: named(n).next().map(|e| self.expr(e)),
            },
            "throw_statement" => StmtKind::Exit {
                kind: ExitKind::Raise,
                value: named(n).next().map(|e| self.expr(e)),
            },
            "break_statement" => StmtKind::Exit {
                kind: ExitKind::Break,
                value: None,
            },
            "continue_statement" => StmtKind::Exit {
                kind: ExitKind::Continue,
                value: None,
            },
            "if_statement" => self.if_stmt(n),
            "while_statement" => {
                let cond = field("condition");
                let infinite = cond.is_some_and(|c| self.is_true(c));
                StmtKind::Loop {
                    kind: if infinite {
                        LoopKind::Infinite
                    } else {
                        LoopKind::While
                    },
                    target: None,
                    iter: (!infinite).then(|| cond.map(|c| self.expr(c))).flatten(),
                    body: field("body").map(|b| self.block(b)).unwrap_or_default(),
                    orelse: Box::default(),
                }
            }
            "do_statement" => {
                let cond = field("condition");
                let infinite = cond.is_some_and(|c| self.is_true(c));
                let body = field("body").map(|b| self.block(b)).unwrap_or_default();
                StmtKind::Loop {
                    kind: if infinite {
                        LoopKind::Infinite
                    } else {
                        LoopKind::While
                    },
                    target: None,
                    iter: (!infinite).then(|| cond.map(|c| self.expr(c))).flatten(),
                    body,
                    orelse: Box::default(),
                }
            }
            "for_statement" => {
                self.enter_locals(std::iter::empty());
                let mut init = Vec::new();
                let mut cursor = n.walk();
                for i in n.children_by_field_name("init", &mut cursor) {
                    if i.kind() == "local_variable_declaration" {
                        self.stmt_into(i, &mut init);
                    } else {
                        self.expr_stmt(i, &mut init);
                    }
                }
                let cond = field("condition");
                let mut body = field("body").map(|b| self.block(b)).unwrap_or_default();
                let mut cursor = n.walk();
                let updates: Vec<Node<'_>> =
                    n.children_by_field_name("update", &mut cursor).collect();
                for u in updates {
                    self.expr_stmt(u, &mut body);
                }
                let infinite = cond.is_none_or(|c| self.is_true(c));
                let iter = (!infinite).then(|| cond.map(|c| self.expr(c))).flatten();
                self.leave_locals();
                init.push(Stmt {
                    kind: StmtKind::Loop {
                        kind: if infinite {
                            LoopKind::Infinite
                        } else {
                            LoopKind::While
                        },
                        target: None,
                        iter,
                        body,
                        orelse: Box::default(),
                    },
                    range: r,
                });
                StmtKind::Block(init)
            }
            "enhanced_for_statement" => {
                let iter = field("value").map(|v| self.expr(v));
                self.enter_locals(std::iter::empty());
                let target = field("name").map(|t| {
                    let name = self.text(t).to_string();
                    self.declare_local(&name);
                    Target::Name(name.into(), range(t))
                });
                let body = field("body").map(|b| self.block(b)).unwrap_or_default();
                self.leave_locals();
                StmtKind::Loop {
                    kind: LoopKind::For,
                    target: target.map(Box::new),
                    iter,
                    body,
                    orelse: Box::default(),
                }
            }
            "try_statement" => self.try_stmt(n, Vec::new()),
            "try_with_resources_statement" => {
                self.enter_locals(std::iter::empty());
                let mut resources = Vec::new();
                if let Some(spec) = field("resources") {
                    for res in named(spec).filter(|c| c.kind() == "resource") {
                        let value = res.child_by_field_name("value");
                        match (res.child_by_field_name("name"), value) {
                            (Some(rn), Some(v)) => {
                                let ty = res.child_by_field_name("type").map(|t| self.type_ref(t));
                                let name = self.text(rn).to_string();
                                let value = self.expr(v);
                                self.declare_local(&name);
                                resources.push(Stmt::assign(
                                    vec![Target::Name(name.into(), range(rn))],
                                    value,
                                    ty.filter(|t| !t.paths.is_empty()),
                                    range(res),
                                ));
                            }
                            _ => {
                                // `try (existing)`: kept open for the block, not discarded.
                                let value = match named(res).next() {
                                    Some(e) => self.expr(e),
                                    None => continue,
                                };
                                resources.push(Stmt::assign(
                                    vec![Target::Other(range(res))],
                                    value,
                                    None,
                                    range(res),
                                ));
                            }
                        }
                    }
                }
                let kind = self.try_stmt(n, resources);
                self.leave_locals();
                kind
            }
            "switch_expression" | "switch_statement" => self.switch(n),
            "synchronized_statement" => {
                StmtKind::Block(field("body").map(|b| self.block(b)).unwrap_or_default())
            }
            "labeled_statement" => {
                let Some(s) = named(n).find(|c| c.kind() != "identifier") else {
                    return;
                };
                self.stmt_into(s, out);
                return;
            }
            "assert_statement" => {
                let test = match named(n).next() {
                    Some(c) => self.expr(c),
                    None => return,
                };
                StmtKind::If {
                    test,
                    body: Vec::new(),
                    orelse: vec![Self::exit(ExitKind::Raise, None, r)],
                }
            }
            "explicit_constructor_invocation" => {
                let e = self.constructor_invocation(n);
                StmtKind::Expr(e)
            }
            "local_class_declaration"
            | "class_declaration"
            | "record_declaration"
            | "enum_declaration"
            | "interface_declaration" => {
                self.type_decl(n, None);
                return;
            }
            _ => return,
        };
        out.push(Stmt { kind, range: r });
    }

    fn is_true(&self, cond: Node<'_>) -> bool {
        let inner = if cond.kind() == "parenthesized_expression" {
            named(cond).next()
        } else {
            Some(cond)
        };
        inner.is_some_and(|c| c.kind() == "true")
    }

    /// An expression in statement position: an assignment, or a value thrown away.
    fn expr_stmt(&mut self, e: Node<'_>, out: &mut Block) {
        let r = range(e);
        if e.kind() == "assignment_expression" {
            let (Some(left), Some(right)) = (
                e.child_by_field_name("left"),
                e.child_by_field_name("right"),
            ) else {
                return;
            };
            let augmented = e
                .child_by_field_name("operator")
                .is_some_and(|o| self.text(o) != "=");
            let value = self.expr(right);
            let target = self.target(left);
            out.push(Stmt {
                kind: StmtKind::Assign {
                    targets: vec![target],
                    value,
                    annotation: None,
                    augmented,
                },
                range: r,
            });
            return;
        }
        if matches!(e.kind(), "update_expression") {
            return;
        }
        if e.kind() == "switch_expression" {
            let kind = self.switch(e);
            out.push(Stmt { kind, range: r });
            return;
        }
        let value = self.expr(e);
        out.push(Stmt {
            kind: StmtKind::Expr(value),
            range: r,
        });
    }

    fn target(&mut self, t: Node<'_>) -> Target {
        let r = range(t);
        match t.kind() {
            "identifier" => {
                let name = self.text(t);
                if self.is_field(name) {
                    Target::Attr {
                        value: Box::new(Expr::Name {
                            id: "this".into(),
                            range: r,
                        }),
                        attr: name.into(),
                        range: r,
                    }
                } else {
                    Target::Name(name.into(), r)
                }
            }
            "field_access" => {
                let (Some(obj), Some(f)) = (
                    t.child_by_field_name("object"),
                    t.child_by_field_name("field"),
                ) else {
                    return Target::Other(r);
                };
                Target::Attr {
                    value: Box::new(self.expr(obj)),
                    attr: self.text(f).into(),
                    range: r,
                }
            }
            "array_access" => {
                let (Some(a), Some(i)) = (
                    t.child_by_field_name("array"),
                    t.child_by_field_name("index"),
                ) else {
                    return Target::Other(r);
                };
                Target::Index {
                    value: Box::new(self.expr(a)),
                    key: Box::new(self.expr(i)),
                    range: r,
                }
            }
            _ => Target::Other(r),
        }
    }

    fn if_stmt(&mut self, n: Node<'_>) -> StmtKind {
        let test = match n.child_by_field_name("condition") {
            Some(c) => self.expr(c),
            None => Expr::Opaque { range: range(n) },
        };
        let body = n
            .child_by_field_name("consequence")
            .map(|b| self.block(b))
            .unwrap_or_default();
        let orelse = match n.child_by_field_name("alternative") {
            Some(a) if self.st.enter_else(range(a)) => {
                let b = self.block(a);
                self.st.leave_else(1);
                b
            }
            _ => Vec::new(),
        };
        StmtKind::If { test, body, orelse }
    }

    fn try_stmt(&mut self, n: Node<'_>, mut before: Block) -> StmtKind {
        let body = n
            .child_by_field_name("body")
            .map(|b| self.block(b))
            .unwrap_or_default();
        let mut handlers = Vec::new();
        let mut finally = Vec::new();
        for c in named(n) {
            match c.kind() {
                "catch_clause" => handlers.push(self.handler(c)),
                "finally_clause" => {
                    if let Some(b) = named(c).find(|b| b.kind() == "block") {
                        finally = self.block(b);
                    }
                }
                _ => {}
            }
        }
        let kind = StmtKind::Try {
            body,
            handlers,
            orelse: Box::default(),
            finally,
        };
        if before.is_empty() {
            return kind;
        }
        before.push(Stmt {
            kind,
            range: range(n),
        });
        StmtKind::Block(before)
    }

    fn handler(&mut self, c: Node<'_>) -> Handler {
        let param = named(c).find(|p| p.kind() == "catch_formal_parameter");
        let mut types = Vec::new();
        let mut paths = Vec::new();
        let mut name = None;
        if let Some(p) = param {
            if let Some(ct) = named(p).find(|t| t.kind() == "catch_type") {
                for t in named(ct) {
                    let text: String = self.text(t).split_whitespace().collect();
                    let path = qualified(&text);
                    types.push(path_expr(&path, range(t)));
                    paths.push(path);
                }
            }
            name = p
                .child_by_field_name("name")
                .map(|n| self.text(n).to_string());
        }
        self.enter_locals(name.iter().cloned());
        let body = c
            .child_by_field_name("body")
            .map(|b| self.block(b))
            .unwrap_or_default();
        self.leave_locals();
        let header = param.map(range).unwrap_or(range(c));
        Handler {
            types,
            name,
            body,
            range: range(c),
            failure: FailurePath {
                catch: Catch::Types(paths),
                failing: Vec::new(),
                range: header,
            },
        }
    }

    fn switch(&mut self, n: Node<'_>) -> StmtKind {
        let subject = match n.child_by_field_name("condition") {
            Some(c) => self.expr(c),
            None => Expr::Opaque { range: range(n) },
        };
        let mut arms = Vec::new();
        if let Some(body) = n.child_by_field_name("body") {
            for group in named(body) {
                let default = named(group)
                    .filter(|l| l.kind() == "switch_label")
                    .any(|l| self.text(l).trim_start().starts_with("default"));
                let pattern = if default {
                    Pattern::Wildcard
                } else {
                    Pattern::Other
                };
                let mut stmts = Vec::new();
                self.enter_locals(std::iter::empty());
                for s in named(group).filter(|s| s.kind() != "switch_label") {
                    if group.kind() == "switch_rule" && s.kind() == "expression_statement" {
                        // `case X -> expr;` yields its value.
                        if let Some(e) = named(s).next() {
                            self.expr_stmt(e, &mut stmts);
                        }
                    } else {
                        self.stmt_into(s, &mut stmts);
                    }
                }
                self.leave_locals();
                arms.push(Arm {
                    pattern,
                    bindings: Vec::new(),
                    body: stmts,
                    range: range(group),
                    failure: None,
                });
            }
        }
        StmtKind::Match { subject, arms }
    }

    // ---- expressions ----

    fn is_field(&self, name: &str) -> bool {
        self.scope
            .last()
            .is_some_and(|s| s.fields.contains(name) && !s.locals.iter().any(|l| l.contains(name)))
    }

    /// Whether a bare `name` is taken for a field the class inherits: it extends a class, and
    /// the name is no local, field or imported name and is spelled as a variable.
    fn is_inherited_field(&self, name: &str) -> bool {
        let Some(s) = self.scope.last() else {
            return false;
        };
        s.inherits
            && name.starts_with(|c: char| c.is_ascii_lowercase())
            && !s.fields.contains(name)
            && !s.locals.iter().any(|l| l.contains(name))
            && !(self.st.imports.iter())
                .flat_map(|i| &i.entries)
                .any(|e| e.binding.as_ref().is_some_and(|(b, _)| b == name))
    }

    /// Whether identifier `n` begins a package-qualified name (`java.time.Duration.ofSeconds`):
    /// its chain of field accesses has lower-case segments before a class.
    fn heads_package(&self, n: Node<'_>) -> bool {
        let mut top = n;
        while let Some(p) = top.parent() {
            let is_object = p.kind() == "field_access"
                && p.child_by_field_name("object")
                    .is_some_and(|o| o.id() == top.id());
            if !is_object {
                break;
            }
            top = p;
        }
        let text: String = self.text(top).split_whitespace().collect();
        let path = qualified(&text);
        top.id() != n.id() && path.len() > 1 && path[0].contains('.')
    }

    fn is_own_method(&self, name: &str) -> bool {
        self.scope.last().is_some_and(|s| s.methods.contains(name))
    }

    fn is_own_static(&self, name: &str) -> bool {
        self.scope.last().is_some_and(|s| s.statics.contains(name))
    }

    fn this(&self, r: TextRange) -> Option<Expr> {
        let s = self.scope.last()?;
        (!s.is_static).then(|| Expr::Name {
            id: "this".into(),
            range: r,
        })
    }

    /// A name or a dotted name (an annotation's, a type's).
    fn name_expr(&self, n: Node<'_>) -> Expr {
        let text: String = self.text(n).split_whitespace().collect();
        path_expr(&qualified(&text), range(n))
    }

    fn expr(&mut self, n: Node<'_>) -> Expr {
        let r = range(n);
        if !self.st.enter() {
            return Expr::Opaque { range: r };
        }
        let e = self.expr_inner(n, r);
        self.st.leave();
        e
    }

    fn exprs<'t>(&mut self, ns: impl Iterator<Item = Node<'t>>) -> Vec<Expr> {
        let ns: Vec<Node<'t>> = ns.collect();
        ns.into_iter().map(|c| self.expr(c)).collect()
    }

    fn expr_inner(&mut self, n: Node<'_>, r: TextRange) -> Expr {
        let field = |f: &str| n.child_by_field_name(f);
        match n.kind() {
            "identifier" => {
                let id = self.text(n);
                if self.is_field(id) || (self.is_inherited_field(id) && !self.heads_package(n)) {
                    if let Some(this) = self.this(r) {
                        return Expr::Attr {
                            value: Box::new(this),
                            attr: id.into(),
                            range: r,
                        };
                    }
                    // A static method reads the class's (static) field: `Class.field`, as
                    // its bare calls are `Class.m(..)`.
                    if self.is_field(id) {
                        let class = self.scope.last().map(|s| s.class.clone());
                        if let Some(class) = class.filter(|c| !c.is_empty()) {
                            return Expr::Attr {
                                value: Box::new(Expr::Name {
                                    id: class.into(),
                                    range: r,
                                }),
                                attr: id.into(),
                                range: r,
                            };
                        }
                    }
                }
                Expr::Name {
                    id: id.into(),
                    range: r,
                }
            }
            "this" => Expr::Name {
                id: "this".into(),
                range: r,
            },
            "type_identifier" | "scoped_type_identifier" | "scoped_identifier" => self.name_expr(n),
            "field_access" => {
                let (Some(obj), Some(f)) = (field("object"), field("field")) else {
                    return Expr::Opaque { range: r };
                };
                Expr::Attr {
                    value: Box::new(self.expr(obj)),
                    attr: self.text(f).into(),
                    range: r,
                }
            }
            "parenthesized_expression" => match named(n).next() {
                Some(c) => self.expr(c),
                None => Expr::Opaque { range: r },
            },
            "method_invocation" => self.invocation(n, r),
            "object_creation_expression" => self.creation(n, r),
            "explicit_constructor_invocation" => self.constructor_invocation(n),
            "string_literal" => Expr::Lit {
                lit: Lit::Str(string_value(self.text(n)).into()),
                range: r,
            },
            "character_literal" => Expr::Lit {
                lit: Lit::Other,
                range: r,
            },
            "true" | "false" => Expr::Lit {
                lit: Lit::Bool(n.kind() == "true"),
                range: r,
            },
            "null_literal" => Expr::Lit {
                lit: Lit::None,
                range: r,
            },
            "decimal_integer_literal"
            | "hex_integer_literal"
            | "octal_integer_literal"
            | "binary_integer_literal" => {
                let t: String = self
                    .text(n)
                    .chars()
                    .filter(|c| *c != '_' && *c != 'l' && *c != 'L')
                    .collect();
                match t.parse::<i64>() {
                    Ok(i) => Expr::Lit {
                        lit: Lit::Int(i),
                        range: r,
                    },
                    Err(_) => Expr::Lit {
                        lit: Lit::Other,
                        range: r,
                    },
                }
            }
            "decimal_floating_point_literal" | "hex_floating_point_literal" => Expr::Lit {
                lit: Lit::Other,
                range: r,
            },
            "lambda_expression" => self.lambda(n, r),
            "method_reference" => {
                let parts: Vec<Node<'_>> =
                    named(n).filter(|c| c.kind() != "type_arguments").collect();
                let method = n
                    .child(n.child_count().saturating_sub(1))
                    .map(|c| self.text(c).to_string())
                    .unwrap_or_default();
                let Some(recv) = parts.first() else {
                    return Expr::Opaque { range: r };
                };
                let value = self.expr(*recv);
                if method == "new" {
                    return value;
                }
                Expr::Attr {
                    value: Box::new(value),
                    attr: method.into(),
                    range: r,
                }
            }
            "assignment_expression" => {
                let parts = self.exprs(field("right").into_iter());
                Expr::derived(parts, Hop::Other, r)
            }
            "binary_expression" => {
                let op = field("operator").map(|o| self.text(o)).unwrap_or("");
                let (left, right) = (field("left"), field("right"));
                let is_null = |x: Option<Node<'_>>| x.is_some_and(|x| x.kind() == "null_literal");
                let hop = match op {
                    "&&" => Hop::Logic(Logic::And),
                    "||" => Hop::Logic(Logic::Or),
                    "==" if is_null(left) || is_null(right) => Hop::Logic(Logic::Is),
                    "!=" if is_null(left) || is_null(right) => Hop::Logic(Logic::IsNot),
                    "==" => Hop::Logic(Logic::Eq),
                    "!=" => Hop::Logic(Logic::NotEq),
                    "+" => Hop::Format,
                    _ => Hop::Operator,
                };
                let parts = self.exprs(left.into_iter().chain(right));
                Expr::derived(parts, hop, r)
            }
            "unary_expression" => {
                let op = field("operator").map(|o| self.text(o)).unwrap_or("");
                let parts = self.exprs(field("operand").into_iter());
                let hop = if op == "!" {
                    Hop::Logic(Logic::Not)
                } else {
                    Hop::Operator
                };
                Expr::derived(parts, hop, r)
            }
            "update_expression" | "instanceof_expression" => {
                let parts = self.exprs(named(n).take(1));
                Expr::derived(parts, Hop::Operator, r)
            }
            "ternary_expression" => {
                let parts = self.exprs(
                    ["condition", "consequence", "alternative"]
                        .into_iter()
                        .filter_map(field),
                );
                Expr::derived(parts, Hop::Conditional, r)
            }
            // A reference cast is the same object (`((KafkaTemplate) template).send(..)` sends
            // on `template`); a primitive one computes a value.
            "cast_expression" => match (field("type"), field("value")) {
                (Some(t), Some(v)) if !is_primitive_type(t) => self.expr(v),
                _ => {
                    let parts = self.exprs(field("value").into_iter());
                    Expr::derived(parts, Hop::Cast, r)
                }
            },
            "array_access" => {
                let parts = self.exprs(field("array").into_iter().chain(field("index")));
                Expr::derived(parts, Hop::Index, r)
            }
            "array_creation_expression" => match field("value") {
                Some(v) => self.expr(v),
                None => Expr::Seq {
                    elts: Box::default(),
                    range: r,
                },
            },
            "array_initializer" => Expr::Seq {
                elts: self.exprs(named(n)).into(),
                range: r,
            },
            "switch_expression" => {
                // Its arms run in place; their values are lost to the model.
                let kind = self.switch(n);
                let body = vec![Stmt { kind, range: r }];
                let closure = Expr::closure(Vec::new(), body, false, r);
                let id = self.st.call_id();
                Expr::Call(Box::new(Call {
                    id,
                    func: closure,
                    args: Box::default(),
                    type_args: Box::default(),
                    range: r,
                }))
            }
            "class_literal" => match named(n).next() {
                Some(t) => self.name_expr(t),
                None => Expr::Opaque { range: r },
            },
            _ => Expr::Opaque { range: r },
        }
    }

    fn args(&mut self, n: Option<Node<'_>>) -> Vec<Arg> {
        let Some(n) = n else { return Vec::new() };
        let items: Vec<Node<'_>> = named(n).collect();
        items
            .into_iter()
            .map(|a| Arg {
                name: None,
                value: self.expr(a),
                spread: Spread::None,
            })
            .collect()
    }

    fn invocation(&mut self, n: Node<'_>, r: TextRange) -> Expr {
        let Some(name) = n.child_by_field_name("name") else {
            return Expr::Opaque { range: r };
        };
        let method = self.text(name).to_string();
        let func = match n.child_by_field_name("object") {
            Some(obj) => {
                // `super.m(..)` is the base's `m` on this instance, as Python's `super().m(..)`
                // (an override delegating to the client's own method is that method).
                let value = if obj.kind() == "super" {
                    let id = self.st.call_id();
                    Expr::Call(Box::new(Call {
                        id,
                        func: Expr::Name {
                            id: "super".into(),
                            range: range(obj),
                        },
                        args: Box::default(),
                        type_args: Box::default(),
                        range: range(obj),
                    }))
                } else {
                    self.expr(obj)
                };
                Expr::Attr {
                    value: Box::new(value),
                    attr: method.into(),
                    range: range(obj).cover(range(name)),
                }
            }
            None => match self
                .this(range(name))
                .filter(|_| !self.is_own_static(&method))
            {
                Some(this) if self.is_own_method(&method) => Expr::Attr {
                    value: Box::new(this),
                    attr: method.into(),
                    range: range(name),
                },
                // A static method of the class, or any from a static one.
                None if self.is_own_method(&method) => {
                    let class = self
                        .scope
                        .last()
                        .map(|s| s.class.clone())
                        .unwrap_or_default();
                    Expr::Attr {
                        value: Box::new(Expr::Name {
                            id: class.into(),
                            range: range(name),
                        }),
                        attr: method.into(),
                        range: range(name),
                    }
                }
                _ => Expr::Name {
                    id: method.into(),
                    range: range(name),
                },
            },
        };
        let mut args = self.args(n.child_by_field_name("arguments"));
        let taker = func.last_name().map(str::to_string);
        self.discard_lambda_results(
            taker.as_deref(),
            n.child_by_field_name("arguments"),
            &mut args,
        );
        let id = self.st.call_id();
        Expr::Call(Box::new(Call {
            id,
            func,
            args: args.into(),
            type_args: Box::default(),
            range: r,
        }))
    }

    /// An expression lambda handed to a method (or constructor) whose functional interface
    /// returns nothing (`forEach(r -> producer.send(r))`, `new Thread(() -> ..)`) evaluates its
    /// expression as a statement: its value is dropped, not returned to the taker.
    fn discard_lambda_results(
        &mut self,
        taker: Option<&str>,
        arg_nodes: Option<Node<'_>>,
        args: &mut [Arg],
    ) {
        use crate::knowledge::vocab::JAVA_VOID_CALLBACK_TAKERS;
        let (Some(taker), Some(arg_nodes)) = (taker, arg_nodes) else {
            return;
        };
        if !JAVA_VOID_CALLBACK_TAKERS.contains(&taker) {
            return;
        }
        for (node, arg) in named(arg_nodes).zip(args.iter_mut()) {
            if node.kind() == "method_reference" {
                self.call_reference(node, arg);
                continue;
            }
            let expression_body = node.kind() == "lambda_expression"
                && node
                    .child_by_field_name("body")
                    .is_some_and(|b| b.kind() != "block");
            let Expr::Closure(c) = &mut arg.value else {
                continue;
            };
            if !expression_body {
                continue;
            }
            for s in &mut c.body {
                if let StmtKind::Exit {
                    kind: ExitKind::Return,
                    value: Some(v),
                } = &mut s.kind
                {
                    let v = std::mem::replace(v, Expr::Opaque { range: s.range });
                    s.kind = StmtKind::Expr(v);
                }
            }
        }
    }

    /// A bound method reference handed to a `void` callback (`forEach(template::send)`) is
    /// the lambda `x -> template.send(x)` whose value is dropped: what the method returns (a
    /// send's future) is discarded. References through a type (`Foo::bar`, `List::stream`)
    /// are left as they are: the element may be the receiver.
    fn call_reference(&mut self, node: Node<'_>, arg: &mut Arg) {
        let bound = named(node).next().is_some_and(|recv| match recv.kind() {
            "identifier" => self
                .text(recv)
                .starts_with(|c: char| c.is_ascii_lowercase()),
            "this" | "field_access" | "method_invocation" => true,
            _ => false,
        });
        let Expr::Attr { range: r, .. } = &arg.value else {
            return;
        };
        if !bound {
            return;
        }
        let r = *r;
        let func = std::mem::replace(&mut arg.value, Expr::Opaque { range: r });
        let param = "<element>";
        let call = Expr::Call(Box::new(Call {
            id: self.st.call_id(),
            func,
            args: vec![Arg {
                name: None,
                value: Expr::Name {
                    id: param.into(),
                    range: r,
                },
                spread: Spread::None,
            }]
            .into(),
            type_args: Box::default(),
            range: r,
        }));
        let body = vec![Stmt {
            kind: StmtKind::Expr(call),
            range: r,
        }];
        arg.value = Expr::closure(vec![Param::new(param, None, r)], body, false, r);
    }

    fn constructor_invocation(&mut self, n: Node<'_>) -> Expr {
        let r = range(n);
        let args = self.args(n.child_by_field_name("arguments"));
        let id = self.st.call_id();
        Expr::Call(Box::new(Call {
            id,
            func: Expr::Name {
                id: "super".into(),
                range: r,
            },
            args: args.into(),
            type_args: Box::default(),
            range: r,
        }))
    }

    fn creation(&mut self, n: Node<'_>, r: TextRange) -> Expr {
        let Some(ty) = n.child_by_field_name("type") else {
            return Expr::Opaque { range: r };
        };
        let base = if ty.kind() == "generic_type" {
            named(ty)
                .find(|c| c.kind() != "type_arguments")
                .unwrap_or(ty)
        } else {
            ty
        };
        let mut args = self.args(n.child_by_field_name("arguments"));
        let taker: String = self.text(base).rsplit('.').next().unwrap_or("").to_string();
        self.discard_lambda_results(Some(&taker), n.child_by_field_name("arguments"), &mut args);
        // An anonymous class with one method is a closure of that method (a callback); one
        // with several (`new ConsumerRebalanceListener() { onPartitionsRevoked(..) {..}
        // onPartitionsAssigned(..) {..} }`) is the sequence of their closures: each runs
        // later, with what it captures.
        if let Some(body) = named(n).find(|c| c.kind() == "class_body") {
            let methods: Vec<Node<'_>> = named(body)
                .filter(|m| m.kind() == "method_declaration")
                .collect();
            let mut closures: Vec<Expr> = methods
                .iter()
                .map(|m| {
                    let params = m
                        .child_by_field_name("parameters")
                        .map(|p| self.params(p))
                        .unwrap_or_default();
                    self.enter_locals(params.iter().map(|p| p.name.to_string()));
                    // A closure's parameters have no types of their own in the model: each
                    // declared one is bound as a local of that type (an anonymous
                    // `ConsumerAwareRebalanceListener`'s `Consumer<?, ?> consumer`), as a
                    // declaration with an unknown value would be.
                    let mut stmts: Block = params
                        .iter()
                        .filter_map(|p| {
                            let ty = p.annotation.clone()?;
                            let target = Target::Name(p.name.clone(), p.range);
                            let unknown = Expr::Opaque { range: p.range };
                            Some(Stmt::assign(vec![target], unknown, Some(*ty), p.range))
                        })
                        .collect();
                    if let Some(b) = m.child_by_field_name("body") {
                        stmts.extend(self.block(b));
                    }
                    self.leave_locals();
                    Expr::closure(params, stmts, false, range(*m))
                })
                .collect();
            match closures.len() {
                0 => {}
                1 => {
                    let mut c = closures.remove(0);
                    if let Expr::Closure(c) = &mut c {
                        c.range = r;
                    }
                    return c;
                }
                _ => {
                    return Expr::Seq {
                        elts: closures.into(),
                        range: r,
                    }
                }
            }
        }
        let id = self.st.call_id();
        Expr::Call(Box::new(Call {
            id,
            func: self.name_expr(base),
            args: args.into(),
            type_args: Box::default(),
            range: r,
        }))
    }

    fn lambda(&mut self, n: Node<'_>, r: TextRange) -> Expr {
        let params = match n.child_by_field_name("parameters") {
            Some(p) if p.kind() == "identifier" => vec![Param::new(self.text(p), None, range(p))],
            Some(p) => self.params(p),
            None => Vec::new(),
        };
        self.enter_locals(params.iter().map(|p| p.name.to_string()));
        let body = match n.child_by_field_name("body") {
            Some(b) if b.kind() == "block" => self.block(b),
            Some(e) => {
                let value = self.expr(e);
                vec![Self::exit(ExitKind::Return, Some(value), range(e))]
            }
            None => Vec::new(),
        };
        self.leave_locals();
        Expr::closure(params, body, false, r)
    }
}

/// A path as a name or an attribute chain.
fn path_expr(path: &[String], r: TextRange) -> Expr {
    let mut it = path.iter();
    let Some(first) = it.next() else {
        return Expr::Opaque { range: r };
    };
    let mut e = Expr::Name {
        id: first.as_str().into(),
        range: r,
    };
    for seg in it {
        e = Expr::Attr {
            value: Box::new(e),
            attr: seg.as_str().into(),
            range: r,
        };
    }
    e
}

/// The value of a string literal or text block, escapes left as written.
fn string_value(text: &str) -> String {
    let t = text
        .strip_prefix("\"\"\"")
        .and_then(|t| t.strip_suffix("\"\"\""))
        .map(|t| t.trim_start_matches(['\r', '\n']))
        .or_else(|| text.strip_prefix('"').and_then(|t| t.strip_suffix('"')))
        .unwrap_or(text);
    t.to_string()
}

/// A `return;` of a void listener ends the container's call for this record, and the
/// container goes on with the next one: in the listener's loop it is a `continue`. A `return`
/// inside a loop of the listener's own is left as it is (a `continue` there would stay in
/// that loop); closures are expressions and keep theirs.
fn returns_continue(stmts: &mut [Stmt]) {
    for s in stmts {
        match &mut s.kind {
            StmtKind::Exit {
                kind: kind @ ExitKind::Return,
                value: None,
            } => *kind = ExitKind::Continue,
            StmtKind::If { body, orelse, .. } => {
                returns_continue(body);
                returns_continue(orelse);
            }
            StmtKind::Match { arms, .. } => {
                arms.iter_mut().for_each(|a| returns_continue(&mut a.body))
            }
            StmtKind::Try {
                body,
                handlers,
                orelse,
                finally,
            } => {
                returns_continue(body);
                handlers
                    .iter_mut()
                    .for_each(|h| returns_continue(&mut h.body));
                returns_continue(orelse);
                returns_continue(finally);
            }
            StmtKind::Block(b) => returns_continue(b),
            _ => {}
        }
    }
}
