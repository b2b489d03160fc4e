//! What the Learn to play and Puzzles screens list: every lesson or puzzle
//! shipped, the files that could not be read, and which ones the player
//! has done (finished lessons, solved puzzles), kept between runs as one
//! name a line.

use std::collections::BTreeSet;

use crate::blocks::Loaded;
use crate::lesson::Lesson;
use crate::puzzle::Puzzle;

/// Something a catalogue lists, known by a name that stays the same
/// between runs (a lesson's title, a puzzle's id).
pub trait Named {
    /// The name the player's progress keeps.
    fn name(&self) -> &str;
}

impl Named for Lesson {
    fn name(&self) -> &str {
        &self.title
    }
}

impl Named for Puzzle {
    fn name(&self) -> &str {
        &self.id
    }
}

/// Lessons or puzzles in the order they are shown, the files that could
/// not be read, and the names of those done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Catalogue<T> {
    /// Every item, in the order shown.
    pub list: Vec<T>,
    /// One line per file that could not be read (its name and line).
    pub problems: Vec<String>,
    /// The names of the items done (some may name items no longer shipped:
    /// they are kept, and not counted).
    done: BTreeSet<String>,
}

impl<T> Default for Catalogue<T> {
    fn default() -> Catalogue<T> {
        Catalogue {
            list: Vec::new(),
            problems: Vec::new(),
            done: BTreeSet::new(),
        }
    }
}

impl<T: Named> Catalogue<T> {
    /// The items loaded from files, none done yet.
    pub fn from_loaded(loaded: Loaded<T>) -> Catalogue<T> {
        Catalogue {
            list: loaded.items,
            problems: loaded.errors.iter().map(ToString::to_string).collect(),
            done: BTreeSet::new(),
        }
    }

    /// The item at `index`, if any.
    pub fn get(&self, index: usize) -> Option<&T> {
        self.list.get(index)
    }

    /// Whether `item` is done.
    pub fn is_done(&self, item: &T) -> bool {
        self.is_done_name(item.name())
    }

    /// Whether the item named `name` is done.
    pub fn is_done_name(&self, name: &str) -> bool {
        self.done.contains(name)
    }

    /// How many of the items listed are done.
    pub fn done_count(&self) -> usize {
        self.list.iter().filter(|item| self.is_done(item)).count()
    }

    /// Marks the item at `index` done: whether it was not done before (and
    /// the progress is to be written).
    pub fn mark_done(&mut self, index: usize) -> bool {
        match self.list.get(index) {
            Some(item) => self.done.insert(item.name().to_string()),
            None => false,
        }
    }

    /// The first item not done, going round the list from the one after
    /// `after` (from the first when `None`).
    pub fn next_not_done(&self, after: Option<usize>) -> Option<usize> {
        let count = self.list.len();
        let from = after.map_or(0, |i| i + 1);
        (0..count)
            .map(|k| (from + k) % count)
            .find(|&i| !self.is_done(&self.list[i]))
    }

    /// The names done, in name order.
    pub fn done(&self) -> &BTreeSet<String> {
        &self.done
    }

    /// Takes the progress kept in a file's `text` (one name a line; blank
    /// lines and `#` comments skipped) as the names done.
    pub fn read_progress(&mut self, text: &str) {
        self.done = text
            .lines()
            .map(str::trim)
            .filter(|line| !line.is_empty() && !line.starts_with('#'))
            .map(str::to_string)
            .collect();
    }

    /// The progress as its file keeps it: a `# heading` line, then the
    /// names done, one a line.
    pub fn progress_text(&self, heading: &str) -> String {
        let mut text = format!("# {heading}\n");
        for name in &self.done {
            text.push_str(name);
            text.push('\n');
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, PartialEq, Eq)]
    struct Item(&'static str);

    impl Named for Item {
        fn name(&self) -> &str {
            self.0
        }
    }

    fn three() -> Catalogue<Item> {
        Catalogue::from_loaded(Loaded {
            items: vec![Item("a"), Item("b"), Item("c")],
            errors: Vec::new(),
        })
    }

    #[test]
    fn marking_done_counts_once() {
        let mut catalogue = three();
        assert_eq!(catalogue.done_count(), 0);
        assert!(catalogue.mark_done(1));
        assert!(!catalogue.mark_done(1), "already done");
        assert!(!catalogue.mark_done(7), "no such item");
        assert!(catalogue.is_done(&Item("b")));
        assert!(!catalogue.is_done(&Item("a")));
        assert_eq!(catalogue.done_count(), 1);
    }

    #[test]
    fn the_next_not_done_goes_round() {
        let mut catalogue = three();
        assert_eq!(catalogue.next_not_done(None), Some(0));
        catalogue.mark_done(0);
        assert_eq!(catalogue.next_not_done(None), Some(1));
        assert_eq!(catalogue.next_not_done(Some(1)), Some(2));
        catalogue.mark_done(2);
        assert_eq!(catalogue.next_not_done(Some(1)), Some(1), "round to itself");
        catalogue.mark_done(1);
        assert_eq!(catalogue.next_not_done(Some(1)), None);
        assert_eq!(Catalogue::<Item>::default().next_not_done(None), None);
    }

    #[test]
    fn progress_round_trips_and_keeps_unknown_names() {
        let mut catalogue = three();
        catalogue.read_progress("# done\n\n c \ngone\n# a comment\n");
        assert!(catalogue.is_done_name("c"));
        assert!(catalogue.is_done_name("gone"));
        assert_eq!(catalogue.done_count(), 1, "only the items listed count");
        let text = catalogue.progress_text("The items done.");
        assert_eq!(text, "# The items done.\nc\ngone\n");
        let mut again = three();
        again.read_progress(&text);
        assert_eq!(again.done(), catalogue.done());
    }
}
