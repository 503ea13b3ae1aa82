//! `iggy_server._native`: the message hot path of the Iggy 0.8 reference server.
//!
//! The boundary passes only buffers (bytes, bytearray, memoryview, mmap), ints and tuples; the
//! Python side owns files and policy. Every function that checks client or disk data raises
//! `NativeError(code, message)` with the Iggy error code the server answers with.

mod batch;
mod batch_v09;
#[allow(dead_code)]
mod codes;
mod data_plane;
mod failure;
mod http_json;
mod parts;
mod index;
mod layout;
mod loadgen;
mod pool;
mod py_bench;
mod py_buffer;
mod py_map;
mod py_pool;
mod py_quic;
mod py_sender;
mod py_writer;
mod recovery;
mod wire_layout;
mod writer;

use pyo3::buffer::PyBuffer;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use failure::Failure;

/// An Iggy-coded failure: `code` is the Iggy error code, `message` says what was wrong.
#[pyclass(extends = PyException, module = "iggy_server._native", subclass)]
pub struct NativeError {
    #[pyo3(get)]
    code: u32,
    #[pyo3(get)]
    message: String,
}

#[pymethods]
impl NativeError {
    #[new]
    fn new(code: u32, message: String) -> Self {
        Self { code, message }
    }

    fn __str__(&self) -> String {
        format!("[{}] {}", self.code, self.message)
    }
}

impl From<Failure> for PyErr {
    fn from(failure: Failure) -> Self {
        PyErr::new::<NativeError, _>((failure.code, failure.message))
    }
}

fn readable(buffer: &PyBuffer<u8>) -> PyResult<&[u8]> {
    if !buffer.is_c_contiguous() {
        return Err(PyValueError::new_err("buffer must be C-contiguous"));
    }
    if buffer.len_bytes() == 0 {
        return Ok(&[]);
    }
    // SAFETY: the PyBuffer keeps the exporter alive and its memory pinned for its lifetime, which bounds
    // the returned slice; we hold the GIL, so Python code cannot resize or write the exporter meanwhile.
    Ok(unsafe { std::slice::from_raw_parts(buffer.buf_ptr() as *const u8, buffer.len_bytes()) })
}

#[allow(clippy::mut_from_ref)]
fn writable(buffer: &PyBuffer<u8>) -> PyResult<&mut [u8]> {
    if buffer.readonly() {
        return Err(PyValueError::new_err("buffer must be writable (bytearray or a view of one)"));
    }
    if !buffer.is_c_contiguous() {
        return Err(PyValueError::new_err("buffer must be C-contiguous"));
    }
    if buffer.len_bytes() == 0 {
        return Ok(&mut []);
    }
    // SAFETY: as in `readable`; the caller makes sure two writable views do not overlap.
    Ok(unsafe { std::slice::from_raw_parts_mut(buffer.buf_ptr() as *mut u8, buffer.len_bytes()) })
}

fn overlap(first: &PyBuffer<u8>, second: &PyBuffer<u8>) -> bool {
    let (a, b) = (first.buf_ptr() as usize, second.buf_ptr() as usize);
    let (a_end, b_end) = (a + first.len_bytes(), b + second.len_bytes());
    first.len_bytes() > 0 && second.len_bytes() > 0 && a < b_end && b < a_end
}

/// Validates a SendMessages batch (read only). Raises NativeError with the Iggy code of the first problem.
#[pyfunction]
fn validate_batch(index: PyBuffer<u8>, frames: PyBuffer<u8>, messages_count: u32) -> PyResult<()> {
    batch::validate(readable(&index)?, readable(&frames)?, messages_count)?;
    Ok(())
}

/// Validates then stamps a batch in place; the index table becomes segment index entries.
/// Returns the segment end position (bytes) after the batch. Buffers are untouched on error.
#[pyfunction]
#[pyo3(signature = (
    index, frames, messages_count, *, base_offset, segment_start_offset, segment_position_bytes, timestamp_us
))]
fn validate_and_stamp(
    index: PyBuffer<u8>,
    frames: PyBuffer<u8>,
    messages_count: u32,
    base_offset: u64,
    segment_start_offset: u64,
    segment_position_bytes: u64,
    timestamp_us: u64,
) -> PyResult<u64> {
    if overlap(&index, &frames) {
        return Err(PyValueError::new_err("index and frames buffers overlap"));
    }
    let placement = batch::Placement {
        base_offset,
        segment_start_offset,
        segment_position_bytes,
        timestamp_us,
    };
    Ok(batch::validate_and_stamp(writable(&index)?, writable(&frames)?, messages_count, placement)?)
}

