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

/// The keys of every object in the schema, by where the object sits. docs/inventory.md
/// documents each one; a field renamed or removed in the output fails this test.
const SCHEMA: &[(&str, &[&str])] = &[
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
    ("client.pinned", &["version", "from"]),
    ("client.location", &["path", "line", "column"]),
    ("client.config", &["kind", "name", "at", "open"]),
    ("client.config.at", &["path", "line", "column"]),
    ("client.settings", &["name", "key", "value", "source"]),
    (
        "client.uses",
        &["kind", "method", "detail", "location", "via"],
    ),
    ("client.uses.location", &["path", "line", "column"]),
    ("client.findings", &["code", "rule", "location"]),
    ("client.findings.location", &["path", "line", "column"]),
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
    let mut found = BTreeMap::new();
    keys(&json, "", &mut found);
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
