//! Which configuration applies where, as ruff decides it: for each file, the closest
//! configuration file in the directories above it, wherever the command runs; `--config FILE`
//! applies one file everywhere (its paths relative to the working directory, as in ruff);
//! `--isolated` none. Each distinct configuration file is loaded (with the files it
//! `extend`s) and turned into `Settings` once, then shared.

use foldhash::HashMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use super::build::{build, Layer, Overrides};
use super::file::{config_in, load_config};
use super::pattern::{absolute, absolute_cow, normalize};
use super::Settings;
use crate::error::{Error, Origin};

/// Settings per directory, computed on demand and cached; safe to share between threads.
#[derive(Debug)]
pub struct ConfigResolver {
    cwd: PathBuf,
    overrides: Overrides,
    /// `--config` or `--isolated`: these settings everywhere.
    fixed: Option<Arc<Settings>>,
    /// Settings for files with no configuration file above them.
    defaults: Arc<Settings>,
    /// Directory → the configuration file that applies there.
    /// Keyed by the path's bytes (absolute, normalised): hashing a `Path` splits it into
    /// components, and every file of a run is looked up.
    dirs: Mutex<HashMap<OsString, Option<PathBuf>>>,
    /// Configuration file → its settings.
    built: Mutex<HashMap<OsString, Arc<Settings>>>,
    /// Directory → its settings (what `for_dir` answers: one lookup per file).
    settings: Mutex<HashMap<OsString, Arc<Settings>>>,
    /// Errors met loading configuration files found on the way.
    errors: Mutex<Vec<Error>>,
}

impl ConfigResolver {
    /// Validates the command line (and `--config`'s file) at once: those errors stop the run
    /// before anything is walked.
    pub fn new(
        config: Option<&Path>,
        isolated: bool,
        overrides: Overrides,
    ) -> Result<ConfigResolver, Error> {
        let cwd = normalize(&std::env::current_dir().unwrap_or_else(|_| PathBuf::from("/")));
        let defaults = Arc::new(build(&[], &overrides, &cwd)?);
        let fixed = match (config, isolated) {
            (_, true) => Some(defaults.clone()),
            (Some(path), false) => {
                let layers = load_chain(&absolute(path), Some(&cwd))?;
                Some(Arc::new(build(&layers, &overrides, &cwd)?))
            }
            (None, false) => None,
        };
        Ok(ConfigResolver {
            cwd,
            overrides,
            fixed,
            defaults,
            dirs: Mutex::new(HashMap::default()),
            built: Mutex::new(HashMap::default()),
            settings: Mutex::new(HashMap::default()),
            errors: Mutex::new(Vec::new()),
        })
    }

    /// The working directory (absolute, normalised).
    pub fn cwd(&self) -> &Path {
        &self.cwd
    }

    /// The settings for files in directory `dir` (absolute, normalised).
    pub fn for_dir(&self, dir: &Path) -> Arc<Settings> {
        if let Some(fixed) = &self.fixed {
            return fixed.clone();
        }
        let known = |map: &HashMap<OsString, Arc<Settings>>| map.get(dir.as_os_str()).cloned();
        if let Some(s) = known(&self.settings.lock().expect("not poisoned")) {
            return s;
        }
        let s = self.settings_of(dir);
        (self.settings.lock().expect("not poisoned"))
            .entry(dir.as_os_str().to_owned())
            .or_insert(s)
            .clone()
    }

    /// [`ConfigResolver::for_dir`], looked up through the configuration file that applies.
    fn settings_of(&self, dir: &Path) -> Arc<Settings> {
        let Some(config) = self.config_for_dir(dir) else {
            return self.defaults.clone();
        };
        if let Some(s) = self
            .built
            .lock()
            .expect("not poisoned")
            .get(config.as_os_str())
        {
            return s.clone();
        }
        let settings = match load_chain(&config, None)
            .and_then(|layers| build(&layers, &self.overrides, &self.cwd))
        {
            Ok(s) => Arc::new(s),
            Err(e) => {
                self.errors.lock().expect("not poisoned").push(e);
                self.defaults.clone()
            }
        };
        self.built
            .lock()
            .expect("not poisoned")
            .entry(config.into_os_string())
            .or_insert(settings)
            .clone()
    }