/// Stamps the checksum of every frame in `frames` (writable; exactly `messages_count` whole frames).
#[pyfunction]
fn stamp_checksums(frames: PyBuffer<u8>, messages_count: u32) -> PyResult<()> {
    batch::stamp_checksums(writable(&frames)?, messages_count)?;
    Ok(())
}

type SpanTuple = (usize, u64, u64, u64);

fn span_tuple(span: Option<index::Span>) -> Option<SpanTuple> {
    span.map(|s| (s.first_entry, s.byte_start, s.byte_end, s.messages_count))
}

/// Up to `count` messages with relative offset ≥ `relative_start_offset`:
/// (first_entry, byte_start, byte_end, messages_count), or None when there is none.
#[pyfunction]
fn index_lookup_offset(index: PyBuffer<u8>, relative_start_offset: u64, count: u64) -> PyResult<Option<SpanTuple>> {
    Ok(span_tuple(index::by_offset(readable(&index)?, relative_start_offset, count)?))
}

/// Up to `count` messages with timestamp ≥ `timestamp_us`, as `index_lookup_offset`.
#[pyfunction]
fn index_lookup_timestamp(index: PyBuffer<u8>, timestamp_us: u64, count: u64) -> PyResult<Option<SpanTuple>> {
    Ok(span_tuple(index::by_timestamp(readable(&index)?, timestamp_us, count)?))
}

/// (first_entry, first_relative_offset, byte_start, byte_end, messages_count)
type FileSpanTuple = (usize, u32, u64, u64, u64);

fn file_span_tuple(span: Option<index::Span>) -> Option<FileSpanTuple> {
    span.map(|s| (s.first_entry, s.first_relative_offset, s.byte_start, s.byte_end, s.messages_count))
}

fn file_entries_of<'a>(fd: i32, file_entries: usize, tail: &'a PyBuffer<u8>) -> PyResult<index::FileEntries<'a>> {
    if fd < 0 && file_entries > 0 {
        return Err(PyValueError::new_err("file entries need a descriptor"));
    }
    Ok(index::FileEntries::new(fd, file_entries, readable(tail)?))
}

/// As `index_lookup_offset` over the index whose first `file_entries` entries are read from the index file open
/// on `fd` (pread, only the entries the search needs) and the rest from `tail`; also returns the relative offset
/// of the first entry. The GIL is held: a lookup reads a few page-cached entries.
#[pyfunction]
fn index_file_lookup_offset(
    fd: i32,
    file_entries: usize,
    tail: PyBuffer<u8>,
    relative_start_offset: u64,
    count: u64,
) -> PyResult<Option<FileSpanTuple>> {
    let entries = file_entries_of(fd, file_entries, &tail)?;
    Ok(file_span_tuple(index::by_offset(&entries, relative_start_offset, count)?))
}

/// As `index_file_lookup_offset` for messages with timestamp ≥ `timestamp_us`.
#[pyfunction]
fn index_file_lookup_timestamp(
    fd: i32,
    file_entries: usize,
    tail: PyBuffer<u8>,
    timestamp_us: u64,
    count: u64,
) -> PyResult<Option<FileSpanTuple>> {
    let entries = file_entries_of(fd, file_entries, &tail)?;
    Ok(file_span_tuple(index::by_timestamp(&entries, timestamp_us, count)?))
}

/// (valid_bytes, messages_count, rebuilt_index, max_timestamp_us, stop_reason)
type ScanTuple<'py> = (u64, u64, Bound<'py, PyBytes>, u64, Option<String>);

/// Start-up recovery of one segment log: (valid_bytes, messages_count, rebuilt_index, max_timestamp_us,
/// stop_reason or None). The GIL is released during the walk.
#[pyfunction]
fn scan_segment<'py>(
    py: Python<'py>,
    log: PyBuffer<u8>,
    segment_start_offset: u64,
) -> PyResult<ScanTuple<'py>> {
    let bytes = readable(&log)?;
    let scan = py.allow_threads(|| recovery::scan_segment(bytes, segment_start_offset));
    let index = PyBytes::new(py, &scan.index);
    Ok((scan.valid_bytes, scan.messages_count, index, scan.max_timestamp_us, scan.stop_reason))
}

