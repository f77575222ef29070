//! File patterns of the configuration (`exclude`, `per-file-ignores`, boundary `files`), as
//! ruff reads them: a pattern without `/` matches a file or directory *name* anywhere
//! (`legacy`, `*_pb2.py`); a pattern with `/` is anchored to the directory of the
//! configuration file that sets it (`legacy/**`, `services/*/gen/*.py`; a leading `./` is
//! dropped); an absolute pattern, or one starting with `**/`, matches the absolute path. `!pattern` matches what the
//! pattern does not (per-file-ignores). Paths are compared absolute and lexically normalised,
//! so how a path was spelled on the command line (`legacy`, `./legacy`, `/repo/legacy`, `.`
//! from inside) does not change what matches.

use std::path::{Component, Path, PathBuf};

use globset::{Glob, GlobMatcher, GlobSet, GlobSetBuilder};

use super::Sourced;
use crate::error::{Error, Origin};

/// One compiled pattern and the directory it is relative to.
#[derive(Debug, Clone)]
pub struct Pattern {
    /// As written (for `offsetlint config`).
    pub text: String,
    /// Where it was set (a pattern that matches no file is reported there).
    pub origin: Origin,
    root: PathBuf,
    glob: GlobMatcher,
    anchored: bool,
    absolute: bool,
    negated: bool,
}

impl Pattern {
    /// Compiles `value` relative to `root` (an absolute directory).
    pub fn new(value: &Sourced, root: &Path) -> Result<Pattern, Error> {
        let text = value.value.trim();
        let (negated, body) = match text.strip_prefix('!') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let mut body = body.trim_end_matches('/');
        while let Some(rest) = body.strip_prefix("./") {
            body = rest;
        }
        if body.is_empty() {
            return Err(Error::bad_glob(
                &value.value,
                "empty pattern".into(),
                &value.origin,
            ));
        }
        // `**/x/**` matches at any depth: against the whole absolute path (so also for a
        // `--config` file or `--exclude` whose directory is not above the file).
        let absolute = Path::new(body).is_absolute() || body.starts_with("**/");
        let anchored = !absolute && body.contains('/');
        let glob = Glob::new(body)
            .map_err(|e| Error::bad_glob(&value.value, e.kind().to_string(), &value.origin))?
            .compile_matcher();
        Ok(Pattern {
            text: value.value.clone(),
            origin: value.origin.clone(),
            root: root.to_path_buf(),
            glob,
            anchored,
            absolute,
            negated,
        })
    }

    /// Whether the pattern matches `path` (absolute, normalised).
    pub fn is_match(&self, path: &Path) -> bool {
        let hit = if self.absolute {
            self.glob.is_match(path)
        } else if self.anchored {
            path.strip_prefix(&self.root)
                .is_ok_and(|rel| !rel.as_os_str().is_empty() && self.glob.is_match(rel))
        } else {
            path.file_name().is_some_and(|n| self.glob.is_match(n))
        };
        hit != self.negated
    }

    /// The directory the pattern is relative to.
    pub fn root(&self) -> &Path {
        &self.root
    }
}

/// Patterns matched against a file's name and the names of the directories it is in (the
/// scratch globs): the plain name globs (most of them, all the defaults) are one [`GlobSet`],
/// so a run over ten thousand files matches each name once instead of once per glob and
/// directory; the others (anchored, absolute, negated) are matched one by one as before.
#[derive(Debug, Clone)]
pub struct NameGlobs {
    pub patterns: Vec<Pattern>,
    /// The `*part*` globs, as the part a name must contain (the defaults are all of this form,
    /// and a substring search is a tenth of a glob match).
    parts: Vec<memchr::memmem::Finder<'static>>,
    names: GlobSet,
    others: Vec<usize>,
}

