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
    /// Spawns that hand back their argument when it is already a task or future
    /// (`asyncio.ensure_future(task)`): given a task kept elsewhere, they start nothing.
    pub passthrough: Vec<String>,
    /// Calls that return an event loop: `asyncio.get_running_loop()`.
    pub loop_factories: Vec<String>,
    /// A receiver whose last name contains this is an event loop (`self._loop`).
    pub loop_word: String,
    /// Spawns whose task is dropped only matter when the task produces or commits (Rust's
    /// `JoinHandle`: a dropped handle detaches, and a panic inside is lost), with the help
    /// for their form.
    pub kafka_only: Vec<(Vec<String>, &'static str)>,
    /// Executors and threads: methods that run their argument on another thread.
    pub executors: ExecutorSpawns,
    /// Java's concurrent queues: what is put on one is worked on by the thread that takes it.
    pub queues: QueueHandoffs,
}

/// Java's concurrent queues (`java.util.concurrent`): a record put on one is worked on by
/// the thread that takes it, later (a batch writer draining a `BlockingQueue`), so a commit
/// after the put covers data that is so far only in memory (rules.md OL104's buffer case).
#[derive(Debug, Clone)]
pub struct QueueHandoffs {
    /// Receiver types, in `packages`; also their constructors (`new LinkedBlockingQueue<>(n)`).
    pub types: &'static [&'static str],
    pub packages: &'static [&'static str],
    /// Their methods that put an element on the queue.
    pub methods: &'static [&'static str],
}

/// Java executors (`java.util.concurrent`, Spring's task executors) and threads: a task handed
/// to one whose `Future` is dropped (or that has none: `execute`, `Thread.start`) fails unseen.
#[derive(Debug, Clone)]
pub struct ExecutorSpawns {
    /// Receiver types (`ExecutorService`, `ThreadPoolTaskExecutor`), in these packages.
    pub types: &'static [&'static str],
    pub packages: &'static [&'static str],
    /// Their methods that run the argument: `submit`, `execute`, `schedule`.
    pub methods: &'static [&'static str],
    /// Calls that make an executor (`Executors.newFixedThreadPool(..)`), by last name.
    pub factories: &'static [&'static str],
    /// The method a task object runs (`Runnable.run`, `Callable.call`): handing an executor
    /// `new SendTask(..)` runs that method of the program's class.
    pub task_methods: &'static [&'static str],
    /// The thread type (in `java.lang`: no import names it), whose `start()` runs what its
    /// constructor was given.
    pub thread: &'static str,
    pub start: &'static str,
    pub help: &'static str,
}

const RUST_HANDLE_HELP: &str = "keep the `JoinHandle` (or a `JoinSet`) and await it, so a panic or an error in the task stops the pipeline instead of vanishing";
const JAVA_FUTURE_HELP: &str = "keep the returned `Future`/`CompletableFuture` and wait on it (`get`, `join`), or attach `whenComplete`/`exceptionally` that handles the error, so a failure in the task stops the pipeline instead of vanishing";

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
            passthrough: super::strings(&["ensure_future"]),
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
            .map(|p| (p, RUST_HANDLE_HELP))
            // Java: a dropped `CompletableFuture` of a background stage; a virtual thread.
            .chain(["runAsync", "supplyAsync"].map(|m| {
                let p = format!("java.util.concurrent.CompletableFuture.{m}");
                (crate::model::java_path(&p), JAVA_FUTURE_HELP)
            }))
            .chain([(
                paths(&["Thread.startVirtualThread"]).remove(0),
                JAVA_FUTURE_HELP,
            )])
            .collect(),
            executors: ExecutorSpawns {
                types: &[
                    "Executor",
                    "ExecutorService",
                    "ScheduledExecutorService",
                    "ThreadPoolExecutor",
                    "ScheduledThreadPoolExecutor",
                    "ForkJoinPool",
                    "TaskExecutor",
                    "AsyncTaskExecutor",
                    "ThreadPoolTaskExecutor",
                    "SimpleAsyncTaskExecutor",
                ],
                packages: &[
                    "java.util.concurrent",
                    "org.springframework.core.task",
                    "org.springframework.scheduling.concurrent",
                ],
                methods: &["submit", "execute", "schedule"],
                factories: &[
                    "newFixedThreadPool",
                    "newCachedThreadPool",
                    "newSingleThreadExecutor",
                    "newScheduledThreadPool",
                    "newSingleThreadScheduledExecutor",
                    "newWorkStealingPool",
                    "newVirtualThreadPerTaskExecutor",
                    "newThreadPerTaskExecutor",
                    "commonPool",
                ],
                task_methods: &["run", "call"],
                thread: "Thread",
                start: "start",
                help: JAVA_FUTURE_HELP,
            },
            queues: QueueHandoffs {
                types: &[
                    "BlockingQueue",
                    "BlockingDeque",
                    "TransferQueue",
                    "LinkedBlockingQueue",
                    "LinkedBlockingDeque",
                    "ArrayBlockingQueue",
                    "LinkedTransferQueue",
                    "PriorityBlockingQueue",
                    "SynchronousQueue",
                    "ConcurrentLinkedQueue",
                    "ConcurrentLinkedDeque",
                ],
                packages: &["java.util.concurrent"],
                methods: &[
                    "offer",
                    "put",
                    "add",
                    "addLast",
                    "offerLast",
                    "putLast",
                    "transfer",
                    "tryTransfer",
                ],
            },
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
