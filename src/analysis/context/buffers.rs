//! In-memory buffers message data goes into in a loop, and the effects OL104 counts in a loop.

use super::{Buffer, Effects};
use crate::analysis::control::{Pos, RegionId, RegionKind};
use crate::analysis::FileAnalysis;
use crate::knowledge::Op;
use crate::model::visit::{self, Visitor};
use crate::model::*;
use std::rc::Rc;

impl<'p, 'm> FileAnalysis<'p, 'm> {
    /// In-memory buffers that message data goes into inside loop `l` (`batch.append(..)`,
    /// `buf.push(..)`, `pending[k] = v`), with where the body writes each one out.
    pub fn loop_buffers(&self, l: RegionId) -> &[Buffer] {
        match self.loop_buffers.get(l.0 as usize) {
            Some(cell) => cell.get_or_init(|| self.find_loop_buffers(l)),
            None => &[],
        }
    }

    fn find_loop_buffers(&self, l: RegionId) -> Vec<Buffer> {
        let mut buffers = self.filled_in_loop(l, false);
        if buffers.is_empty() {
            return buffers;
        }
        let offset_maps = self.find_writes(l, &mut buffers);
        buffers.retain(|b| !b.writes.is_empty() && !offset_maps.contains(&b.name));
        buffers
    }

    /// The containers loop `l` adds message data to, with where (their writes not yet
    /// found); with `names`, also the plain names it assigns message data to
    /// (`first = r.value()`).
    fn filled_in_loop(&self, l: RegionId, names_too: bool) -> Vec<Buffer> {
        let control = self.control();
        let body = control.region(l).body;
        let names = self.message_names(body);
        let vocab = &self.knowledge.vocab;
        let mut buffers: Vec<Buffer> = Vec::new();
        let add = |name: String, pos: Pos, buffers: &mut Vec<Buffer>| match buffers
            .iter_mut()
            .find(|b| b.name == name)
        {
            Some(b) => b.adds.push(pos),
            None => buffers.push(Buffer {
                name,
                adds: vec![pos],
                writes: Vec::new(),
            }),
        };
        for (c, pos) in self.region_calls(l) {
            let Some((recv, m)) = c.func.as_method() else {
                continue;
            };
            if self.facts(c.id).is_some() || !vocab.buffer_add_methods.contains(&m) {
                continue;
            }
            let Some(container) = self.container_of(recv) else {
                continue;
            };
            if c.args
                .iter()
                .any(|a| self.refs_message_data(&a.value, names))
            {
                add(container, pos, &mut buffers);
            }
        }
        for (target, value, pos) in &self.index.bodies[body.0 as usize].assign_sites {
            if !control.contains(l, *pos) {
                continue;
            }
            match target {
                Target::Index { value: buf, .. } => {
                    if let Some(dotted) = buf.dotted() {
                        if self.refs_message_data(value, names) {
                            add(dotted.join("."), *pos, &mut buffers);
                        }
                    }
                }
                Target::Name(name, _) if names_too && self.refs_message_data(value, names) => {
                    add(name.to_string(), *pos, &mut buffers)
                }
                _ => {}
            }
        }
        buffers
    }

