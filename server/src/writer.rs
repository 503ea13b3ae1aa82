//! Segment file writes: one io_uring submission per flush (a vectored write to the log, one to the
//! index, optionally followed by linked fdatasyncs), or `pwritev` + `fdatasync` where io_uring is
//! unavailable. Both backends write the same bytes at the same positions, so the files are identical.
//!
//! A single ring serves every writer of the process: the server submits from one thread (the event
//! loop) and rings pin kernel memory, so one per segment would be waste.
//!
//! Optionally the log goes through a second, O_DIRECT descriptor ([`DirectLog`], [`write_direct`]):
//! every append then rewrites the partial last block of the log together with the new frames from the
//! block-aligned position, zero-padded to whole blocks, out of an aligned staging buffer.

use std::alloc::{alloc, dealloc, Layout};
use std::io;
use std::os::fd::RawFd;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use io_uring::{opcode, squeue, types, IoUring};

use crate::pool::{Block, Pool};

/// Most iovecs one writev accepts (IOV_MAX on Linux).
const MAX_IOVECS: usize = 1024;
const RING_ENTRIES: u32 = 64;

/// Process-wide counters (stats and tests): file writes submitted, fdatasyncs done, bytes written.
pub static WRITES: AtomicU64 = AtomicU64::new(0);
pub static DATASYNCS: AtomicU64 = AtomicU64::new(0);
pub static BYTES_WRITTEN: AtomicU64 = AtomicU64::new(0);
/// Log writes through an O_DIRECT descriptor, and those whose staging buffer did not come from the pool.
pub static DIRECT_WRITES: AtomicU64 = AtomicU64::new(0);
pub static STAGING_FALLBACKS: AtomicU64 = AtomicU64::new(0);
/// fallocate calls that reserved log blocks ahead of the writes ([`Preallocation`]).
pub static PREALLOCATIONS: AtomicU64 = AtomicU64::new(0);

/// Alignment of O_DIRECT positions, lengths and buffer addresses. 4096 is a multiple of the logical
/// block size of 512-byte and 4 KiB devices alike, so it is used whatever the device reports; a device
/// with larger logical blocks refuses the start-up probe write and the server stays buffered.
pub const DIRECT_ALIGN_BYTES: usize = 4096;

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

