//! Control context, computed by the one walk (`walk.rs`): every statement list the walk enters
//! is a *region* (a body's top level, a loop body, an `if` branch, a `match` arm, a `try`
//! body, an `except` handler, a `finally`, a closure, a plain block), numbered in walk order,
//! with the position in its parent it hangs from. Every call has a position (a region and a
//! statement index in it). From that tree the analyses answer the failure-path and ordering
//! questions: the enclosing loop and failure path of a call, the branch conditions above it
//! with their polarity, whether one position can run after another in the same iteration,
//! whether a region always leaves its loop. Python `except` clauses and Rust `Err` arms, `if
//! let` branches and error closures are one shape here (`FailurePath`), so rules are written
//! once.

use std::collections::HashSet;

use crate::model::*;

/// A region (statement list) of a file; dense, in walk order, so the regions nested in `r` are
/// `r..r.end`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RegionId(pub u32);

/// A position: statement `index` of `region`. Calls in a statement's own expressions (an `if`
/// test, a loop header, a `match` subject) are at that statement's position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pos {
    pub region: RegionId,
    pub index: u32,
}

/// A loop, as the region of its body sees it.
#[derive(Debug, Clone, Copy)]
pub struct LoopRef<'m> {
    pub kind: LoopKind,
    pub target: Option<&'m Target>,
    /// The iterable of a `for`, the condition of a `while`.
    pub iter: Option<&'m Expr>,
    pub range: TextRange,
}

/// What a region is.
#[derive(Debug, Clone, Copy)]
pub enum RegionKind<'m> {
    /// A function's (or the module's) top level.
    Body,
    /// A loop's body.
    Loop(LoopRef<'m>),
    /// A loop's `else:` (Python).
    LoopElse,
    /// A branch of an `if`: `taken` is true for the `if` body, false for the `else`.
    Branch { test: &'m Expr, taken: bool },
    /// A `match` arm (Rust `if let` branches included).
    Arm { subject: &'m Expr, arm: &'m Arm },
    /// A `try` body.
    Try,
    /// An `except` clause (its `try` body is the sibling `Try` region).
    Handler { handler: &'m Handler },
    /// A `try`'s `else:`.
    TryElse,
    /// A `finally:`.
    Finally,
    /// A closure, lambda or async block; `call` is the call it is an argument of.
    Closure {
        call: Option<CallId>,
        failure: Option<&'m FailurePath>,
    },
    /// A `with` body or a Rust block.
    Plain,
}

/// Ways out of a region's code (a bit set).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Exits(pub u8);

impl Exits {
    pub const RETURN: Exits = Exits(1);
    pub const RAISE: Exits = Exits(2);
    pub const BREAK: Exits = Exits(4);
    pub const CONTINUE: Exits = Exits(8);
    pub const PANIC: Exits = Exits(16);
    /// Rust `?`: leaves on the error path.
    pub const PROPAGATE: Exits = Exits(32);
    /// `sys.exit(..)`, `os._exit(..)`, `std::process::exit(..)`.
    pub const PROCESS: Exits = Exits(64);
    /// Every exit that leaves the enclosing loop (all but `continue`).
    pub const LEAVE_LOOP: Exits = Exits(1 | 2 | 4 | 16 | 32 | 64);

    pub fn of(kind: ExitKind) -> Exits {
        match kind {
            ExitKind::Return => Exits::RETURN,
            ExitKind::Raise => Exits::RAISE,
            ExitKind::Break => Exits::BREAK,
            ExitKind::Continue => Exits::CONTINUE,
            ExitKind::Panic => Exits::PANIC,
        }
    }

    pub fn any(self, other: Exits) -> bool {
        self.0 & other.0 != 0
    }

    pub fn union(self, other: Exits) -> Exits {
        Exits(self.0 | other.0)
    }

    /// Only `break` / `continue`: the code goes on after (or at the head of) its loop.
    fn loop_only(self) -> bool {
        self.0 != 0 && self.0 & !(Exits::BREAK.0 | Exits::CONTINUE.0) == 0
    }
}

#[derive(Debug, Clone)]
pub struct Region<'m> {
    pub kind: RegionKind<'m>,
    /// Where the region hangs (`None` for a body's top level).
    pub parent: Option<Pos>,
    pub body: BodyId,
    pub stmts: &'m [Stmt],
    /// One past the last region nested in this one.
    pub end: u32,
    /// Exits anywhere inside: `break`/`continue` up to their loop, everything else up to the
    /// body it leaves; a closure keeps only the panics and process exits inside it (its
    /// `return` and `?` end the closure).
    pub exits: Exits,
}

/// A branch condition above a position.
#[derive(Debug, Clone, Copy)]
// The polarity and the arm complete the query; OL204 reads only the tests so far.
#[allow(dead_code)]
pub enum Condition<'m> {
    /// An `if` test (`polarity` false in the `else`), a `while` condition (true).
    Test {
        test: &'m Expr,
        polarity: bool,
        at: Pos,
    },
    /// A `match` subject and the arm taken.
    Match {
        subject: &'m Expr,
        arm: &'m Arm,
        at: Pos,
    },
}

