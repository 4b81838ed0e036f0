package dev.agentbench.api.result;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What {@code run.json} records about a run. A report is built from the cells planned here and
 * nothing else.
 *
 * @param format the results format of the file ({@link RunLayout#FORMAT} when written by this
 *     version; a file without the field is format 1)
 * @param runId the run directory's name: UTC {@code yyyyMMdd-HHmmss} plus a short random suffix
 * @param status how the run ended
 * @param startedAt when it started, ISO-8601 UTC
 * @param endedAt when it ended, ISO-8601 UTC; {@code null} while running
 * @param arguments the command-line arguments, or a description of the options for embedded runs
 * @param settings the effective settings (iterations, warmup, timeout, ...) by name
 * @param cells the planned cells, in the order they run
 * @param environment the machine and JVM: {@code java.vendor}, {@code java.version}, {@code os},
 *     {@code cpus}, {@code memory}, {@code git.commit} when known, ...
 * @param notes what a reader should know about the run as a whole: benchmarks that were not
 *     expanded by concurrency, where a budget stopped it, and so on; empty when none
 * @param mockWarmup how the mock was warmed before the first cell; {@code null} before it was, in a
 *     dry run, and in results of format 1
 * @param targets the planned targets, in plan order, with the version of the framework each drove;
 *     empty in results written before versions were recorded
 * @param sharding in a shard's run ({@code run --shard K/N}), which part of the whole plan it measured;
 *     in a run merged from shards, every part and the machine that ran it; {@code null} otherwise
 * @param mockRestarts each time the mock died during the run and was replaced (or could not be), in
 *     order; empty when it never died, and in results written before restarts were recorded
 * @param mockServe the mock's own time per request over the run's forks; {@code null} while running,
 *     when no fork recorded it (a dry run, only targets that make no requests) and in results written
 *     before it was recorded
 */
public record RunInfo(
        int format,
        String runId,
        RunStatus status,
        String startedAt,
        String endedAt,
        List<String> arguments,
        Map<String, String> settings,
        List<PlannedCell> cells,
        Map<String, String> environment,
        List<String> notes,
        MockWarmup mockWarmup,
        List<TargetInfo> targets,
        Sharding sharding,
        List<MockRestart> mockRestarts,
        MockServeTime mockServe) {

    public RunInfo {
        if (format == 0) {
            format = 1; // written before the field existed
        }
        if (format < 1) {
            throw new IllegalArgumentException("Results format [" + format + "] must be at least 1");
        }
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(startedAt, "startedAt");
        arguments = arguments == null ? List.of() : List.copyOf(arguments);
        settings = settings == null ? Map.of() : Map.copyOf(settings);
        cells = cells == null ? List.of() : List.copyOf(cells);
        environment = environment == null ? Map.of() : Map.copyOf(environment);
        notes = notes == null ? List.of() : List.copyOf(notes);
        targets = targets == null ? List.of() : List.copyOf(targets);
        mockRestarts = mockRestarts == null ? List.of() : List.copyOf(mockRestarts);
    }

    /** A record whose mock never had to be restarted and that has no mock time recorded. */
    public RunInfo(int format, String runId, RunStatus status, String startedAt, String endedAt, List<String> arguments,
            Map<String, String> settings, List<PlannedCell> cells, Map<String, String> environment, List<String> notes,
            MockWarmup mockWarmup, List<TargetInfo> targets, Sharding sharding) {
        this(format, runId, status, startedAt, endedAt, arguments, settings, cells, environment, notes, mockWarmup,
                targets, sharding, List.of(), null);
    }

    /** A record of a run that was not sharded. */
    public RunInfo(int format, String runId, RunStatus status, String startedAt, String endedAt, List<String> arguments,
            Map<String, String> settings, List<PlannedCell> cells, Map<String, String> environment, List<String> notes,
            MockWarmup mockWarmup, List<TargetInfo> targets) {
        this(format, runId, status, startedAt, endedAt, arguments, settings, cells, environment, notes, mockWarmup,
                targets, null);
    }

    /** A record in this version's results format. */
    public RunInfo(String runId, RunStatus status, String startedAt, String endedAt, List<String> arguments,
            Map<String, String> settings, List<PlannedCell> cells, Map<String, String> environment,
            List<String> notes) {
        this(RunLayout.FORMAT, runId, status, startedAt, endedAt, arguments, settings, cells, environment, notes, null,
                List.of());
    }

    /** A record without notes. */
    public RunInfo(String runId, RunStatus status, String startedAt, String endedAt, List<String> arguments,
            Map<String, String> settings, List<PlannedCell> cells, Map<String, String> environment) {
        this(runId, status, startedAt, endedAt, arguments, settings, cells, environment, List.of());
    }

    /** This record, ended with {@code status} at {@code endedAt}. */
    public RunInfo ended(RunStatus status, String endedAt) {
        return new RunInfo(format, runId, status, startedAt, endedAt, arguments, settings, cells, environment, notes,
                mockWarmup, targets, sharding, mockRestarts, mockServe);
    }

    /** This record with {@code note} added to its notes. */
    public RunInfo withNote(String note) {
        List<String> more = new java.util.ArrayList<>(notes);
        more.add(note);
        return new RunInfo(format, runId, status, startedAt, endedAt, arguments, settings, cells, environment, more,
                mockWarmup, targets, sharding, mockRestarts, mockServe);
    }

    /** This record with its targets. */
    public RunInfo withTargets(List<TargetInfo> planned) {
        return new RunInfo(format, runId, status, startedAt, endedAt, arguments, settings, cells, environment, notes,
                mockWarmup, planned, sharding, mockRestarts, mockServe);
    }

    /** The version recorded for target {@code name}; empty when the run recorded none. */
    public java.util.Optional<String> versionOf(String name) {
        return targets.stream().filter(target -> target.name().equals(name)).map(TargetInfo::version).findFirst();
    }

    /** This record with the mock's warm-up. */
    public RunInfo withMockWarmup(MockWarmup warmup) {
        return new RunInfo(format, runId, status, startedAt, endedAt, arguments, settings, cells, environment, notes,
                warmup, targets, sharding, mockRestarts, mockServe);
    }

    /** This record with {@code restart} added to its mock restarts. */
    public RunInfo withMockRestart(MockRestart restart) {
        List<MockRestart> more = new java.util.ArrayList<>(mockRestarts);
        more.add(restart);
        return new RunInfo(format, runId, status, startedAt, endedAt, arguments, settings, cells, environment, notes,
                mockWarmup, targets, sharding, more, mockServe);
    }

    /** This record with the mock's own time per request over the run. */
    public RunInfo withMockServe(MockServeTime serve) {
        return new RunInfo(format, runId, status, startedAt, endedAt, arguments, settings, cells, environment, notes,
                mockWarmup, targets, sharding, mockRestarts, serve);
    }

    /** This record with its sharding. */
    public RunInfo withSharding(Sharding split) {
        return new RunInfo(format, runId, status, startedAt, endedAt, arguments, settings, cells, environment, notes,
                mockWarmup, targets, split, mockRestarts, mockServe);
    }
}
