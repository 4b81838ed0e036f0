package dev.agentbench.core.child;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.Benchmark;
import dev.agentbench.api.Parameter;
import dev.agentbench.api.script.Script;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The child measures the benchmark its cell's parameters make, never the one ServiceLoader made. */
class WithParamsTest {

    /** Its script's reply says which {@code tokens} it was given; it refuses {@code tokens=0}. */
    private record Sized(String tokens) implements Benchmark {
        @Override
        public String name() {
            return "sized";
        }

        @Override
        public String description() {
            return "test";
        }

        @Override
        public List<Parameter> parameters() {
            return List.of(Parameter.ints("tokens", "reply tokens", 16, 256));
        }

        @Override
        public Benchmark with(Map<String, String> values) {
            if (values.get("tokens").equals("0")) {
                throw new IllegalArgumentException("Parameter [tokens] must be positive, was [0]");
            }
            return new Sized(values.get("tokens"));
        }

        @Override
        public Script script() {
            return Script.singleText("sized", "hello", "tokens " + tokens);
        }
    }

    @Test
    void theCellsValuesAreGivenToWithAndWhatItReturnsIsMeasured() throws Exception {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("tokens", "256");

        Benchmark measured = CellChild.withParams(new Sized("16"), params);

        assertThat(measured.script().turns().get(0).finalText()).isEqualTo("tokens 256");
        Benchmark plain = new Sized("16");
        assertThat(CellChild.withParams(plain, Map.of())).as("no parameters: the benchmark as found").isSameAs(plain);
    }

    @Test
    void aValueTheBenchmarkRefusesFailsTheCellNamingIt() {
        assertThatThrownBy(() -> CellChild.withParams(new Sized("16"), Map.of("tokens", "0")))
                .hasMessage("Benchmark [sized] cannot run with tokens=0: Parameter [tokens] must be positive, was [0]");
    }
}
