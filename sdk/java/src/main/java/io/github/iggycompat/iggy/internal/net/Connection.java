package io.github.iggycompat.iggy.internal.net;

import io.github.iggycompat.iggy.ClientConfig;
import io.github.iggycompat.iggy.Codes;
import io.github.iggycompat.iggy.ErrorCode;
import io.github.iggycompat.iggy.IggyException;
import io.github.iggycompat.iggy.ProtocolVersion;
import io.github.iggycompat.iggy.internal.codec.Layout;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.List;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/**
 * One TCP (or TLS) connection speaking Iggy frames in one protocol version for its life: 0.8's
 * {@code status | length | body} answers, or 0.9's 256-byte reply / eviction headers with the body after them
 * (the requests are laid out by the client, their 0.9 headers stamped by this connection's {@link VsrSession}).
 * Not thread-safe: the client serialises requests, the protocol allows one in flight. Reads are bounded by the
 * request timeout (SO_TIMEOUT).
 *
 * <p>What the first answer shows about the server's protocol is checked here, with the texts every SDK shares
 * (protocol-spec/fixtures/connection_strings.json, {@code protocol.mismatch}): a 0.8 error frame where a 0.9 header
 * was expected, a 0.9 frame where a 0.8 answer was expected, and a connection closed before its first answer.
 */
public final class Connection implements AutoCloseable {
    /** A response body larger than this is a corrupt stream, not something to allocate. */
    static final long MAX_RESPONSE_BYTES = Integer.MAX_VALUE - 8;
    /** The receive buffer starts at most this big and grows only as bytes arrive. */
    private static final int INITIAL_BODY_BYTES = 1 << 20;

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final ProtocolVersion protocol;
    private final VsrSession session;  // 0.9 only
    private final byte[] header;
    private int answers;  // complete answers read; 0 = the first is still to come

    /** An answer: status 0 with a body, or an error status with an empty body. */
    public record Response(long status, byte[] body) {}

    /** A 0.9 answer: its 256-byte header (reply or eviction) and the body after it. */
    public record VsrFrame(byte[] header, byte[] body) {}

    private Connection(Socket socket, ProtocolVersion protocol) throws IOException {
        this.socket = socket;
        this.in = new BufferedInputStream(socket.getInputStream(), 64 * 1024);
        this.out = socket.getOutputStream();
        this.protocol = protocol;
        this.session = protocol.atLeast(ProtocolVersion.V0_9) ? new VsrSession() : null;
        this.header = new byte[protocol.atLeast(ProtocolVersion.V0_9) ? Layout.REPLY_HEADER_SIZE
                : Codes.Constants.RESPONSE_HEADER_SIZE];
    }

    /** The protocol this connection speaks. */
    public ProtocolVersion protocol() {
        return protocol;
    }

    /** The 0.9 session (identity, numbering) of this connection; null for 0.8. */
    public VsrSession session() {
        return session;
    }

    /** Complete answers read so far. */
    public int answers() {
        return answers;
    }

    /**
     * What to say when a connection's first request got no answer at all: the server may speak only the other
     * protocol (an Iggy 0.9 server waits for 256 header bytes a short 0.8 request never sends; an Iggy 0.8 server
     * may drop a 0.9 header). Shared by every SDK.
     */
    public static String firstAnswerHint(ProtocolVersion protocol) {
        ProtocolVersion other = protocol.atLeast(ProtocolVersion.V0_9) ? ProtocolVersion.V0_8 : ProtocolVersion.V0_9;
        return "if the server speaks only Iggy " + other.label() + ", connect with protocol=" + other.label();
    }

