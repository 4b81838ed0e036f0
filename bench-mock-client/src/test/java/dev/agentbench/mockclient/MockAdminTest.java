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
    void aScriptRegisteredFromItsTimedTurnHasOnlyThatTurnsRepliesTimed() throws Exception {
        Script script = new Script("prepared", List.of(new ScriptTurn("earlier", List.of(Step.text("one"))),
                new ScriptTurn("timed", List.of(Step.text("two")))));
        admin.register(script, 1);

        String earlier = "[{\"role\":\"user\",\"content\":\"earlier\"}]";
        String timed = "[{\"role\":\"user\",\"content\":\"earlier\"},{\"role\":\"assistant\",\"content\":\"one\"},"
                + "{\"role\":\"user\",\"content\":\"timed\"}]";
        for (int i = 0; i < 3; i++) {
            assertThat(complete("prepared", earlier).body()).contains("\"one\"");
        }
        assertThat(complete("prepared", timed).body()).contains("\"two\"");
        MockAdmin.MockLoad load = admin.load("prepared");
        for (int wait = 0; wait < 100 && load.served() < 1; wait++) {
            Thread.sleep(10); // the mock times a reply once its last byte is written, which the client may read first
            load = admin.load("prepared");
        }

        assertThat(load.requests()).isEqualTo(4);
        assertThat(load.served()).as("the timed turn's one reply").isEqualTo(1);

        assertThatThrownBy(() -> admin.register(script, 3)).isInstanceOf(MockAdmin.Refused.class)
                .hasMessageContaining("timedFromTurn [3] must be from 0 to its 2 turns");
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
