//! From configuration layers (a file and the files it `extend`s) and command-line overrides to
//! `Settings`, as ruff combines them: a key set in the extending file replaces the extended
//! file's, `extend-*` keys add to it, and rule selection is a stack (a `select` resets what is
//! below it; `extend-select` adds; `ignore` removes) with the command line on top.

use std::path::{Path, PathBuf};

use toml::Spanned;

use super::file::{FileSize, Levels, List, Loaded, PerFile};
use super::pattern::{patterns, NameGlobs, Pattern};
use super::{
    lookup_selector, parse_size, Declared, Settings, Shown, Sourced, DEFAULT_CHECKPOINT_GLOBS,
    DEFAULT_FIXTURE_GLOBS, DEFAULT_SCRATCH_GLOBS,
};
use crate::error::{Error, Origin};
use crate::knowledge::boundary::{self, Boundary, Forbid};
use crate::knowledge::{ClientType, DeclaredKind, Knowledge};
use crate::registry::{Rule, RuleSet, Severity};

/// Files larger than this are skipped with a warning unless configured otherwise.
pub const DEFAULT_MAX_FILE_SIZE: u64 = 10 * 1024 * 1024;

/// One configuration file of a chain, and the directory its paths are relative to.
#[derive(Debug, Clone)]
pub struct Layer {
    pub loaded: Loaded,
    pub root: PathBuf,
}

/// What the command line sets; it overrides every configuration file.
#[derive(Debug, Clone, Default)]
pub struct Overrides {
    pub select: Vec<String>,
    pub extend_select: Vec<String>,
    pub ignore: Vec<String>,
    pub exclude: Vec<String>,
    pub no_heuristic: bool,
    /// Parse and analyse every file, not only those the literal prefilter selects.
    pub no_prefilter: bool,
    pub max_file_size: Option<String>,
    pub respect_gitignore: Option<bool>,
}

const SIZE_HELP: &str = "a number of bytes, or a number with a unit: `20MB`, `512KiB`, `1GiB`";

/// The values of a list key of `layer`, each with its origin.
fn values(layer: &Layer, key: &'static str, list: &List) -> Vec<Sourced> {
    list.get_ref()
        .iter()
        .map(|v| Sourced {
            value: v.get_ref().clone(),
            origin: layer.loaded.origin(key, v.span()),
        })
        .collect()
}

fn flag_values(values: &[String], flag: &'static str) -> Vec<Sourced> {
    values
        .iter()
        .map(|v| Sourced {
            value: v.clone(),
            origin: Origin::Flag(flag),
        })
        .collect()
}

fn show_list(values: &[Sourced]) -> String {
    let items: Vec<String> = values.iter().map(|v| format!("{:?}", v.value)).collect();
    format!("[{}]", items.join(", "))
}

/// The topmost layer that sets a key, with its value.
fn top<'a, T>(
    layers: &'a [Layer],
    get: impl Fn(&'a Loaded) -> Option<&'a T>,
) -> Option<(&'a Layer, &'a T)> {
    layers
        .iter()
        .rev()
        .find_map(|l| get(&l.loaded).map(|v| (l, v)))
}

/// Splits a dotted (`mypkg.kafka.make_consumer`) or Rust (`billing::kafka::consumer`) path.
pub fn split_path(s: &str) -> Vec<String> {
    let sep = if s.contains("::") { "::" } else { "." };
    s.split(sep).map(|p| p.trim().to_string()).collect()
}

/// A declared path: at least a module and a name, identifiers only.
fn declared_path(v: &Sourced, what: &str) -> Result<Vec<String>, Error> {
    let path = split_path(&v.value);
    let ident = |s: &String| {
        !s.is_empty()
            && !s.starts_with(|c: char| c.is_ascii_digit())
            && s.chars().all(|c| c.is_alphanumeric() || c == '_')
    };
    if path.len() < 2 || !path.iter().all(ident) {
        return Err(Error::bad_value(
            &v.value,
            format!("expected the qualified path of {what}"),
            "write the module and the name: `mypkg.kafka.make_consumer` (Python) or `billing::kafka::make_consumer` (Rust)",
            &v.origin,
        ));
    }
    Ok(path)
}

