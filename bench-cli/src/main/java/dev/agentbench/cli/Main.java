package dev.agentbench.cli;

import dev.agentbench.api.Spelling;
import dev.agentbench.core.Build;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code java -jar bench-cli.jar}: the entry point. */
@Command(
        name = "agentbench",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "Measures what JVM LLM-agent frameworks cost by themselves, against a scripted "
                + "OpenAI-compatible mock.",
        subcommands = {RunCommand.class, ListCommand.class, MockCommand.class, ReportCommand.class, CompareCommand.class, AgreeCommand.class, VarianceCommand.class, MergeCommand.class, PageCommand.class, PublishCommand.class, CommandLine.HelpCommand.class},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:every planned cell finished OK or not applicable",
            "1:some cell failed or timed out, or the time budget stopped the run",
            "2:bad usage: an unknown option, target or benchmark, or a bad value",
            "3:compare found a regression; agree found two runs that disagree",
            "130:interrupted by Ctrl-C; the cells that finished are kept and reported",
            "143:stopped by SIGTERM, as by Ctrl-C"
        })
public final class Main implements Runnable {

    /** Every planned cell finished OK or not applicable. */
    public static final int OK = 0;
    /** Some cell failed or timed out, or the time budget stopped the run. */
    public static final int CELLS_FAILED = 1;
    /** Bad usage. */
    public static final int USAGE = 2;
    /** {@code compare} found a cell slower by more than the threshold, and significantly so. */
    public static final int REGRESSION = 3;
    /** {@code agree} found a checked cell outside its bound, or nothing it could check. */
    public static final int DISAGREE = 3;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    /** Whether standard output is a terminal, where progress may rewrite its line in place. */
    private boolean terminal;

    public static void main(String[] args) {
        System.exit(execute(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true), isTerminal()));
    }

    /** Runs a command line and returns its exit code; output is no terminal. Used by tests. */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        return execute(args, out, err, false);
    }

    /**
     * Runs a command line and returns its exit code.
     *
     * @param terminal whether {@code out} is a terminal (progress then rewrites its live line in place)
     */
    public static int execute(String[] args, PrintWriter out, PrintWriter err, boolean terminal) {
        Main main = new Main();
        main.terminal = terminal;
        CommandLine commandLine = commandLine(main);
        commandLine.setOut(out);
        commandLine.setErr(err);
        commandLine.setExitCodeExceptionMapper(exception -> USAGE);
        commandLine.setParameterExceptionHandler((exception, arguments) -> {
            CommandLine command = exception.getCommandLine();
            command.getErr().println("agentbench: " + parameterMessage(exception)
                    + " (see 'agentbench " + commandName(command) + "--help')");
            return USAGE;
        });
        commandLine.setExecutionExceptionHandler((exception, command, parseResult) -> {
            if (exception instanceof UsageException || exception instanceof IllegalArgumentException) {
                command.getErr().println("agentbench: " + exception.getMessage());
                return USAGE;
            }
            throw exception;
        });
        return commandLine.execute(args);
    }

    /** The command line of {@code main} and its commands, their help laid out by {@link HelpLayout}. */
    static CommandLine commandLine(Main main) {
        CommandLine commandLine = new CommandLine(main);
        HelpLayout.install(commandLine);
        return commandLine;
    }

    /**
     * Picocli's message, but an unknown command is called one, with the commands there are, and an
     * unknown command or option near a known one says which: {@code Unknown option: '--forsk'; did
     * you mean [--forks]?}.
     */
    private static String parameterMessage(CommandLine.ParameterException exception) {
        CommandLine command = exception.getCommandLine();
        String message = exception.getMessage().replace("option option", "option");
        if (!(exception instanceof CommandLine.UnmatchedArgumentException unmatched)
                || unmatched.getUnmatched().isEmpty()) {
            return message;
        }
        String first = unmatched.getUnmatched().get(0);
        if (command.getParent() == null && !first.startsWith("-")) {
            return "Unknown command [" + first + "]; " + Spelling.didYouMean(first, command.getSubcommands().keySet())
                    + "commands: " + String.join(", ", command.getSubcommands().keySet());
        }
        if (first.startsWith("--")) {
            String name = first.contains("=") ? first.substring(0, first.indexOf('=')) : first;
            List<String> longNames = command.getCommandSpec().optionsMap().keySet().stream()
                    .filter(option -> option.startsWith("--")).toList();
            String guess = Spelling.didYouMean(name, longNames);
            return guess.isEmpty() ? message : message + "; " + guess.strip();
        }
        return message;
    }

    private static String commandName(CommandLine command) {
        return command.getParent() == null ? "" : command.getCommandName() + " ";
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Whether standard output is a terminal, where progress may rewrite its line in place. */
    boolean terminal() {
        return terminal;
    }

    /**
     * Whether this JVM's standard output (and input) is an interactive terminal that understands
     * carriage return and erase-line: there is a console, and {@code TERM} is not {@code dumb}.
     */
    static boolean isTerminal() {
        return System.console() != null && !"dumb".equals(System.getenv("TERM"));
    }

    /** Bad input found after parsing: one line, exit code 2. */
    static final class UsageException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }

    /** The version from the jar's manifest, and the commit the harness was built from when the build knew it. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            // the first line stays "agentbench VERSION" alone: scripts read the version as its second word
            String version = Main.class.getPackage().getImplementationVersion();
            List<String> lines = new ArrayList<>();
            lines.add("agentbench " + (version == null ? "(development build)" : version));
            Build.commit().ifPresent(commit -> lines.add("Built from commit " + commit));
            lines.add("JVM: " + System.getProperty("java.vendor") + " " + System.getProperty("java.version"));
            return lines.toArray(String[]::new);
        }
    }
}
