package io.github.iggycompat.iggy.testing;

import io.github.iggycompat.iggy.Codes;
import io.github.iggycompat.iggy.ProtocolVersion;
import io.github.iggycompat.iggy.internal.codec.CommandTable;
import io.github.iggycompat.iggy.internal.codec.Frames;
import io.github.iggycompat.iggy.internal.codec.Layout;
import io.github.iggycompat.iggy.internal.codec.Requests;
import io.github.iggycompat.iggy.internal.codec.WireReader;
import io.github.iggycompat.iggy.internal.codec.WireWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * A scripted Iggy endpoint on 127.0.0.1 for unit tests of what a real server cannot be made to do (evictions at
 * will, transient replies, a server of the other protocol, a silent or closing server). It reads the protocol it is
 * made for (0.9: a 256-byte RequestHeader and its body; 0.8: {@code length | code | payload}), records every
 * request, and answers with what {@link #handler} returns for it. The frames are laid out by the generated codec
 * (Frames, Requests), as a server would.
 */
public final class FakeServer implements AutoCloseable {
    /** A recorded request: its code (0.9: found from the header's operation), header (0.9) and body. */
    public record Request(int code, Frames.RequestHeader header, byte[] body) {
        /** The body decoded as the command's request record. */
        public Object decoded(ProtocolVersion version) {
            return CommandTable.BY_CODE.get(code).requestDecoder().apply(new WireReader(body, version));
        }
    }

    /** What the fake answers. */
    public sealed interface Answer permits Ok, Status, Reject, Evict, Close, Silent, Raw {}

    /** OK with a body (0.9: after an empty result section when the operation is result-framed). */
    public record Ok(byte[] body) implements Answer {}

    /** A failure in the status (0.9 ReplyHeader.status; 0.8 the response status). */
    public record Status(int code) implements Answer {}

    /** 0.9: an OK status whose result section rejects the request with {@code code}. */
    public record Reject(int code) implements Answer {}

    /** 0.9: an eviction frame with this reason (and, for IncompatibleProtocol, the version window). */
    public record Evict(Codes.EvictionReason reason) implements Answer {}

    /** Close the connection without answering. */
    public record Close() implements Answer {}

    /** Never answer (the client times out). */
    public record Silent() implements Answer {}

    /** These bytes, whatever the protocol. */
    public record Raw(byte[] bytes) implements Answer {}

    public static Answer ok() {
        return new Ok(new byte[0]);
    }

    public static Answer ok(Object record) {
        WireWriter w = new WireWriter(64, ProtocolVersion.V0_9);
        try {
            record.getClass().getMethod("encode", WireWriter.class).invoke(record, w);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
        return new Ok(w.toByteArray());
    }

    /** The session number the default login answer binds. */
    public static final long SESSION = 41;

    private final ServerSocket listener;
    private final ProtocolVersion protocol;
    private final List<Request> requests = Collections.synchronizedList(new ArrayList<>());
    private final AtomicInteger connections = new AtomicInteger();
    private final List<Socket> sockets = Collections.synchronizedList(new ArrayList<>());
    /** Answers each request; the default logs in, answers Ping and everything else with an empty OK. */
    public volatile Function<Request, Answer> handler = FakeServer::defaultAnswer;

    public FakeServer(ProtocolVersion protocol) throws IOException {
        this.protocol = protocol;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "fake-iggy-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public static Answer defaultAnswer(Request request) {
        if (request.code() == Codes.Command.LOGIN_REGISTER || request.code() == Codes.Command.LOGIN_REGISTER_WITH_PAT) {
            return ok(new Requests.LoginRegisterResponse(0, SESSION, Codes.Constants.PROTOCOL_VERSION_0_9, "fake"));
        }
        if (request.code() == Codes.Command.LOGIN_USER
                || request.code() == Codes.Command.LOGIN_WITH_PERSONAL_ACCESS_TOKEN) {
            return ok(new Requests.LoginUserResponse(0));
        }
        return ok();
    }

    /** host:port. */
    public String address() {
        return "127.0.0.1:" + listener.getLocalPort();
    }

    public int connections() {
        return connections.get();
    }

    public List<Request> requests() {
        synchronized (requests) {
            return List.copyOf(requests);
        }
    }

    /** The recorded requests' codes, in order. */
    public List<Integer> codes() {
        return requests().stream().map(Request::code).toList();
    }

    private void accept() {
        while (!listener.isClosed()) {
            Socket socket;
            try {
                socket = listener.accept();
            } catch (IOException e) {
                return;
            }
            connections.incrementAndGet();
            sockets.add(socket);
            Thread t = new Thread(() -> serve(socket), "fake-iggy-conn");
            t.setDaemon(true);
            t.start();
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            while (true) {
                Request request = protocol.atLeast(ProtocolVersion.V0_9) ? readVsr(in) : read08(in);
                if (request == null) {
                    return;
                }
                requests.add(request);
                Answer answer = handler.apply(request);
                if (answer instanceof Close) {
                    return;
                }
                if (answer instanceof Silent) {
                    continue;
                }
                out.write(protocol.atLeast(ProtocolVersion.V0_9) ? replyVsr(request, answer) : reply08(answer));
                out.flush();
            }
        } catch (IOException e) {
            // the client went away
        }
    }

    private static byte[] readExactly(InputStream in, int n) throws IOException {
        byte[] out = in.readNBytes(n);
        return out.length == n ? out : null;
    }

    private static Request read08(InputStream in) throws IOException {
        byte[] head = readExactly(in, 8);
        if (head == null) {
            return null;
        }
        WireReader r = new WireReader(head);
        long length = r.u32();
        int code = (int) r.u32();
        byte[] body = readExactly(in, (int) length - 4);
        return body == null ? null : new Request(code, null, body);
    }

    private static Request readVsr(InputStream in) throws IOException {
        byte[] head = readExactly(in, Layout.REQUEST_HEADER_SIZE);
        if (head == null) {
            return null;
        }
        Frames.RequestHeader header = Frames.RequestHeader.decode(new WireReader(head, ProtocolVersion.V0_9));
        byte[] body = readExactly(in, (int) header.size() - Layout.REQUEST_HEADER_SIZE);
        if (body == null) {
            return null;
        }
        return new Request(codeOf(header, body), header, body);
    }

    /** The command a 0.9 request is: the header's code, or the one command with its operation (Register: the body
     * that decodes as the password shape is LoginRegister, else LoginRegisterWithPat, as the server tells them). */
    private static int codeOf(Frames.RequestHeader header, byte[] body) {
        Codes.Operation operation = Codes.Operation.fromValue(header.operation());
        if (operation == Codes.Operation.NON_REPLICATED) {
            return (int) header.code();
        }
        if (operation == Codes.Operation.REGISTER) {
            try {
                WireReader r = new WireReader(body, ProtocolVersion.V0_9);
                Requests.LoginRegister.decode(r);
                r.expectEnd("LoginRegister");
                return Codes.Command.LOGIN_REGISTER;
            } catch (RuntimeException notPassword) {
                return Codes.Command.LOGIN_REGISTER_WITH_PAT;
            }
        }
        return CommandTable.ALL.stream().filter(e -> e.operation() == operation && e.in(ProtocolVersion.V0_9))
                .findFirst().orElseThrow().code();
    }

    private static byte[] reply08(Answer answer) {
        WireWriter w = new WireWriter();
        if (answer instanceof Raw raw) {
            return raw.bytes();
        }
        if (answer instanceof Status status) {
            w.u32(status.code());
            w.u32(0);
        } else if (answer instanceof Ok ok) {
            w.u32(0);
            w.u32(ok.body().length);
            w.bytes(ok.body());
        } else {
            throw new IllegalArgumentException(answer + " is no 0.8 answer");
        }
        return w.toByteArray();
    }

    private static byte[] replyVsr(Request request, Answer answer) {
        if (answer instanceof Raw raw) {
            return raw.bytes();
        }
        Frames.RequestHeader h = request.header();
        WireWriter w = new WireWriter(512, ProtocolVersion.V0_9);
        if (answer instanceof Evict evict) {
            boolean window = evict.reason() == Codes.EvictionReason.INCOMPATIBLE_PROTOCOL;
            new Frames.EvictionHeader(BigInteger.ZERO, BigInteger.ZERO, BigInteger.ZERO, Layout.EVICTION_HEADER_SIZE,
                    0, 0, Codes.HeaderCommand.EVICTION.value(), 0, h.client(),
                    window ? Codes.Constants.PROTOCOL_VERSION_0_9 + 2048 : 0,
                    window ? Codes.Constants.PROTOCOL_VERSION_0_9 + 1024 : 0, evict.reason().value()).encode(w);
            return w.toByteArray();
        }
        Codes.Operation operation = Codes.Operation.fromValue(h.operation());
        WireWriter body = new WireWriter(64, ProtocolVersion.V0_9);
        long status = 0;
        if (answer instanceof Status s) {
            status = s.code();
        } else if (answer instanceof Reject reject) {
            body.u32(1);
            body.u32(0);
            body.u32(reject.code());
        } else if (answer instanceof Ok ok) {
            boolean framed = operation.resultFramed()
                    && (operation != Codes.Operation.REGISTER || ok.body().length > 0);
            if (framed) {
                body.u32(0);
            }
            body.bytes(ok.body());
        }
        byte[] payload = body.toByteArray();
        new Frames.ReplyHeader(BigInteger.ZERO, BigInteger.ZERO, BigInteger.ZERO,
                Layout.REPLY_HEADER_SIZE + payload.length, 0, 0, Codes.HeaderCommand.REPLY.value(), 0,
                h.requestChecksum(), BigInteger.ZERO, h.client(), SESSION, SESSION, h.timestamp(), h.request(),
                h.operation(), status).encode(w);
        w.bytes(payload);
        return w.toByteArray();
    }

    /** Closes every connection the fake accepted (the clients see them drop). */
    public void dropConnections() throws IOException {
        synchronized (sockets) {
            for (Socket s : sockets) {
                s.close();
            }
            sockets.clear();
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        dropConnections();
    }

    /** A frame's bytes as hex (diagnostics). */
    public static String hex(byte[] bytes) {
        return java.util.HexFormat.of().formatHex(Arrays.copyOf(bytes, Math.min(bytes.length, 64)));
    }
}
