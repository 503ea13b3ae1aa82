package io.github.iggycompat.iggy;

import java.util.List;

/**
 * A consumer-group member's assignment (Iggy 0.9 SyncConsumerGroup): the group's generation, which grows with
 * every change of membership or assignment, and the partitions this member polls at it.
 */
public record GroupAssignment(long generation, List<Long> partitions) {
    public GroupAssignment {
        partitions = List.copyOf(partitions);
    }
}
