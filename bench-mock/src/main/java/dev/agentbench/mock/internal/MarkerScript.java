package dev.agentbench.mock.internal;

import dev.agentbench.api.script.Fault;
import dev.agentbench.api.script.ScriptedToolCall;
import dev.agentbench.api.script.Step;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The script served at the root {@code /v1}, for trying the mock by hand. It reads the last user
 * message: {@code !batchN [tool]} asks for N parallel calls (1 to {@value #MAX_BATCH}) of the named
 * tool, else of the request's first tool, else of {@code echo}; {@code !err} for an HTTP 500;
 * {@code !hang} for headers and then nothing; {@code !slowN} for a text reply after N ms; anything
 * else gets a text reply that repeats it. Once tool results follow the user message, it answers with
 * text that counts them.
 */
final class MarkerScript {

    static final String NAME = "marker";
    static final int MAX_BATCH = 128;
    private static final Pattern BATCH = Pattern.compile("!batch(\\d{1,4})(?:\\s+([A-Za-z0-9_.-]+))?");
    private static final Pattern SLOW = Pattern.compile("!slow(\\d{1,9})");

    private final Renderer renderer;

    MarkerScript(Renderer renderer) {
        this.renderer = renderer;
    }

    /** The reply to {@code request}, rendered for it. */
    RenderedStep reply(ChatRequest request) {
        return renderer.render(NAME, step(request), request.turn(), request.step());
    }

    static Step step(ChatRequest request) {
        if (request.step() > 0) {
            int results = request.toolsAfterLastUser();
            return Step.text("agentbench-mock received " + results + " tool result" + (results == 1 ? "" : "s") + ".");
        }
        String text = request.lastUserText() == null ? "" : request.lastUserText();
        Matcher batch = BATCH.matcher(text);
        if (batch.find()) {
            int n = Math.max(1, Math.min(MAX_BATCH, Integer.parseInt(batch.group(1))));
            String tool = batch.group(2) != null ? batch.group(2)
                    : request.firstToolName() != null ? request.firstToolName() : "echo";
            List<ScriptedToolCall> calls = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                calls.add(new ScriptedToolCall(tool, "{\"index\":" + i + "}"));
            }
            return new Step(null, calls, null);
        }
        if (text.contains("!err")) {
            return Step.fault(Fault.status(500, "agentbench-mock: !err asked for an error"));
        }
        if (text.contains("!hang")) {
            return Step.fault(Fault.hangs());
        }
        Matcher slow = SLOW.matcher(text);
        if (slow.find()) {
            long ms = Long.parseLong(slow.group(1));
            return new Step("agentbench-mock waited " + ms + " ms.", List.of(), Fault.delay(ms));
        }
        return Step.text("agentbench-mock heard [" + text + "]. Markers: !batchN [tool], !err, !hang, !slowN.");
    }
}
