//! OL4xx: isolation boundaries. One mechanism (`knowledge::boundary`): a file of a bound kind
//! must not import what its boundary forbids, directly or through project modules. For each
//! import of the file, the shortest chain through the project's import graph to a forbidden
//! module is found; the finding is reported on the file's import that starts it, with every
//! hop in another file as a related location. The shortest chain of every module is found
//! once per boundary and program ([`Reach`]), not once per file the boundary binds.
//!
//! A finding shows its chain only up to what no other finding shows, so that the output grows
//! with the import graph, not with the square of its longest chain: a chain that passes
//! through another file the boundary binds stops there (OL401/OL402 leave the finding to that
//! file; a declared boundary's finding points to that file's own finding, which goes on), and
//! a chain is shown up to [`MAX_HOPS`] modules, with the count of the others.
//!
//! The search parses only what can lead somewhere: the import scan found, without parsing,
//! what each module may import (a superset of what parsing finds), and a module none of whose
//! scanned imports can lead to a forbidden module is not visited. A shortest chain only
//! passes through modules that lead to a forbidden one, so the findings are the same; what
//! is saved is parsing the standard library behind every fixture module's `import os`.

mod checkpoint_network_import;
mod declared_boundary;
mod fixture_imports_client;
mod scratch_joins_group;

pub(crate) use checkpoint_network_import::*;
pub(crate) use declared_boundary::*;
pub(crate) use fixture_imports_client::*;
pub(crate) use scratch_joins_group::*;

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Arc;

use crate::analysis::program::{Dependency, FileId};
use crate::diagnostic::{Finding, Label, Related};
use crate::knowledge::boundary::{Boundary, Forbid, FIXTURE};
use crate::model::{Import, ImportKind, Module};
use crate::registry::Rule;
use crate::rules::RuleContext;

/// What a boundary import reaches.
pub(crate) struct Violation<'a> {
    /// What was reached: `requests`, `confluent_kafka`, `app.offset_store`.
    pub found: String,
    /// The forbid that matched.
    pub forbid: Forbid,
    /// The project modules in between (empty for a direct import): each file's import that
    /// leads on, and the module it names; up to where [`Violation::rest`] says.
    pub chain: Chain<'a>,
    pub rest: Rest,
}

/// What follows the last hop of a [`Violation::chain`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Rest {
    /// Nothing: the chain is whole.
    Whole,
    /// The last hop's file is bound by the boundary too: its own finding shows the rest.
    Bound,
    /// This many more modules, not shown (the chain is over [`MAX_HOPS`]).
    Cut(u32),
}

/// The most hops of a chain a finding shows.
pub(crate) const MAX_HOPS: usize = 32;

/// Hops of an import chain: (file, its import, the module that import names).
pub(crate) type Chain<'a> = Vec<(FileId, &'a Import, String)>;

/// Reports every violation of the boundary binding files of `kind`, under `rule`, with a
/// message per violation from `describe`. An import that names forbidden code directly is a
/// finding of its own; the imports that reach it only through project modules are one cause,
/// so they make one finding, at the first of them, with the others as labels (`also`).
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
    // Test support (a module defining pytest fixtures) imports the code under test by design.
    if kind == FIXTURE && defines_pytest_fixtures(analysis.module) {
        return;
    }
    let Some(boundary) = ctx.knowledge.boundary(kind) else {
        return;
    };
    let reach = Reach::of(ctx, boundary, kind);
    let mut through: Option<Finding> = None;
    // OL401/OL402: a chain through another checkpoint (fixture) module is that module's
    // finding (its own import starts the same chain): one fix there, one finding. A declared
    // boundary is a contract per file, as import-linter's: every chain counts, and one through
    // another bound file points to that file's finding for the rest.
    let through_bound = if rule == Rule::DeclaredBoundary {
        Through::Points
    } else {
        Through::Skips
    };
    // A `#[cfg(test)]` module's imports are not what the module depends on when built.
    for import in analysis.module.imports.iter().filter(|i| !i.test) {
        let Some(v) = violation(ctx, boundary, &reach, analysis.file, import, through_bound) else {
            continue;
        };
        if let (Some(first), Some((_, _, via))) = (through.as_mut(), v.chain.first()) {
            first.also += 1;
            first.labels.push(Label {
                range: import.range,
                message: format!("also reaches `{}`, through `{via}`", v.found),
            });
            continue;
        }
        let finding = finding(ctx, rule, import, &v, &describe);
        if v.chain.is_empty() {
            ctx.report(finding);
        } else {
            through = Some(finding);
        }
    }
    if let Some(mut finding) = through {
        if finding.also > 0 {
            let more = match finding.also {
                1 => "1 more import line of this module reaches it the same way".to_string(),
                n => format!("{n} more import lines of this module reach it the same way"),
            };
            finding.message = format!("{} ({more})", finding.message);
        }
        ctx.report(finding);
    }
}

