package dev.agentbench.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.api.script.Script;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** How a target reads the options a user gave with {@code --target-option}. */
class TargetContextTest {

    private static TargetContext with(Map<String, String> options) {
        return new TargetContext(URI.create("http://127.0.0.1:1/s/x/v1"), "key", "model", "Answer.", List.of(),
                Script.singleText("x", "Hi?", "Hi."), options);
    }

    @Test
    void aPositiveIntegerOptionIsItsValueOrEmptyWhenNotGiven() {
        TargetContext context = with(Map.of("max_requests", " 256 ", "stream", "true"));

        assertThat(context.positiveIntOption("max_requests")).isEqualTo(OptionalInt.of(256));
        assertThat(context.positiveIntOption("max_requests_per_host")).isEmpty();
    }

    @Test
    void aPositiveIntegerOptionRefusesAnythingElseNamingTheOptionAndTheValue() {
        for (String value : List.of("0", "-3", "many", "1.5", "")) {
            assertThatThrownBy(() -> with(Map.of("max_requests", value)).positiveIntOption("max_requests"))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("Target option [max_requests] must be a positive integer, was [" + value + "]");
        }
    }

    @Test
    void aBooleanOptionIsTrueOrFalseAndNothingElse() {
        assertThat(with(Map.of("stream", "true")).booleanOption("stream", false)).isTrue();
        assertThat(with(Map.of()).booleanOption("stream", true)).isTrue();
        assertThatThrownBy(() -> with(Map.of("stream", "yes")).booleanOption("stream", false))
                .hasMessage("Target option [stream] must be true or false, was [yes]");
    }
}
