package io.github.iggycompat.iggy;

import io.github.iggycompat.iggy.internal.codec.WireReader;
import io.github.iggycompat.iggy.internal.codec.WireWriter;
import io.github.iggycompat.iggy.model.Primitives;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** A message's user headers: user_header entries back to back (spec primitive user_header). */
final class UserHeaders {
    private static final byte[] NONE = new byte[0];

    private UserHeaders() {}

    static byte[] encode(Map<String, HeaderValue> headers) {
        if (headers.isEmpty()) {
            return NONE;
        }
        WireWriter w = new WireWriter();
        for (Map.Entry<String, HeaderValue> e : headers.entrySet()) {
            HeaderValue key = HeaderValue.string(e.getKey());
            new Primitives.UserHeader(key.kind(), key.bytesRef(), e.getValue().kind(), e.getValue().bytesRef())
                    .encode(w);
        }
        return w.toByteArray();
    }

    /** Decodes a headers area; loops are bounded by its length (every entry takes at least 10 bytes). */
    static Map<String, HeaderValue> decode(byte[] buf, int offset, int length) {
        if (length == 0) {
            return Map.of();
        }
        WireReader r = new WireReader(buf, offset, length);
        Map<String, HeaderValue> out = new LinkedHashMap<>();
        while (r.remaining() > 0) {
            Primitives.UserHeader h = Primitives.UserHeader.decode(r);
            HeaderValue key = HeaderValue.of(h.keyKind(), h.key());
            out.put(key.kind() == Codes.HeaderKind.STRING ? key.asString() : key.toString(),
                    HeaderValue.of(h.valueKind(), h.value()));
        }
        return Collections.unmodifiableMap(out);
    }
}
