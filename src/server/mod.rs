//! `offsetlint server`: a language server over standard input and output. Each open Python or
//! Rust file is linted as `offsetlint check - --stdin-filename FILE` lints it (its project
//! read from disk, the editor's text standing for the file) and its findings published as
//! diagnostics; code actions apply a finding's fix or suppress it on its line; hover shows
//! the rule's document. A notebook opened as its `.ipynb` file (Neovim, Helix) is linted as
//! `check` lints it, its findings placed in the cells' `source` strings of the JSON text
//! (no code actions or hover there: a fix would have to be written as JSON). The walk of each project and the files read are kept between edits
//! (`engine::warm`) and forgotten on the editor's file events.

mod actions;
mod convert;
mod diagnostics;
mod notebook;

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use lsp_server::{Connection, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidChangeWatchedFiles, DidCloseTextDocument, DidOpenTextDocument,
    DidSaveTextDocument, Notification as _, PublishDiagnostics, ShowMessage,
};
use lsp_types::request::{CodeActionRequest, HoverRequest, RegisterCapability, Request as _};
use lsp_types::{
    CodeActionKind, CodeActionOptions, CodeActionProviderCapability, DidChangeWatchedFilesParams,
    DidChangeWatchedFilesRegistrationOptions, FileSystemWatcher, GlobPattern,
    HoverProviderCapability, InitializeParams, MessageType, PublishDiagnosticsParams, Registration,
    RegistrationParams, SaveOptions, ServerCapabilities, ServerInfo, ShowMessageParams,
    TextDocumentSyncCapability, TextDocumentSyncKind, TextDocumentSyncOptions,
    TextDocumentSyncSaveOptions, Uri,
};

use crate::config::{ConfigResolver, Overrides};
use crate::engine::discover::WalkOptions;
use crate::engine::warm::Warm;
use crate::engine::FileReport;
use crate::error::ExitStatus;

/// What fails only when the connection to the editor does (or its first message is bad).
type Fallible<T> = Result<T, Box<dyn std::error::Error>>;

/// An open document: its file, the editor's text, and what its last lint found.
struct Document {
    path: PathBuf,
    text: String,
    /// The file as linted (its text, findings and fixes); `None` before the first lint or
    /// when it had no finding.
    linted: Option<FileReport>,
}

struct Server {
    connection: Connection,
    documents: HashMap<Uri, Document>,
    /// Documents to lint once the messages waiting are handled (edits coalesce).
    dirty: BTreeSet<Uri>,
    /// The configuration of every directory, as `check` reads it; dropped when a
    /// configuration file changes or could not be read.
    configs: Option<Arc<ConfigResolver>>,
    warm: Arc<Warm>,
    next_request: i32,
}

/// Runs the server until the client says `exit`: exit status 0 after a `shutdown`, 1 without
/// one (as the protocol asks), 2 when the connection fails.
pub fn run() -> ExitStatus {
    let (connection, io_threads) = Connection::stdio();
    let status = match serve(connection) {
        Ok(true) => ExitStatus::Clean,
        Ok(false) => ExitStatus::Findings,
        Err(e) => {
            eprintln!("offsetlint server: {e}");
            ExitStatus::Error
        }
    };
    // Joined only after a clean end: the reader is still blocked on stdin otherwise.
    if status == ExitStatus::Clean {
        let _ = io_threads.join();
    }
    status
}

/// Serves until `exit`: whether a `shutdown` came first.
fn serve(connection: Connection) -> Fallible<bool> {
    let capabilities = ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::FULL),
                save: Some(TextDocumentSyncSaveOptions::SaveOptions(SaveOptions {
                    include_text: Some(false),
                })),
                ..TextDocumentSyncOptions::default()
            },
        )),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![
                CodeActionKind::QUICKFIX,
                CodeActionKind::from(actions::UNSAFE_QUICKFIX),
            ]),
            ..CodeActionOptions::default()
        })),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        ..ServerCapabilities::default()
    };
    let (id, params) = connection.initialize_start()?;
    let params: InitializeParams = serde_json::from_value(params)?;
    let result = serde_json::json!({
        "capabilities": capabilities,
        "serverInfo": ServerInfo {
            name: "offsetlint".into(),
            version: Some(env!("CARGO_PKG_VERSION").into()),
        },
    });
    connection.initialize_finish(id, result)?;
    let watch = (params.capabilities.workspace.as_ref())
        .and_then(|w| w.did_change_watched_files)
        .and_then(|w| w.dynamic_registration)
        .unwrap_or(false);
    let mut server = Server {
        connection,
        documents: HashMap::new(),
        dirty: BTreeSet::new(),
        configs: None,
        warm: Arc::new(Warm::default()),
        next_request: 0,
    };
    if watch {
        server.register_watchers()?;
    }
    server.main_loop()
}

/// The files whose changes can change a finding: sources, configuration, the manifests and
/// lock files that pin client versions, ignore files.
const WATCHED: &[&str] = &[
    "**/*.{py,pyi,rs,ipynb}",
    "**/{pyproject.toml,offsetlint.toml,.offsetlint.toml,setup.cfg,Cargo.toml}",
    "**/{Cargo.lock,poetry.lock,uv.lock,Pipfile.lock,requirements*.txt}",
    "**/{.gitignore,.ignore}",
];

