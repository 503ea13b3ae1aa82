//! Bounded pool of page-aligned buffers in power-of-two size classes (4 KiB … 128 MiB).
//!
//! After warm-up every acquire is served from a free list (a "hit"): no allocator call on the steady
//! path. The bytes the pool holds — handed out plus kept free — never exceed its capacity: a miss that
//! would cross it first drops free buffers of other classes, and if that is not enough the acquire
//! fails (or waits, when the caller gives a timeout). Buffers are page aligned and never move, so they
//! can back O_DIRECT I/O and be registered as io_uring fixed buffers.

use std::alloc::{alloc, dealloc, Layout};
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

pub const PAGE_BYTES: usize = 4096;
pub const MIN_CLASS_BYTES: usize = PAGE_BYTES;
pub const CLASS_COUNT: usize = 16; // 4 KiB << 15 = 128 MiB
pub const MAX_CLASS_BYTES: usize = MIN_CLASS_BYTES << (CLASS_COUNT - 1);

/// One page-aligned allocation of exactly its class size.
#[derive(Debug)]
pub struct Block {
    pointer: NonNull<u8>,
    class: usize,
}

// SAFETY: a Block is a unique owner of its allocation (like Box<[u8]>); moving it between threads is fine.
unsafe impl Send for Block {}
unsafe impl Sync for Block {}

impl Block {
    pub fn as_ptr(&self) -> *mut u8 {
        self.pointer.as_ptr()
    }

    pub fn capacity(&self) -> usize {
        class_bytes(self.class)
    }
}

pub fn class_bytes(class: usize) -> usize {
    MIN_CLASS_BYTES << class
}

/// Smallest class holding `size` bytes, or None above the largest class.
pub fn class_for(size: usize) -> Option<usize> {
    if size > MAX_CLASS_BYTES {
        return None;
    }
    let pages = size.max(1).div_ceil(MIN_CLASS_BYTES);
    Some(pages.next_power_of_two().trailing_zeros() as usize)
}