/// The REST API's SendMessages JSON body as `(partitioning_kind, partitioning_value, messages_count,
/// index_and_frames)`: what the 0.8 command carries after its stream and topic. The GIL is released meanwhile.
/// Raises NativeError with the Iggy code of the first problem (INVALID_HTTP_REQUEST for a body that is not JSON).
#[pyfunction]
fn http_send_batch<'py>(py: Python<'py>, body: &[u8]) -> PyResult<(u8, Bound<'py, PyBytes>, u32, Bound<'py, PyBytes>)> {
    let batch = py.allow_threads(|| http_json::send_batch(body))?;
    let value = PyBytes::new(py, &batch.partitioning_value);
    Ok((batch.partitioning_kind, value, batch.messages_count, PyBytes::new(py, &batch.index_and_frames)))
}

/// Iggy's JSON of a 0.8 PollMessages answer: `body` is the answer (its `PolledMessages` prefix, whose fields the
/// caller decoded, then `messages_count` frames). The GIL is released meanwhile.
#[pyfunction]
fn http_poll_json<'py>(
    py: Python<'py>,
    partition_id: u32,
    current_offset: u64,
    messages_count: u32,
    body: &[u8],
) -> PyResult<Bound<'py, PyBytes>> {
    let frames = body
        .get(codes::constants::POLL_RESPONSE_PREFIX_SIZE..)
        .ok_or_else(|| PyValueError::new_err("a poll answer is at least its prefix"))?;
    let json = py.allow_threads(|| http_json::poll_json(partition_id, current_offset, messages_count, frames))?;
    Ok(PyBytes::new(py, &json))
}

/// Raises NativeError (INVALID_OFFSET / INVALID_MESSAGE_CHECKSUM / CANNOT_READ_MESSAGE) unless `frames`
/// holds exactly `messages_count` intact messages with offsets `first_offset..`.
#[pyfunction]
fn verify_frames(frames: PyBuffer<u8>, first_offset: u64, messages_count: u64) -> PyResult<()> {
    recovery::verify_frames(readable(&frames)?, first_offset, messages_count)?;
    Ok(())
}

/// Bytes the stored frames of a 0.9 batch of `batch_bytes` holding `messages_count` messages take (None when it
/// cannot be a batch: shorter than its header).
#[pyfunction]
fn v09_frames_bytes(batch_bytes: usize, messages_count: u32) -> Option<usize> {
    batch_v09::frames_bytes(batch_bytes, messages_count)
}

/// Admits a 0.9 SendMessages batch (the body after its metadata) as the 0.9 server does and writes it as stamped
/// stored frames into `frames` (`v09_frames_bytes`) and their segment index entries into `index`, in one pass.
/// `known` (`V09_KNOWN_ENTRY_SIZE` bytes a message, or None) receives each message's verified 0.9 checksum and
/// the deltas it covers, for `poll_batches`. `parallel`: a large batch may convert on two threads (the server asks
/// for a lone client). Returns the segment end position after the batch. Raises NativeError with the Iggy code of
/// the first problem.
#[pyfunction]
#[pyo3(signature = (
    batch, index, frames, messages_count, *, base_offset, segment_start_offset, segment_position_bytes, timestamp_us,
    known = None, parallel = true
))]
#[allow(clippy::too_many_arguments)]
fn convert_and_stamp_v09(
    py: Python<'_>,
    batch: PyBuffer<u8>,
    index: PyBuffer<u8>,
    frames: PyBuffer<u8>,
    messages_count: u32,
    base_offset: u64,
    segment_start_offset: u64,
    segment_position_bytes: u64,
    timestamp_us: u64,
    known: Option<PyBuffer<u8>>,
    parallel: bool,
) -> PyResult<u64> {
    if overlap(&index, &frames) || overlap(&batch, &frames) || overlap(&batch, &index) {
        return Err(PyValueError::new_err("batch, index and frames buffers overlap"));
    }
    if let Some(known) = &known {
        if overlap(known, &frames) || overlap(known, &index) || overlap(known, &batch) {
            return Err(PyValueError::new_err("the known buffer overlaps another"));
        }
    }
    let source = readable(&batch)?;
    let (index_out, frames_out) = (writable(&index)?, writable(&frames)?);
    let mut own_known = Vec::new();
    let known_out = match &known {
        Some(known) => writable(known)?,
        None => {
            own_known.resize(messages_count as usize * batch_v09::KNOWN_ENTRY_SIZE, 0);
            own_known.as_mut_slice()
        }
    };
    let placement = batch::Placement { base_offset, segment_start_offset, segment_position_bytes, timestamp_us };
    Ok(py.allow_threads(|| {
        batch_v09::convert_and_stamp(source, messages_count, index_out, frames_out, known_out, placement, parallel)
    })?)
}

