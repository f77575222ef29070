//! `offsetlint inventory` on the fixture projects under `testdata/inventory/` (a Python
//! project over confluent-kafka, aiokafka and kafka-python; a Cargo crate over rdkafka):
//! each format is snapshotted, the JSON's field names are held to the documented schema,
//! the output does not depend on how the engine batches its work, and findings do not
//! change the exit code.

use std::collections::{BTreeMap, BTreeSet};

use offsetlint::cli::main_with_args;
use offsetlint::ExitStatus;
use serde_json::Value;

const PROJECTS: [&str; 2] = ["testdata/inventory/py", "testdata/inventory/rs"];

fn inventory(extra: &[&str]) -> (ExitStatus, String, String) {
    let args = ["offsetlint", "inventory", "--isolated"]
        .into_iter()
        .chain(PROJECTS)
        .chain(extra.iter().copied())
        .map(String::from);
    let (status, out) = main_with_args(args);
    (status, out.stdout, out.stderr)
}

fn format(name: &str) -> String {
    let (status, stdout, stderr) = inventory(&["--format", name]);
    assert_eq!(status, ExitStatus::Clean, "{stderr}");
    assert_eq!(stderr, "");
    stdout
}

#[test]
fn human_snapshot() {
    insta::assert_snapshot!("inventory_human", format("human"));
}

#[test]
fn markdown_snapshot() {
    insta::assert_snapshot!("inventory_markdown", format("markdown"));
}

#[test]
fn json_snapshot() {
    insta::assert_snapshot!("inventory_json", format("json"));
}

/// Projects whose imports resolve only as Python resolves them at run time (a script's
/// directory, a Dockerfile's `WORKDIR` tree, a package chain up to the root run from
/// `backend/src/`, source roots declared by `package-dir` and pytest's `pythonpath`): each client is one entry holding the uses of the modules that import it.
#[test]
fn import_roots_snapshot() {
    let args = [
        "offsetlint",
        "inventory",
        "--isolated",
        "--format",
        "markdown",
    ]
    .into_iter()
    .chain(
        [
            "py_script_dir",
            "py_workdir",
            "py_package_chain",
            "py_declared_roots",
        ]
        .map(|p| format!("testdata/projects/{p}"))
        .iter()
        .map(String::as_str),
    )
    .map(String::from)
    .collect::<Vec<_>>();
    let (status, out) = main_with_args(args);
    assert_eq!(status, ExitStatus::Clean, "{}", out.stderr);
    // No entry without uses: each construction is joined to the module that uses it; a
    // global declared with a client type and filled by a startup hook in another module is
    // its construction's entry; a `functools.partial` callback is its function's kind.
    assert!(!out.stdout.contains("No uses found"), "{}", out.stdout);
    assert!(!out.stdout.contains("(declared type)"), "{}", out.stdout);
    assert!(
        out.stdout
            .contains("callback `partial(..)` records failures"),
        "{}",
        out.stdout
    );
    // A finding in a consume loop that no call holds (OL103's handler) is the consumer's.
    let handler = "handlers.py:14:9`";
    assert!(
        (out.stdout.lines()).any(|l| l.starts_with("- OL103 ") && l.ends_with(handler)),
        "{}",
        out.stdout
    );
    insta::assert_snapshot!("inventory_import_roots", out.stdout);
}

/// The keys of every object in the schema, by where the object sits. docs/inventory.md
/// documents each one; a field renamed or removed in the output fails this test.
const SCHEMA: &[(&str, &[&str])] = &[
    ("", &["version", "schema_version", "clients", "heuristic"]),
    (
        "client",
        &[
            "role",
            "library",
            "type",
            "resolution",
            "location",
            "function",
            "receiver",
            "config",
            "settings",
            "pinned",
            "uses",
            "findings",
            "also_reaches",
            "topics",
        ],
    ),
    ("client.pinned", &["version", "from"]),
    ("client.location", &["path", "line", "column", "cell"]),
    ("client.config", &["kind", "name", "at", "open"]),
    ("client.config.at", &["path", "line", "column", "cell"]),
    (
        "client.settings",
        &[
            "name",
            "key",
            "value",
            "source",
            "expression",
            "version",
            "callback",
            "note",
        ],
    ),
    ("client.settings.callback", &["name", "kind"]),
    (
        "client.uses",
        &[
            "kind", "method", "detail", "location", "via", "topic", "callback",
        ],
    ),
    ("client.uses.location", &["path", "line", "column", "cell"]),
    ("client.uses.callback", &["name", "kind"]),
    ("client.findings", &["code", "rule", "location"]),
    (
        "client.findings.location",
        &["path", "line", "column", "cell"],
    ),
    ("client.also_reaches", &["path", "line", "column", "cell"]),
];

