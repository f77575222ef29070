//! Per-language words the analyses and front ends look through or classify, kept in one place
//! so the Rust front end's type lowering and the binding analysis cannot drift apart.

/// Words the analyses use; every list is data, read by name.
#[derive(Debug, Clone)]
pub struct Vocabulary {
    /// Generic types that hold the same client (`Arc<FutureProducer>`, `Option<..>`, lock
    /// guards, lazy statics): annotations are looked through them.
    pub type_wrappers: &'static [&'static str],
    /// Types whose `::new(x)` wraps a value without changing what it is: `Arc::new(x)`.
    pub value_wrappers: &'static [&'static str],
    /// Enum variants that wrap a value: `Some(x)`.
    pub wrapping_variants: &'static [&'static str],
    /// Methods that return the same client (or a guard of it): `.clone()`, `.lock()`.
    pub same_value_methods: &'static [&'static str],
    /// Methods that observe a `Result`'s error by propagating or panicking on it.
    pub unwrap_methods: &'static [&'static str],
    /// Methods that throw a `Result`'s error away: `.ok()`, `.unwrap_or(..)`.
    pub discard_methods: &'static [&'static str],
    /// Methods that transform a result without observing it: `.map_err(..)`, `.context(..)`.
    pub passthrough_methods: &'static [&'static str],
    /// Completion stages whose callback gets the failure as its parameter at that index
    /// (`whenComplete((r, ex) -> ..)`): a callback that never reads it passes the failure
    /// on unseen, like a `passthrough_methods` stage.
    pub error_param_stages: &'static [(&'static str, usize)],
    /// Modules whose types say nothing about what a value is (`Any`, `Optional`, `Arc`).
    pub typing_modules: &'static [&'static str],
    /// Annotations that say nothing about a value (`producer: Any`): its callers tell.
    pub untyped_annotations: &'static [&'static str],
    /// Marker and auto traits dropped from generic bounds.
    pub marker_traits: &'static [&'static str],
    /// Calls that return their first argument's value (context-manager helpers):
    /// `closing(c)`, `stack.enter_context(c)`.
    pub passthrough_calls: &'static [&'static str],
    /// Decorators that make a method read like an attribute (its value is what it returns).
    pub property_decorators: &'static [&'static str],
    /// Modules whose calls make test doubles (`unittest.mock.MagicMock(..)`), by dotted path.
    pub test_double_modules: &'static [&'static str],
    /// pytest fixtures that make test doubles (pytest-mock's `mocker`).
    pub double_fixtures: &'static [&'static str],
    /// Methods of a lazily initialised cell that return its value: `PRODUCER.get()`.
    pub cell_methods: &'static [&'static str],
    /// Container methods that return one element: `producers.get(k)`.
    pub element_methods: &'static [&'static str],
    /// Container methods that return the elements again: `producers.values()`.
    pub elements_methods: &'static [&'static str],
    /// Methods whose parameters callers fill by calling the class: `__init__`, `new`.
    pub constructor_methods: &'static [&'static str],
    /// Functions that take a callable and call it later, with the position of the callable,
    /// its keyword, and whether the callable's result comes back (as an awaitable or future):
    /// `atexit.register(f, ..)`, `loop.run_in_executor(None, f, ..)`, `asyncio.to_thread(f, ..)`.
    pub callable_takers: &'static [(&'static str, usize, &'static str, bool)],
    /// The callable takers that pass their keyword arguments on to the callable too
    /// (`asyncio.to_thread(c.commit, message=m)`, `atexit.register(f, **kw)`,
    /// `executor.submit(fn, **kw)`); the others take keywords of their own.
    pub keyword_takers: &'static [&'static str],
    /// The callable takers that await what an async callable returns, then drop it
    /// (Starlette's `add_task`, anyio's and trio's `start_soon`).
    pub awaiting_takers: &'static [&'static str],
    /// Functions that bind a callable's first arguments (`functools.partial`), by qualified
    /// path.
    pub partial_functions: &'static [[&'static str; 2]],
    /// Calls that run a callable with its arguments packed in a tuple and a dict:
    /// `threading.Thread(target=run, args=(consumer,))`, `pool.apply_async(run, (c,))`.
    pub packed_runners: &'static [PackedRunner],
    /// Parameter defaults that inject what a function returns or yields, by qualified path:
    /// FastAPI's `producer=Depends(get_producer)`, the dependency first (or `dependency=`).
    pub dependency_markers: &'static [&'static [&'static str]],
    /// Web applications whose `state` is one bag of attributes for the whole application
    /// (Starlette, FastAPI), by qualified path.
    pub web_apps: &'static [&'static [&'static str]],
    /// Applications that are themselves one bag of attributes for the whole application
    /// (Flask's `app.producer = ..`), by qualified path.
    pub registry_apps: &'static [&'static [&'static str]],
    /// Names that stand for the application serving the request (Flask's `current_app`).
    pub app_proxies: &'static [&'static [&'static str]],
    /// Requests whose `.app` is the application serving them, by qualified path.
    pub web_requests: &'static [&'static [&'static str]],
    /// Calls that end the process (an exit for OL103), by qualified path (`.`-separated;
    /// a one-segment entry must be the whole path).
    pub process_exits: &'static [&'static str],
    /// Methods that only log (a use of message data that is not an effect, OL104).
    pub log_methods: &'static [&'static str],
    /// Functions and methods that compute without an effect (OL104): `len`, `str`, `loads`.
    pub pure_calls: &'static [&'static str],
    /// Accessors of a message's metadata rather than its data (OL103, OL104): `msg.offset()`.
    pub message_metadata: &'static [&'static str],
    /// The clients' offset value types, built to say what to commit (OL102's commit retry):
    /// `TopicPartition(..)`, `OffsetAndMetadata(..)`.
    pub offset_types: &'static [&'static str],
    /// Methods that add to an in-memory buffer (OL104's buffered sink): `batch.append(x)`.
    pub buffer_add_methods: &'static [&'static str],
    /// Methods that give the slot of one key of a container, which an add then fills
    /// (`batch.get(table).append(x)`, `by_key.entry(k).or_default().push(x)`): the add fills
    /// the container (OL104's buffered sink).
    pub slot_methods: &'static [&'static str],
    /// Methods that read or reset a buffer without writing it anywhere (OL104).
    pub buffer_local_methods: &'static [&'static str],
    /// Words that make a call or an assignment a checkpoint/watermark/cursor advance (OL204,
    /// OL302), and whether the bare word alone (`checkpoint(..)`) is one (`cursor()` opens a
    /// database cursor).
    pub advance_words: &'static [(&'static str, bool)],
    /// Methods that write a checkpoint-named receiver (`checkpoint.save(..)`).
    pub advance_methods: &'static [&'static str],
    /// Methods that acknowledge a source position whatever their receiver is called, when
    /// given one of these keywords: a logical-replication cursor's `send_feedback(flush_lsn=..)`
    /// (psycopg) tells the database it may discard the log up to there.
    pub position_acks: &'static [(&'static str, &'static [&'static str])],
    /// Calls that read a clock (`Instant::now()`, `time.monotonic()`): a name such as
    /// `last_checkpoint` assigned one times the next checkpoint, it does not advance one.
    pub clock_calls: &'static [&'static str],
    /// Name prefixes that make a checkpoint-named call a read (`load_checkpoint`).
    pub advance_read_prefixes: &'static [&'static str],
    /// Words in a name that holds delivery state (OL204's guard): `failures`, `acked`.
    pub delivery_state_words: &'static [&'static str],
    /// Calls that sleep (OL302's tainted backoff before a commit retry), by last name.
    pub sleep_calls: &'static [&'static str],
    /// Context managers of tests that expect the code inside to raise: `assertRaises`.
    pub expect_raises: &'static [&'static str],
    /// Methods that register a callback on a delivery handle: the outcome arrives later, so
    /// an advance right after is not confirmed (OL204): `fut.add_done_callback(..)`.
    pub handle_callback_methods: &'static [&'static str],
    /// Client methods that stand for a framework's commit when a handler returns (a Spring
    /// listener's container commit): they have no source text of their own, so a finding
    /// about one sits at the code it concerns (OL204: the unconfirmed send).
    pub handler_return_commits: &'static [&'static str],
    /// A consumer library's exceptions that its poll raises with no message handed out
    /// (kafka-clients' `KafkaConsumer.poll`: a wake-up, an interrupt, a timeout), by class
    /// name; a handler of only these around a poll is the poll's (OL103).
    pub poll_failures: &'static [&'static str],
    /// What a poll returns, as a parameter's declared type (package, class): a function taking
    /// one gets the messages of a poll its caller made (kafka-clients' `ConsumerRecords`).
    pub polled_batch_types: &'static [(&'static str, &'static str)],
    /// Calls that read a producer's queue length (OL202's re-checked flush): `len(producer)`,
    /// `producer.in_flight_count()`.
    pub queue_len_calls: &'static [&'static str],
    /// Stream combinators whose closure runs once per item (a consume loop's body when the
    /// stream is a consumer's, catalog OL103), and whether the closure's error return ends
    /// the stream (`try_for_each`, Java's `forEach`) or only that item (`for_each`, `then`).
    pub each_methods: &'static [(&'static str, bool)],
    /// Calls that make a channel or queue, by the qualified path's first and last segments,
    /// and whether they return a (sender, receiver) pair (Rust) rather than one object that
    /// is both ends (Python's `queue.Queue()`). A consume loop that sends its messages into
    /// one makes the loops over its receiving end consume loops (catalog: "Channels").
    pub channel_makers: &'static [(&'static str, &'static str, bool)],
    /// Methods that put a value on a channel or queue: `tx.send(m)`, `q.put(msg)`.
    pub channel_sends: &'static [&'static str],
    /// Methods that take values off a channel or queue (one, or a stream or iterator of
    /// them): `rx.recv()`, `q.get()`, `rx.iter()`, `rx.into_stream()`.
    pub channel_receives: &'static [&'static str],
}

