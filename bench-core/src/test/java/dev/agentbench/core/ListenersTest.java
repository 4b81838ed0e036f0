package dev.agentbench.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.result.CellResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Several listeners of one run: each hears every event, in order, and one that throws stops nobody. */
class ListenersTest {

    @Test
    void everyListenerIsToldOfEveryEventInTheOrderTheyWereAdded() throws Exception {
        List<String> heard = new ArrayList<>();
        RunListener first = recording("first", heard);
        RunListener second = recording("second", heard);
        RunListener both = new Listeners(List.of(first, second), System.err);

        List<String> expected = new ArrayList<>();
        for (Method method : RunListener.class.getMethods()) {
            if (!method.isDefault()) {
                continue;
            }
            method.invoke(both, arguments(method));
            expected.add("first " + method.getName());
            expected.add("second " + method.getName());
        }

        assertThat(heard).containsExactlyElementsOf(expected);
        assertThat(expected).as("every event of RunListener").hasSizeGreaterThanOrEqualTo(16);
    }

    @Test
    void aListenerThatThrowsIsReportedInOneLineAndTheOthersAreStillTold() {
        List<String> heard = new ArrayList<>();
        RunListener broken = new RunListener() {
            @Override
            public void cellFinished(CellResult result, int index, int total) {
                throw new IllegalStateException("boom");
            }
        };
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        RunListener both = new Listeners(List.of(broken, recording("after", heard)),
                new PrintStream(err, true, StandardCharsets.UTF_8));

        both.cellFinished(null, 0, 1);
        both.runFinished(Path.of("run"), null, List.of());

        assertThat(heard).containsExactly("after cellFinished", "after runFinished");
        assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("agentbench: run listener [")
                .contains("failed in cellFinished: java.lang.IllegalStateException: boom")
                .hasLineCount(1);
    }

    private static RunListener recording(String name, List<String> heard) {
        return (RunListener) Proxy.newProxyInstance(RunListener.class.getClassLoader(),
                new Class<?>[] {RunListener.class}, (proxy, method, args) -> {
                    heard.add(name + " " + method.getName());
                    return null;
                });
    }

    private static Object[] arguments(Method method) {
        return Arrays.stream(method.getParameterTypes()).map(type -> type == int.class ? (Object) 0 : null).toArray();
    }
}
