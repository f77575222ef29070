//! Version constraints as dependency files write them: PEP 508 requirements
//! (`kafka-python[crc32c]>=2.0,<2.3 ; python_version>"3.8"`) with PEP 440 specifiers, and
//! Poetry's constraints (`^2.0.2`, `~2.2`, `>=2.0,<3 || 3.1.*`).

use std::ops::Bound;

use crate::knowledge::version::{normalise, Version, VersionSet};

/// A requirement's package (normalised) and its specifier as written (`>=2.0,<2.3`, empty
/// for any version). `None` for what names no version range: an option line, a URL or path
/// requirement (`name @ https://..`), or one with an environment marker (it may not apply).
pub fn requirement(line: &str) -> Option<(String, String)> {
    let line = line.trim();
    if line.contains(';') || line.contains('@') || line.starts_with('-') {
        return None;
    }
    let end = line
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')))
        .unwrap_or(line.len());
    let (name, mut rest) = line.split_at(end);
    if name.is_empty() {
        return None;
    }
    rest = rest.trim_start();
    if let Some(extras) = rest.strip_prefix('[') {
        rest = extras.split_once(']')?.1.trim_start();
    }
    let rest = rest.trim();
    let rest = match rest.strip_prefix('(') {
        Some(inner) => inner.strip_suffix(')')?.trim(),
        None => rest,
    };
    Some((normalise(name), rest.split_whitespace().collect()))
}

/// The versions a PEP 440 specifier (`>=2.0,<2.3`, `~=2.2`, `==2.0.*`) allows; `None` for one
/// it cannot read.
pub fn pep440(spec: &str) -> Option<VersionSet> {
    let mut set = VersionSet::any();
    for clause in spec.split(',').map(str::trim).filter(|c| !c.is_empty()) {
        set = set.and(&clause_set(clause, false)?);
    }
    Some(set)
}

/// The versions a Poetry constraint (`^2.0.2`, `~2.2`, `2.0.2`, `>=2.0,<3 || 3.1.*`)
/// allows.
pub fn poetry(constraint: &str) -> Option<VersionSet> {
    let mut union: Option<VersionSet> = None;
    for alternative in constraint.split("||") {
        let mut set = VersionSet::any();
        for clause in alternative
            .split([',', ' '])
            .map(str::trim)
            .filter(|c| !c.is_empty())
        {
            set = set.and(&clause_set(clause, true)?);
        }
        union = Some(match union {
            Some(u) => u.or(&set),
            None => set,
        });
    }
    union
}

/// One clause: an operator and a version. Poetry also writes `^V`, `~V`, `*` and a bare
/// version (`==`).
fn clause_set(clause: &str, poetry: bool) -> Option<VersionSet> {
    const OPERATORS: &[&str] = &["===", "~=", "==", "!=", "<=", ">=", "<", ">", "^", "~", "="];
    let (op, text) = match OPERATORS
        .iter()
        .find_map(|op| Some((*op, clause.strip_prefix(op)?)))
    {
        Some(found) => found,
        None if poetry && clause == "*" => return Some(VersionSet::any()),
        None if poetry => ("==", clause),
        None => return None,
    };
    let text = text.trim();
    if let Some(prefix) = text.strip_suffix(".*") {
        let v = Version::parse(prefix)?;
        let (lo, hi) = (
            Version::first_of(v.release()),
            next_release(v.release(), v.release().len() - 1),
        );
        return match op {
            "==" | "=" => Some(VersionSet::between(
                Bound::Included(lo),
                Bound::Excluded(hi),
            )),
            "!=" => Some(VersionSet::except(lo, Some(hi))),
            _ => None,
        };
    }
    if poetry && text == "*" {
        return Some(VersionSet::any());
    }
    let v = Version::parse(text)?;
    let release = v.release().to_vec();
    Some(match op {
        "==" | "===" | "=" => VersionSet::exactly(v),
        "!=" => VersionSet::except(v, None),
        ">=" => VersionSet::between(Bound::Included(v), Bound::Unbounded),
        ">" => VersionSet::between(Bound::Excluded(v), Bound::Unbounded),
        "<=" => VersionSet::between(Bound::Unbounded, Bound::Included(v)),
        // `<3.0` leaves out 3.0's pre-releases too (PEP 440).
        "<" if v.is_final() => VersionSet::between(
            Bound::Unbounded,
            Bound::Excluded(Version::first_of(&release)),
        ),
        "<" => VersionSet::between(Bound::Unbounded, Bound::Excluded(v)),
        // `~=2.2` is `>=2.2, ==2.*`; `~=2.2.1` is `>=2.2.1, ==2.2.*`.
        "~=" if release.len() >= 2 => up_to(v, next_release(&release, release.len() - 2)),
        "~=" => return None,
        // Poetry's `~1.2.3` is `>=1.2.3,<1.3`; `~1` is `>=1,<2`.
        "~" => up_to(v, next_release(&release, usize::from(release.len() >= 2))),
        // Poetry's `^1.2.3` is `<2`, `^0.2.3` is `<0.3`, `^0.0.3` is `<0.0.4`.
        "^" => {
            let first = (release.iter().position(|&n| n != 0)).unwrap_or(release.len() - 1);
            up_to(v, next_release(&release, first))
        }
        _ => return None,
    })
}