pub const TYPE_WRAPPERS: &[&str] = &[
    "Arc",
    "Rc",
    "Box",
    "Option",
    "Mutex",
    "RwLock",
    "Pin",
    "RefCell",
    "Cell",
    "Weak",
    "MutexGuard",
    "RwLockReadGuard",
    "RwLockWriteGuard",
    "ManuallyDrop",
    "OnceCell",
    "OnceLock",
    "Lazy",
    "LazyLock",
    // A function returning `KafkaResult<StreamConsumer>` gives a consumer once `?` or
    // `.unwrap()` (looked through as well) has been applied.
    "Result",
    "KafkaResult",
    // Web-framework extractors deref to what they hold (axum, actix-web).
    "State",
    "Extension",
    "Data",
];

/// Rust collections whose last type argument is the element (`Vec<P>`, `HashMap<K, P>`).
/// Words in the name of a callable the code calls to notify others of a message it has
/// processed (`callback(msg, elapsed)`, `self._callback(status, msg, ..)`): a failure there
/// is the observer's, not the message's processing (OL103).
pub const NOTIFICATION_CALLABLES: &[&str] = &["callback"];

pub const CONTAINER_TYPES: &[&str] = &[
    "Vec",
    "VecDeque",
    "LinkedList",
    "BinaryHeap",
    "HashMap",
    "BTreeMap",
    "HashSet",
    "BTreeSet",
    "IndexMap",
    "IndexSet",
    "DashMap",
    "SmallVec",
];

