//! Client versions: release numbers (PEP 440, which also reads Cargo's semver), the set of
//! versions a project's dependency files allow (`Pin`, read by `project::pins`), and facts
//! that change between releases (`Since` tables). A fact is known for a project only when
//! every version its pin allows agrees on it; with no pin, only facts that never changed are.

use std::cmp::Ordering;
use std::ops::Bound;

/// A release number: `2.0.2`, `3.0.0rc1`, `2.2.post1`, `1.0.0-beta.2` (PEP 440's order; an
/// epoch and a local part are ignored).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Version {
    release: Vec<u64>,
    /// `a`, `b`, `rc` as 0, 1, 2, with their number.
    pre: Option<(u8, u64)>,
    post: Option<u64>,
    dev: Option<u64>,
}

impl Version {
    /// Parses `2.0.2`, `v2.0`, `3.0.0rc1`, `2.0.post1`, `2.1.dev3`, `1.0.0-alpha.1`;
    /// `None` for anything else (a wildcard, a date, a name).
    pub fn parse(text: &str) -> Option<Version> {
        let text = text.trim().to_ascii_lowercase();
        let text = text.strip_prefix('v').unwrap_or(&text);
        let text = text.split_once('!').map_or(text, |(_, v)| v);
        let text = text.split_once('+').map_or(text, |(v, _)| v);
        let end = text
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(text.len());
        let (numbers, mut rest) = text.split_at(end);
        let numbers = numbers.strip_suffix('.').unwrap_or(numbers);
        if numbers.is_empty() {
            return None;
        }
        let release = (numbers.split('.'))
            .map(|n| n.parse().ok())
            .collect::<Option<Vec<u64>>>()?;
        let mut v = Version {
            release,
            pre: None,
            post: None,
            dev: None,
        };
        const WORDS: &[(&str, u8)] = &[
            ("alpha", 0),
            ("beta", 1),
            ("preview", 2),
            ("pre", 2),
            ("rc", 2),
            ("a", 0),
            ("b", 1),
            ("c", 2),
        ];
        loop {
            rest = rest.trim_start_matches(['.', '-', '_']);
            if rest.is_empty() {
                return Some(v);
            }
            if let Some((kind, r)) = WORDS
                .iter()
                .find_map(|(w, k)| Some((*k, rest.strip_prefix(w)?)))
            {
                let (n, r) = number(r.trim_start_matches(['.', '-', '_']));
                v.pre = Some((kind, n));
                rest = r;
                continue;
            }
            let (slot, after) = if let Some(r) = rest.strip_prefix("dev") {
                (&mut v.dev, r)
            } else if let Some(r) = ["post", "rev", "r"]
                .iter()
                .find_map(|p| rest.strip_prefix(p))
            {
                (&mut v.post, r)
            } else if rest.starts_with(|c: char| c.is_ascii_digit()) && v.post.is_none() {
                // `1.0-1`: an implicit post-release.
                (&mut v.post, rest)
            } else {
                return None;
            };
            let (n, r) = number(after.trim_start_matches(['.', '-', '_']));
            *slot = Some(n);
            rest = r;
        }
    }

    /// The first version of a release: `3.0.dev0` comes before `3.0rc1` and `3.0`.
    pub fn first_of(release: &[u64]) -> Version {
        Version {
            release: release.to_vec(),
            pre: None,
            post: None,
            dev: Some(0),
        }
    }

    /// The release numbers (`[2, 0, 2]`).
    pub fn release(&self) -> &[u64] {
        &self.release
    }

    /// A final release (no pre-, post- or development part).
    pub fn is_final(&self) -> bool {
        self.pre.is_none() && self.post.is_none() && self.dev.is_none()
    }

    fn key(&self) -> (i64, u64, i64, i64) {
        let (phase, n) = match (self.pre, self.post, self.dev) {
            (Some((kind, n)), _, _) => (i64::from(kind) + 1, n),
            // `X.devN` comes before `X.a1`.
            (None, None, Some(_)) => (0, 0),
            _ => (4, 0),
        };
        let post = self.post.map_or(-1, |p| p as i64);
        let dev = self.dev.map_or(i64::MAX, |d| d as i64);
        (phase, n, post, dev)
    }
}

