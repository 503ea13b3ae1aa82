package io.github.iggycompat.iggy.internal.codec;

import io.github.iggycompat.iggy.Codes;
import io.github.iggycompat.iggy.Identifier;
import io.github.iggycompat.iggy.model.Primitives;

/**
 * How a request field's value reads in an error message (the generated {@code Request.errorParam}): an id or name as
 * given, a consumer by its id, a partitioning only when it names a partition; null when there is no value (an absent
 * optional partition).
 */
public final class ParamText {
    private ParamText() {}

    public static String of(Object value) {
        if (value instanceof Primitives.Consumer consumer) {
            return of(consumer.id());
        }
        if (value instanceof Primitives.Partitioning partitioning) {
            if (partitioning.kind() != Codes.PartitioningKind.PARTITION_ID || partitioning.value().length != 4) {
                return null;
            }
            return Long.toString(new WireReader(partitioning.value()).u32());
        }
        if (value instanceof Identifier || value instanceof String || value instanceof Number) {
            return value.toString();
        }
        return null;  // no value, or a type the spec allows no error_param on (spec.py ERROR_PARAM_TYPES)
    }
}
