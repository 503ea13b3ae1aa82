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
    let first = partition_point(index, |i| u64::from(relative_offset(index, i)) < relative_start_offset);
    span_from(index, first, count)
}

/// Up to `count` messages whose append timestamp is ≥ `timestamp_us` (timestamps never decrease).
pub fn by_timestamp(index: &[u8], timestamp_us: u64, count: u64) -> Option<Span> {
    let first = partition_point(index, |i| timestamp(index, i) < timestamp_us);
    span_from(index, first, count)
}
