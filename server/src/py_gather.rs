//! `GatheredAnswer`: a 0.9 poll answer kept as its headers and the stored bytes they frame, for the send thread
//! to write with one vectored send, without a copy of the messages.
//!
//! Why: a 0.9 message header is 48 bytes where the stored one is 64, so a 0.9 poll cannot send the stored bytes
//! as a 0.8 poll does: it wrote the whole answer anew, a megabyte copied per megabyte polled. When every
//! message's checksum is known (what a 0.9 producer sent, `batch_v09::Known`), nothing of a message's bytes
//! changes but its header: the answer is the built headers with each stored payload in between
//! (`batch_v09::gather`). `SenderHandle.write` takes the object as one part: its pieces go to the socket
//! straight from the headers and the stored frames; what the socket does not take at once is queued by
//! reference where the frames are a `MappedFile`'s, copied otherwise, as any part is.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::batch_v09::{Gathered, Piece};

#[pyclass(module = "iggy_server._native", frozen)]
pub struct GatheredAnswer {
    /// The record and message headers the pieces name (shared with queued sends, which keep it alive).
    pub(crate) heads: Arc<Vec<u8>>,
    pub(crate) pieces: Vec<Piece>,
    /// The stored frames' buffer (the object given to `poll_batches`): its bytes stay where they were as long as
    /// it lives (a memoryview keeps its export), and `SenderHandle.write` exports it again to send from it.
    pub(crate) frames: Py<PyAny>,
    pub(crate) frames_length: usize,
    pub(crate) size: usize,
}

impl GatheredAnswer {
    pub(crate) fn new(gathered: Gathered, frames: Py<PyAny>, frames_length: usize, size: usize) -> Self {
        Self { heads: Arc::new(gathered.heads), pieces: gathered.pieces, frames, frames_length, size }
    }
}

#[pymethods]
impl GatheredAnswer {
    /// Bytes of the answer.
    fn __len__(&self) -> usize {
        self.size
    }

    /// The answer joined into one `bytes` (what a transport without the send thread would write).
    fn __bytes__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let frames = pyo3::buffer::PyBuffer::<u8>::get(self.frames.bind(py))?;
        let bytes = crate::readable(&frames)?;
        if bytes.len() != self.frames_length {
            return Err(pyo3::exceptions::PyValueError::new_err("the gathered frames changed size"));
        }
        let gathered = Gathered { heads: self.heads.to_vec(), pieces: self.pieces.clone() };
        Ok(PyBytes::new(py, &gathered.join(bytes)))
    }
}
