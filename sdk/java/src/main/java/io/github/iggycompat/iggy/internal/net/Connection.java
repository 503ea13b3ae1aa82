package io.github.iggycompat.iggy.internal.net;

import io.github.iggycompat.iggy.ClientConfig;
import io.github.iggycompat.iggy.Codes;
import io.github.iggycompat.iggy.ErrorCode;
import io.github.iggycompat.iggy.IggyException;
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
 * One TCP (or TLS) connection speaking Iggy frames. Not thread-safe: the client serialises requests, the protocol
 * allows one in flight. Reads are bounded by the request timeout (SO_TIMEOUT).
 */
public final class Connection implements AutoCloseable {
    /** A response body larger than this is a corrupt stream, not something to allocate. */
    static final long MAX_RESPONSE_BYTES = Integer.MAX_VALUE - 8;
    /** The receive buffer starts at most this big and grows only as bytes arrive. */
    private static final int INITIAL_BODY_BYTES = 1 << 20;

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;
    private final byte[] header = new byte[Codes.Constants.RESPONSE_HEADER_SIZE];

    /** An answer: status 0 with a body, or an error status with an empty body. */
    public record Response(long status, byte[] body) {}

    private Connection(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new BufferedInputStream(socket.getInputStream(), 64 * 1024);
        this.out = socket.getOutputStream();
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
            return new Connection(socket);
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

    public Response read() throws IOException {
        readFully(header, 0, header.length);
        long status = Integer.toUnsignedLong((header[0] & 0xFF) | (header[1] & 0xFF) << 8
                | (header[2] & 0xFF) << 16 | (header[3] & 0xFF) << 24);
        long length = Integer.toUnsignedLong((header[4] & 0xFF) | (header[5] & 0xFF) << 8
                | (header[6] & 0xFF) << 16 | (header[7] & 0xFF) << 24);
        if (length > MAX_RESPONSE_BYTES) {
            throw new IOException("response announces " + length + " bytes: corrupt stream");
        }
        if (status != Codes.Constants.STATUS_OK) {
            if (length != 0) {
                readBody(length);  // an error has no body; drain one anyway so the stream stays in step
            }
            return new Response(status, new byte[0]);
        }
        return new Response(status, readBody(length));
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
                throw new EOFException("connection closed by the server");
            }
            got += n;
        }
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
