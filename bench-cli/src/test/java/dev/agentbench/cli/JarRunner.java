package dev.agentbench.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs the packaged {@code bench-cli.jar} as a user would, and remembers every process the run
 * started (sampled while it runs) so that a test can check none of them outlives it.
 */
final class JarRunner {

    record Result(int exitCode, String out, String err, Map<Long, ProcessHandle> descendants) {

        /** The processes the run started that are still alive. */
        List<String> survivors() {
            List<String> alive = new ArrayList<>();
            for (ProcessHandle process : descendants.values()) {
                if (process.isAlive()) {
                    alive.add(process.pid() + " " + process.info().commandLine().orElse("?"));
                }
            }
            return alive;
        }
    }

    static Path jar() {
        String jar = System.getProperty("agentbench.jar");
        if (jar == null) {
            throw new IllegalStateException("Run by failsafe after packaging: system property agentbench.jar is unset");
        }
        return Path.of(jar);
    }

    /** The calibration targets' plugin jar, built beside the harness jar before the end-to-end tests. */
    static Path calibrationPlugin() throws IOException {
        try (java.util.stream.Stream<Path> files = java.nio.file.Files.list(jar().getParent())) {
            return files.filter(file -> file.getFileName().toString().endsWith("-calibration-plugin.jar"))
                    .findFirst()
                    .orElseThrow(() -> new IllegalStateException("No *-calibration-plugin.jar beside the harness jar"));
        }
    }

    static Result run(Path workDir, Duration limit, String... args) throws IOException, InterruptedException {
        return run(workDir, limit, new ProcessBuilder(javaCommand(args)), args);
    }

    /**
     * A {@code run} of the jar that must exit 0 and leave nothing running, {@code -O} added before each of
     * {@code targetOptions}; the run directory, by the results directory's {@code latest}.
     *
     * @param results the {@code --results-dir} that {@code args} name
     */
    static Path runOk(Path workDir, Duration limit, Path results, List<String> args, String... targetOptions)
            throws IOException, InterruptedException {
        List<String> all = new ArrayList<>(args);
        for (String option : targetOptions) {
            all.add("-O");
            all.add(option);
        }
        Result result = run(workDir, limit, all.toArray(String[]::new));
        org.assertj.core.api.Assertions.assertThat(result.exitCode()).as(result.out() + result.err()).isZero();
        org.assertj.core.api.Assertions.assertThat(result.survivors()).isEmpty();
        return results.resolve("latest");
    }

    /**
     * Runs the jar with a terminal for its standard input and output: util-linux's {@code script}
     * gives it a pseudo-terminal and copies what it writes there, control characters and all, to
     * {@link Result#out()} (stderr goes to the same terminal).
     */
    static Result runOnTerminal(Path workDir, Duration limit, String... args) throws IOException, InterruptedException {
        StringBuilder line = new StringBuilder();
        for (String word : javaCommand(args)) {
            line.append(line.length() == 0 ? "" : " ").append('\'').append(word.replace("'", "'\\''")).append('\'');
        }
        return run(workDir, limit, new ProcessBuilder("script", "-qec", line.toString(), "/dev/null")
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))), args);
    }

    /** Runs {@code prefix} followed by the java command of the jar at {@code jar} with {@code args}. */
    static Result runWith(Path workDir, Duration limit, List<String> prefix, Path jar, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(prefix);
        command.add(ProcessHandle.current().info().command().orElse(
                Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.add("-jar");
        command.add(jar.toString());
        command.addAll(List.of(args));
        return run(workDir, limit, new ProcessBuilder(command), args);
    }

    /** Runs {@code command} as it is, in {@code workDir}, remembering the processes it starts. */
    static Result runCommand(Path workDir, Duration limit, List<String> command) throws IOException, InterruptedException {
        return run(workDir, limit, new ProcessBuilder(command), command.toArray(String[]::new));
    }

    /** Runs the shell line {@code line} with {@code sh -c} in {@code workDir}, with {@code env} added to this JVM's environment. */
    static Result runShell(Path workDir, Duration limit, String line, Map<String, String> env)
            throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder("sh", "-c", line);
        builder.environment().putAll(env);
        return run(workDir, limit, builder, line);
    }

    private static List<String> javaCommand(String... args) {
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse(
                Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.add("-jar");
        command.add(jar().toString());
        command.addAll(List.of(args));
        return command;
    }

    private static Result run(Path workDir, Duration limit, ProcessBuilder builder, String... args)
            throws IOException, InterruptedException {
        Path out = Files.createTempFile(workDir, "out", ".txt");
        Path err = Files.createTempFile(workDir, "err", ".txt");
        Process process = builder
                .directory(workDir.toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        Map<Long, ProcessHandle> seen = new HashMap<>();
        long deadline = System.nanoTime() + limit.toNanos();
        try {
            while (!process.waitFor(20, TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(handle -> seen.putIfAbsent(handle.pid(), handle));
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("agentbench " + String.join(" ", args) + " did not end within " + limit
                            + "\nstdout:\n" + Files.readString(out) + "\nstderr:\n" + Files.readString(err));
                }
            }
        } finally {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        // Give the OS a moment to reap what the run killed on its way out.
        for (int i = 0; i < 50 && seen.values().stream().anyMatch(ProcessHandle::isAlive); i++) {
            Thread.sleep(100);
        }
        return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8), seen);
    }

    /** The class path a cell's JVM really had, from the line its log starts with. */
    static List<Path> classPathOf(Path cellLog) throws IOException {
        String prefix = "[agentbench] class path: ";
        String line;
        try (var lines = Files.lines(cellLog)) {
            line = lines.filter(text -> text.startsWith(prefix)).findFirst()
                    .orElseThrow(() -> new AssertionError("no class path line in " + cellLog));
        }
        List<Path> entries = new ArrayList<>();
        for (String entry : line.substring(prefix.length()).split(java.io.File.pathSeparator)) {
            entries.add(Path.of(entry));
        }
        return entries;
    }

    /** The run directories in a results directory, without the {@code latest} pointer. */
    static List<Path> runDirs(Path resultsDir) throws IOException {
        try (var entries = Files.list(resultsDir)) {
            return entries.filter(path -> Files.isDirectory(path) && !Files.isSymbolicLink(path)).sorted().toList();
        }
    }

    static Optional<Path> onlyRunDir(Path resultsDir) throws IOException {
        List<Path> dirs = runDirs(resultsDir);
        return dirs.size() == 1 ? Optional.of(dirs.get(0)) : Optional.empty();
    }

    private JarRunner() {}
}
