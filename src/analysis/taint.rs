//! Intraprocedural taint from model output to offset sinks (OL301) and to the conditions that
//! choose or delay a commit (OL302). Flow-sensitive along statement order: an assignment of a
//! clean value clears a name, branches merge by union, loop bodies run twice so values carried
//! around the loop are seen. While walking, the tainted branch conditions above the current
//! statement, the tainted guards before it in its block (`if score < t: continue`, `assert
//! score > t`) and a tainted sleep earlier in the body are kept, and a commit or checkpoint
//! write under any of them is a control hit.

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use super::{CallFacts, FileAnalysis};
use crate::knowledge::{Op, SinkSpec};
use crate::model::*;

/// One hop on a taint path.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    pub range: TextRange,
    pub label: String,
}

#[derive(Debug, Clone)]
struct Taint {
    path: Rc<Path>,
    /// Already reported at an inner sink (`TopicPartition(..)` inside `commit(offsets=..)`).
    reported: bool,
}

/// A taint path, last hop first, each hop shared by the values it reached: a chain of n
/// assignments holds n hops, not the n²/2 of a copy per value (8,000 lines took 3.2 GB).
#[derive(Debug)]
struct Path {
    step: Step,
    before: Option<Rc<Path>>,
}

impl Drop for Path {
    /// Frees a long path in a loop, not once per hop on the stack.
    fn drop(&mut self) {
        let mut next = self.before.take();
        while let Some(hop) = next {
            next = match Rc::try_unwrap(hop) {
                Ok(mut only) => only.before.take(),
                Err(_) => None,
            };
        }
    }
}

impl Taint {
    fn source(step: Step) -> Taint {
        Taint {
            path: Rc::new(Path { step, before: None }),
            reported: false,
        }
    }

    fn then(&self, step: Step) -> Taint {
        // Keep paths readable: one hop per line of code.
        if self.path.step.range == step.range {
            return self.clone();
        }
        Taint {
            path: Rc::new(Path {
                step,
                before: Some(self.path.clone()),
            }),
            reported: self.reported,
        }
    }

    /// The path, source first, then `last`.
    fn steps_then(&self, last: Step) -> Vec<Step> {
        let hops = std::iter::successors(Some(&*self.path), |p| p.before.as_deref());
        let mut steps: Vec<Step> = hops.map(|p| p.step.clone()).collect();
        steps.reverse();
        steps.push(last);
        steps
    }
}

/// A commit or checkpoint write chosen or delayed by model output (OL302).
#[derive(Debug, Clone)]
pub struct ControlHit {
    pub range: TextRange,
    /// The commit or checkpoint write (`commit`, `save_checkpoint`).
    pub sink: String,
    /// How model output controls it.
    pub how: Control,
    /// Source first, then each hop, then the condition, guard or sleep.
    pub steps: Vec<Step>,
}

/// How model output controls a commit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Control {
    /// The commit is in a branch whose condition is tainted.
    Branch,
    /// An earlier tainted check (`if score < t: continue`, `assert score > t`) decides
    /// whether the commit is reached.
    Guard,
    /// A tainted sleep times the commit (a retry).
    Delay,
}

/// What the taint walk finds in a file.
#[derive(Debug, Default)]
pub struct TaintResult {
    pub sinks: Vec<SinkHit>,
    pub controls: Vec<ControlHit>,
}

/// A tainted value reaching an offset sink.
#[derive(Debug, Clone)]
pub struct SinkHit {
    pub range: TextRange,
    /// What the sink is, for the message (`TopicPartition`, `commit`).
    pub sink: String,
    /// Source first, then each assignment it passed through.
    pub steps: Vec<Step>,
}

pub fn analyze(input: &FileAnalysis) -> TaintResult {
    if !may_have_sources(input) {
        return TaintResult::default();
    }
    let runnables_imported = input
        .module
        .imports
        .iter()
        .flat_map(|i| &i.entries)
        .any(|e| {
            e.path.first().is_some_and(|r| {
                input
                    .knowledge
                    .llm
                    .module_prefixes
                    .iter()
                    .any(|p| r.starts_with(p.as_str()))
            })
        });
    let mut hits = Vec::new();
    let mut controls = Vec::new();
    let mut seen = HashSet::new();
    let mut control_seen = HashSet::new();
    for (i, body) in input.module.bodies.iter().enumerate() {
        let mut w = Walker {
            input,
            body: BodyId(i as u32),
            env: Env::default(),
            hits: &mut hits,
            seen: &mut seen,
            controls: &mut controls,
            control_seen: &mut control_seen,
            conds: Vec::new(),
            guards: Vec::new(),
            delay: None,
            runnables_imported,
            steps: 0,
        };
        w.block(&body.stmts);
    }
    TaintResult {
        sinks: hits,
        controls,
    }
}

