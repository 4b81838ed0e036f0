package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.core.BenchmarkDescriptor;
import dev.agentbench.core.Registry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README's tables of commands and of benchmarks name every command {@code --help} shows and every
 * built-in benchmark {@code list} shows, so that a newcomer reading the README sees all there is.
 */
class ReadmeTablesTest {

    private static final Pattern NAME = Pattern.compile("`([a-z0-9_]+)[^`]*`");

    /** The names in backticks in the first cell of each row of the README table whose header starts so. */
    private static List<String> firstColumn(String header) throws IOException {
        List<String> lines = Files.readAllLines(DocFiles.repositoryRoot().resolve("README.md"), StandardCharsets.UTF_8);
        int start = lines.indexOf(header);
        assertThat(start).as("README.md has a table headed %s", header).isNotNegative();
        List<String> names = new ArrayList<>();
        for (int i = start + 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            Matcher name = NAME.matcher(lines.get(i).split("\\|")[1]);
            while (name.find()) {
                names.add(name.group(1));
            }
        }
        return names;
    }

    @Test
    void theCommandsTableNamesEveryCommand() throws IOException {
        List<String> commands = new ArrayList<>(Main.commandLine(new Main()).getSubcommands().keySet());
        commands.remove("help");
        assertThat(firstColumn("| command | what it does |")).containsAll(commands);
    }

    @Test
    void theBenchmarksTableNamesEveryBuiltInBenchmark() throws IOException {
        List<String> benchmarks = Registry.load(List.of()).benchmarks().stream().map(BenchmarkDescriptor::name).toList();
        assertThat(benchmarks).contains("turn1", "stream_text");
        assertThat(firstColumn("| benchmark | what it measures |")).containsAll(benchmarks);
    }
}
