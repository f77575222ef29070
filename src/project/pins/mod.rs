//! The client versions a project pins, from its dependency files in the project directory:
//! requirements (`requirements*.txt` and the files they include, `pyproject.toml`'s PEP 621
//! and Poetry dependencies, `setup.cfg`'s and `setup.py`'s `install_requires`, an sdist's
//! `PKG-INFO`) and lock files (`poetry.lock`,
//! `uv.lock`, `Pipfile.lock`, `Cargo.lock`), and Java build files (`pom.xml`, `build.gradle`,
//! `build.gradle.kts`, a Gradle version catalog: `jvm`), whose declared versions count as
//! locked. A lock file gives the exact version and wins over
//! every requirement; requirements hold together (their specifiers intersect), and a project
//! whose requirements contradict each other pins nothing. Read once per project per run, for
//! the projects that have a file to lint; a file that cannot be read or parsed is skipped.

mod jvm;
mod locks;
mod manifests;
mod specifier;

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::knowledge::version::{normalise, Pin, Pins, Version, VersionSet};
use crate::model::Lang;

/// The directory whose dependency files pin what `file` is built with: the nearest directory
/// above it, within its project `namespace`, holding a Maven or Gradle build file (a Java
/// file: its module, as modules of one repository may build with different versions) or a
/// Python dependency file (a Python file: a service of a monorepo, or an application whose
/// `requirements.txt` sits beside its sources below the repository's root); else the
/// namespace (and always for Rust: `Cargo.lock` is the workspace's). `modules` caches the
/// answer per language and directory, for every directory probed on the way up, so that no
/// directory is probed twice however many directories below it hold files.
pub fn pins_dir(
    file: &Path,
    lang: Lang,
    namespace: &Path,
    modules: &mut HashMap<(Lang, PathBuf), PathBuf>,
) -> PathBuf {
    let is_module: fn(&Path) -> bool = match lang {
        Lang::Java => jvm::is_module,
        Lang::Python => manifests::is_python_module,
        _ => return namespace.to_path_buf(),
    };
    let Some(parent) = file.parent() else {
        return namespace.to_path_buf();
    };
    let mut probed = Vec::new();
    let mut module = None;
    for d in parent.ancestors().take_while(|d| d.starts_with(namespace)) {
        if let Some(known) = modules.get(&(lang, d.to_path_buf())) {
            module = Some(known.clone());
            break;
        }
        probed.push(d);
        if is_module(d) {
            module = Some(d.to_path_buf());
            break;
        }
    }
    let module = module.unwrap_or_else(|| namespace.to_path_buf());
    for d in probed {
        modules.insert((lang, d.to_path_buf()), module.clone());
    }
    module
}

/// The pins of `packages` for the files whose `pins_dir` is `dir`, in the project at
/// `namespace`: what `dir`'s files say, and for the packages they do not name, what the
/// namespace's say (a service's `requirements.txt` may list only its own extras). The files
/// are shown relative to the namespace.
pub fn read_within(dir: &Path, namespace: &Path, packages: &[&str]) -> Pins {
    let mut pins = read(dir, packages);
    let Ok(below) = dir.strip_prefix(namespace) else {
        return pins;
    };
    if below.as_os_str().is_empty() {
        return pins;
    }
    for (_, pin) in &mut pins.packages {
        for file in &mut pin.from {
            *file = below.join(&*file).to_string_lossy().into_owned();
        }
    }
    for (package, pin) in read(namespace, packages).packages {
        if pins.get(&package).is_none() {
            pins.packages.push((package, pin));
        }
    }
    pins
}

/// What one file says about one package.
struct Said {
    package: String,
    allowed: VersionSet,
    shown: String,
    file: String,
}

/// The pins of `packages` (package names, as the libraries name them) in the project at
/// `dir`.
pub fn read(dir: &Path, packages: &[&str]) -> Pins {
    let wanted: Vec<String> = packages.iter().map(|p| normalise(p)).collect();
    let mut required = Vec::new();
    manifests::requirements_files(dir, &mut required);
    manifests::pyproject(dir, &mut required);
    manifests::setup_cfg(dir, &mut required);
    manifests::setup_py(dir, &mut required);
    manifests::pkg_info(dir, &mut required);
    let mut locked = Vec::new();
    locks::read(dir, &mut locked);
    jvm::read(dir, &mut locked);
    let mut pins = Pins::default();
    for package in wanted {
        let pin = combine(&locked, &package, VersionSet::or, " or ")
            .or_else(|| combine(&required, &package, VersionSet::and, ", "));
        if let Some(pin) = pin.filter(|p| !p.allowed.is_empty()) {
            pins.packages.push((package, pin));
        }
    }
    pins
}