/// Whether a call of the file can give model output: some file of the program imports a
/// model library (a model client comes from one, and may be handed to this file from
/// anywhere), model functions are configured, or the file writes a model server's URL (an
/// HTTP call to it). Most programs have no model client at all, and the walk below is then a
/// tenth of their rules' time for nothing.
fn may_have_sources(input: &FileAnalysis) -> bool {
    let llm = &input.knowledge.llm;
    if !llm.functions.is_empty() {
        return true;
    }
    let key = (
        std::ptr::from_ref(input.knowledge) as usize,
        "a model library imported".to_string(),
    );
    let program = input.program;
    let imported = program.memo(key, || {
        let library = |path: &[String], level: u32| level == 0 && llm.is_llm_path(path);
        // What may be imported: the scan, a superset of what parsing finds, where a file was
        // scanned (those resolution may load later too); what was parsed elsewhere.
        let scanned = (program.files.iter())
            .filter_map(|f| f.scanned.as_deref())
            .flatten()
            .any(|s| library(&s.path, s.level));
        scanned
            || program.indexed_files().any(|(_, index)| {
                (index.module.imports.iter())
                    .any(|i| i.entries.iter().any(|e| library(&e.path, i.level)))
            })
    });
    if *imported {
        return true;
    }
    let mut urls = ModelUrls { llm, found: false };
    for body in &input.module.bodies {
        crate::model::visit::walk_block(&mut urls, &body.stmts);
    }
    urls.found
}

/// Finds a string literal holding a model server's URL fragment.
struct ModelUrls<'k> {
    llm: &'k crate::knowledge::LlmKnowledge,
    found: bool,
}

impl<'m> crate::model::visit::Visitor<'m> for ModelUrls<'_> {
    fn visit_expr(&mut self, expr: &'m Expr) {
        match expr {
            Expr::Lit {
                lit: Lit::Str(s), ..
            } => self.found |= self.llm.has_model_url(s),
            _ if !self.found => crate::model::visit::walk_expr(self, expr),
            _ => {}
        }
    }
}

#[derive(Debug, Clone, Default)]
struct Env {
    vars: HashMap<String, Taint>,
    /// Names holding a model-server URL (`".../v1/chat/completions"`).
    urls: HashSet<String>,
}

impl Env {
    fn size(&self) -> usize {
        self.vars.len() + self.urls.len()
    }

    fn merge(&mut self, other: Env) {
        for (k, v) in other.vars {
            self.vars.entry(k).or_insert(v);
        }
        self.urls.extend(other.urls);
    }
}

struct Walker<'a, 'h, 'p, 'm> {
    input: &'a FileAnalysis<'p, 'm>,
    body: BodyId,
    env: Env,
    hits: &'h mut Vec<SinkHit>,
    seen: &'h mut HashSet<CallId>,
    controls: &'h mut Vec<ControlHit>,
    control_seen: &'h mut HashSet<CallId>,
    /// Tainted conditions of the branches being walked (innermost last), with their range.
    conds: Vec<(Taint, TextRange)>,
    /// Tainted guards earlier in the blocks being walked (`if tainted: continue`).
    guards: Vec<(Taint, TextRange)>,
    /// A sleep with a tainted duration earlier in the body.
    delay: Option<(Taint, TextRange)>,
    runnables_imported: bool,
    /// Statements visited in this body, re-visits included.
    steps: usize,
}

/// Statement visits per body after which loops get a single pass.
const STEP_BUDGET: usize = 1_000_000;

impl Walker<'_, '_, '_, '_> {
    fn block(&mut self, stmts: &[Stmt]) {
        // Guards hold for the rest of their block only.
        let guards = self.guards.len();
        for s in stmts {
            self.stmt(s);
        }
        self.guards.truncate(guards);
    }

    /// Walks `stmts` as a branch under condition `cond` (when tainted).
    fn under(&mut self, cond: &Option<(Taint, TextRange)>, stmts: &[Stmt], base: &Env) -> Env {
        if let Some(c) = cond {
            self.conds.push(c.clone());
        }
        let env = self.branch(stmts, base);
        if cond.is_some() {
            self.conds.pop();
        }
        env
    }

    fn branch(&mut self, stmts: &[Stmt], base: &Env) -> Env {
        let saved = std::mem::replace(&mut self.env, base.clone());
        self.block(stmts);
        std::mem::replace(&mut self.env, saved)
    }