    /// Where body code writes each of `buffers` (filled in loop `l`) out: passes it to a call,
    /// calls a method of it that is not bookkeeping, iterates it. Returns the containers a
    /// commit is given as they are (offsets maps, not buffers).
    fn find_writes(&self, l: RegionId, buffers: &mut [Buffer]) -> Vec<String> {
        let control = self.control();
        let body = control.region(l).body;
        let vocab = &self.knowledge.vocab;
        let body_region = control.body_regions[body.0 as usize];
        // A container a commit is given as it is, is the offsets map the loop keeps
        // (`offsets[tp] = msgs[-1].offset + 1`), not message data waiting for a sink
        // (`commitSync(offsetsOf(buffer))` still commits what the buffer holds).
        let mut offset_maps: Vec<String> = Vec::new();
        for (c, pos) in self.region_calls(body_region) {
            if control.region(pos.region).body != body {
                continue;
            }
            if self.facts(c.id).is_some_and(|f| {
                matches!(
                    f.op,
                    Op::Commit { .. } | Op::CommitPosition | Op::CommitMessage
                )
            }) {
                offset_maps.extend(
                    (buffers.iter())
                        .filter(|b| {
                            (c.args.iter())
                                .any(|a| a.value.dotted().is_some_and(|d| d.join(".") == b.name))
                        })
                        .map(|b| b.name.clone()),
                );
                continue;
            }
            let last = c.func.last_name().unwrap_or("");
            for b in buffers.iter_mut() {
                let named = |e: &Expr| e.dotted().is_some_and(|d| d.join(".") == b.name);
                let passed = !vocab.log_methods.contains(&last)
                    && !vocab.pure_calls.contains(&last)
                    && c.args.iter().any(|a| self.mentions(&a.value, &b.name));
                let own = c.func.as_method().is_some_and(|(recv, m)| {
                    named(recv)
                        && !vocab.buffer_local_methods.contains(&m)
                        && !vocab.pure_calls.contains(&m)
                });
                if passed || own {
                    b.writes.push((pos, c.range));
                }
            }
        }
        // `for row in batch: sink.write(row)`.
        for region in &control.regions {
            if region.body != body {
                continue;
            }
            if let (RegionKind::Loop(lp), Some(at)) = (region.kind, region.parent) {
                if let Some(iter) = lp.iter.and_then(Expr::dotted) {
                    let iter = iter.join(".");
                    for b in buffers.iter_mut().filter(|b| b.name == iter) {
                        b.writes.push((at, lp.range));
                    }
                }
            }
        }
        offset_maps
    }

    /// Whether `buffer` (filled in loop `l`) is made anew in each pass: a binding of its
    /// name inside the loop runs before every add and every write of it (`ObjectNode details
    /// = mapper.createObjectNode()` in a listener). It then holds only this pass's data, so a
    /// commit leaves data in it unwritten only between an add before the commit and a write
    /// after it.
    pub fn made_each_pass(&self, l: RegionId, buffer: &Buffer) -> bool {
        let control = self.control();
        let body = control.region(l).body;
        let uses = buffer
            .adds
            .iter()
            .chain(buffer.writes.iter().map(|(w, _)| w));
        (self.index.bodies[body.0 as usize].assign_sites.iter()).any(|(target, _, at)| {
            matches!(target, Target::Name(name, _) if *name == buffer.name)
                && control.contains(l, *at)
                && uses.clone().all(|u| control.dominates(*at, *u, l))
        })
    }

    /// Data of the messages consume loop `l` polled, handed back to the caller after `pos`
    /// (a commit after the loop) with nothing written out between the loop and `pos`: a
    /// `return` of a container the loop filled or of a name it assigned message data to
    /// (`for (r : records) out.add(convert(r)); consumer.commitSync(); return out;`). The
    /// holder's name and the `return`.
    pub fn handed_back_after(
        &self,
        l: RegionId,
        pos: Pos,
        range: TextRange,
    ) -> Option<(String, TextRange)> {
        let control = self.control();
        let at = control.region(l).parent?;
        let loop_range = control.stmt(at)?.range;
        let mut holders = self.filled_in_loop(l, true);
        if holders.is_empty() {
            return None;
        }
        let offset_maps = self.find_writes(l, &mut holders);
        let body = control.region(l).body;
        holders.retain(|b| {
            !offset_maps.contains(&b.name)
                && !b.writes.iter().any(|&(w, r)| {
                    !control.contains(l, w)
                        && control.follows(at, loop_range, w, r)
                        && control.follows(w, r, pos, range)
                })
        });
        let first = control.body_regions[body.0 as usize];
        (first.0..control.region(first).end).find_map(|r| {
            let region = control.region(RegionId(r));
            if region.body != body {
                return None;
            }
            region.stmts.iter().enumerate().find_map(|(i, s)| {
                let StmtKind::Exit {
                    kind: ExitKind::Return,
                    value: Some(Expr::Name { id, .. }),
                } = &s.kind
                else {
                    return None;
                };
                let q = Pos {
                    region: RegionId(r),
                    index: i as u32,
                };
                (holders.iter().any(|b| b.name == id) && control.follows(pos, range, q, s.range))
                    .then(|| (id.to_string(), s.range))
            })
        })
    }

