package dev.agentbench.report;

import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Debian's headless Chromium for tests that look at a page the way a reader does. The tests never
 * install it: when {@code /usr/bin/chromium} is absent they are skipped, saying what to install
 * ({@code .ci/run} installs it before the build, so on CI they run).
 */
final class Chromium {

    static final Path BINARY = Path.of("/usr/bin/chromium");

    /** The packages the browser tests need: the browser, and a font with the metrics of Arial. */
    static final List<String> PACKAGES = List.of("chromium", "fonts-liberation");

    /** What one run of the browser printed. */
    record Output(int exitCode, String stdout, String stderr) {}

    private Chromium() {}

    /** Skips the calling test, saying what to install, when the browser is absent. */
    static void assumeInstalled() {
        assumeTrue(Files.isExecutable(BINARY), "Debian's Chromium is not at " + BINARY + ", so the browser test is"
                + " skipped; install it with: apt-get install -y --no-install-recommends " + String.join(" ", PACKAGES)
                + " (.ci/run does)");
    }

    /**
     * The requests that a page made, from the browser's net log: every URL request with an
     * initiator (the browser's own background requests have none) that is not a {@code file:} URL.
     */
    static List<String> pageRequests(Path netLog) throws IOException {
        com.fasterxml.jackson.databind.JsonNode log = RunData.MAPPER.readTree(netLog.toFile());
        int startJob = log.path("constants").path("logEventTypes").path("URL_REQUEST_START_JOB").asInt(-1);
        if (startJob < 0) {
            fail("The net log " + netLog + " has no URL_REQUEST_START_JOB event type: is it a Chromium net log?");
        }
        List<String> requests = new ArrayList<>();
        for (com.fasterxml.jackson.databind.JsonNode event : log.path("events")) {
            com.fasterxml.jackson.databind.JsonNode params = event.path("params");
            if (event.path("type").asInt() == startJob && params.has("url") && !"not an origin".equals(params.path("initiator").asText())
                    && !params.path("url").asText().startsWith("file:")) {
                requests.add(params.path("url").asText());
            }
        }
        return requests;
    }

    /**
     * Runs headless Chromium on {@code page} with a fresh profile, no network of its own and a net
     * log in {@code netLog}, followed by {@code extra} flags ({@code --dump-dom},
     * {@code --screenshot=...}).
     */
    static Output render(Path page, Path profile, Path netLog, List<String> extra) throws IOException, InterruptedException {
        assumeInstalled();
        List<String> command = new ArrayList<>(List.of(BINARY.toString(),
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-extensions", "--hide-scrollbars", "--force-device-scale-factor=1",
                // Resolve no host name, so that not even the browser's own background requests leave the machine.
                "--host-resolver-rules=MAP * ~NOTFOUND",
                "--user-data-dir=" + profile, "--log-net-log=" + netLog, "--net-log-capture-mode=Default",
                "--enable-logging=stderr", "--v=0", "--virtual-time-budget=5000"));
        command.addAll(extra);
        command.add(page.toUri().toString());
        return run(command, Duration.ofMinutes(2));
    }

    private static Output run(List<String> command, Duration limit) throws IOException, InterruptedException {
        Path out = Files.createTempFile("chromium-out", ".txt");
        Path err = Files.createTempFile("chromium-err", ".txt");
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Process process = builder.start();
        try {
            if (!process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
                fail(String.join(" ", command) + " did not end within " + limit + ":\n"
                        + tail(Files.readString(out, StandardCharsets.UTF_8) + Files.readString(err, StandardCharsets.UTF_8)));
            }
        } finally {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        Output output = new Output(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
        Files.deleteIfExists(out);
        Files.deleteIfExists(err);
        return output;
    }

    static String tail(String text) {
        String[] lines = text.split("\n");
        return String.join("\n", java.util.Arrays.copyOfRange(lines, Math.max(0, lines.length - 20), lines.length));
    }
}
