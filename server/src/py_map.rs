//! `MappedFile`: a read-only, shared map of a file as a buffer-protocol object.
//!
//! Polls send segment bytes from it instead of copying them into a buffer first. Unlike Python's
//! `mmap.mmap` (3.11), it keeps no duplicate of the descriptor, so a map costs no slot of the server's
//! open-file budget; the map stays valid after the descriptor is closed or the file unlinked. The memory
//! is unmapped when the object is collected and the send thread holds no range of it, which cannot happen
//! while a memoryview of it is alive (every export holds a reference).

use std::os::raw::{c_int, c_void};
use std::ptr;
use std::sync::Arc;

use crate::py_buffer::fill_byte_view;

use pyo3::exceptions::{PyBufferError, PyOSError, PyValueError};
use pyo3::ffi;
use pyo3::prelude::*;

/// The mapping itself, shared with the send thread (`py_sender`) so a queued answer keeps its bytes mapped
/// without holding the GIL.
pub(crate) struct Mapping {
    pub(crate) address: usize,
    pub(crate) length: usize,
}

impl Drop for Mapping {
    fn drop(&mut self) {
        // SAFETY: the mapping made in `MappedFile::new`, unmapped once: no export and no queued send is alive
        // (each holds a reference).
        unsafe {
            libc::munmap(self.address as *mut c_void, self.length);
        }
    }
}

#[pyclass(module = "iggy_server._native", frozen)]
pub struct MappedFile {
    mapping: Arc<Mapping>,
}

impl MappedFile {
    pub(crate) fn mapping(&self) -> &Arc<Mapping> {
        &self.mapping
    }
}

/// A read-only, shared map of the first `length` bytes of the file open on `fd` (the map outlives the descriptor).
pub(crate) fn map_file(fd: c_int, length: usize) -> std::io::Result<Arc<Mapping>> {
    if length == 0 {
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidInput, "cannot map 0 bytes"));
    }
    // SAFETY: a fresh read-only shared mapping chosen by the kernel; checked for MAP_FAILED.
    let address = unsafe { libc::mmap(ptr::null_mut(), length, libc::PROT_READ, libc::MAP_SHARED, fd, 0) };
    if address == libc::MAP_FAILED {
        return Err(std::io::Error::last_os_error());
    }
    Ok(Arc::new(Mapping { address: address as usize, length }))
}

/// Reads `[offset, offset + length)` of `mapping` into memory now (`MADV_POPULATE_READ`): an error where a plain
/// access would raise SIGBUS (an I/O error of the disk, a file shorter than the range) or where the kernel lacks
/// the call (before Linux 5.14). The caller keeps the range within the map.
pub(crate) fn populate(mapping: &Mapping, offset: usize, length: usize) -> std::io::Result<()> {
    if length == 0 {
        return Ok(());
    }
    debug_assert!(offset + length <= mapping.length);
    // SAFETY: sysconf has no preconditions.
    let page_bytes = unsafe { libc::sysconf(libc::_SC_PAGESIZE) } as usize;
    let start = (mapping.address + offset) & !(page_bytes - 1);
    let end = mapping.address + offset + length;
    // SAFETY: [start, end) lies within the mapping (start rounded down to its page, the map being page aligned);
    // madvise only faults pages in and reports failures.
    let status = unsafe { libc::madvise(start as *mut c_void, end - start, libc::MADV_POPULATE_READ) };
    if status == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

#[pymethods]
impl MappedFile {
    /// Map the first `length` bytes of the file open on `fd` read-only (OSError if the kernel refuses).
    /// Bytes past the file's end must never be read: a page wholly past it raises SIGBUS.
    #[new]
    fn new(fd: c_int, length: usize) -> PyResult<Self> {
        if length == 0 {
            return Err(PyValueError::new_err("cannot map 0 bytes"));
        }
        let mapping = map_file(fd, length).map_err(|error| PyOSError::new_err(error.to_string()))?;
        Ok(Self { mapping })
    }

    fn __len__(&self) -> usize {
        self.mapping.length
    }

    /// Read `[offset, offset + length)` into memory now (`MADV_POPULATE_READ`, GIL released): OSError where a
    /// plain access would raise SIGBUS (an I/O error of the disk, a file truncated below the range) or where
    /// the kernel lacks the call (before Linux 5.14). ValueError outside the map.
    fn populate(&self, py: Python<'_>, offset: usize, length: usize) -> PyResult<()> {
        if offset.checked_add(length).is_none_or(|end| end > self.mapping.length) {
            return Err(PyValueError::new_err(format!(
                "range {offset}+{length} is outside the {}-byte map",
                self.mapping.length
            )));
        }
        let mapping = &self.mapping;
        let status = py.allow_threads(|| populate(mapping, offset, length));
        status.map_err(|error| PyOSError::new_err((error.raw_os_error().unwrap_or(0), error.to_string())))
    }

    unsafe fn __getbuffer__(slf: Bound<'_, Self>, view: *mut ffi::Py_buffer, flags: c_int) -> PyResult<()> {
        if view.is_null() {
            return Err(PyBufferError::new_err("view is null"));
        }
        if (flags & ffi::PyBUF_WRITABLE) == ffi::PyBUF_WRITABLE {
            return Err(PyBufferError::new_err("a mapped segment log is read-only"));
        }
        let this = slf.get();
        let (address, length) = (this.mapping.address, this.mapping.length);
        // SAFETY: `view` is a valid Py_buffer to fill; `obj` keeps this object, and so the mapping,
        // alive until the export is released.
        unsafe { fill_byte_view(view, slf.into_any(), address as *mut u8, length, true, flags) };
        Ok(())
    }

    unsafe fn __releasebuffer__(&self, _view: *mut ffi::Py_buffer) {}
}
