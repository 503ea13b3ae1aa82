//! Python face of the segment writer (`SegmentFileWriter`).

use std::os::fd::RawFd;
use std::sync::Mutex;

use pyo3::buffer::PyBuffer;
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;

use crate::py_pool::BufferPool;
use crate::writer::{self, Backend, DirectLog, FileWrite, Preallocation};

#[pyclass(module = "iggy_server._native", frozen)]
pub struct SegmentFileWriter {
    log_fd: RawFd,
    index_fd: RawFd,
    backend: Backend,
    /// Set when log writes go through an O_DIRECT descriptor (the class is frozen: the partial-block
    /// state lives behind a lock, taken with the GIL released).
    direct: Option<Mutex<DirectLog>>,
    preallocation: Preallocation,
}

fn contiguous<'a>(buffers: &'a [PyBuffer<u8>]) -> PyResult<Vec<&'a [u8]>> {
    buffers
        .iter()
        .map(|buffer| {
            if !buffer.is_c_contiguous() {
                return Err(PyValueError::new_err("buffers must be C-contiguous"));
            }
            if buffer.len_bytes() == 0 {
                return Ok(&[][..]);
            }
            // SAFETY: each PyBuffer pins its exporter's memory (bytearrays cannot resize while
            // exported) for as long as `buffers` lives, which outlives every use of the slices.
            Ok(unsafe { std::slice::from_raw_parts(buffer.buf_ptr() as *const u8, buffer.len_bytes()) })
        })
        .collect()
}

#[pymethods]
impl SegmentFileWriter {
    /// Writes to a segment's `.log` and `.index` descriptors (owned and closed by the caller).
    /// `backend`: "auto" (io_uring when it works, else pwritev), "io_uring" (OSError if unavailable)
    /// or "pwritev". `direct_log_fd` (≥ 0): the log opened again with O_DIRECT; log writes then go
    /// through it in whole 4 KiB blocks staged in buffers of `pool` (see `writer::DirectLog`).
    /// `preallocate_max_bytes` > 0: log blocks are reserved ahead of the writes, up to that far (see
    /// `writer::Preallocation`); the caller truncates the log to its size when done with it.
    #[new]
    #[pyo3(signature = (log_fd, index_fd, backend = "auto", direct_log_fd = -1, pool = None,
        preallocate_max_bytes = 0))]
    fn new(
        log_fd: RawFd,
        index_fd: RawFd,
        backend: &str,
        direct_log_fd: RawFd,
        pool: Option<Bound<'_, BufferPool>>,
        preallocate_max_bytes: u64,
    ) -> PyResult<Self> {
        let backend = writer::resolve(backend).map_err(|e| PyOSError::new_err(e.to_string()))?;
        let direct = (direct_log_fd >= 0)
            .then(|| Mutex::new(DirectLog::new(direct_log_fd, log_fd, pool.map(|p| p.get().shared()))));
        let preallocation = Preallocation::new(preallocate_max_bytes);
        Ok(Self { log_fd, index_fd, backend, direct, preallocation })
    }

    #[getter]
    fn backend(&self) -> &'static str {
        self.backend.name()
    }

    /// Whether log blocks are reserved ahead of the writes (false once the filesystem refused fallocate).
    #[getter]
    fn preallocates(&self) -> bool {
        self.preallocation.enabled()
    }

    /// Whether log writes go through an O_DIRECT descriptor.
    #[getter]
    fn direct(&self) -> bool {
        self.direct.is_some()
    }

    /// Writes `log_buffers` back to back at `log_position` and `index_buffers` at `index_position`
    /// in one submission (vectored); with `datasync`, both files are fdatasynced before returning.
    /// The GIL is released meanwhile. OSError on failure (the caller cuts the files back).
    #[pyo3(signature = (log_buffers, log_position, index_buffers, index_position, datasync = false))]
    fn write(
        &self,
        py: Python<'_>,
        log_buffers: Vec<PyBuffer<u8>>,
        log_position: u64,
        index_buffers: Vec<PyBuffer<u8>>,
        index_position: u64,
        datasync: bool,
    ) -> PyResult<()> {
        let log_slices = contiguous(&log_buffers)?;
        let index_slices = contiguous(&index_buffers)?;
        let index = FileWrite { fd: self.index_fd, position: index_position, slices: index_slices };
        let backend = self.backend;
        let log_bytes: u64 = log_slices.iter().map(|slice| slice.len() as u64).sum();
        py.allow_threads(|| {
            self.preallocation.reserve(self.log_fd, log_position, log_position + log_bytes);
            match &self.direct {
                Some(direct) => {
                    let mut direct = direct.lock().expect("direct log lock");
                    writer::write_direct(backend, &mut direct, &log_slices, log_position, index, datasync)
                }
                None => {
                    let log = FileWrite { fd: self.log_fd, position: log_position, slices: log_slices };
                    writer::write(backend, &[log, index], datasync)
                }
            }
        })
        .map_err(PyErr::from)
    }

    /// fdatasync of the log, then the index (GIL released).
    fn datasync(&self, py: Python<'_>) -> PyResult<()> {
        let (log_fd, index_fd) = (self.log_fd, self.index_fd);
        py.allow_threads(|| writer::fdatasync(log_fd).and_then(|_| writer::fdatasync(index_fd)))
            .map_err(PyErr::from)
    }
}