/// Result methods whose closure argument (at the position given) runs when the result failed:
/// the Rust front end lowers it as a failure path.
pub const ERROR_CLOSURES: &[(&str, usize)] = &[
    ("unwrap_or_else", 0),
    ("or_else", 0),
    ("inspect_err", 0),
    ("map_or_else", 0),
];

pub const MARKER_TRAITS: &[&str] = &[
    "Send", "Sync", "Unpin", "Sized", "Copy", "Clone", "Debug", "Default",
];

/// `Thread(group, target, name, args, kwargs)`, `Timer(interval, function, args, kwargs)`,
/// `Pool.apply_async(func, args, kwds)`.
const PACKED_RUNNERS: &[PackedRunner] = &[
    PackedRunner::new("Thread", ("target", 1), ("args", 3), ("kwargs", 4)),
    PackedRunner::new("Process", ("target", 1), ("args", 3), ("kwargs", 4)),
    PackedRunner::new("Timer", ("function", 1), ("args", 2), ("kwargs", 3)),
    PackedRunner::new("apply_async", ("func", 0), ("args", 1), ("kwds", 2)),
    PackedRunner::new("apply", ("func", 0), ("args", 1), ("kwds", 2)),
];

impl Vocabulary {
    /// The callable taker a call's last name is (`run_in_executor`, `to_thread`, ..): the
    /// position of the callable and whether its result comes back.
    pub fn callable_taker(&self, last: &str) -> Option<(usize, bool)> {
        (self.callable_takers.iter())
            .find(|(n, ..)| *n == last)
            .map(|&(_, at, _, returns)| (at, returns))
    }
}

