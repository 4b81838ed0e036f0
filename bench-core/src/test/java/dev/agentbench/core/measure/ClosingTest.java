package dev.agentbench.core.measure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.script.Script;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Bounded closes: after a measurement, after a failure, and watched in the middle of the passes. */
class ClosingTest {

    private static final TargetContext CONTEXT = new TargetContext(URI.create("http://127.0.0.1:1/s/x/v1"), "k", "m",
            "i", List.of(), Script.singleText("x", "hi", "ok"), Map.of());

    private final List<String> closed = Collections.synchronizedList(new ArrayList<>());
    /** Released at the end of each test, so that no hanging close outlives it. */
    private final CountDownLatch release = new CountDownLatch(1);

    @AfterEach
    void releaseHangingCloses() {
        release.countDown();
    }

    /** A handle whose close records {@code name}, then does {@code how}: return, throw, or hang until released. */
    private TargetHandle handle(String name, String how) {
        return new TargetHandle() {
            @Override
            public TurnResult runTurn(String userId, String sessionId, String message) {
                throw new AssertionError("no turn here");
            }

            @Override
            public void deleteSession(String userId, String sessionId) {}

            @Override
            public void close() throws Exception {
                closed.add(name);
                switch (how) {
                    case "throw" -> throw new IllegalStateException("cannot close " + name);
                    case "hang" -> release.await();
                    default -> { }
                }
            }
        };
    }

    /** Whether {@code frame} is in the close of one of this test's handles. */
    private static boolean inAClose(StackTraceElement frame) {
        return frame.getClassName().startsWith(ClosingTest.class.getName()) && frame.getMethodName().equals("close");
    }

    private Agents agents(CloseWatch watch) {
        return new Agents(new BenchTarget() {
            @Override
            public String name() {
                return "closing";
            }

            @Override
            public String description() {
                return "test";
            }

            @Override
            public TargetHandle open(TargetContext context) {
                return handle("opened", "return");
            }
        }, CONTEXT, watch);
    }

    @Test
    void everyHandleIsClosedInOrderAndOneThatThrowsDoesNotStopTheOthers() {
        Closing closing = Closing.close(List.of(handle("a", "return"), handle("b", "throw"), handle("c", "throw"),
                handle("d", "return")), Duration.ofSeconds(10));

        assertThat(closed).containsExactly("a", "b", "c", "d");
        assertThat(closing.returned()).isTrue();
        assertThat(closing.clean()).isFalse();
        assertThat(closing.failed()).isEqualTo(2);
        assertThat(closing.failure()).hasMessage("cannot close b");
        assertThat(closing.failure().getSuppressed()).extracting(Throwable::getMessage).containsExactly("cannot close c");
        // the exception as a cell's error names it: java.lang.IllegalStateException: cannot close b
        assertThat(closing.warning()).isEqualTo("close() failed: "
                + IterationFailedException.describe(new IllegalStateException("cannot close b")) + " (and 1 more agents)");
        assertThat(Closing.close(List.of(handle("e", "throw")), Duration.ofSeconds(10)).warning())
                .isEqualTo("close() failed: " + IterationFailedException.describe(new IllegalStateException("cannot close e")));
    }

    @Test
    void aCloseThatHangsIsAbandonedAtTheBoundForAllTheHandlesTogether() {
        long start = System.nanoTime();
        Closing closing = Closing.close(List.of(handle("a", "return"), handle("b", "hang"), handle("c", "return")),
                Duration.ofMillis(300));
        long tookMillis = (System.nanoTime() - start) / 1_000_000;

        assertThat(closing.returned()).isFalse();
        assertThat(closing.warning()).isEqualTo("close() did not return in 300 ms");
        assertThat(Closing.didNotReturn(Duration.ofSeconds(10))).isEqualTo("close() did not return in 10 s");
        assertThat(tookMillis).isBetween(300L, 3_000L);
        assertThat(closed).as("c waits behind the close that hangs").containsExactly("a", "b");
        assertThat(closing.stuckAt()).as("where it hangs, for the log")
                .anyMatch(ClosingTest::inAClose);
    }

    @Test
    void agentsKeptOpenAreClosedLaterAndACloseAfterAFailureAddsToTheFailure() {
        Agents agents = agents(null);
        agents.keep(List.of(handle("a", "return"), handle("b", "return")));
        agents.keep(handle("c", "return"));
        assertThat(closed).isEmpty();
        assertThat(agents.closeKept(Duration.ofSeconds(10)).clean()).isTrue();
        assertThat(closed).containsExactly("a", "b", "c");
        assertThat(agents.closeKept(Duration.ofSeconds(10)).clean()).as("nothing is left to close").isTrue();

        Exception failure = new IllegalStateException("the turn failed");
        Agents.closeAfter(List.of(handle("d", "throw"), handle("e", "return")), failure);
        assertThat(closed).endsWith("d", "e");
        assertThat(failure.getSuppressed()).extracting(Throwable::getMessage).containsExactly("cannot close d");
    }

    @Test
    void aCloseInTheMiddleOfThePassesThatHangsIsReportedOnceWithWhereItIs() throws Exception {
        CompletableFuture<List<StackTraceElement>> hung = new CompletableFuture<>();
        Agents agents = agents(new CloseWatch(Duration.ofMillis(300), hung::complete));
        // quick closes, each well within the bound, however many: never reported
        for (int i = 0; i < 1_000; i++) {
            agents.close(handle("quick", "return"));
        }
        Thread.sleep(500);
        assertThat(hung).isNotDone();

        Thread closer = new Thread(() -> {
            try {
                agents.close(handle("hangs", "hang"));
            } catch (AgentFailedException e) {
                throw new AssertionError(e);
            }
        });
        closer.setDaemon(true);
        long start = System.nanoTime();
        closer.start();
        List<StackTraceElement> stuckAt = hung.get(5, TimeUnit.SECONDS);
        assertThat((System.nanoTime() - start) / 1_000_000).isGreaterThanOrEqualTo(300);
        assertThat(stuckAt).anyMatch(ClosingTest::inAClose);
        assertThat(agents.closeHung(Duration.ofSeconds(10))).isEqualTo("Closing the handle of target [closing] did "
                + "not return in 10 s; the cell was ended in the middle of its passes");
    }
}
