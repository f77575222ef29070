//! Commits a function's own parameters decide: the catalog's "a wrapper (or a subclass
//! override) whose own `message`/`offsets` parameters decide whether it commits a message or
//! the position is not a finding itself". `if message is None: return self._c.commit()`
//! beside `self._c.commit(message=message)`: the position branch is taken only when the
//! caller passed no message, so each caller is judged for what it passes (`branches.rs`
//! evaluates the wrapper for that call), not the wrapper.

use super::branches::{reached, Binding, Reach, Val};
use super::facts::{find_arg, slot_args, ArgPresence, CallFacts};
use super::index::BodyIndex;
use super::FileAnalysis;
use crate::knowledge::{ArgSlot, Op};
use crate::model::visit::{self, Visitor};
use crate::model::*;

/// What one commit of a function's body commits.
#[derive(Debug, Clone, PartialEq)]
enum Site {
    /// The consumer's position, whatever the call passes.
    Position,
    /// What these parameters hold (`offsets=offsets`): the position when all are `None`.
    Forwarded(Vec<String>),
}

/// The commits of a function whose message/offsets parameters decide whether they commit
/// the position: the parameters, and the commits they decide.
#[derive(Debug, Clone)]
pub struct CommitPlan {
    /// The parameters (in declaration order) that a commit of the body takes its message or
    /// offsets from, as passed (`offsets=offsets`) or derived (`message.raw`, a list built
    /// from `offsets`).
    pub params: Vec<String>,
    sites: Vec<(TextRange, Site)>,
}

/// What a function commits for one call, from its [`CommitPlan`].
#[derive(Debug, Clone, PartialEq)]
pub enum CommitOutcome {
    /// The position, on a path this call takes.
    Position,
    /// What the caller passes in these parameters: the position when none is given.
    Forwarded(Vec<String>),
    /// A message or explicit offsets (or nothing known to be the position).
    Message,
}

impl CommitPlan {
    /// The plan of `body`, from its commits (`(call, facts)`); `None` when no commit of it is
    /// decided by its parameters.
    pub fn of(body: &Body, bi: &BodyIndex, commits: &[(&Call, &CallFacts)]) -> Option<CommitPlan> {
        Self::of_in(body, body, bi, commits)
    }

