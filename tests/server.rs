//! `offsetlint server`: the real binary, spoken to in JSON-RPC over its standard input and
//! output as an editor does.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

use serde_json::{json, Value};

use common::write;

const APP: &str = "from confluent_kafka import Consumer

consumer = Consumer({\"group.id\": \"g\", \"enable.auto.commit\": False})


def run():
    while True:
        msg = consumer.poll(1.0)
        if msg is None:
            continue
        consumer.commit()
";

/// How long a test waits for one message before it fails.
const WAIT: Duration = Duration::from_secs(60);

struct Client {
    child: Child,
    stdin: Option<ChildStdin>,
    messages: Receiver<Value>,
    next_id: i64,
}

impl Client {
    /// Starts the server in `dir` and initializes it (with file watching, as VS Code has).
    fn start(dir: &Path) -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_offsetlint"))
            .arg("server")
            .current_dir(dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start offsetlint server");
        let stdout = child.stdout.take().unwrap();
        let (tx, messages) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            while let Some(message) = read_message(&mut reader) {
                if tx.send(message).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        let mut client = Client {
            child,
            stdin,
            messages,
            next_id: 0,
        };
        let root = uri(dir);
        let init = client.request(
            "initialize",
            json!({
                "processId": null,
                "rootUri": root,
                "capabilities": {
                    "workspace": { "didChangeWatchedFiles": { "dynamicRegistration": true } },
                    "textDocument": { "publishDiagnostics": { "relatedInformation": true } }
                }
            }),
        );
        let caps = &init["capabilities"];
        assert_eq!(caps["hoverProvider"], json!(true));
        assert_eq!(caps["textDocumentSync"]["change"], json!(1));
        assert_eq!(init["serverInfo"]["name"], json!("offsetlint"));
        client.notify("initialized", json!({}));
        // The server asks to be told of file changes; the client says yes.
        let register = client.wait_for(|m| m["method"] == "client/registerCapability");
        let globs = register["params"]["registrations"][0]["registerOptions"]["watchers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w["globPattern"].as_str().unwrap().to_string())
            .collect::<Vec<_>>();
        assert!(
            globs.iter().any(|g| g.contains("pyproject.toml")),
            "{globs:?}"
        );
        client.send(json!({ "jsonrpc": "2.0", "id": register["id"], "result": null }));
        client
    }

    fn send(&mut self, message: Value) {
        let body = message.to_string();
        let stdin = self.stdin.as_mut().unwrap();
        write!(stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        stdin.flush().unwrap();
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    /// Sends a request and returns its result (its error fails the test).
    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        let response = self.wait_for(|m| m["id"] == json!(id) && m.get("method").is_none());
        assert!(response.get("error").is_none(), "{response}");
        response["result"].clone()
    }

    /// The next message that satisfies `wanted` (the others before it are dropped).
    fn wait_for(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        loop {
            let message = self
                .messages
                .recv_timeout(WAIT)
                .expect("the server sent nothing in time");
            if wanted(&message) {
                return message;
            }
        }
    }

    /// The next diagnostics published for `file`.
    fn diagnostics(&mut self, file: &Path) -> Vec<Value> {
        let uri = uri(file);
        let published = self.wait_for(|m| {
            m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
        });
        published["params"]["diagnostics"]
            .as_array()
            .unwrap()
            .clone()
    }

    fn open(&mut self, file: &Path, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": {
                "uri": uri(file), "languageId": "python", "version": 1, "text": text
            }}),
        );
    }

    fn change(&mut self, file: &Path, version: i64, text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({
                "textDocument": { "uri": uri(file), "version": version },
                "contentChanges": [{ "text": text }]
            }),
        );
    }

    /// `shutdown`, `exit`, and the server's exit status.
    fn shut_down(mut self) -> i32 {
        assert_eq!(self.request("shutdown", Value::Null), Value::Null);
        self.notify("exit", Value::Null);
        drop(self.stdin.take());
        self.child.wait().unwrap().code().unwrap()
    }
}

