package dev.agentbench.api;

/**
 * A framework under measurement: the entry point of a target plugin.
 *
 * <p>A plugin author implements this interface once per framework, with a public no-argument
 * constructor, and registers the class in {@code META-INF/services/dev.agentbench.api.BenchTarget}.
 * The harness creates it in a fresh child JVM for every cell and calls {@link #open} once per cell
 * (several times for construction and footprint benchmarks). Constructing the implementation itself
 * must be cheap and must not touch the framework: that cost belongs to {@link #open}.
 *
 * <p>The {@link #name()} is what users type after {@code --targets}; it must be unique among all
 * targets a run can see, and the harness refuses two targets of one name.
 */
public interface BenchTarget {

    /**
     * The target's id as users type it: lower-case letters, digits, {@code -} and {@code _},
     * starting with a letter or digit (for example {@code llmagent}); never {@code all}, which
     * selects every target. Use a constant.
     */
    String name();

    /** One line that says which framework and version this target drives, shown by {@code list}. */
    String description();

    /**
     * The version of the framework this target drives, as its jar on the class path says, recorded
     * with every run ({@code run.json}'s and {@code summary.json}'s {@code targets}) so that two runs
     * of different versions can be told apart. Read it from the framework's own jar, never a
     * constant: {@code return FrameworkVersion.of(SomeFrameworkClass.class);}. It must be cheap and
     * must not start the framework: the harness asks in the parent JVM, when it lists the targets.
     *
     * <p>By default, the {@code Implementation-Version} of the manifest of this target's own jar;
     * {@code unknown} when it has none.
     */
    default String version() {
        return FrameworkVersion.implementationVersion(getClass());
    }

    /**
     * Builds one agent of the framework, ready to answer turns: its model client pointed at
     * {@link TargetContext#baseUrl()}, the context's tools adapted to the framework's tool mechanism,
     * and whatever session store the framework uses.
     *
     * <p>If this method throws, it must first close everything it had opened.
     *
     * @param context what the agent needs: where the model is, its instructions, its tools
     * @return an open handle; the harness closes it
     * @throws Exception when the framework cannot be set up; the cell then fails with this message
     */
    TargetHandle open(TargetContext context) throws Exception;
}
