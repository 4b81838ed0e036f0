package dev.agentbench.mockclient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.script.Fault;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.api.script.Step;
import dev.agentbench.mock.MockConfig;
import dev.agentbench.mock.MockServer;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The parent's admin calls against the real mock: what it registers is what the mock serves. */
class MockAdminTest {

    private static MockServer server;
    private static HttpClient client;
    private static MockAdmin admin;

    @BeforeAll
    static void start() {
        server = MockServer.start(MockConfig.defaults());
        client = MockAdmin.client();
        admin = new MockAdmin(client, URI.create(server.baseUrl() + "/"));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void aScriptRegisteredByTheParentIsServedStepByStepAsWritten() throws Exception {
        Script script = new Script("shapes", List.of(
                new ScriptTurn("look it up", List.of(
                        Step.toolCalls(new ScriptedToolCall("lookup", "{\"q\":\"café\"}")),
                        Step.text("done"))),
                new ScriptTurn("again", List.of(Step.fault(Fault.status(429, "slow down"))))));

        admin.register(script);

        assertThat(server.scripts()).contains("shapes");
        assertThat(admin.scriptUrl("shapes")).isEqualTo(URI.create(server.baseUrl() + "/s/shapes/v1"));
        HttpResponse<String> first = complete("shapes", "[{\"role\":\"user\",\"content\":\"look it up\"}]");
        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.body()).contains("\"name\":\"lookup\"").contains("café").contains("tool_calls");

        admin.unregister("shapes");

        assertThat(server.scripts()).doesNotContain("shapes");
        assertThat(complete("shapes", "[{\"role\":\"user\",\"content\":\"look it up\"}]").statusCode()).isEqualTo(404);
    }

    @Test
    void aScriptTheMockRefusesIsAnErrorNamingTheCall() {
        assertThatThrownBy(() -> admin.unregister("never-registered"))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith("The mock answered DELETE [" + server.baseUrl() + "/admin/scripts/never-registered] with [");
    }

    private static HttpResponse<String> complete(String script, String messages) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(admin.scriptUrl(script) + "/chat/completions"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"model\":\"m\",\"messages\":" + messages + "}"))
                .build();
        return client.send(request, HttpResponse.BodyHandlers.ofString());
    }
}
