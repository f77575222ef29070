//! Channels: messages a consume loop sends into a channel or queue (`tx.send(m)`,
//! `queue.put(msg)`) are that consumer's messages at the receiving end, so a loop or a stream
//! over the receiver (`while let Some(m) = rx.recv().await`, `for m in rx.iter()`,
//! `ReceiverStream::new(rx).chunks_timeout(..)`, `msg = q.get()`) is a consume loop too
//! (catalog: Resolution, "Channels"). Ends are followed through locals, enclosing bodies,
//! `self` attributes set in the class and the arguments callers pass.

use crate::analysis::program::FileId;
use crate::analysis::FileAnalysis;
use crate::model::*;

/// A channel: the call that made it (`mpsc::channel(64)`, `queue.Queue()`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChannelId {
    file: FileId,
    at: TextRange,
}

/// What a value is of a channel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum End {
    /// The (sender, receiver) pair a Rust maker returns.
    Pair,
    Sender,
    Receiver,
    /// One object that is both ends (`queue.Queue()`).
    Both,
}

/// How deep ends are followed through names, callers and wrappers.
const DEPTH: u32 = 6;

impl<'p, 'm> FileAnalysis<'p, 'm> {
    /// Whether `e` (in body `b`) takes values off a channel that a consume loop of this file
    /// sends its messages into: a receive on its receiving end (`rx.recv()`, `q.get()`,
    /// `rx.iter()`, `iter(q.get, None)`), the receiver itself (`for m in rx`), a stream built
    /// over it (`ReceiverStream::new(rx)`), or a combinator or local name over one of those.
    pub fn receives_fed(&self, b: BodyId, e: &Expr) -> bool {
        let fed = self
            .fed_channels
            .get_or_init(|| self.compute_fed_channels());
        !fed.is_empty() && self.receives_from(b, e, fed, 0)
    }

    /// Whether `call` (in body `b`) is itself a receive on a fed channel (`rx.recv()`,
    /// `q.get()`).
    pub fn is_fed_receive(&self, b: BodyId, call: &Call) -> bool {
        let fed = self
            .fed_channels
            .get_or_init(|| self.compute_fed_channels());
        if fed.is_empty() {
            return false;
        }
        call.func.as_method().is_some_and(|(recv, m)| {
            self.knowledge.vocab.channel_receives.contains(&m)
                && self.is_fed_receiver(self.file, b, recv, fed)
        })
    }

    fn receives_from(&self, b: BodyId, e: &Expr, fed: &[ChannelId], depth: u32) -> bool {
        if depth > DEPTH {
            return false;
        }
        let receives = self.knowledge.vocab.channel_receives;
        match e {
            Expr::Await { value, .. } | Expr::Try { value, .. } => {
                self.receives_from(b, value, fed, depth + 1)
            }
            Expr::Call(c) => {
                // A stream or iterator built over the receiver (`ReceiverStream::new(rx)`).
                let wraps = matches!(c.func.last_name(), Some("new" | "from"))
                    && c.positional()
                        .any(|a| self.is_fed_receiver(self.file, b, &a.value, fed));
                wraps
                    || c.positional()
                        .any(|a| self.is_receive_method(b, &a.value, fed))
                    || match c.func.as_method() {
                        Some((recv, m)) if self.is_fed_receiver(self.file, b, recv, fed) => {
                            receives.contains(&m)
                        }
                        // A combinator over a receiving stream (`.chunks_timeout(..)`).
                        Some((recv, _)) => self.receives_from(b, recv, fed, depth + 1),
                        None => false,
                    }
            }
            Expr::Attr { .. } => {
                self.is_receive_method(b, e, fed) || self.is_fed_receiver(self.file, b, e, fed)
            }
            Expr::Name { id, .. } => {
                self.is_fed_receiver(self.file, b, e, fed)
                    || self
                        .local_values(self.file, b, id)
                        .into_iter()
                        .any(|(vb, v)| self.receives_from(vb, v, fed, depth + 1))
            }
            _ => false,
        }
    }

    /// `q.get` handed as a callable (`iter(q.get, None)`).
    fn is_receive_method(&self, b: BodyId, e: &Expr, fed: &[ChannelId]) -> bool {
        matches!(e, Expr::Attr { value, attr, .. }
            if self.knowledge.vocab.channel_receives.contains(&attr.as_str())
                && self.is_fed_receiver(self.file, b, value, fed))
    }

    fn is_fed_receiver(&self, f: FileId, b: BodyId, e: &Expr, fed: &[ChannelId]) -> bool {
        let mut ends = Vec::new();
        self.channel_ends(f, b, e, 0, &mut ends);
        ends.iter()
            .any(|(id, end)| matches!(end, End::Receiver | End::Both) && fed.contains(id))
    }