/// Counts a write made outside [`write`] (the native send path's `pwritev`) in the writer statistics.
pub fn count_write(bytes: u64) {
    WRITES.fetch_add(1, Ordering::Relaxed);
    BYTES_WRITTEN.fetch_add(bytes, Ordering::Relaxed);
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

/// Smallest reservation ahead of a log's end: tiny batches do not cost a fallocate each.
const MIN_PREALLOCATION_BYTES: u64 = 64 * 1024;

/// Reserves the log's disk blocks ahead of its appends with `fallocate(FALLOC_FL_KEEP_SIZE)`.
///
/// ext4 otherwise reserves and maps each page of a buffered append as it writes it (delayed allocation):
/// at 4 producers that was over half of the page-cache write's cost. The file size does not change, so
/// readers and recovery see only written bytes; the blocks past the end are given back when the log is
/// truncated to its size (the caller does so on seal). Ahead of the end it reserves as much as the log
/// already holds, at least 64 KiB and at most `max_ahead_bytes`, so a quiet partition reserves little.
pub struct Preallocation {
    /// 0: off (configured so, or the filesystem refused fallocate).
    max_ahead_bytes: AtomicU64,
    /// Reserved up to here (this writer's knowledge; blocks reserved before it opened are not known).
    reserved_end: AtomicU64,
}

impl Preallocation {
    pub fn new(max_ahead_bytes: u64) -> Self {
        Self { max_ahead_bytes: AtomicU64::new(max_ahead_bytes), reserved_end: AtomicU64::new(0) }
    }

    pub fn enabled(&self) -> bool {
        self.max_ahead_bytes.load(Ordering::Relaxed) > 0
    }

    /// Before writing `[position, end)`. Failures other than "not supported" are left to the write,
    /// which reports them (a full disk refuses the write as it refused the reservation).
    pub fn reserve(&self, fd: RawFd, position: u64, end: u64) {
        let max_ahead = self.max_ahead_bytes.load(Ordering::Relaxed);
        if max_ahead == 0 || end <= self.reserved_end.load(Ordering::Relaxed) {
            return;
        }
        let ahead = end.clamp(MIN_PREALLOCATION_BYTES, max_ahead.max(MIN_PREALLOCATION_BYTES));
        let target = end.saturating_add(ahead);
        PREALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        let (start, length) = (position as libc::off_t, (target - position) as libc::off_t);
        // SAFETY: plain syscall on a caller-owned descriptor.
        if unsafe { libc::fallocate(fd, libc::FALLOC_FL_KEEP_SIZE, start, length) } == 0 {
            self.reserved_end.fetch_max(target, Ordering::Relaxed);
            return;
        }
        let error = io::Error::last_os_error().raw_os_error();
        // The filesystem (EOPNOTSUPP), the kernel (ENOSYS) or the file's kind (ENODEV: not a regular file)
        // cannot reserve: asking again at every append would only repeat the refusal.
        if matches!(error, Some(libc::EOPNOTSUPP) | Some(libc::ENOSYS) | Some(libc::ENODEV)) {
            self.max_ahead_bytes.store(0, Ordering::Relaxed);
        }
    }
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
        // A file with nothing to write (an index whose entries wait for a later write) is no write.
        let bytes = total_bytes(&file.slices) as u64;
        if bytes > 0 {
            WRITES.fetch_add(1, Ordering::Relaxed);
            BYTES_WRITTEN.fetch_add(bytes, Ordering::Relaxed);
        }
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

/// The O_DIRECT side of one segment log: its descriptor and a copy of the log's partial last block.
///
/// O_DIRECT only writes whole aligned blocks, but appends end anywhere, so each append rewrites the
/// bytes of the partial block (identical to what is stored, so a torn rewrite still holds the same
/// bytes) followed by the new frames, zero-padded to a whole block. The file is therefore longer than
/// the log until the owner truncates it to the logical size; recovery cuts the zeros as a torn tail.
pub struct DirectLog {
    fd: RawFd,
    /// Ordinary descriptor of the same file: the partial block is read back through it when an append
    /// does not start where the previous one ended (first append after opening, or after a cut-back).
    read_fd: RawFd,
    pool: Option<Arc<Pool>>,
    tail: Box<[u8; DIRECT_ALIGN_BYTES]>,
    /// Logical log size `tail` belongs to: `tail[..end % DIRECT_ALIGN_BYTES]` are its last bytes.
    end: Option<u64>,
}

impl DirectLog {
    /// `fd` is opened with O_DIRECT; staging buffers come from `pool` when it can serve them.
    pub fn new(fd: RawFd, read_fd: RawFd, pool: Option<Arc<Pool>>) -> Self {
        Self { fd, read_fd, pool, tail: Box::new([0; DIRECT_ALIGN_BYTES]), end: None }
    }

    /// Makes `tail` hold the stored bytes of the block `position` falls in; returns the block's start.
    fn load_tail(&mut self, position: u64) -> io::Result<u64> {
        let block_start = position - position % DIRECT_ALIGN_BYTES as u64;
        if self.end != Some(position) {
            let kept = (position - block_start) as usize;
            pread_exact(self.read_fd, &mut self.tail[..kept], block_start)?;
            self.end = Some(position);
        }
        Ok(block_start)
    }
}

fn pread_exact(fd: RawFd, buffer: &mut [u8], position: u64) -> io::Result<()> {
    let mut done = 0;
    while done < buffer.len() {
        let rest = &mut buffer[done..];
        // SAFETY: `rest` is valid for writes of its length.
        let read = unsafe {
            libc::pread(fd, rest.as_mut_ptr() as *mut libc::c_void, rest.len(), (position + done as u64) as libc::off_t)
        };
        if read < 0 {
            let error = io::Error::last_os_error();
            if error.kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return Err(error);
        }
        if read == 0 {
            let end = position + done as u64;
            return Err(io::Error::new(io::ErrorKind::UnexpectedEof, format!("the log ends at byte {end}")));
        }
        done += read as usize;
    }
    Ok(())
}

/// Aligned memory for one direct write: a pooled block, or a one-off allocation when the pool cannot
/// serve the size right now (counted in STAGING_FALLBACKS).
enum Staging {
    Pooled { pool: Arc<Pool>, block: Option<Block> },
    Heap { pointer: NonNull<u8>, layout: Layout },
}

impl Staging {
    fn acquire(pool: Option<&Arc<Pool>>, size: usize) -> io::Result<Self> {
        if let Some(pool) = pool {
            if let Ok(block) = pool.acquire(size, Duration::ZERO) {
                return Ok(Staging::Pooled { pool: pool.clone(), block: Some(block) });
            }
        }
        STAGING_FALLBACKS.fetch_add(1, Ordering::Relaxed);
        let layout = Layout::from_size_align(size.max(DIRECT_ALIGN_BYTES), DIRECT_ALIGN_BYTES)
            .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, format!("{size} bytes cannot be staged")))?;
        // SAFETY: the layout has a non-zero size.
        let pointer = NonNull::new(unsafe { alloc(layout) }).ok_or(io::ErrorKind::OutOfMemory)?;
        Ok(Staging::Heap { pointer, layout })
    }

    /// The first `size` bytes (at most what `acquire` was asked for).
    fn bytes_mut(&mut self, size: usize) -> &mut [u8] {
        let pointer = match self {
            Staging::Pooled { block, .. } => block.as_ref().expect("held until drop").as_ptr(),
            Staging::Heap { pointer, .. } => pointer.as_ptr(),
        };
        // SAFETY: the memory holds at least `size` bytes, is owned by `self` and borrowed mutably.
        unsafe { std::slice::from_raw_parts_mut(pointer, size) }
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        match self {
            Staging::Pooled { pool, block } => {
                if let Some(block) = block.take() {
                    pool.release(block);
                }
            }
            // SAFETY: allocated in `acquire` with this layout.
            Staging::Heap { pointer, layout } => unsafe { dealloc(pointer.as_ptr(), *layout) },
        }
    }
}

