package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

class HelpLayoutTest {

    /** Every command's help at {@code width} columns. */
    private static Map<String, String> helps(int width) {
        CommandLine main = Main.commandLine(new Main());
        List<CommandLine> commands = new ArrayList<>(List.of(main));
        commands.addAll(main.getSubcommands().values());
        java.util.LinkedHashMap<String, String> helps = new java.util.LinkedHashMap<>();
        for (CommandLine command : commands) {
            command.setUsageHelpAutoWidth(false);
            command.setUsageHelpWidth(width);
            helps.put(command.getCommandSpec().qualifiedName(), command.getUsageMessage(CommandLine.Help.Ansi.OFF));
        }
        return helps;
    }

    private static List<String> words(String text) {
        return Arrays.stream(text.split("\\s+")).filter(word -> !word.isEmpty()).toList();
    }

    @Test
    void noCommandsHelpBreaksAWordAcrossLines() {
        Map<String, String> narrow = helps(CommandLine.Model.UsageMessageSpec.DEFAULT_USAGE_WIDTH);
        Map<String, String> wide = helps(1000);
        // the same words in the same order whatever the width: a word broken at a line's end (summary. / json)
        // would be two words at 80 columns and one at 1,000
        narrow.forEach((command, help) -> assertThat(words(help)).as(command).isEqualTo(words(wide.get(command))));
    }

    @Test
    void everyLineButAnExampleStopsShortOfTheWidth() {
        helps(CommandLine.Model.UsageMessageSpec.DEFAULT_USAGE_WIDTH).forEach((command, help) -> help.lines()
                .filter(line -> !line.startsWith("  agentbench "))
                .forEach(line -> assertThat(line.length()).as(command + ": " + line).isLessThan(80)));
    }

    @Test
    void runListsItsOptionsUnderHeadingsMostAskedForFirst() {
        String help = helps(CommandLine.Model.UsageMessageSpec.DEFAULT_USAGE_WIDTH).get("agentbench run");
        List<String> headings = RunCommand.HELP_GROUPS.stream().map(group -> group.heading() + ":").toList();
        assertThat(help.lines().filter(headings::contains).toList()).isEqualTo(headings);
        assertThat(help).startsWith("Usage: agentbench run [OPTIONS]");
        assertThat(help.indexOf("What to run:")).isLessThan(help.indexOf("  -t, --targets"));
        assertThat(help.indexOf("  -t, --targets")).isLessThan(help.indexOf("How long and how precisely:"));
        assertThat(help.indexOf("How long and how precisely:")).isLessThan(help.indexOf("  -f, --forks=N"));
        // the help options last, under no heading
        assertThat(help.indexOf("  -V, --version")).isGreaterThan(help.indexOf("      --shards=N"));
        // examples whole, one command a line, and the exit codes as one paragraph
        assertThat(help).contains("\n  agentbench run --benchmarks load --concurrency 1,16,64,256 --model-latency 200ms\n")
                .contains("\nExit codes: 0 every cell OK; 1 some cell failed or timed out, or the budget or\n"
                        + "a failed write (a full disk) stopped the run; 2 bad usage, or a results\n");
    }

    @Command(name = "grouped", mixinStandardHelpOptions = true)
    static final class Grouped implements HelpLayout.Grouped {
        @Option(names = "--alpha", description = "A.")
        boolean alpha;

        @Option(names = "--beta", description = "B.")
        boolean beta;

        List<HelpLayout.Group> groups = List.of(new HelpLayout.Group("First", "--alpha", "--beta"));

        @Override
        public List<HelpLayout.Group> helpGroups() {
            return groups;
        }
    }

    private static String help(Grouped command) {
        CommandLine commandLine = new CommandLine(command);
        HelpLayout.install(commandLine);
        return commandLine.getUsageMessage(CommandLine.Help.Ansi.OFF);
    }

    @Test
    void aGroupedCommandNamesEachOptionOnce() {
        Grouped command = new Grouped();
        // descriptions three columns after the longest name, --version
        assertThat(help(command)).contains("First:\n      --alpha     A.\n      --beta      B.\n\n"
                + "  -h, --help      Show");

        command.groups = List.of(new HelpLayout.Group("First", "--alpha"));
        assertThatThrownBy(() -> help(command)).isInstanceOf(IllegalStateException.class)
                .hasMessage("Option [--beta] of grouped is in no help group");

        command.groups = List.of(new HelpLayout.Group("First", "--alpha", "--beta", "--gamma"));
        assertThatThrownBy(() -> help(command)).isInstanceOf(IllegalStateException.class)
                .hasMessage("Help group [First] names [--gamma], which is no option of grouped or is named twice");
    }

    @Test
    void wrapBreaksAtSpacesOnlyAndLetsALongWordStandAlone() {
        StringBuilder out = new StringBuilder();
        HelpLayout.wrap(out, "see summary.json and ./results/latest/report.md now", 0, 2, 20);
        assertThat(out.toString()).isEqualTo("see summary.json and\n  ./results/latest/report.md\n  now\n");
    }
}
