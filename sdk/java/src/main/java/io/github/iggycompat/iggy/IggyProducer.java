package io.github.iggycompat.iggy;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A batching producer shaped like Kafka's: {@link #send} returns a {@link CompletableFuture} completed when the
 * server acknowledged the message's batch. A sender thread drains a bounded buffer ({@code maxBufferedMessages},
 * {@code maxBufferedBytes}, counted until acknowledged), merging consecutive messages with the same partitioning
 * into batches of at most {@code batchLength} messages and {@code batchBytes} bytes, waiting up to
 * {@code lingerMs} for a batch to fill. A full buffer blocks {@code send} up to {@code maxBlockMs} (0 = fail at
 * once). Order is kept. A failed batch is retried {@code retries} times (at least once delivery: a batch whose
 * outcome was unknown may be stored twice); then its futures fail. {@link #flush()} and {@link #close(Duration)}
 * send everything buffered, skipping the linger.
 *
 * <p>Direct mode ({@code background(false)}) has no thread: {@link #sendAll} sends in batches before returning.
 */
public final class IggyProducer implements AutoCloseable {
    private final IggyClient client;
    private final Identifier stream;
    private final Identifier topic;
    private final Partitioning partitioning;
    private final int batchLength;
    private final long batchBytes;
    private final long lingerNanos;
    private final int maxBufferedMessages;
    private final long maxBufferedBytes;
    private final long maxBlockMs;
    private final int retries;
    private final long retryBackoffMs;
    private final boolean background;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final ArrayDeque<Pending> queue = new ArrayDeque<>();  // guarded by lock
    private List<Pending> inFlight = List.of();  // the batch being sent, guarded by lock
    private int bufferedMessages;  // queued + in flight, guarded by lock
    private long bufferedBytes;  // guarded by lock
    private int flushing;  // guarded by lock
    private boolean closed;  // guarded by lock
    private final Thread sender;

    private record Pending(Message message, Partitioning partitioning, CompletableFuture<Void> done,
                           long enqueuedNanos) {}

    private IggyProducer(Builder b) {
        this.client = b.client;
        this.stream = b.stream;
        this.topic = b.topic;
        this.partitioning = b.partitioning;
        this.batchLength = b.batchLength;
        this.batchBytes = b.batchBytes;
        this.lingerNanos = TimeUnit.MILLISECONDS.toNanos(b.lingerMs);
        this.maxBufferedMessages = b.maxBufferedMessages;
        this.maxBufferedBytes = b.maxBufferedBytes;
        this.maxBlockMs = b.maxBlockMs;
        this.retries = b.retries;
        this.retryBackoffMs = b.retryBackoffMs;
        this.background = b.background;
        if (background) {
            sender = new Thread(this::run, "iggy-producer-sender");
            sender.setDaemon(true);
            sender.start();
        } else {
            sender = null;
        }
    }

    public static Builder builder(IggyClient client, Identifier stream, Identifier topic) {
        return new Builder(client, stream, topic);
    }

    /** Queues one message with the producer's partitioning. */
    public CompletableFuture<Void> send(Message message) {
        return send(message, partitioning);
    }

    /**
     * Queues one message (background mode) or sends it now (direct mode). Blocks while the buffer is full, up to
     * {@code maxBlockMs}, then throws {@link IggyException.RequestTimeoutException}.
     */
    public CompletableFuture<Void> send(Message message, Partitioning messagePartitioning) {
        if (!background) {
            CompletableFuture<Void> done = new CompletableFuture<>();
            try {
                sendBatch(messagePartitioning, List.of(message));
                done.complete(null);
            } catch (IggyException e) {
                done.completeExceptionally(e);
            }
            return done;
        }
        long size = message.frameSize();
        if (size > maxBufferedBytes) {
            throw IggyException.of(ErrorCode.TOO_BIG_MESSAGE_PAYLOAD.code(),
                    "message of " + size + " bytes exceeds max_buffered_bytes " + maxBufferedBytes);
        }
        CompletableFuture<Void> done = new CompletableFuture<>();
        lock.lock();
        try {
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(maxBlockMs);
            while (!closed && (bufferedMessages >= maxBufferedMessages || bufferedBytes + size > maxBufferedBytes)) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new IggyException.RequestTimeoutException("producer buffer full (" + bufferedMessages
                            + " messages, " + bufferedBytes + " bytes) for max_block_ms " + maxBlockMs, null);
                }
                changed.awaitNanos(left);
            }
            if (closed) {
                throw new IggyException.ClientClosedException("producer is closed");
            }
            queue.add(new Pending(message, messagePartitioning, done, System.nanoTime()));
            bufferedMessages++;
            bufferedBytes += size;
            // Wake the sender only when it has something new to decide (a new head, or maybe a full batch), so a
            // large buffer does not make it rescan the queue for every message.
            if (queue.size() == 1 || queue.size() % batchLength == 0 || bufferedBytes >= batchBytes) {
                changed.signalAll();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IggyException.ClientClosedException("interrupted while the producer buffer was full");
        } finally {
            lock.unlock();
        }
        return done;
    }

    /**
     * Sends many messages. Direct mode: in batches of {@code batchLength} before returning (the first failure is
     * thrown). Background mode: queues each and returns a future of all of them.
     */
    public CompletableFuture<Void> sendAll(List<Message> messages) {
        if (!background) {
            for (int from = 0; from < messages.size(); from += batchLength) {
                sendBatch(partitioning, messages.subList(from, Math.min(messages.size(), from + batchLength)));
            }
            return CompletableFuture.completedFuture(null);
        }
        List<CompletableFuture<Void>> all = new ArrayList<>(messages.size());
        for (Message m : messages) {
            all.add(send(m));
        }
        return CompletableFuture.allOf(all.toArray(new CompletableFuture<?>[0]));
    }

    private void sendBatch(Partitioning p, List<Message> batch) {
        IggyException last = null;
        for (int attempt = 0; attempt <= retries; attempt++) {
            if (attempt > 0) {
                try {
                    Thread.sleep(retryBackoffMs * attempt);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            try {
                client.sendMessages(stream, topic, p, batch);
                return;
            } catch (IggyException.ConnectionLostException | IggyException.RequestTimeoutException e) {
                last = e;  // transient: retried (the batch may be stored twice: at least once)
            }
        }
        throw last != null ? last : new IggyException.ClientClosedException("interrupted while retrying a batch");
    }

    private void run() {
        while (true) {
            Partitioning p;
            List<Pending> batch = new ArrayList<>();
            lock.lock();
            try {
                while (queue.isEmpty() && !closed) {
                    changed.awaitUninterruptibly();
                }
                if (queue.isEmpty()) {
                    return;  // closed and drained
                }
                Pending head = queue.peek();
                long waitUntil = head.enqueuedNanos() + lingerNanos;
                while (flushing == 0 && !closed && !batchReady(head.partitioning())) {
                    long left = waitUntil - System.nanoTime();
                    if (left <= 0) {
                        break;
                    }
                    changed.awaitNanos(left);
                }
                p = head.partitioning();
                long bytes = 0;
                while (!queue.isEmpty() && batch.size() < batchLength && queue.peek().partitioning().equals(p)
                        && (batch.isEmpty() || bytes + queue.peek().message().frameSize() <= batchBytes)) {
                    Pending next = queue.poll();
                    bytes += next.message().frameSize();
                    batch.add(next);
                }
                inFlight = batch;
            } catch (InterruptedException e) {
                return;
            } finally {
                lock.unlock();
            }
            IggyException failure = null;
            try {
                sendBatch(p, batch.stream().map(Pending::message).toList());
            } catch (IggyException e) {
                failure = e;
            }
            lock.lock();
            try {
                inFlight = List.of();
                for (Pending done : batch) {
                    bufferedMessages--;
                    bufferedBytes -= done.message().frameSize();
                }
                changed.signalAll();
            } finally {
                lock.unlock();
            }
            for (Pending done : batch) {
                if (failure == null) {
                    done.done().complete(null);
                } else {
                    done.done().completeExceptionally(failure);
                }
            }
        }
    }

    /** Whether the queue already holds a full batch for this partitioning (then the linger is not waited). */
    private boolean batchReady(Partitioning p) {
        int count = 0;
        long bytes = 0;
        for (Pending pending : queue) {
            if (!pending.partitioning().equals(p)) {
                return true;  // the batch cannot grow past a change of partitioning
            }
            count++;
            bytes += pending.message().frameSize();
            if (count >= batchLength || bytes >= batchBytes) {
                return true;
            }
        }
        return false;
    }

    /** Sends everything queued so far (skipping the linger) and waits for it; rethrows the first failure. */
    public void flush() {
        List<CompletableFuture<Void>> waiting;
        lock.lock();
        try {
            waiting = new ArrayList<>();
            inFlight.forEach(p -> waiting.add(p.done()));
            queue.forEach(p -> waiting.add(p.done()));
            flushing++;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        try {
            CompletableFuture.allOf(waiting.toArray(new CompletableFuture<?>[0])).join();
        } catch (java.util.concurrent.CompletionException e) {
            throw e.getCause() instanceof IggyException ie ? ie : e;
        } finally {
            lock.lock();
            try {
                flushing--;
            } finally {
                lock.unlock();
            }
        }
    }

    /** {@link #close(Duration)} waiting up to a minute. */
    @Override
    public void close() {
        close(Duration.ofMinutes(1));
    }

    /**
     * Stops accepting messages and sends everything buffered, waiting up to {@code timeout}; messages still unsent
     * then fail their futures with 63 ClientShutdown (the sender stops after its current batch).
     */
    public void close(Duration timeout) {
        if (!background) {
            return;
        }
        lock.lock();
        try {
            closed = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        try {
            sender.join(Math.max(1, timeout.toMillis()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (sender.isAlive()) {
            List<Pending> unsent;
            lock.lock();
            try {
                unsent = new ArrayList<>(queue);
                queue.clear();
            } finally {
                lock.unlock();
            }
            IggyException shutdown = new IggyException.ClientClosedException(
                    "producer closed before this message was sent (close timeout " + timeout + ")");
            unsent.forEach(p -> p.done().completeExceptionally(shutdown));
        }
    }

    /** Settings; defaults: balanced, background, 1000 messages / 1 MiB per batch, 5 ms linger. */
    public static final class Builder {
        private final IggyClient client;
        private final Identifier stream;
        private final Identifier topic;
        private Partitioning partitioning = Partitioning.balanced();
        private int batchLength = 1000;
        private long batchBytes = 1 << 20;
        private long lingerMs = 5;
        private int maxBufferedMessages = 100_000;
        private long maxBufferedBytes = 64L << 20;
        private long maxBlockMs = 60_000;
        private int retries = 3;
        private long retryBackoffMs = 100;
        private boolean background = true;

        private Builder(IggyClient client, Identifier stream, Identifier topic) {
            this.client = client;
            this.stream = stream;
            this.topic = topic;
        }

        public Builder partitioning(Partitioning partitioning) {
            this.partitioning = partitioning;
            return this;
        }

        public Builder batchLength(int batchLength) {
            this.batchLength = batchLength;
            return this;
        }

        public Builder batchBytes(long batchBytes) {
            this.batchBytes = batchBytes;
            return this;
        }

        public Builder lingerMs(long lingerMs) {
            this.lingerMs = lingerMs;
            return this;
        }

        public Builder maxBufferedMessages(int maxBufferedMessages) {
            this.maxBufferedMessages = maxBufferedMessages;
            return this;
        }

        public Builder maxBufferedBytes(long maxBufferedBytes) {
            this.maxBufferedBytes = maxBufferedBytes;
            return this;
        }

        /** How long send blocks on a full buffer; 0 = fail at once. */
        public Builder maxBlockMs(long maxBlockMs) {
            this.maxBlockMs = maxBlockMs;
            return this;
        }

        public Builder retries(int retries, long retryBackoffMs) {
            this.retries = retries;
            this.retryBackoffMs = retryBackoffMs;
            return this;
        }

        /** false = direct mode: no sender thread, sends happen in the caller's thread. */
        public Builder background(boolean background) {
            this.background = background;
            return this;
        }

        public IggyProducer build() {
            if (batchLength < 1 || batchBytes < 1 || lingerMs < 0 || maxBufferedMessages < 1
                    || maxBufferedBytes < 1 || maxBlockMs < 0 || retries < 0 || retryBackoffMs < 0) {
                throw new IllegalArgumentException("producer bounds must be positive (linger, block, retries >= 0)");
            }
            return new IggyProducer(this);
        }
    }

    /** Waits for a send's future, unwrapping the IggyException (helper for blocking callers). */
    public static void await(CompletableFuture<Void> future, Duration timeout) {
        try {
            future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof IggyException ie ? ie : new IllegalStateException(e.getCause());
        } catch (TimeoutException e) {
            throw new IggyException.RequestTimeoutException("send not acknowledged within " + timeout, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IggyException.ClientClosedException("interrupted while waiting for a send");
        }
    }
}