impl NameGlobs {
    pub fn new(patterns: Vec<Pattern>) -> NameGlobs {
        let plain = |p: &Pattern| !(p.absolute || p.anchored || p.negated);
        let mut names = GlobSetBuilder::new();
        let mut parts = Vec::new();
        for p in patterns.iter().filter(|p| plain(p)) {
            match contains_glob(p.glob.glob().glob()) {
                Some(part) => parts.push(memchr::memmem::Finder::new(part).into_owned()),
                None => {
                    names.add(p.glob.glob().clone());
                }
            }
        }
        // Each glob compiled on its own already; should the set not build (a size limit),
        // every pattern is matched one by one instead.
        let (names, others) = match names.build() {
            Ok(set) => (
                set,
                (0..patterns.len())
                    .filter(|&i| !plain(&patterns[i]))
                    .collect(),
            ),
            Err(_) => (GlobSet::empty(), (0..patterns.len()).collect()),
        };
        NameGlobs {
            patterns,
            parts,
            names,
            others,
        }
    }

    /// Whether a plain pattern matches this name.
    fn name_matches(&self, name: &std::ffi::OsStr) -> bool {
        let bytes = name.as_encoded_bytes();
        (self.parts.iter()).any(|part| part.find(bytes).is_some()) || self.names.is_match(name)
    }

    /// Whether a pattern matches `path` (absolute, normalised) or one of the directories it
    /// is in below `top` (not `top` itself); only `path` when it is not below `top`.
    pub fn match_path_or_dirs(&self, path: &Path, top: &Path) -> bool {
        let below = strip_prefix(path, top).filter(|rel| !rel.as_os_str().is_empty());
        let by_name = match below {
            Some(rel) => rel.iter().any(|name| self.name_matches(name)),
            None => path.file_name().is_some_and(|n| self.name_matches(n)),
        };
        by_name
            || (self.others.iter()).any(|&i| {
                let p = &self.patterns[i];
                p.is_match(path)
                    || (path.ancestors().skip(1))
                        .take_while(|d| *d != top && d.starts_with(top))
                        .any(|d| p.is_match(d))
            })
    }
}

/// The literal a `*literal*` glob asks a name to contain (no other glob syntax in it).
fn contains_glob(glob: &str) -> Option<&str> {
    let part = glob.strip_prefix('*')?.strip_suffix('*')?;
    let special = |c: char| matches!(c, '*' | '?' | '[' | ']' | '{' | '}' | '\\' | '/');
    (!part.is_empty() && !part.contains(special)).then_some(part)
}

/// Compiles a list of patterns relative to `root`.
pub fn patterns(values: &[Sourced], root: &Path) -> Result<Vec<Pattern>, Error> {
    values.iter().map(|v| Pattern::new(v, root)).collect()
}

/// `path` made absolute against the working directory and normalised lexically (`.` and
/// `..` removed, symlinks not resolved), so every spelling of a path gives the same result.
pub fn absolute(path: &Path) -> PathBuf {
    absolute_cow(path).into_owned()
}

/// [`absolute`], borrowing a path that already is absolute and normal (most paths a run
/// looks up are; each copy was an allocation).
pub fn absolute_cow(path: &Path) -> std::borrow::Cow<'_, Path> {
    if path.is_absolute() && is_normal(path) {
        return std::borrow::Cow::Borrowed(path);
    }
    if path.is_absolute() {
        return std::borrow::Cow::Owned(by_components(path));
    }
    std::borrow::Cow::Owned(absolute_from(path, std::env::current_dir().ok().as_deref()))
}

/// [`absolute`] against a working directory the caller looked up once (a run makes
/// thousands of paths absolute).
pub fn absolute_from(path: &Path, cwd: Option<&Path>) -> PathBuf {
    let joined = match cwd {
        Some(cwd) if !path.is_absolute() => cwd.join(path),
        _ => path.to_path_buf(),
    };
    normalize(&joined)
}

/// `path` without its leading `base`, as [`Path::strip_prefix`] gives it, found by comparing
/// bytes when both are normal (see [`normalize`]): `Path::strip_prefix` splits both into
/// components, and a run strips the root or the working directory off every path it walks.
#[cfg(unix)]
pub fn strip_prefix<'a>(path: &'a Path, base: &Path) -> Option<&'a Path> {
    use std::os::unix::ffi::OsStrExt;
    let (bytes, base_bytes) = (path.as_os_str().as_bytes(), base.as_os_str().as_bytes());
    // Under a normal base, a path is normal when what follows the separator is a normal
    // relative path: only that part is checked (the base is the same for every path).
    let fast = match bytes.strip_prefix(base_bytes) {
        Some([]) => is_normal(base).then_some(&[][..]),
        Some([b'/', rest @ ..]) => (rest.first() != Some(&b'/')
            && is_normal(base)
            && is_normal(Path::new(std::ffi::OsStr::from_bytes(rest))))
        .then_some(rest),
        _ => None,
    };
    if let Some(rest) = fast {
        return Some(Path::new(std::ffi::OsStr::from_bytes(rest)));
    }
    if is_normal(path) && is_normal(base) {
        // Both normal, and not a byte prefix ending at a separator: not a prefix at all.
        return None;
    }
    path.strip_prefix(base).ok()
}