/// The fields a version-1 reader knows, by object: every one is still there, with its
/// version-1 meaning (`version` stays 1; `schema_version` says what was added).
const VERSION_1: &[(&str, &[&str])] = &[
    ("", &["version", "clients", "heuristic"]),
    (
        "client",
        &[
            "role",
            "library",
            "type",
            "resolution",
            "location",
            "function",
            "receiver",
            "config",
            "settings",
            "pinned",
            "uses",
            "findings",
        ],
    ),
    ("client.settings", &["name", "key", "value", "source"]),
    (
        "client.uses",
        &["kind", "method", "detail", "location", "via"],
    ),
    ("client.location", &["path", "line", "column"]),
];

/// Collects the key set of every object under `at` (array elements share their parent's
/// place; `clients` and `heuristic` elements are both `client`).
fn keys(v: &Value, at: &str, out: &mut BTreeMap<String, BTreeSet<String>>) {
    match v {
        Value::Object(m) => {
            let seen = out.entry(at.to_string()).or_default();
            seen.extend(m.keys().cloned());
            for (k, child) in m {
                let place = match (at, k.as_str()) {
                    ("", "clients" | "heuristic") => "client".to_string(),
                    ("", k) => k.to_string(),
                    (at, k) => format!("{at}.{k}"),
                };
                keys(child, &place, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|i| keys(i, at, out)),
        _ => {}
    }
}

#[test]
fn json_fields_are_the_documented_schema() {
    let json: Value = serde_json::from_str(&format("json")).unwrap();
    assert_eq!(json["version"], 1);
    assert_eq!(json["schema_version"], 2);
    let mut found = BTreeMap::new();
    keys(&json, "", &mut found);
    for (at, ks) in VERSION_1 {
        for k in *ks {
            assert!(
                found[*at].contains(*k),
                "version-1 field `{at}.{k}` is gone"
            );
        }
    }
    let expected: BTreeMap<String, BTreeSet<String>> = SCHEMA
        .iter()
        .map(|(at, ks)| (at.to_string(), ks.iter().map(|k| k.to_string()).collect()))
        .collect();
    // Every documented object occurs in the fixture's output, with exactly its fields.
    assert_eq!(found, expected);
    let docs = std::fs::read_to_string("docs/inventory.md").unwrap();
    for (_, ks) in SCHEMA {
        for k in *ks {
            assert!(
                docs.contains(&format!("`{k}`")),
                "docs/inventory.md does not document `{k}`"
            );
        }
    }
}

#[test]
fn every_client_and_finding_of_check_is_in_the_inventory() {
    let json: Value = serde_json::from_str(&format("json")).unwrap();
    let entries: Vec<&Value> = ["clients", "heuristic"]
        .iter()
        .flat_map(|k| json[k].as_array().unwrap())
        .collect();
    let clients = json["clients"].as_array().unwrap();
    let heuristic = json["heuristic"].as_array().unwrap();
    // Both languages and both roles, configs from other modules and helpers, a heuristic.
    for (library, role) in [
        ("confluent-kafka", "consumer"),
        ("confluent-kafka", "producer"),
        ("aiokafka", "consumer"),
        ("aiokafka", "producer"),
        ("kafka-python", "consumer"),
        ("rdkafka", "consumer"),
        ("rdkafka", "producer"),
    ] {
        assert!(
            clients
                .iter()
                .any(|c| c["library"] == library && c["role"] == role),
            "no {library} {role}"
        );
    }
    let kinds: BTreeSet<&str> = clients
        .iter()
        .filter_map(|c| c["config"]["kind"].as_str())
        .collect();
    assert!(kinds.is_superset(&BTreeSet::from(["literal", "named", "helper"])));
    assert!(!heuristic.is_empty());
    assert!(heuristic.iter().all(|h| h["resolution"] == "heuristic"));
    // The findings the inventory attaches are findings of `check`, and every finding of
    // `check` on a client's construction or use is attached to one.
    let mut attached = BTreeSet::new();
    for e in &entries {
        for f in e["findings"].as_array().unwrap() {
            let l = &f["location"];
            attached.insert((
                l["path"].as_str().unwrap().to_string(),
                l["line"].as_u64().unwrap(),
                f["code"].as_str().unwrap().to_string(),
            ));
        }
    }
    let args = ["offsetlint", "check", "--isolated", "--format", "json"]
        .into_iter()
        .chain(PROJECTS)
        .map(String::from);
    let (_, out) = main_with_args(args);
    let findings: Value = serde_json::from_str(&out.stdout).unwrap();
    let checked: BTreeSet<(String, u64, String)> = findings
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["path"].as_str().unwrap().to_string(),
                f["line"].as_u64().unwrap(),
                f["code"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert!(!attached.is_empty());
    assert!(attached.is_subset(&checked), "{attached:?} vs {checked:?}");
    // OL203 concerns tasks, not clients; every client rule's finding is attached here.
    let on_clients: BTreeSet<_> = checked
        .into_iter()
        .filter(|(_, _, code)| code != "OL203")
        .collect();
    assert_eq!(attached, on_clients);
}

#[test]
fn output_does_not_depend_on_batching() {
    let whole = format("json");
    let (_, batched, _) = inventory(&["--format", "json", "--batch-targets", "1"]);
    assert_eq!(whole, batched);
}

#[test]
fn findings_exit_zero_and_tool_errors_exit_two() {
    let (status, stdout, _) = inventory(&[]);
    assert_eq!(status, ExitStatus::Clean);
    assert!(stdout.contains("OL101"), "{stdout}");
    let (status, out) = main_with_args(
        [
            "offsetlint",
            "inventory",
            "--config",
            "testdata/inventory/missing.toml",
            ".",
        ]
        .into_iter()
        .map(String::from),
    );
    assert_eq!(status, ExitStatus::Error);
    assert!(out.stderr.contains("missing.toml"), "{}", out.stderr);
}

/// The Python fixture's project requires kafka-python without a version: a default that
/// changed between releases (acks, idempotence) is `depends-on-version`, not a guess, and
/// the consumer's defaults, the same in every release, are shown.
#[test]
fn unpinned_version_dependent_defaults_are_not_guessed() {
    let (_, stdout, _) = inventory(&["--format", "json"]);
    let json: Value = serde_json::from_str(&stdout).unwrap();
    let clients = json["clients"].as_array().unwrap();
    let kafka_python = |role: &str| {
        (clients.iter())
            .find(|c| c["library"] == "kafka-python" && c["role"] == role)
            .unwrap()
    };
    let producer = kafka_python("producer");
    assert_eq!(
        producer["pinned"],
        serde_json::json!({"version": "any version", "from": ["pyproject.toml"]})
    );
    for s in producer["settings"].as_array().unwrap() {
        if s["name"] == "acks" || s["name"] == "idempotence" {
            assert_eq!(s["source"], "depends-on-version", "{s}");
            assert!(s["value"].is_null(), "{s}");
        }
    }
    let consumer = kafka_python("consumer");
    let auto_commit = (consumer["settings"].as_array().unwrap().iter())
        .find(|s| s["name"] == "auto commit")
        .unwrap();
    assert_eq!(auto_commit["value"], "true");
    assert_eq!(auto_commit["source"], "default");
}

/// The clients of the fixture's JSON, and one by where it is built.
fn clients() -> Vec<Value> {
    let json: Value = serde_json::from_str(&format("json")).unwrap();
    json["clients"].as_array().unwrap().clone()
}

fn built_in<'a>(clients: &'a [Value], path: &str, line: u64) -> &'a Value {
    (clients.iter())
        .find(|c| c["location"]["path"] == path && c["location"]["line"] == line)
        .unwrap_or_else(|| panic!("no client built at {path}:{line}"))
}

fn setting<'a>(client: &'a Value, name: &str) -> &'a Value {
    (client["settings"].as_array().unwrap().iter())
        .find(|s| s["name"] == name)
        .unwrap_or_else(|| panic!("no setting {name} in {client}"))
}