fn read_message(reader: &mut impl BufRead) -> Option<Value> {
    let mut length = None;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            length = n.parse::<usize>().ok();
        }
    }
    let mut body = vec![0; length?];
    reader.read_exact(&mut body).ok()?;
    serde_json::from_slice(&body).ok()
}

fn uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// A project (`pyproject.toml`) in a fresh directory, by its canonical path.
fn project() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    write(&root, "pyproject.toml", "[project]\nname = \"demo\"\n");
    (dir, root)
}

/// The text with LSP text edits applied (line/character positions; ASCII text here).
fn apply(text: &str, edits: &[Value]) -> String {
    let offset = |p: &Value| {
        let (line, character) = (
            p["line"].as_u64().unwrap(),
            p["character"].as_u64().unwrap(),
        );
        let start: usize = text
            .split_inclusive('\n')
            .take(line as usize)
            .map(str::len)
            .sum();
        start + character as usize
    };
    let mut edits: Vec<(usize, usize, &str)> = edits
        .iter()
        .map(|e| {
            let r = &e["range"];
            (
                offset(&r["start"]),
                offset(&r["end"]),
                e["newText"].as_str().unwrap(),
            )
        })
        .collect();
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut out = text.to_string();
    for (start, end, new) in edits {
        out.replace_range(start..end, new);
    }
    out
}

/// The edits of a code action to one file.
fn edits_of<'a>(action: &'a Value, file: &Path) -> &'a [Value] {
    action["edit"]["changes"][uri(file)].as_array().unwrap()
}

/// A finding is published on open, as `check` reports it for the file; fixed in the buffer
/// (not on disk), it is cleared; closing clears too; shutdown then exit ends with status 0.
#[test]
fn diagnostics_follow_the_buffer_and_match_check() {
    let (_dir, root) = project();
    let app = write(&root, "app.py", APP);
    let mut client = Client::start(&root);
    client.open(&app, APP);
    let found = client.diagnostics(&app);
    assert_eq!(found.len(), 1, "{found:?}");
    let d = &found[0];
    assert_eq!(d["code"], "OL101");
    assert_eq!(d["source"], "offsetlint");
    assert_eq!(d["severity"], 1, "OL101 is an error by default");
    assert_eq!(
        d["range"],
        json!({ "start": { "line": 10, "character": 8 }, "end": { "line": 10, "character": 25 } })
    );
    let message = d["message"].as_str().unwrap();
    assert!(
        message.starts_with("`commit` commits the consumer's position"),
        "{message}"
    );
    assert!(message.contains("help: ") && message.contains("consumer.commit(message=msg)"));
    let related = d["relatedInformation"].as_array().unwrap();
    assert!(related[0]["message"]
        .as_str()
        .unwrap()
        .contains("constructed at line 3"));

    // The same finding, at the same place, as `check` reports for the saved file.
    let (_, out) = common::run(&["offsetlint", "check", "--format", "json", common::s(&app)]);
    let checked: Vec<Value> = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(checked.len(), 1);
    assert_eq!(checked[0]["code"], d["code"]);
    assert_eq!(
        checked[0]["line"],
        json!(d["range"]["start"]["line"].as_u64().unwrap() + 1)
    );
    assert_eq!(
        checked[0]["column"],
        json!(d["range"]["start"]["character"].as_u64().unwrap() + 1)
    );

    let fixed = APP.replace("consumer.commit()", "consumer.commit(message=msg)");
    client.change(&app, 2, &fixed);
    assert_eq!(client.diagnostics(&app), Vec::<Value>::new());
    client.change(&app, 3, APP);
    assert_eq!(client.diagnostics(&app).len(), 1);
    client.notify(
        "textDocument/didClose",
        json!({ "textDocument": { "uri": uri(&app) } }),
    );
    assert_eq!(client.diagnostics(&app), Vec::<Value>::new());
    assert_eq!(client.shut_down(), 0);
}