/// Stored frames (one contiguous run) as the 0.9 batch records a poll answers: `(records, messages)`, stamped
/// with `partition_id`, every checksum for the 0.9 layout: from `known` (entries from `known_start_offset`, as
/// `convert_and_stamp_v09` wrote them) where it has the message's, else computed. With `verify`, every stored
/// checksum is checked as its message is converted (INVALID_MESSAGE_CHECKSUM: the first bad message's offset).
/// `parallel`: a large poll may convert on two threads (the server asks for a lone client).
#[pyfunction]
#[pyo3(signature = (frames, partition_id, verify, known = None, known_start_offset = 0, *, parallel = true))]
fn poll_batches<'py>(
    py: Python<'py>,
    frames: PyBuffer<u8>,
    partition_id: u32,
    verify: bool,
    known: Option<PyBuffer<u8>>,
    known_start_offset: u64,
    parallel: bool,
) -> PyResult<(Bound<'py, PyBytes>, u32)> {
    let bytes = readable(&frames)?;
    let known = match &known {
        Some(entries) => batch_v09::Known::new(readable(entries)?, known_start_offset),
        None => batch_v09::Known::none(),
    };
    let plan = py.allow_threads(|| batch_v09::plan(bytes, false, known))?;
    let mut converted = 0u32;
    let records = bytes_written_by(py, plan.size, |out| {
        converted =
            py.allow_threads(|| batch_v09::write_batches(bytes, &plan, partition_id, known, verify, out, parallel))?;
        Ok(())
    })?;
    Ok((records, converted))
}

/// Process-wide counts of the 0.9 conversions (`poll_batches`, `convert_and_stamp_v09`) of 256 KiB or more:
/// `(in_parts, kept_whole)`, run in parts on two threads (`parallel`) or on the calling thread alone.
#[pyfunction]
fn conversion_parts_stats() -> (u64, u64) {
    use std::sync::atomic::Ordering::Relaxed;
    (batch_v09::CONVERSIONS_IN_PARTS.load(Relaxed), batch_v09::CONVERSIONS_KEPT_WHOLE.load(Relaxed))
}

/// A new `bytes` of `size` whose every byte `write` sets, without `PyBytes::new_with`'s zero fill first: a
/// poll answer is a megabyte, and filling it with zeros before overwriting it cost 16 % of the 0.9 conversion
/// (`perf`, 1,000 messages of 1 KB). `write` must set every byte and read none it has not set (write_batches
/// checks it covered exactly `size`); on its error the object is dropped unseen.
fn bytes_written_by<'py>(
    py: Python<'py>,
    size: usize,
    write: impl FnOnce(&mut [u8]) -> PyResult<()>,
) -> PyResult<Bound<'py, PyBytes>> {
    let length = pyo3::ffi::Py_ssize_t::try_from(size).map_err(|_| PyValueError::new_err("answer too large"))?;
    // SAFETY: a NULL source asks CPython for an uninitialised object of `length` bytes (plus its terminating
    // NUL), which we own; it is not shared with Python code until returned.
    let object =
        unsafe { Bound::from_owned_ptr_or_err(py, pyo3::ffi::PyBytes_FromStringAndSize(std::ptr::null(), length))? };
    let bytes = object.downcast_into::<PyBytes>()?;
    // SAFETY: the object's buffer holds `size` bytes and no one else refers to it yet.
    let out = unsafe { std::slice::from_raw_parts_mut(pyo3::ffi::PyBytes_AsString(bytes.as_ptr()) as *mut u8, size) };
    write(out)?;
    Ok(bytes)
}

/// XXH32 of `data` (client ids, consumer-name keys, MessagesKey partitioning).
#[pyfunction]
#[pyo3(signature = (data, seed = 0))]
fn xxh32(data: PyBuffer<u8>, seed: u32) -> PyResult<u32> {
    Ok(twox_hash::XxHash32::oneshot(seed, readable(&data)?))
}

