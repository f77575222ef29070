//! OL203 unobserved-task: a fire-and-forget task whose failure nobody sees: an asyncio task
//! whose result is discarded (no strong reference, no done-callback, not awaited, not in a
//! `TaskGroup`), or a dropped handle of a task that produces or commits (`tokio::spawn`, a
//! Java executor's `submit`/`execute`, `CompletableFuture.runAsync`, `new Thread(..).start()`).

use crate::analysis::context::Spawn;
use crate::analysis::uses::{Adapter, End};
use crate::diagnostic::Finding;
use crate::registry::Rule;
use crate::rules::RuleContext;

/// OL203
pub(crate) fn unobserved_task(ctx: &RuleContext) {
    let analysis = ctx.analysis;
    let index = analysis.index;
    // Asyncio tasks, whether spawned here, returned by program functions or handed to
    // callers that discard them, matter only where Kafka is: elsewhere it is ruff's RUF006
    // (catalog OL203).
    let kafka_file = std::cell::OnceCell::new();
    let kafka_file = || *kafka_file.get_or_init(|| analysis.reaches_client_library());
    for &(call, body) in &index.calls {
        let result = &index.uses[call.id.0 as usize];
        // Decided only for a spawn: the name and closure lookups are not free.
        let ends_dropped = || match &result.end {
            End::Discarded | End::Underscore => true,
            // Bound to a name nothing reads again: dropped at the end of the scope.
            End::Bound(name) => name.starts_with('_') || !analysis.reads_name_anywhere(name),
            // A lambda's result, handed to a call that throws it away.
            End::Used => analysis.returned_to_discarder(call),
            _ => false,
        };
        // Awaits only (none for a direct spawn or a plain function's task, one for an
        // `async def` that returns it): `await w.send(..)` as a statement drops the task too.
        let awaits = result.adapters.iter().all(|a| *a == Adapter::Await);
        let name = call.func.last_name().unwrap_or("spawn");
        let (spawn, dropped, what) = if let Some(spawn) = analysis.task_spawn(call, body) {
            let dropped = result.adapters.is_empty() && ends_dropped();
            (spawn, dropped, format!("task from `{name}`"))
        } else if !kafka_file() {
            continue;
        } else if let Some(n) = (awaits && !matches!(result.end, End::Returned | End::Method(_)))
            .then(|| analysis.returned_task(call, body))
            .flatten()
        {
            // A program function's task, dropped by its caller.
            let dropped = result.adapters.len() == n && ends_dropped();
            (Spawn::Any, dropped, format!("task returned by `{name}`"))
        } else if analysis.hands_task_to_discarder(call, body) {
            // The function handed to a call that drops what it returns
            // (`loop.add_signal_handler(sig, self.stop)`).
            let what = format!("task returned by the function handed to `{name}`");
            (Spawn::Any, true, what)
        } else {
            continue;
        };
        // A test expecting the spawn itself to raise starts no task.
        if !dropped || analysis.expects_raise(call) {
            continue;
        }
        if matches!(spawn, Spawn::KafkaOnly(_)) && !analysis.spawn_touches_kafka(call, body) {
            continue;
        }
        if spawn == Spawn::Any && !kafka_file() {
            continue;
        }
        let (message, help) = match spawn {
            Spawn::Any => (
                format!("{what} is not kept: if it fails, nobody sees the error"),
                "keep a reference and observe the task: `await` it, add a done-callback that logs or re-raises its exception (keeping the task in a set until then), or start it in an `asyncio.TaskGroup`",
            ),
            Spawn::KafkaOnly(help) => (
                format!("`{name}` handle dropped: a failed produce or commit inside the task goes unnoticed"),
                help,
            ),
        };
        let finding = Finding::new(Rule::UnobservedTask, call.range, message)
            .primary("task result never observed")
            .help(help);
        ctx.report(finding);
    }
}