/// The fix (unsafe here, and said so) and the suppression, applied as the editor applies
/// them, give the expected text; the suppressed text lints clean.
#[test]
fn code_actions_fix_and_suppress() {
    let (_dir, root) = project();
    let app = write(&root, "app.py", APP);
    let mut client = Client::start(&root);
    client.open(&app, APP);
    assert_eq!(client.diagnostics(&app).len(), 1);
    let actions = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": { "uri": uri(&app) },
            "range": { "start": { "line": 10, "character": 12 }, "end": { "line": 10, "character": 12 } },
            "context": { "diagnostics": [] }
        }),
    );
    let actions = actions.as_array().unwrap();
    assert_eq!(actions.len(), 2, "{actions:?}");
    let fix = &actions[0];
    assert_eq!(fix["kind"], "quickfix.unsafe");
    assert_eq!(fix["isPreferred"], false);
    assert!(fix["title"].as_str().unwrap().contains("unsafe"), "{fix}");
    assert_eq!(
        apply(APP, edits_of(fix, &app)),
        APP.replace("consumer.commit()", "consumer.commit(message=msg)")
    );
    let suppress = &actions[1];
    assert_eq!(suppress["kind"], "quickfix");
    let suppressed = apply(APP, edits_of(suppress, &app));
    assert_eq!(
        suppressed,
        APP.replace(
            "consumer.commit()",
            "consumer.commit()  # offsetlint: ignore[OL101] TODO: say why this is safe"
        )
    );
    client.change(&app, 2, &suppressed);
    assert_eq!(client.diagnostics(&app), Vec::<Value>::new());

    // Nothing to offer away from a finding.
    let none = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": { "uri": uri(&app) },
            "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 0, "character": 0 } },
            "context": { "diagnostics": [] }
        }),
    );
    assert_eq!(none, json!([]));
    assert_eq!(client.shut_down(), 0);
}

/// A safe fix (removing a suppression that silences nothing, OL002) is a preferred quick
/// fix; applied, the file lints clean.
#[test]
fn safe_fix_is_a_preferred_quickfix() {
    let (_dir, root) = project();
    let line = "consumer = Consumer({\"group.id\": \"g\", \"enable.auto.commit\": False})";
    let head = format!("from confluent_kafka import Consumer\n\n{line}");
    let text = &format!("{head}  # offsetlint: ignore[OL101] not a commit\n");
    let app = write(&root, "app.py", text);
    let mut client = Client::start(&root);
    client.open(&app, text);
    let found = client.diagnostics(&app);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0]["code"], "OL002");
    assert_eq!(found[0]["severity"], 2, "OL002 is a warning");
    let actions = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": { "uri": uri(&app) },
            "range": found[0]["range"],
            "context": { "diagnostics": found }
        }),
    );
    let actions = actions.as_array().unwrap();
    assert_eq!(actions.len(), 1, "no suppression of OL002: {actions:?}");
    assert_eq!(actions[0]["kind"], "quickfix");
    assert_eq!(actions[0]["isPreferred"], true);
    let fixed = apply(text, edits_of(&actions[0], &app));
    assert_eq!(fixed, format!("{head}\n"));
    client.change(&app, 2, &fixed);
    assert_eq!(client.diagnostics(&app), Vec::<Value>::new());
    assert_eq!(client.shut_down(), 0);
}