/// The leading number of `text` (0 when there is none) and what follows it.
fn number(text: &str) -> (u64, &str) {
    let end = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    (text[..end].parse().unwrap_or(0), &text[end..])
}

impl Ord for Version {
    fn cmp(&self, other: &Self) -> Ordering {
        let len = self.release.len().max(other.release.len());
        let at = |v: &Version, i: usize| v.release.get(i).copied().unwrap_or(0);
        (0..len)
            .map(|i| at(self, i).cmp(&at(other, i)))
            .find(|o| o.is_ne())
            .unwrap_or(Ordering::Equal)
            .then_with(|| self.key().cmp(&other.key()))
    }
}

impl PartialOrd for Version {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl std::fmt::Display for Version {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let release: Vec<String> = self.release.iter().map(u64::to_string).collect();
        write!(f, "{}", release.join("."))?;
        if let Some((kind, n)) = self.pre {
            write!(f, "{}{n}", ["a", "b", "rc"][kind as usize])?;
        }
        if let Some(n) = self.post {
            write!(f, ".post{n}")?;
        }
        if let Some(n) = self.dev {
            write!(f, ".dev{n}")?;
        }
        Ok(())
    }
}

/// One interval of versions.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Interval {
    lo: Bound<Version>,
    hi: Bound<Version>,
}

impl Interval {
    fn is_empty(&self) -> bool {
        match (&self.lo, &self.hi) {
            (Bound::Included(a), Bound::Included(b)) => a > b,
            (Bound::Included(a) | Bound::Excluded(a), Bound::Excluded(b))
            | (Bound::Excluded(a), Bound::Included(b)) => a >= b,
            _ => false,
        }
    }

    fn intersect(&self, other: &Interval) -> Interval {
        Interval {
            lo: tighter(&self.lo, &other.lo, Ordering::Greater),
            hi: tighter(&self.hi, &other.hi, Ordering::Less),
        }
    }
}

/// Of two bounds, the one further in direction `toward` (`Greater` for a lower bound).
fn tighter(a: &Bound<Version>, b: &Bound<Version>, toward: Ordering) -> Bound<Version> {
    match (a, b) {
        (Bound::Unbounded, x) | (x, Bound::Unbounded) => x.clone(),
        (Bound::Included(x) | Bound::Excluded(x), Bound::Included(y) | Bound::Excluded(y)) => {
            match x.cmp(y) {
                Ordering::Equal if matches!(a, Bound::Excluded(_)) => a.clone(),
                Ordering::Equal => b.clone(),
                o if o == toward => a.clone(),
                _ => b.clone(),
            }
        }
    }
}

/// The versions a dependency allows: a union of intervals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VersionSet(Vec<Interval>);

impl VersionSet {
    pub fn any() -> VersionSet {
        VersionSet(vec![Interval {
            lo: Bound::Unbounded,
            hi: Bound::Unbounded,
        }])
    }

    pub fn exactly(v: Version) -> VersionSet {
        VersionSet::between(Bound::Included(v.clone()), Bound::Included(v))
    }

    pub fn between(lo: Bound<Version>, hi: Bound<Version>) -> VersionSet {
        VersionSet(vec![Interval { lo, hi }]).normal()
    }

    /// Every version but those of `[lo, hi)` (`!=2.0.*`), or but `lo` itself when `hi` is
    /// `None` (`!=2.0.2`).
    pub fn except(lo: Version, hi: Option<Version>) -> VersionSet {
        let below = Interval {
            lo: Bound::Unbounded,
            hi: Bound::Excluded(lo.clone()),
        };
        let above = Interval {
            lo: match hi {
                Some(hi) => Bound::Included(hi),
                None => Bound::Excluded(lo),
            },
            hi: Bound::Unbounded,
        };
        VersionSet(vec![below, above]).normal()
    }