    /// The plan of `body` (with index `bi`) over the parameters of `owner`: `body` itself, or
    /// the function enclosing a nested one that reads them (`def _commit(): if offsets is not
    /// None: ..` inside `commit(self, message=None, offsets=None)`), less those it rebinds as
    /// its own parameters.
    fn of_in(
        owner: &Body,
        body: &Body,
        bi: &BodyIndex,
        commits: &[(&Call, &CallFacts)],
    ) -> Option<CommitPlan> {
        let shadowed =
            |p: &Param| !std::ptr::eq(owner, body) && body.params.iter().any(|q| q.name == p.name);
        let candidates: Vec<&Param> = owner
            .params
            .iter()
            .filter(|p| Some(&p.name) != owner.self_name.as_ref())
            .filter(|p| matches!(p.kind, ParamKind::Regular | ParamKind::KeywordOnly))
            .filter(|p| !shadowed(p))
            .collect();
        // A parameter declared as a timeout or a commit callback fills the offsets position
        // without being offsets (`commitSync(Duration timeout)` forwarding `timeout`); so does
        // a callback written in place (`commitAsync(new OffsetCommitCallback() {..})`).
        let not_offsets = |e: &Expr| {
            matches!(e, Expr::Name { id, .. } if candidates
                .iter()
                .any(|p| p.name == *id && crate::knowledge::vocab::declared_not_offsets(p)))
        };
        let mut sites = Vec::new();
        let mut params: Vec<&str> = Vec::new();
        for (call, facts) in commits {
            let site = match &facts.op {
                Op::CommitPosition => Site::Position,
                Op::Commit { offsets } => {
                    if let ArgPresence::Unknown = find_arg(&facts.args, offsets) {
                        continue;
                    }
                    let fillers: Vec<&Expr> = slot_args(&facts.args, offsets)
                        .into_iter()
                        .filter(|e| !matches!(e, Expr::Lit { lit: Lit::None, .. }))
                        .filter(|e| !not_offsets(e) && !matches!(e, Expr::Closure(_)))
                        .collect();
                    // Each filler as the parameters it is (`offsets=offsets`) or is derived
                    // from (`message.raw`, `to_list(offsets) if offsets is not None else
                    // None`): the position when the caller passes none of them. A filler
                    // derived from none is a message or offsets the body builds itself.
                    let mut forwarded: Vec<String> = Vec::new();
                    let mut built_here = false;
                    for e in &fillers {
                        let from: Vec<&str> = (candidates.iter())
                            .map(|p| p.name.as_str())
                            .filter(|p| derived_from(e, p, bi, 0))
                            .collect();
                        built_here |= from.is_empty();
                        params.extend(from.iter().copied());
                        forwarded.extend(from.into_iter().map(str::to_string));
                    }
                    if built_here {
                        forwarded.clear();
                    }
                    forwarded.dedup();
                    match (fillers.len(), forwarded.len()) {
                        (0, _) => Site::Position,
                        // A message or offsets the body builds itself.
                        (_, 0) => continue,
                        _ => Site::Forwarded(forwarded),
                    }
                }
                _ => continue,
            };
            sites.push((call.range, site));
        }
        // A parameter whose being given avoids every position commit decides them too
        // (`if (offsets == null) commitSync(); else commitSync(mapBuiltFrom(offsets))`).
        let position: Vec<TextRange> = (sites.iter())
            .filter(|(_, s)| *s == Site::Position)
            .map(|(r, _)| *r)
            .collect();
        let names: Vec<&str> = candidates.iter().map(|p| p.name.as_str()).collect();
        if !position.is_empty() {
            params.extend(names.iter().filter(|p| {
                let given = Binding::unknown(names.iter().copied()).with(p, Val::Given);
                reached(&body.stmts, &given, &position)
                    .iter()
                    .all(|r| *r == Reach::No)
            }));
        }
        params.sort_by_key(|p| candidates.iter().position(|c| c.name == *p));
        params.dedup();
        if params.is_empty() {
            return None;
        }
        // A position commit is decided when it is reached only through a test of those
        // parameters; a forwarded one always is.
        let any = Binding::unknown(params.iter().copied());
        let ranges: Vec<TextRange> = sites.iter().map(|(r, _)| *r).collect();
        let reach = reached(&body.stmts, &any, &ranges);
        sites = sites
            .into_iter()
            .zip(reach)
            .filter(|((_, site), reach)| {
                matches!(site, Site::Forwarded(_)) || *reach == Reach::Possibly
            })
            .map(|(s, _)| s)
            .collect();
        (!sites.is_empty()).then(|| CommitPlan {
            params: params.into_iter().map(str::to_string).collect(),
            sites,
        })
    }

    /// Whether the commit at `range` is one the parameters decide (judged at the callers).
    pub fn decides(&self, range: TextRange) -> bool {
        self.sites.iter().any(|(r, _)| *r == range)
    }

    /// What `body` commits when called with `args`.
    pub fn for_call(&self, body: &Body, args: &[&Arg]) -> CommitOutcome {
        let binding = Binding::of_call(body, args);
        let ranges: Vec<TextRange> = self.sites.iter().map(|(r, _)| *r).collect();
        let mut outcome = CommitOutcome::Message;
        for ((_, site), reach) in self
            .sites
            .iter()
            .zip(reached(&body.stmts, &binding, &ranges))
        {
            if reach != Reach::Yes {
                continue;
            }
            match site {
                Site::Position => return CommitOutcome::Position,
                Site::Forwarded(ps) => {
                    let vals: Vec<Option<Val>> = ps.iter().map(|p| binding.get(p)).collect();
                    if vals.iter().all(|v| *v == Some(Val::None)) {
                        return CommitOutcome::Position;
                    }
                    if vals.iter().all(|v| matches!(v, Some(Val::Given))) {
                        outcome = CommitOutcome::Forwarded(ps.clone());
                    }
                }
            }
        }
        outcome
    }

    /// The slot callers fill with `names` (parameters of `body`): by keyword, and by
    /// position when the first can be passed positionally.
    pub fn slot(body: &Body, names: &[String]) -> ArgSlot {
        let skip = usize::from(body.self_name.is_some());
        let position = names.first().and_then(|first| {
            let i = body.params.iter().position(|p| p.name == first)?;
            (body.params[i].kind == ParamKind::Regular)
                .then(|| i.checked_sub(skip))
                .flatten()
        });
        ArgSlot {
            keywords: names.to_vec(),
            position,
        }
    }
}

