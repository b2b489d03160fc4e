//! The game library: every record in a folder, listed while it is read.
//!
//! [`GameLibrary`] holds the folder shown, the entries read so far and the
//! reading under way. Opening a folder ([`LibraryRequest::Open`]) lists its
//! record files on the IO task pool, then reads them there in chunks, one
//! task per chunk, so the pool's threads share the work; each frame takes
//! the entries read since the last one (a cheap move out of a shared
//! buffer), so the list grows while the window goes on answering, and the
//! count shows the progress. A file that cannot be read is an entry with
//! its reason and never stops the rest (`crate::records::read_entry`).
//! Leaving the folder for another drops the reading under way.
//!
//! The list is sorted by any column and filtered by player name
//! ([`LibraryRequest::SortBy`], [`LibraryRequest::Filter`];
//! [`GameLibrary::rows`]) as `crate::records` sorts and filters; the
//! indices of the rows shown are worked out again when the entries, the
//! order or the filter change.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use bevy::prelude::*;
use bevy::tasks::{IoTaskPool, Task, futures::check_ready};

use super::RecordPaths;
use crate::game::core::Words;
use crate::records::{
    Column, LibraryEntry, matches_player, read_entry, record_files, sort_entries,
};
use crate::text::Args;

/// Files read by one task before the next task takes over.
const CHUNK: usize = 200;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<GameLibrary>();
    app.add_message::<LibraryRequest>();
    app.add_systems(Update, (handle_library_requests, collect_entries).chain());
}

/// What the player asks of the library.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub enum LibraryRequest {
    /// Show the records in this folder (read again if it is the one shown).
    Open(PathBuf),
    /// Show the data directory's records, unless a folder is shown already.
    OpenDefault,
    /// Show only the games whose players' names contain this.
    Filter(String),
    /// Sort by this column: ascending, or the other way if sorted by it
    /// already.
    SortBy(Column),
}

/// A folder's records as the library shows them.
#[derive(Resource, Default)]
pub struct GameLibrary {
    folder: Option<PathBuf>,
    entries: Vec<LibraryEntry>,
    reading: Option<Reading>,
    /// Why the folder could not be listed.
    error: Option<String>,
    sort: Option<(Column, bool)>,
    filter: String,
    /// Indices into `entries` of the rows shown, in order (worked out
    /// again when the entries, the order or the filter change).
    rows: Vec<usize>,
}

/// The reading of a folder under way.
struct Reading {
    listing: Option<Task<std::io::Result<Vec<PathBuf>>>>,
    readers: Vec<Task<()>>,
    /// Entries read and not yet taken by the frame.
    found: Arc<Mutex<Vec<LibraryEntry>>>,
    /// Set when the reading is dropped: the readers stop.
    cancel: Arc<AtomicBool>,
    /// Files in the folder, once listed.
    total: Arc<AtomicUsize>,
}

impl Drop for Reading {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

impl GameLibrary {
    /// The folder shown.
    pub fn folder(&self) -> Option<&Path> {
        self.folder.as_deref()
    }

    /// Every entry read so far, in the order read (see [`GameLibrary::rows`]).
    pub fn entries(&self) -> &[LibraryEntry] {
        &self.entries
    }

    /// Why the folder could not be listed, if it could not.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// While the folder is read: the files read, and how many there are
    /// (`None` while they are being listed).
    pub fn progress(&self) -> Option<(usize, Option<usize>)> {
        let reading = self.reading.as_ref()?;
        let total = reading
            .listing
            .is_none()
            .then(|| reading.total.load(Ordering::Relaxed));
        Some((self.entries.len(), total))
    }

    /// The column the list is sorted by, and whether ascending.
    pub fn sort(&self) -> Option<(Column, bool)> {
        self.sort
    }

    /// Sorts by `column`: ascending, or the other way if it is sorted by
    /// it already.
    pub fn sort_by(&mut self, column: Column) {
        let ascending = !matches!(self.sort, Some((c, true)) if c == column);
        self.sort = Some((column, ascending));
        sort_entries(&mut self.entries, column, ascending);
        self.refresh_rows();
    }

    /// The player name the list is filtered by.
    pub fn filter(&self) -> &str {
        &self.filter
    }

    /// Shows only the games whose players' names contain `filter`.
    pub fn set_filter(&mut self, filter: &str) {
        if self.filter != filter {
            self.filter = filter.to_string();
            self.refresh_rows();
        }
    }