/// The finding for one violation, at the import that starts it, with each hop of its chain
/// in another file as a related location.
fn finding(
    ctx: &RuleContext,
    rule: Rule,
    import: &Import,
    v: &Violation,
    describe: impl Fn(&Violation, &str) -> (String, String),
) -> Finding {
    let program = ctx.analysis.program;
    let how = match (import.kind, import.local) {
        (ImportKind::Dynamic, _) => "dynamically imports",
        (ImportKind::Static, true) => "imports (inside a function)",
        (ImportKind::Static, false) => "imports",
    };
    let (message, help) = describe(v, how);
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
    let rest = match v.rest {
        Rest::Whole => None,
        Rest::Bound => Some(
            "; this file is bound by the boundary too: its own finding shows the rest of the chain"
                .to_string(),
        ),
        Rest::Cut(n) => Some(format!(
            "; then {n} more module{} to `{}` (a chain is shown up to {MAX_HOPS} modules)",
            if n == 1 { "" } else { "s" },
            v.found
        )),
    };
    if let (Some(rest), Some(last)) = (rest, finding.related.last_mut()) {
        last.message.push_str(&rest);
    }
    finding
}

/// Whether a module defines pytest fixtures (`@pytest.fixture`, `@fixture(..)`,
/// `@pytest_asyncio.fixture`): test support, not a fixture-data generator (catalog OL402).
fn defines_pytest_fixtures(module: &Module) -> bool {
    module
        .bodies
        .iter()
        .any(|b| b.fixture_decorator().is_some())
}

/// One import entry of a module, as the chain search sees it: what it names that the
/// boundary forbids, or the project file it leads to.
struct Edge {
    /// The import's index in its file's imports.
    import: usize,
    forbidden: Option<(String, Forbid)>,
    target: Option<FileId>,
}

fn edges_of(ctx: &RuleContext, boundary: &Boundary, g: FileId) -> Vec<Edge> {
    let Some(index) = ctx.analysis.program.index(g) else {
        return Vec::new();
    };
    (index.module.imports.iter().enumerate())
        .filter(|(_, import)| !import.test)
        .flat_map(|(i, import)| import.entries.iter().map(move |e| (i, import, e)))
        .map(|(i, import, e)| Edge {
            import: i,
            forbidden: forbidden(ctx, boundary, g, &e.path, import.level),
            target: resolve(ctx, g, &e.path, import.level),
        })
        .collect()
}

/// What a chain through another file the boundary binds does (see [`check`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Through {
    /// No violation: that file's finding is the one.
    Skips,
    /// The chain stops there ([`Rest::Bound`]).
    Points,
}

/// The first forbidden module an import of `file` reaches, with the chain to it (up to a
/// bound file or [`MAX_HOPS`], see [`Rest`]).
fn violation<'a>(
    ctx: &RuleContext<'_, '_, 'a>,
    boundary: &Boundary,
    reach: &Reach,
    file: FileId,
    import: &'a Import,
    through_bound: Through,
) -> Option<Violation<'a>> {
    // Directly.
    for entry in &import.entries {
        if let Some((found, forbid)) = forbidden(ctx, boundary, file, &entry.path, import.level) {
            return Some(Violation {
                found,
                forbid,
                chain: Vec::new(),
                rest: Rest::Whole,
            });
        }
    }
    // Through project modules, along the shortest chain of the first module named that has
    // one.
    let start = (import.entries.iter())
        .filter_map(|entry| resolve(ctx, file, &entry.path, import.level))
        .find(|&start| reach.next.contains_key(&start))?;
    let ends = &reach.ends[&start];
    if through_bound == Through::Skips && ends.bound.is_some() {
        return None;
    }
    let (found, forbid) = reach.edge(ends.last)?.forbidden.clone()?;
    let mut chain = vec![(file, import, module_name(ctx, start))];
    let mut at = start;
    loop {
        let (distance, edge) = reach.next[&at];
        let hop = &ctx.analysis.program.index(at)?.module.imports[reach.edges[&at][edge].import];
        if distance == 0 {
            chain.push((at, hop, found.clone()));
            return Some(Violation {
                found,
                forbid,
                chain,
                rest: Rest::Whole,
            });
        }
        let next = reach.edges[&at][edge].target?;
        // A chain back through the file itself is reported on the file's own import.
        if next == file {
            return None;
        }
        chain.push((at, hop, module_name(ctx, next)));
        let rest = if reach.ends[&at].bound == Some(at) {
            Rest::Bound
        } else if chain.len() > MAX_HOPS {
            Rest::Cut(distance)
        } else {
            at = next;
            continue;
        };
        return Some(Violation {
            found,
            forbid,
            chain,
            rest,
        });
    }
}

/// The shortest chain from every project module that leads to what a boundary forbids, found
/// once per program (breadth first from the modules that import a forbidden one directly,
/// backwards along the imports), so that checking every file the boundary binds stays linear
/// in the import graph. Ties go to the first import in file order, as a breadth-first search
/// from the checked file finds them.
pub(crate) struct Reach {
    /// The edges of each module that may lead on (parsed; see [`Leads`]).
    edges: HashMap<FileId, Vec<Edge>>,
    /// For each module that leads on: the length of its chain, and the edge it takes (its
    /// first forbidden import when the length is 0).
    next: HashMap<FileId, (u32, usize)>,
    /// For each module that leads on: what its chain passes through.
    ends: HashMap<FileId, Ends>,
}