    /// The settings for a file (any spelling of its path).
    pub fn for_file(&self, path: &Path) -> Arc<Settings> {
        let abs = absolute_cow(path);
        match abs.parent() {
            Some(dir) => self.for_dir(dir),
            None => self.for_dir(&abs),
        }
    }

    /// The configuration file that applies in `dir`: its own, or the closest above it.
    fn config_for_dir(&self, dir: &Path) -> Option<PathBuf> {
        if let Some(found) = self.dirs.lock().expect("not poisoned").get(dir.as_os_str()) {
            return found.clone();
        }
        let found = config_in(dir).or_else(|| dir.parent().and_then(|p| self.config_for_dir(p)));
        self.dirs
            .lock()
            .expect("not poisoned")
            .insert(dir.as_os_str().to_owned(), found.clone());
        found
    }

    /// Whether a path (named on the command line) is excluded: it, or a directory above it
    /// up to the directory of the configuration that applies, matches an exclude pattern of
    /// the configuration that applies where it is (as ruff's `--force-exclude` decides).
    pub fn excluded(&self, path: &Path) -> bool {
        let abs = absolute(path);
        for a in abs.ancestors() {
            let Some(dir) = a.parent() else { break };
            let settings = self.for_dir(dir);
            if settings.is_excluded(a) {
                return true;
            }
            if dir == settings.root || !dir.starts_with(&settings.root) {
                break;
            }
        }
        false
    }

    /// Errors met loading the configuration files discovered so far (each reported once).
    pub fn take_errors(&self) -> Vec<Error> {
        std::mem::take(&mut *self.errors.lock().expect("not poisoned"))
    }
}

/// A configuration file and the files it extends, base first. `root` replaces the first
/// file's directory as what its paths are relative to (`--config`: the working directory).
pub fn load_chain(path: &Path, root: Option<&Path>) -> Result<Vec<Layer>, Error> {
    let mut chain: Vec<Layer> = Vec::new();
    let mut current = path.to_path_buf();
    let mut via: Option<(Origin, String)> = None;
    loop {
        if chain
            .iter()
            .any(|l| l.loaded.path() == Some(current.as_path()))
        {
            let (origin, value) = via.expect("a cycle has an extend");
            return Err(Error::bad_value(
                &value,
                "`extend` makes a cycle".into(),
                "a configuration file cannot extend itself, directly or through others",
                &origin,
            ));
        }
        let loaded = match (load_config(&current), &via) {
            (Ok(l), _) => l,
            (Err(_), Some((origin, value))) if !current.exists() => {
                return Err(Error::bad_value(
                    value,
                    format!("{}: no such file", current.display()),
                    "`extend` is relative to the directory of the file that sets it",
                    origin,
                ))
            }
            (Err(e), _) => return Err(e),
        };
        let dir = current
            .parent()
            .map_or_else(|| PathBuf::from("/"), Path::to_path_buf);
        let layer_root = match (root, chain.is_empty()) {
            (Some(r), true) => r.to_path_buf(),
            _ => dir.clone(),
        };
        let next = loaded.values.extend.as_ref().map(|e| {
            (
                loaded.origin("extend", e.span()),
                e.get_ref().clone(),
                normalize(&dir.join(e.get_ref())),
            )
        });
        chain.push(Layer {
            loaded,
            root: layer_root,
        });
        match next {
            Some((origin, value, target)) => {
                via = Some((origin, value));
                current = target;
            }
            None => break,
        }
    }
    chain.reverse();
    Ok(chain)
}
