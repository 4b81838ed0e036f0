package dev.agentbench.cli;

import dev.agentbench.core.BenchmarkDescriptor;
import dev.agentbench.core.Harness;
import dev.agentbench.core.Registry;
import dev.agentbench.core.TargetDescriptor;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code agentbench list}: the targets and benchmarks a run can see, one line each; under a benchmark
 * with parameters, one line per parameter with its defaults, as the {@code --param} that gives them.
 */
@Command(
        name = "list",
        mixinStandardHelpOptions = true,
        description = "Lists the targets and benchmarks a run can use, each with its one-line description, and "
                + "under a benchmark its parameters with their default values (as run --param takes them).",
        footerHeading = "%nExamples:%n",
        footer = {"  agentbench list", "  agentbench list --plugins ./my-plugins"})
final class ListCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--plugins", paramLabel = "DIR",
            description = "A folder of target plugin folders, or one plugin folder or jar; repeatable.")
    private List<Path> plugins = new ArrayList<>();

    @Override
    public Integer call() {
        Registry registry = Registry.load(Harness.pluginPaths(plugins));
        PrintWriter out = spec.commandLine().getOut();
        out.println("Targets:");
        int width = registry.targets().stream().mapToInt(target -> target.name().length()).max().orElse(0);
        for (TargetDescriptor target : registry.targets()) {
            out.println("  " + pad(target.name(), width) + "  " + target.description()
                    + (target.builtIn() ? "" : "  [" + target.location() + "]"));
        }
        out.println();
        out.println("Benchmarks:");
        width = registry.benchmarks().stream().mapToInt(benchmark -> benchmark.name().length()).max().orElse(0);
        for (BenchmarkDescriptor benchmark : registry.benchmarks()) {
            out.println("  " + pad(benchmark.name(), width) + "  " + benchmark.description()
                    + (benchmark.supportsConcurrency() ? "  (concurrency)" : "")
                    + (benchmark.builtIn() ? "" : "  [" + benchmark.location() + "]"));
            List<String> params = benchmark.parameters().stream()
                    .map(parameter -> "--param " + parameter.name() + "=" + String.join(",", parameter.defaults()))
                    .toList();
            int paramWidth = params.stream().mapToInt(String::length).max().orElse(0);
            for (int i = 0; i < params.size(); i++) {
                out.println("  " + " ".repeat(width) + "    " + pad(params.get(i), paramWidth) + "  "
                        + benchmark.parameters().get(i).description());
            }
        }
        return Main.OK;
    }

    private static String pad(String text, int width) {
        return text + " ".repeat(width - text.length());
    }
}