impl Default for Vocabulary {
    fn default() -> Self {
        Vocabulary {
            type_wrappers: TYPE_WRAPPERS,
            value_wrappers: &["Arc", "Rc", "Box", "Mutex", "RwLock", "RefCell", "Cell"],
            wrapping_variants: &["Some", "Ok"],
            same_value_methods: &[
                "unwrap",
                "expect",
                // `create().unwrap_or_else(|e| { eprintln!(..); exit(1) })`: the Ok value.
                "unwrap_or_else",
                "clone",
                "lock",
                "read",
                "write",
                "borrow",
                "borrow_mut",
                "as_ref",
                "get_ref",
                "into",
            ],
            unwrap_methods: &["unwrap", "expect", "unwrap_unchecked"],
            discard_methods: &["ok", "unwrap_or", "unwrap_or_default"],
            passthrough_methods: &[
                "map_err",
                "context",
                "with_context",
                "wrap_err",
                "wrap_err_with",
                "into",
                "boxed",
                "fuse",
                // tracing's `Instrument`: the same future, run inside a span.
                "instrument",
                "in_current_span",
                // Java futures: a stage that runs only on success fails when the future
                // failed, without looking at the failure (`send(..).thenAccept(..)`).
                "thenAccept",
                "thenApply",
                "thenRun",
                "thenCompose",
                "thenAcceptAsync",
                "thenApplyAsync",
                "thenRunAsync",
                "thenComposeAsync",
                "orTimeout",
                "completable",
            ],
            error_param_stages: &[
                ("whenComplete", 1),
                ("whenCompleteAsync", 1),
                ("handle", 1),
                ("handleAsync", 1),
            ],
            typing_modules: &[
                "typing",
                "typing_extensions",
                "collections",
                "std",
                "core",
                "alloc",
            ],
            untyped_annotations: &["Any", "object"],
            marker_traits: MARKER_TRAITS,
            passthrough_calls: &[
                "closing",
                "aclosing",
                "enter_context",
                "enter_async_context",
                "nullcontext",
            ],
            property_decorators: &["property", "cached_property", "cache", "lru_cache"],
            test_double_modules: &["unittest.mock", "mock", "pytest_mock", "asynctest"],
            double_fixtures: &[
                "mocker",
                "class_mocker",
                "module_mocker",
                "package_mocker",
                "session_mocker",
            ],
            cell_methods: &[
                "get",
                "get_or_init",
                "get_or_try_init",
                "force",
                "deref",
                // Java's `Optional<Producer<K, V>>`: the value or a fallback/exception.
                "orElseThrow",
                "orElse",
                "orElseGet",
            ],
            element_methods: &[
                "get",
                "orElseThrow",
                "orElse",
                "orElseGet",
                "pop",
                "setdefault",
                "get_mut",
                "first",
                "last",
                "remove",
            ],
            elements_methods: &[
                "values",
                "copy",
                "iter",
                "iter_mut",
                "into_iter",
                "into_values",
            ],
            constructor_methods: &["__init__", "__post_init__", "<init>"],
            callable_takers: &[
                ("register", 0, "func", false),
                ("run_in_executor", 1, "func", true),
                ("to_thread", 0, "func", true),
                // `anyio.to_thread.run_sync(func, *args)` / trio's: returns what it returns.
                ("run_sync", 0, "func", true),
                ("submit", 0, "fn", true),
                ("call_soon", 0, "callback", false),
                ("call_soon_threadsafe", 0, "callback", false),
                ("call_later", 1, "callback", false),
                ("start_soon", 0, "func", false),
                ("add_signal_handler", 1, "callback", false),
                // Starlette's (FastAPI's) `background_tasks.add_task(func, *args, **kwargs)`:
                // runs after the response, its result thrown away.
                ("add_task", 0, "func", false),
                ("signal", 1, "handler", false),
            ],
            keyword_takers: &["register", "to_thread", "submit", "add_task"],
            awaiting_takers: &["add_task", "start_soon"],
            partial_functions: &[["functools", "partial"]],
            packed_runners: PACKED_RUNNERS,
            web_apps: &[
                &["fastapi", "FastAPI"],
                &["fastapi", "applications", "FastAPI"],
                &["starlette", "applications", "Starlette"],
            ],
            registry_apps: &[&["flask", "Flask"], &["flask", "app", "Flask"]],
            app_proxies: &[
                &["flask", "current_app"],
                &["flask", "globals", "current_app"],
            ],
            web_requests: &[
                &["fastapi", "Request"],
                &["fastapi", "WebSocket"],
                &["fastapi", "requests", "Request"],
                &["starlette", "requests", "Request"],
                &["starlette", "requests", "HTTPConnection"],
                &["starlette", "websockets", "WebSocket"],
            ],
            dependency_markers: &[
                &["fastapi", "Depends"],
                &["fastapi", "Security"],
                &["fastapi", "params", "Depends"],
                &["fastapi", "params", "Security"],
                &["fastapi", "param_functions", "Depends"],
                &["fastapi", "param_functions", "Security"],
            ],
            process_exits: &[
                "sys.exit",
                "os._exit",
                "os.abort",
                "exit",
                "quit",
                "std.process.exit",
                "process.exit",
                "std.process.abort",
                "process.abort",
            ],
            log_methods: &[
                "debug",
                "info",
                "warning",
                "warn",
                "error",
                "exception",
                "critical",
                "fatal",
                "log",
                "trace",
                "print",
                "pprint",
                "echo",
                "secho",
            ],
            pure_calls: &[
                "len",
                "str",
                "repr",
                "int",
                "float",
                "bool",
                "bytes",
                "list",
                "dict",
                "tuple",
                "set",
                "frozenset",
                "sorted",
                "reversed",
                "isinstance",
                "type",
                "id",
                "hash",
                "format",
                "min",
                "max",
                "sum",
                "any",
                "all",
                "enumerate",
                "zip",
                "range",
                "hasattr",
                "getattr",
                "iter",
                "next",
                "loads",
                "dumps",
                "decode",
                "encode",
                "parse",
                "from_slice",
                "from_str",
                "from_utf8",
                "to_string",
                "to_owned",
                "clone",
                "copy",
                "deepcopy",
                "get",
                "items",
                "keys",
                "values",
                "Some",
                "Ok",
                "Err",
                "Duration",
                "from_millis",
                "from_secs",
            ],
            message_metadata: &[
                "topic",
                "partition",
                "offset",
                "timestamp",
                "timestamp_type",
                "error",
                "latency",
                "leader_epoch",
                "serialized_key_size",
                "serialized_value_size",
                "checksum",
                "topic_partition",
            ],
            each_methods: &[
                ("for_each", false),
                ("for_each_concurrent", false),
                ("then", false),
                ("try_for_each", true),
                ("try_for_each_concurrent", true),
                // Java's `Iterable.forEach`/`Stream.forEach`: what the lambda throws ends it.
                ("forEach", true),
                ("forEachOrdered", true),
            ],
            channel_makers: &[
                ("tokio", "channel", true),
                ("tokio", "unbounded_channel", true),
                ("std", "channel", true),
                ("std", "sync_channel", true),
                ("crossbeam", "bounded", true),
                ("crossbeam", "unbounded", true),
                ("crossbeam_channel", "bounded", true),
                ("crossbeam_channel", "unbounded", true),
                ("flume", "bounded", true),
                ("flume", "unbounded", true),
                ("async_channel", "bounded", true),
                ("async_channel", "unbounded", true),
                ("futures", "channel", true),
                ("futures", "unbounded", true),
                ("queue", "Queue", false),
                ("queue", "SimpleQueue", false),
                ("queue", "LifoQueue", false),
                ("queue", "PriorityQueue", false),
                ("asyncio", "Queue", false),
                ("asyncio", "LifoQueue", false),
                ("asyncio", "PriorityQueue", false),
                ("multiprocessing", "Queue", false),
                ("multiprocessing", "JoinableQueue", false),
                ("multiprocessing", "SimpleQueue", false),
            ],
            channel_sends: &[
                "send",
                "send_async",
                "try_send",
                "blocking_send",
                "send_timeout",
                "unbounded_send",
                "put",
                "put_nowait",
            ],
            channel_receives: &[
                "recv",
                "recv_async",
                "recv_timeout",
                "recv_deadline",
                "recv_many",
                "try_recv",
                "blocking_recv",
                "iter",
                "try_iter",
                "into_iter",
                "into_stream",
                "stream",
                "next",
                "get",
                "get_nowait",
            ],
            offset_types: &["TopicPartition", "OffsetAndMetadata", "TopicPartitionList"],
            buffer_add_methods: &[
                "append",
                "extend",
                "push",
                "push_back",
                "push_front",
                "insert",
                "add",
                "appendleft",
                "put",
                "put_nowait",
            ],
            slot_methods: &[
                "get",
                "setdefault",
                "get_mut",
                "entry",
                "or_default",
                "or_insert",
                "or_insert_with",
                "or_insert_with_key",
            ],
            buffer_local_methods: &[
                "append",
                "extend",
                "push",
                "push_back",
                "push_front",
                "insert",
                "add",
                "appendleft",
                "put",
                "put_nowait",
                "clear",
                "len",
                "is_empty",
                "__len__",
                "copy",
                "get",
                "keys",
                "items",
                "values",
                "count",
                "index",
                // Bookkeeping on the container (a retry tracker), not a write-out.
                "remove",
                "discard",
                "contains",
                "contains_key",
                "get_mut",
                "entry",
            ],
            advance_words: &[
                ("checkpoint", true),
                ("watermark", true),
                ("high_water", true),
                ("cursor", false),
            ],
            advance_methods: &[
                "save", "set", "update", "write", "store", "put", "advance", "commit", "persist",
                "mark",
            ],
            clock_calls: &[
                "now",
                "utcnow",
                "time",
                "monotonic",
                "perf_counter",
                "time_ns",
            ],
            position_acks: &[("send_feedback", &["flush_lsn", "write_lsn", "apply_lsn"])],
            advance_read_prefixes: &[
                "get", "load", "read", "fetch", "restore", "is", "has", "current", "compute",
                "calc", "find", "lookup", "parse", "open", "new", "make", "create", "build",
            ],
            delivery_state_words: &[
                "error",
                "fail",
                "undeliver",
                "deliver",
                "acked",
                "unacked",
                "nack",
                "pending",
                "outstanding",
                "inflight",
                "in_flight",
                "confirm",
                "lost",
            ],
            sleep_calls: &["sleep", "sleep_until", "sleep_ms"],
            expect_raises: &[
                "assertRaises",
                "assertRaisesRegex",
                "assertRaisesRegexp",
                "raises",
            ],
            queue_len_calls: &["len", "__len__", "in_flight_count", "outq_len"],
            handler_return_commits: &[super::java::LISTENER_RETURN_COMMIT],
            poll_failures: &["WakeupException", "InterruptException", "TimeoutException"],
            polled_batch_types: &[(super::java::KAFKA_CONSUMER, "ConsumerRecords")],
            handle_callback_methods: &[
                "add_done_callback",
                "add_callback",
                "add_errback",
                "add_both",
                // Java futures: a `CompletableFuture`'s stages, a `ListenableFuture`'s callback.
                "whenComplete",
                "whenCompleteAsync",
                "handle",
                "handleAsync",
                "exceptionally",
                "addCallback",
            ],
        }
    }
}

