//! Items: functions, `impl` and `trait` blocks, structs, modules, `use` and `extern crate`.

use syn::{Item, Pat, Type, UseTree};

use super::span::{node, sp};
use super::types::bound_paths;
use super::{pat, Lowerer, Tail};
use crate::model::*;

/// The start of an item without its outer attributes: its visibility if any, else `first`.
fn item_start(vis: &syn::Visibility, first: TextRange) -> TextRange {
    match vis {
        syn::Visibility::Inherited => first,
        v => node(v),
    }
}

/// The last path segment of a type (looking through references and parentheses).
fn type_name(ty: &Type) -> Option<String> {
    let mut ty = ty;
    for _ in 0..32 {
        ty = match ty {
            Type::Reference(r) => &r.elem,
            Type::Paren(p) => &p.elem,
            Type::Group(g) => &g.elem,
            Type::Path(p) => return p.path.segments.last().map(|s| s.ident.to_string()),
            _ => return None,
        };
    }
    None
}

impl Lowerer {
    pub(super) fn items(&mut self, items: &[Item]) {
        for item in items {
            self.item(item);
        }
    }

    pub(super) fn item(&mut self, item: &Item) {
        if !self.st.enter() {
            return;
        }
        self.item_inner(item);
        self.st.leave();
    }

