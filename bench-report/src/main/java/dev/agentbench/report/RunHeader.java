package dev.agentbench.report;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.MockRestart;
import dev.agentbench.api.result.MockWarmup;
import dev.agentbench.api.result.RunInfo;
import dev.agentbench.api.result.RunStatus;
import dev.agentbench.api.result.Sharding;
import java.util.ArrayList;
import java.util.IntSummaryStatistics;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** The facts a report's header states about a run, worded once for every human-readable format. */
final class RunHeader {

    private RunHeader() {}

    /** {@code Eclipse Adoptium, 17.0.15, OpenJDK 64-Bit Server VM}. */
    static String jvm(Map<String, String> env) {
        return join(env.get("java.vendor"), env.get("java.version"), env.get("java.vm.name"));
    }

    /** {@code Linux, 6.1.0, amd64}. */
    static String os(Map<String, String> env) {
        return join(env.get("os.name"), env.get("os.version"), env.get("os.arch"));
    }

    /**
     * The commit the harness was built from, when run.json has it and it is not the working
     * directory's commit the Commit row shows already (a jar built elsewhere, or from a tree with
     * changes: {@code …-dirty}); otherwise null.
     */
    static String builtFrom(Map<String, String> env) {
        String build = env.get("agentbench.commit");
        return build == null || build.equals(env.get("git.commit")) ? null : build;
    }

    /** {@code 2, 24.0 GiB}. */
    static String cpusAndMemory(Map<String, String> env) {
        String memory = env.get("memory");
        String readable = null;
        if (memory != null) {
            try {
                readable = Units.bytes(Long.parseLong(memory));
            } catch (NumberFormatException e) {
                readable = memory;
            }
        }
        return join(env.get("cpus"), readable);
    }

    /** Whether every planned cell ran, in words; empty when it did. */
    static String completion(RunInfo info) {
        return info.status() == RunStatus.COMPLETED ? "" : " (not every planned cell ran)";
    }

    /**
     * The version of each target's framework, {@code raw 17.0.15, llmagent 1.8.0}; {@code null} when
     * the run recorded none.
     */
    static String versions(RunInfo info) {
        if (info.targets().isEmpty()) {
            return null;
        }
        List<String> versions = new ArrayList<>();
        info.targets().forEach(target -> versions.add(target.name() + " " + target.version()));
        return String.join(", ", versions);
    }

    /**
     * Which target the ratios are to and what it includes, from its description:
     * {@code wire: Floor: no framework, ...}; {@code null} when the run has fewer than two targets.
     */
    static String baseline(RunInfo info, List<String> targets) {
        if (targets.size() < 2) {
            return null;
        }
        String baseline = targets.get(0);
        return info.targets().stream()
                .filter(target -> target.name().equals(baseline) && !target.description().isBlank())
                .findFirst()
                .map(target -> baseline + ": " + target.description())
                .orElse(baseline);
    }

    /**
     * What a shard's run measured of its plan: {@code 1/2 of plan sha256:3fa2…: turn1, tools; on ci-7:
     * AMD EPYC 7763, 2 CPUs, 7.8 GiB; Eclipse Adoptium 17.0.15 [9c1d02e4aa10]}; {@code null} for any
     * other run.
     */
    static String shard(RunInfo info) {
        Sharding sharding = info.sharding();
        if (sharding == null || sharding.index() == 0) {
            return null;
        }
        return sharding.label() + " of plan " + sharding.planHash() + ": "
                + String.join(", ", sharding.rows(sharding.index())) + "; on " + sharding.host() + " ["
                + sharding.fingerprint() + "]";
    }

    /** What the machines table of a merged run says above it. */
    static final String MACHINES_INTRO = "This run was merged from shards. Each shard measured whole rows: every"
            + " target of a row on one machine at one time, so a ratio within a row never compares two machines."
            + " Machines with the same fingerprint are of one kind (CPU model, cores, memory, OS and JVM).";

