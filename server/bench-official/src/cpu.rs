//! CPU time over the load phase, of this process and (with `--server-pid`) of the server on this machine: what a
//! gigabyte moved costs each side, the figure Iggy's benchmark does not give. The load phase runs from the moment
//! the barrier releases the connected, signed-in actors to the moment the last of them finishes its batches, so
//! setup, logins (a password hash each) and seeding are left out.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use serde_json::{Value, json};

/// /proc reports CPU time in clock ticks of 1/USER_HZ seconds; the kernel fixes USER_HZ at 100 for that interface
/// on every architecture this runs on (x86-64, arm64), whatever its internal tick rate.
const MS_PER_TICK: u64 = 10;

/// User plus system CPU time of every thread of a process, from /proc/PID/stat (fields 14 and 15).
fn process_cpu_ms(pid: &str) -> Result<u64, String> {
    let path = format!("/proc/{pid}/stat");
    let stat = std::fs::read_to_string(&path).map_err(|error| format!("{path}: {error}"))?;
    // The name (field 2) is in parentheses and may hold spaces: count fields after its closing one.
    let after_name = stat.rfind(')').map(|at| &stat[at + 1..]).ok_or_else(|| format!("{path}: no process name"))?;
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let ticks = |index: usize| -> Result<u64, String> {
        fields.get(index).and_then(|field| field.parse().ok()).ok_or_else(|| format!("{path}: field {}", index + 3))
    };
    Ok((ticks(11)? + ticks(12)?) * MS_PER_TICK)
}

#[derive(Clone, Copy)]
struct Sample {
    at: Instant,
    client_ms: u64,
    server_ms: Option<u64>,
}

/// The load phase's samples: `start` when the barrier releases the actors, `finish` by each actor when it is done
/// (the last one samples the end).
pub struct LoadCpu {
    server_pid: Option<u32>,
    running: AtomicUsize,
    start: Mutex<Option<Result<Sample, String>>>,
    end: Mutex<Option<Result<Sample, String>>>,
}

impl LoadCpu {
    pub fn new(server_pid: Option<u32>, actors: usize) -> Self {
        Self { server_pid, running: AtomicUsize::new(actors), start: Mutex::new(None), end: Mutex::new(None) }
    }

    fn sample(&self) -> Result<Sample, String> {
        let at = Instant::now();
        let client_ms = process_cpu_ms("self")?;
        let server_ms = self.server_pid.map(|pid| process_cpu_ms(&pid.to_string())).transpose()?;
        Ok(Sample { at, client_ms, server_ms })
    }

    /// Called by the one actor the barrier names its leader.
    pub fn start(&self) {
        let sample = self.sample();
        *self.start.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(sample);
    }

    /// Called by every actor once, when it is done (or failed before its load).
    pub fn finish(&self) {
        if self.running.fetch_sub(1, Ordering::AcqRel) == 1 {
            let sample = self.sample();
            *self.end.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(sample);
        }
    }

    /// `{load_ms, client_cpu_ms, server_cpu_ms}` (server_cpu_ms null without `--server-pid`), or an error naming
    /// what could not be read.
    pub fn json(&self) -> Result<Value, String> {
        let take = |slot: &Mutex<Option<Result<Sample, String>>>| {
            slot.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).clone().unwrap_or(Err("not sampled".into()))
        };
        let (start, end) = (take(&self.start)?, take(&self.end)?);
        Ok(json!({
            "load_ms": end.at.duration_since(start.at).as_secs_f64() * 1000.0,
            "client_cpu_ms": end.client_ms.saturating_sub(start.client_ms),
            "server_cpu_ms": start.server_ms.zip(end.server_ms).map(|(start, end)| end.saturating_sub(start)),
        }))
    }
}
