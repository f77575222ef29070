//! OL203 unobserved-task: a fire-and-forget task whose failure nobody sees: an asyncio task
//! whose result is discarded (no strong reference, no done-callback, not awaited, not in a
//! `TaskGroup`), or a dropped `tokio::spawn` handle whose task produces or commits.

use crate::analysis::context::Spawn;
use crate::analysis::uses::End;
use crate::diagnostic::Finding;
use crate::registry::Rule;
use crate::rules::RuleContext;

/// OL203
pub(crate) fn unobserved_task(ctx: &RuleContext) {
    let analysis = ctx.analysis;
    let index = analysis.index;
    for &(call, body) in &index.calls {
        let Some(spawn) = analysis.task_spawn(call, body) else {
            continue;
        };
        let result = &index.uses[call.id.0 as usize];
        let dropped = result.adapters.is_empty()
            && match &result.end {
                End::Discarded | End::Underscore => true,
                // Bound to a name nothing reads again: dropped at the end of the scope.
                End::Bound(name) => name.starts_with('_') || !analysis.reads_name_anywhere(name),
                _ => false,
            };
        // A test expecting the spawn itself to raise starts no task.
        if !dropped || analysis.expects_raise(call) {
            continue;
        }
        if spawn == Spawn::KafkaOnly && !analysis.spawn_touches_kafka(call, body) {
            continue;
        }
        // Any discarded asyncio task matters, but only where Kafka is: elsewhere it is ruff's
        // RUF006 (catalog OL203).
        if spawn == Spawn::Any && !analysis.reaches_client_library() {
            continue;
        }
        let name = call.func.last_name().unwrap_or("spawn");
        let (message, help) = match spawn {
            Spawn::Any => (
                format!("task from `{name}` is not kept: if it fails, nobody sees the error"),
                "keep a reference and observe the task: `await` it, add a done-callback that logs or re-raises its exception (keeping the task in a set until then), or start it in an `asyncio.TaskGroup`",
            ),
            Spawn::KafkaOnly => (
                format!("`{name}` handle dropped: a failed produce or commit inside the task goes unnoticed"),
                "keep the `JoinHandle` (or a `JoinSet`) and await it, so a panic or an error in the task stops the pipeline instead of vanishing",
            ),
        };
        let finding = Finding::new(Rule::UnobservedTask, call.range, message)
            .primary("task result never observed")
            .help(help);
        ctx.report(finding);
    }
}
