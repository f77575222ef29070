//! Types → `TypeRef`, and generic parameter scopes.

use syn::{GenericArgument, PathArguments, Type, TypeParamBound};

use super::Lowerer;
use crate::knowledge::vocab::{CONTAINER_TYPES, MARKER_TRAITS, TYPE_WRAPPERS};
use crate::model::TypeRef;

const MAX_TYPE_DEPTH: u32 = 32;

pub(super) fn path_segments(p: &syn::Path) -> Vec<String> {
    p.segments.iter().map(|s| s.ident.to_string()).collect()
}

impl Lowerer {
    pub(super) fn type_ref(&self, ty: &Type) -> TypeRef {
        let mut out = TypeRef::default();
        let mut elements = Vec::new();
        self.collect_type(ty, &mut out.paths, &mut elements, &mut out.first_args, 0);
        out.elements = elements;
        dedup(&mut out.paths);
        dedup(&mut out.elements);
        out
    }

    /// Collects the paths a type can name into `out`, its containers' element types into
    /// `elements`, and the first type argument of each path written with some into `args`.
    fn collect_type(
        &self,
        ty: &Type,
        out: &mut Vec<Vec<String>>,
        elements: &mut Vec<Vec<String>>,
        args: &mut Vec<(Vec<String>, Vec<Vec<String>>)>,
        depth: u32,
    ) {
        if depth > MAX_TYPE_DEPTH {
            return;
        }
        let mut inner = |ty: &Type, out: &mut Vec<Vec<String>>, elements: &mut Vec<Vec<String>>| {
            self.collect_type(ty, out, elements, args, depth + 1)
        };
        match ty {
            Type::Path(tp) => {
                let segs = path_segments(&tp.path);
                if tp.qself.is_none() && segs.len() == 1 {
                    if segs[0] == "Self" {
                        if let Some(paths) = &self.self_ty {
                            out.extend(paths.iter().cloned());
                            args.extend(self.self_ty_args.iter().cloned());
                            return;
                        }
                    } else if let Some(bounds) = self.generic_bounds(&segs[0]) {
                        out.extend(bounds.iter().cloned());
                        return;
                    }
                }
                let mut type_args: Vec<&Type> = Vec::new();
                if let Some(last) = tp.path.segments.last() {
                    let name = last.ident.to_string();
                    if let PathArguments::AngleBracketed(a) = &last.arguments {
                        type_args.extend(a.args.iter().filter_map(|arg| match arg {
                            GenericArgument::Type(t) => Some(t),
                            _ => None,
                        }));
                    }
                    if let (true, Some(first)) =
                        (TYPE_WRAPPERS.contains(&name.as_str()), type_args.first())
                    {
                        inner(first, out, elements);
                        return;
                    }
                    // `Vec<P>`, `HashMap<K, P>`: the elements are the last type argument.
                    if let (true, Some(last)) =
                        (CONTAINER_TYPES.contains(&name.as_str()), type_args.last())
                    {
                        inner(last, elements, &mut Vec::new());
                        return;
                    }
                }
                if !segs.is_empty() {
                    if let Some(first) = type_args.first() {
                        args.push((segs.clone(), self.type_ref(first).paths));
                    }
                    out.push(segs);
                }
            }
            Type::Slice(s) => inner(&s.elem, elements, &mut Vec::new()),
            Type::Array(a) => inner(&a.elem, elements, &mut Vec::new()),
            Type::Reference(r) => inner(&r.elem, out, elements),
            Type::Ptr(p) => inner(&p.elem, out, elements),
            Type::Paren(p) => inner(&p.elem, out, elements),
            Type::Group(g) => inner(&g.elem, out, elements),
            Type::ImplTrait(i) => out.extend(bound_paths(i.bounds.iter())),
            Type::TraitObject(t) => out.extend(bound_paths(t.bounds.iter())),
            _ => {}
        }
    }

    fn generic_bounds(&self, name: &str) -> Option<&Vec<Vec<String>>> {
        self.generics
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|(_, b)| b)
    }

    /// Bring a generics list into scope; returns the mark to pass to `pop_generics`.
    pub(super) fn push_generics(&mut self, g: &syn::Generics) -> usize {
        let mark = self.generics.len();
        for param in &g.params {
            if let syn::GenericParam::Type(tp) = param {
                let mut paths = bound_paths(tp.bounds.iter());
                if let Some(default) = &tp.default {
                    paths.extend(self.type_ref(default).paths);
                }
                self.generics.push((tp.ident.to_string(), paths));
            }
        }
        if let Some(wc) = &g.where_clause {
            for pred in &wc.predicates {
                let syn::WherePredicate::Type(pt) = pred else {
                    continue;
                };
                let Type::Path(tp) = &pt.bounded_ty else {
                    continue;
                };
                if tp.qself.is_some() || tp.path.segments.len() != 1 {
                    continue;
                }
                let name = tp.path.segments[0].ident.to_string();
                let paths = bound_paths(pt.bounds.iter());
                match self.generics[mark..]
                    .iter_mut()
                    .rev()
                    .find(|(n, _)| *n == name)
                {
                    Some((_, existing)) => existing.extend(paths),
                    None => self.generics.push((name, paths)),
                }
            }
        }
        for (_, paths) in &mut self.generics[mark..] {
            dedup(paths);
        }
        mark
    }

    pub(super) fn pop_generics(&mut self, mark: usize) {
        self.generics.truncate(mark);
    }

    /// Generic arguments of a turbofish / path segment as type refs.
    pub(super) fn generic_args<'a>(
        &self,
        args: impl IntoIterator<Item = &'a GenericArgument>,
    ) -> Vec<TypeRef> {
        args.into_iter()
            .filter_map(|a| match a {
                GenericArgument::Type(t) => Some(self.type_ref(t)),
                _ => None,
            })
            .collect()
    }
}

/// The trait paths of a bound list, without marker traits and lifetimes.
pub(super) fn bound_paths<'a>(
    bounds: impl Iterator<Item = &'a TypeParamBound>,
) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for b in bounds {
        if let TypeParamBound::Trait(tb) = b {
            if matches!(tb.modifier, syn::TraitBoundModifier::Maybe(_)) {
                continue;
            }
            let segs = path_segments(&tb.path);
            if segs.len() == 1 && MARKER_TRAITS.contains(&segs[0].as_str()) {
                continue;
            }
            if !segs.is_empty() {
                out.push(segs);
            }
        }
    }
    out
}

fn dedup(paths: &mut Vec<Vec<String>>) {
    let mut seen = Vec::with_capacity(paths.len());
    paths.retain(|p| {
        if seen.contains(p) {
            false
        } else {
            seen.push(p.clone());
            true
        }
    });
}
