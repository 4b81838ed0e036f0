package dev.agentbench.testkit;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.builtin.target.RawTarget;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The raw target, noting at every {@code open} which child processes of this JVM run the mock: what
 * the kit's test of where the mock runs looks at. Registered in this module's test services file.
 */
public final class ProcessWatchingTarget implements BenchTarget {

    /** The mock processes seen at {@code open}. */
    static final Set<ProcessHandle> MOCKS_SEEN = ConcurrentHashMap.newKeySet();

    private final RawTarget raw = new RawTarget();

    @Override
    public String name() {
        return "process-watching";
    }

    @Override
    public String description() {
        return "The raw target, noting the mock processes it sees";
    }

    @Override
    public TargetHandle open(TargetContext context) throws Exception {
        ProcessHandle.current().children()
                .filter(child -> child.info().commandLine().orElse("").contains(MockProcess.MAIN_CLASS))
                .forEach(MOCKS_SEEN::add);
        return raw.open(context);
    }
}
