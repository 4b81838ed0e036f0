package dev.agentbench.mock.internal;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;

/**
 * The one place that writes an error: an OpenAI-style body
 * {@code {"error":{"message":..,"type":..,"param":null,"code":..}}} with a matching status.
 */
public final class Errors {

    static final CharSequence APPLICATION_JSON = HttpHeaders.createOptimized("application/json");

    private Errors() {}

    /** The error body for {@code status}; {@code code} is the mock's own short error code. */
    public static Buffer body(int status, String message, String code) {
        return Buffer.buffer(Json.bytes(g -> {
            g.writeStartObject();
            g.writeObjectFieldStart("error");
            g.writeStringField("message", message);
            g.writeStringField("type", type(status));
            g.writeNullField("param");
            g.writeStringField("code", code);
            g.writeEndObject();
            g.writeEndObject();
        }));
    }

    /** Ends {@code response} with {@code status} and an error body, unless it is already closed or ended. */
    public static void send(HttpServerResponse response, int status, String message, String code) {
        if (response.closed() || response.ended()) {
            return;
        }
        if (response.headWritten()) {
            // A stream already started: the status can no longer change, so break the connection.
            response.reset();
            return;
        }
        response.setStatusCode(status)
                .putHeader(HttpHeaders.CONTENT_TYPE, APPLICATION_JSON)
                .end(body(status, message, code));
    }

    /** OpenAI's error types by status. */
    static String type(int status) {
        if (status == 429) {
            return "requests";
        }
        if (status == 401) {
            return "authentication_error";
        }
        if (status == 403) {
            return "permission_error";
        }
        if (status == 404) {
            return "not_found_error";
        }
        return status >= 500 ? "server_error" : "invalid_request_error";
    }
}
