package dev.agentbench.core.link;

import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptChecks;
import dev.agentbench.core.measure.Agents;
import dev.agentbench.core.measure.IterationFailedException;
import dev.agentbench.core.measure.JvmMeters;
import dev.agentbench.core.measure.Measurement;
import java.lang.management.ClassLoadingMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Map;

/**
 * One sample of a COLD_START cell, in a fresh child JVM: build one agent, answer the script's first
 * turn (checked), and stamp both against the JVM's launch.
 *
 * <p>Launch is {@code RuntimeMXBean.getStartTime()}: the moment the JVM itself records as its start,
 * early in its creation, after the {@code java} launcher has been exec'd and has loaded the JVM
 * library (a few milliseconds this figure does not see). It was chosen over a stamp taken by the
 * parent because it needs no clock shared between two processes and leaves out process creation,
 * which is the operating system's cost, not the framework's. Every figure includes the harness's own
 * start path (reading the spec, registering the script with the mock); the {@code noop} target's
 * cold start has the same path and is subtracted by the report.
 */
final class ColdStartSample {

    /** Milliseconds from launch to the harness's main method: the JVM's own start-up. */
    static final String MAIN_MS = "mainMs";
    /** Milliseconds from launch to the harness being ready to call {@code open}. */
    static final String HARNESS_READY_MS = "harnessReadyMs";
    /** Milliseconds from launch to {@code open} returning an agent. */
    static final String AGENT_BUILT_MS = "agentBuiltMs";
    /** Milliseconds from launch to the first turn's reply, checked. */
    static final String FIRST_REPLY_MS = "firstReplyMs";
    /** Classes the JVM had loaded at the first reply. */
    static final String CLASSES_LOADED = "classesLoaded";

    private ColdStartSample() {}

    /**
     * Measures the sample; the agent is {@linkplain Agents#keep kept} open for the child to close once
     * the result is written, or closed at once after a failure.
     */
    static Measured measure(PlannedCell cell, int fork, boolean dryRun, Script script, Agents agents)
            throws Exception {
        // loaded before the stamps, so that reading them loads no class inside the measurement
        long launched = ManagementFactory.getRuntimeMXBean().getStartTime();
        ClassLoadingMXBean classes = ManagementFactory.getClassLoadingMXBean();

        long ready = System.currentTimeMillis();
        TargetHandle handle = agents.open();
        long built = System.currentTimeMillis();
        long replied;
        long loaded;
        try {
            String user = "user-cold";
            String session = "session-cold";
            try {
                TurnResult result = handle.runTurn(user, session, script.turns().get(0).user());
                ScriptChecks.verifyTurn(script, 0, result);
                replied = System.currentTimeMillis();
                loaded = classes.getTotalLoadedClassCount();
                handle.deleteSession(user, session);
            } catch (Exception e) {
                throw new IterationFailedException("cold start", 0, e);
            }
        } catch (Exception | Error e) {
            Agents.closeAfter(handle, e);
            throw e;
        }
        agents.keep(handle);

        long firstReplyMillis = replied - launched;
        long main = ChildMain.enteredMillis > 0 ? ChildMain.enteredMillis : ready;
        CellLog.say(String.format("cold start: main %d ms, harness ready %d ms, agent built %d ms, first reply %d ms"
                + " after launch; %d classes loaded", main - launched, ready - launched, built - launched,
                firstReplyMillis, loaded));
        long[] samples = {firstReplyMillis * 1_000_000};
        if (dryRun) {
            return new Measured(cell, fork, Measurement.dryRun(samples), null);
        }
        return new Measured(cell, fork, new Measurement(samples, null, null, null, null, null, Map.of(
                        MAIN_MS, (double) (main - launched),
                        HARNESS_READY_MS, (double) (ready - launched),
                        AGENT_BUILT_MS, (double) (built - launched),
                        FIRST_REPLY_MS, (double) firstReplyMillis,
                        CLASSES_LOADED, (double) loaded)), JvmMeters.sinceStart().toResult());
    }
}
