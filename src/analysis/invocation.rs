//! Where a program function is run, and with what: a call of it (`run(consumer)`), or a
//! call that is handed the function and its arguments and runs it later, on a thread, a
//! pool or a loop (`threading.Thread(target=run, args=(consumer,))`,
//! `executor.submit(run, consumer)`, `functools.partial(run, consumer)`). A client passed
//! either way reaches the function's parameters.

use crate::knowledge::vocab::{RunnerArg, Vocabulary};
use crate::model::{Call, Expr, Spread};

/// One run of a function: the expression naming it and the arguments it receives.
pub struct Invocation<'m> {
    /// The function, method (`self.loop`) or class run.
    pub func: &'m Expr,
    positional: Vec<&'m Expr>,
    keywords: Vec<(&'m str, &'m Expr)>,
    /// Whether arguments are also passed by a `*args`/`**kwargs` splat: an argument not
    /// written out may still be given.
    pub splat: bool,
}

impl<'m> Invocation<'m> {
    /// The call itself.
    pub fn direct(call: &'m Call) -> Self {
        Invocation {
            func: &call.func,
            positional: call.positional().map(|a| &a.value).collect(),
            keywords: keywords(call),
            splat: call.args.iter().any(|a| a.spread != Spread::None),
        }
    }

    /// The function `call` runs with the arguments it hands on, when `call` is a runner.
    pub fn run_by(vocab: &Vocabulary, call: &'m Call) -> Option<Self> {
        let last = call.func.last_name()?;
        if let Some((at, _)) = vocab.callable_taker(last) {
            return Invocation::unpacked(call, at);
        }
        if vocab.partial_functions.iter().any(|p| p[1] == last) {
            return Invocation::unpacked(call, 0);
        }
        let runner = vocab.packed_runners.iter().find(|r| r.name == last)?;
        let func = slot(call, &runner.callable)?;
        let positional = match slot(call, &runner.args) {
            Some(Expr::Seq { elts, .. }) => elts.iter().collect(),
            Some(_) => return None,
            None => Vec::new(),
        };
        let keywords = match slot(call, &runner.kwargs) {
            Some(Expr::Dict { items, .. }) => (items.iter())
                .filter_map(|(k, v)| Some((k.as_ref()?.as_str()?, v)))
                .collect(),
            Some(_) => return None,
            None => Vec::new(),
        };
        Some(Invocation {
            func,
            positional,
            keywords,
            splat: false,
        })
    }

    /// The callable at position `at`; the positional arguments after it and the keywords
    /// are its own (`submit(fn, *args, **kwargs)`).
    fn unpacked(call: &'m Call, at: usize) -> Option<Self> {
        // A `*args` spread before the function leaves its position unknown.
        if spread_before(call, at) {
            return None;
        }
        let mut positional = call.positional().map(|a| &a.value);
        let func = positional.nth(at)?;
        Some(Invocation {
            func,
            positional: positional.collect(),
            keywords: keywords(call),
            splat: call
                .args
                .iter()
                .skip(at + 1)
                .any(|a| a.spread != Spread::None),
        })
    }

    /// The `k`th positional argument the function receives.
    pub fn positional(&self, k: usize) -> Option<&'m Expr> {
        self.positional.get(k).copied()
    }

    /// The arguments passed by keyword.
    pub fn keywords(&self) -> impl Iterator<Item = (&'m str, &'m Expr)> + '_ {
        self.keywords.iter().copied()
    }

    /// The argument passed by keyword `name`.
    pub fn keyword(&self, name: &str) -> Option<&'m Expr> {
        (self.keywords.iter())
            .find(|(k, _)| *k == name)
            .map(|&(_, v)| v)
    }
}

fn keywords(call: &Call) -> Vec<(&str, &Expr)> {
    (call.args.iter())
        .filter_map(|a| Some((a.name.as_deref()?, &a.value)))
        .collect()
}

/// A runner's argument, by keyword or position.
fn slot<'m>(call: &'m Call, slot: &RunnerArg) -> Option<&'m Expr> {
    let by_name = call.keyword(slot.keyword).map(|a| &a.value);
    by_name.or_else(|| {
        let k = slot.position;
        (!spread_before(call, k)).then(|| call.positional().nth(k).map(|a| &a.value))?
    })
}

/// Whether a spread comes among the first `k + 1` arguments: positions from there on are
/// unknown.
fn spread_before(call: &Call, k: usize) -> bool {
    (call.args.iter().take(k + 1)).any(|a| a.spread != Spread::None)
}