/// Modules of a module's shortest chain, known without walking it.
#[derive(Clone, Copy)]
struct Ends {
    /// The first bound by the boundary (not a test), the module itself included.
    bound: Option<FileId>,
    /// The last: the one that imports the forbidden module.
    last: FileId,
}

impl Reach {
    /// The reach of the boundary binding files of `kind`, computed once per program.
    fn of(ctx: &RuleContext, boundary: &Boundary, kind: &str) -> Arc<Reach> {
        let knowledge = ctx.knowledge as *const _ as usize;
        let key = (knowledge, format!("boundary reach: {kind}"));
        (ctx.analysis.program).memo(key, || Reach::new(ctx, boundary, kind))
    }

    fn new(ctx: &RuleContext, boundary: &Boundary, kind: &str) -> Reach {
        let leads = Leads::new(ctx, boundary, kind);
        let edges: HashMap<FileId, Vec<Edge>> = (leads.on.iter())
            .map(|&g| (g, edges_of(ctx, boundary, g)))
            .collect();
        let mut importers: HashMap<FileId, Vec<FileId>> = HashMap::new();
        let mut distance: HashMap<FileId, u32> = HashMap::new();
        let mut queue = VecDeque::new();
        for (&g, out) in &edges {
            if out.iter().any(|e| e.forbidden.is_some()) {
                distance.insert(g, 0);
                queue.push_back(g);
            }
            for h in out.iter().filter_map(|e| e.target) {
                if h != g && leads.on(h) {
                    importers.entry(h).or_default().push(g);
                }
            }
        }
        while let Some(h) = queue.pop_front() {
            let d = distance[&h] + 1;
            for &g in importers.get(&h).into_iter().flatten() {
                if let std::collections::hash_map::Entry::Vacant(v) = distance.entry(g) {
                    v.insert(d);
                    queue.push_back(g);
                }
            }
        }
        let next: HashMap<FileId, (u32, usize)> = (distance.iter())
            .filter_map(|(&g, &d)| {
                let takes = |e: &Edge| match d {
                    0 => e.forbidden.is_some(),
                    _ => e
                        .target
                        .is_some_and(|h| h != g && distance.get(&h) == Some(&(d - 1))),
                };
                Some((g, (d, edges[&g].iter().position(takes)?)))
            })
            .collect();
        // Each module's ends from those of the module its chain goes on to, shortest first.
        let program = ctx.analysis.program;
        let bound = |g: FileId| {
            let file = program.file(g);
            file.kinds.iter().any(|k| k == kind) && !file.is_test()
        };
        let mut order: Vec<(u32, FileId)> = next.iter().map(|(&g, &(d, _))| (d, g)).collect();
        order.sort_unstable();
        let mut ends: HashMap<FileId, Ends> = HashMap::with_capacity(order.len());
        for (d, g) in order {
            let own = bound(g).then_some(g);
            let after = match d {
                0 => None,
                _ => edges[&g][next[&g].1].target.and_then(|h| ends.get(&h)),
            };
            let e = match after {
                Some(after) => Ends {
                    bound: own.or(after.bound),
                    last: after.last,
                },
                None => Ends {
                    bound: own,
                    last: g,
                },
            };
            ends.insert(g, e);
        }
        Reach { edges, next, ends }
    }

    /// The edge a module's chain takes.
    fn edge(&self, g: FileId) -> Option<&Edge> {
        let &(_, edge) = self.next.get(&g)?;
        self.edges.get(&g)?.get(edge)
    }
}

/// The project modules from which, by their scanned imports, a module the boundary forbids
/// may be reached, among those the files the boundary binds reach. Only these are parsed.
struct Leads {
    on: HashSet<FileId>,
}

impl Leads {
    fn new(ctx: &RuleContext, boundary: &Boundary, kind: &str) -> Self {
        let program = ctx.analysis.program;
        let mut seen: HashSet<FileId> = HashSet::new();
        let mut stack: Vec<FileId> = (0..program.files.len() as u32)
            .map(FileId)
            .filter(|&g| program.file(g).kinds.iter().any(|k| k == kind))
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
    match ctx.analysis.program.dependency(file, path, level)? {
        Dependency::Module(g) => Some(g),
        Dependency::Library(_) => None,
    }
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
    let allowed = |p: &[String]| boundary.allowed.iter().any(|a| p.starts_with(a));
    if allowed(path) {
        return None;
    }
    let target = program.dependency(file, path, level);
    // A project re-export of a library (`pub use object_store;`): what it names is that
    // library's path, matched as it is. (Resolving it again from this file can lead back to
    // the same re-export: a crate root's `pub use dep;` makes `dep::X` the root's item.)
    let (path, level) = match &target {
        Some(Dependency::Library(reexported)) => {
            if allowed(reexported) {
                return None;
            }
            (reexported.as_slice(), 0)
        }
        _ => (path, level),
    };
    if let Some(Dependency::Module(g)) = target {
        let target = program.file(g);
        if allowed(&target.module) {
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
