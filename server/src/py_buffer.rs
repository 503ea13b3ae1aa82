//! The one place that fills a `Py_buffer` for this module's buffer-protocol objects (`PooledBuffer`,
//! `MappedFile`, `QuicBytes`): a flat, 1-D run of bytes, as `memoryview` and the native functions expect.

use std::os::raw::{c_int, c_void};
use std::ptr;

use pyo3::ffi;
use pyo3::prelude::*;

/// Describe `length` bytes at `pointer` in `view`, exported by `owner` (which the view keeps alive until
/// Python releases it).
///
/// # Safety
/// `view` must be the valid, non-null `Py_buffer` of a `__getbuffer__` call, and the `length` bytes at
/// `pointer` must stay valid (and, unless `readonly`, writable) until the export is released.
pub(crate) unsafe fn fill_byte_view(
    view: *mut ffi::Py_buffer,
    owner: Bound<'_, PyAny>,
    pointer: *mut u8,
    length: usize,
    readonly: bool,
    flags: c_int,
) {
    // SAFETY: the caller's contract (a valid view; memory alive while `obj` is).
    unsafe {
        (*view).obj = owner.into_ptr();
        (*view).buf = pointer as *mut c_void;
        (*view).len = length as isize;
        (*view).readonly = c_int::from(readonly);
        (*view).itemsize = 1;
        (*view).format = if (flags & ffi::PyBUF_FORMAT) == ffi::PyBUF_FORMAT {
            c"B".as_ptr() as *mut _
        } else {
            ptr::null_mut()
        };
        (*view).ndim = 1;
        (*view).shape = if (flags & ffi::PyBUF_ND) == ffi::PyBUF_ND { &mut (*view).len } else { ptr::null_mut() };
        (*view).strides =
            if (flags & ffi::PyBUF_STRIDES) == ffi::PyBUF_STRIDES { &mut (*view).itemsize } else { ptr::null_mut() };
        (*view).suboffsets = ptr::null_mut();
        (*view).internal = ptr::null_mut();
    }
}
