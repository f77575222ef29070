//! Background tasks (OL203): the calls that spawn one and what keeps its failure observed.
//! The Python form is not Kafka-specific, so these names also feed the literal prefilter.

/// Spawning calls, by language-neutral shape.
#[derive(Debug, Clone)]
pub struct TaskKnowledge {
    /// Functions that spawn a task, by qualified path: `asyncio.create_task`,
    /// `tokio::task::spawn` (written with `.` or `::`).
    pub spawn_functions: Vec<Vec<String>>,
    /// Methods of an event loop that spawn a task: `loop.create_task(..)`.
    pub loop_spawn_methods: Vec<String>,
    /// Calls that return an event loop: `asyncio.get_running_loop()`.
    pub loop_factories: Vec<String>,
    /// A receiver whose last name contains this is an event loop (`self._loop`).
    pub loop_word: String,
    /// Spawns whose task is dropped only matter when the task produces or commits (Rust's
    /// `JoinHandle`: a dropped handle detaches, and a panic inside is lost).
    pub kafka_only: Vec<Vec<String>>,
}

impl Default for TaskKnowledge {
    fn default() -> Self {
        let paths = |ps: &[&str]| -> Vec<Vec<String>> {
            ps.iter()
                .map(|p| p.split('.').map(str::to_string).collect())
                .collect()
        };
        TaskKnowledge {
            spawn_functions: paths(&["asyncio.create_task", "asyncio.ensure_future"]),
            loop_spawn_methods: super::strings(&["create_task", "ensure_future"]),
            loop_factories: super::strings(&[
                "get_event_loop",
                "get_running_loop",
                "new_event_loop",
            ]),
            loop_word: "loop".into(),
            kafka_only: paths(&[
                "tokio.spawn",
                "tokio.task.spawn",
                "tokio.task.spawn_blocking",
                "tokio.task.spawn_local",
            ])
            .into_iter()
            // Java: a dropped `CompletableFuture` of a background stage.
            .chain(["runAsync", "supplyAsync"].map(|m| {
                crate::model::java_path(&format!("java.util.concurrent.CompletableFuture.{m}"))
            }))
            .collect(),
        }
    }
}

impl TaskKnowledge {
    /// Words whose presence in a file means OL203 may concern it without a Kafka import.
    pub fn prefilter_words(&self) -> Vec<String> {
        let mut words: Vec<String> = self
            .spawn_functions
            .iter()
            .filter_map(|p| p.last().cloned())
            .chain(self.loop_spawn_methods.iter().cloned())
            .collect();
        words.sort();
        words.dedup();
        words
    }
}