    /// The versions both allow.
    pub fn and(&self, other: &VersionSet) -> VersionSet {
        let pieces = (self.0.iter())
            .flat_map(|a| other.0.iter().map(move |b| a.intersect(b)))
            .collect();
        VersionSet(pieces).normal()
    }

    /// The versions either allows.
    pub fn or(&self, other: &VersionSet) -> VersionSet {
        VersionSet(self.0.iter().chain(&other.0).cloned().collect()).normal()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The one version allowed, when it is one.
    pub fn exact(&self) -> Option<&Version> {
        match self.0.as_slice() {
            [Interval {
                lo: Bound::Included(a),
                hi: Bound::Included(b),
            }] if a == b => Some(a),
            _ => None,
        }
    }

    fn normal(mut self) -> VersionSet {
        self.0.retain(|i| !i.is_empty());
        self
    }

    /// What a `Since` table says for every version of the set: `None` when they differ (or
    /// the set is empty).
    pub fn fact<T: Copy + PartialEq>(&self, table: Since<T>) -> Option<T> {
        let mut found: Option<T> = None;
        for (i, &(from, value)) in table.iter().enumerate() {
            let step = Interval {
                lo: if from.is_empty() {
                    Bound::Unbounded
                } else {
                    Bound::Included(Version::first_of(from))
                },
                hi: match table.get(i + 1) {
                    Some((next, _)) => Bound::Excluded(Version::first_of(next)),
                    None => Bound::Unbounded,
                },
            };
            if self.0.iter().any(|a| !a.intersect(&step).is_empty()) {
                match found {
                    Some(v) if v != value => return None,
                    _ => found = Some(value),
                }
            }
        }
        found
    }
}

/// A fact that changed between releases: each entry's value holds from its release on (the
/// first entry's release is `&[]`, every earlier release), until the next entry's. Releases
/// are compared as their first pre-release: `3.0.0rc1` is a 3.0.
pub type Since<T> = &'static [(&'static [u64], T)];

/// The same value for every release.
pub fn always<T: Copy + PartialEq>(table: Since<T>) -> Option<T> {
    let (_, first) = *table.first()?;
    table.iter().all(|&(_, v)| v == first).then_some(first)
}

/// The versions of one package a project's dependency files allow, and where they say so.
#[derive(Debug, Clone, PartialEq)]
pub struct Pin {
    pub allowed: VersionSet,
    /// As written: `2.0.2` from a lock file, `>=2.0,<2.3` from a requirement (several
    /// requirements joined by `, `).
    pub shown: String,
    /// The files read, relative to the project directory (`requirements.txt`, `poetry.lock`).
    pub from: Vec<String>,
}

impl Pin {
    /// `kafka-python 2.0.2 (poetry.lock)`, `kafka-python >=2.0,<2.3 (requirements.txt)`.
    pub fn describe(&self, package: &str) -> String {
        format!("{package} {} ({})", self.shown, self.from.join(", "))
    }
}

/// The client versions a project pins, by package name (normalised: `kafka-python`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Pins {
    pub packages: Vec<(String, Pin)>,
}

impl Pins {
    /// The pin of `package` (a library's `name`, which is its package name).
    pub fn get(&self, package: &str) -> Option<&Pin> {
        let package = normalise(package);
        self.packages
            .iter()
            .find(|(name, _)| *name == package)
            .map(|(_, pin)| pin)
    }

    /// What `table` says for `package`: the value every release has, else the one every
    /// version the project allows agrees on; `None` when no version is known or they differ.
    pub fn fact<T: Copy + PartialEq>(&self, package: &str, table: Since<T>) -> Option<T> {
        always(table).or_else(|| self.get(package)?.allowed.fact(table))
    }
}