/// XXH3-64 with seed 0 and the default secret (message checksums).
#[pyfunction]
fn xxh3_64(data: PyBuffer<u8>) -> PyResult<u64> {
    Ok(twox_hash::XxHash3_64::oneshot(readable(&data)?))
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<NativeError>()?;
    m.add_function(wrap_pyfunction!(validate_batch, m)?)?;
    m.add_function(wrap_pyfunction!(validate_and_stamp, m)?)?;
    m.add_function(wrap_pyfunction!(stamp_checksums, m)?)?;
    m.add_function(wrap_pyfunction!(index_lookup_offset, m)?)?;
    m.add_function(wrap_pyfunction!(index_lookup_timestamp, m)?)?;
    m.add_function(wrap_pyfunction!(index_file_lookup_offset, m)?)?;
    m.add_function(wrap_pyfunction!(index_file_lookup_timestamp, m)?)?;
    m.add_function(wrap_pyfunction!(scan_segment, m)?)?;
    m.add_function(wrap_pyfunction!(verify_frames, m)?)?;
    m.add_function(wrap_pyfunction!(xxh32, m)?)?;
    m.add_function(wrap_pyfunction!(v09_frames_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(convert_and_stamp_v09, m)?)?;
    m.add_function(wrap_pyfunction!(poll_batches, m)?)?;
    m.add_function(wrap_pyfunction!(conversion_parts_stats, m)?)?;
    m.add_function(wrap_pyfunction!(xxh3_64, m)?)?;
    m.add_function(wrap_pyfunction!(http_send_batch, m)?)?;
    m.add_function(wrap_pyfunction!(http_poll_json, m)?)?;
    m.add_class::<py_pool::BufferPool>()?;
    m.add_class::<py_pool::PooledBuffer>()?;
    m.add_class::<py_map::MappedFile>()?;
    m.add_class::<py_sender::SocketSender>()?;
    m.add_class::<py_quic::QuicEndpoint>()?;
    m.add_class::<py_quic::QuicBytes>()?;
    m.add("QUIC_EVENT_CONNECTION", py_quic::EVENT_CONNECTION)?;
    m.add("QUIC_EVENT_STREAM", py_quic::EVENT_STREAM)?;
    m.add("QUIC_EVENT_READ", py_quic::EVENT_READ)?;
    m.add("QUIC_EVENT_READ_CUT", py_quic::EVENT_READ_CUT)?;
    m.add("QUIC_EVENT_READ_LOST", py_quic::EVENT_READ_LOST)?;
    m.add("QUIC_EVENT_CLOSED", py_quic::EVENT_CLOSED)?;
    m.add_class::<py_sender::SenderHandle>()?;
    m.add_class::<data_plane::PartitionLane>()?;
    m.add_class::<data_plane::DataPlane>()?;
    m.add_class::<data_plane::DirtyLanes>()?;
    m.add_class::<data_plane::RoundRobin>()?;
    m.add("MAX_SEND_ROUTES", data_plane::MAX_ROUTES)?;
    m.add("PoolExhausted", m.py().get_type::<py_pool::PoolExhausted>())?;
    m.add_class::<py_writer::SegmentFileWriter>()?;
    m.add_function(wrap_pyfunction!(py_writer::io_uring_status, m)?)?;
    m.add_function(wrap_pyfunction!(py_writer::fdatasync_fds, m)?)?;
    m.add_function(wrap_pyfunction!(py_writer::writer_stats, m)?)?;
    m.add_class::<py_bench::BenchRun>()?;
    m.add_function(wrap_pyfunction!(py_bench::bench_start, m)?)?;
    m.add_function(wrap_pyfunction!(py_bench::loopback_pump, m)?)?;
    m.add("HEADER_SIZE", wire_layout::message_header::SIZE)?;
    m.add("INDEX_ENTRY_SIZE", wire_layout::index_entry::SIZE)?;
    m.add("DIRECT_IO_ALIGN_BYTES", writer::DIRECT_ALIGN_BYTES)?;
    m.add("MAX_PAYLOAD_SIZE_BYTES", codes::constants::MESSAGE_PAYLOAD_MAX_BYTES)?;
    m.add("MAX_USER_HEADERS_SIZE_BYTES", codes::constants::USER_HEADERS_MAX_BYTES)?;
    m.add("V09_KNOWN_ENTRY_SIZE", batch_v09::KNOWN_ENTRY_SIZE)?;
    Ok(())
}
