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

/// Positions to search with [`Control::first_following`].
#[derive(Debug, Default)]
pub struct Later {
    /// In walk order.
    pub at: Vec<(Pos, TextRange)>,
    /// The first region of the one they are in.
    first: u32,
    /// Per region from `first`: the nearest region around it (itself included) holding one
    /// of them.
    holder: Vec<Option<RegionId>>,
}

impl Later {
    /// The regions strictly around `pos`'s that hold positions, innermost first.
    fn holders_around(&self, control: &Control, pos: Pos) -> Vec<RegionId> {
        let holder = |r: RegionId| {
            let i = r.0.checked_sub(self.first)?;
            self.holder.get(i as usize).copied().flatten()
        };
        let parent = |r: RegionId| control.region(r).parent.map(|p| p.region);
        std::iter::successors(parent(pos.region).and_then(holder), |&r| {
            parent(r).and_then(holder)
        })
        .collect()
    }
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
        /// The closure runs once per item of a stream (`stream.for_each(|m| ..)`): it is a
        /// loop body, whether a consume loop or not.
        each: Option<Each>,
    },
    /// A `with` body or a Rust block.
    Plain,
}

/// How a per-item closure's early exit counts (`return`, Rust `?`): it ends only that item
/// (`for_each`, `then`: the stream goes on, as `continue` would) or the whole stream
/// (`try_for_each`: its error ends the iteration, as `break` would).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Each {
    Item,
    Stream,
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
    /// Every exit that hands a failure on rather than swallowing it: a raise, a panic, `?`,
    /// the process's end.
    pub const FAILS: Exits = Exits(2 | 16 | 32 | 64);

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
    /// Built by `finish`, so that ordering queries cost no more than the nesting between
    /// their positions (a loop of n commits, a dispatch of n branches: n² queries).
    shape: Shape,
}

/// The tree's shape, indexed by region.
#[derive(Debug, Default)]
struct Shape {
    /// Regions above it.
    depth: Vec<u32>,
    /// The regions hanging from region `r`, in order, are
    /// `children[children_at[r]..children_at[r + 1]]` (one table for the file: a list per
    /// region was tens of thousands of small allocations kept for every indexed file).
    children: Vec<RegionId>,
    children_at: Vec<u32>,
    /// The innermost loop region around it (itself included), within the same closure.
    enclosing_loop: Vec<Option<RegionId>>,
    /// The innermost failure region around it (itself included).
    failure_above: Vec<Option<RegionId>>,
    /// For each statement index `i` (and one past the last): the first statement at or
    /// after `i` that always leaves, and the first that leaves by more than `break` /
    /// `continue` (the statement count when none does). Region `r`'s entries start at
    /// `next_exit_at[r]`.
    next_exit: Vec<(u32, u32)>,
    next_exit_at: Vec<u32>,
}

impl Shape {
    /// The regions hanging from `r`, in order.
    fn children(&self, r: RegionId) -> &[RegionId] {
        let r = r.0 as usize;
        &self.children[self.children_at[r] as usize..self.children_at[r + 1] as usize]
    }

    /// [`Shape::next_exit`] of statement index `i` of region `r` (`i` up to its count).
    fn next_exit(&self, r: RegionId, i: usize) -> (u32, u32) {
        self.next_exit[self.next_exit_at[r.0 as usize] as usize + i]
    }
}