    /// A `yield` of message data in loop `l` (a generator's consume loop) after `pos`: the
    /// caller does its work on the data while the generator waits there, after the commit.
    /// The yield's range.
    pub fn yielded_after(&self, l: RegionId, pos: Pos, range: TextRange) -> Option<TextRange> {
        let control = self.control();
        let body = control.region(l).body;
        let names = self.message_names(body);
        let yields = |e: &Expr| {
            matches!(e, Expr::Derived { hop: Hop::Yield, parts, .. }
                if parts.iter().any(|p| self.refs_message_data(p, names)))
        };
        (l.0..control.region(l).end).find_map(|r| {
            let region = control.region(RegionId(r));
            if region.body != body {
                return None;
            }
            region.stmts.iter().enumerate().find_map(|(i, s)| {
                let value = match &s.kind {
                    StmtKind::Expr(e) => e,
                    StmtKind::Assign { value, .. } => value,
                    _ => return None,
                };
                let q = Pos {
                    region: RegionId(r),
                    index: i as u32,
                };
                (yields(value) && control.follows(pos, range, q, s.range)).then_some(s.range)
            })
        })
    }

    /// What OL104 counts as the message's effect in loop `l`, for a commit in `body`: calls
    /// that use message data, an addition to an in-memory container only when the loop's
    /// buffers write it out later (`seen.add(key)` is bookkeeping). In walk order; found once
    /// per loop and body, not once per commit.
    pub fn loop_effects(&self, l: RegionId, body: BodyId) -> Rc<Effects<'m>> {
        if let Some(found) = self.loop_effects.borrow().get(&(l, body)) {
            return found.clone();
        }
        let buffers = self.loop_buffers(l);
        let (calls, at): (_, Vec<_>) = self
            .region_calls(l)
            .filter(|(u, _)| {
                self.is_effect_on_message(u, body)
                    && self
                        .buffer_added_by(u)
                        .is_none_or(|name| buffers.iter().any(|b| b.name == name))
            })
            .map(|(u, pos)| (u, (pos, u.range)))
            .unzip();
        let at = self.control().later(l, at);
        let found = Rc::new(Effects { calls, at });
        self.loop_effects
            .borrow_mut()
            .insert((l, body), found.clone());
        found
    }

    /// Whether `e` holds the value of `dotted` (`insert_rows(list(pending.values()))` holds
    /// `pending`), not only its size (`len(batch)`).
    fn mentions(&self, e: &Expr, dotted: &str) -> bool {
        struct Mentions<'a> {
            dotted: &'a str,
            sizes: &'a [&'a str],
            found: bool,
        }
        impl<'x> Visitor<'x> for Mentions<'_> {
            fn visit_expr(&mut self, e: &'x Expr) {
                if self.found {
                    return;
                }
                if e.dotted().is_some_and(|d| d.join(".") == self.dotted) {
                    self.found = true;
                    return;
                }
                match e {
                    Expr::Call(c)
                        if c.func
                            .last_name()
                            .is_some_and(|n| self.sizes.contains(&n) || n == "is_empty") => {}
                    Expr::Closure(_) => {}
                    _ => visit::walk_expr(self, e),
                }
            }
        }
        let mut v = Mentions {
            dotted,
            sizes: self.knowledge.vocab.queue_len_calls,
            found: false,
        };
        v.visit_expr(e);
        v.found
    }

    /// The container a call adds to (`batch.append(x)` adds to `batch`), as a dotted path.
    pub fn buffer_added_by(&self, call: &Call) -> Option<String> {
        let (recv, m) = call.func.as_method()?;
        if !self.knowledge.vocab.buffer_add_methods.contains(&m) || self.facts(call.id).is_some() {
            return None;
        }
        self.container_of(recv)
    }

    /// The container an add's receiver belongs to, as a dotted path: `batch` of `batch`,
    /// `batch[table]`, `batch.get(table)`, `by_key.entry(k).or_default()` (the add fills the
    /// slot of one key, and the container holds it).
    fn container_of(&self, recv: &Expr) -> Option<String> {
        match recv {
            Expr::Derived {
                parts,
                hop: Hop::Index,
                ..
            } => self.container_of(parts.first()?),
            Expr::Call(c) => {
                let (inner, m) = c.func.as_method()?;
                (self.knowledge.vocab.slot_methods.contains(&m) && self.facts(c.id).is_none())
                    .then(|| self.container_of(inner))?
            }
            _ => recv.dotted().map(|d| d.join(".")),
        }
    }
}
