package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.agentbench.api.result.RunLayout;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * End to end, the faults of the disk under a run: a results directory that cannot be written, a
 * file system that fills during the run, two runs at once into one results directory, and a run
 * directory whose files were cut off by a process killed while writing them.
 *
 * <p>A small or read-only file system is a tmpfs, which only root can mount (CI's containers run
 * as root). Where the test cannot mount one, the read-only case uses a directory without write
 * permission instead, and the full-disk case is skipped by an assumption that says so.
 */
class DiskFaultsJarIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration LIMIT = Duration.ofMinutes(4);
    /** Short passes: these tests check what a run does with its files, not how fast anything is. */
    private static final List<String> QUICK = List.of("--forks", "1", "--iterations", "40", "--warmup", "20",
            "--warmup-time", "0s", "--warmup-max", "0s", "--no-mock-warmup");

    private static String[] run(Path results, String benchmarks, List<String> passes, String... more) {
        List<String> all = new ArrayList<>(List.of("run", "--targets", "noop", "--benchmarks", benchmarks,
                "--results-dir", results.toString()));
        all.addAll(passes);
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    @Test
    void aResultsDirectoryThatCannotBeWrittenIsRefusedInOneLineBeforeAnything(@TempDir Path work) throws Exception {
        Path file = Files.writeString(work.resolve("plain-file"), "not a directory");
        JarRunner.Result underAFile = JarRunner.run(work, LIMIT, run(file.resolve("results"), "turn1", QUICK));
        assertRefusedInOneLine(underAFile, "Results directory [" + file.resolve("results") + "] cannot be made: ["
                + file + "] is a file");

        Path readOnly = work.resolve("read-only");
        Files.createDirectories(readOnly);
        boolean mounted = mount(readOnly, "ro,size=1m");
        try {
            if (!mounted) {
                Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("r-xr-xr-x"));
                assumeTrue(!Files.isWritable(readOnly), "neither a read-only tmpfs can be mounted nor does a directory"
                        + " without write permission stop this user (root without CAP_SYS_ADMIN)");
            }
            JarRunner.Result denied = JarRunner.run(work, LIMIT, run(readOnly.resolve("results"), "turn1", QUICK));
            assertRefusedInOneLine(denied, "Results directory [" + readOnly.resolve("results") + "] cannot be made: ["
                    + readOnly + "] is not writable");
            JarRunner.Result itself = JarRunner.run(work, LIMIT, run(readOnly, "turn1", QUICK));
            assertRefusedInOneLine(itself, "Results directory [" + readOnly + "] is not writable");
        } finally {
            if (mounted) {
                unmount(readOnly);
            } else {
                Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("rwxr-xr-x"));
            }
        }
    }

    private static void assertRefusedInOneLine(JarRunner.Result result, String line) {
        assertThat(result.exitCode()).as(result.out() + result.err()).isEqualTo(2);
        assertThat(result.err().strip()).isEqualTo("agentbench: " + line);
        assertThat(result.out()).isEmpty();
        assertThat(result.descendants()).as("nothing is started for a results directory that cannot be written")
                .isEmpty();
    }

    @Test
    void aDiskThatFillsDuringTheRunFailsTheCellNamingItAndStopsTheRunKeepingWhatWasMeasured(@TempDir Path work)
            throws Exception {
        Path small = work.resolve("small");
        Files.createDirectories(small);
        assumeTrue(mount(small, "size=4m"), "a tmpfs cannot be mounted here (it needs root): no small file system"
                + " to fill");
        try {
            // 30,000 iterations: turn5's own result (every sample) is some 180 KiB, more than is left
            List<String> passes = new ArrayList<>(QUICK);
            passes.set(passes.indexOf("--iterations") + 1, "30000");
            AtomicBoolean filled = new AtomicBoolean();
            Thread filler = new Thread(() -> fillOnceTurn1IsWritten(small, filled), "fill-the-disk");
            filler.setDaemon(true);
            filler.start();
            JarRunner.Result result = JarRunner.run(work, LIMIT, run(small, "turn1,turn5,turn10", passes));
            filler.interrupt();
            filler.join(10_000);
            String output = result.out() + result.err();
            assertThat(filled).as("the disk was filled after turn1: " + output).isTrue();
            assertThat(result.exitCode()).as(output).isEqualTo(1);
            assertThat(result.survivors()).as("processes the run left behind").isEmpty();
            assertThat(output).doesNotContain("Exception in thread", "\tat ").contains("No space left on device");

            Path runDir = JarRunner.onlyRunDir(small).orElseThrow();
            JsonNode summary = JSON.readTree(runDir.resolve("summary.json").toFile());
            JsonNode cells = summary.path("cells");
            assertThat(cells).hasSize(3);
            assertThat(cells.get(0).path("name").asText()).isEqualTo("turn1");
            assertThat(cells.get(0).path("status").asText()).isEqualTo("OK");
            assertThat(cells.get(1).path("name").asText()).isEqualTo("turn5");
            assertThat(cells.get(1).path("status").asText()).isEqualTo("FAILED");
            assertThat(cells.get(1).path("error").asText())
                    .contains(runDir.resolve("noop").resolve("turn5.fork-1.json").toString())
                    .contains("No space left on device");
            assertThat(cells.get(2).path("status").asText()).isEqualTo("MISSING");
            assertThat(cells.get(2).path("error").asText()).startsWith("Not run: the run stopped because a write failed: ");
            JsonNode info = JSON.readTree(runDir.resolve("run.json").toFile());
            assertThat(info.path("status").asText()).isEqualTo("STOPPED");
            assertThat(info.path("notes").toString()).contains("The run stopped after 2 of 3 cells because a write failed");
        } finally {
            unmount(small);
        }
    }

    /**
     * Once turn1's result is written and its fork's own file gone, fills the file system until it
     * refuses more, then leaves 48 KiB: room for run.json, summary.json and a failed cell's file,
     * not for a result of every sample.
     */
    private static void fillOnceTurn1IsWritten(Path results, AtomicBoolean filled) {
        try {
            Path runDir = null;
            while (true) {
                if (runDir == null) {
                    runDir = JarRunner.onlyRunDir(results).orElse(null);
                } else if (Files.isRegularFile(runDir.resolve("noop/turn1.json"))
                        && !Files.exists(runDir.resolve("noop/turn1.fork-1.json"))) {
                    break;
                }
                Thread.sleep(5);
            }
            Path fill = results.resolve("fill");
            byte[] chunk = new byte[64 * 1024];
            try (OutputStream out = Files.newOutputStream(fill)) {
                while (true) {
                    out.write(chunk);
                }
            } catch (IOException full) {
                // the file system is full
            }
            try (FileChannel channel = FileChannel.open(fill, StandardOpenOption.WRITE)) {
                channel.truncate(Math.max(0, channel.size() - 48 * 1024));
            }
            filled.set(true);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void twoRunsAtOnceIntoOneDirectoryBothCompleteWithTheirOwnIdsAndLatestIsAlwaysAWholeRun(@TempDir Path work)
            throws Exception {
        Path results = work.resolve("results");
        ConcurrentLinkedQueue<String> badLatest = new ConcurrentLinkedQueue<>();
        AtomicBoolean running = new AtomicBoolean(true);
        ExecutorService pool = Executors.newFixedThreadPool(3);
        try {
            Future<?> watch = pool.submit(() -> watchLatest(results, running, badLatest));
            Future<JarRunner.Result> first = pool.submit(() -> JarRunner.run(work, LIMIT, run(results, "turn1", QUICK)));
            Future<JarRunner.Result> second = pool.submit(() -> JarRunner.run(work, LIMIT, run(results, "turn1", QUICK)));
            List<JarRunner.Result> both = List.of(first.get(5, TimeUnit.MINUTES), second.get(5, TimeUnit.MINUTES));
            running.set(false);
            watch.get(1, TimeUnit.MINUTES);
            for (JarRunner.Result result : both) {
                assertThat(result.exitCode()).as(result.out() + result.err()).isZero();
                assertThat(result.survivors()).as("processes the run left behind").isEmpty();
            }
        } finally {
            running.set(false);
            pool.shutdownNow();
        }
        List<Path> runs = JarRunner.runDirs(results);
        assertThat(runs).as("two run directories").hasSize(2);
        for (Path runDir : runs) {
            JsonNode info = JSON.readTree(runDir.resolve("run.json").toFile());
            assertThat(info.path("status").asText()).isEqualTo("COMPLETED");
            assertThat(info.path("runId").asText()).isEqualTo(runDir.getFileName().toString());
            assertThat(runDir.resolve("summary.json")).isRegularFile();
        }
        assertThat(badLatest).as("moments when latest pointed at no finished run").isEmpty();
        Path latest = results.resolve(RunLayout.LATEST).toRealPath();
        assertThat(runs).contains(latest);
        assertThat(JSON.readTree(latest.resolve("run.json").toFile()).path("status").asText())
                .isEqualTo("COMPLETED");
        try (var entries = Files.list(results)) {
            assertThat(entries.map(path -> path.getFileName().toString()).filter(name -> name.startsWith(".")))
                    .as("temporary files left in the results directory").isEmpty();
        }
    }

    /** While the runs go on, every look at {@code latest} finds nothing yet or a run that ended, reports written. */
    private static Void watchLatest(Path results, AtomicBoolean running, ConcurrentLinkedQueue<String> bad)
            throws InterruptedException {
        Path latest = results.resolve(RunLayout.LATEST);
        while (running.get()) {
            if (Files.exists(latest, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                try {
                    Path runDir = latest.toRealPath();
                    String status = JSON.readTree(runDir.resolve("run.json").toFile()).path("status").asText();
                    if (status.equals("RUNNING") || !Files.isRegularFile(runDir.resolve("summary.json"))) {
                        bad.add(runDir.getFileName() + " " + status);
                    }
                } catch (IOException e) {
                    bad.add("unresolvable: " + e);
                }
            }
            Thread.sleep(10);
        }
        return null;
    }

    @Test
    void aCellFileCutOffInTheMiddleIsAMissingCellNamingItAndACutOffRunJsonIsOneLine(@TempDir Path work)
            throws Exception {
        Path results = work.resolve("results");
        JarRunner.Result measured = JarRunner.run(work, LIMIT, run(results, "turn1,turn5", QUICK, "--shard", "1/1"));
        assertThat(measured.exitCode()).as(measured.out() + measured.err()).isZero();
        Path good = JarRunner.onlyRunDir(results).orElseThrow();
        Path cut = work.resolve("cut");
        copy(good, cut);
        Path cell = cut.resolve("noop/turn1.json");
        byte[] whole = Files.readAllBytes(cell);
        Files.write(cell, java.util.Arrays.copyOf(whole, whole.length / 2));
        String note = "unreadable result file [noop/turn1.json]: truncated at line ";

        JarRunner.Result report = JarRunner.run(work, LIMIT, "report", cut.toString());
        assertThat(report.exitCode()).as(report.out() + report.err()).isZero();
        assertNoStackTrace(report);
        assertThat(Files.readString(cut.resolve("report.md"))).contains("`noop/turn1` MISSING: " + note);
        JsonNode turn1 = JSON.readTree(cut.resolve("summary.json").toFile()).path("cells").get(0);
        assertThat(turn1.path("status").asText()).isEqualTo("MISSING");
        assertThat(turn1.path("error").asText()).startsWith(note).contains("(Unexpected end-of-input");

        JarRunner.Result compare = JarRunner.run(work, LIMIT, "compare", good.toString(), cut.toString());
        assertThat(compare.exitCode()).as(compare.out() + compare.err()).isZero();
        assertNoStackTrace(compare);
        assertThat(compare.out()).contains("`noop/turn1` not OK: MISSING in new: " + note);

        JarRunner.Result merge = JarRunner.run(work, LIMIT, "merge", cut.toString(), "--results-dir",
                work.resolve("merged").toString());
        assertThat(merge.exitCode()).as("a cell of the plan is MISSING: " + merge.out() + merge.err()).isEqualTo(1);
        assertNoStackTrace(merge);
        Path merged = JarRunner.onlyRunDir(work.resolve("merged")).orElseThrow();
        assertThat(Files.readString(merged.resolve("report.md"))).contains("`noop/turn1` MISSING: " + note);

        Path runJson = cut.resolve("run.json");
        byte[] info = Files.readAllBytes(runJson);
        Files.write(runJson, java.util.Arrays.copyOf(info, info.length / 2));
        for (String[] command : List.of(new String[] {"report", cut.toString()},
                new String[] {"compare", good.toString(), cut.toString()},
                new String[] {"merge", cut.toString(), "--results-dir", work.resolve("merged-2").toString()})) {
            JarRunner.Result refused = JarRunner.run(work, LIMIT, command);
            assertThat(refused.exitCode()).as(command[0] + ": " + refused.out() + refused.err()).isEqualTo(2);
            assertThat(refused.err().strip().lines()).as(command[0]).singleElement().asString()
                    .startsWith("agentbench: ").contains("[" + runJson + "] is not a run's run.json: truncated at line ");
            assertNoStackTrace(refused);
        }
    }

    private static void assertNoStackTrace(JarRunner.Result result) {
        assertThat(result.out() + result.err()).doesNotContain("Exception in thread", "\tat ", "Caused by");
    }

    private static void copy(Path from, Path to) throws IOException {
        try (var paths = Files.walk(from)) {
            for (Path path : (Iterable<Path>) paths::iterator) {
                Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(path, target);
                }
            }
        }
    }

    /** Mounts a tmpfs with {@code options} at {@code dir}; false where this user cannot. */
    private static boolean mount(Path dir, String options) throws IOException, InterruptedException {
        return command("mount", "-t", "tmpfs", "-o", options, "tmpfs", dir.toString());
    }

    private static void unmount(Path dir) throws IOException, InterruptedException {
        if (!command("umount", dir.toString())) {
            command("umount", "-l", dir.toString());
        }
    }

    private static boolean command(String... command) throws IOException, InterruptedException {
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            return false; // no such command here
        }
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            return false;
        }
        return process.exitValue() == 0;
    }
}