impl Server {
    fn main_loop(&mut self) -> Fallible<bool> {
        let mut shut_down = false;
        while let Ok(message) = self.connection.receiver.recv() {
            let mut next = Some(message);
            // Handle every message already waiting before linting: a burst of edits is
            // linted once, at its last text.
            while let Some(message) = next.take() {
                match message {
                    Message::Request(req) if shut_down => {
                        let code = lsp_server::ErrorCode::InvalidRequest as i32;
                        let message = "the server is shutting down".to_string();
                        self.respond(Response::new_err(req.id, code, message))?;
                    }
                    Message::Request(req) => {
                        shut_down = req.method == "shutdown";
                        self.request(req)?;
                    }
                    Message::Notification(n) if n.method == "exit" => return Ok(shut_down),
                    // A notification the server cannot read is dropped (it has no answer to
                    // carry an error); the editor goes on.
                    Message::Notification(n) => {
                        let method = n.method.clone();
                        if let Err(e) = self.notification(n) {
                            eprintln!("offsetlint server: {method}: {e}");
                        }
                    }
                    Message::Response(_) => {}
                }
                next = self.connection.receiver.try_recv().ok();
            }
            self.lint_dirty()?;
        }
        Ok(shut_down)
    }

    fn request(&mut self, req: Request) -> Fallible<()> {
        let result = match req.method.as_str() {
            "shutdown" => serde_json::Value::Null,
            CodeActionRequest::METHOD => {
                let Some((id, params)) = self.params::<CodeActionRequest>(req)? else {
                    return Ok(());
                };
                // Answered on the text last linted: lint any pending edit first.
                self.lint_dirty()?;
                let actions = (self.linted(&params.text_document.uri))
                    .map(|f| actions::code_actions(&params.text_document.uri, f, params.range))
                    .unwrap_or_default();
                return self.respond(Response::new_ok(id, actions));
            }
            HoverRequest::METHOD => {
                let Some((id, params)) = self.params::<HoverRequest>(req)? else {
                    return Ok(());
                };
                self.lint_dirty()?;
                let at = params.text_document_position_params;
                let hover = (self.linted(&at.text_document.uri))
                    .and_then(|f| actions::hover(f, at.position));
                return self.respond(Response::new_ok(id, hover));
            }
            _ => {
                let message = format!("offsetlint server does not handle `{}`", req.method);
                let code = lsp_server::ErrorCode::MethodNotFound as i32;
                return self.respond(Response::new_err(req.id, code, message));
            }
        };
        self.respond(Response::new_ok(req.id, result))
    }

    /// A request's parameters, or `None` once it is answered with an error (they do not
    /// read as the method's).
    fn params<R: lsp_types::request::Request>(
        &self,
        req: Request,
    ) -> Fallible<Option<(RequestId, R::Params)>> {
        match serde_json::from_value(req.params) {
            Ok(params) => Ok(Some((req.id, params))),
            Err(e) => {
                let code = lsp_server::ErrorCode::InvalidParams as i32;
                self.respond(Response::new_err(req.id, code, e.to_string()))?;
                Ok(None)
            }
        }
    }

    /// What the last lint found, for code actions and hover: not for a notebook, whose
    /// positions are in its JSON text.
    fn linted(&self, uri: &Uri) -> Option<&FileReport> {
        let doc = self.documents.get(uri)?;
        (!crate::engine::notebook::is_notebook(&doc.path))
            .then_some(doc.linted.as_ref())
            .flatten()
    }

    fn respond(&self, response: Response) -> Fallible<()> {
        Ok(self.connection.sender.send(Message::Response(response))?)
    }

