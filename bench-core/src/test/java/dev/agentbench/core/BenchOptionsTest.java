package dev.agentbench.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import dev.agentbench.core.measure.PassSettings;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchOptionsTest {

    @Test
    void defaultsComeFromDefaults() {
        BenchOptions options = BenchOptions.builder().build();

        PassSettings passes = options.passes();
        assertThat(passes.timeBoxed()).isTrue();
        assertThat(passes.measureTime()).isEqualTo(Defaults.MEASURE_TIME).isEqualTo(Duration.ofSeconds(5));
        assertThat(passes.forks()).isEqualTo(Defaults.FORKS).isEqualTo(3);
        assertThat(passes.warmupTime()).isEqualTo(Defaults.WARMUP_TIME);
        assertThat(passes.warmupMax()).isEqualTo(Defaults.WARMUP_MAX);
        assertThat(options.concurrency()).containsExactly(1);
        assertThat(options.timeout()).isEqualTo(Duration.ofMinutes(10));
        assertThat(options.resultsDir()).isEqualTo(Path.of("results"));
        assertThat(options.targets()).isEmpty();
        assertThat(options.benchmarks()).isEmpty();
        assertThat(options.maxDuration()).isEmpty();
        assertThat(options.harnessClasspath()).as("in tests, the harness the build names")
                .isEqualTo(System.getProperty(Harness.PROPERTY));
        assertThat(Files.isExecutable(options.javaExecutable())).isTrue();
        assertThat(options.childJvmArgs()).containsExactlyElementsOf(Defaults.CHILD_JVM_ARGS);
        assertThat(options.listeners()).isEmpty();
        assertThat(passes.footprintAgents()).isEqualTo(Defaults.FOOTPRINT_AGENTS).isEqualTo(1000);
        assertThat(passes.growthSessions()).isEqualTo(Defaults.GROWTH_SESSIONS).isEqualTo(500);
        assertThat(passes.coldStarts()).isEqualTo(Defaults.COLD_STARTS).isEqualTo(10);
    }

    @Test
    void userJvmArgsComeAfterTheDefaultsSoTheyWin() {
        BenchOptions options = BenchOptions.builder().jvmArgs(List.of("-Xmx2g")).build();

        assertThat(options.childJvmArgs()).endsWith("-Xmx2g").startsWith(Defaults.CHILD_JVM_ARGS.get(0));
    }

    @Test
    void aDryRunRunsOneIterationWithoutWarmup() {
        BenchOptions options = BenchOptions.builder().dryRun(true).iterations(50).warmup(10).footprintAgents(20)
                .growthSessions(30).coldStarts(4).build();

        PassSettings passes = options.passes();
        assertThat(passes.iterations()).isEqualTo(1);
        assertThat(passes.forks()).isEqualTo(1);
        assertThat(passes.footprintAgents()).isEqualTo(1);
        assertThat(passes.growthSessions()).isEqualTo(1);
        assertThat(passes.coldStarts()).isEqualTo(1);
        assertThat(passes.warmup()).isZero();
        assertThat(passes.warmupTime()).isZero();
        assertThat(passes.warmupMax()).isZero();
        assertThat(options.settings()).containsEntry("dryRun", "true").containsEntry("iterations", "1")
                .containsEntry("forks", "1");
    }

    @Test
    void aProfilerIsASettingOfItsOwnAndADryRunHasNone() {
        assertThat(BenchOptions.builder().build().settings()).containsEntry("profile", "none");
        BenchOptions profiled = BenchOptions.builder().profile("jfr").build();
        assertThat(profiled.passes().profiled()).isTrue();
        assertThat(profiled.settings()).containsEntry("profile", "jfr");
        assertThat(BenchOptions.builder().profile("JFR").build().passes().profile()).isEqualTo("jfr");

        BenchOptions dry = BenchOptions.builder().profile("jfr").dryRun(true).build();
        assertThat(dry.passes().profiled()).isFalse();
        assertThat(dry.settings()).containsEntry("profile", "none");
    }

    @Test
    void settingsRecordTheEffectiveValues() {
        BenchOptions options = BenchOptions.builder().targets(List.of("raw", "noop")).concurrency(List.of(1, 8))
                .iterations(10).targetOptions(Map.of("stream", "true")).footprintAgents(50).growthSessions(60)
                .coldStarts(3).build();

        assertThat(options.settings())
                .containsEntry("targets", "raw,noop")
                .containsEntry("concurrency", "[1, 8]")
                .containsEntry("iterations", "10")
                .containsEntry("timeout", "PT10M")
                .containsEntry("targetOptions", "{stream=true}")
                .containsEntry("footprintAgents", "50")
                .containsEntry("growthSessions", "60")
                .containsEntry("coldStarts", "3")
                .containsEntry("forks", "3")
                .containsEntry("warmupMax", "PT1M");
        assertThat(BenchOptions.builder().build().settings()).containsEntry("iterations", "time-boxed")
                .containsEntry("measureTime", "PT5S");
    }

    @Test
    void allAloneSelectsEveryTargetOrBenchmarkAsNoListDoes() {
        BenchOptions options = BenchOptions.builder().targets(List.of(BenchOptions.ALL)).benchmarks(List.of("all"))
                .build();

        assertThat(options.targets()).isEmpty();
        assertThat(options.benchmarks()).isEmpty();
        assertThat(options.settings()).isEqualTo(BenchOptions.builder().build().settings());
        assertThat(BenchOptions.builder().targets(List.of("raw")).benchmarks(List.of("turn1")).build().targets())
                .containsExactly("raw");
    }

    @Test
    void allAmongOtherNamesIsRefusedNamingTheList() {
        assertRejected(BenchOptions.builder().targets(List.of("all", "raw")),
                "Targets [all, raw]: all means every target found and stands alone");
        assertRejected(BenchOptions.builder().benchmarks(List.of("turn1", "all")),
                "Benchmarks [turn1, all]: all means every benchmark found and stands alone");
        assertRejected(BenchOptions.builder().targets(List.of("all", "all")), "Target [all] is listed twice");
    }

    @Test
    void aShorterCapAloneLowersTheDefaultWarmupTimeWithIt() {
        PassSettings passes = BenchOptions.builder().warmupMax(Duration.ofSeconds(5)).build().passes();

        assertThat(passes.warmupTime()).isEqualTo(Duration.ofSeconds(5));
        assertThat(passes.warmupMax()).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void aLongerWarmupTimeRaisesTheDefaultCapWithIt() {
        assertThat(BenchOptions.builder().warmupTime(Duration.ofSeconds(120)).build().passes().warmupMax())
                .isEqualTo(Duration.ofSeconds(120));
    }

    @Test
    void rejectsBadValuesNamingTheValue(@TempDir Path dir) {
        assertRejected(BenchOptions.builder().iterations(0), "Iterations [0] must be at least 1");
        assertRejected(BenchOptions.builder().warmup(-1), "Warmup [-1] must not be negative");
        assertRejected(BenchOptions.builder().warmupTime(Duration.ofSeconds(-1)),
                "Warmup time [PT-1S] must not be negative");
        assertRejected(BenchOptions.builder().timeout(Duration.ZERO), "Timeout [PT0S] must be positive");
        assertRejected(BenchOptions.builder().timeout(Duration.ofSeconds(-5)), "Timeout [PT-5S] must be positive");
        assertRejected(BenchOptions.builder().maxDuration(Duration.ZERO), "Max duration [PT0S] must be positive");
        assertRejected(BenchOptions.builder().concurrency(List.of()), "Concurrency [] must list at least one level");
        assertRejected(BenchOptions.builder().concurrency(List.of(1, 0)), "Concurrency [0] must be at least 1");
        assertRejected(BenchOptions.builder().concurrency(List.of(8, 8)), "Concurrency [8] is listed twice");
        assertRejected(BenchOptions.builder().targets(List.of("raw", "raw")), "Target [raw] is listed twice");
        assertRejected(BenchOptions.builder().benchmarks(List.of(" ")), "Benchmark name [ ] must not be blank");
        assertRejected(BenchOptions.builder().footprintAgents(0), "Footprint agents [0] must be at least 1");
        assertRejected(BenchOptions.builder().growthSessions(-2), "Growth sessions [-2] must be at least 1");
        assertRejected(BenchOptions.builder().coldStarts(0), "Cold starts [0] must be at least 1");
        assertRejected(BenchOptions.builder().steadyBand(0), "Steady band [0.0] must be above 0 and below 1");
        assertRejected(BenchOptions.builder().forks(0), "Forks [0] must be at least 1");
        assertRejected(BenchOptions.builder().profile("async"), "Profiler [async] is not supported; use jfr (or none)");
        assertRejected(BenchOptions.builder().profile("async").dryRun(true),
                "Profiler [async] is not supported; use jfr (or none)");
        assertRejected(BenchOptions.builder().measureTime(Duration.ZERO), "Measure time [PT0S] must be positive");
        assertRejected(BenchOptions.builder().warmupTime(Duration.ofSeconds(10)).warmupMax(Duration.ofSeconds(5)),
                "Warmup max [PT5S] must not be below warmup time [PT10S]");
        assertRejected(BenchOptions.builder().minIterations(10).maxIterations(5),
                "Max iterations [5] must not be below min iterations [10]");
        assertRejected(BenchOptions.builder().pluginDirs(List.of(dir.resolve("nope"))),
                "Plugin path [" + dir.resolve("nope") + "] does not exist");
        assertRejected(BenchOptions.builder().javaExecutable(dir.resolve("java")),
                "Java executable [" + dir.resolve("java") + "] is not an executable file");
    }

    private static void assertRejected(BenchOptions.Builder builder, String message) {
        assertThatThrownBy(builder::build).isInstanceOf(IllegalArgumentException.class).hasMessage(message);
    }
}
