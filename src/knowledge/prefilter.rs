//! The literal prefilter: one pass over a file's bytes (Aho-Corasick over the words the
//! knowledge tables derive) says whether a rule may concern the file, and whether what it
//! names also concerns the files importing it. A file it rejects is never parsed.

use aho_corasick::AhoCorasick;

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
    automaton: Option<AhoCorasick>,
    /// Off (`--no-prefilter`): every file concerns the rules and its importers, so every
    /// file is parsed and analysed. Findings must not change; only time does.
    off: bool,
}

impl Prefilter {
    pub fn new(words: Vec<(String, bool)>) -> Self {
        let automaton = AhoCorasick::new(words.iter().map(|(w, _)| w.as_str())).ok();
        Prefilter {
            words,
            automaton,
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

    /// Scans `bytes` once; stops at the first word that concerns importers.
    pub fn scan(&self, bytes: &[u8]) -> Concern {
        if self.off {
            return Concern {
                concerned: true,
                propagates: true,
            };
        }
        let mut found = Concern::default();
        let Some(automaton) = &self.automaton else {
            return found;
        };
        // Overlapping matches: a word inside another word must still be seen.
        for m in automaton.find_overlapping_iter(bytes) {
            found.concerned = true;
            if self.words[m.pattern().as_usize()].1 {
                found.propagates = true;
                break;
            }
        }
        found
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