/// What the files say of `package`, joined with `join` (locks: any of their versions;
/// requirements: all of their specifiers).
fn combine(
    said: &[Said],
    package: &str,
    join: fn(&VersionSet, &VersionSet) -> VersionSet,
    sep: &str,
) -> Option<Pin> {
    let mut out: Option<Pin> = None;
    for s in said.iter().filter(|s| s.package == package) {
        match &mut out {
            None => {
                out = Some(Pin {
                    allowed: s.allowed.clone(),
                    shown: s.shown.clone(),
                    from: vec![s.file.clone()],
                })
            }
            Some(pin) => {
                pin.allowed = join(&pin.allowed, &s.allowed);
                if !pin.shown.split(sep).any(|x| x == s.shown) {
                    pin.shown = format!("{}{sep}{}", pin.shown, s.shown);
                }
                if !pin.from.contains(&s.file) {
                    pin.from.push(s.file.clone());
                }
            }
        }
    }
    out
}

/// A requirement's record: `shown` is its specifier, or `any version`.
fn requirement(package: String, spec: &str, allowed: VersionSet, file: &str) -> Said {
    Said {
        package,
        allowed,
        shown: if spec.is_empty() {
            "any version".into()
        } else {
            spec.to_string()
        },
        file: file.to_string(),
    }
}