/// Whether a call with `args` (in `body`) only passes on what its function's callers may
/// give: it has arguments, and each is one of the function's optional parameters
/// (`message=None`) or derived from one. A wrapper's `def store_offsets(self, message=None,
/// offsets=None)` stores what its callers pass, when they call it; a `handle(self, msg)` that
/// stores the message it is given is itself the store.
pub fn passes_own_params(body: &Body, bi: &BodyIndex, args: &[&Arg]) -> bool {
    let params: Vec<&str> = (body.params.iter())
        .filter(|p| Some(&p.name) != body.self_name.as_ref() && p.default.is_some())
        .map(|p| p.name.as_str())
        .collect();
    !args.is_empty()
        && args
            .iter()
            .all(|a| params.iter().any(|p| derived_from(&a.value, p, bi, 0)))
}

/// Whether `e` is a value derived from the local or parameter `name` (see [`derived_from`]).
pub fn derived_from_name(e: &Expr, name: &str, bi: &BodyIndex) -> bool {
    derived_from(e, name, bi, 0)
}

/// Whether `e` is derived from one of the function's own parameters (not its receiver).
pub fn derived_from_params(body: &Body, bi: &BodyIndex, e: &Expr) -> bool {
    (body.params.iter())
        .filter(|p| Some(&p.name) != body.self_name.as_ref())
        .any(|p| derived_from(e, p.name.as_str(), bi, 0))
}

/// Whether `e` is a value derived from parameter `p`, so of its kind: `p` itself, a part of it
/// (`message.raw`, `offsets[0]`), a container or comprehension built from it, a conversion of
/// it (`TopicPartition(..)` of its fields), or a local holding one. A method called *on* it
/// (`m.src.poll()`) is something the object does, not its value.
fn derived_from(e: &Expr, p: &str, bi: &BodyIndex, depth: u32) -> bool {
    let from = |e: &Expr| derived_from(e, p, bi, depth);
    match e {
        Expr::Name { id, .. } if id == p => true,
        Expr::Name { id, .. } => {
            depth < 2
                && bi.assigns.get(id.as_str()).is_some_and(|values| {
                    values
                        .iter()
                        .any(|(v, _)| derived_from(v, p, bi, depth + 1))
                })
        }
        Expr::Attr { value, .. } | Expr::Await { value, .. } => from(value),
        Expr::Derived { parts, .. } => parts.iter().any(from),
        Expr::Seq { elts, .. } => elts.iter().any(from),
        Expr::Dict { items, .. } => items
            .iter()
            .any(|(k, v)| k.as_ref().is_some_and(from) || from(v)),
        Expr::Call(c) => {
            !c.func.as_method().is_some_and(|(recv, _)| from(recv))
                && c.args.iter().any(|a| from(&a.value))
        }
        _ => false,
    }
}

/// Whether `e` reads one of `names` (a bare name, or the root of an attribute or call).
pub fn reads_any(e: &Expr, names: &[&str]) -> bool {
    struct Reads<'a> {
        names: &'a [&'a str],
        found: bool,
    }
    impl<'x> Visitor<'x> for Reads<'_> {
        fn visit_expr(&mut self, e: &'x Expr) {
            if self.found {
                return;
            }
            match e {
                Expr::Name { id, .. } if self.names.contains(&id.as_str()) => self.found = true,
                Expr::Closure(_) => {}
                _ => visit::walk_expr(self, e),
            }
        }
    }
    let mut v = Reads {
        names,
        found: false,
    };
    v.visit_expr(e);
    v.found
}

impl FileAnalysis<'_, '_> {
    /// Whether the position-wide commit `call` in `body` is one its function's message or
    /// offsets parameters decide: its callers are judged instead.
    pub fn commit_decided_by_params(&self, call: &Call, body: BodyId) -> bool {
        let b = self.index.body(body);
        let commits: Vec<(&Call, &CallFacts)> = self
            .index
            .calls
            .iter()
            .filter(|(_, cb)| *cb == body)
            .filter_map(|(c, _)| Some((*c, self.facts(c.id)?)))
            .collect();
        let bi = &self.index.bodies[body.0 as usize];
        if CommitPlan::of(b, bi, &commits).is_some_and(|plan| plan.decides(call.range)) {
            return true;
        }
        // A nested function deciding on its enclosing function's parameters: the commit is
        // the enclosing wrapper's, decided by what its callers pass.
        b.parent
            .map(|p| self.index.body(p))
            .filter(|owner| owner.kind == BodyKind::Function)
            .and_then(|owner| CommitPlan::of_in(owner, b, bi, &commits))
            .is_some_and(|plan| plan.decides(call.range))
    }
}