fn layout(class: usize) -> Layout {
    Layout::from_size_align(class_bytes(class), PAGE_BYTES).expect("class sizes are valid layouts")
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Stats {
    pub capacity_bytes: u64,
    /// Bytes allocated by the pool: in use + free.
    pub reserved_bytes: u64,
    pub in_use_bytes: u64,
    pub in_use_buffers: u64,
    pub free_buffers: u64,
    pub hits: u64,
    pub misses: u64,
    /// Free buffers dropped to make room for a miss of another class.
    pub evictions: u64,
    /// Acquires that failed (or timed out) because the capacity was reached.
    pub exhausted: u64,
}

struct Shelves {
    free: [Vec<Block>; CLASS_COUNT],
    reserved_bytes: usize,
    in_use_bytes: usize,
    in_use_buffers: usize,
}

pub struct Pool {
    capacity_bytes: usize,
    shelves: Mutex<Shelves>,
    returned: Condvar,
    hits: AtomicU64,
    misses: AtomicU64,
    evictions: AtomicU64,
    exhausted: AtomicU64,
}

#[derive(Debug, PartialEq, Eq)]
pub enum AcquireError {
    TooLarge,
    Exhausted,
}

impl Pool {
    pub fn new(capacity_bytes: usize) -> Arc<Self> {
        Arc::new(Self {
            capacity_bytes,
            shelves: Mutex::new(Shelves {
                free: Default::default(),
                reserved_bytes: 0,
                in_use_bytes: 0,
                in_use_buffers: 0,
            }),
            returned: Condvar::new(),
            hits: AtomicU64::new(0),
            misses: AtomicU64::new(0),
            evictions: AtomicU64::new(0),
            exhausted: AtomicU64::new(0),
        })
    }

    pub fn capacity_bytes(&self) -> usize {
        self.capacity_bytes
    }

    /// A buffer of at least `size` bytes; waits up to `timeout` for a release when the pool is full.
    pub fn acquire(&self, size: usize, timeout: Duration) -> Result<Block, AcquireError> {
        let class = class_for(size).ok_or(AcquireError::TooLarge)?;
        let bytes = class_bytes(class);
        if bytes > self.capacity_bytes {
            return Err(AcquireError::TooLarge);
        }
        let deadline = Instant::now() + timeout;
        let mut shelves = self.shelves.lock().expect("pool lock");
        loop {
            if let Some(block) = shelves.free[class].pop() {
                shelves.in_use_bytes += bytes;
                shelves.in_use_buffers += 1;
                self.hits.fetch_add(1, Ordering::Relaxed);
                return Ok(block);
            }
            if self.make_room(&mut shelves, bytes) {
                // SAFETY: the layout has a non-zero size.
                let pointer = NonNull::new(unsafe { alloc(layout(class)) });
                let Some(pointer) = pointer else {
                    self.exhausted.fetch_add(1, Ordering::Relaxed);
                    return Err(AcquireError::Exhausted);
                };
                shelves.reserved_bytes += bytes;
                shelves.in_use_bytes += bytes;
                shelves.in_use_buffers += 1;
                self.misses.fetch_add(1, Ordering::Relaxed);
                return Ok(Block { pointer, class });
            }
            let now = Instant::now();
            if now >= deadline {
                self.exhausted.fetch_add(1, Ordering::Relaxed);
                return Err(AcquireError::Exhausted);
            }
            shelves = self.returned.wait_timeout(shelves, deadline - now).expect("pool lock").0;
        }
    }

    /// Frees cached buffers (largest classes first) until `bytes` more fit the capacity.
    fn make_room(&self, shelves: &mut Shelves, bytes: usize) -> bool {
        for class in (0..CLASS_COUNT).rev() {
            if shelves.reserved_bytes + bytes <= self.capacity_bytes {
                break;
            }
            while shelves.reserved_bytes + bytes > self.capacity_bytes {
                let Some(block) = shelves.free[class].pop() else { break };
                shelves.reserved_bytes -= class_bytes(class);
                self.evictions.fetch_add(1, Ordering::Relaxed);
                free_block(block);
            }
        }
        shelves.reserved_bytes + bytes <= self.capacity_bytes
    }

    pub fn release(&self, block: Block) {
        let bytes = block.capacity();
        let mut shelves = self.shelves.lock().expect("pool lock");
        shelves.in_use_bytes -= bytes;
        shelves.in_use_buffers -= 1;
        shelves.free[block.class].push(block);
        drop(shelves);
        self.returned.notify_all();
    }

    /// Drops every free buffer (memory goes back to the allocator).
    pub fn trim(&self) -> usize {
        let mut shelves = self.shelves.lock().expect("pool lock");
        let mut freed = 0;
        for class in 0..CLASS_COUNT {
            for block in shelves.free[class].drain(..) {
                freed += class_bytes(class);
                free_block(block);
            }
        }
        shelves.reserved_bytes -= freed;
        freed
    }

    pub fn stats(&self) -> Stats {
        let shelves = self.shelves.lock().expect("pool lock");
        Stats {
            capacity_bytes: self.capacity_bytes as u64,
            reserved_bytes: shelves.reserved_bytes as u64,
            in_use_bytes: shelves.in_use_bytes as u64,
            in_use_buffers: shelves.in_use_buffers as u64,
            free_buffers: shelves.free.iter().map(|f| f.len() as u64).sum(),
            hits: self.hits.load(Ordering::Relaxed),
            misses: self.misses.load(Ordering::Relaxed),
            evictions: self.evictions.load(Ordering::Relaxed),
            exhausted: self.exhausted.load(Ordering::Relaxed),
        }
    }
}

fn free_block(block: Block) {
    // SAFETY: allocated in `acquire` with the same layout; the Block is consumed here.
    unsafe { dealloc(block.pointer.as_ptr(), layout(block.class)) }
}

impl Drop for Pool {
    fn drop(&mut self) {
        self.trim();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes() {
        assert_eq!(class_for(0), Some(0));
        assert_eq!(class_for(4096), Some(0));
        assert_eq!(class_for(4097), Some(1));
        assert_eq!(class_for(1_000_000), Some(8)); // 1 MiB
        assert_eq!(class_for(MAX_CLASS_BYTES), Some(CLASS_COUNT - 1));
        assert_eq!(class_for(MAX_CLASS_BYTES + 1), None);
    }

    #[test]
    fn bound_and_reuse() {
        let pool = Pool::new(64 * 1024);
        let a = pool.acquire(32 * 1024, Duration::ZERO).unwrap();
        let b = pool.acquire(32 * 1024, Duration::ZERO).unwrap();
        assert_eq!(pool.acquire(4096, Duration::ZERO).unwrap_err(), AcquireError::Exhausted);
        let address = a.as_ptr() as usize;
        assert_eq!(address % PAGE_BYTES, 0);
        pool.release(a);
        let c = pool.acquire(20_000, Duration::ZERO).unwrap();
        assert_eq!(c.as_ptr() as usize, address);
        pool.release(b);
        pool.release(c);
        // A different class evicts free buffers to fit.
        let d = pool.acquire(64 * 1024, Duration::ZERO).unwrap();
        let stats = pool.stats();
        assert!(stats.reserved_bytes <= 64 * 1024);
        assert_eq!(stats.evictions, 2);
        pool.release(d);
    }
}
