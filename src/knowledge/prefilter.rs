//! The literal prefilter: a search of a file's bytes for the words the knowledge tables
//! derive says whether a rule may concern the file, and whether what it names also concerns
//! the files importing it. A file it rejects is never parsed.

use std::collections::{HashMap, HashSet};

use memchr::memmem::Finder;

use crate::model::is_java_ident_byte;

/// What the prefilter found in a file's bytes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Concern {
    /// Some word matched: a rule may concern the file.
    pub concerned: bool,
    /// A word that also concerns importers matched (a Kafka library's name).
    pub propagates: bool,
}

/// How a file's text names what the rules look for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Naming {
    /// By words anywhere: Python and Rust sources, configuration files.
    Words,
    /// By qualified type names: Java sources (see [`JavaGate`]).
    JavaTypes,
}

#[derive(Debug, Clone, Default)]
pub struct Prefilter {
    words: Words,
    java: JavaGate,
    /// Off (`--no-prefilter`): every file concerns the rules and its importers, so every
    /// file is parsed and analysed. Findings must not change; only time does.
    off: bool,
}

impl Prefilter {
    /// `words` for files named by words; for Java sources, see [`JavaWords`].
    pub fn new(words: Vec<(String, bool)>, java: JavaWords) -> Self {
        Prefilter {
            words: Words::new(words),
            java: JavaGate::new(java),
            off: false,
        }
    }

    /// Turns the prefilter off: [`Prefilter::scan`] then says every file is concerned.
    pub fn turn_off(&mut self) {
        self.off = true;
    }

    pub fn words(&self) -> impl Iterator<Item = &str> {
        self.words.words.iter().map(|(w, _)| w.as_str())
    }

    /// Whether any word, and any word that concerns importers, is in `bytes`.
    pub fn scan(&self, naming: Naming, bytes: &[u8]) -> Concern {
        if self.off {
            return Concern {
                concerned: true,
                propagates: true,
            };
        }
        match naming {
            Naming::Words => self.words.scan(bytes),
            Naming::JavaTypes => self.java.scan(bytes),
        }
    }
}

/// Drops each word that contains another of `words`: it is found wherever that one is
/// (`aiokafka` contains `kafka`), so searching for it adds nothing.
pub fn drop_containing<W: AsRef<[u8]>>(words: &mut Vec<W>) {
    let keep: Vec<bool> = (words.iter())
        .map(|w| {
            let w = w.as_ref();
            !(words.iter())
                .any(|o| o.as_ref() != w && memchr::memmem::find(w, o.as_ref()).is_some())
        })
        .collect();
    let mut keep = keep.into_iter();
    words.retain(|_| keep.next().unwrap_or(true));
}

/// What makes a Java source concern the rules.
#[derive(Debug, Clone, Default)]
pub struct JavaWords<'a> {
    /// The library types (package, class) the analyses recognise.
    pub types: &'a [(&'a str, &'a str)],
    /// The client libraries' roots and the model clients' packages: a file naming both may
    /// parse a model's answer into an offset (OL301, whose sinks include any `seek` in a file
    /// importing the library), so it concerns the rules and its importers.
    pub roots: Vec<String>,
    pub models: Vec<String>,
    /// The other words (declared roots, task spawns), each with whether it concerns importers.
    pub words: Vec<(String, bool)>,
}