/// A package name as PEP 503 compares them: lower case, runs of `-`, `_`, `.` as one `-`.
pub fn normalise(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.trim().chars() {
        if matches!(c, '-' | '_' | '.') {
            if !out.ends_with('-') {
                out.push('-');
            }
        } else {
            out.push(c.to_ascii_lowercase());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> Version {
        Version::parse(s).unwrap()
    }

    #[test]
    fn versions_order_as_pep_440_says() {
        let ordered = [
            "1.0.dev1",
            "1.0a1",
            "1.0a2.dev1",
            "1.0a2",
            "1.0b1",
            "1.0rc1",
            "1.0",
            "1.0.post1",
            "1.0.1",
            "2.0",
            "2.0.2",
            "2.1.0",
            "3.0.0rc1",
            "3.0",
        ];
        for pair in ordered.windows(2) {
            assert!(v(pair[0]) < v(pair[1]), "{} < {}", pair[0], pair[1]);
        }
        assert_eq!(v("2.0"), v("2.0"));
        assert_eq!(v("2.0").cmp(&v("2.0.0")), Ordering::Equal);
        assert_eq!(v("v1.2.3"), v("1.2.3"));
        assert_eq!(v("1!2.0+local"), v("2.0"));
        assert!(v("1.0.0-alpha.1") < v("1.0.0"));
        assert_eq!(Version::parse("2.*"), None);
        assert_eq!(Version::parse("latest"), None);
        assert_eq!(v("3.0.0rc1").to_string(), "3.0.0rc1");
    }

    const ACKS: Since<&str> = &[(&[], "1"), (&[3, 0], "all")];

    #[test]
    fn a_fact_is_known_when_every_allowed_version_agrees() {
        let exact = VersionSet::exactly(v("2.0.2"));
        assert_eq!(exact.fact(ACKS), Some("1"));
        assert_eq!(VersionSet::exactly(v("3.0.0")).fact(ACKS), Some("all"));
        // A release candidate of 3.0 is a 3.0.
        assert_eq!(VersionSet::exactly(v("3.0.0rc1")).fact(ACKS), Some("all"));
        let below_3 =
            VersionSet::between(Bound::Unbounded, Bound::Excluded(Version::first_of(&[3])));
        assert_eq!(below_3.fact(ACKS), Some("1"));
        let from_2 = VersionSet::between(Bound::Included(v("2.0")), Bound::Unbounded);
        assert_eq!(from_2.fact(ACKS), None);
        assert_eq!(VersionSet::any().fact(ACKS), None);
        let nothing = exact.and(&VersionSet::exactly(v("3.0")));
        assert!(nothing.is_empty());
        assert_eq!(nothing.fact(ACKS), None);
        // `<=3.0` allows 3.0 itself.
        let up_to_3 = VersionSet::between(Bound::Unbounded, Bound::Included(v("3.0")));
        assert_eq!(up_to_3.fact(ACKS), None);
    }

    #[test]
    fn sets_intersect_and_exclude() {
        let from_2 = VersionSet::between(Bound::Included(v("2.0")), Bound::Unbounded);
        let not_2_0 =
            VersionSet::except(Version::first_of(&[2, 0]), Some(Version::first_of(&[2, 1])));
        let set = from_2.and(&not_2_0);
        assert_eq!(set.fact(&[(&[], 0), (&[2, 1], 1)]), Some(1));
        let either = VersionSet::exactly(v("2.0.2")).or(&VersionSet::exactly(v("2.0.1")));
        assert_eq!(either.fact(&[(&[], 0), (&[2, 1], 1)]), Some(0));
        assert_eq!(either.exact(), None);
        assert_eq!(VersionSet::exactly(v("2.0.2")).exact(), Some(&v("2.0.2")));
        let not_exact = VersionSet::except(v("2.0.2"), None);
        assert_eq!(not_exact.fact(&[(&[], 0), (&[2, 1], 1)]), None);
    }

    #[test]
    fn a_fact_every_release_shares_needs_no_pin() {
        let pins = Pins::default();
        assert_eq!(pins.fact("kafka-python", &[(&[], true)]), Some(true));
        assert_eq!(pins.fact("kafka-python", ACKS), None);
        assert_eq!(normalise("Kafka_Python"), "kafka-python");
        assert_eq!(normalise("confluent.kafka"), "confluent-kafka");
    }
}
