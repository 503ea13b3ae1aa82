package org.iggyconformance.officialjava;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.apache.iggy.exception.IggyErrorCode;
import org.apache.iggy.exception.IggyException;
import org.apache.iggy.exception.IggyServerException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Conformance driver over the official Java client (org.apache.iggy:iggy:0.8.0), speaking the JSON-lines
 * protocol of conformance-tests/README.md: one request line on stdin, one answer line on stdout.
 *
 * <p>Server errors arrive as {@link IggyServerException} carrying the wire status, which is answered as the
 * Iggy code. Any other {@link IggyException} is the client refusing locally before anything reaches the wire;
 * it is answered with code -1 so the step fails visibly instead of passing for the wrong reason.
 */
public final class DriverMain {

    static final int NO_SERVER_CODE = -1;

    private DriverMain() {}

    public static void main(String[] arguments) throws IOException {
        // Only protocol lines may reach stdout: anything a library prints goes to stderr (the runner's log).
        PrintStream protocolOut =
                new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
        System.setOut(System.err);

        JsonMapper mapper = JsonMapper.builder().build();
        Operations operations = new Operations(mapper);
        BufferedReader input = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = input.readLine()) != null) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode request = mapper.readTree(line);
            ObjectNode response = answer(mapper, operations, request);
            protocolOut.print(mapper.writeValueAsString(response));
            protocolOut.print('\n');
            protocolOut.flush();
        }
        operations.closeAll();
        // Netty event-loop threads are not daemons; the sockets are already closing, so do not wait for them.
        System.exit(0);
    }

    static ObjectNode answer(JsonMapper mapper, Operations operations, JsonNode request) {
        ObjectNode response = mapper.createObjectNode();
        response.set("id", request.path("id"));
        String op = request.path("op").asString("");
        String client = request.path("client").asString("default");
        JsonNode args = request.path("args");
        try {
            response.set("ok", operations.call(op, client, args));
        } catch (DriverOps.StepException refused) {
            response.set("error", error(mapper, NO_SERVER_CODE, "DriverError", refused.getMessage()));
        } catch (Operations.Unsupported unsupported) {
            response.put("unsupported", unsupported.getMessage());
        } catch (IggyServerException serverError) {
            IggyErrorCode known = serverError.getErrorCode();
            String name = known == IggyErrorCode.UNKNOWN ? "UNKNOWN" : known.name();
            response.set("error", error(mapper, serverError.getRawErrorCode(), name, serverError.getMessage()));
        } catch (IggyException clientError) {
            String name = clientError.getClass().getSimpleName();
            response.set("error", error(mapper, NO_SERVER_CODE, name, String.valueOf(clientError.getMessage())));
        } catch (RuntimeException driverBug) {
            driverBug.printStackTrace(System.err);
            response.set("error", error(mapper, NO_SERVER_CODE, "DriverError", driverBug.toString()));
        }
        return response;
    }

    private static ObjectNode error(JsonMapper mapper, int code, String name, String message) {
        ObjectNode error = mapper.createObjectNode();
        error.put("code", code);
        error.put("name", name);
        error.put("message", message);
        return error;
    }
}