/// Words, each with whether it concerns importers too.
#[derive(Debug, Clone, Default)]
struct Words {
    words: Vec<(String, bool)>,
    /// One vectorised substring searcher per word, those that concern importers first. The
    /// words are few (library roots, declared roots, task spawns): a pass per word measured
    /// several times faster than one Aho-Corasick pass, whose prefilter for these words is
    /// a scan for two of their bytes that match everywhere in source text.
    finders: Vec<(Finder<'static>, bool)>,
}

impl Words {
    fn new(words: Vec<(String, bool)>) -> Self {
        let mut finders: Vec<(Finder<'static>, bool)> = (words.iter())
            .map(|(w, p)| (Finder::new(w.as_bytes()).into_owned(), *p))
            .collect();
        finders.sort_by_key(|&(_, p)| !p);
        Words { words, finders }
    }

    fn scan(&self, bytes: &[u8]) -> Concern {
        // Words that concern importers come first: the first word found decides.
        (self.finders.iter())
            .find(|(finder, _)| finder.find(bytes).is_some())
            .map_or(Concern::default(), |&(_, propagates)| Concern {
                concerned: true,
                propagates,
            })
    }
}

/// Java sources name a library by qualified names, and a library's packages prefix every
/// name in it: each file of the library's own source and each `org.apache.kafka.common…`
/// import of an application holds the library's root, so a root word concerns nearly every
/// file of a Kafka code base (all 3,815 of the benchmark's Java corpus, where 8 hold
/// findings). A Java file concerns the rules, and its importers, when it names one of the
/// types the analyses recognise (a client, a listener annotation, a polled batch): imported,
/// written out, imported with its package's `*`, or named unqualified inside that package
/// (a file of the package that never writes the name uses none of them: 65 of the 92 files
/// the package alone made relevant in the Java benchmark corpus).
#[derive(Debug, Clone, Default)]
struct JavaGate {
    /// Qualified names: `org.apache.kafka.clients.consumer.KafkaConsumer`.
    types: HashSet<Box<[u8]>>,
    /// Their packages, each with the simple names of its gate types.
    packages: HashMap<Box<[u8]>, Vec<Box<[u8]>>>,
    /// One searcher per package (a package inside another's name is found by that one's).
    finders: Vec<Finder<'static>>,
    /// See [`JavaWords`].
    roots: Words,
    models: Words,
    words: Words,
}

impl JavaGate {
    fn new(java: JavaWords) -> Self {
        let types = java.types;
        let mut packages: HashMap<Box<[u8]>, Vec<Box<[u8]>>> = HashMap::new();
        for (p, t) in types {
            (packages.entry(p.as_bytes().into()).or_default()).push(t.as_bytes().into());
        }
        let mut searched: Vec<&[u8]> = packages.keys().map(|p| &p[..]).collect();
        searched.sort_unstable();
        drop_containing(&mut searched);
        JavaGate {
            types: (types.iter())
                .map(|(p, t)| format!("{p}.{t}").into_bytes().into())
                .collect(),
            finders: (searched.iter())
                .map(|p| Finder::new(p).into_owned())
                .collect(),
            packages,
            roots: Words::new(java.roots.into_iter().map(|w| (w, true)).collect()),
            models: Words::new(java.models.into_iter().map(|w| (w, true)).collect()),
            words: Words::new(java.words),
        }
    }

    fn scan(&self, bytes: &[u8]) -> Concern {
        let names_type =
            (self.finders.iter()).any(|f| f.find_iter(bytes).any(|at| self.type_at(bytes, at)));
        let model_and_library =
            || self.models.scan(bytes).concerned && self.roots.scan(bytes).concerned;
        if names_type || model_and_library() {
            return Concern {
                concerned: true,
                propagates: true,
            };
        }
        self.words.scan(bytes)
    }

