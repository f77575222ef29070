//! What happens to each call's result: thrown away, bound, awaited, unwrapped, passed on
//! (computed by the shared walk, `walk.rs`). OL201/OL202 (and later OL203) read this instead of
//! looking at statements themselves, so Python's `_ = producer.flush()` and Rust's
//! `let _ = producer.flush(t);` are one case.

use crate::model::Name;

/// A step applied to a value before it reaches its final use, innermost first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Adapter {
    Await,
    /// `?`, `.unwrap()`, `.expect(..)`: the error is observed (propagated or panics).
    Unwrap,
    /// `.ok()`, `.unwrap_or(..)`, `.unwrap_or_default()`: the error is thrown away.
    Discard,
}

/// Where a value ends up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum End {
    /// An expression statement: the value is dropped.
    Discarded,
    /// `_ = x` / `let _ = x`, or `drop(x)`.
    Underscore,
    // Names, not `String`s: a bound or chained call's use is no heap block of its own (every
    // call of every indexed file has one, kept until the run ends).
    /// Bound to a name.
    Bound(Name),
    /// A method is called on it (`.get()`, `.add_callback(..)`, `.map(..)`).
    Method(Name),
    /// Passed on: an argument, compared, stored in a structure, a condition.
    Used,
    /// Returned to the caller (`return x`, a Rust tail): the caller's use decides.
    Returned,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultUse {
    pub adapters: Vec<Adapter>,
    pub end: End,
}

impl ResultUse {
    pub(crate) fn new(end: End) -> Self {
        ResultUse {
            adapters: Vec::new(),
            end,
        }
    }

    /// The use of what a callable taker's callable returns, seen from the taker's call: its
    /// first await is the taker's own (`await asyncio.to_thread(p.flush, 2)`).
    pub(crate) fn past_taker(&self) -> Self {
        let mut u = self.clone();
        if u.adapters.first() == Some(&Adapter::Await) {
            u.adapters.remove(0);
        }
        u
    }

    pub(crate) fn through(&self, adapter: Adapter) -> Self {
        let mut adapters = Vec::with_capacity(self.adapters.len() + 1);
        adapters.push(adapter);
        adapters.extend_from_slice(&self.adapters);
        ResultUse {
            adapters,
            end: self.end.clone(),
        }
    }

    /// Whether the outcome of an operation is observed, given that the outcome is reached
    /// after `awaits` awaits and that a failed outcome `raises` (Python) rather than being
    /// a value (Rust `Result`). Before the outcome the value is a handle (a future, a
    /// `Result<DeliveryFuture, _>`): unwrapping or discarding its error passes it through.
    /// Runs the adapters over a result that takes `awaits` awaits to reach its outcome:
    /// `Err(observed)` when one of them decides (an unwrap of the outcome observes it, a
    /// discard drops it), else `Ok` with the awaits still left for the end to do.
    fn after_adapters(&self, awaits: u8) -> Result<u8, bool> {
        let mut pending = awaits;
        for adapter in &self.adapters {
            match adapter {
                Adapter::Await => pending = pending.saturating_sub(1),
                Adapter::Unwrap if pending == 0 => return Err(true),
                Adapter::Discard if pending == 0 => return Err(false),
                Adapter::Unwrap | Adapter::Discard => {}
            }
        }
        Ok(pending)
    }

    /// Whether the value kept (`End`) is still a delivery handle, with `awaits` (or a
    /// `.get()`) left to do before the outcome: `fut = await producer.send(..)`.
    pub fn handle_pending(&self, awaits: u8) -> bool {
        matches!(self.after_adapters(awaits), Ok(pending) if pending > 0)
    }

    pub fn observes_outcome(&self, awaits: u8, raises: bool) -> bool {
        let pending = match self.after_adapters(awaits) {
            Ok(pending) => pending,
            Err(observed) => return observed,
        };
        match &self.end {
            End::Discarded | End::Underscore => pending == 0 && raises,
            End::Bound(_) | End::Method(_) | End::Used | End::Returned => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Adapter::*;
    use super::*;

    fn u(adapters: &[Adapter], end: End) -> ResultUse {
        ResultUse {
            adapters: adapters.to_vec(),
            end,
        }
    }

    #[test]
    fn delivery_outcomes() {
        // kafka-python `producer.send(..)` / `.get()` / `fut = ..`
        assert!(!u(&[], End::Discarded).observes_outcome(1, true));
        assert!(u(&[], End::Method("get".into())).observes_outcome(1, true));
        assert!(u(&[], End::Bound("fut".into())).observes_outcome(1, true));
        // aiokafka: `await producer.send(..)` leaves the delivery future unobserved;
        // `await (await producer.send(..))` raises on failure.
        assert!(!u(&[Await], End::Discarded).observes_outcome(2, true));
        assert!(u(&[Await, Await], End::Discarded).observes_outcome(2, true));
        // rdkafka FutureProducer: `.await;`, `let _ = ..await`, `.await.ok()` lose the error;
        // `.await?` and `.await.unwrap()` observe it.
        assert!(!u(&[Await], End::Discarded).observes_outcome(1, false));
        assert!(!u(&[Await], End::Underscore).observes_outcome(1, false));
        assert!(!u(&[Await, Discard], End::Discarded).observes_outcome(1, false));
        assert!(u(&[Await, Unwrap], End::Discarded).observes_outcome(1, false));
        // send_result: `?` on the Result<DeliveryFuture> still drops the future.
        assert!(!u(&[Unwrap], End::Discarded).observes_outcome(1, false));
        assert!(u(&[Unwrap, Await, Unwrap], End::Discarded).observes_outcome(1, false));
        // flush: `producer.flush(t);`, `_ = producer.flush()`, `.ok()` vs `?` and a binding.
        assert!(!u(&[], End::Discarded).observes_outcome(0, false));
        assert!(!u(&[], End::Underscore).observes_outcome(0, false));
        assert!(!u(&[Discard], End::Discarded).observes_outcome(0, false));
        assert!(u(&[Unwrap], End::Discarded).observes_outcome(0, false));
        assert!(u(&[], End::Bound("remaining".into())).observes_outcome(0, false));
        assert!(u(&[], End::Used).observes_outcome(0, false));
    }
}