/// A runner that takes a callable and its packed arguments, each by keyword or position.
#[derive(Debug, Clone, Copy)]
pub struct PackedRunner {
    /// The runner's last name: `Thread` (`threading.Thread`, a context's `Process`).
    pub name: &'static str,
    pub callable: RunnerArg,
    /// The positional arguments, a tuple or list.
    pub args: RunnerArg,
    /// The keyword arguments, a dict.
    pub kwargs: RunnerArg,
}

/// A runner's argument, passed by keyword or at a position.
#[derive(Debug, Clone, Copy)]
pub struct RunnerArg {
    pub keyword: &'static str,
    pub position: usize,
}

impl PackedRunner {
    const fn new(
        name: &'static str,
        callable: (&'static str, usize),
        args: (&'static str, usize),
        kwargs: (&'static str, usize),
    ) -> Self {
        PackedRunner {
            name,
            callable: RunnerArg::at(callable),
            args: RunnerArg::at(args),
            kwargs: RunnerArg::at(kwargs),
        }
    }
}

impl RunnerArg {
    const fn at((keyword, position): (&'static str, usize)) -> Self {
        RunnerArg { keyword, position }
    }
}

/// Whether a qualified path is one of `paths` (the vocabulary's lists of qualified paths:
/// dependency markers, web applications).
pub fn is_one_of(q: &[String], paths: &[&[&str]]) -> bool {
    paths.iter().any(|p| q.iter().eq(p.iter()))
}

/// Java generic types that hold elements of their last type argument (`List<Producer>`,
/// `Map<String, Producer>`): the Java front end's element types.
pub const JAVA_CONTAINERS: &[&str] = &[
    "List",
    "ArrayList",
    "LinkedList",
    "Collection",
    "Set",
    "HashSet",
    "Map",
    "HashMap",
    "ConcurrentHashMap",
    "LinkedHashMap",
    "TreeMap",
    "Queue",
    "Deque",
    "BlockingQueue",
    "Iterable",
];

/// Java generic types that hold one value of their type argument, looked through like Rust's
/// `Arc<T>`: `Optional<KafkaProducer<..>>`, `AtomicReference<..>`, `Supplier<..>`.
pub const JAVA_TYPE_WRAPPERS: &[&str] = &[
    "Optional",
    "AtomicReference",
    "Supplier",
    "ObjectProvider",
    "Provider",
    "ThreadLocal",
];

/// Java methods and constructors whose functional argument runs with its result thrown away
/// (`Consumer`, `Runnable`): `records.forEach(r -> producer.send(r))` drops each send's
/// future, where an expression lambda elsewhere returns its value (`supplyAsync(() -> ..)`).
pub const JAVA_VOID_CALLBACK_TAKERS: &[&str] = &[
    "forEach",
    "forEachOrdered",
    "forEachRemaining",
    "ifPresent",
    "ifPresentOrElse",
    "execute",
    "runAsync",
    "fromRunnable",
    "thenAccept",
    "thenRun",
    "doOnNext",
    "doOnSuccess",
    "Thread",
];

/// Java map types a configuration is built in (`new Properties()`, `new HashMap<>()`).
pub const JAVA_MAP_TYPES: &[&str] = &[
    "Properties",
    "HashMap",
    "LinkedHashMap",
    "TreeMap",
    "ConcurrentHashMap",
    "Hashtable",
];

/// Guava's `Maps` factories of those types (`Maps.newHashMap()`, `Maps.newHashMap(base)`):
/// `new HashMap<>(..)` by another name.
pub const JAVA_MAP_FACTORIES: &[&str] = &[
    "newHashMap",
    "newLinkedHashMap",
    "newTreeMap",
    "newConcurrentMap",
];

/// Whether a call's dotted name makes an empty map, or a copy of its one argument:
/// `new HashMap<>(base)` ([`JAVA_MAP_TYPES`]) or Guava's `Maps.newHashMap(base)`.
pub fn is_java_map_copy(path: &[&str]) -> bool {
    match path {
        [.., "Maps", factory] => JAVA_MAP_FACTORIES.contains(factory),
        [.., last] => JAVA_MAP_TYPES.contains(last),
        [] => false,
    }
}

/// Guava map types whose `builder()` builds a map entry by entry:
/// `ImmutableMap.<String, Object>builder().put(k, v)..build()`.
pub const JAVA_MAP_BUILDERS: &[&str] = &["ImmutableMap", "ImmutableSortedMap"];

/// Config keys whose value is a nested map of settings applied as if set at the top:
/// librdkafka's legacy `"default.topic.config": {"request.required.acks": 0}` (confluent-kafka
/// and rdkafka still honour it).
pub const NESTED_CONFIG_KEYS: &[&str] = &["default.topic.config"];

/// Setters of a configuration key on a constructed client, by method: spring-kafka's
/// `DefaultKafkaProducerFactory.setTransactionIdPrefix(p)` gives each producer it creates a
/// `transactional.id` that starts with `p`.
pub const CLIENT_CONFIG_SETTERS: &[(&str, &str)] =
    &[("setTransactionIdPrefix", "transactional.id")];

/// Java map methods that set one entry: `props.put(k, v)`, `props.setProperty(k, v)`.
pub const JAVA_MAP_SETTERS: &[&str] = &["put", "setProperty", "putIfAbsent"];

/// `Properties` methods that read entries from a file or stream at run time
/// (`props.load(new FileInputStream(path))`): any key may be set there.
pub const JAVA_MAP_LOADERS: &[&str] = &["load", "loadFromXML"];

/// Whether a call's dotted name makes a Java map on the spot: `new Properties()`,
/// `new HashMap<>(..)` or `Maps.newHashMap(..)` ([`is_java_map_copy`]), `Map.of(..)`,
/// `Map.ofEntries(..)`, and Guava's `ImmutableMap.of(..)` / `ImmutableMap.ofEntries(..)`
/// (same arguments, same map).
pub fn is_java_map_literal(path: &[&str]) -> bool {
    matches!(path, [.., "Map" | "ImmutableMap", "of" | "ofEntries"]) || is_java_map_copy(path)
}

/// The process's console streams (Java's `System.out.println(..)`): a write there is a log
/// line, not an effect on a message.
pub const CONSOLE_STREAMS: &[&[&str]] = &[&["System", "out"], &["System", "err"]];

/// Whether `recv` (a dotted receiver path) is one of [`CONSOLE_STREAMS`].
pub fn is_console_stream(recv: &[&str]) -> bool {
    CONSOLE_STREAMS.contains(&recv)
}

/// Types whose values are timeouts, never offsets (`commitSync(Duration.ofSeconds(5))`).
pub const TIMEOUT_TYPES: &[&str] = &["Duration"];

/// Declared types of a parameter that can fill a commit's offsets position but never hold
/// offsets or a message: a timeout, or kafka-clients' commit callback
/// (`commitSync(Duration timeout)`, `commitAsync(OffsetCommitCallback callback)`).
pub const NOT_OFFSETS_TYPES: &[&str] = &["Duration", "OffsetCommitCallback"];

/// Whether a parameter's declared type says it is never offsets nor a message
/// ([`NOT_OFFSETS_TYPES`]): a decorator's `commitSync(Duration timeout)` forwarding it still
/// commits the position.
pub fn declared_not_offsets(p: &crate::model::Param) -> bool {
    p.annotation.as_ref().is_some_and(|t| {
        !t.paths.is_empty()
            && (t.paths.iter()).all(|path| {
                path.last()
                    .is_some_and(|l| NOT_OFFSETS_TYPES.contains(&l.as_str()))
            })
    })
}
