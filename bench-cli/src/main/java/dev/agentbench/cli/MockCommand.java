package dev.agentbench.cli;

import dev.agentbench.api.Benchmark;
import dev.agentbench.api.script.Script;
import dev.agentbench.mock.MockConfig;
import dev.agentbench.mock.MockServer;
import dev.agentbench.mock.ScriptJson;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code agentbench mock}: the scripted mock model on its own, for trying a client by hand. */
@Command(
        name = "mock",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Serves the scripted OpenAI-compatible mock until Ctrl-C: each script at /s/<name>/v1, and a "
                    + "marker script at /v1 driven by the last user message (!batchN, !err, !hang, !slowN).",
            ""
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  agentbench mock --builtins",
            "  agentbench mock --port 8080 --script my-script.json",
            "  curl -s http://127.0.0.1:8080/s/my-script/v1/chat/completions \\",
            "       -d '{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}'",
            "",
            "Script files are validated on load; the format is in docs/mock.md."
        })
final class MockCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--port", paramLabel = "N", description = "Port to listen on; 0 picks a free one (default: 0).")
    private int port;

    @Option(names = "--host", paramLabel = "HOST",
            description = "Address to bind (default: " + MockConfig.DEFAULT_HOST + "; loopback keeps it private).")
    private String host = MockConfig.DEFAULT_HOST;

    @Option(names = "--script", paramLabel = "FILE", description = "A script file to serve; repeatable.")
    private List<Path> scriptFiles = new ArrayList<>();

    @Option(names = "--builtins", description = "Also serve the script of every benchmark found.")
    private boolean builtins;

    @Option(names = "--text-chunks", paramLabel = "N",
            description = "Chunks a streamed text reply is cut into (default: " + MockConfig.DEFAULT_TEXT_CHUNKS + ").")
    private int textChunks = MockConfig.DEFAULT_TEXT_CHUNKS;

    /** A script file, validated; named after the file (less {@code .json}) when it names itself not. */
    private static Script readScript(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (CharacterCodingException e) {
            throw new Main.UsageException("Script file [" + file + "] is not UTF-8 text");
        } catch (IOException e) {
            throw new Main.UsageException("Script file [" + file + "] cannot be read: " + e.getMessage());
        }
        String fileName = file.getFileName().toString();
        String name = fileName.endsWith(".json") ? fileName.substring(0, fileName.length() - 5) : fileName;
        try {
            return ScriptJson.parse(text, name);
        } catch (IllegalArgumentException e) {
            throw new Main.UsageException("Script file [" + file + "]: " + e.getMessage()); // names turn and step
        }
    }

    @Override
    public Integer call() throws InterruptedException {
        if (port < 0 || port > 65_535) {
            throw new Main.UsageException("Port [" + port + "] must be from 0 to 65535");
        }
        List<Script> scripts = new ArrayList<>();
        for (Path file : scriptFiles) {
            if (!Files.exists(file)) {
                throw new Main.UsageException("Script file [" + file + "] does not exist");
            }
            if (!Files.isRegularFile(file)) {
                throw new Main.UsageException("Script file [" + file + "] is not a file");
            }
            if (!Files.isReadable(file)) {
                throw new Main.UsageException("Script file [" + file + "] is not readable");
            }
            scripts.add(readScript(file));
        }
        if (builtins) {
            ServiceLoader.load(Benchmark.class).forEach(benchmark -> scripts.add(benchmark.script()));
        }
        MockConfig config = MockConfig.defaults().withHost(host).withPort(port).withTextChunks(textChunks)
                .withScripts(scripts);
        MockServer server;
        try {
            server = MockServer.start(config);
        } catch (IllegalStateException e) {
            throw new Main.UsageException("Cannot serve the mock on [" + host + ":" + port + "]: " + e.getMessage());
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "agentbench-mock-stop"));
        PrintWriter out = spec.commandLine().getOut();
        out.println("agentbench mock listening on " + server.baseUrl());
        for (String name : server.scripts()) {
            out.println("  script " + name + ": " + server.baseUrl(name));
        }
        out.println("  marker script: " + server.baseUrl() + "/v1");
        out.println("Ctrl-C to stop.");
        out.flush();
        stopped.await();
        return Main.OK;
    }
}
