package dev.agentbench.core.testing;

import dev.agentbench.api.Benchmark;
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
}
