package dev.agentbench.report.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Cpu;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.Memory;
import dev.agentbench.api.result.Noise;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunLayout;
import dev.agentbench.api.result.RunStatus;
import dev.agentbench.api.result.TimeStats;
import dev.agentbench.report.RunData;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * {@link Agreement} on runs built here of known medians: three forks a cell at 0.99, 1 and 1.01 times
 * the cell's median, so the median of the forks' medians is the median asked for.
 */
class AgreementTest {

    private static final AgreementOptions DEFAULTS = AgreementOptions.defaults();

    /** A fork of 21 samples centred on {@code median}, 1 ns apart. */
    private static Fork fork(int number, double median) {
        long centre = Math.round(median);
        List<Long> samples = LongStream.rangeClosed(centre - 10, centre + 10).boxed().toList();
        TimeStats stats = new TimeStats("ns", samples.size(), centre, centre + 9, centre + 10, centre, 6, centre - 10,
                centre + 10);
        return new Fork(number, stats, samples, null, true, 1.0, new Cpu(median * 0.8, 0, 0),
                new Memory(1000.0, true, null, null), null, null, null, List.of(), List.of());
    }

    /** An OK cell whose forks' medians are 0.99, 1 and 1.01 × {@code median}, its last fork as {@code last} makes it. */
    private static CellResult cell(String target, String benchmark, double median, UnaryOperator<Fork> last) {
        return cell(target, benchmark, median, last, new Memory(1000.0, true, null, null));
    }

    private static CellResult cell(String target, String benchmark, double median, UnaryOperator<Fork> last,
            Memory memory) {
        List<Fork> forks = List.of(fork(1, median * 0.99), fork(2, median), last.apply(fork(3, median * 1.01)));
        boolean steady = forks.stream().noneMatch(fork -> Boolean.FALSE.equals(fork.steadyState()));
        return new CellResult(target, benchmark, 1, benchmark, CellStatus.OK, null,
                new TimeStats("ns", 63, median, median, median, median, 0, median, median), 0, steady, 1.0, List.of(),
                memory, null, null, null, List.of(), forks, new Cpu(median * 0.8, 0, 0), List.of());
    }

    /** A {@code memory_footprint} cell: agents built in {@code median} ns each, {@code retained} bytes kept per agent. */
    private static CellResult footprint(String target, double median, double retained, UnaryOperator<Fork> last) {
        return cell(target, "memory_footprint", median, last, new Memory(1000.0, true, retained, "agent"));
    }

    private static CellResult cell(String target, String benchmark, double median) {
        return cell(target, benchmark, median, UnaryOperator.identity());
    }

    private static Fork notSteady(Fork fork) {
        return new Fork(fork.fork(), fork.time(), fork.samples(), null, false, 1.0, fork.cpu(), fork.memory(), null,
                null, null, List.of(), List.of());
    }

    private static Fork disturbed(Fork fork) {
        return fork.withNoise(new Noise(5, 2, 0.0, 60.0, true));
    }

    private static RunData run(String id, Map<String, String> settings, List<CellResult> cells) {
        List<PlannedCell> planned = new ArrayList<>();
        cells.forEach(cell -> planned.add(new PlannedCell(cell.target(), cell.benchmark(), 1, cell.name())));
        RunInfo info = new RunInfo(id, RunStatus.COMPLETED, "2026-12-06T08:00:00Z", "2026-12-06T08:30:00Z",
                List.of("run"), settings, planned, Map.of("cpu.model", "AMD EPYC", "host.name", id.substring(0, 8)));
        return new RunData(new RunLayout(Path.of(id)), info, cells);
    }

    private static RunData run(String id, List<CellResult> cells) {
        return run(id, Map.of(), cells);
    }

