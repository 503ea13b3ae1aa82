//! Segment file writes: one io_uring submission per flush (a vectored write to the log, one to the
//! index, optionally followed by linked fdatasyncs), or `pwritev` + `fdatasync` where io_uring is
//! unavailable. Both backends write the same bytes at the same positions, so the files are identical.
//!
//! A single ring serves every writer of the process: the server submits from one thread (the event
//! loop) and rings pin kernel memory, so one per segment would be waste.

use std::io;
use std::os::fd::RawFd;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

use io_uring::{opcode, squeue, types, IoUring};

/// Most iovecs one writev accepts (IOV_MAX on Linux).
const MAX_IOVECS: usize = 1024;
const RING_ENTRIES: u32 = 64;

/// Process-wide counters (stats and tests): file writes submitted, fdatasyncs done, bytes written.
pub static WRITES: AtomicU64 = AtomicU64::new(0);
pub static DATASYNCS: AtomicU64 = AtomicU64::new(0);
pub static BYTES_WRITTEN: AtomicU64 = AtomicU64::new(0);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    IoUring,
    Pwritev,
}

impl Backend {
    pub fn name(self) -> &'static str {
        match self {
            Backend::IoUring => "io_uring",
            Backend::Pwritev => "pwritev",
        }
    }
}

struct Ring {
    ring: Option<Mutex<IoUring>>,
    /// Why io_uring is not used ("" when it is).
    reason: String,
}

fn ring() -> &'static Ring {
    static RING: OnceLock<Ring> = OnceLock::new();
    RING.get_or_init(|| match probe() {
        Ok(ring) => Ring { ring: Some(Mutex::new(ring)), reason: String::new() },
        Err(error) => Ring { ring: None, reason: error.to_string() },
    })
}

/// Creates a ring and round-trips a NOP: setup can succeed where submissions are then refused.
fn probe() -> io::Result<IoUring> {
    let mut ring = IoUring::new(RING_ENTRIES)?;
    let nop = opcode::Nop::new().build().user_data(0);
    // SAFETY: a NOP references no memory.
    unsafe { ring.submission().push(&nop).map_err(|_| io::Error::other("submission queue full"))? };
    ring.submit_and_wait(1)?;
    let result = ring.completion().next().map(|cqe| cqe.result()).unwrap_or(-libc::EIO);
    if result < 0 {
        return Err(io::Error::from_raw_os_error(-result));
    }
    Ok(ring)
}

/// (available, reason when not).
pub fn io_uring_status() -> (bool, String) {
    let ring = ring();
    (ring.ring.is_some(), ring.reason.clone())
}

pub fn resolve(requested: &str) -> io::Result<Backend> {
    match requested {
        "pwritev" => Ok(Backend::Pwritev),
        "io_uring" => {
            let status = ring();
            if status.ring.is_some() {
                Ok(Backend::IoUring)
            } else {
                Err(io::Error::new(io::ErrorKind::Unsupported, format!("io_uring unavailable: {}", status.reason)))
            }
        }
        "auto" => Ok(if ring().ring.is_some() { Backend::IoUring } else { Backend::Pwritev }),
        other => Err(io::Error::new(io::ErrorKind::InvalidInput, format!("unknown writer backend {other:?}"))),
    }
}

/// One file's part of a flush: `slices` written back to back from `position`.
pub struct FileWrite<'a> {
    pub fd: RawFd,
    pub position: u64,
    pub slices: Vec<&'a [u8]>,
}

fn total_bytes(slices: &[&[u8]]) -> usize {
    slices.iter().map(|s| s.len()).sum()
}

fn iovecs(slices: &[&[u8]]) -> Vec<libc::iovec> {
    slices
        .iter()
        .filter(|s| !s.is_empty())
        .map(|s| libc::iovec { iov_base: s.as_ptr() as *mut libc::c_void, iov_len: s.len() })
        .collect()
}

/// The slices left after skipping `done` bytes.
fn remainder<'a>(slices: &[&'a [u8]], mut done: usize) -> Vec<&'a [u8]> {
    let mut rest = Vec::with_capacity(slices.len());
    for slice in slices {
        if done >= slice.len() {
            done -= slice.len();
            continue;
        }
        rest.push(&slice[done..]);
        done = 0;
    }
    rest
}

/// `pwritev` until everything is written (regular files may write partially on signals).
pub fn pwritev_all(fd: RawFd, slices: &[&[u8]], position: u64) -> io::Result<()> {
    let mut slices = slices.to_vec();
    let mut position = position;
    let mut zero_writes = 0;
    while total_bytes(&slices) > 0 {
        let vectors = iovecs(&slices);
        let count = vectors.len().min(MAX_IOVECS);
        // SAFETY: the iovecs point into slices that outlive the call.
        let written = unsafe { libc::pwritev(fd, vectors.as_ptr(), count as libc::c_int, position as libc::off_t) };
        if written < 0 {
            let error = io::Error::last_os_error();
            if error.kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return Err(error);
        }
        if written == 0 {
            zero_writes += 1;
            if zero_writes >= 3 {
                return Err(io::Error::new(io::ErrorKind::WriteZero, format!("pwritev made no progress at {position}")));
            }
        }
        slices = remainder(&slices, written as usize);
        position += written as u64;
    }
    Ok(())
}