/// Hover on a finding shows its rule's document; elsewhere, nothing.
#[test]
fn hover_shows_the_rule_document() {
    let (_dir, root) = project();
    let app = write(&root, "app.py", APP);
    let mut client = Client::start(&root);
    client.open(&app, APP);
    assert_eq!(client.diagnostics(&app).len(), 1);
    let at = |line: u32, character: u32| json!({ "textDocument": { "uri": uri(&app) }, "position": { "line": line, "character": character } });
    let hover = client.request("textDocument/hover", at(10, 15));
    assert_eq!(hover["contents"]["kind"], "markdown");
    let doc = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/OL101-bare-commit.md"),
    )
    .unwrap();
    assert_eq!(hover["contents"]["value"].as_str().unwrap(), doc);
    assert_eq!(
        hover["range"]["start"],
        json!({ "line": 10, "character": 8 })
    );
    assert_eq!(client.request("textDocument/hover", at(0, 3)), Value::Null);
    assert_eq!(client.shut_down(), 0);
}

/// The project's configuration applies (a `[severity]` level, as `check` reads it), and a
/// change to another file of the project, told by a file event, is seen by the next lint.
#[test]
fn configuration_and_other_files_of_the_project() {
    let (_dir, root) = project();
    write(
        &root,
        "pyproject.toml",
        "[project]\nname = \"demo\"\n\n[tool.offsetlint.severity]\nOL101 = \"warning\"\n",
    );
    let clients = "from confluent_kafka import Consumer\n\nconsumer = Consumer({\"group.id\": \"g\", \"enable.auto.commit\": False})\n";
    write(&root, "clients.py", clients);
    let text = "from clients import consumer\n\n\ndef run():\n    msg = consumer.poll(1.0)\n    consumer.commit()\n";
    let app = write(&root, "app.py", text);
    let mut client = Client::start(&root);
    client.open(&app, text);
    let found = client.diagnostics(&app);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        found[0]["severity"], 2,
        "the configuration makes OL101 a warning"
    );
    let label = |d: &Value| {
        d["relatedInformation"][0]["message"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert!(
        label(&found[0]).contains("clients.py:3"),
        "{}",
        label(&found[0])
    );

    // The consumer moves two lines down in the other file; the editor says so.
    let moved = clients.replace("\nconsumer =", "\n\n\nconsumer =");
    let clients_py = write(&root, "clients.py", &moved);
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({ "changes": [{ "uri": uri(&clients_py), "type": 2 }] }),
    );
    let found = client.diagnostics(&app);
    assert!(
        label(&found[0]).contains("clients.py:5"),
        "{}",
        label(&found[0])
    );

    // The configuration changes: OL101 back to an error.
    let pyproject = write(&root, "pyproject.toml", "[project]\nname = \"demo\"\n");
    client.notify(
        "workspace/didChangeWatchedFiles",
        json!({ "changes": [{ "uri": uri(&pyproject), "type": 2 }] }),
    );
    assert_eq!(client.diagnostics(&app)[0]["severity"], 1);
    assert_eq!(client.shut_down(), 0);
}

/// `exit` without `shutdown` ends with status 1, as the protocol asks.
#[test]
fn exit_without_shutdown_is_status_1() {
    let (_dir, root) = project();
    let mut client = Client::start(&root);
    client.notify("exit", Value::Null);
    drop(client.stdin.take());
    assert_eq!(client.child.wait().unwrap().code(), Some(1));
}

/// A request whose parameters do not read is answered with an error, a notification that
/// does not read is dropped, a request after `shutdown` is refused: the server goes on and
/// still ends with status 0.
#[test]
fn malformed_messages_are_not_fatal() {
    let (_dir, root) = project();
    let app = write(&root, "app.py", APP);
    let mut client = Client::start(&root);
    client.next_id += 1;
    let id = client.next_id;
    client.send(
        json!({ "jsonrpc": "2.0", "id": id, "method": "textDocument/hover", "params": { "x": 1 } }),
    );
    let answer = client.wait_for(|m| m["id"] == json!(id));
    assert_eq!(answer["error"]["code"], -32602, "{answer}");
    client.notify("textDocument/didOpen", json!({ "textDocument": 3 }));
    client.open(&app, APP);
    assert_eq!(client.diagnostics(&app).len(), 1);
    assert_eq!(client.request("shutdown", Value::Null), Value::Null);
    client.next_id += 1;
    let id = client.next_id;
    client
        .send(json!({ "jsonrpc": "2.0", "id": id, "method": "textDocument/hover", "params": {} }));
    let refused = client.wait_for(|m| m["id"] == json!(id));
    assert_eq!(refused["error"]["code"], -32600, "{refused}");
    client.notify("exit", Value::Null);
    drop(client.stdin.take());
    assert_eq!(client.child.wait().unwrap().code(), Some(0));
}

