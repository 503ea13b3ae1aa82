//! Python face of the buffer pool: `BufferPool` hands out `PooledBuffer`s, writable buffer-protocol
//! objects over pooled page-aligned memory.
//!
//! A buffer goes back to the pool on `release()` or when the object is collected — but never while a
//! memoryview (or any other export) of it is alive: `release()` with live exports only marks it, and
//! the last export's release returns the memory. So the pool cannot hand out memory still in use.

use std::os::raw::c_int;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use pyo3::exceptions::{PyBufferError, PyException, PyValueError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::pool::{AcquireError, Block, Pool, MAX_CLASS_BYTES};
use crate::py_buffer::fill_byte_view;

pyo3::create_exception!(
    _native,
    PoolExhausted,
    PyException,
    "The buffer pool is at its capacity and no buffer was released in time."
);

#[pyclass(module = "iggy_server._native", frozen)]
pub struct BufferPool {
    pool: Arc<Pool>,
}

fn acquired(pool: &Arc<Pool>, size: usize, result: Result<Block, AcquireError>) -> PyResult<PooledBuffer> {
    match result {
        Ok(block) => Ok(PooledBuffer {
            pool: pool.clone(),
            size,
            state: Mutex::new(State { block: Some(block), exports: 0, release_requested: false }),
        }),
        Err(AcquireError::TooLarge) => Err(PyValueError::new_err(format!(
            "{size} bytes exceed the largest pooled buffer ({} bytes) or the pool capacity ({} bytes)",
            MAX_CLASS_BYTES.min(pool.capacity_bytes()),
            pool.capacity_bytes()
        ))),
        Err(AcquireError::Exhausted) => Err(PoolExhausted::new_err(format!(
            "buffer pool exhausted: {size} bytes requested, capacity {} bytes in use or cached",
            pool.capacity_bytes()
        ))),
    }
}

impl BufferPool {
    /// The pool itself, for native users of its buffers (O_DIRECT staging in the segment writer).
    pub(crate) fn shared(&self) -> Arc<Pool> {
        self.pool.clone()
    }
}

#[pymethods]
impl BufferPool {
    #[new]
    fn new(capacity_bytes: usize) -> PyResult<Self> {
        if capacity_bytes < crate::pool::MIN_CLASS_BYTES {
            return Err(PyValueError::new_err("capacity_bytes must be at least 4096"));
        }
        Ok(Self { pool: Pool::new(capacity_bytes) })
    }

    /// A buffer of exactly `size` bytes (its memory is the next power-of-two class, page aligned).
    /// Waits up to `timeout_ms` (GIL released) for a release when the pool is full, then raises
    /// PoolExhausted. ValueError when `size` can never fit.
    #[pyo3(signature = (size, timeout_ms = 0))]
    fn acquire(&self, py: Python<'_>, size: usize, timeout_ms: u64) -> PyResult<PooledBuffer> {
        let result = if timeout_ms == 0 {
            self.pool.acquire(size, Duration::ZERO)
        } else {
            py.allow_threads(|| self.pool.acquire(size, Duration::from_millis(timeout_ms)))
        };
        acquired(&self.pool, size, result)
    }

    /// Like `acquire` without waiting, but None instead of PoolExhausted.
    fn try_acquire(&self, size: usize) -> PyResult<Option<PooledBuffer>> {
        match self.pool.acquire(size, Duration::ZERO) {
            Err(AcquireError::Exhausted) => Ok(None),
            result => acquired(&self.pool, size, result).map(Some),
        }
    }

    #[getter]
    fn capacity_bytes(&self) -> usize {
        self.pool.capacity_bytes()
    }

    /// Returns every cached free buffer to the allocator; the number of bytes freed.
    fn trim(&self) -> usize {
        self.pool.trim()
    }

    /// Counters: capacity_bytes, reserved_bytes, in_use_bytes, in_use_buffers, free_buffers, hits,
    /// misses, evictions, exhausted.
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let stats = self.pool.stats();
        let dict = PyDict::new(py);
        dict.set_item("capacity_bytes", stats.capacity_bytes)?;
        dict.set_item("reserved_bytes", stats.reserved_bytes)?;
        dict.set_item("in_use_bytes", stats.in_use_bytes)?;
        dict.set_item("in_use_buffers", stats.in_use_buffers)?;
        dict.set_item("free_buffers", stats.free_buffers)?;
        dict.set_item("hits", stats.hits)?;
        dict.set_item("misses", stats.misses)?;
        dict.set_item("evictions", stats.evictions)?;
        dict.set_item("exhausted", stats.exhausted)?;
        Ok(dict)
    }
}

struct State {
    block: Option<Block>,
    exports: usize,
    release_requested: bool,
}

#[pyclass(module = "iggy_server._native", frozen)]
pub struct PooledBuffer {
    pool: Arc<Pool>,
    size: usize,
    state: Mutex<State>,
}

impl PooledBuffer {
    fn give_back(&self, state: &mut State) {
        if let Some(block) = state.block.take() {
            self.pool.release(block);
        }
    }
}

#[pymethods]
impl PooledBuffer {
    fn __len__(&self) -> usize {
        self.size
    }

    /// Address of the memory (tests check that no two live buffers share it).
    #[getter]
    fn address(&self) -> PyResult<usize> {
        let state = self.state.lock().expect("buffer lock");
        state
            .block
            .as_ref()
            .map(|b| b.as_ptr() as usize)
            .ok_or_else(|| PyValueError::new_err("buffer was released"))
    }

    /// Bytes of the underlying block (the size class).
    #[getter]
    fn capacity(&self) -> usize {
        self.state.lock().expect("buffer lock").block.as_ref().map_or(0, |b| b.capacity())
    }

    #[getter]
    fn released(&self) -> bool {
        let state = self.state.lock().expect("buffer lock");
        state.block.is_none() || state.release_requested
    }

    /// Give the memory back: now, or when the last memoryview of it is released. Idempotent.
    fn release(&self) {
        let mut state = self.state.lock().expect("buffer lock");
        state.release_requested = true;
        if state.exports == 0 {
            self.give_back(&mut state);
        }
    }

    unsafe fn __getbuffer__(slf: Bound<'_, Self>, view: *mut ffi::Py_buffer, flags: c_int) -> PyResult<()> {
        if view.is_null() {
            return Err(PyBufferError::new_err("view is null"));
        }
        let this = slf.get();
        let size = this.size;
        let pointer = {
            let mut state = this.state.lock().expect("buffer lock");
            if state.release_requested {
                return Err(PyBufferError::new_err("pooled buffer was released"));
            }
            let pointer = state.block.as_ref().expect("unreleased buffers hold a block").as_ptr();
            state.exports += 1;
            pointer
        };
        // SAFETY: `view` is a valid Py_buffer to fill; the block stays allocated (not returned to
        // the pool) while `exports` > 0, and `obj` keeps this object alive until __releasebuffer__.
        unsafe { fill_byte_view(view, slf.into_any(), pointer, size, false, flags) };
        Ok(())
    }

    unsafe fn __releasebuffer__(&self, _view: *mut ffi::Py_buffer) {
        let mut state = self.state.lock().expect("buffer lock");
        state.exports -= 1;
        if state.exports == 0 && state.release_requested {
            self.give_back(&mut state);
        }
    }
}

impl Drop for PooledBuffer {
    fn drop(&mut self) {
        let state = self.state.get_mut().expect("buffer lock");
        if let Some(block) = state.block.take() {
            self.pool.release(block);
        }
    }
}