#[cfg(not(unix))]
pub fn strip_prefix<'a>(path: &'a Path, base: &Path) -> Option<&'a Path> {
    path.strip_prefix(base).ok()
}

/// How a path is reported: relative to the working directory when it is under it, else as
/// given (without a leading `./`).
pub fn shown_path(path: &Path, cwd: &Path) -> PathBuf {
    // Against the working directory given, not looked up again (a system call per walked
    // file).
    let abs = match path.is_absolute() {
        true => absolute_cow(path),
        false => std::borrow::Cow::Owned(absolute_from(path, Some(cwd))),
    };
    if let Some(rel) = strip_prefix(&abs, cwd) {
        if !rel.as_os_str().is_empty() {
            return rel.to_path_buf();
        }
    }
    path.strip_prefix(".")
        .map(Path::to_path_buf)
        .unwrap_or_else(|_| path.to_path_buf())
}

/// Whether two paths are equal as [`Path`]s are (component by component), comparing bytes
/// when both are normal: a run compares every walked path with its neighbour.
pub fn same_path(a: &Path, b: &Path) -> bool {
    if a.as_os_str() == b.as_os_str() {
        return true;
    }
    !(is_normal(a) && is_normal(b)) && a == b
}

/// Removes `.` components and resolves `..` against the preceding component.
pub fn normalize(path: &Path) -> PathBuf {
    if is_normal(path) {
        return path.to_path_buf();
    }
    by_components(path)
}

/// [`normalize`], component by component (what the fast path must agree with).
fn by_components(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other.as_os_str()),
        }
    }
    if out.as_os_str().is_empty() {
        out.push(".");
    }
    out
}

/// Whether [`normalize`] would give `path` back unchanged: no `.` or `..` component, no
/// doubled or trailing separator (a run normalises every path it walks, nearly all of them
/// already normal; rebuilding each component by component took a tenth of a pre-commit run).
fn is_normal(path: &Path) -> bool {
    let bytes = path.as_os_str().as_encoded_bytes();
    // A trailing separator (`/` itself too) is left to the slow path, as the parts see it.
    if bytes.is_empty() || bytes.last() == Some(&b'/') {
        return false;
    }
    if std::path::MAIN_SEPARATOR != '/' {
        return is_normal_by_parts(bytes);
    }
    if bytes[0] == b'.' && dot_part(bytes) {
        return false;
    }
    // Every walked path comes here, several times (splitting each into parts was a sixth of
    // a pre-commit run, a loop over the bytes still an eighth). Each 16 pairs of bytes are
    // first tested without branches (the compiler vectorises it) for a separator followed by
    // a separator or a dot; only such a chunk is looked at closely.
    let n = bytes.len();
    let (firsts, seconds) = (&bytes[..n - 1], &bytes[1..]);
    let mut at = 0;
    for (xs, ys) in firsts.chunks(16).zip(seconds.chunks(16)) {
        let mut suspect = 0u8;
        for (&x, &y) in xs.iter().zip(ys) {
            suspect |= u8::from(x == b'/') & (u8::from(y == b'/') | u8::from(y == b'.'));
        }
        if suspect != 0 {
            for (k, (&x, &y)) in xs.iter().zip(ys).enumerate() {
                match (x, y) {
                    (b'/', b'/') => return false,
                    // The last byte is not a separator, so a part follows each one.
                    (b'/', b'.') if dot_part(&bytes[at + k + 1..]) => return false,
                    _ => {}
                }
            }
        }
        at += xs.len();
    }
    true
}

