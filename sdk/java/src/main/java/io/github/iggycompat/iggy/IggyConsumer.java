package io.github.iggycompat.iggy;

import io.github.iggycompat.iggy.model.Structs;
import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A high-level consumer shaped like Kafka's: {@link #poll(Duration)} returns the next records,
 * {@link #commitSync()} / {@link #commitAsync()} store offsets, {@link #iterator()} streams records, and
 * {@link #close()} commits what was consumed and leaves the group. Not thread-safe (one thread polls), like
 * KafkaConsumer; the client underneath is.
 *
 * <p>As a group member (the group is created if missing and joined) it polls with no partition: the server assigns
 * partitions and rebalances, and offsets live on the server. A single consumer tracks its position locally: the
 * first poll of a partition uses the strategy, later ones continue after the last record; with no partition given
 * it reads every partition in turn. Commits refused after a rebalance (3022, 5006, 3007, 4100) are skipped; a poll
 * answered 5006 (the server dropped the membership) joins again and retries once.
 */
public final class IggyConsumer implements AutoCloseable, Iterable<IggyConsumer.Record> {
    /** When offsets are stored. */
    public enum AutoCommit {
        /** Only by {@link #commitSync()} / {@link #commitAsync()} (and close). */
        DISABLED,
        /** The server stores the last polled offset as part of every poll (at most once). */
        AFTER_POLL,
        /** Records returned by a poll are committed before the next poll and on close (at least once). */
        WHEN_CONSUMED,
        /** Consumed records are committed from poll when {@code autoCommitIntervalMs} passed since the last. */
        INTERVAL
    }

    /** One consumed message. */
    public record Record(long partitionId, long offset, BigInteger id, long timestamp, byte[] payload,
                         Map<String, HeaderValue> headers) {}

    private static final Set<ErrorCode> REFUSED_AFTER_REBALANCE = Set.of(ErrorCode.NOT_RESOLVED_CONSUMER,
            ErrorCode.CONSUMER_GROUP_MEMBER_NOT_FOUND, ErrorCode.PARTITION_NOT_FOUND, ErrorCode.INVALID_OFFSET);

    private final IggyClient client;
    private final Identifier stream;
    private final Identifier topic;
    private final Identifier group;
    private final Consumer consumer;
    private final Long partitionId;
    private final PollingStrategy strategy;
    private final long batchLength;
    private final long pollIntervalMs;
    private final AutoCommit autoCommit;
    private final long autoCommitIntervalMs;
    private final boolean createGroup;

    private final Map<Long, Long> consumed = new LinkedHashMap<>();  // partition -> last offset handed out
    private final Map<Long, Long> committed = new LinkedHashMap<>();
    private final Map<Long, Long> nextOffset = new LinkedHashMap<>();  // single consumer position
    private List<Long> partitions;  // single consumer without a partition: every partition, in turn
    private int partitionCursor;
    private boolean joined;
    private boolean closed;
    private long lastCommitNanos = System.nanoTime();
    private ExecutorService commitExecutor;

    private IggyConsumer(Builder b) {
        this.client = b.client;
        this.stream = b.stream;
        this.topic = b.topic;
        this.group = b.group;
        this.consumer = b.group != null ? Consumer.group(b.group) : Consumer.consumer(b.consumerId);
        this.partitionId = b.partitionId;
        this.strategy = b.strategy;
        this.batchLength = b.batchLength;
        this.pollIntervalMs = b.pollIntervalMs;
        this.autoCommit = b.autoCommit;
        this.autoCommitIntervalMs = b.autoCommitIntervalMs;
        this.createGroup = b.createGroupIfMissing;
        if (group != null && partitionId != null) {
            throw new IllegalArgumentException("a group member does not choose its partition");
        }
    }

    public static Builder builder(IggyClient client, Identifier stream, Identifier topic) {
        return new Builder(client, stream, topic);
    }

    private void ensureJoined() {
        if (group == null || joined) {
            return;
        }
        // Only a named group can be created: the server assigns ids, so a missing numeric id stays missing.
        if (createGroup && !group.isNumeric() && client.getConsumerGroup(stream, topic, group) == null) {
            try {
                client.createConsumerGroup(stream, topic, group.name());
            } catch (IggyException.AlreadyExistsException raced) {
                // another member created it first: joining is all that is left
            }
        }
        client.joinConsumerGroup(stream, topic, group);
        joined = true;
    }

    /**
     * Waits up to {@code timeout} for records; an empty list when none arrived. Polls at most once per
     * {@code pollIntervalMs} while nothing arrives.
     */
    public List<Record> poll(Duration timeout) {
        if (closed) {
            throw new IggyException.ClientClosedException("consumer is closed");
        }
        ensureJoined();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            if (autoCommit == AutoCommit.WHEN_CONSUMED
                    || (autoCommit == AutoCommit.INTERVAL
                    && System.nanoTime() - lastCommitNanos >= autoCommitIntervalMs * 1_000_000)) {
                commitSync();
            }
            List<Record> records = pollOnce();
            if (!records.isEmpty()) {
                return records;
            }
            long leftNanos = deadline - System.nanoTime();
            if (leftNanos <= 0) {
                return List.of();
            }
            try {
                Thread.sleep(Math.max(1, Math.min(pollIntervalMs, leftNanos / 1_000_000)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return List.of();
            }
        }
    }

    private List<Record> pollOnce() {
        Long partition = partitionId;
        PollingStrategy from = strategy;
        if (group == null) {
            if (partition == null) {
                partition = nextPartition();
            }
            Long next = nextOffset.get(partition);
            if (next != null) {
                from = PollingStrategy.offset(next);
            }
        }
        PolledMessages polled;
        try {
            polled = client.pollMessages(stream, topic, partition, consumer, from, batchLength,
                    autoCommit == AutoCommit.AFTER_POLL);
        } catch (IggyException.ConnectionLostException lost) {
            // A lost poll is safe to repeat: nothing was handed out, and the client reconnects for the retry.
            // Membership belonged to the old connection, so a group member joins again first.
            joined = false;
            ensureJoined();
            polled = client.pollMessages(stream, topic, partition, consumer, from, batchLength,
                    autoCommit == AutoCommit.AFTER_POLL);
        } catch (IggyException e) {
            if (group == null || e.code() != ErrorCode.CONSUMER_GROUP_MEMBER_NOT_FOUND.code()) {
                throw e;
            }
            joined = false;  // the server dropped the membership: join again, once
            ensureJoined();
            polled = client.pollMessages(stream, topic, null, consumer, from, batchLength,
                    autoCommit == AutoCommit.AFTER_POLL);
        }
        List<Record> out = new ArrayList<>(polled.count());
        for (PolledMessage m : polled.messages()) {
            out.add(new Record(polled.partitionId(), m.offset(), m.id(), m.timestamp(), m.payload(), m.headers()));
        }
        if (!out.isEmpty()) {
            long last = out.get(out.size() - 1).offset();
            consumed.put(polled.partitionId(), last);
            if (group == null) {
                nextOffset.put(polled.partitionId(), last + 1);
            }
        }
        return out;
    }

    private long nextPartition() {
        if (partitions == null) {
            Structs.TopicDetails details = client.getTopic(stream, topic);
            if (details == null) {
                throw IggyException.of(ErrorCode.TOPIC_ID_NOT_FOUND.code(), "topic " + topic + " not found");
            }
            List<Long> ids = new ArrayList<>();
            details.partitions().forEach(p -> ids.add(p.id()));
            if (ids.isEmpty()) {
                throw IggyException.of(ErrorCode.PARTITION_NOT_FOUND.code(), "topic " + topic + " has no partitions");
            }
            partitions = Collections.unmodifiableList(ids);
        }
        return partitions.get(partitionCursor++ % partitions.size());
    }

    /** Stores the offset of the last record handed out on every partition; skips ones a rebalance refused. */
    public void commitSync() {
        Map<Long, Long> pending = new LinkedHashMap<>();
        synchronized (consumed) {
            consumed.forEach((partition, offset) -> {
                if (!offset.equals(committed.get(partition))) {
                    pending.put(partition, offset);
                }
            });
        }
        store(pending);
        lastCommitNanos = System.nanoTime();
    }

    private void store(Map<Long, Long> pending) {
        for (Map.Entry<Long, Long> e : pending.entrySet()) {
            try {
                client.storeConsumerOffset(consumer, stream, topic, e.getKey(), e.getValue());
            } catch (IggyException refused) {
                if (refused.errorCode() == null || !REFUSED_AFTER_REBALANCE.contains(refused.errorCode())) {
                    throw refused;
                }
            }
            synchronized (consumed) {
                committed.put(e.getKey(), e.getValue());
            }
        }
    }

    /** Commits on a background thread; the future completes when the offsets are stored. */
    public CompletableFuture<Void> commitAsync() {
        if (commitExecutor == null) {
            commitExecutor = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "iggy-consumer-commit");
                t.setDaemon(true);
                return t;
            });
        }
        Map<Long, Long> pending;
        synchronized (consumed) {
            pending = new LinkedHashMap<>(consumed);
        }
        return CompletableFuture.runAsync(() -> store(pending), commitExecutor);
    }

    /** Records one by one, polling as needed; {@code hasNext} blocks until a record arrives or close. */
    @Override
    public Iterator<Record> iterator() {
        return new Iterator<>() {
            private final ArrayDeque<Record> buffer = new ArrayDeque<>();

            @Override
            public boolean hasNext() {
                while (buffer.isEmpty() && !closed) {
                    buffer.addAll(poll(Duration.ofMillis(Math.max(100, pollIntervalMs))));
                }
                return !buffer.isEmpty();
            }

            @Override
            public Record next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return buffer.poll();
            }
        };
    }

    /** Commits what was consumed (unless the server already did, AFTER_POLL) and leaves the group. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (autoCommit != AutoCommit.AFTER_POLL) {
                commitSync();
            }
            if (joined) {
                joined = false;
                try {
                    client.leaveConsumerGroup(stream, topic, group);
                } catch (IggyException gone) {
                    // 5006: the membership already ended with an earlier connection; nothing is left to leave
                    if (gone.code() != ErrorCode.CONSUMER_GROUP_MEMBER_NOT_FOUND.code()) {
                        throw gone;
                    }
                }
            }
        } finally {
            if (commitExecutor != null) {
                commitExecutor.shutdown();
            }
        }
    }

    /** Settings; defaults: consumer id 0, every partition, strategy next, 100 per poll, WHEN_CONSUMED. */
    public static final class Builder {
        private final IggyClient client;
        private final Identifier stream;
        private final Identifier topic;
        private Identifier group;
        private Identifier consumerId = Identifier.of(0);
        private Long partitionId;
        private PollingStrategy strategy = PollingStrategy.next();
        private long batchLength = 100;
        private long pollIntervalMs = 100;
        private AutoCommit autoCommit = AutoCommit.WHEN_CONSUMED;
        private long autoCommitIntervalMs = 1000;
        private boolean createGroupIfMissing = true;

        private Builder(IggyClient client, Identifier stream, Identifier topic) {
            this.client = client;
            this.stream = stream;
            this.topic = topic;
        }

        /** Consume as a member of this group (created if missing unless disabled). */
        public Builder group(Identifier group) {
            this.group = group;
            return this;
        }

        public Builder consumerId(Identifier consumerId) {
            this.consumerId = consumerId;
            return this;
        }

        /** A single consumer's partition; null = every partition in turn. */
        public Builder partitionId(Long partitionId) {
            this.partitionId = partitionId;
            return this;
        }

        public Builder strategy(PollingStrategy strategy) {
            this.strategy = strategy;
            return this;
        }

        /** Most messages per poll request. */
        public Builder batchLength(long batchLength) {
            this.batchLength = batchLength;
            return this;
        }

        /** Pause between polls that returned nothing. */
        public Builder pollIntervalMs(long pollIntervalMs) {
            this.pollIntervalMs = pollIntervalMs;
            return this;
        }

        public Builder autoCommit(AutoCommit autoCommit) {
            this.autoCommit = autoCommit;
            return this;
        }

        public Builder autoCommitIntervalMs(long autoCommitIntervalMs) {
            this.autoCommit = AutoCommit.INTERVAL;
            this.autoCommitIntervalMs = autoCommitIntervalMs;
            return this;
        }

        public Builder createGroupIfMissing(boolean createGroupIfMissing) {
            this.createGroupIfMissing = createGroupIfMissing;
            return this;
        }

        public IggyConsumer build() {
            if (batchLength < 1 || pollIntervalMs < 0 || autoCommitIntervalMs < 0) {
                throw new IllegalArgumentException("batchLength >= 1, intervals >= 0");
            }
            return new IggyConsumer(this);
        }
    }
}
