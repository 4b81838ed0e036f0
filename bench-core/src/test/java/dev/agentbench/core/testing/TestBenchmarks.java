package dev.agentbench.core.testing;

import dev.agentbench.api.Benchmark;
import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.Step;
import java.util.List;

/** Benchmarks for bench-core's tests, registered in test META-INF/services. */
public final class TestBenchmarks {

    private TestBenchmarks() {}

    /** One turn, one text reply; may run concurrently. */
    public static final class Echo implements Benchmark {
        public static final String NAME = "echo";

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public String description() {
            return "Test: one turn with a text reply";
        }

        @Override
        public Script script() {
            return Script.singleText("echo", "hello", "hello back");
        }

        @Override
        public boolean supportsConcurrency() {
            return true;
        }
    }

    /** Two turns; never concurrent; its script has a name of its own. */
    public static final class Solo implements Benchmark {
        public static final String NAME = "solo";

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public String description() {
            return "Test: two turns, never concurrent";
        }

        @Override
        public Script script() {
            return new Script("two-turns", List.of(
                    new ScriptTurn("one", List.of(Step.text("first"))),
                    new ScriptTurn("two", List.of(Step.text("second")))));
        }
    }

    /** One turn; a kind of its own; never concurrent: one class per kind below. */
    private abstract static class OfKind implements Benchmark {
        private final String name;
        private final BenchmarkKind kind;

        OfKind(String name, BenchmarkKind kind) {
            this.name = name;
            this.kind = kind;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public String description() {
            return "Test: a " + kind + " benchmark";
        }

        @Override
        public Script script() {
            return Script.singleText(name, "hello", "hello back");
        }

        @Override
        public BenchmarkKind kind() {
            return kind;
        }
    }

    /** CONSTRUCTION; says it supports concurrency, which a kind other than SESSIONS must not expand. */
    public static final class Build extends OfKind {
        public Build() {
            super("build", BenchmarkKind.CONSTRUCTION);
        }

        @Override
        public boolean supportsConcurrency() {
            return true;
        }
    }

    /** FOOTPRINT. */
    public static final class Footprint extends OfKind {
        public Footprint() {
            super("footprint", BenchmarkKind.FOOTPRINT);
        }
    }

    /** SESSION_GROWTH. */
    public static final class Growth extends OfKind {
        public Growth() {
            super("growth", BenchmarkKind.SESSION_GROWTH);
        }
    }

    /** COLD_START. */
    public static final class Cold extends OfKind {
        public Cold() {
            super("cold", BenchmarkKind.COLD_START);
        }
    }

    /** SESSIONS, concurrent, with a sequential time of 100 ms: the cell reports a speedup. */
    public static final class Speedup extends OfKind {
        public static final long SEQUENTIAL_NANOS = 100_000_000;

        public Speedup() {
            super("speedup", BenchmarkKind.SESSIONS);
        }

        @Override
        public long sequentialNanos() {
            return SEQUENTIAL_NANOS;
        }

        @Override
        public boolean supportsConcurrency() {
            return true;
        }
    }
}
