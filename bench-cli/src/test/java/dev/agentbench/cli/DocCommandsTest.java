package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every command the documents show runs as shown: each {@code agentbench ...} and
 * {@code java -jar bench-cli/target/bench-cli.jar ...} command in a code block of README.md and
 * docs/**&#47;*.md is parsed with the real command line's model, so that a renamed option, a
 * command that does not exist or a value that does not convert fails here with the file, the line
 * and picocli's message. {@code docs/cli.md} is left out: its examples are the commands' own help
 * text, which {@link CliReferenceTest} keeps equal to the code.
 */
class DocCommandsTest {

    /** A command found in a document, split into its arguments (after the program). */
    record DocCommand(DocFiles.CodeLine where, String text, List<String> args) {}

    private static final Pattern PROGRAM =
            Pattern.compile("(?:^|&&|;|\\|\\|)\\s*(?:agentbench|java -jar bench-cli/target/bench-cli\\.jar)(?=\\s|$)");
    private static final Pattern PROMPT = Pattern.compile("^\\s*\\$ ");

    /** Every command in the documents' code blocks, in file and line order. */
    static List<DocCommand> commands() {
        List<DocCommand> found = new ArrayList<>();
        for (Path file : DocFiles.markdown()) {
            if (file.endsWith(Path.of("docs", "cli.md"))) {
                continue;
            }
            found.addAll(commands(DocFiles.codeLines(file)));
        }
        return found;
    }

    /**
     * The commands among code lines. A line ending in a backslash continues on the next; where a
     * block shows a prompt ({@code $ }), only prompted lines are commands and the rest is output.
     */
    static List<DocCommand> commands(List<DocFiles.CodeLine> lines) {
        List<DocCommand> found = new ArrayList<>();
        boolean prompted = false;
        for (int i = 0; i < lines.size(); i++) {
            if (i == 0 || lines.get(i).line() != lines.get(i - 1).line() + 1) {
                prompted = false;
                for (int j = i; j < lines.size() && (j == i || lines.get(j).line() == lines.get(j - 1).line() + 1); j++) {
                    prompted |= PROMPT.matcher(lines.get(j).text()).find();
                }
            }
            DocFiles.CodeLine first = lines.get(i);
            StringBuilder text = new StringBuilder(first.text());
            while (text.toString().stripTrailing().endsWith("\\") && i + 1 < lines.size()
                    && lines.get(i + 1).line() == lines.get(i).line() + 1) {
                String joined = text.toString().stripTrailing();
                text = new StringBuilder(joined.substring(0, joined.length() - 1)).append(' ').append(lines.get(++i).text().strip());
            }
            String line = text.toString();
            if (prompted) {
                Matcher prompt = PROMPT.matcher(line);
                if (!prompt.find()) {
                    continue;
                }
                line = line.substring(prompt.end());
            }
            Matcher program = PROGRAM.matcher(line);
            if (program.find()) {
                String rest = line.substring(program.end());
                List<String> args = shellWords(rest);
                found.add(new DocCommand(first, line.substring(program.start()).replaceFirst("^(&&|;|\\|\\|)\\s*", "").strip(), args));
            }
        }
        return found;
    }

    /**
     * Splits a command line as a POSIX shell would for the cases documents use: blanks, single and
     * double quotes, backslash escapes; it stops at a comment ({@code #}) or at {@code &&}, {@code ||},
     * {@code ;}, {@code |}, {@code >} and {@code <}, which end the command.
     */
    static List<String> shellWords(String text) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else if (c == '\\' && quote == '"' && i + 1 < text.length()) {
                    word.append(text.charAt(++i));
                } else {
                    word.append(c);
                }
            } else if (Character.isWhitespace(c)) {
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
            } else if (word == null && (c == '#' || c == ';' || c == '&' || c == '|' || c == '>' || c == '<')) {
                break;
            } else if (c == '\'' || c == '"') {
                quote = c;
                word = word == null ? new StringBuilder() : word;
            } else if (c == '\\' && i + 1 < text.length()) {
                word = word == null ? new StringBuilder() : word;
                word.append(text.charAt(++i));
            } else {
                word = word == null ? new StringBuilder() : word;
                word.append(c);
            }
        }
        if (word != null) {
            words.add(word.toString());
        }
        return words;
    }

    @Test
    void everyDocumentedCommandParses() {
        List<DocCommand> commands = commands();
        List<String> failures = new ArrayList<>();
        for (DocCommand command : commands) {
            try {
                new CommandLine(new Main()).parseArgs(command.args().toArray(String[]::new));
            } catch (CommandLine.ParameterException e) {
                failures.add(command.where().where() + ": " + command.text() + "\n    " + e.getMessage());
            }
        }
        assertThat(failures).as("documented commands the command line refuses").isEmpty();
        // The scan itself must work: the README's and the guides' commands are found.
        assertThat(commands).extracting(command -> DocFiles.repositoryRoot().relativize(command.where().file()).toString())
                .contains("README.md", "docs/user-guide.md", "docs/plugin-guide.md", "docs/running.md");
        assertThat(commands.size()).isGreaterThan(20);
    }

    @Test
    void theScanFindsCommandsAsAReaderSeesThem() {
        Path file = Path.of("x.md");
        List<DocFiles.CodeLine> block = List.of(
                new DocFiles.CodeLine(file, 3, "mvn -B package && java -jar bench-cli/target/bench-cli.jar run --targets raw \\"),
                new DocFiles.CodeLine(file, 4, "    --iterations 20   # short"),
                new DocFiles.CodeLine(file, 9, "$ agentbench report 'results/my run' > out.txt"),
                new DocFiles.CodeLine(file, 10, "agentbench 0.1.0 (output, not a command)"),
                new DocFiles.CodeLine(file, 12, "agentbench: an error line"),
                new DocFiles.CodeLine(file, 13, "dev.agentbench list"));
        assertThat(commands(block)).extracting(DocCommand::args).containsExactly(
                List.of("run", "--targets", "raw", "--iterations", "20"),
                List.of("report", "results/my run"));
    }

    @Test
    void aCommandThatDoesNotExistIsCaught() {
        assertThat(parseError("run --iterashuns 5")).contains("--iterashuns");
        assertThat(parseError("run --timeout soon")).contains("soon");
        assertThat(parseError("frobnicate")).contains("frobnicate");
    }

    private static String parseError(String args) {
        try {
            new CommandLine(new Main()).parseArgs(shellWords(args).toArray(String[]::new));
            return "";
        } catch (CommandLine.ParameterException e) {
            return e.getMessage();
        }
    }
}