/// One producer built in `bus.py` and used in three modules is one entry holding every use,
/// its settings read through `**settings.producer` (a class attribute spreading a module
/// constant), each callback classified, the weakest deciding the delivery callback.
#[test]
fn one_client_used_in_three_modules_is_one_entry() {
    let clients = clients();
    let bus = "testdata/inventory/py/ingest/bus.py";
    let built_there = (clients.iter())
        .filter(|c| c["location"]["path"] == bus)
        .count();
    assert_eq!(built_there, 1);
    let producer = built_in(&clients, bus, 18);
    let files: BTreeSet<&str> = (producer["uses"].as_array().unwrap().iter())
        .map(|u| u["location"]["path"].as_str().unwrap())
        .collect();
    assert_eq!(
        files,
        BTreeSet::from([
            "testdata/inventory/py/ingest/orders.py",
            "testdata/inventory/py/ingest/refunds.py",
            "testdata/inventory/py/ingest/shipping.py",
        ])
    );
    assert_eq!(
        producer["topics"],
        serde_json::json!(["orders", "refunds", "shipping"])
    );
    let acks = setting(producer, "acks");
    assert_eq!(
        (&acks["value"], &acks["source"]),
        (&"1".into(), &"explicit".into())
    );
    let kinds: Vec<(&str, &str)> = (producer["uses"].as_array().unwrap().iter())
        .filter(|u| u["kind"] == "produce")
        .map(|u| {
            (
                u["topic"].as_str().unwrap(),
                u["callback"]["kind"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        kinds,
        [
            ("orders", "records failures"),
            ("refunds", "only logs"),
            ("shipping", "only logs")
        ]
    );
    assert_eq!(
        setting(producer, "delivery callback")["callback"]["kind"],
        "only logs"
    );
}

/// A field's declared type whose uses resolution traces to it is joined to the one
/// construction stored in the field: one entry, the declaration (the field's line, not its
/// struct's) under `also_reaches`.
#[test]
fn a_declared_field_is_joined_to_its_construction() {
    let clients = clients();
    assert!(clients.iter().all(|c| c["resolution"] != "annotation"));
    let consumer = built_in(&clients, "testdata/inventory/rs/src/invoices.rs", 16);
    assert_eq!(
        consumer["also_reaches"],
        serde_json::json!([{
            "path": "testdata/inventory/rs/src/invoices.rs", "line": 10, "column": 5, "cell": null
        }])
    );
    let uses: Vec<&str> = (consumer["uses"].as_array().unwrap().iter())
        .map(|u| u["method"].as_str().unwrap())
        .collect();
    assert_eq!(
        uses,
        [
            "recv",
            "store_offset_from_message",
            "high_watermark",
            "commit_consumer_state"
        ]
    );
}

/// A computed group keeps the expression it came from; a consumer without a group says that
/// nothing is committed; consumes are uses.
#[test]
fn computed_values_and_groupless_consumers_say_what_they_are() {
    let clients = clients();
    let ingress = "testdata/inventory/py/ingest/ingress.py";
    let consumer = built_in(&clients, ingress, 10);
    let group = setting(consumer, "group id");
    assert_eq!(group["source"], "computed");
    assert_eq!(group["expression"], "config.host_ingress_consumer_group");
    let tail = built_in(&clients, ingress, 19);
    assert_eq!(
        setting(tail, "auto commit")["note"],
        "no group: nothing is committed"
    );
    assert_eq!(tail["uses"][0]["kind"], "consume");
    assert_eq!(tail["uses"][0]["method"], "getmany");
}

/// A notebook's positions are cells and lines in them, as `check` reports them.
#[test]
fn notebook_positions_are_cells() {
    let clients = clients();
    let nb = "testdata/inventory/py/notebooks/replay.ipynb";
    let consumer = (clients.iter())
        .find(|c| c["location"]["path"] == nb)
        .unwrap();
    assert_eq!(consumer["location"]["cell"], 2);
    assert_eq!(consumer["location"]["line"], 3);
    let commit = (consumer["uses"].as_array().unwrap().iter())
        .find(|u| u["kind"] == "commit")
        .unwrap();
    assert_eq!(
        (&commit["location"]["cell"], &commit["location"]["line"]),
        (&3.into(), &3.into())
    );
    assert_eq!(consumer["findings"][0]["location"]["cell"], 3);
}

/// The markdown report opens with its risks, each with the finding of its rule.
#[test]
fn markdown_opens_with_the_risks() {
    let md = format("markdown");
    let risks = md
        .split("## Risks")
        .nth(1)
        .unwrap()
        .split("\n## ")
        .next()
        .unwrap();
    assert!(md.find("## Risks") < md.find("## `"), "{md}");
    for expected in [
        "weak acks (`acks=1`, explicit); OL205 at `testdata/inventory/py/ingest/bus.py:18:19`",
        "delivery callback only logs",
        "auto-commit on; OL105 at `testdata/inventory/py/ingest/ingress.py:10:16`",
        "1 position-wide commit(s); OL101 at `testdata/inventory/py/notebooks/replay.ipynb:cell 3:3:1`",
    ] {
        assert!(risks.contains(expected), "{expected} not in {risks}");
    }
    // Stored offsets committed by position are not a risk; nor is a group-less consumer.
    assert!(!risks.contains("invoices.rs"), "{risks}");
    assert!(!risks.contains("ingress.py:19"), "{risks}");
}