impl<'m> Control<'m> {
    pub fn new(call_count: u32, body_count: usize) -> Self {
        Control {
            regions: Vec::new(),
            call_pos: vec![None; call_count as usize],
            body_regions: vec![RegionId(0); body_count],
            raw_exits: Vec::new(),
            process_exits: HashSet::new(),
            shape: Shape::default(),
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
        self.regions.shrink_to_fit();
        self.shape = self.build_shape();
    }

    fn build_shape(&self) -> Shape {
        let n = self.regions.len();
        let mut shape = Shape {
            depth: Vec::with_capacity(n),
            children: Vec::with_capacity(n),
            children_at: vec![0; n + 1],
            enclosing_loop: Vec::with_capacity(n),
            failure_above: Vec::with_capacity(n),
            next_exit: Vec::with_capacity(
                n + self.regions.iter().map(|r| r.stmts.len()).sum::<usize>(),
            ),
            next_exit_at: Vec::with_capacity(n),
        };
        // Children counted per parent, then laid out in region order (a parent is opened
        // before the regions hanging from it, so each list comes out sorted).
        for region in &self.regions {
            if let Some(p) = region.parent {
                shape.children_at[p.region.0 as usize + 1] += 1;
            }
        }
        for r in 0..n {
            shape.children_at[r + 1] += shape.children_at[r];
        }
        let mut fill: Vec<u32> = shape.children_at[..n].to_vec();
        shape
            .children
            .resize(shape.children_at[n] as usize, RegionId(0));
        for (i, region) in self.regions.iter().enumerate() {
            let depth = match region.parent {
                Some(p) => {
                    let slot = &mut fill[p.region.0 as usize];
                    shape.children[*slot as usize] = RegionId(i as u32);
                    *slot += 1;
                    shape.depth[p.region.0 as usize] + 1
                }
                None => 0,
            };
            shape.depth.push(depth);
            let enclosing_loop = match region.kind {
                RegionKind::Loop(_) | RegionKind::Closure { each: Some(_), .. } => {
                    Some(RegionId(i as u32))
                }
                RegionKind::Closure { .. } => None,
                _ => region
                    .parent
                    .and_then(|p| shape.enclosing_loop[p.region.0 as usize]),
            };
            shape.enclosing_loop.push(enclosing_loop);
            let failure_above = match self.is_failure_region(RegionId(i as u32)) {
                true => Some(RegionId(i as u32)),
                false => (region.parent).and_then(|p| shape.failure_above[p.region.0 as usize]),
            };
            shape.failure_above.push(failure_above);
            shape.next_exit_at.push(shape.next_exit.len() as u32);
            self.push_next_exits(region.stmts, &mut shape.next_exit);
        }
        shape
    }

    /// Appends [`Shape::next_exit`] of one statement list to `out`.
    fn push_next_exits(&self, stmts: &[Stmt], out: &mut Vec<(u32, u32)>) {
        let none = stmts.len() as u32;
        let start = out.len();
        out.resize(start + stmts.len() + 1, (none, none));
        for (i, s) in stmts.iter().enumerate().rev() {
            let (mut any, mut leaving) = out[start + i + 1];
            if let Some(e) = self.terminates(s) {
                any = i as u32;
                if !e.loop_only() {
                    leaving = i as u32;
                }
            }
            out[start + i] = (any, leaving);
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
        self.shape.enclosing_loop[pos.region.0 as usize]
    }

    /// The failure paths enclosing `pos`, innermost first: `except` handlers, `finally`
    /// blocks, Rust error arms and error closures.
    pub fn failure_regions(&self, pos: Pos) -> impl Iterator<Item = RegionId> + '_ {
        let nearest = |r: RegionId| self.shape.failure_above[r.0 as usize];
        std::iter::successors(nearest(pos.region), move |&r| {
            self.region(r).parent.and_then(|p| nearest(p.region))
        })
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
    /// Whether region `r` can leave loop `l` (its enclosing loop): any exit but `continue`,
    /// except that in a per-item closure whose early exit ends only the item (`for_each`),
    /// `return` and `?` go on with the next item.
    pub fn leaves_loop_of(&self, r: RegionId, l: RegionId) -> bool {
        self.region(r).exits.any(self.loop_leaving_exits(l))
    }

    /// The exits that leave loop `l`: in a per-item closure `return` only ends the item.
    fn loop_leaving_exits(&self, l: RegionId) -> Exits {
        match self.region(l).kind {
            RegionKind::Closure {
                each: Some(Each::Item),
                ..
            } => Exits(Exits::LEAVE_LOOP.0 & !(Exits::RETURN.0 | Exits::PROPAGATE.0)),
            _ => Exits::LEAVE_LOOP,
        }
    }

    /// Whether every path through region `r` leaves loop `l` (`except: log(e); if fatal:
    /// return` goes on when it is not fatal).
    pub fn always_leaves_loop_of(&self, r: RegionId, l: RegionId) -> bool {
        let mut leave = self.loop_leaving_exits(l);
        // A closure's `return` (or tail) is its value (`unwrap_or_else(|e| ..)`'s fallback).
        if matches!(self.region(r).kind, RegionKind::Closure { .. }) {
            leave = Exits(leave.0 & !(Exits::RETURN.0 | Exits::PROPAGATE.0));
        }
        let stmts = self.region(r).stmts;
        stmts
            .iter()
            .find_map(|s| self.terminates(s))
            .is_some_and(|e| e.0 != 0 && e.0 & !leave.0 == 0)
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
        let (top, sub_a, sub_b) = self.meet(earlier, later);
        let (la, lb) = (
            self.reach(top, earlier, sub_a),
            self.reach(top, later, sub_b),
        );
        if la.index < lb.index {
            if !self.flows_out(earlier, top) {
                return false;
            }
            let (next_exit, _) = self.shape.next_exit(top, la.index as usize + 1);
            return next_exit >= lb.index;
        }
        if la.index > lb.index {
            return false;
        }
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

    /// `at` (positions in one region `within` or nested in it, in walk order: by region,
    /// then statement, as `region_calls` gives calls) made ready for `first_following`.
    pub fn later(&self, within: RegionId, at: Vec<(Pos, TextRange)>) -> Later {
        let first = within.0;
        let slot = |r: RegionId| r.0.checked_sub(first).map(|i| i as usize);
        let mut holder: Vec<Option<RegionId>> =
            vec![None; (self.region(within).end - first) as usize];
        for (p, _) in &at {
            if let Some(h) = slot(p.region).and_then(|i| holder.get_mut(i)) {
                *h = Some(p.region);
            }
        }
        // Parents come before the regions hanging from them.
        for i in 0..holder.len() {
            let parent = self.region(RegionId(first + i as u32)).parent;
            if holder[i].is_none() {
                holder[i] = parent.and_then(|p| slot(p.region)).and_then(|j| holder[j]);
            }
        }
        Later { at, first, holder }
    }

    /// The first of `later` that [`follows`](Self::follows) `earlier` (a position inside
    /// its region). Whole stretches of it are passed over without a query: what lies in a
    /// region before `earlier`'s and not around it, what lies in a region hanging from the
    /// meeting region whose answer was no (the answer is the same anywhere in it), and the
    /// statements of the meeting region up to `earlier`'s. A loop of n commits, or an `elif`
    /// dispatch of n branches with a commit in each, made n² queries.
    pub fn first_following(
        &self,
        earlier: Pos,
        earlier_range: TextRange,
        later: &Later,
    ) -> Option<usize> {
        let at = |region: RegionId, index: u32| {
            (later.at).partition_point(|(p, _)| (p.region, p.index) < (region, index))
        };
        // Positions held by the regions around `earlier`'s, in statements after its.
        for top in later.holders_around(self, earlier).into_iter().rev() {
            let own = self.reach(top, earlier, self.child_toward(top, earlier));
            let first = at(top, own.index + 1);
            let held = later.at[first..]
                .iter()
                .take_while(|(q, _)| q.region == top);
            for (k, (q, r)) in held.enumerate() {
                if self.follows(earlier, earlier_range, *q, *r) {
                    return Some(first + k);
                }
            }
        }
        // Positions in `earlier`'s region, in regions nested in it, and after it.
        let mut i = at(earlier.region, 0);
        while let Some(&(q, r)) = later.at.get(i) {
            if self.follows(earlier, earlier_range, q, r) {
                return Some(i);
            }
            let next = if self.region(q.region).body != self.region(earlier.region).body {
                i + 1
            } else {
                match self.meet(earlier, q) {
                    (_, _, Some(sub)) => at(RegionId(self.region(sub).end), 0),
                    (top, sub_a, None) => at(top, self.reach(top, earlier, sub_a).index),
                }
            };
            i = next.max(i + 1);
        }
        None
    }

    /// The innermost region holding both positions (of one body), and for each the region
    /// hanging from it that holds the position (`None` when the position is in it). Climbs
    /// from the shallower position only: as many steps as it is below the meeting region.
    fn meet(&self, a: Pos, b: Pos) -> (RegionId, Option<RegionId>, Option<RegionId>) {
        let depth = |p: Pos| self.shape.depth[p.region.0 as usize];
        let (shallow, deep) = if depth(a) <= depth(b) { (a, b) } else { (b, a) };
        let mut top = shallow.region;
        while !self.contains(top, deep) {
            match self.region(top).parent {
                Some(p) => top = p.region,
                None => break,
            }
        }
        (top, self.child_toward(top, a), self.child_toward(top, b))
    }

    /// The region hanging from `top` that holds `pos` (`None` when `pos` is in `top`).
    fn child_toward(&self, top: RegionId, pos: Pos) -> Option<RegionId> {
        if pos.region == top {
            return None;
        }
        let children = self.shape.children(top);
        // Regions are numbered in walk order: the last child starting at or before `pos`.
        let i = children.partition_point(|c| c.0 <= pos.region.0);
        children.get(i.checked_sub(1)?).copied()
    }

    /// `pos` as seen from region `top` above it: its own statement there.
    fn reach(&self, top: RegionId, pos: Pos, sub: Option<RegionId>) -> Pos {
        sub.and_then(|r| self.region(r).parent)
            .filter(|p| p.region == top)
            .unwrap_or(pos)
    }

    /// Whether code at `from` can run on to the end of each region between it and `top`
    /// (exclusive): no statement after it always leaves (a `break` or `continue` only leaves
    /// a loop in between, after which the code goes on).
    fn flows_out(&self, from: Pos, top: RegionId) -> bool {
        if let Some(StmtKind::Exit { .. }) = self.stmt(from).map(|s| &s.kind) {
            return false;
        }
        let inner: Vec<Pos> = std::iter::successors(Some(from), |p| self.region(p.region).parent)
            .take_while(|p| p.region != top)
            .collect();
        for (k, p) in inner.iter().enumerate() {
            let region = self.region(p.region);
            // A closure runs later, except one run per item in place (`forEach`): a loop.
            if matches!(region.kind, RegionKind::Closure { each: None, .. }) {
                return false;
            }
            let loop_above = inner[k..].iter().any(|q| {
                matches!(
                    self.region(q.region).kind,
                    RegionKind::Loop(_) | RegionKind::Closure { each: Some(_), .. }
                )
            });
            let (any, leaving) = self.shape.next_exit(p.region, p.index as usize + 1);
            let exit = if loop_above { leaving } else { any };
            if (exit as usize) < region.stmts.len() {
                return false;
            }
        }
        true
    }

    /// Whether `later` is in an exception handler of a `try` whose body ends with `earlier`'s
    /// statement (no loop in between; statements the caller deems `inert`, a log line, may
    /// follow): the handler runs only when the body failed, at `earlier` or before it, never
    /// after `earlier` completed.
    pub fn runs_only_before_completion(
        &self,
        earlier: Pos,
        later: Pos,
        inert: impl Fn(&Stmt) -> bool,
    ) -> bool {
        let chain = self.chain(earlier);
        self.regions_above(later).any(|h| {
            let region = self.region(h);
            let (RegionKind::Handler { .. }, Some(at)) = (region.kind, region.parent) else {
                return false;
            };
            let Some(&t) = self.shape.children(at.region).iter().find(|&&c| {
                self.region(c).parent == Some(at) && matches!(self.region(c).kind, RegionKind::Try)
            }) else {
                return false;
            };
            if !self.contains(t, earlier) {
                return false;
            }
            for p in &chain {
                let r = self.region(p.region);
                if !r.stmts[p.index as usize + 1..].iter().all(&inert) {
                    return false;
                }
                if p.region == t {
                    return true;
                }
                if matches!(r.kind, RegionKind::Loop(_) | RegionKind::Closure { .. }) {
                    return false;
                }
            }
            false
        })
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
                args: Box::default(),
                type_args: Box::default(),
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
                orelse: Box::default(),
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
                orelse: Box::default(),
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
            inline_modules: Vec::new(),
            globals: Vec::new(),
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
        assert!(c.leaves_loop_of(handler, l));
        assert!(c.failure_regions(pos(5)).next().is_none());
        let branch = c.region(pos(1).region);
        assert!(branch.exits.any(Exits::CONTINUE) && !branch.exits.any(Exits::LEAVE_LOOP));
        // `continue` stops at its loop.
        assert!(!c.region(c.body_regions[1]).exits.any(Exits::CONTINUE));
    }
}