/// `[v, hi)`.
fn up_to(v: Version, hi: Version) -> VersionSet {
    VersionSet::between(Bound::Included(v), Bound::Excluded(hi))
}

/// The first version after every release that starts with `release[..=at]`: `2.3.dev0` for
/// (`2.2.1`, 1).
fn next_release(release: &[u64], at: usize) -> Version {
    let mut next: Vec<u64> = release[..=at].to_vec();
    next[at] += 1;
    Version::first_of(&next)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::version::Since;

    /// kafka-python's default `acks`.
    const ACKS: Since<&str> = &[(&[], "1"), (&[3, 0], "all")];
    /// kafka-python's `OffsetAndMetadata` fields.
    const FIELDS: Since<u8> = &[(&[], 2), (&[2, 1], 3), (&[3, 0], 4)];

    fn acks(spec: &str) -> Option<&'static str> {
        pep440(spec).unwrap().fact(ACKS)
    }

    #[test]
    fn pep_440_specifiers_allow_what_they_say() {
        assert_eq!(acks("==2.0.2"), Some("1"));
        assert_eq!(acks("<3"), Some("1"));
        // `<3.0` leaves out 3.0rc1.
        assert_eq!(acks("<3.0"), Some("1"));
        assert_eq!(acks("<=3.0"), None);
        assert_eq!(acks(">=2.0"), None);
        assert_eq!(acks(">=2.0,<2.3"), Some("1"));
        assert_eq!(acks(">=3.0"), Some("all"));
        assert_eq!(acks(">2.99"), None);
        assert_eq!(acks("~=2.2"), Some("1"));
        assert_eq!(acks("~=3.0"), Some("all"));
        assert_eq!(acks("==2.*"), Some("1"));
        assert_eq!(acks("!=3.*"), None);
        assert_eq!(acks(""), None);
        let fields = |s: &str| pep440(s).unwrap().fact(FIELDS);
        assert_eq!(fields("~=2.2.0"), Some(3));
        assert_eq!(fields("~=2.0"), None);
        assert_eq!(fields("==2.0.*"), Some(2));
        assert_eq!(fields(">=2.1,!=2.0.2,<3"), Some(3));
        assert_eq!(fields("===2.0.2"), Some(2));
        assert_eq!(pep440("~=2"), None);
        assert_eq!(pep440(">=two"), None);
    }

    #[test]
    fn poetry_constraints_allow_what_they_say() {
        let acks = |s: &str| poetry(s).unwrap().fact(ACKS);
        assert_eq!(acks("^2.0.2"), Some("1"));
        assert_eq!(acks("^3.0"), Some("all"));
        assert_eq!(acks("~2.2"), Some("1"));
        assert_eq!(acks("2.0.2"), Some("1"));
        assert_eq!(acks("*"), None);
        assert_eq!(acks(">=2.0 <3.0"), Some("1"));
        assert_eq!(acks("^2.0 || ^3.0"), None);
        assert_eq!(acks("2.0.*"), Some("1"));
        let fields = |s: &str| poetry(s).unwrap().fact(FIELDS);
        assert_eq!(fields("^0.2.3"), Some(2));
        assert_eq!(fields("~2"), None);
        assert_eq!(fields("~2.1.0"), Some(3));
    }

    #[test]
    fn requirements_name_their_package_and_specifier() {
        let r = |s: &str| requirement(s);
        assert_eq!(
            r("kafka-python==2.0.2"),
            Some(("kafka-python".into(), "==2.0.2".into()))
        );
        assert_eq!(
            r("Kafka_Python[crc32c] >= 2.0, < 2.3"),
            Some(("kafka-python".into(), ">=2.0,<2.3".into()))
        );
        assert_eq!(
            r("kafka-python (>=2.0)"),
            Some(("kafka-python".into(), ">=2.0".into()))
        );
        assert_eq!(
            r("kafka-python"),
            Some(("kafka-python".into(), String::new()))
        );
        assert_eq!(r("kafka-python>=2; python_version>'3.8'"), None);
        assert_eq!(r("kafka-python @ https://example.invalid/k.whl"), None);
        assert_eq!(r("-e ."), None);
    }
}