/// The control tree of one file.
#[derive(Debug, Default)]
pub struct Control<'m> {
    pub regions: Vec<Region<'m>>,
    /// Indexed by `CallId`.
    call_pos: Vec<Option<Pos>>,
    /// Indexed by `BodyId`: the body's top-level region.
    pub body_regions: Vec<RegionId>,
    /// Exits as seen by the walk, aggregated by `finish`.
    raw_exits: Vec<(RegionId, Exits)>,
    /// Calls that end the process.
    process_exits: HashSet<CallId>,
}

impl<'m> Control<'m> {
    pub fn new(call_count: u32, body_count: usize) -> Self {
        Control {
            regions: Vec::new(),
            call_pos: vec![None; call_count as usize],
            body_regions: vec![RegionId(0); body_count],
            raw_exits: Vec::new(),
            process_exits: HashSet::new(),
        }
    }

    // ----- building (the walk) -------------------------------------------------------------

    pub(super) fn open(
        &mut self,
        kind: RegionKind<'m>,
        parent: Option<Pos>,
        body: BodyId,
        stmts: &'m [Stmt],
    ) -> RegionId {
        let id = RegionId(self.regions.len() as u32);
        if parent.is_none() {
            if let Some(slot) = self.body_regions.get_mut(body.0 as usize) {
                *slot = id;
            }
        }
        self.regions.push(Region {
            kind,
            parent,
            body,
            stmts,
            end: 0,
            exits: Exits::default(),
        });
        id
    }

    pub(super) fn close(&mut self, id: RegionId) {
        let end = self.regions.len() as u32;
        self.regions[id.0 as usize].end = end;
    }

    pub(super) fn call_at(&mut self, call: CallId, pos: Pos) {
        if let Some(slot) = self.call_pos.get_mut(call.0 as usize) {
            *slot = Some(pos);
        }
    }

    pub(super) fn exit(&mut self, region: RegionId, exits: Exits) {
        self.raw_exits.push((region, exits));
    }

    /// A call that ends the process: an exit where it is.
    pub(super) fn process_exit(&mut self, call: CallId) {
        if let Some(pos) = self.pos(call) {
            self.process_exits.insert(call);
            self.raw_exits.push((pos.region, Exits::PROCESS));
        }
    }

    /// Aggregates exits up the tree.
    pub(super) fn finish(&mut self) {
        for (start, exits) in std::mem::take(&mut self.raw_exits) {
            let mut current = Some(start);
            while let Some(r) = current {
                let region = &mut self.regions[r.0 as usize];
                let stop = match region.kind {
                    // A closure's `return` and `?` end the closure only; a panic or a process
                    // exit ends more.
                    RegionKind::Closure { .. } => {
                        let kept = Exits(exits.0 & (Exits::PANIC.0 | Exits::PROCESS.0));
                        region.exits = region.exits.union(kept);
                        break;
                    }
                    RegionKind::Loop(_) => exits.loop_only(),
                    _ => false,
                };
                region.exits = region.exits.union(exits);
                if stop {
                    break;
                }
                current = region.parent.map(|p| p.region);
            }
        }
    }

    // ----- queries -------------------------------------------------------------------------

