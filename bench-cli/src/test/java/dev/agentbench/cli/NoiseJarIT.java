package dev.agentbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The noise guard end to end: the packaged jar, the real mock, a child JVM per fork. A CPU hog in this
 * test's own JVM (to the run, a neighbour) overlaps exactly one fork, which must be flagged disturbed
 * and rerun; and a target that does twice the work in one JVM of three must be named an outlier fork,
 * the cell's headline staying at the other two's level.
 */
class NoiseJarIT {

    private static final Duration LIMIT = Duration.ofMinutes(4);
    /** The longest the hog may spin, whatever the run does. */
    private static final long HOG_MILLIS = 60_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Short passes: 3 forks, a short warm-up, a timed pass of 2 s. */
    private static List<String> run(Path results, String target, String... more) {
        List<String> args = new ArrayList<>(List.of("run", "--targets", target, "--benchmarks", "turn1",
                "--forks", "3", "--warmup-time", "1s", "--warmup-max", "3s", "--measure-time", "2s",
                "--no-mock-warmup", "--results-dir", results.toString()));
        args.addAll(List.of(more));
        return args;
    }

    @Test
    void aCpuHogDuringOneForkGetsThatForkFlaggedDisturbedAndRerunAndNoOther(@TempDir Path work) throws Exception {
        Path results = work.resolve("results");
        AtomicBoolean stop = new AtomicBoolean();
        AtomicBoolean hogged = new AtomicBoolean();
        // the hog: as many busy threads as CPUs, from when fork 2's JVM is about to start (the parent has
        // written its log's header) until its result is written, and never beyond HOG_MILLIS
        Thread watcher = new Thread(() -> hogDuringFork2(results, stop, hogged), "noise-it-hog-watcher");
        watcher.setDaemon(true);
        watcher.start();
        JarRunner.Result result;
        try {
            // the calibration target's turns spin 200 µs of wall time: a timed pass of 2 s, long enough to read
            result = JarRunner.run(work, LIMIT, run(results, "calibration", "--plugins", JarRunner.calibrationPlugin().toString(),
                    "-O", "spinMicros=200").toArray(String[]::new));
        } finally {
            stop.set(true);
            watcher.join(10_000);
        }
        System.out.println(result.out());
        assertThat(result.exitCode()).as(result.out() + result.err()).isZero();
        assertThat(result.survivors()).isEmpty();

        JsonNode cell = JSON.readTree(results.resolve("latest").resolve("summary.json").toFile()).get("cells").get(0);
        List<Boolean> disturbed = new ArrayList<>();
        cell.get("forks").forEach(fork -> disturbed.add(fork.get("disturbed").asBoolean()));
        // only fork 2 overlapped the hog: another fork flagged was disturbed by the machine itself, and
        // on a machine that busy nothing can be told of the hog's
        Assumptions.assumeTrue(disturbed.size() >= 2 && !disturbed.get(0)
                && disturbed.subList(2, disturbed.size()).stream().noneMatch(d -> d),
                "the machine was busy besides the hog: " + cell.get("forks"));
        assertThat(hogged).as("the hog ran during fork 2").isTrue();
        assertThat(disturbed).as("fork 2 disturbed, rerun as fork 3, then fork 4").containsExactly(false, true, false,
                false);
        assertThat(cell.get("forks").get(1).get("excluded").asBoolean()).isTrue();
        assertThat(cell.get("forks").get(1).get("noise").get("otherCpuPercent").asDouble()).isGreaterThan(25);
        assertThat(cell.get("forks").get(0).get("noise").get("otherCpuPercent").asDouble()).isLessThanOrEqualTo(25);
        assertThat(cell.get("disturbed").asBoolean()).isFalse();
        assertThat(cell.get("warnings").toString()).contains("fork 2 was disturbed by the machine (others ")
                .contains("out of the statistics, a rerun replaced it");
        assertThat(result.out()).containsPattern("calibration +turn1 +#2/3 .*DISTURBED \\(others \\d+\\.\\d% of \\d+ CPUs")
                .containsPattern("#3/4 ").containsPattern("#4/4 ");
        String report = Files.readString(results.resolve("latest").resolve("report.md"));
        assertThat(report).contains("fork 2 was disturbed by the machine");
    }

