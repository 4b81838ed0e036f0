package dev.agentbench.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.core.testing.TestRuns;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a cold start's JVM loads before the first reply is the figure: the harness's own part of it
 * stays with the JDK. The parent registers the script and writes the spec as properties, so the
 * child loads no JSON library for either.
 */
class ColdStartPathTest extends ChildJvmRunTest {

    @Test
    void aColdStartJvmLoadsNoJsonLibraryForItsSpecOrScript() throws Exception {
        List<String> jvmArgs = new ArrayList<>(TestRuns.FAST_CHILD);
        jvmArgs.add("-Xlog:class+load=info");
        RunSummary summary = new BenchRunner(TestRuns.options(dir)
                .targets(List.of("scripted"))
                .benchmarks(List.of("cold"))
                .coldStarts(1)
                .jvmArgs(jvmArgs)
                .build()).run();

        assertThat(summary.results()).singleElement().satisfies(result -> assertThat(result.status())
                .as(result.error() + " " + result.logTail()).isEqualTo(CellStatus.OK));
        String log = Files.readString(new RunLayout(summary.runDir()).cellLog(summary.info().cells().get(0)));
        assertThat(log).as("the class-load log is in the cell's log").contains("java.util.Properties source:")
                .contains(" dev.agentbench.core.link.CellSpec source:");
        // what the JVM loaded up to the first reply; writing the result afterwards may load anything
        int firstReply = log.indexOf("first reply");
        assertThat(firstReply).as("the child says when the first reply came").isPositive();
        assertThat(log.substring(0, firstReply).lines().filter(line -> line.contains("[class,load]"))
                .filter(line -> line.contains("jackson"))).isEmpty();
    }
}
