package dev.agentbench.core.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import dev.agentbench.api.script.Script;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A stand-in for the real mock in bench-core's tests: speaks the same start-up line and admin API
 * ({@code PUT/DELETE /admin/scripts/<name>}), answers {@code GET /s/<name>/v1/models} with 200 only
 * for a registered script, and logs each registration to stdout so that tests can read it from the
 * run's {@code mock.log}.
 */
public final class FakeMock {

    private FakeMock() {}

    public static void main(String[] args) throws IOException {
        Set<String> scripts = ConcurrentHashMap.newKeySet();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/admin/scripts/", exchange -> {
            String name = exchange.getRequestURI().getPath().substring("/admin/scripts/".length());
            byte[] body = exchange.getRequestBody().readAllBytes();
            switch (exchange.getRequestMethod()) {
                case "PUT" -> {
                    // like the real mock: the body is a Script whose name is the one in the path
                    Script script = new ObjectMapper().readValue(body, Script.class);
                    if (!script.name().equals(name)) {
                        System.out.println("rejected " + name + ": body names " + script.name());
                        reply(exchange, 400);
                        return;
                    }
                    scripts.add(name);
                    System.out.println("registered " + name);
                    reply(exchange, 204);
                }
                case "DELETE" -> {
                    System.out.println((scripts.remove(name) ? "unregistered " : "unknown ") + name);
                    reply(exchange, 204);
                }
                default -> reply(exchange, 405);
            }
        });
        server.createContext("/s/", exchange -> {
            String[] parts = exchange.getRequestURI().getPath().split("/");
            // "", "s", name, "v1", "models"
            boolean known = parts.length == 5 && scripts.contains(parts[2]) && parts[3].equals("v1");
            reply(exchange, known ? 200 : 404);
        });
        server.start();
        System.out.println("agentbench-mock listening on http://127.0.0.1:" + server.getAddress().getPort());
        if (Arrays.asList(args).contains("--exit-on-stdin-eof")) {
            while (System.in.read() != -1) {
                // wait for the parent to go
            }
            System.out.println("stdin closed, exiting");
            server.stop(0);
            System.exit(0);
        }
    }

    private static void reply(HttpExchange exchange, int status) throws IOException {
        exchange.sendResponseHeaders(status, -1);
        exchange.close();
    }
}