    fn item_inner(&mut self, item: &Item) {
        match item {
            Item::Fn(f) => {
                let range =
                    item_start(&f.vis, node(&f.sig)).cover(sp(f.block.brace_token.span.close()));
                self.function(&f.sig, &f.block, None, range);
            }
            Item::Impl(imp) => {
                let class = type_name(&imp.self_ty).unwrap_or_default();
                let mark = self.push_generics(&imp.generics);
                let self_ty = self.type_ref(&imp.self_ty);
                let saved = self.self_ty.replace(self_ty.paths);
                let saved_args = std::mem::replace(&mut self.self_ty_args, self_ty.first_args);
                for it in &imp.items {
                    if let syn::ImplItem::Fn(f) = it {
                        let range = item_start(&f.vis, node(&f.sig)).cover(sp(f
                            .block
                            .brace_token
                            .span
                            .close()));
                        self.function(&f.sig, &f.block, Some(&class), range);
                    }
                }
                self.self_ty = saved;
                self.self_ty_args = saved_args;
                self.pop_generics(mark);
            }
            Item::Trait(t) => {
                let name = t.ident.to_string();
                let mark = self.push_generics(&t.generics);
                let mut self_ty = vec![vec![name.clone()]];
                self_ty.extend(bound_paths(t.supertraits.iter()));
                let saved = self.self_ty.replace(self_ty);
                let saved_args = std::mem::take(&mut self.self_ty_args);
                for it in &t.items {
                    if let syn::TraitItem::Fn(f) = it {
                        if let Some(block) = &f.default {
                            let range = node(&f.sig).cover(sp(block.brace_token.span.close()));
                            self.function(&f.sig, block, Some(&name), range);
                        }
                    }
                }
                self.self_ty = saved;
                self.self_ty_args = saved_args;
                self.pop_generics(mark);
                // A trait is a class with no fields: a value typed by a project trait is that
                // trait's (a client, when a supertrait is one).
                let range = item_start(&t.vis, sp(t.trait_token.span))
                    .cover(sp(t.brace_token.span.close()));
                self.st.classes.push(Class {
                    name,
                    fields: Vec::new(),
                    attrs: Vec::new(),
                    bases: TypeRef {
                        paths: bound_paths(t.supertraits.iter()),
                        ..TypeRef::default()
                    },
                    interface: false,
                    range,
                });
            }
            Item::Struct(s) => {
                let mark = self.push_generics(&s.generics);
                let fields = s
                    .fields
                    .iter()
                    .enumerate()
                    .map(|(i, f)| Field {
                        name: f
                            .ident
                            .as_ref()
                            .map_or_else(|| i.to_string(), |id| id.to_string()),
                        ty: self.type_ref(&f.ty),
                        range: node(f),
                    })
                    .collect();
                self.pop_generics(mark);
                let end = match &s.fields {
                    syn::Fields::Named(n) => sp(n.brace_token.span.close()),
                    _ => s.semi_token.map_or_else(|| node(&s.fields), |t| sp(t.span)),
                };
                let range = item_start(&s.vis, sp(s.struct_token.span)).cover(end);
                self.st.classes.push(Class {
                    name: s.ident.to_string(),
                    fields,
                    attrs: Vec::new(),
                    bases: TypeRef::default(),
                    interface: false,
                    range,
                });
            }
            // An inline module's items are lowered with the file's (one module per file);
            // its `use super::..` paths are rebased on the file's module.
            Item::Mod(m) => {
                if let Some((_, items)) = &m.content {
                    self.st.inline_modules.push(m.ident.to_string());
                    let test = self.in_test_module;
                    self.in_test_module |= is_cfg_test(&m.attrs);
                    self.inline_depth += 1;
                    self.items(items);
                    self.inline_depth -= 1;
                    self.in_test_module = test;
                }
            }
            Item::Use(u) => {
                let range = item_start(&u.vis, sp(u.use_token.span)).cover(sp(u.semi_token.span));
                let mut entries = Vec::new();
                let mut prefix = Vec::new();
                use_tree(&u.tree, &mut prefix, &mut entries, 0);
                for entry in &mut entries {
                    rebase_super(entry, self.inline_depth);
                }
                if !entries.is_empty() {
                    self.push_import(entries, range);
                }
            }
            Item::ExternCrate(e) => {
                let range =
                    item_start(&e.vis, sp(e.extern_token.span)).cover(sp(e.semi_token.span));
                let name = e.ident.to_string();
                let path = vec![name.clone()];
                let local = match &e.rename {
                    Some((_, id)) => id.to_string(),
                    None => name,
                };
                let binding = (local != "_").then(|| (local, path.clone()));
                self.push_import(
                    vec![ImportEntry {
                        path,
                        from_len: None,
                        binding,
                        glob: false,
                    }],
                    range,
                );
            }
            Item::Static(st) => {
                let range =
                    item_start(&st.vis, sp(st.static_token.span)).cover(sp(st.semi_token.span));
                self.static_item(&st.ident, &st.ty, &st.expr, range);
            }
            Item::Const(c) => {
                let range = item_start(&c.vis, sp(c.const_token.span)).cover(sp(c.semi_token.span));
                self.static_item(&c.ident, &c.ty, &c.expr, range);
            }
            Item::Type(t) => {
                let ty = self.type_ref(&t.ty);
                self.st.type_aliases.push((t.ident.to_string(), ty));
            }
            Item::Macro(m) => {
                // `macro_rules!` definitions hold templates, not code.
                if m.ident.is_some() {
                    return;
                }
                // `lazy_static! { static ref P: FutureProducer = ...; }`
                if let Some(statics) = super::macros::parse_lazy_statics(&m.mac) {
                    for (ident, ty, expr, range) in statics {
                        self.static_item(&ident, &ty, &expr, range);
                    }
                    return;
                }
                if let Some(items) = super::macros::parse_items(&m.mac.tokens) {
                    self.items(&items);
                }
            }
            _ => {}
        }
    }

    /// A `static` / `const` (or `lazy_static!` entry) is an annotated assignment at the
    /// module's top level (body 0), where names of any function find it.
    fn static_item(&mut self, ident: &syn::Ident, ty: &Type, expr: &syn::Expr, range: TextRange) {
        if self.in_function {
            return;
        }
        let annotation = Some(self.type_ref(ty));
        let value = self.expr(expr);
        let target = Target::Name(ident.to_string().into(), node(ident));
        let stmt = Stmt::assign(vec![target], value, annotation, range);
        let mut hoisted = std::mem::take(&mut self.hoisted);
        if let Some(top) = self.st.bodies.first_mut() {
            top.stmts.append(&mut hoisted);
            top.stmts.push(stmt);
        }
    }