/// Appends `frames` at `position` of the log through its O_DIRECT descriptor, and writes `index`
/// (buffered) in the same submission, as [`write`]. The log's logical end becomes
/// `position + frames length` (anything stored after it is garbage to be truncated).
pub fn write_direct(
    backend: Backend,
    log: &mut DirectLog,
    frames: &[&[u8]],
    position: u64,
    index: FileWrite<'_>,
    datasync: bool,
) -> io::Result<()> {
    let frames_bytes = total_bytes(frames);
    if frames_bytes == 0 {
        // Nothing for the log: the buffered path syncs it as well when asked (same inode).
        return write(backend, &[FileWrite { fd: log.read_fd, position, slices: Vec::new() }, index], datasync);
    }
    let block_start = log.load_tail(position)?;
    let kept = (position - block_start) as usize;
    let used = kept + frames_bytes;
    let padded = used.next_multiple_of(DIRECT_ALIGN_BYTES);
    let mut staging = Staging::acquire(log.pool.as_ref(), padded)?;
    let image = staging.bytes_mut(padded);
    image[..kept].copy_from_slice(&log.tail[..kept]);
    let mut at = kept;
    for slice in frames {
        image[at..at + slice.len()].copy_from_slice(slice);
        at += slice.len();
    }
    image[used..].fill(0);
    DIRECT_WRITES.fetch_add(1, Ordering::Relaxed);
    let files = [FileWrite { fd: log.fd, position: block_start, slices: vec![&image[..]] }, index];
    // On failure `tail` still describes the bytes before `position`: the write rewrote them unchanged.
    write(backend, &files, datasync)?;
    let end = position + frames_bytes as u64;
    let end_block = end - end % DIRECT_ALIGN_BYTES as u64;
    let from = (end_block - block_start) as usize;
    let rest = (end - end_block) as usize;
    log.tail[..rest].copy_from_slice(&image[from..from + rest]);
    log.end = Some(end);
    Ok(())
}