/// A notebook opened as its `.ipynb` file (what Neovim and Helix send: the JSON text): its
/// findings are those `check` reports, placed in the JSON text inside the cell's `source`
/// string; a cell that does not parse is OL001 there; no code action is offered (a fix
/// would have to be written as JSON).
#[test]
fn notebooks_opened_as_json_get_diagnostics_in_their_cells() {
    let (_dir, root) = project();
    let cells = [
        json!({"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": null,
               "source": ["from confluent_kafka import Consumer\n",
                          "consumer = Consumer({\"group.id\": \"g\", \"enable.auto.commit\": False})\n"]}),
        json!({"cell_type": "markdown", "metadata": {}, "source": "# Consume"}),
        json!({"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": null,
               "source": "%time x = 1\nwhile True:\n    msg = consumer.poll(1.0)\n    if msg is None:\n        continue\n    consumer.commit()"}),
        json!({"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": null,
               "source": ["%load extra.py\n", "def broken(:\n"]}),
    ];
    let notebook = json!({
        "cells": cells, "metadata": {"kernelspec": {"language": "python", "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5
    });
    let text = serde_json::to_string_pretty(&notebook).unwrap();
    let nb = write(&root, "explore.ipynb", &text);
    let mut client = Client::start(&root);
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": {
            "uri": uri(&nb), "languageId": "json", "version": 1, "text": text
        }}),
    );
    let found = client.diagnostics(&nb);
    let codes: Vec<&str> = found.iter().map(|d| d["code"].as_str().unwrap()).collect();
    let (_, out) = common::run(&["offsetlint", "check", "--format", "json", common::s(&nb)]);
    let checked: Vec<Value> = serde_json::from_str(&out.stdout).unwrap();
    let mut want: Vec<&str> = checked
        .iter()
        .map(|c| c["code"].as_str().unwrap())
        .collect();
    let mut got = codes.clone();
    want.sort_unstable();
    got.sort_unstable();
    assert_eq!(got, want, "{found:?}");
    assert!(
        codes.contains(&"OL101") && codes.contains(&"OL001"),
        "{codes:?}"
    );
    let lines: Vec<&str> = text.lines().collect();
    let at = |d: &Value, key: &str| {
        let p = &d["range"][key];
        let line = lines[p["line"].as_u64().unwrap() as usize];
        let units: Vec<u16> = line.encode_utf16().collect();
        String::from_utf16(&units[p["character"].as_u64().unwrap() as usize..]).unwrap()
    };
    let commit = found.iter().find(|d| d["code"] == "OL101").unwrap();
    assert!(
        at(commit, "start").starts_with("consumer.commit()\""),
        "{}",
        at(commit, "start")
    );
    assert!(at(commit, "end").starts_with('"'), "{}", at(commit, "end"));
    let broken = found.iter().find(|d| d["code"] == "OL001").unwrap();
    assert!(
        lines[broken["range"]["start"]["line"].as_u64().unwrap() as usize].contains("def broken(:"),
        "{broken}"
    );
    let actions = client.request(
        "textDocument/codeAction",
        json!({
            "textDocument": { "uri": uri(&nb) },
            "range": commit["range"],
            "context": { "diagnostics": [] }
        }),
    );
    assert_eq!(actions, json!([]));
    assert_eq!(client.shut_down(), 0);
}
