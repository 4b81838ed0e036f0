package dev.agentbench.core.kind;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.result.Figure;
import dev.agentbench.api.result.Figure.Better;
import dev.agentbench.api.result.Figure.Combine;
import dev.agentbench.api.script.ScriptChecks;
import dev.agentbench.core.measure.Agents;
import dev.agentbench.core.measure.IterationFailedException;
import dev.agentbench.core.measure.Measurement;
import dev.agentbench.core.measure.PassSettings;
import java.lang.management.ClassLoadingMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * {@link BenchmarkKind#COLD_START}: each sample a fresh child JVM that builds one agent, answers the
 * script's first turn (checked), and stamps both against the JVM's launch.
 *
 * <p>Launch is {@code RuntimeMXBean.getStartTime()}: the moment the JVM itself records as its start,
 * early in its creation, after the {@code java} launcher has been exec'd and has loaded the JVM
 * library (a few milliseconds this figure does not see). It was chosen over a stamp taken by the
 * parent because it needs no clock shared between two processes and leaves out process creation,
 * which is the operating system's cost, not the framework's. Every figure includes the harness's own
 * start path (reading the spec, registering the script with the mock); the {@code noop} target's
 * cold start has the same path and the reports subtract it. Nothing here is a lambda: every class it
 * loads counts in {@code classesLoaded}.
 */
final class ColdStartKind extends CellKind {

    static final ColdStartKind INSTANCE = new ColdStartKind();

    /** The section of every figure of this kind. */
    static final String SECTION = "Cold start";

    static final Figure.Definition FIRST_REPLY = new Figure.Definition("firstReplyMs", "first reply", "ms",
            Better.LOWER, Combine.MEDIAN, SECTION, "a fresh JVM per sample, launch to the first turn's reply, checked.",
            true);
    static final Figure.Definition AGENT_BUILT = new Figure.Definition("agentBuiltMs", "agent built", "ms",
            Better.LOWER, Combine.MEDIAN, SECTION, "launch to the target's `open` returning an agent.", true);
    static final Figure.Definition CLASSES = new Figure.Definition("classesLoaded", "classes", "", Better.LOWER,
            Combine.MEDIAN, SECTION, "classes the JVM had loaded at the first reply.", true);
    static final Figure.Definition MAIN = new Figure.Definition("mainMs", "main", "ms", Better.LOWER, Combine.MEDIAN,
            SECTION, "launch to the harness's main method: the JVM's own start-up.");
    static final Figure.Definition HARNESS_READY = new Figure.Definition("harnessReadyMs", "harness ready", "ms",
            Better.LOWER, Combine.MEDIAN, SECTION, "launch to the harness being ready to call `open`.");

    private ColdStartKind() {
        super(BenchmarkKind.COLD_START);
    }


    @Override
    public List<Figure.Definition> figures() {
        List<Figure.Definition> figures = new ArrayList<>();
        figures.add(FIRST_REPLY);
        figures.add(AGENT_BUILT);
        figures.add(CLASSES);
        figures.add(MAIN);
        figures.add(HARNESS_READY);
        return figures;
    }

    @Override
    public boolean jvmPerSample() {
        return true;
    }

    @Override
    public double cellSeconds(PassSettings passes) {
        return passes.dryRun() ? JVM_SECONDS : passes.coldStarts() * JVM_SECONDS;
    }

    /**
     * Measures the sample; the agent is {@linkplain Agents#keep kept} open for the child to close once
     * the result is written, or closed at once after a failure.
     */
    @Override
    public Measurement measure(ChildRun run) throws Exception {
        // loaded before the stamps, so that reading them loads no class inside the measurement
        long launched = ManagementFactory.getRuntimeMXBean().getStartTime();
        ClassLoadingMXBean classes = ManagementFactory.getClassLoadingMXBean();

        long ready = System.currentTimeMillis();
        TargetHandle handle = run.agents.open();
        long built = System.currentTimeMillis();
        long replied;
        long loaded;
        try {
            String user = "user-cold";
            String session = "session-cold";
            try {
                TurnResult result = handle.runTurn(user, session, run.script.turns().get(0).user());
                ScriptChecks.verifyTurn(run.script, 0, result);
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
        run.agents.keep(handle);

        long firstReplyMillis = replied - launched;
        long main = run.enteredMillis > 0 ? run.enteredMillis : ready;
        run.log.accept(String.format("cold start: main %d ms, harness ready %d ms, agent built %d ms, first reply %d"
                + " ms after launch; %d classes loaded", main - launched, ready - launched, built - launched,
                firstReplyMillis, loaded));
        long[] samples = {firstReplyMillis * 1_000_000};
        if (run.settings.dryRun()) {
            return Measurement.dryRun(samples);
        }
        List<Figure> figures = new ArrayList<>();
        figures.add(FIRST_REPLY.of(firstReplyMillis));
        figures.add(AGENT_BUILT.of(built - launched));
        figures.add(CLASSES.of(loaded));
        figures.add(MAIN.of(main - launched));
        figures.add(HARNESS_READY.of(ready - launched));
        return new Measurement(samples, null, null, null, null, null, figures);
    }
}