    fn push_import(&mut self, entries: Vec<ImportEntry>, range: TextRange) {
        self.st.imports.push(Import {
            entries,
            level: 0,
            kind: ImportKind::Static,
            local: self.in_function,
            test: self.in_test_module,
            range,
        });
    }

    /// Lower a function or method into a new `Body`.
    pub(super) fn function(
        &mut self,
        sig: &syn::Signature,
        block: &syn::Block,
        class: Option<&str>,
        range: TextRange,
    ) {
        let id = BodyId(self.st.bodies.len() as u32);
        let mark = self.push_generics(&sig.generics);
        let mut params = Vec::new();
        let mut self_name = None;
        for input in &sig.inputs {
            match input {
                syn::FnArg::Receiver(r) => {
                    self_name = Some("self".to_string());
                    params.push(Param::new("self", Some(self.type_ref(&r.ty)), node(r)));
                }
                syn::FnArg::Typed(pt) => {
                    params.extend(self.params_from_pat(&pt.pat, Some(&pt.ty), node(pt)))
                }
            }
        }
        let returns = match &sig.output {
            syn::ReturnType::Type(_, ty) => Some(self.type_ref(ty)),
            syn::ReturnType::Default => None,
        };
        let can_propagate = match &sig.output {
            syn::ReturnType::Type(_, ty) => propagates(ty),
            syn::ReturnType::Default => false,
        };
        self.st.bodies.push(Body {
            class: class.map(str::to_string),
            self_name: self_name.map(Into::into),
            params,
            returns: returns.map(Box::new),
            can_propagate,
            parent: self.current_body.filter(|p| p.0 != 0),
            is_async: sig.asyncness.is_some(),
            ..Body::new(&sig.ident.to_string(), BodyKind::Function, range)
        });
        let saved_hoisted = std::mem::take(&mut self.hoisted);
        let saved_loops = std::mem::take(&mut self.loops);
        let saved_fn = (self.in_function, self.current_body);
        self.in_function = true;
        self.current_body = Some(id);
        // A unit function's tail (`match r { Ok(_) => .., Err(e) => log(e) }`) is a statement
        // that falls off the end: no arm of it leaves the function early.
        let tail = match sig.output {
            syn::ReturnType::Type(..) => Tail::Return,
            syn::ReturnType::Default => Tail::Discard,
        };
        let stmts = self.block(&block.stmts, &tail);
        (self.in_function, self.current_body) = saved_fn;
        self.loops = saved_loops;
        self.hoisted = saved_hoisted;
        self.pop_generics(mark);
        if let Some(body) = self.st.bodies.get_mut(id.0 as usize) {
            body.stmts = stmts;
        }
    }

    /// Parameters from a (fn or closure) parameter pattern: an identifier gives one parameter
    /// with the annotation; a destructuring pattern one unannotated parameter per bound name.
    pub(super) fn params_from_pat(
        &self,
        p: &Pat,
        ty: Option<&Type>,
        range: TextRange,
    ) -> Vec<Param> {
        let (p, ty) = match p {
            Pat::Type(pt) => (&*pt.pat, Some(&*pt.ty)),
            other => (other, ty),
        };
        let annotation = ty.map(|t| self.type_ref(t));
        match p {
            Pat::Ident(id) if id.subpat.is_none() => {
                vec![Param::new(id.ident.to_string(), annotation, range)]
            }
            Pat::Wild(_) => vec![Param::new("_", annotation, range)],
            // Extractors: `State(state): State<AppState>` (axum), `Data(d): Data<Ctx>`: the one
            // binding is the wrapper's type argument.
            Pat::TupleStruct(ts) if ts.elems.len() == 1 => {
                let names = pat::bindings(p);
                let inner = ty.and_then(first_type_argument).map(|t| self.type_ref(t));
                match names.as_slice() {
                    [name] => vec![Param::new(name.clone(), inner, range)],
                    _ => names
                        .into_iter()
                        .map(|n| Param::new(n, None, range))
                        .collect(),
                }
            }
            other => {
                let names = pat::bindings(other);
                if names.is_empty() {
                    vec![Param::new("_", annotation, range)]
                } else {
                    names
                        .into_iter()
                        .map(|name| Param::new(name, None, range))
                        .collect()
                }
            }
        }
    }
}

