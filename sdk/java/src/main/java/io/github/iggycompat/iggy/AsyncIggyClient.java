package io.github.iggycompat.iggy;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * The optional CompletableFuture facade: runs calls of the blocking client on one daemon thread (the connection
 * serves one request at a time anyway), in submission order. The queue is bounded; a full queue fails the future
 * (RejectedExecutionException) instead of growing without limit.
 */
public final class AsyncIggyClient implements AutoCloseable {
    /** Most calls waiting for the connection; beyond this, submissions fail fast. */
    public static final int MAX_QUEUED_CALLS = 10_000;

    private final IggyClient client;
    private final ExecutorService executor;

    AsyncIggyClient(IggyClient client) {
        this.client = client;
        this.executor = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS,
                new LinkedBlockingQueue<>(MAX_QUEUED_CALLS), r -> {
                    Thread t = new Thread(r, "iggy-async");
                    t.setDaemon(true);
                    return t;
                });
    }

    /** Any blocking call, e.g. {@code async.call(c -> c.getStream(id))}. */
    public <T> CompletableFuture<T> call(Function<IggyClient, T> operation) {
        return CompletableFuture.supplyAsync(() -> operation.apply(client), executor);
    }

    public CompletableFuture<Void> sendMessages(Identifier stream, Identifier topic, Partitioning partitioning,
                                                List<Message> messages) {
        return call(c -> {
            c.sendMessages(stream, topic, partitioning, messages);
            return null;
        });
    }

    public CompletableFuture<PolledMessages> pollMessages(Identifier stream, Identifier topic, Long partitionId,
                                                          Consumer consumer, PollingStrategy strategy, long count,
                                                          boolean autoCommit) {
        return call(c -> c.pollMessages(stream, topic, partitionId, consumer, strategy, count, autoCommit));
    }

    boolean isClosed() {
        return executor.isShutdown();
    }

    /** Stops the facade's thread (queued calls are dropped); the client stays open and async() makes a new one. */
    @Override
    public void close() {
        executor.shutdownNow();
    }
}
