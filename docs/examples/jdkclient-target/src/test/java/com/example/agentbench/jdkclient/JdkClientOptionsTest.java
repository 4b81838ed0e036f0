package com.example.agentbench.jdkclient;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.agentbench.api.TargetContext;
import dev.agentbench.api.script.Script;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A value the target cannot use fails the cell when it opens, with one line naming the option. */
class JdkClientOptionsTest {

    @Test
    void aBadMaxModelCallsIsRefusedByName() {
        TargetContext context = new TargetContext(URI.create("http://127.0.0.1:9/v1"), "key", "model", "Be brief.",
                List.of(), Script.singleText("s", "Hi", "Hello"), Map.of("max_model_calls", "0"));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> new JdkClientTarget().open(context));
        assertEquals("Target option [max_model_calls] must be a whole number of at least 1, was [0]",
                refused.getMessage());
    }
}