    /// The channels this file's consume loops send message data into.
    fn compute_fed_channels(&self) -> Vec<ChannelId> {
        let sends = &self.knowledge.vocab.channel_sends;
        let mut loops = None;
        let mut out = Vec::new();
        for (call, body) in &self.index.calls {
            let Some((recv, _)) = call.func.as_method().filter(|(_, m)| sends.contains(m)) else {
                continue;
            };
            if self.facts(call.id).is_some() {
                continue;
            }
            let mut ends = Vec::new();
            self.channel_ends(self.file, *body, recv, 0, &mut ends);
            ends.retain(|(id, end)| matches!(end, End::Sender | End::Both) && !out.contains(id));
            if ends.is_empty() {
                continue;
            }
            // Consume loops and message names as polls alone make them: a channel's own
            // receiving loops are what this decides.
            let loops = loops.get_or_insert_with(|| self.compute_consume_loops(false));
            let in_consume_loop = self
                .enclosing_loop(call)
                .is_some_and(|l| loops.get(l.0 as usize).copied().unwrap_or(false));
            if !in_consume_loop {
                continue;
            }
            let names = self.compute_message_names(*body, false);
            if call
                .args
                .iter()
                .any(|a| self.refs_message_data(&a.value, &names))
            {
                out.extend(ends.into_iter().map(|(id, _)| id));
            }
        }
        out
    }

    /// The channel ends `e` (in body `b` of file `f`) may be: made here, bound to a local
    /// (one end of a destructured pair: `let (tx, rx) = mpsc::channel(8)`), a `self`
    /// attribute set in the class, or a parameter, from what its callers pass.
    fn channel_ends(
        &self,
        f: FileId,
        b: BodyId,
        e: &Expr,
        depth: u32,
        out: &mut Vec<(ChannelId, End)>,
    ) {
        if depth > DEPTH {
            return;
        }
        let Some(index) = self.program.index(f) else {
            return;
        };
        match self.resolver.strip(f, e) {
            Expr::Call(c) => {
                let maker = index.names.qualify_expr(&c.func).and_then(|q| {
                    let (first, last) = (q.first()?, q.last()?);
                    (self.knowledge.vocab.channel_makers.iter())
                        .find(|(root, name, _)| root == first && name == last)
                });
                if let Some((_, _, pair)) = maker {
                    let end = if *pair { End::Pair } else { End::Both };
                    out.push((
                        ChannelId {
                            file: f,
                            at: c.range,
                        },
                        end,
                    ));
                }
            }
            Expr::Name { id, .. } => {
                let mut cur = Some(b);
                while let Some(bb) = cur {
                    let bi = &index.bodies[bb.0 as usize];
                    if let Some(values) = bi.assigns.get(id.as_str()) {
                        for (v, _) in values {
                            self.channel_ends(f, bb, v, depth + 1, out);
                        }
                        return;
                    }
                    // One end of a destructured pair: `let (tx, rx) = mpsc::channel(8)`.
                    if let Some(values) = bi.tuple_assigns.get(id.as_str()) {
                        for (v, i) in values {
                            let mut made = Vec::new();
                            self.channel_ends(f, bb, v, depth + 1, &mut made);
                            let end = if *i == 0 { End::Sender } else { End::Receiver };
                            out.extend(
                                (made.into_iter())
                                    .filter(|(_, e)| *e == End::Pair)
                                    .map(|(ch, _)| (ch, end)),
                            );
                        }
                        return;
                    }
                    let body = index.body(bb);
                    if body.params.iter().any(|p| p.name == id) {
                        self.resolver.passed_as(f, bb, id, |g, cb, arg| {
                            self.channel_ends(g, cb, arg, depth + 1, out);
                            true
                        });
                        return;
                    }
                    if bb.0 == 0 {
                        return;
                    }
                    cur = body.parent.or(Some(BodyId(0)));
                }
            }
            // `self._queue`: what the class's methods set it to.
            Expr::Attr { value, attr, .. } => {
                let body = index.body(b);
                let own = matches!(&**value, Expr::Name { id, .. }
                    if body.self_name.as_deref() == Some(id.as_str()));
                let Some(class) = body.class.as_deref().filter(|_| own) else {
                    return;
                };
                for (i, other) in index.module.bodies.iter().enumerate() {
                    if other.class.as_deref() != Some(class) {
                        continue;
                    }
                    for (a, v, _) in &index.bodies[i].self_attr_assigns {
                        if a == attr {
                            self.channel_ends(f, BodyId(i as u32), v, depth + 1, out);
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// The values assigned to local `name` as seen from body `b`: in the nearest enclosing
    /// body that assigns it.
    fn local_values(&self, f: FileId, b: BodyId, name: &str) -> Vec<(BodyId, &'m Expr)> {
        let Some(index) = self.program.index(f) else {
            return Vec::new();
        };
        let mut cur = Some(b);
        while let Some(bb) = cur {
            let bi = &index.bodies[bb.0 as usize];
            if let Some(values) = bi.assigns.get(name) {
                return values.iter().map(|(v, _)| (bb, *v)).collect();
            }
            if bi.tuple_assigns.contains_key(name)
                || index.body(bb).params.iter().any(|p| p.name == name)
                || bb.0 == 0
            {
                break;
            }
            cur = index.body(bb).parent.or(Some(BodyId(0)));
        }
        Vec::new()
    }
}