    /** The columns of the machines table of a merged run. */
    static final List<String> MACHINES_COLUMNS = List.of("Shard", "Rows", "Machine", "Fingerprint", "Run", "Status");

    /**
     * One row per shard of a merged run ({@link #MACHINES_COLUMNS}); empty for any other run. A shard
     * that was not merged says so.
     */
    static List<List<String>> machines(RunInfo info) {
        Sharding sharding = info.sharding();
        if (sharding == null || sharding.index() != 0) {
            return List.of();
        }
        List<List<String>> rows = new ArrayList<>();
        for (Sharding.Part part : sharding.parts()) {
            String rowsOf = String.join(", ", sharding.rows(part.shard()));
            rows.add(part.present()
                    ? List.of(part.shard() + "/" + sharding.count(), rowsOf, part.machine(), part.fingerprint(),
                            part.runId(), part.status().name())
                    : List.of(part.shard() + "/" + sharding.count(), rowsOf, "not merged: these rows are MISSING", "",
                            "", ""));
        }
        return rows;
    }

    /** The arguments as one line, or {@code (none)}. */
    static String arguments(RunInfo info) {
        return info.arguments().isEmpty() ? "(none)" : String.join(" ", info.arguments());
    }

    /** The settings sorted by name, {@code key=value, ...}; empty when there are none. */
    static String settings(RunInfo info) {
        List<String> settings = new ArrayList<>();
        new TreeMap<>(info.settings()).forEach((key, value) -> settings.add(key + "=" + value));
        return String.join(", ", settings);
    }

    /**
     * How many forks (fresh JVMs) the OK cells ran in: {@code 2 per cell, each a fresh JVM; cold start:
     * 10 JVMs}; {@code null} when no cell ran OK.
     */
    static String forks(RunData run) {
        IntSummaryStatistics timed = new IntSummaryStatistics();
        IntSummaryStatistics coldStart = new IntSummaryStatistics();
        boolean anyFork = false;
        for (CellResult cell : run.cells()) {
            if (cell.status() == CellStatus.OK && cell.time() != null) {
                anyFork |= !cell.forks().isEmpty();
                (Sections.jvmPerSample(cell) ? coldStart : timed).accept(cell.forksOrSelf().size());
            }
        }
        if (!anyFork) {
            return timed.getCount() + coldStart.getCount() == 0 ? null
                    : "1 per cell (results of format 1: one JVM per cell, so the spread between JVMs is unknown)";
        }
        List<String> parts = new ArrayList<>();
        if (timed.getCount() > 0) {
            parts.add(range(timed) + " per cell, each a fresh JVM");
        }
        if (coldStart.getCount() > 0) {
            parts.add("cold start: " + range(coldStart) + " JVMs");
        }
        return String.join("; ", parts);
    }

    private static String range(IntSummaryStatistics counts) {
        return counts.getMin() == counts.getMax() ? Integer.toString(counts.getMin())
                : counts.getMin() + "–" + counts.getMax();
    }

    /**
     * How the mock was warmed: {@code 12.0 s, 48,000 requests; median request 350 µs in the first
     * window, 120 µs in the last; steady}; {@code null} when the run does not say.
     */
    static String mockWarmup(RunInfo info) {
        MockWarmup warmup = info.mockWarmup();
        if (warmup == null) {
            return null;
        }
        if (warmup.requests() == 0) {
            return "none: " + MockWarmup.NOTHING_TO_WARM;
        }
        return Units.time(warmup.millis() * 1e6) + ", " + String.format(Locale.ROOT, "%,d", warmup.requests())
                + " requests; median request " + Units.time(warmup.firstMedianMicros() * 1e3)
                + " in the first window, " + Units.time(warmup.lastMedianMicros() * 1e3) + " in the last; "
                + (warmup.steady() ? "steady" : "not steady: stopped at its cap");
    }

