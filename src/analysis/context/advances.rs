//! Checkpoint advances: commits, checkpoint writers, calls and assignments named like one.

use super::is_commit;
use crate::analysis::control::Pos;
use crate::analysis::FileAnalysis;
use crate::knowledge::SinkSpec;
use crate::model::*;

impl<'p, 'm> FileAnalysis<'p, 'm> {
    /// Whether a name (a call's last name, an assignment target) advances a checkpoint,
    /// watermark or cursor, and which word made it one.
    pub fn advance_word(&self, name: &str) -> Option<&'static str> {
        let vocab = &self.knowledge.vocab;
        let lower = name.to_ascii_lowercase();
        let lower = lower.trim_start_matches('_');
        for (word, bare) in vocab.advance_words {
            if !lower.contains(word) {
                continue;
            }
            if lower == *word && !bare {
                return None;
            }
            let first = lower.split('_').next().unwrap_or("");
            if lower != *word && vocab.advance_read_prefixes.contains(&first) {
                return None;
            }
            return Some(word);
        }
        None
    }

    /// A call that advances a checkpoint: a Kafka commit, a configured checkpoint writer, or a
    /// call named like one (`save_checkpoint(..)`, `watermarks.advance(..)`).
    pub fn advance_call(&self, call: &Call) -> Option<String> {
        if let Some(f) = self.facts(call.id) {
            return is_commit(&f.op).then(|| f.method.clone());
        }
        // A configured checkpoint writer (OL301's `SinkSpec::Writer`).
        let dotted = call.func.dotted();
        for spec in &self.knowledge.sinks {
            if let (SinkSpec::Writer { suffix }, Some(d)) = (spec, &dotted) {
                if d.len() >= suffix.len()
                    && d[d.len() - suffix.len()..]
                        .iter()
                        .zip(suffix)
                        .all(|(a, b)| a == b)
                {
                    return Some(d.join("."));
                }
            }
        }
        let last = call.func.last_name()?;
        // `cur.send_feedback(flush_lsn=lsn)`: a source position acknowledged.
        let acks = self.knowledge.vocab.position_acks.iter();
        if acks.filter(|(m, _)| *m == last).any(|(_, keys)| {
            (call.args.iter()).any(|a| a.name.as_deref().is_some_and(|n| keys.contains(&n)))
        }) {
            return Some(last.to_string());
        }
        // `checkpoint.save(..)`: the receiver names it.
        let named = self.advance_word(last).is_some()
            || call.func.as_method().is_some_and(|(recv, m)| {
                !self.knowledge.vocab.advance_read_prefixes.contains(&m)
                    && recv
                        .last_name()
                        .is_some_and(|r| self.advance_word(r).is_some())
                    && self.knowledge.vocab.advance_methods.contains(&m)
            });
        named.then(|| match call.func.dotted() {
            Some(d) => d.join("."),
            None => last.to_string(),
        })
    }

    /// Assignments in `body` that advance a checkpoint, watermark or cursor
    /// (`self.checkpoint = offset`, `state["high_water"] = n`), with the name that made each
    /// one (not `self.cursor = conn.cursor()`, not a reset to a literal such as `None`).
    pub fn advance_assignments(&self, body: BodyId) -> Vec<(&'m Target, Pos, String)> {
        let mut out = Vec::new();
        for (target, value, pos) in &self.index.bodies[body.0 as usize].assign_sites {
            let name = match target {
                Target::Name(n, _) => n.as_str(),
                Target::Attr { attr, .. } => attr.as_str(),
                Target::Index { key, .. } => match key.as_str() {
                    Some(k) => k,
                    None => continue,
                },
                _ => continue,
            };
            let Some(word) = self.advance_word(name) else {
                continue;
            };
            let clocks = self.knowledge.vocab.clock_calls;
            let opens = match value {
                // Made, not moved: `cur = conn.cursor()`, `let checkpoint =
                // Checkpoint::new(..)`; or a clock read (`last_checkpoint = Instant::now()`).
                Expr::Call(c) => {
                    let names = |n: &str| n.to_ascii_lowercase().contains(word);
                    c.func.dotted().map_or_else(
                        || c.func.last_name().is_some_and(names),
                        |d| d.iter().any(|n| names(n)),
                    ) || c.func.last_name().is_some_and(|n| clocks.contains(&n))
                }
                // A reset (`= None`, `= 0`) moves nothing forward.
                Expr::Lit { .. } => true,
                _ => false,
            };
            if !opens {
                out.push((*target, *pos, name.to_string()));
            }
        }
        out
    }
}
