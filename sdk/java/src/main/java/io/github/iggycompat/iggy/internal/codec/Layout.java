// generated from protocol-spec by protocol-spec/generator — do not edit
// Source: protocol-spec/spec/*.toml. Change the spec, then run `make gen`.
package io.github.iggycompat.iggy.internal.codec;


/** Field offsets and sizes of the fixed layouts the hot path reads in place. */
public final class Layout {
    private Layout() {}

    /** XXH3-64 (seed 0) of the frame from byte 8 to the end; 0 on send, set by the server. */
    public static final int HEADER_CHECKSUM_OFFSET = 0;
    public static final int HEADER_CHECKSUM_SIZE = 8;
    /** Message id; 0 on send = server assigns a random UUIDv4. */
    public static final int HEADER_ID_OFFSET = 8;
    public static final int HEADER_ID_SIZE = 16;
    /** Partition offset; 0 on send, assigned by the server. */
    public static final int HEADER_OFFSET_OFFSET = 24;
    public static final int HEADER_OFFSET_SIZE = 8;
    /** Server append time (one value per batch); 0 on send. */
    public static final int HEADER_TIMESTAMP_OFFSET = 32;
    public static final int HEADER_TIMESTAMP_SIZE = 8;
    /** Client clock when the message was created. */
    public static final int HEADER_ORIGIN_TIMESTAMP_OFFSET = 40;
    public static final int HEADER_ORIGIN_TIMESTAMP_SIZE = 8;
    /** Size of the user headers after the payload (0 = none). */
    public static final int HEADER_USER_HEADERS_LENGTH_OFFSET = 48;
    public static final int HEADER_USER_HEADERS_LENGTH_SIZE = 4;
    /** Size of the payload (1..64 000 000). */
    public static final int HEADER_PAYLOAD_LENGTH_OFFSET = 52;
    public static final int HEADER_PAYLOAD_LENGTH_SIZE = 4;
    /** Always 0; clients reject a polled message whose reserved is not 0. */
    public static final int HEADER_RESERVED_OFFSET = 56;
    public static final int HEADER_RESERVED_SIZE = 8;
    /** Total size of one message_header. */
    public static final int HEADER_SIZE = 64;

    /** 0 in SendMessages (else 4031); on disk: offset minus the segment's start offset. */
    public static final int INDEX_RELATIVE_OFFSET_OFFSET = 0;
    public static final int INDEX_RELATIVE_OFFSET_SIZE = 4;
    /** Cumulative END position of the message, from the start of the frames (or .log file). */
    public static final int INDEX_POSITION_OFFSET = 4;
    public static final int INDEX_POSITION_SIZE = 4;
    /** 0 in SendMessages (else 4032); on disk: the message's server timestamp. */
    public static final int INDEX_TIMESTAMP_OFFSET = 8;
    public static final int INDEX_TIMESTAMP_SIZE = 8;
    /** Total size of one index_entry. */
    public static final int INDEX_SIZE = 16;
}