/// Whether the first part of a path is `.` or `..`.
fn dot_part(part: &[u8]) -> bool {
    matches!(
        part,
        [b'.'] | [b'.', b'/', ..] | [b'.', b'.'] | [b'.', b'.', b'/', ..]
    )
}

/// [`is_normal`] part by part (any separator).
fn is_normal_by_parts(bytes: &[u8]) -> bool {
    let sep = std::path::MAIN_SEPARATOR as u8;
    bytes
        .split(|&b| b == b'/' || b == sep)
        .enumerate()
        .all(|(i, part)| !matches!(part, b"." | b"..") && (i == 0 || !part.is_empty()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one-by-one matching `NameGlobs` stands for: the path, or a directory it is in
    /// below `top`, matches a pattern.
    fn one_by_one(patterns: &[Pattern], path: &Path, top: &Path) -> bool {
        let matches = |p: &Path| patterns.iter().any(|pattern| pattern.is_match(p));
        matches(path)
            || (path.ancestors().skip(1))
                .take_while(|d| *d != top && d.starts_with(top))
                .any(matches)
    }

    #[test]
    fn name_globs_match_as_the_patterns_one_by_one() {
        let root = Path::new("/repo");
        let sets: &[&[&str]] = &[
            &["*scratch*", "*draft*"],
            &["*scr?tch*", "note*", "*.ipynb"],
            &["tools/*", "*sandbox*"],
            &["!*prod*"],
            &["**/lab/**", "*x*"],
            &["*[ab]*"],
        ];
        let paths = [
            "/repo/app/worker.py",
            "/repo/tools/scratch_replay.py",
            "/repo/tools/peek.py",
            "/repo/drafts/a.py",
            "/repo/notebooks/explore.ipynb",
            "/repo/lab/x.py",
            "/repo/prod/main.rs",
            "/repo",
            "/elsewhere/scratch.py",
            "/repo/scrotch/b.py",
        ];
        for set in sets {
            let values: Vec<Sourced> = (set.iter())
                .map(|v| Sourced {
                    value: v.to_string(),
                    origin: crate::error::Origin::Default("scratch-globs"),
                })
                .collect();
            let compiled = patterns(&values, root).unwrap();
            let globs = NameGlobs::new(compiled.clone());
            for path in paths {
                for top in [root, Path::new("/repo/tools"), Path::new("/nowhere")] {
                    let path = Path::new(path);
                    assert_eq!(
                        globs.match_path_or_dirs(path, top),
                        one_by_one(&compiled, path, top),
                        "{set:?} {path:?} below {top:?}"
                    );
                }
            }
        }
    }

    /// Every string of at most `max_len` pieces of `alphabet`, the empty one first. The same
    /// as `model::every_string`, which `config` may not import (see `tests/architecture.rs`).
    fn every_string(alphabet: &[&str], max_len: usize) -> Vec<String> {
        let mut all = vec![String::new()];
        let mut level = vec![String::new()];
        for _ in 0..max_len {
            level = (level.iter())
                .flat_map(|s| alphabet.iter().map(move |c| format!("{s}{c}")))
                .collect();
            all.extend(level.iter().cloned());
        }
        all
    }

    #[test]
    fn strip_prefix_and_normalize_agree_with_path() {
        let cases = [
            ("/a/b/c.py", "/a/b"),
            ("/a/b/c.py", "/a"),
            ("/a/bc/d.py", "/a/b"),
            ("/a/b", "/a/b"),
            ("/a/b/c.py", "/"),
            ("a/b.py", "a"),
            ("./a/b.py", "."),
            ("/a//b/c.py", "/a/b"),
            ("/a/./b/c.py", "/a/b"),
            ("/a/b/", "/a"),
            ("/x/y", "/a"),
        ];
        for (path, base) in cases {
            let (path, base) = (Path::new(path), Path::new(base));
            assert_eq!(
                strip_prefix(path, base),
                path.strip_prefix(base).ok(),
                "{path:?} {base:?}"
            );
        }
        for p in [
            "/a/b",
            "a/b",
            "/",
            ".",
            "",
            "a/./b",
            "a/../b",
            "a//b",
            "a/b/",
            "../a",
            "/a/..",
            ".git/x",
            "/a/.b",
            "/a/..b",
            "/a/b.",
            "/.",
            "./",
            "a/.",
            "..",
            "...",
            "/a/b/..",
            "/a/.../b",
            "//a",
            ".a",
            "./a",
            "a/./",
            "/a/.b/./c",
        ] {
            let p = Path::new(p);
            let bytes = p.as_os_str().as_encoded_bytes();
            if !bytes.is_empty() && !bytes.ends_with(b"/") {
                assert_eq!(is_normal(p), is_normal_by_parts(bytes), "{p:?}");
            }
            let slow = by_components(p);
            assert_eq!(normalize(p), slow, "{p:?}");
            assert_eq!(normalize(p).as_os_str(), slow.as_os_str(), "{p:?}");
        }
    }
    /// Every path of up to seven bytes from `/`, `.` and `a`: the byte check agrees with the
    /// check by parts.
    #[test]
    fn is_normal_agrees_with_the_parts_on_every_short_path() {
        for p in &every_string(&["/", ".", "a"], 7) {
            let bytes = p.as_bytes();
            if !bytes.is_empty() && !bytes.ends_with(b"/") {
                assert_eq!(is_normal(Path::new(p)), is_normal_by_parts(bytes), "{p:?}");
            }
        }
    }

    /// Every path of up to five bytes from `/`, `.` and `a`, after prefixes of 1 to 40
    /// bytes: the chunked check agrees with the check by parts wherever a chunk of 16 ends.
    #[test]
    fn is_normal_agrees_with_the_parts_across_chunks() {
        let tails = every_string(&["/", ".", "a"], 5);
        for n in 1..=40 {
            let prefix = format!("/{}", "x".repeat(n - 1));
            for tail in &tails {
                let p = format!("{prefix}{tail}");
                if !p.ends_with('/') {
                    let path = Path::new(&p);
                    assert_eq!(is_normal(path), is_normal_by_parts(p.as_bytes()), "{p:?}");
                }
            }
        }
    }

    /// Every pair of paths of up to five bytes from `/`, `.`, `a` and `b`: `same_path` is
    /// `==`, and `strip_prefix` is `Path::strip_prefix`.
    #[test]
    fn same_path_and_strip_prefix_agree_with_path_on_every_short_pair() {
        let all = every_string(&["/", ".", "a", "b"], 5);
        for x in &all {
            for y in &all {
                let (a, b) = (Path::new(x), Path::new(y));
                assert_eq!(same_path(a, b), a == b, "{x:?} {y:?}");
                assert_eq!(strip_prefix(a, b), a.strip_prefix(b).ok(), "{x:?} {y:?}");
            }
        }
    }

    use crate::error::Origin;

    fn pat(text: &str) -> Pattern {
        let v = Sourced {
            value: text.to_string(),
            origin: Origin::Flag("--exclude"),
        };
        Pattern::new(&v, Path::new("/repo")).unwrap()
    }

    #[test]
    fn names_anchored_and_negated() {
        let p = Path::new;
        assert!(pat("legacy").is_match(p("/repo/a/legacy")));
        assert!(pat("*_pb2.py").is_match(p("/repo/a/x_pb2.py")));
        assert!(pat("legacy/**").is_match(p("/repo/legacy/jobs/x.py")));
        assert!(pat("./legacy/**").is_match(p("/repo/legacy/x.py")));
        assert!(!pat("legacy/**").is_match(p("/repo/a/legacy/x.py")));
        assert!(!pat("legacy/**").is_match(p("/other/legacy/x.py")));
        assert!(pat("legacy/").is_match(p("/repo/x/legacy")));
        assert!(pat("/repo/gen/*.py").is_match(p("/repo/gen/a.py")));
        assert!(pat("**/legacy/**").is_match(p("/elsewhere/legacy/a.py")));
        assert!(!pat("!tests/**").is_match(p("/repo/tests/a.py")));
        assert!(pat("!tests/**").is_match(p("/repo/src/a.py")));
    }

    #[test]
    fn normalizes_spellings() {
        assert_eq!(normalize(Path::new("/a/./b/../c")), PathBuf::from("/a/c"));
        assert_eq!(normalize(Path::new("./x")), PathBuf::from("x"));
        assert_eq!(normalize(Path::new(".")), PathBuf::from("."));
    }
}
