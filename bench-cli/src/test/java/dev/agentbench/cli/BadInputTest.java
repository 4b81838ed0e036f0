package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.agentbench.api.result.RunLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every kind of bad input to {@code run}, {@code list}, {@code report}, {@code merge} and {@code mock} gets exactly
 * one line on stderr that names the thing and the value, exit code 2, nothing on stdout, no stack
 * trace, and (for {@code run}) nothing made or started. In process; {@code BadInputJarIT} repeats a
 * few through the packaged jar's real entry point.
 */
class BadInputTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path temp;

    /** One bad command line; {@code {tmp}} in an argument or the expected text stands for the fixtures' folder. */
    record Case(String what, List<String> args, String expected) {

        @Override
        public String toString() {
            return what + ": " + String.join(" ", args);
        }

        String[] resolved() {
            List<String> all = new ArrayList<>();
            for (String arg : args) {
                all.add(arg.replace("{tmp}", temp.toString()));
            }
            if (!all.isEmpty() && all.get(0).equals("run") && !all.contains("--results-dir")) {
                all.add("--results-dir");
                all.add(temp.resolve("never").toString());
            }
            return all.toArray(String[]::new);
        }
    }

    private static Case bad(String what, String expected, String... args) {
        return new Case(what, List.of(args), expected);
    }

    static Stream<Case> cases() {
        return Stream.of(
                bad("unknown option", "agentbench: Unknown options: '--iterashuns', '5'; did you mean [--iterations]? "
                        + "(see 'agentbench run --help')", "run", "--iterashuns", "5"),
                bad("an option one letter off", "agentbench: Unknown options: '--forsk', '5'; did you mean [--forks]? (see "
                        + "'agentbench run --help')", "run", "--forsk", "5"),
                bad("an option near none", "agentbench: Unknown option: '--speed' (see 'agentbench run --help')",
                        "run", "--speed"),
                bad("unknown command", "agentbench: Unknown command [frobnicate]; commands: run, list, ",
                        "frobnicate"),
                bad("a command with two letters swapped", "agentbench: Unknown command [rnu]; did you mean [run]? "
                        + "commands: run, list, ", "rnu"),
                bad("a number that is no number",
                        "agentbench: Invalid value for option '--iterations': 'abc' is not an int", "run", "--iterations", "abc"),
                bad("too few iterations", "agentbench: Iterations [0] must be at least 1", "run", "--iterations", "0"),
                bad("a number too large", "'--iterations': '99999999999' is not an int",
                        "run", "--iterations", "99999999999"),
                bad("concurrency 0", "agentbench: Concurrency [0] must be at least 1", "run", "--concurrency", "0"),
                bad("an empty concurrency level", "agentbench: Invalid value for option '--concurrency' (N): '' is not "
                        + "an int", "run", "--concurrency", "1,,2"),
                bad("a concurrency level that is no number", "agentbench: Invalid value for option '--concurrency' (N): "
                        + "'x' is not an int", "run", "-c", "1,x"),
                bad("a concurrency level twice", "agentbench: Concurrency [8] is listed twice", "run", "-c", "1,8", "-c", "8"),
                bad("negative warm-up", "agentbench: Warmup [-1] must not be negative", "run", "--warmup", "-1"),
                bad("no fork", "agentbench: Forks [0] must be at least 1", "run", "--forks", "0"),
                bad("a profiler that is not supported",
                        "agentbench: Profiler [async] is not supported; use jfr (or none)", "run", "--profile", "async"),
                bad("forks that are no number", "agentbench: Invalid value for option '--forks': 'two' is not an int",
                        "run", "-f", "two"),
                bad("a zero measure time", "agentbench: Measure time [PT0S] must be positive", "run", "--measure-time", "0s"),
                bad("too few least iterations", "agentbench: Min iterations [0] must be at least 1",
                        "run", "--min-iterations", "0"),
                bad("most iterations below the least", "agentbench: Max iterations [50] must not be below min iterations "
                        + "[100]", "run", "--min-iterations", "100", "--max-iterations", "50"),
                bad("an exact count and a time box", "agentbench: --iterations [50] is an exact count of timed "
                        + "iterations; --measure-time [PT2S] is for a pass boxed by time instead: give one or the other",
                        "run", "--measure-time", "2s", "-i", "50"),
                bad("an exact count and a bound of the time box", "agentbench: --iterations [50] is an exact count of "
                        + "timed iterations; --max-iterations [80] is", "run", "-i", "50", "--max-iterations", "80"),
                bad("a warm-up cap below the warm-up time", "agentbench: Warmup max [PT5S] must not be below warmup time "
                        + "[PT10S]", "run", "--warmup-max", "5s", "--warmup-time", "10s"),
                bad("reruns of a fork below none", "agentbench: Reruns of a fork with no steady state [-1] must be at "
                        + "least 0", "run", "--rerun-unsteady", "-1"),
                bad("too few cold starts", "agentbench: Cold starts [-2] must be at least 1", "run", "--cold-starts", "-2"),
                bad("a duration that is no duration", "'--timeout': [soon] is not a duration such as 500ms, 90s, 10m, 1h "
                        + "or PT10M", "run", "--timeout", "soon"),
                bad("a duration without its unit", "'--max-duration': [10] is not a duration",
                        "run", "--max-duration", "10"),
                bad("a zero timeout", "agentbench: Timeout [PT0S] must be positive", "run", "--timeout", "0s"),
                bad("a gate of one column", "agentbench: --gate [raw] must name two columns, BASE,NEW, such as "
                        + "langchain4j@1.16.1,langchain4j@1.19.0", "run", "--gate", "raw"),
                bad("a gate of one column twice", "agentbench: Gate columns [raw] and [raw] are the same: name two "
                        + "columns", "run", "--gate", "raw,raw"),
                bad("a gate width of nothing", "agentbench: --gate-width [0%] must be above 0%",
                        "run", "--gate", "raw,noop", "--gate-width", "0%"),
                bad("a gate width that is no percentage", "agentbench: --gate-width [4] is not a percentage such as 4% "
                        + "or 2.5%", "run", "--gate", "raw,noop", "--gate-width", "4"),
                bad("a noise threshold of nothing", "agentbench: --noise-threshold [0%] must be a share of the machine "
                        + "above 0 and at most 100, such as 25 or 25%", "run", "--noise-threshold", "0%"),
                bad("a noise threshold that is no number", "agentbench: --noise-threshold [lots] must be a share of the "
                        + "machine above 0 and at most 100, such as 25 or 25%", "run", "--noise-threshold", "lots"),
                bad("too few gate forks", "agentbench: Gate max forks [1] must be at least 2",
                        "run", "--gate", "raw,noop", "--gate-max-forks", "1"),
                bad("a gate setting without a gate", "agentbench: --gate-width [4%] is a setting of gate mode: give "
                        + "--gate BASE,NEW too", "run", "--gate-width", "4%"),
                bad("a gate column the run does not measure", "agentbench: Gate column [noop] is not among the run's "
                        + "targets [raw]", "run", "--targets", "raw", "--gate", "raw,noop", "--dry-run"),
                bad("a negative warm-up time", "'--warmup-time': [-5s] is not a duration", "run", "--warmup-time", "-5s"),
                bad("unknown target", "agentbench: Unknown target [nope]; known targets: [", "run", "--targets", "raw,nope"),
                bad("unknown benchmark", "agentbench: Unknown benchmark [nope]; known benchmarks: [",
                        "run", "--benchmarks", "nope"),
                bad("a misspelt target", "agentbench: Unknown target [rwa]; did you mean [raw]? known targets: [",
                        "run", "--targets", "rwa"),
                bad("a misspelt benchmark", "agentbench: Unknown benchmark [histroy]; did you mean [history]? known "
                        + "benchmarks: [", "run", "--benchmarks", "histroy"),
                bad("a benchmark named by its beginning", "agentbench: Unknown benchmark [tools_par]; did you mean "
                        + "[tools_parallel]? known benchmarks: [", "run", "--benchmarks", "tools_par"),
                bad("all among other targets", "agentbench: Targets [all, raw]: all means every target found and "
                        + "stands alone", "run", "--targets", "all,raw"),
                bad("all among other benchmarks", "agentbench: Benchmarks [turn1, all]: all means every benchmark found "
                        + "and stands alone", "run", "-b", "turn1", "-b", "all"),
                bad("all targets and an unknown benchmark", "agentbench: Unknown benchmark [nope]; known benchmarks: [",
                        "run", "--targets", "all", "--benchmarks", "nope"),
                bad("all benchmarks and an unknown target", "agentbench: Unknown target [nope]; known targets: [",
                        "run", "--benchmarks", "all", "--targets", "nope"),
                bad("no target at all", "agentbench: Targets [,] has an empty name; give names separated by commas, "
                        + "such as raw,noop", "run", "--targets", ","),
                bad("an empty benchmark name", "agentbench: Benchmarks [turn1,,turn5] has an empty name",
                        "run", "-b", "turn1,,turn5"),
                bad("a target option without =", "agentbench: Value for option '--target-option' (KEY=VALUE) should be in "
                        + "KEY=VALUE format but was stream", "run", "-O", "stream"),
                bad("an option without its value", "agentbench: Missing required parameter for option '--jvm-arg'",
                        "run", "--results-dir", "{tmp}/never", "--jvm-arg"),
                bad("a parameter without values", "agentbench: --param [history] must be NAME=V1,V2,..., such as "
                        + "history=1,64", "run", "--param", "history"),
                bad("a parameter with an empty value", "agentbench: --param [history=1,,64] has an empty value; give "
                        + "values separated by commas, such as history=1,64", "run", "--param", "history=1,,64"),
                bad("a parameter given twice", "agentbench: --param [history] is given twice; give its values in one, "
                        + "such as history=1,64", "run", "--param", "history=1", "--param", "history=64"),
                bad("a parameter value that cannot name a cell", "agentbench: Parameter [history] value [1/6] must match "
                        + "[A-Za-z0-9.]{1,32}", "run", "--param", "history=1/6"),
                bad("a parameter name that is no name", "agentbench: Parameter name [History] must match "
                        + "[a-z][a-z0-9_]{0,31}", "run", "--param", "History=1"),
                bad("a parameter no selected benchmark declares", "agentbench: Parameter [nosuch] is declared by none "
                        + "of the selected benchmarks [turn1]", "run", "--benchmarks", "turn1", "--param", "nosuch=1"),
                bad("a missing plugin directory", "agentbench: Plugin path [{tmp}/missing] does not exist",
                        "run", "--plugins", "{tmp}/missing"),
                bad("list: a missing plugin directory", "agentbench: Plugin path [{tmp}/missing] does not exist",
                        "list", "--plugins", "{tmp}/missing"),
                bad("a plugin path that is neither jar nor folder",
                        "agentbench: Plugin path [{tmp}/notes.txt] is neither a jar nor a folder",
                        "list", "--plugins", "{tmp}/notes.txt"),
                bad("a corrupt jar in a plugin folder", "agentbench: Plugin jar [{tmp}/corrupt/target.jar] is not a "
                        + "readable jar: ", "list", "--plugins", "{tmp}/corrupt"),
                bad("a corrupt plugin jar", "agentbench: Plugin jar [{tmp}/corrupt.jar] is not a readable jar: ",
                        "run", "--plugins", "{tmp}/corrupt.jar", "--targets", "noop"),
                bad("a results directory that is a file",
                        "agentbench: Results directory [{tmp}/notes.txt] is a file, not a directory",
                        "run", "--targets", "noop", "--results-dir", "{tmp}/notes.txt"),
                bad("a results directory under a file",
                        "agentbench: Results directory [{tmp}/notes.txt/results] cannot be made: [{tmp}/notes.txt] is a file",
                        "run", "--targets", "noop", "--results-dir", "{tmp}/notes.txt/results"),
                bad("report: a missing directory", "agentbench: No such run directory [{tmp}/missing]",
                        "report", "{tmp}/missing"),
                bad("report: a directory that is no run", "agentbench: No run.json in [{tmp}/empty]: not a run directory",
                        "report", "{tmp}/empty"),
                bad("report: a run.json that is not JSON", "agentbench: Cannot build the reports of [{tmp}/not-json]: "
                        + "[{tmp}/not-json/run.json] is not a run's run.json: truncated at line 1, column 11 (Unexpected end-of-input",
                        "report", "{tmp}/not-json"),
                bad("report: a run.json of a newer format", "agentbench: [{tmp}/newer-run/run.json] is results format "
                        + (RunLayout.FORMAT + 1) + "; this agentbench reads format " + RunLayout.FORMAT
                        + " (use a newer agentbench)", "report", "{tmp}/newer-run"),
                bad("report: a cell result of a newer format", "agentbench: [{tmp}/newer-cell/noop/turn1.json] is results "
                        + "format " + (RunLayout.FORMAT + 2) + "; this agentbench reads format " + RunLayout.FORMAT
                        + " (use a newer agentbench)", "report", "{tmp}/newer-cell"),
                bad("report: an unknown format", "agentbench: Unknown format [pdf]; known formats: [json, md, html, jmh]",
                        "report", "{tmp}/newer-run", "--format", "pdf"),
                bad("report: no run directory", "agentbench: Missing required parameter: 'RUN_DIR'", "report"),
                bad("report: two run directories", "agentbench: Unmatched argument at index 2: '{tmp}/empty'",
                        "report", "{tmp}/missing", "{tmp}/empty"),
                bad("a shard that is no K/N", "agentbench: Shard [half] must be K/N, for example 1/4",
                        "run", "--shard", "half"),
                bad("a shard beyond the count", "agentbench: Shard [3/2] must be between 1/2 and 2/2",
                        "run", "--shard", "3/2"),
                bad("a shard named twice", "agentbench: --shard [1/2] and --shards [2] both name the shard: give one",
                        "run", "--shard", "1/2", "--shards", "2"),
                bad("more shards than the plan has groups", "agentbench: Shard [2/2] has nothing to run: the plan has 1 "
                        + "group (a benchmark at one concurrency level, with all its targets), so split it into at most "
                        + "1 shard", "run", "--targets", "noop", "--benchmarks", "turn1", "--shard", "2/2"),
                bad("merge: no run directory", "agentbench: Missing required parameter: 'RUN_DIR'", "merge"),
                bad("merge: a missing directory", "agentbench: No such run directory [{tmp}/missing]",
                        "merge", "{tmp}/missing"),
                bad("merge: a run that is no shard", "agentbench: Run [{tmp}/plain-run] is not a shard: its run.json "
                        + "records no shard (run it with --shard K/N or --shards N)", "merge", "{tmp}/plain-run",
                        "-o", "{tmp}/never"),
                bad("merge: an output directory and a results directory", "agentbench: -o [{tmp}/never] names the "
                        + "merged run's directory and --results-dir [{tmp}/never] where to make one: give one",
                        "merge", "{tmp}/plain-run", "-o", "{tmp}/never", "--results-dir", "{tmp}/never"),
                bad("mock: a port out of range", "agentbench: Port [70000] must be from 0 to 65535", "mock", "--port", "70000"),
                bad("mock: a port that is no number", "agentbench: Invalid value for option '--port': 'http' is not an int",
                        "mock", "--port", "http"),
                bad("mock: a missing script file", "agentbench: Script file [{tmp}/missing.json] does not exist",
                        "mock", "--script", "{tmp}/missing.json"),
                bad("mock: a script file that is a directory", "agentbench: Script file [{tmp}/empty] is not a file",
                        "mock", "--script", "{tmp}/empty"),
                bad("mock: a malformed script file", "agentbench: Script file [{tmp}/malformed.json]: Malformed JSON: ",
                        "mock", "--script", "{tmp}/malformed.json"),
                bad("mock: a script file that is not a script", "agentbench: Script file [{tmp}/wrong.json]: turn 1: ",
                        "mock", "--script", "{tmp}/wrong.json"),
                bad("mock: a script file that is not text", "agentbench: Script file [{tmp}/latin1.json] is not UTF-8 text",
                        "mock", "--script", "{tmp}/latin1.json"),
                bad("mock: no text chunks", "agentbench: Text chunks [0] must be between 1 and ",
                        "mock", "--text-chunks", "0"));
    }

    @BeforeAll
    static void fixtures() throws Exception {
        Files.createDirectories(temp.resolve("empty"));
        Files.writeString(temp.resolve("notes.txt"), "not a plugin\n");
        byte[] notAJar = "PK? a download cut short".getBytes(StandardCharsets.US_ASCII);
        Files.write(temp.resolve("corrupt.jar"), notAJar);
        Files.createDirectories(temp.resolve("corrupt"));
        Files.write(temp.resolve("corrupt").resolve("target.jar"), notAJar);
        Files.createDirectories(temp.resolve("not-json"));
        Files.writeString(temp.resolve("not-json").resolve("run.json"), "{\"runId\": ");
        Path newerRun = ReportCommandTest.run(temp.resolve("newer"));
        Files.move(newerRun, temp.resolve("newer-run"));
        ObjectNode info = (ObjectNode) JSON.readTree(temp.resolve("newer-run/run.json").toFile());
        JSON.writeValue(temp.resolve("newer-run/run.json").toFile(), info.put("format", RunLayout.FORMAT + 1));
        Files.move(ReportCommandTest.run(temp.resolve("plain")), temp.resolve("plain-run"));
        Path newerCell = ReportCommandTest.run(temp.resolve("newer"));
        Files.move(newerCell, temp.resolve("newer-cell"));
        ObjectNode cell = (ObjectNode) JSON.readTree(temp.resolve("newer-cell/noop/turn1.json").toFile());
        JSON.writeValue(temp.resolve("newer-cell/noop/turn1.json").toFile(), cell.put("format", RunLayout.FORMAT + 2));
        Files.writeString(temp.resolve("malformed.json"), "{not json");
        Files.writeString(temp.resolve("wrong.json"), "{\"turns\": [[{\"text\": 5}]]}");
        Files.write(temp.resolve("latin1.json"), "{\"name\": \"caf\u00e9\"}".getBytes(StandardCharsets.ISO_8859_1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void isOneClearLineAndExitCode2(Case bad) throws Exception {
        CommandLineTest.Outcome outcome = CommandLineTest.execute(bad.resolved());
        String expected = bad.expected().replace("{tmp}", temp.toString());
        assertOneClearLine(outcome.exitCode(), outcome.out(), outcome.err(), expected);
        assertThat(temp.resolve("never")).as("nothing made for a refused run").doesNotExist();
    }

    /** Exit code 2, nothing on stdout, one line on stderr that starts with or holds {@code expected}, no stack trace. */
    static void assertOneClearLine(int exitCode, String out, String err, String expected) {
        assertThat(exitCode).as(err).isEqualTo(Main.USAGE);
        assertThat(out).as("stdout").isEmpty();
        assertThat(err.lines()).as("stderr").singleElement().asString().contains(expected);
        assertThat(err).as("no stack trace").doesNotContain("Exception", "\tat ", "Caused by");
    }
}
