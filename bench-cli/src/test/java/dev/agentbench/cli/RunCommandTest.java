package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.agentbench.core.measure.PassSettings;
import dev.agentbench.core.measure.Setting;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code run}'s options of the pass settings: as the settings declare them, and their values reaching run.json. */
class RunCommandTest {

    /** The run command line, parsed, not run. */
    private static RunCommand parse(String... args) {
        CommandLine main = new CommandLine(new Main());
        List<String> line = new ArrayList<>(List.of("run"));
        line.addAll(List.of(args));
        main.parseArgs(line.toArray(String[]::new));
        return main.getSubcommands().get("run").getCommand();
    }

    private static Map<String, String> settings(String... args) {
        return parse(args).options().build().settings();
    }

    @Test
    void eachPassSettingsOptionReachesRunJsonUnderTheSettingsName() {
        Map<String, String> given = new LinkedHashMap<>();
        given.put("--forks=2", "forks=2");
        given.put("--measure-time=2s", "measureTime=PT2S");
        given.put("--min-iterations=3", "minIterations=3");
        given.put("--max-iterations=50", "maxIterations=50");
        given.put("--warmup-time=1s", "warmupTime=PT1S");
        given.put("--warmup-max=4s", "warmupMax=PT4S");
        given.put("--warmup=2", "warmup=2");
        given.put("--window-iterations=7", "windowIterations=7");
        given.put("--footprint-agents=7", "footprintAgents=7");
        given.put("--growth-sessions=8", "growthSessions=8");
        given.put("--held-sessions=5", "heldSessions=5");
        given.put("--cold-starts=9", "coldStarts=9");
        given.put("--model-latency=50ms", "modelLatency=PT0.05S");
        given.put("--model-chunk-delay=5ms", "modelChunkDelay=PT0.005S");
        given.put("--load-threads=VIRTUAL", "loadThreads=virtual");
        given.put("--profile=jfr", "profile=jfr");

        Map<String, String> settings = settings(given.keySet().toArray(String[]::new));

        given.values().forEach(entry -> assertThat(settings).containsEntry(entry.split("=")[0], entry.split("=")[1]));
        assertThat(settings("-i", "6")).containsEntry("iterations", "6");
        assertThat(settings()).containsEntry("iterations", "time-boxed").containsEntry("forks", "3")
                .containsEntry("dryRun", "false");
        assertThat(settings("--dry-run", "--forks", "5")).containsEntry("dryRun", "true").containsEntry("forks", "1")
                .containsEntry("iterations", "1");
        List<String> covered = new ArrayList<>(given.keySet().stream().map(option -> option.split("=")[0]).toList());
        covered.addAll(List.of("--iterations", "--dry-run"));
        assertThat(PassSettings.SETTINGS.stream().filter(setting -> !setting.options().isEmpty())
                .map(setting -> setting.options().get(setting.options().size() - 1)))
                .as("every pass setting's option is given above").containsExactlyInAnyOrderElementsOf(covered);
    }

    @Test
    void eachPassSettingsOptionIsDeclaredBySettingAndListedAfterConcurrency() {
        CommandLine.Model.CommandSpec run = new CommandLine(new Main()).getSubcommands().get("run").getCommandSpec();
        List<String> order = run.options().stream().map(CommandLine.Model.OptionSpec::longestName).toList();
        int after = order.indexOf("--concurrency");
        for (Setting<?> setting : PassSettings.SETTINGS) {
            if (setting.options().isEmpty()) {
                continue;
            }
            CommandLine.Model.OptionSpec option = run.findOption(setting.options().get(setting.options().size() - 1));
            assertThat(option).as(setting.name()).isNotNull();
            assertThat(option.names()).as(setting.name()).containsExactlyInAnyOrderElementsOf(setting.options());
            assertThat(String.join(" ", option.description())).isEqualTo(setting.help());
            assertThat(option.arity().max()).as(setting.name()).isEqualTo(setting.flag() ? 0 : 1);
            assertThat(order.indexOf(option.longestName())).as(setting.name()).isEqualTo(++after);
        }
        assertThat(order).endsWith("--version");
    }

    @Test
    void aBadValueIsRefusedAsTheSettingChecksIt() {
        assertThatThrownBy(() -> parse("--forks", "0").options().build()).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Forks [0] must be at least 1");
        assertThatThrownBy(() -> parse("--load-threads", "green").options().build())
                .hasMessage("Load threads [green] must be platform or virtual");
        assertThatThrownBy(() -> parse("-i", "5", "--measure-time", "2s").options())
                .hasMessage("--iterations [5] is an exact count of timed iterations; --measure-time [PT2S] is for a pass "
                        + "boxed by time instead: give one or the other");
    }
}