pub fn fdatasync(fd: RawFd) -> io::Result<()> {
    DATASYNCS.fetch_add(1, Ordering::Relaxed);
    loop {
        // SAFETY: plain syscall on a caller-owned descriptor.
        if unsafe { libc::fdatasync(fd) } == 0 {
            return Ok(());
        }
        let error = io::Error::last_os_error();
        if error.kind() != io::ErrorKind::Interrupted {
            return Err(error);
        }
    }
}

/// Writes every file's slices; with `datasync`, each file is fdatasynced after its write.
pub fn write(backend: Backend, files: &[FileWrite<'_>], datasync: bool) -> io::Result<()> {
    for file in files {
        WRITES.fetch_add(1, Ordering::Relaxed);
        BYTES_WRITTEN.fetch_add(total_bytes(&file.slices) as u64, Ordering::Relaxed);
    }
    match (backend, ring().ring.as_ref()) {
        (Backend::IoUring, Some(ring)) => write_io_uring(&mut ring.lock().expect("ring lock"), files, datasync),
        _ => {
            for file in files {
                pwritev_all(file.fd, &file.slices, file.position)?;
            }
            if datasync {
                for file in files {
                    fdatasync(file.fd)?;
                }
            }
            Ok(())
        }
    }
}

struct Pending<'a> {
    file: usize,
    position: u64,
    slices: Vec<&'a [u8]>,
    expected: usize,
}

fn write_io_uring(ring: &mut IoUring, files: &[FileWrite<'_>], datasync: bool) -> io::Result<()> {
    let mut writes: Vec<Pending<'_>> = Vec::new();
    for (index, file) in files.iter().enumerate() {
        let mut position = file.position;
        let nonempty: Vec<&[u8]> = file.slices.iter().copied().filter(|s| !s.is_empty()).collect();
        for chunk in nonempty.chunks(MAX_IOVECS) {
            let expected = total_bytes(chunk);
            writes.push(Pending { file: index, position, slices: chunk.to_vec(), expected });
            position += expected as u64;
        }
    }
    // One SQE per write (+ one linked fsync per file); keep every submission within the ring.
    let per_file_sync = if datasync { files.len() } else { 0 };
    if writes.len() + per_file_sync > RING_ENTRIES as usize {
        for file in files {
            pwritev_all(file.fd, &file.slices, file.position)?;
        }
        if datasync {
            files.iter().try_for_each(|file| fdatasync(file.fd))?;
        }
        return Ok(());
    }
    let vectors: Vec<Vec<libc::iovec>> = writes.iter().map(|w| iovecs(&w.slices)).collect();
    let mut results: Vec<Option<i32>> = vec![None; writes.len() + per_file_sync];
    {
        let mut submission = ring.submission();
        for (number, (pending, vector)) in writes.iter().zip(&vectors).enumerate() {
            let fd = types::Fd(files[pending.file].fd);
            let last_of_file = writes.get(number + 1).is_none_or(|next| next.file != pending.file);
            let mut entry = opcode::Writev::new(fd, vector.as_ptr(), vector.len() as u32)
                .offset(pending.position)
                .build()
                .user_data(number as u64);
            if datasync {
                // Ordered after all the file's writes: the fsync runs only once they completed.
                entry = entry.flags(squeue::Flags::IO_LINK);
            }
            // SAFETY: the iovecs and the buffers they point to outlive the wait below.
            unsafe { submission.push(&entry).map_err(|_| io::Error::other("io_uring submission queue full"))? };
            if datasync && last_of_file {
                let sync = opcode::Fsync::new(fd)
                    .flags(types::FsyncFlags::DATASYNC)
                    .build()
                    .user_data((writes.len() + pending.file) as u64);
                // SAFETY: references no memory.
                unsafe { submission.push(&sync).map_err(|_| io::Error::other("io_uring submission queue full"))? };
            }
        }
    }
    let mut outstanding = results.len();
    while outstanding > 0 {
        match ring.submit_and_wait(outstanding) {
            Ok(_) => {}
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        }
        for cqe in ring.completion() {
            let slot = cqe.user_data() as usize;
            if slot < results.len() && results[slot].is_none() {
                results[slot] = Some(cqe.result());
                outstanding -= 1;
            }
        }
    }
    let mut resynced = vec![false; files.len()];
    for (pending, result) in writes.iter().zip(&results) {
        let result = result.expect("every write completed");
        if result < 0 && result != -libc::ECANCELED {
            return Err(io::Error::from_raw_os_error(-result));
        }
        let written = result.max(0) as usize;
        if written < pending.expected {
            // Short (or cancelled after an earlier short write in the link): finish synchronously.
            let rest = remainder(&pending.slices, written);
            pwritev_all(files[pending.file].fd, &rest, pending.position + written as u64)?;
            resynced[pending.file] = true;
        }
    }
    if datasync {
        for (file, result) in results[writes.len()..].iter().enumerate() {
            let result = result.expect("every fsync completed");
            if resynced[file] || result == -libc::ECANCELED {
                fdatasync(files[file].fd)?;
            } else if result < 0 {
                return Err(io::Error::from_raw_os_error(-result));
            } else {
                DATASYNCS.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
    Ok(())
}