/// `State<AppState>` → `AppState`.
fn first_type_argument(ty: &Type) -> Option<&Type> {
    let Type::Path(p) = ty else { return None };
    let syn::PathArguments::AngleBracketed(a) = &p.path.segments.last()?.arguments else {
        return None;
    };
    a.args.iter().find_map(|arg| match arg {
        syn::GenericArgument::Type(t) => Some(t),
        _ => None,
    })
}

/// A return type `?` can propagate into: `Result<..>`, `KafkaResult<..>`, `Option<..>`,
/// `anyhow::Result<..>`.
fn propagates(ty: &Type) -> bool {
    match ty {
        Type::Path(p) => p.path.segments.last().is_some_and(|s| {
            let name = s.ident.to_string();
            name.ends_with("Result") || name == "Option"
        }),
        Type::Paren(p) => propagates(&p.elem),
        Type::Group(g) => propagates(&g.elem),
        _ => false,
    }
}

/// `use super::x` inside `depth` inline modules of a file: the first `depth` `super`s name
/// modules of this file, whose items are the file's, so they become `self`.
fn rebase_super(entry: &mut ImportEntry, depth: u32) {
    let supers = entry.path.iter().take_while(|s| *s == "super").count();
    if depth == 0 || supers == 0 {
        return;
    }
    let within = supers.min(depth as usize);
    let rebase = |path: &mut Vec<String>| {
        path.drain(..within);
        if within == supers {
            path.insert(0, "self".to_string());
        }
    };
    rebase(&mut entry.path);
    if let Some((_, path)) = &mut entry.binding {
        rebase(path);
    }
    let removed = within - usize::from(within == supers);
    entry.from_len = entry.from_len.map(|n| n - removed);
}

/// `#[cfg(test)]`, also inside `all(..)` / `any(..)`.
fn is_cfg_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg")
            && a.meta.require_list().is_ok_and(|l| {
                l.tokens
                    .clone()
                    .into_iter()
                    .any(|t| t.to_string() == "test")
            })
    })
}

fn use_tree(tree: &UseTree, prefix: &mut Vec<String>, out: &mut Vec<ImportEntry>, depth: u32) {
    if depth > 64 {
        return;
    }
    match tree {
        UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            use_tree(&p.tree, prefix, out, depth + 1);
            prefix.pop();
        }
        UseTree::Name(n) => {
            let name = n.ident.to_string();
            if name == "self" {
                if let Some(last) = prefix.last() {
                    let path = prefix.clone();
                    out.push(ImportEntry {
                        binding: Some((last.clone(), path.clone())),
                        path,
                        from_len: None,
                        glob: false,
                    });
                }
            } else {
                let mut path = prefix.clone();
                path.push(name.clone());
                out.push(ImportEntry {
                    from_len: (path.len() > 1).then(|| path.len() - 1),
                    binding: Some((name, path.clone())),
                    path,
                    glob: false,
                });
            }
        }
        UseTree::Rename(r) => {
            let name = r.ident.to_string();
            let alias = r.rename.to_string();
            let (path, from_len) = if name == "self" {
                (prefix.clone(), None)
            } else {
                let mut path = prefix.clone();
                path.push(name);
                let from_len = (path.len() > 1).then(|| path.len() - 1);
                (path, from_len)
            };
            if path.is_empty() {
                return;
            }
            let binding = (alias != "_").then(|| (alias, path.clone()));
            out.push(ImportEntry {
                path,
                from_len,
                binding,
                glob: false,
            });
        }
        UseTree::Glob(_) => {
            if !prefix.is_empty() {
                out.push(ImportEntry {
                    path: prefix.clone(),
                    from_len: None,
                    binding: None,
                    glob: true,
                });
            }
        }
        UseTree::Group(g) => {
            for t in &g.items {
                use_tree(t, prefix, out, depth + 1);
            }
        }
    }
}