    fn notification(&mut self, n: Notification) -> Fallible<()> {
        match n.method.as_str() {
            DidOpenTextDocument::METHOD => {
                let p =
                    n.extract::<lsp_types::DidOpenTextDocumentParams>(DidOpenTextDocument::METHOD)?;
                let uri = p.text_document.uri;
                // Only local files offsetlint lints; a notebook's cells sent through the
                // notebook protocol (`notebookDocument/*`, VS Code's notebook editor) are not
                // taken.
                let Some(path) = convert::uri_path(&uri).filter(|p| lintable(p)) else {
                    return Ok(());
                };
                self.documents.insert(
                    uri.clone(),
                    Document {
                        path,
                        text: p.text_document.text,
                        linted: None,
                    },
                );
                self.dirty.insert(uri);
            }
            DidChangeTextDocument::METHOD => {
                let p = n.extract::<lsp_types::DidChangeTextDocumentParams>(
                    DidChangeTextDocument::METHOD,
                )?;
                let uri = p.text_document.uri;
                if let (Some(doc), Some(change)) = (
                    self.documents.get_mut(&uri),
                    p.content_changes.into_iter().last(),
                ) {
                    // Full synchronisation: each change is the whole text.
                    doc.text = change.text;
                    self.dirty.insert(uri);
                }
            }
            DidSaveTextDocument::METHOD => {
                let p =
                    n.extract::<lsp_types::DidSaveTextDocumentParams>(DidSaveTextDocument::METHOD)?;
                // The disk copy changed: other files that import it may lint differently.
                if let Some(path) = convert::uri_path(&p.text_document.uri) {
                    self.file_changed(&path, false);
                }
            }
            DidCloseTextDocument::METHOD => {
                let p = n.extract::<lsp_types::DidCloseTextDocumentParams>(
                    DidCloseTextDocument::METHOD,
                )?;
                let uri = p.text_document.uri;
                self.dirty.remove(&uri);
                if self.documents.remove(&uri).is_some() {
                    self.publish(uri, Vec::new())?;
                }
            }
            DidChangeWatchedFiles::METHOD => {
                let p: DidChangeWatchedFilesParams = n.extract(DidChangeWatchedFiles::METHOD)?;
                for event in p.changes {
                    if let Some(path) = convert::uri_path(&event.uri) {
                        let listing = event.typ != lsp_types::FileChangeType::CHANGED;
                        self.file_changed(&path, listing);
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// A file changed on disk (`listing`: created or deleted): what was kept of it is
    /// forgotten, and every open document is linted again (any may import it).
    fn file_changed(&mut self, path: &Path, listing: bool) {
        if crate::engine::discover::language(path).is_some() {
            self.warm.forget_file(path, listing);
        } else {
            // Configuration, pins or ignore files: everything read may read differently.
            self.configs = None;
            self.warm.forget_all();
        }
        self.dirty.extend(self.documents.keys().cloned());
    }

    fn lint_dirty(&mut self) -> Fallible<()> {
        while let Some(uri) = self.dirty.pop_first() {
            self.lint(uri)?;
        }
        Ok(())
    }

    /// Lints one document as `check --stdin-filename` does, and publishes its findings
    /// (none: an empty list, which clears the editor's).
    fn lint(&mut self, uri: Uri) -> Fallible<()> {
        let configs = match &self.configs {
            Some(c) => c.clone(),
            None => {
                let resolver = ConfigResolver::new(None, false, Overrides::default());
                match resolver {
                    Ok(r) => self.configs.insert(Arc::new(r)).clone(),
                    Err(e) => return self.show_error(&e.to_string()),
                }
            }
        };
        let walk = WalkOptions {
            configs,
            force_exclude: false,
            batch_targets: None,
        };
        let Some(doc) = self.documents.get_mut(&uri) else {
            return Ok(());
        };
        let bytes = doc.text.clone().into_bytes();
        let mut report = crate::engine::check_buffer_warm(&doc.path, bytes, &walk, &self.warm)
            .unwrap_or_default();
        crate::render::fix::complete(&mut report);
        doc.linted = report.files.into_iter().next();
        let json = crate::engine::notebook::is_notebook(&doc.path).then_some(doc.text.as_str());
        let found = (doc.linted.as_ref())
            .map(|f| diagnostics::diagnostics(&uri, f, json))
            .unwrap_or_default();
        self.publish(uri, found)?;
        if !report.errors.is_empty() {
            // A configuration that could not be read is read again next time (and said again
            // until it is mended).
            self.configs = None;
            let errors: Vec<String> = report.errors.iter().map(ToString::to_string).collect();
            self.show_error(&errors.join("\n"))?;
        }
        Ok(())
    }

    fn publish(&self, uri: Uri, diagnostics: Vec<lsp_types::Diagnostic>) -> Fallible<()> {
        let params = PublishDiagnosticsParams::new(uri, diagnostics, None);
        let n = Notification::new(PublishDiagnostics::METHOD.into(), params);
        Ok(self.connection.sender.send(Message::Notification(n))?)
    }

    fn show_error(&self, message: &str) -> Fallible<()> {
        let params = ShowMessageParams {
            typ: MessageType::ERROR,
            message: format!("offsetlint: {message}"),
        };
        let n = Notification::new(ShowMessage::METHOD.into(), params);
        Ok(self.connection.sender.send(Message::Notification(n))?)
    }

    /// Asks the client to send `workspace/didChangeWatchedFiles` for the files in `WATCHED`.
    fn register_watchers(&mut self) -> Fallible<()> {
        let watchers = (WATCHED.iter())
            .map(|glob| FileSystemWatcher {
                glob_pattern: GlobPattern::String((*glob).into()),
                kind: None,
            })
            .collect();
        let options = DidChangeWatchedFilesRegistrationOptions { watchers };
        let params = RegistrationParams {
            registrations: vec![Registration {
                id: "offsetlint-watched-files".into(),
                method: DidChangeWatchedFiles::METHOD.into(),
                register_options: Some(serde_json::to_value(options)?),
            }],
        };
        self.next_request += 1;
        let id = RequestId::from(self.next_request);
        let req = Request::new(id, RegisterCapability::METHOD.into(), params);
        Ok(self.connection.sender.send(Message::Request(req))?)
    }
}

/// Files the server lints: those `check` lints (Python, Rust and Java sources, notebooks).
fn lintable(path: &Path) -> bool {
    crate::engine::discover::language(path).is_some()
}
