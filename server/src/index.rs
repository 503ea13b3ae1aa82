//! Lookups in a segment index (16-byte entries: relative offset | cumulative end position | timestamp).

use crate::layout::*;
use crate::wire_layout::index_entry;

/// A run of consecutive messages inside one segment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    pub first_entry: usize,
    pub byte_start: u64,
    pub byte_end: u64,
    pub messages_count: u64,
}

fn entries(index: &[u8]) -> usize {
    index.len() / index_entry::SIZE
}

fn relative_offset(index: &[u8], i: usize) -> u32 {
    read_u32(index, i * index_entry::SIZE + index_entry::RELATIVE_OFFSET_AT)
}

fn timestamp(index: &[u8], i: usize) -> u64 {
    read_u64(index, i * index_entry::SIZE + index_entry::TIMESTAMP_AT)
}

/// First entry for which `before` is false; entries must be sorted by the probed key.
fn partition_point(index: &[u8], before: impl Fn(usize) -> bool) -> usize {
    let (mut low, mut high) = (0usize, entries(index));
    while low < high {
        let middle = low + (high - low) / 2;
        if before(middle) {
            low = middle + 1;
        } else {
            high = middle;
        }
    }
    low
}

fn span_from(index: &[u8], first_entry: usize, count: u64) -> Option<Span> {
    let available = (entries(index) - first_entry) as u64;
    let messages_count = count.min(available);
    if messages_count == 0 {
        return None;
    }
    let byte_start = if first_entry == 0 { 0 } else { u64::from(index_position(index, first_entry - 1)) };
    let last_entry = first_entry + messages_count as usize - 1;
    Some(Span {
        first_entry,
        byte_start,
        byte_end: u64::from(index_position(index, last_entry)),
        messages_count,
    })
}

/// Up to `count` messages whose relative offset is ≥ `relative_start_offset`.
pub fn by_offset(index: &[u8], relative_start_offset: u64, count: u64) -> Option<Span> {
    let first = entry_of_dense_offset(index, relative_start_offset).unwrap_or_else(|| {
        partition_point(index, |i| u64::from(relative_offset(index, i)) < relative_start_offset)
    });
    span_from(index, first, count)
}

/// Entry `relative_start_offset` when it is the first entry at that offset, which it is whenever the segment's
/// offsets have no gap (the server assigns them consecutively). A poll then reads two entries instead of the
/// binary search's ~20 probes across an index of up to 16 MB, most of them cache misses once the poll's own
/// megabyte has gone through the cache. Anything else (a gap, an offset past the end) is None: search.
fn entry_of_dense_offset(index: &[u8], relative_start_offset: u64) -> Option<usize> {
    let entry = usize::try_from(relative_start_offset).ok()?;
    if entry >= entries(index) || u64::from(relative_offset(index, entry)) != relative_start_offset {
        return None;
    }
    // The entry before must hold a smaller offset, so that this is the first entry at it.
    if entry > 0 && u64::from(relative_offset(index, entry - 1)) >= relative_start_offset {
        return None;
    }
    Some(entry)
}

/// Up to `count` messages whose append timestamp is ≥ `timestamp_us` (timestamps never decrease).
pub fn by_timestamp(index: &[u8], timestamp_us: u64, count: u64) -> Option<Span> {
    let first = partition_point(index, |i| timestamp(index, i) < timestamp_us);
    span_from(index, first, count)
}
