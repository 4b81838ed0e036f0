package dev.agentbench.cli;

import dev.agentbench.api.Spelling;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import picocli.CommandLine.Option;

/**
 * Where the commands that read runs and print a table ({@code compare}, {@code agree}, {@code
 * variance}) put it: markdown or JSON on standard output ({@code --format}), and the JSON in a file
 * besides ({@code --json}). A picocli mixin: one declaration of the two options for all three.
 */
final class TableOutput {

    /** The formats standard output can take. */
    static final List<String> FORMATS = List.of("md", "json");

    @Option(names = {"-f", "--format"}, paramLabel = "FORMAT",
            description = "What standard output gets: md (markdown) or json (default: md).")
    private String format = "md";

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the JSON to FILE, whatever --format says.")
    private Path jsonFile;

    /** Refuses a format it does not know, before anything is read. */
    void check() {
        if (!FORMATS.contains(format)) {
            throw new Main.UsageException(Spelling.unknown("format", format, FORMATS));
        }
    }

    /** Writes {@code json} to the {@code --json} file, if any, and the format asked to {@code out}. */
    void print(PrintWriter out, String json, Supplier<String> markdown) {
        if (jsonFile != null) {
            CompareCommand.write(jsonFile, json);
        }
        out.print(format.equals("json") ? json : markdown.get());
        out.flush();
    }
}
