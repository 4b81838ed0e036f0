package dev.agentbench.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.Benchmark;
import dev.agentbench.api.Parameter;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.Sharding;
import dev.agentbench.api.script.Script;
import dev.agentbench.api.script.ScriptTurn;
import dev.agentbench.api.script.Step;
import dev.agentbench.core.measure.PassSettings;
import dev.agentbench.core.plan.Shards;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Benchmark parameters from the options to the plan: values, cells, names, refusals. */
class ParametersTest {

    private static final TargetDescriptor A = new TargetDescriptor("a", "test", "1.0", "here", List.of());
    private static final TargetDescriptor B = new TargetDescriptor("b", "test", "1.0", "here", List.of());

    /**
     * {@code turns} earlier turns (swept over 1 and 16 by default) and a {@code mode} with a single
     * default; refuses a {@code turns} that is no whole number from 1 to 64.
     */
    static final class Sized implements Benchmark {
        private final int turns;

        Sized() {
            this(1);
        }

        private Sized(int turns) {
            this.turns = turns;
        }

        @Override
        public String name() {
            return "sized";
        }

        @Override
        public String description() {
            return "Test: as many turns as its parameter says";
        }

        @Override
        public List<Parameter> parameters() {
            return List.of(Parameter.ints("turns", "turns in a session", 1, 16),
                    new Parameter("mode", "how it plays", List.of("plain")));
        }

        @Override
        public Benchmark with(Map<String, String> values) {
            String value = values.get("turns");
            int parsed;
            try {
                parsed = Integer.parseInt(value);
            } catch (NumberFormatException e) {
                parsed = 0;
            }
            if (parsed < 1 || parsed > 64) {
                throw new IllegalArgumentException("Parameter [turns] must be a whole number from 1 to 64, was ["
                        + value + "]");
            }
            return new Sized(parsed);
        }

        @Override
        public Script script() {
            List<ScriptTurn> all = new ArrayList<>();
            for (int i = 0; i < turns; i++) {
                all.add(new ScriptTurn("u" + i, List.of(Step.text("r" + i))));
            }
            return new Script("sized", all);
        }

        /** All but the last turn are played untimed, as history's earlier turns are. */
        @Override
        public int preparedTurns() {
            return turns - 1;
        }

        @Override
        public boolean supportsConcurrency() {
            return true;
        }
    }

    private static BenchmarkDescriptor sized(Map<String, List<String>> given) {
        return Registry.describe(new Sized(), "here", List.of(), given);
    }

    @Test
    void combinationsComeInDeclarationOrderTheFirstParameterVaryingSlowest() {
        List<Parameter> parameters = List.of(Parameter.ints("tokens", "", 16, 256),
                new Parameter("stream", "", List.of("false", "true")));

        assertThat(Parameters.combinations(parameters, Map.of())).extracting(Parameters::format)
                .containsExactly("tokens=16,stream=false", "tokens=16,stream=true", "tokens=256,stream=false",
                        "tokens=256,stream=true");
        assertThat(Parameters.combinations(parameters, Map.of("stream", List.of("true"), "tokens", List.of("8"))))
                .extracting(Parameters::format).containsExactly("tokens=8,stream=true");
        assertThat(Parameters.combinations(List.of(), Map.of("tokens", List.of("8")))).containsExactly(Map.of());
    }

    @Test
    void aNameCarriesTheSweptParametersAndThoseTheUserSetNotASingleDefault() {
        BenchmarkDescriptor swept = sized(Map.of());
        assertThat(swept.variants()).extracting(variant -> variant.cellName("sized", 1))
                .containsExactly("sized_turns=1", "sized_turns=16");
        assertThat(swept.variants().get(1).params()).containsExactly(Map.entry("turns", "16"),
                Map.entry("mode", "plain"));
        assertThat(swept.variants().get(1).script().name()).isEqualTo("sized-turns-16-mode-plain");
        assertThat(swept.variants().get(1).script().turns()).hasSize(16);
        assertThat(swept.variants()).as("each value's own prepared turns, for the mock's requests an iteration")
                .extracting(BenchmarkDescriptor.Variant::preparedTurns).containsExactly(0, 15);

        Map<String, List<String>> given = new LinkedHashMap<>();
        given.put("mode", List.of("plain"));
        given.put("turns", List.of("4"));
        assertThat(sized(given).variants()).extracting(variant -> variant.cellName("sized", 8))
                .containsExactly("sized_turns=4_mode=plain_c8");
    }