    /// The entries shown, in order: the filter's, sorted.
    pub fn rows(&self) -> &[usize] {
        &self.rows
    }

    fn refresh_rows(&mut self) {
        self.rows = rows_of(&self.entries, &self.filter);
    }

    /// Starts reading `folder`, dropping what was shown.
    fn open(&mut self, folder: PathBuf) {
        self.entries.clear();
        self.rows.clear();
        self.error = None;
        let cancel = Arc::new(AtomicBool::new(false));
        let dir = folder.clone();
        let listing = IoTaskPool::get().spawn(async move { record_files(&dir) });
        self.reading = Some(Reading {
            listing: Some(listing),
            readers: Vec::new(),
            found: Arc::default(),
            cancel,
            total: Arc::default(),
        });
        self.folder = Some(folder);
    }
}

fn handle_library_requests(
    mut requests: MessageReader<LibraryRequest>,
    mut library: ResMut<GameLibrary>,
    paths: Res<RecordPaths>,
) {
    for request in requests.read() {
        match request {
            LibraryRequest::Open(folder) => library.open(folder.clone()),
            LibraryRequest::OpenDefault => {
                if library.folder.is_none() {
                    let dir = paths
                        .data_dir()
                        .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
                    library.open(dir);
                }
            }
            LibraryRequest::Filter(filter) => library.set_filter(filter),
            LibraryRequest::SortBy(column) => library.sort_by(*column),
        }
    }
}

/// The indices of the entries whose players' names contain `filter`.
fn rows_of(entries: &[LibraryEntry], filter: &str) -> Vec<usize> {
    (0..entries.len())
        .filter(|&i| matches_player(&entries[i], filter))
        .collect()
}

/// Starts the readers once the folder is listed, and takes the entries
/// read since the last frame.
fn collect_entries(mut library: ResMut<GameLibrary>, words: Res<Words>) {
    let library = &mut *library;
    let Some(reading) = library.reading.as_mut() else {
        return;
    };
    if let Some(listing) = reading.listing.as_mut() {
        let Some(listed) = check_ready(listing) else {
            return;
        };
        reading.listing = None;
        match listed {
            Ok(files) => {
                reading.total.store(files.len(), Ordering::Relaxed);
                let pool = IoTaskPool::get();
                for chunk in files.chunks(CHUNK) {
                    let chunk = chunk.to_vec();
                    let (found, cancel) = (reading.found.clone(), reading.cancel.clone());
                    reading.readers.push(pool.spawn(async move {
                        for path in chunk {
                            if cancel.load(Ordering::Relaxed) {
                                return;
                            }
                            let entry = read_entry(&path);
                            found
                                .lock()
                                .unwrap_or_else(PoisonError::into_inner)
                                .push(entry);
                        }
                    }));
                }
            }
            Err(err) => {
                let folder = library
                    .folder
                    .as_deref()
                    .map_or_else(String::new, |f| f.display().to_string());
                let args = Args::new()
                    .with("folder", folder)
                    .with("error", err.to_string());
                library.error = Some(words.format("notice-cannot-list", &args));
                library.reading = None;
                return;
            }
        }
    }
    let read: Vec<LibraryEntry> =
        std::mem::take(&mut *reading.found.lock().unwrap_or_else(PoisonError::into_inner));
    reading
        .readers
        .retain_mut(|task| check_ready(task).is_none());
    let finished = reading.readers.is_empty();
    if !read.is_empty() {
        library.entries.extend(read);
        if let Some((column, ascending)) = library.sort {
            sort_entries(&mut library.entries, column, ascending);
        }
        library.rows = rows_of(&library.entries, &library.filter);
    }
    if finished {
        // The last entries were pushed before their task finished.
        let rest =
            std::mem::take(&mut *reading.found.lock().unwrap_or_else(PoisonError::into_inner));
        if !rest.is_empty() {
            library.entries.extend(rest);
            if let Some((column, ascending)) = library.sort {
                sort_entries(&mut library.entries, column, ascending);
            }
            library.rows = rows_of(&library.entries, &library.filter);
        }
        info!(
            "library: {} records in {}",
            library.entries.len(),
            library
                .folder
                .as_deref()
                .map_or_else(String::new, |f| f.display().to_string())
        );
        library.reading = None;
    }
}
