//! The function a position is in, by name: findings record it (baselines key on it) and the
//! inventory shows where each client is built.

use super::{BodyId, BodyKind, Module, TextRange};

impl Module {
    /// The qualified name of the innermost function whose body holds `range`'s start: nested
    /// functions and methods are prefixed with their parents and class (`Worker.run`,
    /// `outer.inner`; `Sink::flush` in Rust). `None` at module level.
    pub fn enclosing_function(&self, range: TextRange) -> Option<String> {
        let innermost = self
            .bodies
            .iter()
            .enumerate()
            .filter(|(_, b)| {
                b.kind == BodyKind::Function
                    && b.range.start <= range.start
                    && range.start < b.range.end
            })
            .min_by_key(|(_, b)| b.range.end - b.range.start)?
            .0;
        let sep = self.lang.path_separator();
        let mut parts = Vec::new();
        let mut at = Some(BodyId(innermost as u32));
        // Bounded: a malformed parent chain cannot loop.
        for _ in 0..self.bodies.len() {
            let Some(id) = at else { break };
            let Some(body) = self.bodies.get(id.0 as usize) else {
                break;
            };
            parts.push(body.name.clone());
            if let Some(class) = &body.class {
                parts.push(class.clone());
            }
            at = body.parent;
        }
        parts.reverse();
        Some(parts.join(sep))
    }
}
