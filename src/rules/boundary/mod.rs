//! OL4xx: isolation boundaries. One mechanism (`knowledge::boundary`): a file of a bound kind
//! must not import what its boundary forbids, directly or through project modules. For each
//! import of the file, the shortest chain through the project's import graph to a forbidden
//! module is found (breadth first, cycles visited once); the finding is reported on the file's
//! import that starts it, with every hop in another file as a related location.
//!
//! The search parses only what can lead somewhere: the import scan found, without parsing,
//! what each module may import (a superset of what parsing finds), and a module none of whose
//! scanned imports can lead to a forbidden module is not visited. A shortest chain only
//! passes through modules that lead to a forbidden one, so the findings are the same; what
//! is saved is parsing the standard library behind every fixture module's `import os`.

mod checkpoint_network_import;
mod declared_boundary;
mod fixture_imports_client;

pub(crate) use checkpoint_network_import::*;
pub(crate) use declared_boundary::*;
pub(crate) use fixture_imports_client::*;

use std::collections::{HashMap, HashSet, VecDeque};

use crate::analysis::program::FileId;
use crate::diagnostic::{Finding, Related};
use crate::knowledge::boundary::{Boundary, Forbid};
use crate::model::{Import, ImportKind};
use crate::registry::Rule;
use crate::rules::RuleContext;

/// Files visited per import before giving up (a budget for huge import graphs).
const MAX_VISITED: usize = 4096;

/// What a boundary import reaches.
pub(crate) struct Violation<'a> {
    /// What was reached: `requests`, `confluent_kafka`, `app.offset_store`.
    pub found: String,
    /// The forbid that matched.
    pub forbid: Forbid,
    /// The project modules in between (empty for a direct import): each file's import that
    /// leads on, and the module it names.
    pub chain: Chain<'a>,
}

/// Hops of an import chain: (file, its import, the module that import names).
pub(crate) type Chain<'a> = Vec<(FileId, &'a Import, String)>;

/// Reports every violation of the boundary binding files of `kind`, under `rule`, with a
/// message per violation from `describe`.
pub(crate) fn check(
    ctx: &RuleContext,
    kind: &str,
    rule: Rule,
    describe: impl Fn(&Violation, &str) -> (String, String),
) {
    let analysis = ctx.analysis;
    let program = analysis.program;
    if !program.file(analysis.file).kinds.iter().any(|k| k == kind) {
        return;
    }
    let Some(boundary) = ctx.knowledge.boundary(kind) else {
        return;
    };
    let mut cache = Edges::new();
    let leads = Leads::new(ctx, boundary, analysis.file, &analysis.module.imports);
    for import in &analysis.module.imports {
        let Some(v) = violation(ctx, boundary, &leads, &mut cache, analysis.file, import) else {
            continue;
        };
        let how = match (import.kind, import.local) {
            (ImportKind::Dynamic, _) => "dynamically imports",
            (ImportKind::Static, true) => "imports (inside a function)",
            (ImportKind::Static, false) => "imports",
        };
        let (message, help) = describe(&v, how);
        let mut finding = Finding::new(rule, import.range, message).help(help);
        finding = match v.chain.first() {
            None => finding.primary(match &v.forbid {
                Forbid::Network => "network import".to_string(),
                Forbid::KafkaClient => "Kafka client import".to_string(),
                Forbid::Kind(kind) => format!("{kind} module import"),
                Forbid::Module(_) => "forbidden import".to_string(),
            }),
            Some((_, _, first)) => {
                finding.primary(format!("imports `{first}`, which leads to `{}`", v.found))
            }
        };
        for (file, hop, module) in v.chain.iter().skip(1).map(|(f, i, m)| (*f, *i, m)) {
            let f = program.file(file);
            let (line, column) = program.lines(file).map_or((0, 0), |l| {
                (l.line(hop.range.start), l.byte_column(hop.range.start))
            });
            finding.related.push(Related {
                path: f.path.clone(),
                line,
                column,
                message: format!("imports `{module}`"),
            });
        }
        ctx.report(finding);
    }
}

/// One import entry of a file, as the breadth-first search sees it: what it names that the
/// boundary forbids, or the project file it leads to.
struct Edge<'a> {
    import: &'a Import,
    forbidden: Option<(String, Forbid)>,
    target: Option<FileId>,
}

/// The edges of each visited file, computed once per checked file (its imports share them).
type Edges<'a> = HashMap<FileId, Vec<Edge<'a>>>;

fn edges_of<'e, 'a>(
    ctx: &RuleContext<'_, '_, 'a>,
    boundary: &Boundary,
    cache: &'e mut Edges<'a>,
    g: FileId,
) -> &'e [Edge<'a>] {
    cache.entry(g).or_insert_with(|| {
        let Some(index) = ctx.analysis.program.index(g) else {
            return Vec::new();
        };
        index
            .module
            .imports
            .iter()
            .flat_map(|import| import.entries.iter().map(move |e| (import, e)))
            .map(|(import, e)| Edge {
                import,
                forbidden: forbidden(ctx, boundary, g, &e.path, import.level),
                target: resolve(ctx, g, &e.path, import.level),
            })
            .collect()
    })
}

