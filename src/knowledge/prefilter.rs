//! The literal prefilter: a search of a file's bytes for the words the knowledge tables
//! derive says whether a rule may concern the file, and whether what it names also concerns
//! the files importing it. A file it rejects is never parsed.

use memchr::memmem::Finder;

/// What the prefilter found in a file's bytes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Concern {
    /// Some word matched: a rule may concern the file.
    pub concerned: bool,
    /// A word that also concerns importers matched (a Kafka library's name).
    pub propagates: bool,
}

#[derive(Debug, Clone, Default)]
pub struct Prefilter {
    /// The words, each with whether it concerns importers too.
    words: Vec<(String, bool)>,
    /// One vectorised substring searcher per word, those that concern importers first. The
    /// words are few (library roots, declared roots, task spawns): a pass per word measured
    /// several times faster than one Aho-Corasick pass, whose prefilter for these words is
    /// a scan for two of their bytes that match everywhere in source text.
    finders: Vec<(Finder<'static>, bool)>,
    /// Off (`--no-prefilter`): every file concerns the rules and its importers, so every
    /// file is parsed and analysed. Findings must not change; only time does.
    off: bool,
}

impl Prefilter {
    pub fn new(words: Vec<(String, bool)>) -> Self {
        let mut finders: Vec<(Finder<'static>, bool)> = (words.iter())
            .map(|(w, p)| (Finder::new(w.as_bytes()).into_owned(), *p))
            .collect();
        finders.sort_by_key(|&(_, p)| !p);
        Prefilter {
            finders,
            words,
            off: false,
        }
    }

    /// Turns the prefilter off: [`Prefilter::scan`] then says every file is concerned.
    pub fn turn_off(&mut self) {
        self.off = true;
    }

    pub fn words(&self) -> impl Iterator<Item = &str> {
        self.words.iter().map(|(w, _)| w.as_str())
    }

    /// Whether any word, and any word that concerns importers, is in `bytes`.
    pub fn scan(&self, bytes: &[u8]) -> Concern {
        if self.off {
            return Concern {
                concerned: true,
                propagates: true,
            };
        }
        // Words that concern importers come first: the first word found decides.
        (self.finders.iter())
            .find(|(finder, _)| finder.find(bytes).is_some())
            .map_or(Concern::default(), |&(_, propagates)| Concern {
                concerned: true,
                propagates,
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_words_and_which_concern_importers() {
        let p = Prefilter::new(vec![("kafka".into(), true), ("create_task".into(), false)]);
        let none = Concern::default();
        assert_eq!(p.scan(b"import os\n"), none);
        let alone = p.scan(b"asyncio.create_task(x)");
        assert!(alone.concerned && !alone.propagates);
        let both = p.scan(b"loop.create_task(x)\nimport aiokafka\n");
        assert!(both.concerned && both.propagates);
        // A word inside another word.
        let p = Prefilter::new(vec![("task".into(), false), ("create_task".into(), true)]);
        assert!(p.scan(b"create_task").propagates);
        assert_eq!(Prefilter::default().scan(b"kafka"), none);
    }
}
