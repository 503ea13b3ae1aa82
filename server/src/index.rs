//! Lookups in a segment index (16-byte entries: relative offset | cumulative end position | timestamp).
//!
//! The entries come from memory (a cached index) or from the `.index` file itself, read entry by entry with
//! `pread` (`system.segment.cache_indexes`: sealed segments outside `all`, every segment with `none`), followed by
//! the entries of an in-memory tail not yet written to the file. The same searches run over both, so a lookup
//! touches the handful of entries it needs and never loads an index whole.

use std::cell::Cell;
use std::os::fd::RawFd;

use crate::codes::error_code as code;
use crate::failure::{Checked, Failure};
use crate::layout::*;
use crate::wire_layout::index_entry;

/// A run of consecutive messages inside one segment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    pub first_entry: usize,
    /// Relative offset held by `first_entry` (equal to it unless the index has gaps).
    pub first_relative_offset: u32,
    pub byte_start: u64,
    pub byte_end: u64,
    pub messages_count: u64,
}

/// One index entry, decoded.
#[derive(Debug, Clone, Copy)]
pub struct Entry {
    pub relative_offset: u32,
    pub position: u32,
    pub timestamp_us: u64,
}

impl Entry {
    fn decode(bytes: &[u8]) -> Self {
        Entry {
            relative_offset: read_u32(bytes, index_entry::RELATIVE_OFFSET_AT),
            position: read_u32(bytes, index_entry::POSITION_AT),
            timestamp_us: read_u64(bytes, index_entry::TIMESTAMP_AT),
        }
    }
}

/// Where the entries of one segment index are read from.
pub trait Entries {
    fn count(&self) -> usize;
    /// Entry `i` (< `count()`).
    fn entry(&self, i: usize) -> Checked<Entry>;
}

impl Entries for [u8] {
    fn count(&self) -> usize {
        self.len() / index_entry::SIZE
    }

    fn entry(&self, i: usize) -> Checked<Entry> {
        Ok(Entry::decode(&self[i * index_entry::SIZE..(i + 1) * index_entry::SIZE]))
    }
}

/// The first `file_entries` entries of the index file open on `fd`, then the entries of `tail` (appended but
/// not yet in the file).
pub struct FileEntries<'a> {
    fd: RawFd,
    file_entries: usize,
    tail: &'a [u8],
    /// The last two entries read from the file: a lookup asks for entries next to each other more than once.
    recent: Cell<[Option<(usize, Entry)>; 2]>,
}

impl<'a> FileEntries<'a> {
    pub fn new(fd: RawFd, file_entries: usize, tail: &'a [u8]) -> Self {
        FileEntries { fd, file_entries, tail, recent: Cell::new([None, None]) }
    }

    fn read_from_file(&self, i: usize) -> Checked<Entry> {
        let mut bytes = [0u8; index_entry::SIZE];
        let position = (i * index_entry::SIZE) as libc::off_t;
        let mut filled = 0usize;
        while filled < bytes.len() {
            // SAFETY: the destination is the unfilled rest of a stack buffer this call owns.
            let read = unsafe {
                libc::pread(
                    self.fd,
                    bytes[filled..].as_mut_ptr().cast(),
                    bytes.len() - filled,
                    position + filled as libc::off_t,
                )
            };
            if read < 0 {
                let error = std::io::Error::last_os_error();
                if error.kind() == std::io::ErrorKind::Interrupted {
                    continue;
                }
                return Err(Failure::new(code::CANNOT_READ_INDEX_POSITION, format!("index entry {i}: {error}")));
            }
            if read == 0 {
                return Err(Failure::new(
                    code::CANNOT_READ_INDEX_POSITION,
                    format!("index entry {i}: the index file ends before its {} entries", self.file_entries),
                ));
            }
            filled += read as usize;
        }
        Ok(Entry::decode(&bytes))
    }
}

impl Entries for FileEntries<'_> {
    fn count(&self) -> usize {
        self.file_entries + self.tail.count()
    }

    fn entry(&self, i: usize) -> Checked<Entry> {
        if i >= self.file_entries {
            return self.tail.entry(i - self.file_entries);
        }
        let recent = self.recent.get();
        if let Some((_, entry)) = recent.iter().flatten().find(|(number, _)| *number == i) {
            return Ok(*entry);
        }
        let entry = self.read_from_file(i)?;
        self.recent.set([Some((i, entry)), recent[0]]);
        Ok(entry)
    }
}

/// First entry for which `before` is false; entries must be sorted by the probed key.
fn partition_point<E: Entries + ?Sized>(index: &E, before: impl Fn(&Entry) -> bool) -> Checked<usize> {
    let (mut low, mut high) = (0usize, index.count());
    while low < high {
        let middle = low + (high - low) / 2;
        if before(&index.entry(middle)?) {
            low = middle + 1;
        } else {
            high = middle;
        }
    }
    Ok(low)
}

fn span_from<E: Entries + ?Sized>(index: &E, first_entry: usize, count: u64) -> Checked<Option<Span>> {
    let available = (index.count() - first_entry) as u64;
    let messages_count = count.min(available);
    if messages_count == 0 {
        return Ok(None);
    }
    let byte_start = if first_entry == 0 { 0 } else { u64::from(index.entry(first_entry - 1)?.position) };
    let last_entry = first_entry + messages_count as usize - 1;
    Ok(Some(Span {
        first_entry,
        first_relative_offset: index.entry(first_entry)?.relative_offset,
        byte_start,
        byte_end: u64::from(index.entry(last_entry)?.position),
        messages_count,
    }))
}

/// Up to `count` messages whose relative offset is ≥ `relative_start_offset`.
pub fn by_offset<E: Entries + ?Sized>(index: &E, relative_start_offset: u64, count: u64) -> Checked<Option<Span>> {
    let first = match entry_of_dense_offset(index, relative_start_offset)? {
        Some(entry) => entry,
        None => partition_point(index, |e| u64::from(e.relative_offset) < relative_start_offset)?,
    };
    span_from(index, first, count)
}

/// Entry `relative_start_offset` when it is the first entry at that offset, which it is whenever the segment's
/// offsets have no gap (the server assigns them consecutively). A poll then reads two entries instead of the
/// binary search's ~20 probes across an index of up to 16 MB, most of them cache misses (or, read from the file,
/// system calls). Anything else (a gap, an offset past the end) is None: search.
fn entry_of_dense_offset<E: Entries + ?Sized>(index: &E, relative_start_offset: u64) -> Checked<Option<usize>> {
    let Ok(entry) = usize::try_from(relative_start_offset) else {
        return Ok(None);
    };
    if entry >= index.count() || u64::from(index.entry(entry)?.relative_offset) != relative_start_offset {
        return Ok(None);
    }
    // The entry before must hold a smaller offset, so that this is the first entry at it.
    if entry > 0 && u64::from(index.entry(entry - 1)?.relative_offset) >= relative_start_offset {
        return Ok(None);
    }
    Ok(Some(entry))
}

/// Up to `count` messages whose append timestamp is ≥ `timestamp_us` (timestamps never decrease).
pub fn by_timestamp<E: Entries + ?Sized>(index: &E, timestamp_us: u64, count: u64) -> Checked<Option<Span>> {
    let first = partition_point(index, |e| e.timestamp_us < timestamp_us)?;
    span_from(index, first, count)
}
