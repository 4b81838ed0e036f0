package dev.agentbench.builtin.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BuiltinToolsTest {

    @Test
    void addNumbersAddsAndRefusesWhatIsNotAnInteger() throws Exception {
        assertThat(BuiltinTools.ADD_NUMBERS.function().call("{\"a\":2,\"b\":40}")).isEqualTo("{\"sum\":42}");
        assertThatThrownBy(() -> BuiltinTools.ADD_NUMBERS.function().call("{\"a\":2,\"b\":\"x\"}"))
                .hasMessageContaining("add_numbers needs an integer [b]");
        assertThatThrownBy(() -> BuiltinTools.ADD_NUMBERS.function().call("not json"))
                .hasMessage("add_numbers got arguments that are not JSON: [not json]");
    }

    @Test
    void getWeatherAnswersTheSameForTheSameCity() throws Exception {
        String oslo = BuiltinTools.GET_WEATHER.function().call("{\"city\":\"Oslo\"}");
        assertThat(oslo).startsWith("{\"city\":\"Oslo\",\"temperature_c\":")
                .isEqualTo(BuiltinTools.GET_WEATHER.function().call("{ \"city\" : \"Oslo\" }"));
        assertThatThrownBy(() -> BuiltinTools.GET_WEATHER.function().call("{}"))
                .hasMessageContaining("non-empty string [city]");
    }

    @Test
    void sleepMsKeepsToItsBounds() throws Exception {
        assertThat(BuiltinTools.SLEEP_MS.function().call("{\"ms\":0}")).isEqualTo("{\"slept_ms\":0}");
        assertThatThrownBy(() -> BuiltinTools.SLEEP_MS.function().call("{\"ms\":-1}"))
                .hasMessage("sleep_ms needs [ms] from 0 to 10000, got [-1]");
    }
}
