//! The server's work budget: CPU work (parsing, move generation, rules analyses, drawing)
//! never runs on the async workers, which only move bytes. It runs on the blocking pool
//! behind two semaphores, and every request has a time budget that includes the wait:
//!
//! * `cpu`: at most [`Config::workers`](crate::Config::workers) jobs at once, so a burst of
//!   requests cannot start hundreds of threads;
//! * `heavy`: jobs on inputs over [`HEAVY_INPUT_BYTES`] (a FEN with a long hand, a large
//!   definition) run in a lane of [`Config::heavy_workers`](crate::Config::heavy_workers)
//!   places, fewer than the cores, so however many arrive, ordinary requests keep a core;
//! * `pixels`: images over [`SMALL_IMAGE_PIXELS`] hold one permit per pixel while drawn, at
//!   most [`Config::render_pixels`](crate::Config::render_pixels) in all, so memory stays
//!   bounded whatever mix of image sizes arrives (a PNG costs about 10 bytes a pixel while
//!   drawn);
//! * `small`: smaller images (every thumbnail and ordinary diagram) have a lane of their own
//!   with as many places as there are workers, so they never queue behind big ones: at most
//!   10 MB each, the lane costs little memory.
//!
//! After a job in the heavy lane or a big image, the allocator's free memory is handed back
//! to the kernel ([`give_back_memory`]): such jobs free hundreds of megabytes at once, which
//! glibc's malloc would otherwise keep in its per-thread arenas (measured after 20 s of the
//! hostile mix of `tools/hostile_load.py`: 130 MB resident without the trim, 109 MB with it;
//! what stays is live, as a trim from outside frees nothing more: the renderer's bounded
//! caches and per-thread buffers. BENCHMARKS.md, "Server under load and abuse").
//!
//! A job that waits or runs past the budget is answered with 503 and `Retry-After`; the
//! job itself finishes in the background (the core bounds every job's work, see
//! `fairyboard_core::limits`), still holding its permit so the bound stays true.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use tokio::sync::Semaphore;

use crate::Problem;

/// Inputs longer than this (bytes) are parsed in the heavy lane: a real game's FEN or a
/// published definition is shorter.
pub const HEAVY_INPUT_BYTES: usize = 4 * 1024;

/// Images up to this many pixels (1024 × 1024) are drawn in the small-image lane.
pub const SMALL_IMAGE_PIXELS: u64 = 1 << 20;

/// The semaphores and the time budget of one server.
pub(crate) struct Budget {
    cpu: Arc<Semaphore>,
    heavy: Arc<Semaphore>,
    small: Arc<Semaphore>,
    pixels: Arc<Semaphore>,
    pixel_limit: u64,
    time: Duration,
}

impl Budget {
    pub fn new(workers: usize, heavy_workers: usize, render_pixels: u64, time: Duration) -> Budget {
        let pixel_limit = render_pixels.min(Semaphore::MAX_PERMITS as u64);
        Budget {
            cpu: Arc::new(Semaphore::new(workers)),
            heavy: Arc::new(Semaphore::new(heavy_workers)),
            small: Arc::new(Semaphore::new(workers)),
            pixels: Arc::new(Semaphore::new(pixel_limit as usize)),
            pixel_limit,
            time,
        }
    }

    /// Run `job` on the blocking pool under the CPU semaphore, within the time budget.
    pub async fn cpu<T: Send + 'static>(
        &self,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Problem> {
        self.run(&self.cpu, 1, Instant::now(), false, job).await
    }

    /// Run `job` on a client's input of `input_bytes` bytes: in the heavy lane when the
    /// input is over [`HEAVY_INPUT_BYTES`], else as [`Budget::cpu`].
    pub async fn parse<T: Send + 'static>(
        &self,
        input_bytes: usize,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Problem> {
        let lane = if input_bytes > HEAVY_INPUT_BYTES {
            &self.heavy
        } else {
            &self.cpu
        };
        let trim = input_bytes > HEAVY_INPUT_BYTES;
        self.run(lane, 1, Instant::now(), trim, job).await
    }

    /// Draw an image of `pixels` pixels: refused at once (422) when it alone is over the
    /// render budget, else run under the pixel semaphore within the time budget counted
    /// from `started` (the request's arrival).
    pub async fn draw<T: Send + 'static>(
        &self,
        pixels: u64,
        started: Instant,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Problem> {
        if pixels > self.pixel_limit {
            return Err(Problem {
                status: StatusCode::UNPROCESSABLE_ENTITY,
                ..Problem::bad(
                    "size",
                    format!(
                        "the image would have {pixels} pixels, over the server's budget of {} \
                         for one image: lower size= or draw a smaller board",
                        self.pixel_limit
                    ),
                )
            });
        }
        if pixels <= SMALL_IMAGE_PIXELS {
            return self.run(&self.small, 1, started, false, job).await;
        }
        // `pixels` ≤ `pixel_limit` ≤ `MAX_PERMITS`, which fits in a u32.
        let n = u32::try_from(pixels).unwrap_or(u32::MAX);
        self.run(&self.pixels, n, started, true, job).await
    }

    async fn run<T: Send + 'static>(
        &self,
        semaphore: &Arc<Semaphore>,
        permits: u32,
        started: Instant,
        trim: bool,
        job: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Problem> {
        let deadline = tokio::time::Instant::from_std(started + self.time);
        let over = || busy(self.time);
        let permit =
            tokio::time::timeout_at(deadline, semaphore.clone().acquire_many_owned(permits))
                .await
                .map_err(|_| over())?
                .map_err(|_| over())?;
        let handle = tokio::task::spawn_blocking(move || {
            let _held = permit;
            let v = job();
            if trim {
                give_back_memory();
            }
            v
        });
        match tokio::time::timeout_at(deadline, handle).await {
            Ok(Ok(v)) => Ok(v),
            Ok(Err(e)) => Err(Problem {
                status: StatusCode::INTERNAL_SERVER_ERROR,
                ..Problem::bad("(server)", format!("the job failed: {e}"))
            }),
            Err(_) => Err(over()),
        }
    }
}

/// Return the allocator's free memory to the kernel, as far as it can: glibc's
/// `malloc_trim(0)` releases the free tops of its arenas and the free whole pages inside
/// them (since glibc 2.8). A few milliseconds after a job that took seconds; elsewhere
/// (another C library, another allocator) nothing.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn give_back_memory() {
    // SAFETY: `malloc_trim` has no preconditions: it takes each arena's own lock, touches
    // only free chunks (never memory handed out to Rust), and may run concurrently with
    // allocation on other threads. This target links glibc, whose malloc Rust's default
    // global allocator uses, so the arenas trimmed are the ones this process allocates from.
    unsafe {
        libc::malloc_trim(0);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn give_back_memory() {}

/// The answer to a request whose work did not fit the time budget.
fn busy(budget: Duration) -> Problem {
    Problem {
        status: StatusCode::SERVICE_UNAVAILABLE,
        ..Problem::bad(
            "(server)",
            format!(
                "the request's work did not finish within the budget of {} ms (the server is \
                 busy or the request is too expensive); try again later",
                budget.as_millis()
            ),
        )
    }
}
