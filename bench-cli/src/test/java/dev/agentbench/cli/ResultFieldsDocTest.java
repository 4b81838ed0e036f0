package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.Cpu;
import dev.agentbench.api.result.Figure;
import dev.agentbench.api.result.Fork;
import dev.agentbench.api.result.JvmContext;
import dev.agentbench.api.result.JvmRuntime;
import dev.agentbench.api.result.Memory;
import dev.agentbench.api.result.MockRestart;
import dev.agentbench.api.result.MockServeTime;
import dev.agentbench.api.result.MockWarmup;
import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.Sharding;
import dev.agentbench.api.result.TargetInfo;
import dev.agentbench.api.result.Throughput;
import dev.agentbench.api.result.TimeStats;
import dev.agentbench.api.result.Warmup;
import dev.agentbench.api.result.WarmupShape;
import dev.agentbench.core.BenchOptions;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code docs/result-fields.md} documents exactly the fields the result records have: every record
 * component of the result model is a row of its section's table, and every row names a component
 * that exists. A field added, renamed or removed without the reference fails here.
 */
class ResultFieldsDocTest {

    private static final Pattern ROW = Pattern.compile("^\\|\\s*`([^`]+)`\\s*\\|");

    @ParameterizedTest(name = "{0}")
    @ValueSource(classes = {RunInfo.class, PlannedCell.class, MockWarmup.class, MockRestart.class, MockServeTime.class,
            CellResult.class, Fork.class, Warmup.class, Warmup.Window.class, Cpu.class, TimeStats.class, Memory.class,
            Throughput.class, JvmContext.class, JvmRuntime.class, TargetInfo.class, Sharding.class, Sharding.Group.class,
            Sharding.Part.class,
            Figure.class})
    void everyComponentOfTheRecordIsDocumentedAndNothingElse(Class<?> record) throws IOException {
        Set<String> components = new LinkedHashSet<>();
        for (RecordComponent component : record.getRecordComponents()) {
            components.add(component.getName());
        }
        Set<String> documented = fieldsOfSection("(`" + record.getSimpleName() + "`)");
        assertThat(documented).as("fields documented for " + record.getSimpleName() + " in docs/result-fields.md")
                .containsExactlyInAnyOrderElementsOf(components);
    }

    @Test
    void everyWarmupShapeIsDocumentedAndNothingElse() throws IOException {
        Set<String> shapes = new LinkedHashSet<>();
        for (WarmupShape shape : WarmupShape.values()) {
            shapes.add(shape.name());
        }
        assertThat(fieldsOfSection("(`WarmupShape`)")).as("warm-up shapes documented in docs/result-fields.md")
                .containsExactlyInAnyOrderElementsOf(shapes);
    }

    @Test
    void everySettingOfRunJsonIsDocumentedAndNothingElse() throws IOException {
        Set<String> settings = BenchOptions.builder().build().settings().keySet();
        assertThat(fieldsOfSection("### `settings`")).as("run.json settings documented in docs/result-fields.md")
                .containsExactlyInAnyOrderElementsOf(settings);
    }

    /** The first column's field names of the tables under the one heading that contains {@code marker}. */
    static Set<String> fieldsOfSection(String marker) throws IOException {
        List<String> lines = Files.readAllLines(page(), StandardCharsets.UTF_8);
        List<Integer> headings = java.util.stream.IntStream.range(0, lines.size())
                .filter(i -> lines.get(i).startsWith("#") && lines.get(i).contains(marker)).boxed().toList();
        assertThat(headings).as("one heading of docs/result-fields.md contains [" + marker + "]").hasSize(1);
        Set<String> fields = new LinkedHashSet<>();
        for (int i = headings.get(0) + 1; i < lines.size() && !lines.get(i).startsWith("#"); i++) {
            Matcher row = ROW.matcher(lines.get(i));
            if (row.find()) {
                fields.addAll(Arrays.asList(row.group(1).split("`,\\s*`")));
            }
        }
        return fields;
    }

    private static Path page() {
        return DocFiles.repositoryRoot().resolve("docs/result-fields.md");
    }
}