    /// Whether the qualified name around byte `at` names a gate type: `pkg.Type` (an import,
    /// a written-out name, a static import of its members), `pkg.*`, or `package pkg;`.
    fn type_at(&self, bytes: &[u8], at: usize) -> bool {
        let in_path = |&b: &u8| is_java_ident_byte(b) || b == b'.';
        let start = bytes[..at]
            .iter()
            .rposition(|b| !in_path(b))
            .map_or(0, |p| p + 1);
        let end = (bytes[at..].iter())
            .position(|b| !in_path(b) && *b != b'*')
            .map_or(bytes.len(), |p| at + p);
        let path = &bytes[start..end];
        let dots = path.iter().enumerate().filter(|&(_, &b)| b == b'.');
        for (dot, _) in dots {
            let rest = &path[dot + 1..];
            let name_end = dot + 1 + rest.iter().position(|&b| b == b'.').unwrap_or(rest.len());
            if self.types.contains(&path[..name_end])
                || (&path[dot + 1..name_end] == b"*" && self.packages.contains_key(&path[..dot]))
            {
                return true;
            }
        }
        // The file's own package: its types are named unqualified, as words (a non-ASCII
        // letter ends a name here: the file is then relevant rather than not).
        let Some(names) = self.packages.get(path) else {
            return false;
        };
        let is_word = |at: usize, len: usize| {
            let outside = |b: Option<&u8>| b.is_none_or(|&b| !is_java_ident_byte(b));
            outside(at.checked_sub(1).and_then(|p| bytes.get(p))) && outside(bytes.get(at + len))
        };
        bytes[..start].trim_ascii_end().ends_with(b"package")
            && (names.iter())
                .any(|n| memchr::memmem::find_iter(bytes, n).any(|at| is_word(at, n.len())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(words: &[(&str, bool)]) -> Vec<(String, bool)> {
        words.iter().map(|&(w, p)| (w.to_string(), p)).collect()
    }

    #[test]
    fn finds_words_and_which_concern_importers() {
        let p = Prefilter::new(
            words(&[("kafka", true), ("create_task", false)]),
            JavaWords::default(),
        );
        let scan = |b: &[u8]| p.scan(Naming::Words, b);
        let none = Concern::default();
        assert_eq!(scan(b"import os\n"), none);
        let alone = scan(b"asyncio.create_task(x)");
        assert!(alone.concerned && !alone.propagates);
        let both = scan(b"loop.create_task(x)\nimport aiokafka\n");
        assert!(both.concerned && both.propagates);
        // A word inside another word.
        let p = Prefilter::new(
            words(&[("task", false), ("create_task", true)]),
            JavaWords::default(),
        );
        assert!(p.scan(Naming::Words, b"create_task").propagates);
        assert_eq!(Prefilter::default().scan(Naming::Words, b"kafka"), none);
    }

    #[test]
    fn java_files_concern_by_the_types_they_name() {
        let consumer = "org.apache.kafka.clients.consumer";
        let p = Prefilter::new(
            words(&[("kafka", true)]),
            JavaWords {
                types: &[(consumer, "KafkaConsumer"), (consumer, "Consumer")],
                roots: vec!["org.apache.kafka.common".into()],
                models: vec!["dev.langchain4j".into()],
                words: words(&[("com.acme.kafkautil", true)]),
            },
        );
        let java = |b: &str| p.scan(Naming::JavaTypes, b.as_bytes());
        let named = Concern {
            concerned: true,
            propagates: true,
        };
        for text in [
            "import org.apache.kafka.clients.consumer.KafkaConsumer;",
            "import org.apache.kafka.clients.consumer.Consumer;\nclass A {}",
            "import org.apache.kafka.clients.consumer.*;",
            "var c = new org.apache.kafka.clients.consumer.KafkaConsumer<String, String>(p);",
            "package  org.apache.kafka.clients.consumer;\nclass MockConsumer<K, V> implements Consumer<K, V> {}",
            "import static org.apache.kafka.clients.consumer.Consumer.X;",
            // A declared root is a word, as in other files.
            "import com.acme.kafkautil.Committer;",
            // A model client and the library: a model's answer may become an offset.
            "import dev.langchain4j.model.chat.ChatModel;\nimport org.apache.kafka.common.TopicPartition;",
        ] {
            assert_eq!(java(text), named, "{text}");
        }
        for text in [
            // The library's root alone, value types and other packages of it.
            "package org.apache.kafka.common;\nimport org.apache.kafka.common.TopicPartition;",
            "import org.apache.kafka.clients.consumer.ConsumerRecord;",
            "import org.apache.kafka.clients.consumer.ConsumerConfig;",
            "import org.apache.kafka.clients.consumer.internals.Fetcher;",
            "package org.apache.kafka.clients.consumer.internals;",
            // The package of a gate type, where no file's word names one.
            "package org.apache.kafka.clients.consumer;\nclass RangeAssignor { MockConsumer m; }",
            "import java.util.function.Consumer; // kafka",
            "import dev.langchain4j.model.chat.ChatModel;",
        ] {
            assert_eq!(java(text), Concern::default(), "{text}");
        }
        // The same texts read as words concern by the root.
        assert!(
            p.scan(
                Naming::Words,
                b"import org.apache.kafka.common.TopicPartition;"
            )
            .propagates
        );
    }
}
