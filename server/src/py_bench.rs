//! Python face of the load generator (`iggy_server.bench` drives it).

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use crate::loadgen::{self, ActorSpec, Role};

/// (role, setup_frames, send_frame, poll_frame, batches, messages_per_batch)
type ActorTuple = (String, Vec<Vec<u8>>, Vec<u8>, Vec<u8>, u64, u64);

#[pyclass(module = "iggy_server._native", frozen)]
pub struct BenchRun {
    run: loadgen::Run,
}

fn u64_bytes<'py>(py: Python<'py>, values: &[u64]) -> Bound<'py, PyBytes> {
    let mut bytes = Vec::with_capacity(values.len() * 8);
    for value in values {
        bytes.extend_from_slice(&value.to_le_bytes());
    }
    PyBytes::new(py, &bytes)
}

#[pymethods]
impl BenchRun {
    /// (batches completed, message bytes moved, actors finished) so far.
    fn progress(&self) -> (u64, u64, u64) {
        let p = &self.run.progress;
        (p.batches.load(Ordering::Relaxed), p.bytes.load(Ordering::Relaxed), p.finished_actors.load(Ordering::Relaxed))
    }

    /// Asks every actor to stop after its current batch.
    fn cancel(&self) {
        self.run.progress.cancelled.store(true, Ordering::Relaxed);
    }

    /// Waits (GIL released) up to `timeout_s` for all actors; True when they all finished.
    fn wait(&self, py: Python<'_>, actors: u64, timeout_s: f64) -> bool {
        let deadline = Instant::now() + Duration::from_secs_f64(timeout_s.max(0.0));
        py.allow_threads(|| loop {
            if self.run.progress.finished_actors.load(Ordering::Relaxed) >= actors {
                self.run.join();
                return true;
            }
            if Instant::now() >= deadline {
                return false;
            }
            std::thread::sleep(Duration::from_millis(5));
        })
    }

    /// One dict per actor (after `wait` returned True): messages, bytes, elapsed_ns, empty_polls,
    /// error (str | None), latencies_ns and completed_at_ns (little-endian u64 arrays as bytes).
    fn results<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let guard = self.run.results.lock().expect("results lock");
        let results = guard.as_ref().ok_or_else(|| PyValueError::new_err("the run has not finished"))?;
        results
            .iter()
            .map(|r| {
                let dict = PyDict::new(py);
                dict.set_item("messages", r.messages)?;
                dict.set_item("bytes", r.bytes)?;
                dict.set_item("elapsed_ns", r.elapsed_ns)?;
                dict.set_item("empty_polls", r.empty_polls)?;
                dict.set_item("error", r.error.clone())?;
                dict.set_item("latencies_ns", u64_bytes(py, &r.latencies_ns))?;
                dict.set_item("completed_at_ns", u64_bytes(py, &r.completed_at_ns))?;
                Ok(dict)
            })
            .collect()
    }
}

/// Starts one thread per actor against `address` ("host:port"); see `iggy_server.bench`.
#[pyfunction]
#[pyo3(signature = (address, actors, shared_target_messages = 0, batch_interval_ns = 0))]
pub fn bench_start(
    address: String,
    actors: Vec<ActorTuple>,
    shared_target_messages: u64,
    batch_interval_ns: u64,
) -> PyResult<BenchRun> {
    let specs = actors
        .into_iter()
        .map(|(role, setup_frames, send_frame, poll_frame, batches, messages_per_batch)| {
            let role = Role::parse(&role).ok_or_else(|| PyValueError::new_err(format!("unknown actor role {role:?}")))?;
            Ok(ActorSpec { role, setup_frames, send_frame, poll_frame, batches, messages_per_batch, batch_interval_ns })
        })
        .collect::<PyResult<Vec<_>>>()?;
    Ok(BenchRun { run: loadgen::start(address, specs, shared_target_messages) })
}

/// Raw loopback TCP throughput (bytes/s) with `connections` sender/receiver thread pairs.
#[pyfunction]
#[pyo3(signature = (connections = 1, bytes_per_connection = 4 << 30, chunk_bytes = 1 << 20))]
pub fn loopback_pump(
    py: Python<'_>,
    connections: usize,
    bytes_per_connection: u64,
    chunk_bytes: usize,
) -> PyResult<f64> {
    py.allow_threads(|| loadgen::loopback_pump(connections, bytes_per_connection, chunk_bytes))
        .map_err(|e| PyOSError::new_err(e.to_string()))
}