impl SegmentFileWriter {
    /// Writes `frames` at `log_position` of the log with `pwritev`, from a thread of the native send path
    /// (`data_plane`): io_uring's one ring is shared behind a lock, which would make that path's threads take turns.
    /// Only for buffered logs (`direct` is false: the lane is never given a direct-I/O writer).
    pub(crate) fn write_log_on_thread(&self, frames: &[u8], log_position: u64) -> std::io::Result<()> {
        debug_assert!(self.direct.is_none());
        self.preallocation.reserve(self.log_fd, log_position, log_position + frames.len() as u64);
        writer::count_write(frames.len() as u64);
        writer::pwritev_all(self.log_fd, &[frames], log_position)
    }

    /// The log's descriptor, for a thread of the native data path to map the log it reads polls from (open while
    /// the lane holds this writer).
    pub(crate) fn log_fd(&self) -> RawFd {
        self.log_fd
    }

    /// Cuts the log back to `log_position` after a failed write (nothing past it was acknowledged).
    pub(crate) fn cut_log_back(&self, log_position: u64) {
        // SAFETY: plain syscall on the caller-owned descriptor.
        unsafe { libc::ftruncate(self.log_fd, log_position as libc::off_t) };
    }
}

/// (available, reason): whether io_uring works in this process (probed once with a NOP round trip).
#[pyfunction]
pub fn io_uring_status() -> (bool, String) {
    writer::io_uring_status()
}

/// fdatasync with the GIL released (group-commit workers call it from a thread).
#[pyfunction]
pub fn fdatasync_fds(py: Python<'_>, fds: Vec<RawFd>) -> PyResult<()> {
    py.allow_threads(|| fds.iter().try_for_each(|fd| writer::fdatasync(*fd))).map_err(PyErr::from)
}

/// Process-wide writer counters: {"writes", "datasyncs", "bytes_written", "direct_writes",
/// "staging_fallbacks", "preallocations"} (each file write and each fdatasync of one descriptor counts once,
/// whatever the backend; direct log writes count their zero padding as written bytes).
#[pyfunction]
pub fn writer_stats() -> std::collections::HashMap<&'static str, u64> {
    use std::sync::atomic::Ordering::Relaxed;
    std::collections::HashMap::from([
        ("writes", writer::WRITES.load(Relaxed)),
        ("datasyncs", writer::DATASYNCS.load(Relaxed)),
        ("bytes_written", writer::BYTES_WRITTEN.load(Relaxed)),
        ("direct_writes", writer::DIRECT_WRITES.load(Relaxed)),
        ("staging_fallbacks", writer::STAGING_FALLBACKS.load(Relaxed)),
        ("preallocations", writer::PREALLOCATIONS.load(Relaxed)),
    ])
}