    @Test
    void aTargetDoingTwiceTheWorkInOneForkOfThreeIsNamedAnOutlierAndTheHeadlineStaysWithTheOtherTwo(@TempDir Path work)
            throws Exception {
        Path results = work.resolve("results");
        Path counter = Files.createDirectories(work.resolve("jvms"));
        JarRunner.Result result = JarRunner.run(work, LIMIT, run(results, "calibration",
                "--plugins", JarRunner.calibrationPlugin().toString(),
                // the machine's noise is another test's: here every fork is judged as its own JVM
                "--noise-threshold", "100",
                "-O", "spinMicros=200", "-O", "slowJvm=2", "-O", "jvmCounter=" + counter).toArray(String[]::new));
        System.out.println(result.out());
        assertThat(result.exitCode()).as(result.out() + result.err()).isZero();
        assertThat(result.survivors()).isEmpty();

        JsonNode cell = JSON.readTree(results.resolve("latest").resolve("summary.json").toFile()).get("cells").get(0);
        JsonNode forks = cell.get("forks");
        assertThat(forks).hasSize(3);
        assertThat(List.of(forks.get(0).get("outlier").asBoolean(), forks.get(1).get("outlier").asBoolean(),
                forks.get(2).get("outlier").asBoolean())).containsExactly(false, true, false);
        double one = forks.get(0).get("median").asDouble();
        double two = forks.get(1).get("median").asDouble();
        double three = forks.get(2).get("median").asDouble();
        assertThat(two).as("twice the work").isGreaterThan(1.6 * Math.max(one, three));
        double headline = cell.get("time").get("median").asDouble();
        assertThat(headline).as("the headline is at the other two's level")
                .isBetween(Math.min(one, three), Math.max(one, three));
        // CPU per operation is named too when the forks used 1 s of CPU or more each (not on a busy machine)
        assertThat(result.out()).containsPattern("warning: fork 2 is an outlier of its own JVM: median \\d+\\.\\d µs"
                + " against \\d+\\.\\d(–\\d+\\.\\d)? µs; ");
        String report = Files.readString(results.resolve("latest").resolve("report.md"));
        assertThat(report).containsPattern("fork 2 is an outlier of its own JVM: median \\d+\\.\\d µs against");
        assertThat(Files.readString(results.resolve("latest").resolve("report.html"))).contains("is an outlier of its own JVM");
    }

    /** Spins one busy thread per CPU from fork 2's start until its result file exists. */
    private static void hogDuringFork2(Path results, AtomicBoolean stop, AtomicBoolean hogged) {
        List<Thread> hogs = new ArrayList<>();
        AtomicBoolean spin = new AtomicBoolean(true);
        long deadline = System.currentTimeMillis() + LIMIT.toMillis();
        try {
            while (!stop.get() && System.currentTimeMillis() < deadline) {
                Optional<Path> log = find(results, "turn1.log");
                if (log.isPresent() && contains(log.get(), "fork 2 of 3")) {
                    break;
                }
                Thread.sleep(50);
            }
            if (stop.get()) {
                return;
            }
            long until = System.currentTimeMillis() + HOG_MILLIS;
            for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
                Thread hog = new Thread(() -> {
                    long x = 0;
                    while (spin.get() && System.currentTimeMillis() < until) {
                        x += System.nanoTime() % 7;
                    }
                    if (x == 42) {
                        System.out.print("");
                    }
                }, "noise-it-hog-" + i);
                hog.setDaemon(true);
                hog.start();
                hogs.add(hog);
            }
            hogged.set(true);
            while (!stop.get() && System.currentTimeMillis() < until && find(results, "turn1.fork-2.json").isEmpty()) {
                Thread.sleep(50);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            spin.set(false);
            for (Thread hog : hogs) {
                try {
                    hog.join(5_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    private static Optional<Path> find(Path results, String name) {
        if (!Files.isDirectory(results)) {
            return Optional.empty();
        }
        try (Stream<Path> files = Files.walk(results)) {
            return files.filter(file -> file.getFileName().toString().equals(name)).findFirst();
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            return Optional.empty(); // a file renamed meanwhile: look again
        }
    }

    private static boolean contains(Path file, String text) {
        try {
            return Files.readString(file).contains(text);
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            return false;
        }
    }

}