    public static Connection open(ClientConfig config) throws IOException {
        Socket raw = new Socket();
        try {
            raw.setTcpNoDelay(config.nodelay());
            raw.connect(new InetSocketAddress(config.host(), config.port()), (int) config.connectTimeoutMs());
            raw.setSoTimeout((int) Math.min(Integer.MAX_VALUE, config.connectTimeoutMs()));
            Socket socket = raw;
            if (config.tls()) {
                String serverName = config.tlsDomain() != null ? config.tlsDomain() : config.host();
                SSLSocket tls = (SSLSocket) sslContext(config).getSocketFactory()
                        .createSocket(raw, serverName, config.port(), true);
                SSLParameters params = tls.getSSLParameters();
                if (!config.tlsInsecure()) {
                    params.setEndpointIdentificationAlgorithm("HTTPS");
                }
                if (!serverName.isEmpty() && !serverName.contains(":") && !serverName.matches("[0-9.]+")) {
                    params.setServerNames(List.of(new SNIHostName(serverName)));
                }
                tls.setSSLParameters(params);
                tls.startHandshake();
                socket = tls;
            }
            socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, config.requestTimeoutMs()));
            return new Connection(socket, config.protocol());
        } catch (IOException | RuntimeException e) {
            raw.close();
            throw e;
        }
    }

    private static SSLContext sslContext(ClientConfig config) throws IOException {
        try {
            TrustManager[] trust = null;
            if (config.tlsInsecure()) {
                trust = new TrustManager[] {new TrustEverything()};
            } else if (config.tlsCaFile() != null) {
                KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
                store.load(null, null);
                int i = 0;
                try (InputStream pem = Files.newInputStream(Path.of(config.tlsCaFile()))) {
                    for (Certificate cert : CertificateFactory.getInstance("X.509").generateCertificates(pem)) {
                        store.setCertificateEntry("ca-" + i++, cert);
                    }
                }
                if (i == 0) {
                    throw IggyException.of(ErrorCode.INVALID_TLS_CERTIFICATE_PATH.code(),
                            "no certificate in " + config.tlsCaFile());
                }
                TrustManagerFactory factory = TrustManagerFactory.getInstance(
                        TrustManagerFactory.getDefaultAlgorithm());
                factory.init(store);
                trust = factory.getTrustManagers();
            }
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust, null);
            return context;
        } catch (GeneralSecurityException e) {
            throw IggyException.of(ErrorCode.INVALID_TLS_CERTIFICATE_PATH.code(),
                    "cannot load CA file " + config.tlsCaFile() + ": " + e.getMessage(), e);
        } catch (java.nio.file.NoSuchFileException e) {
            throw IggyException.of(ErrorCode.INVALID_TLS_CERTIFICATE_PATH.code(),
                    "CA file not found: " + config.tlsCaFile(), e);
        }
    }

    /** tls_insecure: accepts any certificate (testing only, off by default). */
    private static final class TrustEverything implements X509TrustManager {
        public void checkClientTrusted(X509Certificate[] chain, String authType) {}

        public void checkServerTrusted(X509Certificate[] chain, String authType) {}

        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }

    public void write(byte[] frame, int length) throws IOException {
        out.write(frame, 0, length);
        out.flush();
    }

    /** Reads one 0.8 answer. */
    public Response read() throws IOException {
        readFully(header, 0, Codes.Constants.RESPONSE_HEADER_SIZE);
        long status = u32(header, 0);
        long length = u32(header, 4);
        if (length > MAX_RESPONSE_BYTES) {
            throw new IOException("response announces " + length + " bytes: corrupt stream");
        }
        if (answers == 0 && status == Codes.Constants.STATUS_OK && length == 0 && in.available() > 0) {
            // An empty OK with more bytes right behind it: the zeros started a 256-byte 0.9 header (its unsealed
            // checksum), not an answer.
            throw answeredIn09();
        }
        answers++;
        if (status != Codes.Constants.STATUS_OK) {
            if (length != 0) {
                readBody(length);  // an error has no body; drain one anyway so the stream stays in step
            }
            return new Response(status, new byte[0]);
        }
        return new Response(status, readBody(length));
    }

    /** The error for a 0.8 client whose server answered in 0.9 framing. */
    public static IggyException.ProtocolMismatchException answeredIn09() {
        return new IggyException.ProtocolMismatchException(
                "the server answered in Iggy 0.9 framing: it speaks protocol 0.9; connect with protocol=0.9",
                ProtocolVersion.V0_9);
    }

    /**
     * Reads one 0.9 frame: the 256-byte header, then {@code size - 256} body bytes. The first 8 bytes are checked
     * as soon as they arrive, before the rest of the header: an Iggy 0.8 server answers with an 8-byte frame and
     * nothing more.
     */
    public VsrFrame readVsr() throws IOException {
        readFully(header, 0, 8);
        long first = u32(header, 0);
        long second = u32(header, 4);
        if (first != 0) {
            // 0.9 headers leave the checksum 0 on the client path; an Iggy 0.8 server's error frame reads
            // status != 0, length 0.
            if (second == 0 && ErrorCode.fromCode((int) first) != null) {
                throw new IggyException.ProtocolMismatchException("the server answered in Iggy 0.8 framing (status "
                        + first + "): it speaks protocol 0.8; connect with protocol=0.8", ProtocolVersion.V0_8);
            }
            throw new IggyException.ConnectionLostException(
                    "the server's answer is not an Iggy 0.9 frame (bytes 0..4 not 0)", null);
        }
        readFully(header, 8, Layout.REPLY_HEADER_SIZE - 8);
        long size = u32(header, Layout.REPLY_HEADER_SIZE_OFFSET);
        if (size < Layout.REPLY_HEADER_SIZE || size - Layout.REPLY_HEADER_SIZE > MAX_RESPONSE_BYTES) {
            throw new IOException("0.9 frame size " + size + " is implausible: corrupt stream");
        }
        byte[] body = readBody(size - Layout.REPLY_HEADER_SIZE);
        answers++;
        return new VsrFrame(header.clone(), body);
    }

    private static long u32(byte[] b, int at) {
        return Integer.toUnsignedLong((b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8 | (b[at + 2] & 0xFF) << 16
                | (b[at + 3] & 0xFF) << 24);
    }

    private byte[] readBody(long length) throws IOException {
        int total = (int) length;
        byte[] body = new byte[Math.min(total, INITIAL_BODY_BYTES)];
        int got = 0;
        while (got < total) {
            if (got == body.length) {
                body = Arrays.copyOf(body, (int) Math.min(total, (long) body.length * 2));
            }
            int n = in.read(body, got, body.length - got);
            if (n < 0) {
                throw new EOFException("connection closed after " + got + " of " + total + " body bytes");
            }
            got += n;
        }
        return body;
    }

    private void readFully(byte[] into, int offset, int length) throws IOException {
        int got = 0;
        while (got < length) {
            int n = in.read(into, offset + got, length - got);
            if (n < 0) {
                if (answers == 0 && offset == 0 && got == 0) {
                    closedEarly();
                }
                throw new EOFException("connection closed by the server");
            }
            got += n;
        }
    }

    /** A connection closed before its first answer: say which protocol option may be wrong. */
    private void closedEarly() {
        throw new IggyException.ConnectionLostException("the connection closed before its first answer; "
                + firstAnswerHint(protocol), null);
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing a broken socket has nothing left to report
        }
    }
}
