package dev.agentbench.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.Benchmark;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import dev.agentbench.api.script.Script;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The retained heap per live session, on a heap of the test's own making ({@link HeapBudgetTest.FakeHeap}). */
class HeldSessionsTest {

    private static final long KIB = 1024;
    private static final long MIB = 1024 * KIB;

    /** A target whose every live session keeps {@code perSession} bytes of the heap until it is deleted. */
    private static final class Keeping implements TargetHandle {
        final HeapBudgetTest.FakeHeap heap;
        final long perSession;
        final Map<String, Long> live = new HashMap<>();
        final List<String> deleted = new ArrayList<>();
        int failAt = -1;
        int turns;
        /** What the first turn lets go of, that the earlier passes had left reachable. */
        long releasedByFirstTurn;

        Keeping(HeapBudgetTest.FakeHeap heap, long perSession) {
            this.heap = heap;
            this.perSession = perSession;
        }

        @Override
        public TurnResult runTurn(String userId, String sessionId, String message) {
            if (turns == 0) {
                heap.retained -= releasedByFirstTurn;
            }
            if (turns++ == failAt) {
                throw new IllegalStateException("the model said no");
            }
            heap.allocate(perSession, 64 * KIB);
            live.merge(sessionId, perSession, Long::sum);
            return TurnResult.text("Hi!");
        }

        @Override
        public void deleteSession(String userId, String sessionId) {
            Long kept = live.remove(sessionId);
            heap.retained -= kept == null ? 0 : kept;
            deleted.add(sessionId);
        }

        @Override
        public void close() {}
    }

    /** One turn a session, after a preparation of {@code earlier} untimed turns. */
    private static Benchmark benchmark(int earlier, List<String> prepared) {
        return new Benchmark() {
            @Override
            public String name() {
                return "history";
            }

            @Override
            public String description() {
                return "test";
            }

            @Override
            public Script script() {
                return Script.singleText("held", "Hello", "Hi!");
            }

            @Override
            public void prepareSession(TargetHandle handle, String userId, String sessionId) throws Exception {
                prepared.add(sessionId);
                for (int i = 0; i < earlier; i++) {
                    handle.runTurn(userId, sessionId, "earlier");
                }
            }
        };
    }

    @Test
    void eachSessionHeldReadsWhatItKeepsPreparationIncludedAndAllAreDeletedAfterwards() throws Exception {
        HeapBudgetTest.FakeHeap heap = new HeapBudgetTest.FakeHeap(1024 * MIB, 40 * MIB);
        Keeping target = new Keeping(heap, 10 * KIB);
        List<String> prepared = new ArrayList<>();

        double perSession = HeldSessions.measure(benchmark(3, prepared), target, 20, line -> {}, warning -> {}, heap);

        assertThat(perSession).as("three earlier turns and the measured one, 10 KiB each").isEqualTo(40 * KIB);
        assertThat(prepared).hasSize(20).doesNotHaveDuplicates();
        assertThat(target.deleted).containsExactlyInAnyOrderElementsOf(prepared);
        assertThat(target.live).isEmpty();
        assertThat(heap.retained).isEqualTo(40 * MIB);
    }

    @Test
    void aFailingSessionFailsTheCellNamingItAndTheSessionsOpenedSoFarAreDeleted() {
        HeapBudgetTest.FakeHeap heap = new HeapBudgetTest.FakeHeap(1024 * MIB, 40 * MIB);
        Keeping target = new Keeping(heap, 10 * KIB);
        target.failAt = 5; // the third session's measured turn, after its preparation's one
        List<String> prepared = new ArrayList<>();

        assertThatThrownBy(() -> HeldSessions.measure(benchmark(1, prepared), target, 20, line -> {}, warning -> {}, heap))
                .isInstanceOf(IterationFailedException.class)
                .hasMessage("held-session iteration [3] failed: java.lang.IllegalStateException: the model said no");
        assertThat(target.deleted).containsExactlyElementsOf(prepared).hasSize(3);
        assertThat(target.live).isEmpty();
    }

    @Test
    void aHeapThatLetsGoOfMoreThanTheSessionsKeepReadsNegativeWithAWarningThatSaysItIsNotASessions()
            throws Exception {
        HeapBudgetTest.FakeHeap heap = new HeapBudgetTest.FakeHeap(1024 * MIB, 40 * MIB);
        Keeping target = new Keeping(heap, 10 * KIB);
        target.releasedByFirstTurn = 4 * MIB; // a buffer of the memory pass, let go once a session runs
        List<String> warnings = new ArrayList<>();

        double perSession = HeldSessions.measure(benchmark(0, new ArrayList<>()), target, 20, line -> {},
                warnings::add, heap);

        assertThat(perSession).isEqualTo((20 * 10 * KIB - 4 * MIB) / 20.0);
        assertThat(warnings).singleElement().asString().startsWith("retained heap per live session read negative, "
                + "-199475 bytes: the settled heap held 41943040 bytes before the 20 sessions and 37953536 with them");

        Keeping keeping = new Keeping(new HeapBudgetTest.FakeHeap(1024 * MIB, 40 * MIB), 10 * KIB);
        List<String> none = new ArrayList<>();
        HeldSessions.measure(benchmark(0, new ArrayList<>()), keeping, 20, line -> {}, none::add, keeping.heap);
        assertThat(none).as("a session that keeps something reads no warning").isEmpty();
    }

    @Test
    void sessionsThatWouldFillTheHeapAreReadOverThoseThatFitWithAWarningAndNoOutOfMemoryError() throws Exception {
        HeapBudgetTest.FakeHeap heap = new HeapBudgetTest.FakeHeap(256 * MIB, 20 * MIB);
        Keeping target = new Keeping(heap, 24 * MIB);
        List<String> warnings = new ArrayList<>();

        double perSession = HeldSessions.measure(benchmark(0, new ArrayList<>()), target, 20, line -> {},
                warnings::add, heap);

        assertThat(perSession).as("what each session keeps, over those held").isEqualTo(24 * MIB);
        assertThat(warnings).singleElement().asString()
                .matches("retained heap per live session read over \\d held sessions, not 20: history holds about"
                        + " 24 MiB per session \\(over \\d measured sessions\\): .*fewer than the 20 it holds at once"
                        + " \\(--held-sessions\\).*");
        assertThat(target.live).isEmpty();
        assertThat(heap.highest).isLessThan(heap.max);
    }
}