    private static CellAgreement only(Agreement agreement, String id) {
        return agreement.cells().stream().filter(cell -> cell.id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void twoRunsWithinTheBoundsAgreeAndTheLargestDifferenceIsNamed() {
        RunData a = run("20261206-080000-aaaa", List.of(cell("wire", "turn1", 60_000), cell("raw", "turn1", 180_000),
                cell("wire", "tools", 120_000), cell("raw", "tools", 350_000)));
        RunData b = run("20261206-083000-bbbb", List.of(cell("wire", "turn1", 61_000), cell("raw", "turn1", 182_000),
                cell("wire", "tools", 120_000), cell("raw", "tools", 360_000)));

        Agreement agreement = Agreement.of(a, b, DEFAULTS);

        assertThat(agreement.agree()).isTrue();
        assertThat(agreement.baseline()).isEqualTo("wire");
        assertThat(agreement.checked()).hasSize(4);
        assertThat(agreement.ratiosChecked()).extracting(CellAgreement::id).containsExactly("raw/turn1", "raw/tools");
        CellAgreement tools = only(agreement, "raw/tools");
        assertThat(tools.change()).isCloseTo(10.0 / 350, offset(1e-9));
        assertThat(tools.ratioA()).isCloseTo(350.0 / 120, offset(1e-9));
        assertThat(agreement.largest(CellAgreement::change)).get().extracting(CellAgreement::id).isEqualTo("raw/tools");
        assertThat(agreement.settingChanges()).isEmpty();
        assertThat(agreement.machineChanges()).isEmpty();

        String md = AgreementMarkdown.render(agreement);
        assertThat(md).startsWith("# agentbench agree: `20261206-080000-aaaa` and `20261206-083000-bbbb`")
                .contains("**Agree**: 4 cells checked; medians within 2.9% (largest `raw/tools` +2.9%), ratios within")
                .contains("| tools | raw | 350 µs | 360 µs | +2.9% | 2.917× | 3.000× | +2.9% |")
                .doesNotContain("Not checked");
    }

    @Test
    void aMedianOneTenthOfAPercentBeyondTheBoundDisagreesAndOneOnItAgrees() {
        RunData a = run("20261206-080000-aaaa", List.of(cell("raw", "turn1", 100_000)));
        Agreement on = Agreement.of(a, run("20261206-083000-bbbb", List.of(cell("raw", "turn1", 103_000))), DEFAULTS);
        Agreement beyond = Agreement.of(a, run("20261206-083000-bbbb", List.of(cell("raw", "turn1", 103_100))),
                DEFAULTS);

        assertThat(on.agree()).isTrue();
        assertThat(beyond.agree()).isFalse();
        assertThat(beyond.outside()).extracting(CellAgreement::id).containsExactly("raw/turn1");
        assertThat(AgreementMarkdown.render(beyond))
                .contains("**Disagree**: 1 of 1 medians outside ±3% (`raw/turn1` +3.1%).")
                .contains("| turn1 | raw | 100 µs | 103 µs | **+3.1%** |");
        // a wider bound lets it through
        assertThat(Agreement.of(a, run("20261206-083000-bbbb", List.of(cell("raw", "turn1", 103_100))),
                new AgreementOptions(0.05, 0.05, "wire")).agree()).isTrue();
    }

    @Test
    void theVerdictNamesTheFiveLargestOutsideAndCountsTheRest() {
        List<CellResult> first = new ArrayList<>();
        List<CellResult> second = new ArrayList<>();
        String[] targets = {"t1", "t2", "t3", "t4", "t5", "t6", "t7"};
        for (int i = 0; i < targets.length; i++) {
            first.add(cell(targets[i], "turn1", 100_000));
            second.add(cell(targets[i], "turn1", 100_000 * (1.04 + i / 100.0)));
        }

        String md = AgreementMarkdown.render(Agreement.of(run("20261206-080000-aaaa", first),
                run("20261206-083000-bbbb", second), DEFAULTS));

        assertThat(md).contains("**Disagree**: 7 of 7 medians outside ±3% (`t7/turn1` +10.0%, `t6/turn1` +9.0%, "
                + "`t5/turn1` +8.0%, `t4/turn1` +7.0%, `t3/turn1` +6.0% and 2 more)");
    }

    @Test
    void aRatioCanMoveBeyondItsBoundWhileBothMediansStayWithinTheirs() {
        // the floor 2.5% faster, the target 2.9% slower: each median within 3%, the ratio 5.5% higher
        RunData a = run("20261206-080000-aaaa", List.of(cell("wire", "turn1", 100_000), cell("koog", "turn1", 500_000)));
        RunData b = run("20261206-083000-bbbb", List.of(cell("wire", "turn1", 97_500), cell("koog", "turn1", 514_500)));

        Agreement agreement = Agreement.of(a, b, DEFAULTS);

        assertThat(agreement.outside()).isEmpty();
        assertThat(agreement.ratiosOutside()).extracting(CellAgreement::id).containsExactly("koog/turn1");
        assertThat(only(agreement, "koog/turn1").ratioChange()).isCloseTo(514_500 / 97_500.0 / 5 - 1, offset(1e-9));
        assertThat(agreement.agree()).isFalse();
        assertThat(AgreementMarkdown.render(agreement)).contains("**Disagree**: 1 of 1 ratios outside ±5% (`koog/turn1` +5.5%).");
    }

    @Test
    void cellsThatCouldNotBePublishedAreNamedWithWhyAndNotHeld() {
        RunData a = run("20261206-080000-aaaa", List.of(cell("wire", "loop5", 500_000),
                cell("llmagent", "loop5", 1_800_000), cell("koog", "loop5", 2_000_000), cell("raw", "loop5", 1_000_000),
                cell("springai", "loop5", 900_000), cell("agentscope", "loop5", 1_500_000)));
        RunData b = run("20261206-083000-bbbb", List.of(cell("wire", "loop5", 500_000),
                cell("llmagent", "loop5", 2_400_000, AgreementTest::notSteady),
                cell("koog", "loop5", 2_600_000, AgreementTest::disturbed),
                CellResult.failed(new PlannedCell("raw", "loop5", 1), CellStatus.FAILED,
                        "turn 1, step 2: tool call [call_1] has 0 results\nat line 2", List.of()),
                cell("springai", "loop5", 910_000), cell("langchain4j", "loop5", 1_200_000)));

        Agreement agreement = Agreement.of(a, b, DEFAULTS);

        assertThat(agreement.agree()).isTrue();
        assertThat(agreement.checked()).extracting(CellAgreement::id).containsExactly("wire/loop5", "springai/loop5");
        assertThat(only(agreement, "llmagent/loop5").note())
                .isEqualTo("not steady in B (1 of 3 forks capped or with no steady state)");
        assertThat(only(agreement, "koog/loop5").note())
                .isEqualTo("disturbed by the machine in B (no clean rerun replaced a fork)");
        assertThat(only(agreement, "raw/loop5").note()).isEqualTo(CellStatus.FAILED.label()
                + " in B: turn 1, step 2: tool call [call_1] has 0 results …");
        assertThat(only(agreement, "agentscope/loop5").note()).isEqualTo("only in A");
        assertThat(only(agreement, "langchain4j/loop5").note()).isEqualTo("only in B");
        assertThat(AgreementMarkdown.render(agreement))
                .contains("; 5 not checked.")
                .contains("- `llmagent/loop5`: not steady in B (1 of 3 forks capped or with no steady state) "
                        + "(medians 1.80 ms → 2.40 ms, +33.3%)")
                .contains("- `agentscope/loop5`: only in A\n");
    }

    @Test
    void aBaselineThatIsNotSteadyLeavesTheRatiosUnheldButTheMediansHeld() {
        RunData a = run("20261206-080000-aaaa", List.of(cell("wire", "tools", 100_000, AgreementTest::notSteady),
                cell("raw", "tools", 300_000)));
        RunData b = run("20261206-083000-bbbb", List.of(cell("wire", "tools", 150_000), cell("raw", "tools", 301_000)));

        Agreement agreement = Agreement.of(a, b, DEFAULTS);

        CellAgreement raw = only(agreement, "raw/tools");
        assertThat(raw.checked()).isTrue();
        assertThat(raw.ratioChecked()).isFalse();
        assertThat(raw.ratioNote()).isEqualTo("the baseline `wire` is not steady in A (1 of 3 forks capped or with no "
                + "steady state)");
        assertThat(agreement.agree()).isTrue();
        assertThat(AgreementMarkdown.render(agreement)).contains("- `raw/tools`'s ratio: the baseline `wire` is not steady in A");
    }

    @Test
    void aFootprintCellIsHeldToItsRetainedHeapEvenWhenItsTimedPassWasNotSteady() {
        // build times within 3% everywhere; koog's build not steady in B, its retained heap 0.2% apart;
        // springai's retained heap 4% apart: the runs disagree on the figure the cell is for
        RunData a = run("20261206-080000-aaaa", List.of(footprint("wire", 2_000, 1_899, UnaryOperator.identity()),
                footprint("koog", 12_000, 26_171, UnaryOperator.identity()),
                footprint("springai", 330_000, 85_000, UnaryOperator.identity())));
        RunData b = run("20261206-083000-bbbb", List.of(footprint("wire", 2_000, 1_899, UnaryOperator.identity()),
                footprint("koog", 12_100, 26_223, AgreementTest::notSteady),
                footprint("springai", 331_000, 88_400, UnaryOperator.identity())));

        Agreement agreement = Agreement.of(a, b, DEFAULTS);

        assertThat(agreement.outside()).isEmpty();
        assertThat(agreement.ratiosOutside()).isEmpty();
        assertThat(only(agreement, "koog/memory_footprint").checked()).isFalse();
        assertThat(agreement.retainedChecked()).extracting(CellAgreement::id)
                .containsExactly("wire/memory_footprint", "koog/memory_footprint", "springai/memory_footprint");
        assertThat(agreement.retainedOutside()).extracting(CellAgreement::id)
                .containsExactly("springai/memory_footprint");
        assertThat(agreement.agree()).isFalse();
        String md = AgreementMarkdown.render(agreement);
        assertThat(md).contains("**Disagree**: 1 of 3 retained heaps outside ±3% and ±32 B "
                        + "(`springai/memory_footprint` +4.0%); 1 not checked.")
                .contains("## Retained heap")
                .contains("| memory_footprint | koog | 26,171 B / agent | 26,223 B / agent | +0.2% | +52 B |")
                .contains("| memory_footprint | springai | 85,000 B / agent | 88,400 B / agent | **+4.0%** | **+3,400 B** |")
                .contains("- Retained heap, by how far past the wider of ±3% and ±32 B: `springai/memory_footprint` "
                        + "+4.0% (+3,400 B), `koog/memory_footprint` +0.2% (+52 B), `wire/memory_footprint` +0.0% (+0 B)\n");
        // within the bound, the verdict names the largest
        RunData close = run("20261206-083000-bbbb", List.of(footprint("wire", 2_000, 1_899, UnaryOperator.identity()),
                footprint("koog", 12_100, 26_223, AgreementTest::notSteady),
                footprint("springai", 331_000, 85_100, UnaryOperator.identity())));
        Agreement agree = Agreement.of(a, close, DEFAULTS);
        assertThat(agree.agree()).isTrue();
        assertThat(AgreementMarkdown.render(agree)).contains(", retained heap within ±3% or ±32 B; 1 not checked.");
        var json = AgreementJson.render(agreement);
        assertThat(json).contains("\"retainedChecked\" : 3").contains("\"retainedOutside\" : 1")
                .contains("\"retainedUnit\" : \"agent\"");
    }

    @Test
    void aRetainedHeapOfZeroAgreesOnlyWithZero() {
        // no ratio to a zero: 0 and 0 are no change, 0 and 40 bytes lie outside ±3% and ±32 B, and neither throws
        RunData a = run("20261206-080000-aaaa", List.of(footprint("noop", 200, 0, UnaryOperator.identity()),
                footprint("wire", 2_000, 0, UnaryOperator.identity())));
        RunData b = run("20261206-083000-bbbb", List.of(footprint("noop", 200, 0, UnaryOperator.identity()),
                footprint("wire", 2_000, 40, UnaryOperator.identity())));

        Agreement agreement = Agreement.of(a, b, DEFAULTS);

        assertThat(only(agreement, "noop/memory_footprint").retainedChange()).isEqualTo(0.0);
        assertThat(only(agreement, "noop/memory_footprint").retainedOutside(DEFAULTS)).isFalse();
        assertThat(only(agreement, "wire/memory_footprint").retainedChange()).isNull();
        assertThat(agreement.retainedOutside()).extracting(CellAgreement::id).containsExactly("wire/memory_footprint");
        assertThat(agreement.agree()).isFalse();
        assertThat(AgreementMarkdown.render(agreement))
                .contains("1 of 2 retained heaps outside ±3% and ±32 B (`wire/memory_footprint` from 0)")
                .contains("| memory_footprint | wire | 0 B / agent | 40 B / agent | **from 0** | **+40 B** |");
        assertThat(AgreementJson.render(agreement)).contains("\"retainedOutside\" : 1");
        assertThat(Agreement.of(a, a, DEFAULTS).agree()).isTrue();
    }

    @Test
    void aRetainedHeapAboutZeroIsHeldToBytesNotToAFractionOfItself() {
        // session_growth as two runs of the published table read it: frameworks that let deleted sessions go
        // keep a few bytes either side of 0, which move by the heap's noise; one keeps 161 B of each
        RunData a = run("20261206-080000-aaaa", List.of(growth("langchain4j", 3, "session"), growth("agentscope", -7,
                "session"), growth("llmagent", 161, "session"), growth("koog", -3, "session")));
        RunData b = run("20261206-083000-bbbb", List.of(growth("langchain4j", -1, "session"), growth("agentscope", -10,
                "session"), growth("llmagent", 159, "session"), growth("koog", 90, "session")));

        Agreement agreement = Agreement.of(a, b, DEFAULTS);

        // −122%, +43% and −1.2% are within 32 B; koog's −3 → 90 B is outside both bounds
        assertThat(agreement.retainedChecked()).hasSize(4);
        assertThat(agreement.retainedOutside()).extracting(CellAgreement::id).containsExactly("koog/session_growth");
        String md = AgreementMarkdown.render(agreement);
        assertThat(md).contains("1 of 4 retained heaps outside ±3% and ±32 B (`koog/session_growth` -3100.0%)")
                .contains("| session_growth | langchain4j | 3 B / session | -1 B / session | -133.3% | -4 B |")
                .contains("| session_growth | koog | -3 B / session | 90 B / session | **-3100.0%** | **+93 B** |")
                .contains("every retained heap within ±3% or ±32 B per agent or session");
        // a tighter bound in bytes holds them to it
        Agreement strict = Agreement.of(a, b, new AgreementOptions(0.03, 0.05, "wire", 2));
        assertThat(strict.retainedOutside()).extracting(CellAgreement::id)
                .containsExactlyInAnyOrder("langchain4j/session_growth", "agentscope/session_growth", "koog/session_growth");
        assertThatThrownBy(() -> new AgreementOptions(0.03, 0.05, "wire", -1))
                .hasMessage("Retained bound [-1.0] must be a number of bytes, at least 0");
    }

    @Test
    void theRetainedHeapsListedFirstAreThoseFurthestPastTheirWiderBoundNotTheLargestPercent() {
        // langchain4j's 3 → -1 B a session is -133% but 4 B, an eighth of its 32 B bound; springai's +4% is
        // 3,400 B, past both bounds; koog's +0.2% is within both, a fifteenth of its 3% bound
        RunData a = run("20261206-080000-aaaa", List.of(growth("langchain4j", 3, "session"),
                footprint("koog", 12_000, 26_171, UnaryOperator.identity()),
                footprint("springai", 330_000, 85_000, UnaryOperator.identity())));
        RunData b = run("20261206-083000-bbbb", List.of(growth("langchain4j", -1, "session"),
                footprint("koog", 12_000, 26_223, UnaryOperator.identity()),
                footprint("springai", 330_000, 88_400, UnaryOperator.identity())));

        Agreement agreement = Agreement.of(a, b, DEFAULTS);

        assertThat(only(agreement, "langchain4j/session_growth").retainedMoved(DEFAULTS)).isEqualTo(4.0 / 32);
        assertThat(only(agreement, "springai/memory_footprint").retainedMoved(DEFAULTS)).isGreaterThan(1);
        assertThat(AgreementMarkdown.render(agreement)).contains("- Retained heap, by how far past the wider of ±3% "
                + "and ±32 B: `springai/memory_footprint` +4.0% (+3,400 B), `langchain4j/session_growth` -133.3% "
                + "(-4 B), `koog/memory_footprint` +0.2% (+52 B)\n");
        // with no bound in bytes, 3% of 3 B is the bound, and 4 B is some 44 of it
        Agreement strict = Agreement.of(a, b, new AgreementOptions(0.03, 0.05, "wire", 0));
        assertThat(only(strict, "langchain4j/session_growth").retainedMoved(strict.options()))
                .isCloseTo(44.4, offset(0.1));
    }

    /** A {@code session_growth} cell: sessions run in 700 µs each, {@code retained} bytes kept per deleted session. */
    private static CellResult growth(String target, double retained, String unit) {
        return cell(target, "session_growth", 700_000, UnaryOperator.identity(), new Memory(1000.0, true, retained, unit));
    }

    @Test
    void runsWithNothingToHoldDoNotAgree() {
        RunData a = run("20261206-080000-aaaa", List.of(cell("raw", "turn1", 100_000, AgreementTest::notSteady)));
        RunData b = run("20261206-083000-bbbb", List.of(cell("raw", "turn1", 100_000)));

        Agreement agreement = Agreement.of(a, b, DEFAULTS);

        assertThat(agreement.anyCellInCommon()).isTrue();
        assertThat(agreement.checked()).isEmpty();
        assertThat(agreement.agree()).isFalse();
        assertThat(AgreementMarkdown.render(agreement)).contains("**Nothing checked**: no cell is OK, steady and "
                + "undisturbed in both runs; 1 not checked.");
        assertThat(Agreement.of(a, run("20261206-083000-bbbb", List.of(cell("raw", "tools", 100_000))), DEFAULTS)
                .anyCellInCommon()).isFalse();
    }

    @Test
    void settingsThatChangeWhatIsMeasuredAndTheMachineAreNamedAndWhereThingsAreIsNot() {
        RunData a = run("20261206-080000-aaaa", Map.of("measureTime", "PT5S", "pluginDirs", "[/a]", "forks", "3"),
                List.of(cell("raw", "turn1", 100_000)));
        RunData b = run("20261207-083000-bbbb", Map.of("measureTime", "PT3S", "pluginDirs", "[/b]", "forks", "3"),
                List.of(cell("raw", "turn1", 100_000)));

        Agreement agreement = Agreement.of(a, b, DEFAULTS);

        assertThat(agreement.settingChanges()).containsExactly("measureTime: PT5S → PT3S");
        assertThat(agreement.machineChanges()).containsExactly("host.name: 20261206 → 20261207");
        assertThat(AgreementMarkdown.render(agreement))
                .contains("| Settings differ | measureTime: PT5S → PT3S: the runs are not of one plan |")
                .contains("| Machines differ | host.name: 20261206 → 20261207 |");
    }

    @Test
    void theJsonHasEveryCellWithNumbersAndNullsNeverStrings() throws Exception {
        RunData a = run("20261206-080000-aaaa", List.of(cell("wire", "turn1", 60_000), cell("raw", "turn1", 180_000)));
        RunData b = run("20261206-083000-bbbb", List.of(cell("wire", "turn1", 60_000), cell("raw", "turn1", 200_000)));

        var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(AgreementJson.render(
                Agreement.of(a, b, DEFAULTS)));

        assertThat(json.path("format").asText()).isEqualTo("agentbench-agree");
        assertThat(json.path("agree").asBoolean()).isFalse();
        assertThat(json.path("rule").path("medianWithin").asDouble()).isEqualTo(0.03);
        assertThat(json.path("counts").path("outside").asInt()).isEqualTo(1);
        var raw = json.path("cells").get(1);
        assertThat(raw.path("target").asText()).isEqualTo("raw");
        assertThat(raw.path("change").isNumber()).isTrue();
        assertThat(raw.path("change").asDouble()).isCloseTo(1.0 / 9, offset(1e-9));
        assertThat(raw.path("outside").asBoolean()).isTrue();
        assertThat(raw.path("allocatedA").asDouble()).isEqualTo(1000.0);
        var wire = json.path("cells").get(0);
        assertThat(wire.path("ratioA").isNull()).isTrue();
        assertThat(raw.path("retainedA").isNull()).isTrue();
        assertThat(raw.path("retainedChecked").asBoolean()).isFalse();
        assertThat(wire.path("note").isNull()).isTrue();
    }
}