    pub fn region(&self, id: RegionId) -> &Region<'m> {
        &self.regions[id.0 as usize]
    }

    /// Where a call is.
    pub fn pos(&self, call: CallId) -> Option<Pos> {
        self.call_pos.get(call.0 as usize).copied().flatten()
    }

    /// Whether `pos` is inside region `r` (or in one nested in it).
    pub fn contains(&self, r: RegionId, pos: Pos) -> bool {
        r.0 <= pos.region.0 && pos.region.0 < self.region(r).end
    }

    /// `pos`, then the position of each enclosing statement, innermost first.
    pub fn chain(&self, pos: Pos) -> Vec<Pos> {
        let mut out = vec![pos];
        let mut current = self.region(pos.region).parent;
        while let Some(p) = current {
            out.push(p);
            current = self.region(p.region).parent;
        }
        out
    }

    /// The regions enclosing `pos`, innermost first (the body's top level last).
    pub fn regions_above(&self, pos: Pos) -> impl Iterator<Item = RegionId> + '_ {
        let mut current = Some(pos.region);
        std::iter::from_fn(move || {
            let r = current?;
            current = self.region(r).parent.map(|p| p.region);
            Some(r)
        })
    }

    /// The innermost loop whose body holds `pos`, within the same closure.
    pub fn enclosing_loop(&self, pos: Pos) -> Option<RegionId> {
        for r in self.regions_above(pos) {
            match self.region(r).kind {
                RegionKind::Loop(_) => return Some(r),
                RegionKind::Closure { .. } => return None,
                _ => {}
            }
        }
        None
    }

    /// The failure paths enclosing `pos`, innermost first: `except` handlers, `finally`
    /// blocks, Rust error arms and error closures.
    pub fn failure_regions(&self, pos: Pos) -> impl Iterator<Item = RegionId> + '_ {
        self.regions_above(pos)
            .filter(|r| self.is_failure_region(*r))
    }

    pub fn is_failure_region(&self, r: RegionId) -> bool {
        match self.region(r).kind {
            RegionKind::Handler { .. } | RegionKind::Finally => true,
            RegionKind::Arm { arm, .. } => arm.failure.is_some(),
            RegionKind::Closure { failure, .. } => failure.is_some(),
            _ => false,
        }
    }

    /// The failure path of a failure region (`None` for `finally`).
    pub fn failure_path(&self, r: RegionId) -> Option<&'m FailurePath> {
        match self.region(r).kind {
            RegionKind::Handler { handler, .. } => Some(&handler.failure),
            RegionKind::Arm { arm, .. } => arm.failure.as_ref(),
            RegionKind::Closure { failure, .. } => failure,
            _ => None,
        }
    }

    /// The branch conditions above `pos`, innermost first, up to its body (closures
    /// included: a closure defined under a condition runs under it).
    pub fn conditions(&self, pos: Pos) -> Vec<Condition<'m>> {
        let mut out = Vec::new();
        for r in self.regions_above(pos) {
            let region = self.region(r);
            let Some(at) = region.parent else { continue };
            match region.kind {
                RegionKind::Branch { test, taken } => out.push(Condition::Test {
                    test,
                    polarity: taken,
                    at,
                }),
                RegionKind::Arm { subject, arm } => out.push(Condition::Match { subject, arm, at }),
                RegionKind::Loop(LoopRef {
                    kind: LoopKind::While,
                    target: None,
                    iter: Some(test),
                    ..
                }) => out.push(Condition::Test {
                    test,
                    polarity: true,
                    at,
                }),
                _ => {}
            }
        }
        out
    }

    /// Whether code in region `r` may leave the loop around it (or the function): `raise`,
    /// `return`, `break`, `panic!`, `?`, a process exit (not `continue`).
    pub fn leaves_loop(&self, r: RegionId) -> bool {
        self.region(r).exits.any(Exits::LEAVE_LOOP)
    }

    /// The statement at `pos`.
    pub fn stmt(&self, pos: Pos) -> Option<&'m Stmt> {
        self.region(pos.region).stmts.get(pos.index as usize)
    }

    /// Whether `later` can run after `earlier` in the same activation, without going round an
    /// enclosing loop again: `later` is in a statement after `earlier`'s (in a common
    /// region) that `earlier` can reach, or in a region that runs after `earlier`'s sibling
    /// (an `except` handler or `finally` after the `try` body). The ranges order two calls
    /// in one statement.
    pub fn follows(
        &self,
        earlier: Pos,
        earlier_range: TextRange,
        later: Pos,
        later_range: TextRange,
    ) -> bool {
        if self.region(earlier.region).body != self.region(later.region).body {
            return false;
        }
        let ca = self.chain(earlier);
        let cb = self.chain(later);
        let Some((i, j)) = ca.iter().enumerate().find_map(|(i, pa)| {
            cb.iter()
                .position(|pb| pb.region == pa.region)
                .map(|j| (i, j))
        }) else {
            return false;
        };
        let (la, lb) = (ca[i], cb[j]);
        if la.index < lb.index {
            if !self.flows_out(&ca[..i], earlier) {
                return false;
            }
            let stmts = self.region(la.region).stmts;
            let between = &stmts[la.index as usize + 1..lb.index as usize];
            return !between.iter().any(|s| self.terminates(s).is_some());
        }
        if la.index > lb.index {
            return false;
        }
        let sub_a = i.checked_sub(1).map(|k| ca[k].region);
        let sub_b = j.checked_sub(1).map(|k| cb[k].region);
        match (sub_a, sub_b) {
            (None, None) => earlier_range.end <= later_range.start,
            // The statement's own expressions (a test, a header) run before its branches.
            (None, Some(rb)) => !matches!(self.region(rb).kind, RegionKind::Closure { .. }),
            (Some(_), None) => false,
            (Some(ra), Some(rb)) => matches!(
                (self.region(ra).kind, self.region(rb).kind),
                (RegionKind::Try, RegionKind::Handler { .. })
                    | (RegionKind::Try, RegionKind::TryElse)
                    | (RegionKind::Try, RegionKind::Finally)
                    | (RegionKind::Handler { .. }, RegionKind::Finally)
                    | (RegionKind::TryElse, RegionKind::Finally)
                    | (RegionKind::Loop(_), RegionKind::LoopElse)
            ),
        }
    }

    /// Whether code at `from` (inside the regions of `inner`, innermost first) can run on to
    /// the end of the outermost of them: no statement after it always leaves (a `break` or
    /// `continue` only leaves a loop nested in `inner`, after which the code goes on).
    fn flows_out(&self, inner: &[Pos], from: Pos) -> bool {
        if let Some(StmtKind::Exit { .. }) = self.stmt(from).map(|s| &s.kind) {
            return false;
        }
        for (k, p) in inner.iter().enumerate() {
            let region = self.region(p.region);
            if matches!(region.kind, RegionKind::Closure { .. }) {
                return false;
            }
            let loop_above = inner[k..]
                .iter()
                .any(|q| matches!(self.region(q.region).kind, RegionKind::Loop(_)));
            for s in &region.stmts[p.index as usize + 1..] {
                if let Some(e) = self.terminates(s) {
                    if !(loop_above && e.loop_only()) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Whether `w` always runs before `c` in the same pass through region `within`: `w` is a
    /// statement of a region on `c`'s chain (inside `within`), before `c`'s statement there.
    pub fn dominates(&self, w: Pos, c: Pos, within: RegionId) -> bool {
        if !self.contains(within, w) {
            return false;
        }
        self.chain(c)
            .iter()
            .any(|p| p.region == w.region && w.index < p.index)
    }

    /// The exits a statement always takes (every path through it leaves), if it does.
    pub fn terminates(&self, s: &Stmt) -> Option<Exits> {
        self.terminates_depth(s, 0)
    }

    fn terminates_depth(&self, s: &Stmt, depth: u32) -> Option<Exits> {
        if depth > 64 {
            return None;
        }
        let block = |b: &[Stmt]| b.iter().find_map(|s| self.terminates_depth(s, depth + 1));
        match &s.kind {
            StmtKind::Exit { kind, .. } => Some(Exits::of(*kind)),
            StmtKind::Expr(Expr::Call(c)) if self.process_exits.contains(&c.id) => {
                Some(Exits::PROCESS)
            }
            StmtKind::If { body, orelse, .. } => Some(block(body)?.union(block(orelse)?)),
            StmtKind::Block(b) => block(b),
            StmtKind::Match { arms, .. } if !arms.is_empty() => {
                let mut out = Exits::default();
                for arm in arms {
                    out = out.union(block(&arm.body)?);
                }
                Some(out)
            }
            StmtKind::Try {
                body,
                handlers,
                finally,
                ..
            } => block(finally).or_else(|| {
                let mut out = block(body)?;
                for h in handlers {
                    out = out.union(block(&h.body)?);
                }
                Some(out)
            }),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::index::FileIndex;
    use crate::knowledge::vocab::Vocabulary;
    // Building a model needs a language; nothing here branches on it.
    use crate::model::Lang as Language;

    fn r(start: u32) -> TextRange {
        TextRange::new(start, start + 1)
    }

    fn call(id: u32, name: &str, at: u32) -> Stmt {
        Stmt {
            kind: StmtKind::Expr(Expr::Call(Box::new(Call {
                id: CallId(id),
                func: Expr::Name {
                    id: name.into(),
                    range: r(at),
                },
                args: Vec::new(),
                type_args: Vec::new(),
                range: r(at),
            }))),
            range: r(at),
        }
    }

    fn exit(kind: ExitKind, at: u32) -> Stmt {
        Stmt {
            kind: StmtKind::Exit { kind, value: None },
            range: r(at),
        }
    }

    fn test_expr(at: u32) -> Expr {
        Expr::Name {
            id: "cond".into(),
            range: r(at),
        }
    }

    /// `while True: a(); if cond: b(); continue  else: c()  d()` then `e()` after the loop,
    /// and `try: f() except: g(); raise`.
    fn module() -> Module {
        let branch = Stmt {
            kind: StmtKind::If {
                test: test_expr(3),
                body: vec![call(1, "b", 4), exit(ExitKind::Continue, 5)],
                orelse: vec![call(2, "c", 6)],
            },
            range: r(3),
        };
        let lp = Stmt {
            kind: StmtKind::Loop {
                kind: LoopKind::Infinite,
                target: None,
                iter: None,
                body: vec![call(0, "a", 2), branch, call(3, "d", 7)],
                orelse: Vec::new(),
            },
            range: r(1),
        };
        let tr = Stmt {
            kind: StmtKind::Try {
                body: vec![call(5, "f", 10)],
                handlers: vec![Handler {
                    types: Vec::new(),
                    name: None,
                    body: vec![call(6, "g", 12), exit(ExitKind::Raise, 13)],
                    range: r(11),
                    failure: FailurePath {
                        catch: Catch::Any,
                        failing: Vec::new(),
                        range: r(11),
                    },
                }],
                orelse: Vec::new(),
                finally: Vec::new(),
            },
            range: r(9),
        };
        let mut body = Body::new("f", BodyKind::Function, TextRange::new(0, 20));
        body.stmts = vec![lp, call(4, "e", 8), tr];
        Module {
            lang: Language::Python,
            imports: Vec::new(),
            bodies: vec![
                Body::new("<module>", BodyKind::Module, TextRange::default()),
                body,
            ],
            classes: Vec::new(),
            type_aliases: Vec::new(),
            call_count: 7,
        }
    }

    #[test]
    fn positions_order_and_exits() {
        let m = module();
        let index = FileIndex::new(&m, &Vocabulary::default());
        let c = &index.control;
        let pos = |id: u32| c.pos(CallId(id)).unwrap();
        let follows = |a: u32, b: u32| c.follows(pos(a), r(0), pos(b), r(0));
        // a() runs before b(), c() and d(); b() ends its iteration with `continue`.
        assert!(follows(0, 1) && follows(0, 2) && follows(0, 3));
        assert!(!follows(1, 3), "`continue` after b() leaves the iteration");
        assert!(follows(2, 3));
        assert!(!follows(1, 2) && !follows(2, 1), "sibling branches");
        assert!(!follows(3, 0), "no going round the loop");
        // After the loop: the `continue` leads back to the loop, which ends before e().
        assert!(follows(1, 4) && follows(3, 4));
        // A `try` body runs before its handler.
        assert!(follows(5, 6) && !follows(6, 5));
        // The loop encloses a..d, not e.
        let l = c.enclosing_loop(pos(0)).unwrap();
        assert_eq!(c.enclosing_loop(pos(3)), Some(l));
        assert_eq!(c.enclosing_loop(pos(4)), None);
        // Conditions above b() and c(), with their polarity.
        let polarity = |id: u32| match c.conditions(pos(id)).as_slice() {
            [Condition::Test { polarity, .. }] => *polarity,
            other => panic!("{other:?}"),
        };
        assert!(polarity(1) && !polarity(2));
        // The handler raises: it leaves; the branch only continues.
        let handler = c.failure_regions(pos(6)).next().unwrap();
        assert!(c.leaves_loop(handler));
        assert!(c.failure_regions(pos(5)).next().is_none());
        let branch = c.region(pos(1).region);
        assert!(branch.exits.any(Exits::CONTINUE) && !branch.exits.any(Exits::LEAVE_LOOP));
        // `continue` stops at its loop.
        assert!(!c.region(c.body_regions[1]).exits.any(Exits::CONTINUE));
    }
}
