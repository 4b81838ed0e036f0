package dev.agentbench.core.testing;

import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.script.Script;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Answers each turn with the script's text, with no HTTP: the test targets' common behaviour. */
public class ScriptedHandle implements TargetHandle {

    private final Script script;
    private final Map<String, Integer> turns = new ConcurrentHashMap<>();

    public ScriptedHandle(Script script) {
        this.script = script;
    }

    @Override
    public TurnResult runTurn(String userId, String sessionId, String message) throws Exception {
        int turn = turns.merge(sessionId, 1, Integer::sum) - 1;
        return TurnResult.text(script.turns().get(turn).finalText());
    }

    @Override
    public void deleteSession(String userId, String sessionId) {
        turns.remove(sessionId);
    }

    @Override
    public void close() {}
}
