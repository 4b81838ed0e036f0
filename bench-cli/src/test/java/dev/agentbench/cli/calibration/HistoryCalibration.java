package dev.agentbench.cli.calibration;

import dev.agentbench.api.Benchmark;
import dev.agentbench.api.CheckFailedException;
import dev.agentbench.api.Parameter;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.Step;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A benchmark with parameters, of known cost, for the end-to-end test of {@code --param}: a session
 * of {@code history} earlier turns and one more, of which only the last is timed. Preparing a session
 * plays the earlier turns and then sleeps {@code prepare_ms}, so a cell whose median is far below
 * that sleep proves the preparation untimed. Text replies only, for the calibration target.
 */
public final class HistoryCalibration implements Benchmark {

    public static final String NAME = "calibration_history";

    private static final int MOST_HISTORY = 1000;

    private final int history;
    private final int prepareMillis;

    public HistoryCalibration() {
        this(1, 50);
    }

    private HistoryCalibration(int history, int prepareMillis) {
        this.history = history;
        this.prepareMillis = prepareMillis;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "Test benchmark: one timed turn after earlier turns played untimed";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(Parameter.ints("history", "earlier turns of the session, played before the timed one", 1, 4),
                Parameter.ints("prepare_ms", "how long preparing a session sleeps after its earlier turns", 50));
    }

    @Override
    public Benchmark with(Map<String, String> values) {
        return new HistoryCalibration(whole(values, "history", 1, MOST_HISTORY), whole(values, "prepare_ms", 0, 10_000));
    }

    private static int whole(Map<String, String> values, String name, int least, int most) {
        String value = values.get(name);
        try {
            int parsed = Integer.parseInt(value);
            if (parsed >= least && parsed <= most) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException("Parameter [" + name + "] must be a whole number from " + least + " to "
                + most + ", was [" + value + "]");
    }

    @Override
    public Script script() {
        List<ScriptTurn> turns = new ArrayList<>();
        for (int turn = 0; turn <= history; turn++) {
            turns.add(new ScriptTurn("message " + turn, List.of(Step.text("reply " + turn))));
        }
        return new Script(NAME, turns);
    }

    @Override
    public boolean supportsConcurrency() {
        return true;
    }

    @Override
    public void prepareSession(TargetHandle handle, String userId, String sessionId) throws Exception {
        for (int turn = 0; turn < history; turn++) {
            check(handle.runTurn(userId, sessionId, "message " + turn), turn);
        }
        Thread.sleep(prepareMillis);
    }

    @Override
    public void runSession(TargetHandle handle, String userId, String sessionId) throws Exception {
        check(handle.runTurn(userId, sessionId, "message " + history), history);
    }

    private static void check(TurnResult result, int turn) throws CheckFailedException {
        if (!("reply " + turn).equals(result.finalText())) {
            throw new CheckFailedException("Turn " + (turn + 1) + " answered [" + result.finalText() + "], not [reply "
                    + turn + "]");
        }
    }
}