/// The client type a `behaves-as` / `returns` value names.
fn client_type<'k>(knowledge: &'k Knowledge, v: &Sourced) -> Result<&'k ClientType, Error> {
    let path = split_path(&v.value);
    if let Some(t) = knowledge.client_type(&path) {
        return Ok(t);
    }
    let sep = |t: &ClientType| if t.root == "rdkafka" { "::" } else { "." };
    let mut choices: Vec<String> = knowledge
        .clients
        .iter()
        .filter(|t| t.behaves_as.is_none())
        .map(|t| format!("{}{}{}", t.root, sep(t), t.name))
        .collect();
    choices.dedup();
    let refs: Vec<&str> = choices.iter().map(String::as_str).collect();
    let suggestion = super::closest(&v.value, &refs)
        .map(|s| format!("did you mean `{s}`? "))
        .unwrap_or_default();
    Err(Error::bad_value(
        &v.value,
        "not a Kafka client type offsetlint knows".into(),
        format!(
            "{suggestion}use one of {} (or a type declared in `clients`)",
            choices
                .iter()
                .map(|c| format!("`{c}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        &v.origin,
    ))
}

/// Settings from configuration layers (base first) and the command line. `cwd` is what
/// command-line patterns are relative to.
pub fn build(layers: &[Layer], o: &Overrides, cwd: &Path) -> Result<Settings, Error> {
    let mut shown: Vec<Shown> = Vec::new();
    let mut show =
        |key: &'static str, value: String, origin: Origin| shown.push(Shown { key, value, origin });

    // Rule selection: a stack of (select, extend-select, ignore) with the command line on top.
    let mut rules = RuleSet::all();
    show("select", "[\"ALL\"]".into(), Origin::Default("select"));
    let stack = layers
        .iter()
        .map(|l| {
            let v = &l.loaded.values;
            let get = |key: &'static str, list: &Option<List>| {
                list.as_ref().map(|list| {
                    let vals = values(l, key, list);
                    (vals, l.loaded.origin(key, list.span()))
                })
            };
            (
                get("select", &v.select),
                get("extend-select", &v.extend_select),
                get("ignore", &v.ignore),
            )
        })
        .chain(std::iter::once((
            (!o.select.is_empty())
                .then(|| (flag_values(&o.select, "--select"), Origin::Flag("--select"))),
            (!o.extend_select.is_empty()).then(|| {
                (
                    flag_values(&o.extend_select, "--extend-select"),
                    Origin::Flag("--extend-select"),
                )
            }),
            (!o.ignore.is_empty())
                .then(|| (flag_values(&o.ignore, "--ignore"), Origin::Flag("--ignore"))),
        )));
    for (sel, extend, ignore) in stack {
        if let Some((vals, origin)) = sel {
            rules = RuleSet::EMPTY;
            for s in &vals {
                for r in lookup_selector(s)? {
                    rules.insert(r);
                }
            }
            show("select", show_list(&vals), origin);
        }
        if let Some((vals, origin)) = extend {
            for s in &vals {
                for r in lookup_selector(s)? {
                    rules.insert(r);
                }
            }
            show("extend-select", show_list(&vals), origin);
        }
        if let Some((vals, origin)) = ignore {
            for s in &vals {
                for r in lookup_selector(s)? {
                    rules.remove(r);
                }
            }
            show("ignore", show_list(&vals), origin);
        }
    }
    // Only the last `select` line is in effect: earlier ones were reset.
    if let Some(last) = shown.iter().rposition(|s| s.key == "select") {
        let mut i = 0;
        shown.retain(|s| {
            let keep = s.key != "select" || i == last;
            i += 1;
            keep
        });
    }
    let mut show =
        |key: &'static str, value: String, origin: Origin| shown.push(Shown { key, value, origin });

    // Files.
    let mut exclude: Vec<Pattern> = Vec::new();
    if let Some((l, list)) = top(layers, |c| c.values.exclude.as_ref()) {
        let vals = values(l, "exclude", list);
        exclude.extend(patterns(&vals, &l.root)?);
        show(
            "exclude",
            show_list(&vals),
            l.loaded.origin("exclude", list.span()),
        );
    }
    for l in layers {
        if let Some(list) = &l.loaded.values.extend_exclude {
            let vals = values(l, "extend-exclude", list);
            exclude.extend(patterns(&vals, &l.root)?);
            show(
                "extend-exclude",
                show_list(&vals),
                l.loaded.origin("extend-exclude", list.span()),
            );
        }
    }
    if !o.exclude.is_empty() {
        let vals = flag_values(&o.exclude, "--exclude");
        exclude.extend(patterns(&vals, cwd)?);
        show("exclude", show_list(&vals), Origin::Flag("--exclude"));
    }

    let mut per_file_ignores = Vec::new();
    let mut per_file = |l: &Layer, key: &'static str, map: &PerFile| -> Result<(), Error> {
        for (pattern, selectors) in map.get_ref() {
            let p = Sourced {
                value: pattern.get_ref().clone(),
                origin: l.loaded.origin(key, pattern.span()),
            };
            let pattern = Pattern::new(&p, &l.root)?;
            let mut set = RuleSet::EMPTY;
            let sels: Vec<Sourced> = selectors
                .iter()
                .map(|s| Sourced {
                    value: s.get_ref().clone(),
                    origin: l.loaded.origin(key, s.span()),
                })
                .collect();
            for s in &sels {
                for r in lookup_selector(s)? {
                    set.insert(r);
                }
            }
            show(
                key,
                format!("{:?} = {}", p.value, show_list(&sels)),
                p.origin,
            );
            per_file_ignores.push((pattern, set));
        }
        Ok(())
    };
    if let Some((l, map)) = top(layers, |c| c.values.per_file_ignores.as_ref()) {
        per_file(l, "per-file-ignores", map)?;
    }
    for l in layers {
        if let Some(map) = &l.loaded.values.extend_per_file_ignores {
            per_file(l, "extend-per-file-ignores", map)?;
        }
    }

    let mut errors: RuleSet = Rule::ALL
        .iter()
        .copied()
        .filter(|r| r.default_severity() == Severity::Error)
        .collect();
    for l in layers {
        if let Some(levels) = &l.loaded.values.severity {
            severity_levels(l, levels, &mut errors, &mut show)?;
        }
    }

    let bool_key = |key: &'static str,
                    get: fn(&Loaded) -> Option<&Spanned<bool>>,
                    default: bool,
                    show: &mut dyn FnMut(&'static str, String, Origin)|
     -> bool {
        match top(layers, get) {
            Some((l, v)) => {
                show(key, v.get_ref().to_string(), l.loaded.origin(key, v.span()));
                *v.get_ref()
            }
            None => {
                show(key, default.to_string(), Origin::Default(key));
                default
            }
        }
    };
    let mut respect_gitignore = bool_key(
        "respect-gitignore",
        |c| c.values.respect_gitignore.as_ref(),
        true,
        &mut show,
    );
    if let Some(flag) = o.respect_gitignore {
        respect_gitignore = flag;
        let name = if flag {
            "--respect-gitignore"
        } else {
            "--no-respect-gitignore"
        };
        show("respect-gitignore", flag.to_string(), Origin::Flag(name));
    }
    let require_suppression_reason = bool_key(
        "require-suppression-reason",
        |c| c.values.require_suppression_reason.as_ref(),
        false,
        &mut show,
    );
    let mut heuristic = bool_key(
        "heuristic",
        |c| c.values.heuristic.as_ref(),
        true,
        &mut show,
    );
    if o.no_heuristic {
        heuristic = false;
        show("heuristic", "false".into(), Origin::Flag("--no-heuristic"));
    }

    let baseline = top(layers, |c| c.values.baseline.as_ref()).map(|(l, spanned)| {
        let path = l.root.join(spanned.get_ref());
        let origin = l.loaded.origin("baseline", spanned.span());
        show("baseline", path.display().to_string(), origin);
        path
    });
    let max_file_size = match (
        &o.max_file_size,
        top(layers, |c| c.values.max_file_size.as_ref()),
    ) {
        (Some(text), _) => {
            let origin = Origin::Flag("--max-file-size");
            let n = parse_size(text).map_err(|m| Error::bad_value(text, m, SIZE_HELP, &origin))?;
            show("max-file-size", n.to_string(), origin);
            n
        }
        (None, Some((l, spanned))) => {
            let origin = l.loaded.origin("max-file-size", spanned.span());
            let n = match spanned.get_ref() {
                FileSize::Bytes(n) if *n > 0 => *n as u64,
                FileSize::Bytes(n) => {
                    return Err(Error::bad_value(
                        &n.to_string(),
                        "the size must be above 0".into(),
                        SIZE_HELP,
                        &origin,
                    ))
                }
                FileSize::Text(t) => {
                    parse_size(t).map_err(|m| Error::bad_value(t, m, SIZE_HELP, &origin))?
                }
            };
            show("max-file-size", n.to_string(), origin);
            n
        }
        (None, None) => {
            show(
                "max-file-size",
                DEFAULT_MAX_FILE_SIZE.to_string(),
                Origin::Default("max-file-size"),
            );
            DEFAULT_MAX_FILE_SIZE
        }
    };

    // File kinds.
    let default_globs = |globs: &[&str], key: &'static str| -> Vec<Sourced> {
        globs
            .iter()
            .map(|g| Sourced {
                value: g.to_string(),
                origin: Origin::Default(key),
            })
            .collect()
    };
    let mut globs = |key: &'static str, defaults: &[&str], get: Getter| -> Result<_, Error> {
        match top(layers, get) {
            Some((l, list)) => {
                let vals = values(l, key, list);
                show(key, show_list(&vals), l.loaded.origin(key, list.span()));
                patterns(&vals, &l.root)
            }
            None => {
                let vals = default_globs(defaults, key);
                show(key, show_list(&vals), Origin::Default(key));
                patterns(&vals, cwd)
            }
        }
    };
    let checkpoint = globs("checkpoint-globs", DEFAULT_CHECKPOINT_GLOBS, |c| {
        c.values.checkpoint_globs.as_ref()
    })?;
    let scratch = NameGlobs::new(globs("scratch-globs", DEFAULT_SCRATCH_GLOBS, |c| {
        c.values.scratch_globs.as_ref()
    })?);
    let fixture = globs("fixture-globs", DEFAULT_FIXTURE_GLOBS, |c| {
        c.values.fixture_globs.as_ref()
    })?;
    let mut kinds = vec![
        (boundary::CHECKPOINT.to_string(), checkpoint),
        (boundary::FIXTURE.to_string(), fixture),
    ];

    let mut knowledge = Knowledge::default();
    let mut declared = Declared::default();
    knowledge_keys(layers, &mut knowledge, &mut kinds, &mut declared, &mut show)?;
    knowledge.refresh_prefilter();
    if o.no_prefilter {
        knowledge.prefilter.turn_off();
    }

    let config_file = layers
        .last()
        .and_then(|l| l.loaded.path().map(Path::to_path_buf));
    let extends = layers
        .iter()
        .rev()
        .skip(1)
        .filter_map(|l| l.loaded.path().map(Path::to_path_buf))
        .collect();
    let root = layers
        .last()
        .map_or_else(|| cwd.to_path_buf(), |l| l.root.clone());
    Ok(Settings {
        root,
        rules,
        knowledge,
        heuristic,
        kinds,
        scratch,
        require_suppression_reason,
        exclude,
        per_file_ignores,
        declared,
        errors,
        respect_gitignore,
        max_file_size,
        baseline,
        config_file,
        extends,
        sources: shown,
    })
}