    fn stmt(&mut self, stmt: &Stmt) {
        self.steps += 1;
        match &stmt.kind {
            StmtKind::Expr(e) => {
                self.eval(e);
            }
            StmtKind::Assign {
                targets,
                value,
                augmented,
                ..
            } => {
                let t = self.eval(value);
                let url = self.is_model_url(value);
                for target in targets {
                    self.bind(target, t.clone(), *augmented, url);
                }
            }
            StmtKind::If { test, body, orelse } => {
                let cond = self.eval(test).map(|t| (t, test.range()));
                let base = self.env.clone();
                let then = self.under(&cond, body, &base);
                let other = self.under(&cond, orelse, &base);
                self.env = then;
                self.env.merge(other);
                // `if score < t: continue` / `assert score > t`: what follows runs only when
                // the model said so.
                if let Some(c) = cond {
                    let control = &self.input.index.control;
                    let exits = |b: &[Stmt]| b.iter().any(|s| control.terminates(s).is_some());
                    if exits(body) != exits(orelse) {
                        self.guards.push(c);
                    }
                }
            }
            StmtKind::Match { subject, arms } => {
                let t = self.eval(subject);
                let cond = t.clone().map(|t| (t, subject.range()));
                if let Some(c) = &cond {
                    self.conds.push(c.clone());
                }
                let base = self.env.clone();
                let mut out = base.clone();
                for arm in arms {
                    let mut arm_env = base.clone();
                    if let Some(t) = &t {
                        for b in &arm.bindings {
                            arm_env.vars.insert(
                                b.clone(),
                                t.then(step(arm.range, format!("bound to `{b}`"))),
                            );
                        }
                    }
                    let result = self.branch(&arm.body, &arm_env);
                    out.merge(result);
                }
                if cond.is_some() {
                    self.conds.pop();
                }
                self.env = out;
            }
            StmtKind::Loop {
                kind,
                target,
                iter,
                body,
                orelse,
            } => {
                let t = iter.as_ref().and_then(|i| self.eval(i));
                // `while model_says_retry:` chooses whether the body runs.
                let cond = match (kind, target, iter, &t) {
                    (LoopKind::While, None, Some(i), Some(t)) => Some((t.clone(), i.range())),
                    _ => None,
                };
                // A second pass sees values carried around the loop; it is only needed when
                // the first one tainted something new, and never past the step budget (nested
                // loops would otherwise cost 2^depth).
                for pass in 0..2 {
                    let before = self.env.size();
                    let delayed = self.delay.is_some();
                    if let Some(target) = target {
                        self.bind(target, t.clone(), true, false);
                    }
                    let base = self.env.clone();
                    let after = self.under(&cond, body, &base);
                    self.env.merge(after);
                    // A sleep timed by the model retries what the loop does next time round.
                    let unchanged = self.env.size() == before && self.delay.is_some() == delayed;
                    if pass == 0 && (unchanged || self.steps > STEP_BUDGET) {
                        break;
                    }
                }
                self.block(orelse);
            }
            StmtKind::Try {
                body,
                handlers,
                orelse,
                finally,
            } => {
                self.block(body);
                let base = self.env.clone();
                for h in handlers {
                    let after = self.branch(&h.body, &base);
                    self.env.merge(after);
                }
                self.block(orelse);
                self.block(finally);
            }
            StmtKind::Exit { value, .. } => {
                if let Some(v) = value {
                    self.eval(v);
                }
            }
            StmtKind::Block(b) => self.block(b),
        }
    }

    fn bind(&mut self, target: &Target, t: Option<Taint>, keep_old: bool, url: bool) {
        match target {
            Target::Name(name, r) => {
                if url {
                    self.env.urls.insert(name.to_string());
                }
                match t {
                    Some(t) => {
                        let hop = t.then(step(*r, format!("assigned to `{name}`")));
                        self.env.vars.insert(name.to_string(), hop);
                    }
                    None if !keep_old => {
                        self.env.vars.remove(name.as_str());
                    }
                    None => {}
                }
            }
            Target::Attr { value, attr, range } => {
                if let (Some(t), Some(base)) = (t, value.dotted()) {
                    let key = format!("{}.{attr}", base.join("."));
                    let hop = t.then(step(*range, format!("stored in `{key}`")));
                    self.env.vars.insert(key, hop);
                }
            }
            // `d[k] = tainted` taints the container.
            Target::Index {
                value: base, range, ..
            } => {
                if let (Some(t), Expr::Name { id, .. }) = (t, &**base) {
                    let hop = t.then(step(*range, format!("stored in `{id}`")));
                    self.env.vars.insert(id.to_string(), hop);
                }
            }
            Target::Tuple(ts, _) => {
                for t2 in ts {
                    self.bind(t2, t.clone(), keep_old, false);
                }
            }
            _ => {}
        }
    }

