package dev.agentbench.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.BenchmarkKind;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.core.plan.Step;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class PlanTest {

    private static final TargetDescriptor A = target("a");
    private static final TargetDescriptor B = target("b");

    @Test
    void cellsAreBenchmarkMajorThenConcurrencyThenTarget() {
        Plan plan = Plan.of(List.of(benchmark("turn1", true), benchmark("turn5", true)), List.of(1, 8), List.of(A, B));

        assertThat(plan.cells()).extracting(cell -> cell.target() + "/" + cell.name()).containsExactly(
                "a/turn1", "b/turn1", "a/turn1_c8", "b/turn1_c8", "a/turn5", "b/turn5", "a/turn5_c8", "b/turn5_c8");
        assertThat(plan.cells().get(2)).isEqualTo(new PlannedCell("a", "turn1", 8, "turn1_c8"));
        assertThat(plan.notes()).isEmpty();
    }

    @Test
    void aBenchmarkThatCannotRunConcurrentlyIsPlannedOnceAtOneAndThePlanSaysSo() {
        Plan plan = Plan.of(List.of(benchmark("startup", false), benchmark("turn5", true)), List.of(8, 16), List.of(A));

        assertThat(plan.cells()).extracting(PlannedCell::name).containsExactly("startup", "turn5_c8", "turn5_c16");
        assertThat(plan.cells()).extracting(PlannedCell::concurrency).containsExactly(1, 8, 16);
        assertThat(plan.notes()).containsExactly(
                "Benchmark [startup] does not run concurrently; planned at concurrency 1 only");
    }

    @Test
    void onlySessionsBenchmarksExpandEvenWhenAnotherKindSaysItSupportsConcurrency() {
        BenchmarkDescriptor construction = new BenchmarkDescriptor("instantiation", "test", true, "here", List.of(),
                BenchmarkKind.CONSTRUCTION);
        Plan plan = Plan.of(List.of(construction, benchmark("turn1", true)), List.of(1, 4), List.of(A));

        assertThat(plan.cells()).extracting(PlannedCell::name).containsExactly("instantiation", "turn1", "turn1_c4");
        assertThat(plan.notes()).containsExactly(
                "Benchmark [instantiation] does not run concurrently; planned at concurrency 1 only");
    }

    @Test
    void noNoteWhenOnlyConcurrencyOneIsAsked() {
        Plan plan = Plan.of(List.of(benchmark("startup", false)), List.of(1), List.of(A, B));

        assertThat(plan.cells()).hasSize(2);
        assertThat(plan.notes()).isEmpty();
    }

    @Test
    void allPlansEveryTargetTimesEveryBenchmarkFoundAsNoListDoes() {
        Registry registry = Registry.load(List.of());
        List<String> everyCell = registry.benchmarks().stream().flatMap(benchmark -> registry.targets().stream()
                .map(target -> target.name() + "/" + benchmark.name())).toList();

        Plan all = new BenchRunner(BenchOptions.builder().targets(List.of(BenchOptions.ALL))
                .benchmarks(List.of("all")).build()).plan();

        assertThat(all.cells()).extracting(cell -> cell.target() + "/" + cell.name())
                .containsExactlyElementsOf(everyCell)
                .hasSize(registry.targets().size() * registry.benchmarks().size());
        assertThat(new BenchRunner(BenchOptions.builder().build()).plan()).isEqualTo(all);
        List<String> echo = Stream.of("echo", "echo_c4").flatMap(name -> registry.targets().stream()
                .map(target -> target.name() + "/" + name)).toList();
        assertThat(new BenchRunner(BenchOptions.builder().targets(List.of("all")).benchmarks(List.of("echo"))
                .concurrency(List.of(1, 4)).build()).plan().cells())
                .extracting(cell -> cell.target() + "/" + cell.name())
                .containsExactlyElementsOf(echo);
    }

    private static TargetDescriptor target(String name) {
        return new TargetDescriptor(name, "test", "1.0", "here", List.of());
    }

    private static BenchmarkDescriptor benchmark(String name, boolean concurrent) {
        return new BenchmarkDescriptor(name, "test", concurrent, "here", List.of());
    }

    @Test
    void profileForksFollowTheMeasuredForksOfTheirGroupRotatingTheSameWayAndColdStartsHaveNone() {
        List<PlannedCell> cells = List.of(new PlannedCell("a", "turn1", 1), new PlannedCell("b", "turn1", 1),
                new PlannedCell("a", "cold", 1), new PlannedCell("b", "cold", 1), new PlannedCell("a", "build", 1));

        List<Step> steps = Step.plan(cells, name -> name.equals("cold") ? BenchmarkKind.COLD_START
                : name.equals("build") ? BenchmarkKind.CONSTRUCTION : BenchmarkKind.SESSIONS, 2, true);

        assertThat(steps).extracting(step -> cells.get(step.cell()).target() + "/" + cells.get(step.cell()).name()
                + (step.coldStart() ? " cold" : step.profile() ? " profile" : " #" + step.fork())).containsExactly(
                "a/turn1 #1", "b/turn1 #1", "a/turn1 #2", "b/turn1 #2", "a/turn1 profile", "b/turn1 profile",
                "a/cold cold", "b/cold cold",
                "a/build #1", "a/build #2", "a/build profile");
        assertThat(steps.get(4).fork()).as("the profile fork comes after the measured ones").isEqualTo(3);
        assertThat(Step.plan(cells, name -> BenchmarkKind.SESSIONS, 2, false)).noneMatch(Step::profile).hasSize(10);
    }
}