/// One file's `[severity]` table applied to `errors` (the rules at error level): broader
/// selectors first, so `OL4 = "error"` and `OL403 = "warning"` leave OL403 a warning whatever
/// the order of the keys.
fn severity_levels(
    l: &Layer,
    levels: &Levels,
    errors: &mut RuleSet,
    show: &mut dyn FnMut(&'static str, String, Origin),
) -> Result<(), Error> {
    let mut entries = Vec::new();
    for (selector, level) in levels.get_ref() {
        let sel = sourced(l, "severity", selector);
        let value = sourced(l, "severity", level);
        let rules = lookup_selector(&sel)?;
        let severity = Severity::parse(&value.value).ok_or_else(|| {
            Error::bad_value(
                &value.value,
                "not a severity".into(),
                "write `error` or `warning`: `OL205 = \"error\"`",
                &value.origin,
            )
        })?;
        entries.push((rules, severity, sel));
    }
    entries.sort_by_key(|(rules, _, _)| std::cmp::Reverse(rules.len()));
    for (rules, severity, sel) in entries {
        for r in rules {
            match severity {
                Severity::Error => errors.insert(r),
                Severity::Warning => errors.remove(r),
            }
        }
        show(
            "severity",
            format!("{:?} = {:?}", sel.value, severity.as_str()),
            sel.origin,
        );
    }
    Ok(())
}

/// Reads a list key of a loaded file.
type Getter = fn(&Loaded) -> Option<&List>;

/// The API knowledge keys: each extends a built-in table (the topmost layer setting a key
/// wins, as for every key).
fn knowledge_keys(
    layers: &[Layer],
    k: &mut Knowledge,
    kinds: &mut Vec<(String, Vec<Pattern>)>,
    declared: &mut Declared,
    show: &mut dyn FnMut(&'static str, String, Origin),
) -> Result<(), Error> {
    if let Some((l, decls)) = top(layers, |c| c.values.clients.as_ref()) {
        for d in decls.get_ref() {
            let path = sourced(l, "clients", &d.path);
            let like = sourced(l, "clients", &d.behaves_as);
            let segments = declared_path(&path, "a client wrapper type")?;
            let t = client_type(k, &like)?.clone();
            k.declare_client(&segments, &t);
            declared.names.push(path.clone());
            show(
                "clients",
                format!("{} behaves as {}", path.value, like.value),
                path.origin,
            );
        }
    }
    if let Some((l, decls)) = top(layers, |c| c.values.factories.as_ref()) {
        for d in decls.get_ref() {
            let path = sourced(l, "factories", &d.path);
            let returns = sourced(l, "factories", &d.returns);
            let segments = declared_path(&path, "a factory function")?;
            let t = client_type(k, &returns)?.clone();
            k.declare_factory(&segments, &t);
            declared.names.push(path.clone());
            show(
                "factories",
                format!("{} returns {}", path.value, returns.value),
                path.origin,
            );
        }
    }
    let calls: [(&'static str, Getter, DeclaredKind, &str); 3] = [
        (
            "commit-helpers",
            |c| c.values.commit_helpers.as_ref(),
            DeclaredKind::CommitHelper,
            "a commit helper",
        ),
        (
            "confirmed-produce",
            |c| c.values.confirmed_produce.as_ref(),
            DeclaredKind::ConfirmedProduce,
            "a produce helper",
        ),
        (
            "delivery-checks",
            |c| c.values.delivery_checks.as_ref(),
            DeclaredKind::DeliveryCheck,
            "a delivery check",
        ),
    ];
    for (key, get, kind, what) in calls {
        if let Some((l, list)) = top(layers, get) {
            let vals = values(l, key, list);
            for v in &vals {
                k.declare_call(&declared_path(v, what)?, kind);
            }
            declared.names.extend(vals.iter().cloned());
            show(key, show_list(&vals), l.loaded.origin(key, list.span()));
        }
    }
    type Table = fn(&mut Knowledge, Vec<String>, &str);
    let lists: [(&'static str, Getter, Table); 5] = [
        (
            "poison-exceptions",
            |c| c.values.poison_exceptions.as_ref(),
            |k, p, _| k.failure.poison.push(p.join(".")),
        ),
        (
            "transient-exceptions",
            |c| c.values.transient_exceptions.as_ref(),
            |k, p, _| k.failure.transient.push(p.join(".")),
        ),
        (
            "model-sources",
            |c| c.values.model_sources.as_ref(),
            |k, p, _| {
                // A file calling one is worth analysing whatever it imports.
                k.declared_roots.extend(p.last().cloned());
                k.llm.functions.push(p)
            },
        ),
        (
            "checkpoint-writers",
            |c| c.values.checkpoint_writers.as_ref(),
            |k, p, _| {
                k.declared_roots.extend(p.last().cloned());
                k.sinks
                    .push(crate::knowledge::SinkSpec::Writer { suffix: p })
            },
        ),
        (
            "network-modules",
            |c| c.values.network_modules.as_ref(),
            |k, p, raw| {
                // `::` is a Rust path; a dotted or single name a Python module (a single
                // name is a crate name too).
                if raw.contains("::") || p.len() == 1 {
                    k.network.rust.push(p.clone());
                }
                if !raw.contains("::") {
                    k.network.python.push(p);
                }
            },
        ),
    ];
    for (key, get, add) in lists {
        if let Some((l, list)) = top(layers, get) {
            let vals = values(l, key, list);
            for v in &vals {
                let path = split_path(&v.value);
                if path.iter().any(|s| s.is_empty()) {
                    return Err(Error::bad_value(
                        &v.value,
                        "expected a dotted name".into(),
                        "write a module or a qualified name: `billing.errors.BadInvoice`, `pymemcache`, `mycorp::rpc`",
                        &v.origin,
                    ));
                }
                add(k, path, &v.value);
            }
            if key == "network-modules" {
                declared.modules.extend(vals.iter().cloned());
            } else {
                declared.names.extend(vals.iter().cloned());
            }
            show(key, show_list(&vals), l.loaded.origin(key, list.span()));
        }
    }
    if let Some((l, decls)) = top(layers, |c| c.values.boundaries.as_ref()) {
        for d in decls.get_ref() {
            let name = sourced(l, "boundaries", &d.name);
            let taken = name.value.is_empty()
                || name.value == boundary::CHECKPOINT
                || name.value == boundary::FIXTURE
                || kinds.iter().any(|(n, _)| *n == name.value);
            if taken {
                return Err(Error::bad_value(
                    &name.value,
                    "a boundary needs a name of its own".into(),
                    "name each boundary once, other than `checkpoint` and `fixture` (the built-in boundaries of OL401 and OL402)",
                    &name.origin,
                ));
            }
            let files = values(l, "boundaries", &d.files);
            let forbidden = values(l, "boundaries", &d.forbidden);
            let allowed = d
                .allowed
                .as_ref()
                .map(|a| values(l, "boundaries", a))
                .unwrap_or_default();
            if files.is_empty() || forbidden.is_empty() {
                return Err(Error::bad_value(
                    &name.value,
                    "a boundary needs `files` and `forbidden`".into(),
                    "list the files it binds (`files = [\"billing/ledger/**\"]`) and the modules they must not import (`forbidden = [\"requests\"]`)",
                    &name.origin,
                ));
            }
            kinds.push((name.value.clone(), patterns(&files, &l.root)?));
            declared
                .modules
                .extend(forbidden.iter().chain(&allowed).cloned());
            k.boundaries.push(Boundary {
                kind: name.value.clone(),
                forbidden: forbidden
                    .iter()
                    .map(|f| Forbid::Module(split_path(&f.value)))
                    .collect(),
                allowed: allowed.iter().map(|a| split_path(&a.value)).collect(),
                declared: true,
            });
            show(
                "boundaries",
                format!(
                    "{} files {} forbidden {}{}",
                    name.value,
                    show_list(&files),
                    show_list(&forbidden),
                    if allowed.is_empty() {
                        String::new()
                    } else {
                        format!(" allowed {}", show_list(&allowed))
                    }
                ),
                name.origin,
            );
        }
    }
    Ok(())
}

fn sourced(l: &Layer, key: &'static str, v: &Spanned<String>) -> Sourced {
    Sourced {
        value: v.get_ref().clone(),
        origin: l.loaded.origin(key, v.span()),
    }
}