    /// Evaluates an expression for its taint, visiting every call in it (sinks inside
    /// untainted expressions still need their arguments checked).
    fn eval(&mut self, e: &Expr) -> Option<Taint> {
        match e {
            Expr::Name { id, .. } => self.env.vars.get(id.as_str()).cloned(),
            Expr::Attr { value, .. } => {
                if let Some(d) = e.dotted() {
                    if let Some(t) = self.env.vars.get(&d.join(".")) {
                        return Some(t.clone());
                    }
                }
                self.eval(value)
            }
            Expr::Call(call) => self.call(call),
            Expr::Await { value, .. } | Expr::Try { value, .. } => self.eval(value),
            Expr::Lit { .. } | Expr::Opaque { .. } => None,
            Expr::Dict { items, .. } => {
                let mut first = None;
                for (k, v) in items {
                    let kt = k.as_ref().and_then(|k| self.eval(k));
                    let vt = self.eval(v);
                    first = first.or(kt).or(vt);
                }
                first
            }
            Expr::Seq { elts: parts, .. } | Expr::Derived { parts, .. } => {
                let mut first = None;
                for p in parts {
                    let t = self.eval(p);
                    first = first.or(t);
                }
                first
            }
            Expr::Record(r) => {
                let mut first = None;
                for (_, v) in &r.fields {
                    let t = self.eval(v);
                    first = first.or(t);
                }
                first
            }
            Expr::Closure(c) => {
                let base = self.env.clone();
                self.branch(&c.body, &base);
                None
            }
        }
    }

    fn call(&mut self, call: &Call) -> Option<Taint> {
        let recv_t = match call.func.as_method() {
            Some((recv, _)) => self.eval(recv),
            None => self.eval(&call.func),
        };
        let arg_ts: Vec<Option<Taint>> = call.args.iter().map(|a| self.eval(&a.value)).collect();
        if self.is_source(call) {
            let label = format!("model output from `{}`", callee_text(&call.func));
            // The callee, not the whole (often multi-line) call: labels stay on one line.
            return Some(Taint::source(step(call.func.range(), label)));
        }
        self.check_control(call);
        let vocab = &self.input.knowledge.vocab;
        if call
            .func
            .last_name()
            .is_some_and(|n| vocab.sleep_calls.contains(&n))
        {
            if let Some(t) = arg_ts.iter().flatten().next() {
                self.delay = Some((t.clone(), call.range));
            }
        }
        let facts = self.input.facts(call.id);
        if let Some(sink) = self.sink_name(call, facts) {
            let tainted = arg_ts
                .iter()
                .flatten()
                .find(|t| !t.reported)
                .or(arg_ts.iter().flatten().next());
            if let Some(t) = tainted {
                if !t.reported && self.seen.insert(call.id) {
                    let steps =
                        t.steps_then(step(call.range, format!("reaches offset sink `{sink}`")));
                    self.hits.push(SinkHit {
                        range: call.range,
                        sink,
                        steps,
                    });
                }
                return Some(Taint {
                    path: t.path.clone(),
                    reported: true,
                });
            }
            return None;
        }
        if facts.is_some() {
            // Other Kafka client calls (poll, produce) do not pass model output on.
            return None;
        }
        recv_t.or_else(|| arg_ts.into_iter().flatten().next())
    }

    /// A commit or checkpoint write under a tainted condition or guard, or after a tainted
    /// sleep: a control hit (OL302).
    fn check_control(&mut self, call: &Call) {
        if self.conds.is_empty() && self.guards.is_empty() && self.delay.is_none() {
            return;
        }
        let Some(sink) = self.input.advance_call(call) else {
            return;
        };
        let (taint, at, how, label) = if let Some((t, r)) = self.conds.last() {
            (
                t,
                *r,
                Control::Branch,
                "branch condition derived from model output",
            )
        } else if let Some((t, r)) = self.guards.last() {
            (t, *r, Control::Guard, "check derived from model output")
        } else if let Some((t, r)) = &self.delay {
            (
                t,
                *r,
                Control::Delay,
                "sleep duration derived from model output",
            )
        } else {
            return;
        };
        if !self.control_seen.insert(call.id) {
            return;
        }
        let steps = taint.steps_then(step(at, label.to_string()));
        self.controls.push(ControlHit {
            range: call.range,
            sink,
            how,
            steps,
        });
    }

