package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code docs/cli.md} is the command line's own help, every command's {@code --help}, as picocli
 * renders it: this test renders it again and fails with the first differing lines when the two
 * part. After a change to a command, regenerate the page with
 * {@code mvn -pl bench-cli test -Dtest=CliReferenceTest -Dagentbench.docs.update=true} (the test then
 * fails, saying it rewrote the page), review the diff, and run it again without the property.
 */
class CliReferenceTest {

    static final String UPDATE = "agentbench.docs.update";

    /** The page, from the commands' picocli model. */
    static String render() {
        CommandLine main = commandLine();
        StringBuilder page = new StringBuilder();
        page.append("# Command-line reference\n\n")
                .append("<!-- Generated from the commands' own help by bench-cli's CliReferenceTest; do not edit by hand. -->\n\n")
                .append("Every command's `--help`, as `java -jar bench-cli/target/bench-cli.jar <command> --help` prints it.\n")
                .append("The [user guide](user-guide.md) explains the options by task.\n\n");
        List<CommandLine> commands = new ArrayList<>(List.of(main));
        for (Map.Entry<String, CommandLine> sub : main.getSubcommands().entrySet()) {
            if (!sub.getKey().equals("help")) {
                commands.add(sub.getValue());
            }
        }
        page.append("Commands:");
        for (CommandLine command : commands.subList(1, commands.size())) {
            String name = command.getCommandName();
            page.append(" [`").append(name).append("`](#agentbench-").append(name).append(")");
        }
        page.append(".\n");
        for (CommandLine command : commands) {
            String title = command == main ? "agentbench" : "agentbench " + command.getCommandName();
            page.append("\n## ").append(title).append("\n\n```text\n")
                    .append(command.getUsageMessage(CommandLine.Help.Ansi.OFF).stripTrailing().replaceAll("[ \\t]+\\n", "\n"))
                    .append("\n```\n");
        }
        return page.toString();
    }

    private static CommandLine commandLine() {
        CommandLine commandLine = Main.commandLine(new Main());
        commandLine.setUsageHelpAutoWidth(false);
        commandLine.setUsageHelpWidth(CommandLine.Model.UsageMessageSpec.DEFAULT_USAGE_WIDTH);
        return commandLine;
    }

    @Test
    void cliMdIsTheCommandsOwnHelp() throws Exception {
        Path page = DocFiles.repositoryRoot().resolve("docs/cli.md");
        String rendered = render();
        String documented = Files.isRegularFile(page) ? Files.readString(page, StandardCharsets.UTF_8) : "";
        if (Boolean.getBoolean(UPDATE) && !documented.equals(rendered)) {
            Files.writeString(page, rendered, StandardCharsets.UTF_8);
            fail("Rewrote docs/cli.md (-D" + UPDATE + "=true): review its diff, then run the test again without -D"
                    + UPDATE + "\n" + firstDifference(documented, rendered));
        }
        if (!documented.equals(rendered)) {
            fail("docs/cli.md is not the commands' help any more; regenerate it with -D" + UPDATE + "=true\n"
                    + firstDifference(documented, rendered));
        }
        assertThat(rendered).contains("## agentbench run", "## agentbench list", "## agentbench report", "## agentbench mock");
    }

    /** The first differing line of the two texts, with its neighbours, as a small diff. */
    static String firstDifference(String documented, String rendered) {
        List<String> left = documented.lines().toList();
        List<String> right = rendered.lines().toList();
        int line = 0;
        while (line < left.size() && line < right.size() && left.get(line).equals(right.get(line))) {
            line++;
        }
        StringBuilder diff = new StringBuilder("first difference at line " + (line + 1) + ":\n");
        for (int i = Math.max(0, line - 2); i < line; i++) {
            diff.append("  ").append(left.get(i)).append('\n');
        }
        for (int i = line; i < Math.min(left.size(), line + 5); i++) {
            diff.append("- ").append(left.get(i)).append('\n');
        }
        for (int i = line; i < Math.min(right.size(), line + 5); i++) {
            diff.append("+ ").append(right.get(i)).append('\n');
        }
        return diff.toString();
    }
}