    /**
     * One line per time the mock died during the run: {@code 2026-01-01T10:00:00Z: killed by SIGKILL
     * (exit status [137]) during raw/turn5; raw/turn5 FAILED; a new mock took its place
     * [mock.restart-1.log]}, or {@code ...; it could not be restarted: <why>; the run stopped}.
     */
    static List<String> mockRestarts(RunInfo info) {
        List<String> lines = new ArrayList<>();
        for (MockRestart restart : info.mockRestarts()) {
            String died = restart.at() + ": " + restart.cause() + (restart.cell() == null ? " between cells"
                    : " during " + restart.cell() + ", which FAILED");
            lines.add(restart.restarted() ? died + "; a new mock took its place [" + restart.log() + "]"
                    + (restart.warmup() == null ? "" : ", warmed in " + Units.time(restart.warmup().millis() * 1e6))
                    : died + "; it could not be restarted: " + restart.failure() + "; the run stopped");
        }
        return lines;
    }

    /** The figure of a fork that measured the mock's own time per request (the sessions kind's). */
    static final String MOCK_MICROS = "mockMicrosPerRequest";
    /** The figure of the requests one iteration makes, beside it. */
    static final String MOCK_REQUESTS = "mockRequestsPerIteration";
    /** The row whose floor the header splits up first, when the run has it. */
    static final String FLOOR_ROW = "turn1";

    /**
     * Where the baseline's time per operation goes, in one row: {@code turn1: raw's 176 µs = harness
     * 0.19 µs (noop's time per operation) + mock 10.3 µs (its own time per request × 1 request) +
     * loopback and client 165.5 µs (the rest)}. The row is {@code turn1}, else the first row whose
     * baseline cell has the mock's figures; the harness is unknown without a {@code noop} cell. {@code
     * null} when no row has what it takes.
     */
    static String floor(RunData run, String baseline) {
        Map<String, Map<String, CellResult>> rows = Sections.rows(run);
        Map.Entry<String, Map<String, CellResult>> chosen = null;
        for (Map.Entry<String, Map<String, CellResult>> row : rows.entrySet()) {
            CellResult base = row.getValue().get(baseline);
            if (base != null && base.status() == CellStatus.OK && base.time() != null
                    && base.figure(MOCK_MICROS) != null && base.figure(MOCK_REQUESTS) != null
                    && (chosen == null || row.getKey().equals(FLOOR_ROW))) {
                chosen = row;
            }
        }
        if (chosen == null) {
            return null;
        }
        CellResult base = chosen.getValue().get(baseline);
        double total = base.time().median();
        double requests = base.figure(MOCK_REQUESTS).value();
        double mock = base.figure(MOCK_MICROS).value() * 1_000 * requests;
        CellResult noop = chosen.getValue().get(Sections.FLOOR);
        boolean harnessKnown = noop != null && noop.status() == CellStatus.OK && noop.time() != null
                && !noop.target().equals(baseline);
        double harness = harnessKnown ? noop.time().median() : 0;
        String requestWord = String.format(Locale.ROOT, requests == Math.rint(requests) ? "%.0f" : "%.1f", requests)
                + (requests == 1 ? " request" : " requests");
        return chosen.getKey() + ": " + baseline + "'s " + Units.time(total) + " = harness "
                + (harnessKnown ? Units.time(harness) + " (" + Sections.FLOOR + "'s time per operation)"
                        : "unknown (no " + Sections.FLOOR + " cell)")
                + " + mock " + Units.time(mock) + " (its own time per request × " + requestWord + ")"
                + " + loopback and client " + Units.time(total - harness - mock) + " (the rest)";
    }

    static String join(String... parts) {
        List<String> present = new ArrayList<>();
        for (String part : parts) {
            if (part != null && !part.isBlank()) {
                present.add(part);
            }
        }
        return present.isEmpty() ? "unknown" : String.join(", ", present);
    }
}