    fn is_model_url(&self, e: &Expr) -> bool {
        let llm = &self.input.knowledge.llm;
        match e {
            Expr::Lit {
                lit: Lit::Str(s), ..
            } => llm.has_model_url(s),
            Expr::Derived { parts, .. } => parts.iter().any(|p| self.is_model_url(p)),
            Expr::Name { id, .. } => self.env.urls.contains(id.as_str()),
            _ => false,
        }
    }

    fn is_source(&self, call: &Call) -> bool {
        let input = self.input;
        let llm = &input.knowledge.llm;
        // Qualifying rewrites only a path's first name, so a longer path ends with the name
        // written: one no generating method or model function ends with cannot match, and
        // is not qualified (an allocation per segment, for every call walked).
        let may_match = match (&call.func, call.func.last_name()) {
            (Expr::Name { .. }, _) => true,
            (_, Some(last)) => {
                llm.is_generate(last)
                    || (llm.functions.iter()).any(|f| f.last().is_none_or(|l| l == last))
            }
            (_, None) => false,
        };
        let q = may_match
            .then(|| input.index.names.qualify_expr(&call.func))
            .flatten();
        if let Some(q) = &q {
            if llm.is_llm_path(q) && q.last().is_some_and(|l| llm.is_generate(l)) {
                return true;
            }
            if llm.functions.iter().any(|f| q.ends_with(f)) {
                return true;
            }
        }
        match call.func.as_method() {
            Some((recv, m)) => {
                if llm.is_generate(m) && self.chain_has_llm_client(recv) {
                    return true;
                }
                if self.runnables_imported && llm.runnable_methods.iter().any(|r| r == m) {
                    return true;
                }
            }
            // A model client called directly: a transformers pipeline.
            None => {
                if input.resolver.is_llm(input.file, self.body, &call.func) {
                    return true;
                }
            }
        }
        call.args.iter().any(|a| self.is_model_url(&a.value))
    }

    /// `client.chat.completions.create`: is any prefix of the receiver chain a model client?
    fn chain_has_llm_client(&self, mut e: &Expr) -> bool {
        for _ in 0..32 {
            if self.input.resolver.is_llm(self.input.file, self.body, e) {
                return true;
            }
            e = match e {
                Expr::Attr { value, .. } | Expr::Await { value, .. } | Expr::Try { value, .. } => {
                    value
                }
                Expr::Call(c) => {
                    // `OpenAI().chat...`: a model client constructed in place.
                    if self
                        .input
                        .index
                        .names
                        .qualify_expr(&c.func)
                        .is_some_and(|q| self.input.knowledge.llm.is_llm_path(&q))
                    {
                        return true;
                    }
                    match c.func.as_method() {
                        Some((recv, _)) => recv,
                        None => return false,
                    }
                }
                _ => return false,
            };
        }
        false
    }

    fn sink_name(&self, call: &Call, facts: Option<&CallFacts>) -> Option<String> {
        if let Some(f) = facts {
            if matches!(
                f.op,
                Op::Commit { .. } | Op::CommitPosition | Op::StoreOffsets | Op::Seek
            ) {
                return Some(f.method.clone());
            }
        }
        let q = self.input.index.names.qualify_expr(&call.func);
        let method = call.func.as_method().map(|(_, m)| m);
        for spec in &self.input.knowledge.sinks {
            match spec {
                SinkSpec::Path { roots, suffix } => {
                    if let Some(q) = &q {
                        if q.first().is_some_and(|r| roots.contains(r)) && q.ends_with(suffix) {
                            return Some(suffix.join(self.input.module.lang.path_separator()));
                        }
                    }
                }
                SinkSpec::Method { lib, name } => {
                    if method == Some(name.as_str())
                        && self.input.resolver.libs(self.input.file).contains(lib)
                    {
                        return Some(name.clone());
                    }
                }
                SinkSpec::Writer { suffix } => {
                    if call.func.dotted().is_some_and(|d| {
                        d.len() >= suffix.len()
                            && d[d.len() - suffix.len()..]
                                .iter()
                                .zip(suffix)
                                .all(|(a, b)| *a == b)
                    }) {
                        return Some(suffix.join("."));
                    }
                }
            }
        }
        None
    }
}

fn step(range: TextRange, label: String) -> Step {
    Step { range, label }
}

/// `client.chat.completions.create` or, for chains through calls, `…create()`.
fn callee_text(func: &Expr) -> String {
    match func.dotted() {
        Some(d) => d.join("."),
        None => format!("…{}", func.last_name().unwrap_or("call")),
    }
}
