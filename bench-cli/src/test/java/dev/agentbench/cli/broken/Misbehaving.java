package dev.agentbench.cli.broken;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import dev.agentbench.builtin.target.RawTarget;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Targets that misbehave as a plugin author's bugs would: they hang, exit, halt, throw, leak threads
 * and processes, flood their output, run out of memory ({@link BrokenTarget}s misreport a turn
 * instead). Each does the real work through the {@code raw} target until its fault strikes.
 */
public abstract class Misbehaving implements BenchTarget {

    /**
     * The target option that makes {@link LeavesHelper} and {@link HaltsMidPass} start their helper
     * as {@code sleep <value>}: a test gives a value of its own to find the helper by afterwards.
     */
    public static final String HELPER_SECONDS = "helperSeconds";

    /** The turn, counted over the JVM from 1, at which a mid-pass fault strikes: inside the timed pass. */
    static final int FAULT_TURN = 5;

    private final String name;

    Misbehaving(String name) {
        this.name = name;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String description() {
        return "Test target: raw, then " + name;
    }

    @Override
    public TargetHandle open(TargetContext context) throws Exception {
        return raw(context);
    }

    static TargetHandle raw(TargetContext context) throws Exception {
        return new RawTarget().open(context);
    }

    /** Starts {@code sleep <helperSeconds>}, as a target that runs an MCP server over stdio starts its server. */
    static Process helper(TargetContext context) throws IOException {
        return new ProcessBuilder("sleep", context.option(HELPER_SECONDS, "600")).start();
    }

    /** A handle that hands everything to the raw target's; misbehaving handles override what they break. */
    static class RawHandle implements TargetHandle {
        private final TargetHandle raw;

        RawHandle(TargetHandle raw) {
            this.raw = raw;
        }

        @Override
        public TurnResult runTurn(String userId, String sessionId, String message) throws Exception {
            return raw.runTurn(userId, sessionId, message);
        }

        @Override
        public void deleteSession(String userId, String sessionId) throws Exception {
            raw.deleteSession(userId, sessionId);
        }

        @Override
        public void close() throws Exception {
            raw.close();
        }
    }

    /** A handle that does the raw work, then {@code fault} on the JVM's {@link #FAULT_TURN}th turn. */
    abstract static class FaultyHandle extends RawHandle {
        private final AtomicInteger turns = new AtomicInteger();

        FaultyHandle(TargetHandle raw) {
            super(raw);
        }

        abstract void fault() throws Exception;

        @Override
        public TurnResult runTurn(String userId, String sessionId, String message) throws Exception {
            if (turns.incrementAndGet() == FAULT_TURN) {
                fault();
            }
            return super.runTurn(userId, sessionId, message);
        }
    }

    /** {@code open} never returns. */
    public static final class HangsInOpen extends Misbehaving {
        public HangsInOpen() {
            super("hangs-in-open");
        }

        @Override
        public TargetHandle open(TargetContext context) throws Exception {
            Thread.sleep(Long.MAX_VALUE);
            return null;
        }
    }

    /** A turn of the timed pass never returns. */
    public static final class HangsInTurn extends Misbehaving {
        public HangsInTurn() {
            super("hangs-in-turn");
        }

        @Override
        public TargetHandle open(TargetContext context) throws Exception {
            return new FaultyHandle(raw(context)) {
                @Override
                void fault() throws InterruptedException {
                    Thread.sleep(Long.MAX_VALUE);
                }
            };
        }
    }

    /** Measures like raw; then {@code close} never returns. */
    public static final class HangsInClose extends Misbehaving {
        public HangsInClose() {
            super("hangs-in-close");
        }

        @Override
        public TargetHandle open(TargetContext context) throws Exception {
            return new RawHandle(raw(context)) {
                @Override
                public void close() throws Exception {
                    super.close();
                    Thread.sleep(Long.MAX_VALUE);
                }
            };
        }
    }

    /** Calls {@code System.exit(3)} in a turn of the timed pass. */
    public static final class ExitsMidPass extends Misbehaving {
        public ExitsMidPass() {
            super("exits-mid-pass");
        }

        @Override
        public TargetHandle open(TargetContext context) throws Exception {
            return new FaultyHandle(raw(context)) {
                @Override
                void fault() {
                    System.out.println("exits-mid-pass: System.exit(3)");
                    System.exit(3);
                }
            };
        }
    }

    /**
     * Starts a helper process, then calls {@code Runtime.halt(4)} in a turn of the timed pass, after
     * long enough for the parent to have seen the helper: no shutdown hook runs, and the helper is
     * orphaned.
     */
    public static final class HaltsMidPass extends Misbehaving {
        public HaltsMidPass() {
            super("halts-mid-pass");
        }

        @Override
        public TargetHandle open(TargetContext context) throws Exception {
            Process helper = helper(context);
            System.out.println("halts-mid-pass: helper " + helper.pid());
            return new FaultyHandle(raw(context)) {
                @Override
                void fault() throws InterruptedException {
                    Thread.sleep(2_500);
                    System.out.println("halts-mid-pass: Runtime.halt(4)");
                    Runtime.getRuntime().halt(4);
                }
            };
        }
    }

    /** {@code open} throws. */
    public static final class ThrowsInOpen extends Misbehaving {
        public ThrowsInOpen() {
            super("throws-in-open");
        }

        @Override
        public TargetHandle open(TargetContext context) {
            throw new IllegalStateException("no model configured");
        }
    }

    /** Starts a non-daemon thread that never ends, as a framework's own executor might. */
    public static final class NonDaemonThread extends Misbehaving {
        public NonDaemonThread() {
            super("non-daemon-thread");
        }

        @Override
        public TargetHandle open(TargetContext context) throws Exception {
            Thread forever = new Thread(() -> {
                try {
                    Thread.sleep(Long.MAX_VALUE);
                } catch (InterruptedException e) {
                    // never
                }
            }, "non-daemon-forever");
            forever.setDaemon(false);
            forever.start();
            return raw(context);
        }
    }

    /** Prints 2 MB a turn, as a framework's debug logging can. */
    public static final class FloodsOutput extends Misbehaving {
        /** What each printed line starts with. */
        public static final String LINE = "floods-output: DEBUG ";

        public FloodsOutput() {
            super("floods-output");
        }

        @Override
        public TargetHandle open(TargetContext context) throws Exception {
            String line = LINE + "x".repeat(1000 - LINE.length());
            AtomicInteger turns = new AtomicInteger();
            return new RawHandle(raw(context)) {
                @Override
                public TurnResult runTurn(String userId, String sessionId, String message) throws Exception {
                    int turn = turns.incrementAndGet();
                    StringBuilder chunk = new StringBuilder(100 * 1001);
                    for (int i = 0; i < 2_000; i++) {
                        chunk.append(line, 0, line.length() - 10).append(String.format("%05d%04d%n", turn, i));
                        if (chunk.length() > 100 * 1000) {
                            System.out.print(chunk);
                            chunk.setLength(0);
                        }
                    }
                    System.out.print(chunk);
                    return super.runTurn(userId, sessionId, message);
                }
            };
        }
    }

    /** Starts a helper process in {@code open} and never ends it. */
    public static final class LeavesHelper extends Misbehaving {
        public LeavesHelper() {
            super("leaves-helper");
        }

        @Override
        public TargetHandle open(TargetContext context) throws Exception {
            Process helper = helper(context);
            System.out.println("leaves-helper: helper " + helper.pid());
            return raw(context);
        }
    }

    /** Allocates until the heap runs out, in a turn of the timed pass. */
    public static final class RunsOutOfMemory extends Misbehaving {
        public RunsOutOfMemory() {
            super("runs-out-of-memory");
        }

        @Override
        public TargetHandle open(TargetContext context) throws Exception {
            return new FaultyHandle(raw(context)) {
                @Override
                void fault() {
                    List<long[]> hoard = new ArrayList<>();
                    while (true) {
                        hoard.add(new long[1 << 20]);
                    }
                }
            };
        }
    }
}