    @Test
    void everyCombinationIsACellOfItsOwnNextToItsConcurrencyVariantsWithItsParameters() {
        Plan plan = Plan.of(List.of(sized(Map.of("turns", List.of("64", "2")))), List.of(1, 8), List.of(A, B));

        assertThat(plan.cells()).extracting(cell -> cell.target() + "/" + cell.name()).containsExactly(
                "a/sized_turns=64", "b/sized_turns=64", "a/sized_turns=64_c8", "b/sized_turns=64_c8",
                "a/sized_turns=2", "b/sized_turns=2", "a/sized_turns=2_c8", "b/sized_turns=2_c8");
        assertThat(plan.cells().get(2).params()).containsExactly(Map.entry("turns", "64"), Map.entry("mode", "plain"));
        assertThat(plan.cells().get(2).benchmark()).isEqualTo("sized");
    }

    @Test
    void aValueTheBenchmarkRefusesIsRefusedWhenTheRunSelectsItInOneLine() {
        BenchmarkDescriptor refused = sized(Map.of("turns", List.of("8", "0")));

        assertThat(refused.refused()).isEqualTo("Benchmark [sized] cannot run with turns=0,mode=plain: Parameter"
                + " [turns] must be a whole number from 1 to 64, was [0]");
        assertThatThrownBy(() -> Plan.of(List.of(refused), List.of(1), List.of(A)))
                .isInstanceOf(IllegalArgumentException.class).hasMessage(refused.refused());
    }

    @Test
    void aParameterNoSelectedBenchmarkDeclaresIsRefused() {
        BenchmarkDescriptor plain = new BenchmarkDescriptor("turn1", "test", true, "here", List.of());

        assertThatThrownBy(() -> Plan.checkParams(Set.of("turn"), List.of(plain, sized(Map.of()))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Parameter [turn] is declared by none of the selected benchmarks [turn1, sized]; did you"
                        + " mean [turns]? they declare [mode, turns]");
        assertThatThrownBy(() -> Plan.checkParams(Set.of("turns"), List.of(plain)))
                .hasMessage("Parameter [turns] is declared by none of the selected benchmarks [turn1], which take no"
                        + " parameters");
        Plan.checkParams(Set.of("turns"), List.of(plain, sized(Map.of())));
    }

    @Test
    void theOptionsRefuseValuesThatCannotNameACell() {
        assertThatThrownBy(() -> BenchOptions.builder().param("turns", List.of("1 6")).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Parameter [turns] value [1 6] must match [A-Za-z0-9.]{1,32}");
        assertThatThrownBy(() -> BenchOptions.builder().param("Turns", List.of("1")).build())
                .hasMessage("Parameter name [Turns] must match [a-z][a-z0-9_]{0,31}");
        assertThatThrownBy(() -> BenchOptions.builder().param("turns", List.of("1", "1")).build())
                .hasMessage("Parameter [turns] value [1] is given twice");
        assertThatThrownBy(() -> BenchOptions.builder().param("turns", List.of()).build())
                .hasMessage("Parameter [turns] has no value");

        BenchOptions options = BenchOptions.builder().param("turns", List.of("16", "1")).build();
        assertThat(options.params()).containsExactly(Map.entry("turns", List.of("16", "1")));
        assertThat(options.settings()).containsEntry("params", "turns=16,1");
        assertThat(BenchOptions.builder().build().settings()).containsEntry("params", "");
    }

    @Test
    void shardsKeepEachParameterValueAGroupOfItsOwnAndMergeGetsTheCellsBack() {
        Plan plan = Plan.of(List.of(sized(Map.of())), List.of(1), List.of(A, B));

        Sharding sharding = Shards.split(plan, Shard.parse("1/2"), name -> dev.agentbench.api.BenchmarkKind.SESSIONS,
                PassSettings.defaults(), Map.of());

        assertThat(sharding.groups()).extracting(Sharding.Group::cellName)
                .containsExactly("sized_turns=1", "sized_turns=16");
        assertThat(sharding.groups()).extracting(Sharding.Group::shard).containsExactly(1, 2);
        assertThat(Shards.part(plan, sharding).cells()).extracting(PlannedCell::name)
                .containsExactly("sized_turns=1", "sized_turns=1");
        assertThat(sharding.plan(List.of("a", "b"))).isEqualTo(plan.cells());
    }

    @Test
    void forksRotateThroughTheTargetsWithinEachValueAsWithinEachConcurrencyLevel() {
        List<PlannedCell> cells = Plan.of(List.of(sized(Map.of())), List.of(1), List.of(A, B)).cells();

        List<dev.agentbench.core.plan.Step> steps = dev.agentbench.core.plan.Step.plan(cells,
                name -> dev.agentbench.api.BenchmarkKind.SESSIONS, 2);

        assertThat(steps).extracting(step -> cells.get(step.cell()).target() + "/" + cells.get(step.cell()).name()
                + " #" + step.fork()).containsExactly(
                "a/sized_turns=1 #1", "b/sized_turns=1 #1", "a/sized_turns=1 #2", "b/sized_turns=1 #2",
                "a/sized_turns=16 #1", "b/sized_turns=16 #1", "a/sized_turns=16 #2", "b/sized_turns=16 #2");
    }
}