/// The first forbidden module an import of `file` reaches, with the chain to it.
fn violation<'a>(
    ctx: &RuleContext<'_, '_, 'a>,
    boundary: &Boundary,
    leads: &Leads,
    cache: &mut Edges<'a>,
    file: FileId,
    import: &'a Import,
) -> Option<Violation<'a>> {
    // Directly.
    for entry in &import.entries {
        if let Some((found, forbid)) = forbidden(ctx, boundary, file, &entry.path, import.level) {
            return Some(Violation {
                found,
                forbid,
                chain: Vec::new(),
            });
        }
    }
    // Through project modules: breadth first from each module the import names, each visited
    // file remembering the hop that reached it (the chain is rebuilt from those at the end).
    for entry in &import.entries {
        let Some(start) = resolve(ctx, file, &entry.path, import.level) else {
            continue;
        };
        if !leads.on(start) {
            continue;
        }
        let mut reached_by: HashMap<FileId, (FileId, &'a Import)> =
            HashMap::from([(start, (file, import))]);
        let mut queue = VecDeque::from([start]);
        while let Some(g) = queue.pop_front() {
            let mut next = Vec::new();
            for edge in edges_of(ctx, boundary, cache, g) {
                if let Some((found, forbid)) = &edge.forbidden {
                    let mut chain = vec![(g, edge.import, found.clone())];
                    let mut at = g;
                    while let Some(&(from, hop)) = reached_by.get(&at) {
                        chain.push((from, hop, module_name(ctx, at)));
                        if from == file {
                            break;
                        }
                        at = from;
                    }
                    chain.reverse();
                    return Some(Violation {
                        found: found.clone(),
                        forbid: forbid.clone(),
                        chain,
                    });
                }
                if let Some(h) = edge.target.filter(|&h| leads.on(h)) {
                    if h != file && reached_by.len() < MAX_VISITED && !reached_by.contains_key(&h) {
                        next.push((h, edge.import));
                    }
                }
            }
            for (h, hop) in next {
                if let std::collections::hash_map::Entry::Vacant(v) = reached_by.entry(h) {
                    v.insert((g, hop));
                    queue.push_back(h);
                }
            }
        }
    }
    None
}

/// The project modules from which, by their scanned imports, a module the boundary forbids
/// may be reached, among those the checked file's imports reach.
struct Leads {
    on: HashSet<FileId>,
}

impl Leads {
    fn new(ctx: &RuleContext, boundary: &Boundary, file: FileId, imports: &[Import]) -> Self {
        let program = ctx.analysis.program;
        let mut seen: HashSet<FileId> = HashSet::new();
        let mut stack: Vec<FileId> = (imports.iter())
            .flat_map(|i| i.entries.iter().map(move |e| (i, e)))
            .filter_map(|(i, e)| resolve(ctx, file, &e.path, i.level))
            .collect();
        let mut importers: HashMap<FileId, Vec<FileId>> = HashMap::new();
        let mut on = HashSet::new();
        while let Some(g) = stack.pop() {
            if !seen.insert(g) {
                continue;
            }
            let Some(scanned) = &program.file(g).scanned else {
                // Not scanned: it may import anything.
                on.insert(g);
                continue;
            };
            for s in scanned.iter() {
                // Once `g` is known to lead on, only its imports remain to be followed.
                if !on.contains(&g) && forbidden(ctx, boundary, g, &s.path, s.level).is_some() {
                    on.insert(g);
                }
                if let Some(h) = resolve(ctx, g, &s.path, s.level).filter(|&h| h != g) {
                    importers.entry(h).or_default().push(g);
                    stack.push(h);
                }
            }
        }
        // Whatever imports a module that leads on leads on too.
        let mut queue: Vec<FileId> = on.iter().copied().collect();
        while let Some(g) = queue.pop() {
            for &i in importers.get(&g).into_iter().flatten() {
                if on.insert(i) {
                    queue.push(i);
                }
            }
        }
        Leads { on }
    }

    fn on(&self, g: FileId) -> bool {
        self.on.contains(&g)
    }
}

/// The project file an import of `file` names, if any.
fn resolve(ctx: &RuleContext, file: FileId, path: &[String], level: u32) -> Option<FileId> {
    ctx.analysis.program.resolve_file(file, path, level)
}

fn module_name(ctx: &RuleContext, file: FileId) -> String {
    let f = ctx.analysis.program.file(file);
    f.module.join(f.lang.path_separator())
}

/// What of the boundary's forbidden list an import entry names, if anything.
fn forbidden(
    ctx: &RuleContext,
    boundary: &Boundary,
    file: FileId,
    path: &[String],
    level: u32,
) -> Option<(String, Forbid)> {
    let program = ctx.analysis.program;
    let lang = program.file(file).lang;
    if boundary.allowed.iter().any(|a| path.starts_with(a)) {
        return None;
    }
    if let Some(g) = resolve(ctx, file, path, level) {
        let target = program.file(g);
        if boundary
            .allowed
            .iter()
            .any(|a| target.module.starts_with(a))
        {
            return None;
        }
        return boundary.forbidden.iter().find_map(|f| match f {
            Forbid::Kind(k) if target.kinds.contains(k) => Some((module_name(ctx, g), f.clone())),
            // A declared boundary may forbid project modules by name too.
            Forbid::Module(prefix) if !prefix.is_empty() && target.module.starts_with(prefix) => {
                Some((module_name(ctx, g), f.clone()))
            }
            _ => None,
        });
    }
    if level > 0 {
        return None;
    }
    let sep = lang.path_separator();
    boundary.forbidden.iter().find_map(|f| {
        let found = match f {
            Forbid::Network => ctx.knowledge.network.matches(lang, path),
            Forbid::KafkaClient => {
                let root = path.first()?;
                ctx.knowledge
                    .libraries
                    .iter()
                    .any(|l| l.lang == lang && l.roots.contains(&root.as_str()))
                    .then(|| root.clone())
            }
            Forbid::Module(prefix) => path.starts_with(prefix).then(|| prefix.join(sep)),
            Forbid::Kind(_) => None,
        }?;
        Some((found, f.clone()))
    })
}