/// A lock file's record of an exact version.
fn locked(package: &str, version: &str, file: &str) -> Option<Said> {
    let v = Version::parse(version)?;
    Some(Said {
        package: normalise(package),
        allowed: VersionSet::exactly(v),
        shown: version.trim().to_string(),
        file: file.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::version::Since;

    const ACKS: Since<&str> = &[(&[], "1"), (&[3, 0], "all")];

    fn project(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in files {
            let path = dir.path().join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        dir
    }

    fn pins(files: &[(&str, &str)]) -> Pins {
        read(
            project(files).path(),
            &["kafka-python", "rdkafka", "aiokafka"],
        )
    }

    fn shown(pins: &Pins, package: &str) -> Option<String> {
        pins.get(package).map(|p| p.describe(package))
    }

    #[test]
    fn requirements_files_and_their_includes() {
        let p = pins(&[
            (
                "requirements.txt",
                "# pinned for production\n-r requirements/base.txt\nrequests==2.31  # http\n",
            ),
            ("requirements/base.txt", "kafka-python>=2.0 \\\n    ,<2.3\n"),
        ]);
        assert_eq!(
            shown(&p, "kafka-python").as_deref(),
            Some("kafka-python >=2.0,<2.3 (requirements/base.txt)")
        );
        assert_eq!(p.fact("kafka-python", ACKS), Some("1"));
        assert_eq!(p.get("aiokafka"), None);
        // Every requirements*.txt holds: a development file narrows the range.
        let p = pins(&[
            ("requirements.txt", "kafka-python>=2.0\n"),
            ("requirements-dev.txt", "kafka-python<3\n"),
        ]);
        assert_eq!(p.fact("kafka-python", ACKS), Some("1"));
        assert_eq!(
            shown(&p, "kafka-python").as_deref(),
            Some("kafka-python <3, >=2.0 (requirements-dev.txt, requirements.txt)")
        );
        // An include cycle ends; contradicting requirements pin nothing.
        let p = pins(&[
            (
                "requirements.txt",
                "-r requirements-b.txt\nkafka-python==2.0.2\n",
            ),
            (
                "requirements-b.txt",
                "-r requirements.txt\nkafka-python>=3\n",
            ),
        ]);
        assert_eq!(p.get("kafka-python"), None);
    }

    #[test]
    fn pyproject_pep_621_and_poetry() {
        let p = pins(&[(
            "pyproject.toml",
            "[project]\nname = \"svc\"\ndependencies = [\"kafka-python~=3.0\", \"aiokafka>=0.8\"]\n",
        )]);
        assert_eq!(p.fact("kafka-python", ACKS), Some("all"));
        assert_eq!(
            shown(&p, "aiokafka").as_deref(),
            Some("aiokafka >=0.8 (pyproject.toml)")
        );
        let p = pins(&[(
            "pyproject.toml",
            "[tool.poetry.dependencies]\npython = \"^3.10\"\nkafka-python = { version = \"^2.0.2\", extras = [\"crc32c\"] }\n",
        )]);
        assert_eq!(p.fact("kafka-python", ACKS), Some("1"));
        assert_eq!(
            shown(&p, "kafka-python").as_deref(),
            Some("kafka-python ^2.0.2 (pyproject.toml)")
        );
        let p = pins(&[(
            "pyproject.toml",
            "[tool.poetry.dependencies]\nkafka-python = \"*\"\n",
        )]);
        assert_eq!(p.fact("kafka-python", ACKS), None);
        // A file that is not TOML is skipped.
        assert_eq!(pins(&[("pyproject.toml", "[project\n")]), Pins::default());
    }

    #[test]
    fn setup_cfg_install_requires() {
        let p = pins(&[(
            "setup.cfg",
            "[metadata]\nname = svc\n\n[options]\ninstall_requires =\n    requests\n    kafka-python==2.2.15\npackages = find:\n",
        )]);
        assert_eq!(
            shown(&p, "kafka-python").as_deref(),
            Some("kafka-python ==2.2.15 (setup.cfg)")
        );
    }

    #[test]
    fn setup_py_install_requires_and_pkg_info() {
        let setup = "from setuptools import setup\nsetup(\n    name='svc',\n    install_requires=[\n        'requests',  # http\n        \"kafka-python==2.0.1\",\n    ],\n)\n";
        let p = pins(&[("setup.py", setup)]);
        assert_eq!(
            shown(&p, "kafka-python").as_deref(),
            Some("kafka-python ==2.0.1 (setup.py)")
        );
        // A list that is not literals is not followed.
        let p = pins(&[(
            "setup.py",
            "setup(install_requires=reqs('kafka-python==2.0.1'))\n",
        )]);
        assert_eq!(shown(&p, "kafka-python"), None);
        let info = "Metadata-Version: 2.1\nName: svc\nRequires-Dist: kafka-python (==2.2.15)\nRequires-Dist: aiokafka==0.8; extra == \"aio\"\n\nRequires-Dist: aiokafka==0.9\n";
        let p = pins(&[("PKG-INFO", info)]);
        assert_eq!(
            shown(&p, "kafka-python").as_deref(),
            Some("kafka-python ==2.2.15 (PKG-INFO)")
        );
        // An extra's requirement and the long description's text are not requirements.
        assert_eq!(shown(&p, "aiokafka"), None);
    }

    #[test]
    fn a_lock_file_wins_over_a_requirement() {
        let p = pins(&[
            ("pyproject.toml", "[project]\ndependencies = [\"kafka-python>=2.0\"]\n"),
            (
                "poetry.lock",
                "[[package]]\nname = \"kafka-python\"\nversion = \"2.0.2\"\n\n[[package]]\nname = \"six\"\nversion = \"1.16.0\"\n",
            ),
        ]);
        assert_eq!(
            shown(&p, "kafka-python").as_deref(),
            Some("kafka-python 2.0.2 (poetry.lock)")
        );
        assert_eq!(p.fact("kafka-python", ACKS), Some("1"));
    }

    #[test]
    fn uv_pipfile_and_cargo_locks() {
        let p = pins(&[(
            "uv.lock",
            "version = 1\n\n[[package]]\nname = \"kafka-python\"\nversion = \"3.0.1\"\nsource = { registry = \"x\" }\n",
        )]);
        assert_eq!(p.fact("kafka-python", ACKS), Some("all"));
        let p = pins(&[(
            "Pipfile.lock",
            r#"{"_meta": {}, "default": {"kafka-python": {"hashes": [], "version": "==2.2.3"}}, "develop": {}}"#,
        )]);
        assert_eq!(
            shown(&p, "kafka-python").as_deref(),
            Some("kafka-python 2.2.3 (Pipfile.lock)")
        );
        let p = pins(&[(
            "Cargo.lock",
            "version = 3\n\n[[package]]\nname = \"rdkafka\"\nversion = \"0.36.2\"\n",
        )]);
        assert_eq!(
            shown(&p, "rdkafka").as_deref(),
            Some("rdkafka 0.36.2 (Cargo.lock)")
        );
        // Two lock files that disagree allow either version.
        let p = pins(&[
            (
                "poetry.lock",
                "[[package]]\nname = \"kafka-python\"\nversion = \"2.0.2\"\n",
            ),
            (
                "uv.lock",
                "[[package]]\nname = \"kafka-python\"\nversion = \"3.0.0\"\n",
            ),
        ]);
        assert_eq!(p.fact("kafka-python", ACKS), None);
        assert_eq!(
            shown(&p, "kafka-python").as_deref(),
            Some("kafka-python 2.0.2 or 3.0.0 (poetry.lock, uv.lock)")
        );
    }

    fn java_pins(files: &[(&str, &str)], module: &str) -> Pins {
        let dir = project(files);
        read(&dir.path().join(module), &["kafka-clients", "spring-kafka"])
    }

    #[test]
    fn maven_properties_and_parent_poms() {
        let parent = r#"<project><properties><kafka.version>2.8.1</kafka.version></properties>
            <dependencyManagement><dependencies><dependency>
              <groupId>org.apache.kafka</groupId><artifactId>kafka-clients</artifactId>
              <version>${kafka.version}</version>
            </dependency></dependencies></dependencyManagement></project>"#;
        let module = r#"<project><dependencies>
            <!-- <dependency><artifactId>spring-kafka</artifactId><version>3.1.0</version></dependency> -->
            <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka-clients</artifactId></dependency>
            </dependencies></project>"#;
        let p = java_pins(&[("pom.xml", parent), ("svc/pom.xml", module)], "svc");
        assert_eq!(
            shown(&p, "kafka-clients").as_deref(),
            Some("kafka-clients 2.8.1 (../pom.xml)")
        );
        assert_eq!(p.fact("kafka-clients", ACKS), Some("1"));
        // A commented-out dependency declares nothing; an unknown property resolves to nothing.
        assert_eq!(p.get("spring-kafka"), None);
        let p = java_pins(
            &[(
                "pom.xml",
                &module.replace("</artifactId>", "</artifactId><version>${v}</version>"),
            )],
            "",
        );
        assert_eq!(p.get("kafka-clients"), None);
    }

    #[test]
    fn gradle_strings_maps_variables_and_catalogs() {
        let p = java_pins(
            &[
                ("gradle.properties", "kafkaVersion=3.6.1\n"),
                (
                    "app/build.gradle.kts",
                    "dependencies {\n    implementation(\"org.apache.kafka:kafka-clients:${kafkaVersion}\")\n}\n",
                ),
            ],
            "app",
        );
        assert_eq!(p.fact("kafka-clients", ACKS), Some("all"));
        let p = java_pins(
            &[(
                "build.gradle",
                "ext {\n    springKafka = '2.5.10.RELEASE'\n}\ndependencies {\n    implementation group: 'org.springframework.kafka', name: 'spring-kafka', version: \"$springKafka\"\n    implementation('org.apache.kafka:kafka-clients:3.5.1!!')\n}\n",
            )],
            "",
        );
        assert_eq!(
            shown(&p, "spring-kafka").as_deref(),
            Some("spring-kafka 2.5.10 (build.gradle)")
        );
        assert_eq!(
            shown(&p, "kafka-clients").as_deref(),
            Some("kafka-clients 3.5.1 (build.gradle)")
        );
        // The root's version catalog serves a module that names its library; a module's own
        // version wins over it.
        let catalog = "[versions]\nkafka = \"2.6.3\"\n[libraries]\nkafka-clients = { module = \"org.apache.kafka:kafka-clients\", version.ref = \"kafka\" }\n";
        let files = [
            ("gradle/libs.versions.toml", catalog),
            (
                "old/build.gradle",
                "dependencies { implementation libs.kafka.clients }\n",
            ),
            (
                "new/build.gradle",
                "dependencies { implementation 'org.apache.kafka:kafka-clients:3.7.0' }\n",
            ),
        ];
        assert_eq!(
            java_pins(&files, "old").fact("kafka-clients", ACKS),
            Some("1")
        );
        assert_eq!(
            java_pins(&files, "new").fact("kafka-clients", ACKS),
            Some("all")
        );
    }

    #[test]
    fn a_java_file_is_pinned_by_its_module() {
        let dir = project(&[
            ("build.gradle", ""),
            ("svc/build.gradle", ""),
            ("svc/src/main/java/A.java", ""),
            ("scripts/B.java", ""),
        ]);
        let root = dir.path();
        let mut cache = HashMap::new();
        let a = root.join("svc/src/main/java/A.java");
        assert_eq!(pins_dir(&a, Lang::Java, root, &mut cache), root.join("svc"));
        let b = root.join("scripts/B.java");
        assert_eq!(pins_dir(&b, Lang::Java, root, &mut cache), root);
        let py = root.join("svc/x.py");
        assert_eq!(pins_dir(&py, Lang::Python, root, &mut cache), root);
    }

    #[test]
    fn no_dependency_file_pins_nothing() {
        assert_eq!(pins(&[("app.py", "import kafka\n")]), Pins::default());
    }
}
