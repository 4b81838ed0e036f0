package dev.agentbench.report;

import dev.agentbench.api.result.CellResult;
import dev.agentbench.api.result.CellStatus;
import dev.agentbench.api.result.Profile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The profiles of a run as the human-readable reports show them, worded once so that {@code
 * report.md} and {@code report.html} say the same thing: per benchmark, where the CPU time of an
 * iteration goes by package group, each target beside the baseline with their difference; then per
 * profiled target the methods with the most self samples and the types with the most sampled
 * allocation bytes. {@code report.html} adds a flame graph per cell ({@link FlameGraphSvg}).
 */
final class ProfileSection {

    static final String TITLE = "Profiles";

    /** What the section says first; {@code `code`} spans are marked with backticks. */
    static final String INTRO = "Each profiled cell's timed pass ran once more in a profile fork of its own (a fresh "
            + "JVM after the measured forks, recorded with JFR and never counted in their figures). Every CPU sample "
            + "counts for the group of the method on top of its stack: framework (the framework, its libraries and "
            + "the target's adapter), HTTP client, JSON, JDK, or harness (agentbench's own code). A group's CPU time "
            + "per iteration is its share of the samples × the cell's CPU time per iteration from the measured forks, "
            + "so the difference to the baseline says which code a framework's extra time runs in. Then, per target, "
            + "the methods with the most self samples (total: the samples with the method anywhere on the stack) "
            + "and the types with the most sampled allocation bytes.";

    /** What {@code report.html} adds about the flame graphs. */
    static final String FLAME_INTRO = "Each flame graph merges the cell's sampled stacks from the root `all` "
            + "downwards: a frame's width is its share of the samples, its colour its group; hover a frame for its "
            + "samples.";

    /** The methods each target shows. */
    static final int METHODS = 10;

    /** The allocated types each target shows. */
    static final int ALLOCATIONS = 5;

    /** How many of its framework's packages a profiled cell lists. */
    static final int PACKAGES = 8;

    /** The name of the row that sums the groups. */
    static final String ALL = "all";

    /**
     * A table of text: a heading per column, then the rows. The first column names the row; the
     * columns after the text columns are figures.
     *
     * @param codeNames whether the first column holds code (method or type names)
     * @param textColumns how many columns, from the first, hold text rather than figures
     */
    record Table(List<String> header, List<List<String>> rows, boolean codeNames, int textColumns) {}

    /**
     * One benchmark's profiles.
     *
     * @param name the cell name ({@code turn1}, {@code turn1_c8})
     * @param groups the table by group, targets with samples side by side; {@code null} when no
     *     target has samples
     * @param notes what the table's reader must know: shares in place of times, or no baseline
     * @param targets each target with a profile file for this benchmark, the baseline first
     */
    record Benchmark(String name, Table groups, List<String> notes, List<TargetProfile> targets) {}

    /**
     * One profiled cell.
     *
     * @param summary one line: samples, iterations and recording, or why there is nothing to show
     * @param packages the top packages; {@code null} without samples, or in a profile that counted none
     * @param methods the top methods; {@code null} without samples
     * @param allocations the top allocated types; {@code null} when none was sampled
     */
    record TargetProfile(String target, CellProfile profile, String summary, Table packages, Table methods,
            Table allocations) {}

    private ProfileSection() {}

    /** Whether some planned cell has a profile file. */
    static boolean any(RunData run) {
        return !run.profiles().isEmpty();
    }

    /**
     * The benchmarks with at least one profile file, in report order.
     *
     * @param targets the run's targets, the baseline first
     */
    static List<Benchmark> of(RunData run, List<String> targets) {
        List<Benchmark> benchmarks = new ArrayList<>();
        for (Map.Entry<String, Map<String, CellResult>> row : Sections.rows(run).entrySet()) {
            List<TargetProfile> profiled = new ArrayList<>();
            List<CellResult> sampled = new ArrayList<>();
            for (String target : targets) {
                CellResult cell = row.getValue().get(target);
                CellProfile profile = cell == null ? null : run.profile(cell);
                if (profile != null) {
                    profiled.add(target(target, profile));
                    if (profile.sampled()) {
                        sampled.add(cell);
                    }
                }
            }
            if (profiled.isEmpty()) {
                continue;
            }
            List<String> notes = new ArrayList<>();
            Table groups = sampled.isEmpty() ? null : groups(run, sampled, targets.get(0), notes);
            benchmarks.add(new Benchmark(row.getKey(), groups, List.copyOf(notes), List.copyOf(profiled)));
        }
        return List.copyOf(benchmarks);
    }

    /** The CPU time per iteration that a cell's shares apply to; {@code NaN} when it has none. */
    static double cpuPerOp(CellResult cell) {
        if (cell.status() != CellStatus.OK || cell.cpu() == null) {
            return Double.NaN;
        }
        double nanos = cell.cpu().nanosPerOp();
        return Double.isFinite(nanos) && nanos > 0 ? nanos : Double.NaN;
    }

    /** A group's share of a profile's samples, 0 to 1; 0 for a group the profile does not list. */
    static double share(Profile profile, String group) {
        return profile.groups().stream().filter(share -> group.equals(share.group()))
                .mapToDouble(Profile.GroupShare::share).findFirst().orElse(0);
    }

    /**
     * Group | target | target − baseline | …: CPU time per iteration by group with its share, or
     * shares alone (and a note saying so) when a cell has no CPU time per iteration.
     */
    private static Table groups(RunData run, List<CellResult> cells, String baseline, List<String> notes) {
        List<String> withoutCpu = new ArrayList<>();
        for (CellResult cell : cells) {
            if (Double.isNaN(cpuPerOp(cell))) {
                withoutCpu.add(code(cell.target()) + " (" + (cell.status() == CellStatus.OK ? "no CPU time recorded"
                        : cell.status().name()) + ")");
            }
        }
        boolean times = withoutCpu.isEmpty();
        if (!times) {
            notes.add("Shares of the CPU samples in % (differences in percentage points), not times: there is no "
                    + "CPU time per iteration for " + String.join(", ", withoutCpu) + ".");
        }
        CellResult base = cells.get(0).target().equals(baseline) ? cells.get(0) : null;
        if (base == null) {
            notes.add(code(baseline) + " has no profile of this benchmark, so there is no difference to it.");
        }
        if (cells.size() > ComparisonTable.MAX_WIDE_TARGETS) {
            return tallGroups(run, cells, base, times);
        }
        List<String> header = new ArrayList<>(List.of("Group"));
        for (CellResult cell : cells) {
            header.add(cell.target() + (times ? " CPU/iteration" : " share"));
            if (base != null && cell != base) {
                header.add(cell.target() + " − " + baseline);
            }
        }
        List<List<String>> rows = new ArrayList<>();
        for (String group : Profile.GROUPS) {
            List<String> row = new ArrayList<>(List.of(group));
            for (CellResult cell : cells) {
                double share = share(run.profile(cell).profile(), group);
                row.add(times ? Units.time(share * cpuPerOp(cell)) + " (" + Units.percent(share) + ")" : Units.percent(share));
                if (base != null && cell != base) {
                    double baseShare = share(run.profile(base).profile(), group);
                    row.add(times ? signedTime(share * cpuPerOp(cell) - baseShare * cpuPerOp(base))
                            : signed(100 * (share - baseShare)) + " pp");
                }
            }
            rows.add(row);
        }
        List<String> total = new ArrayList<>(List.of(ALL));
        for (CellResult cell : cells) {
            long samples = run.profile(cell).profile().cpuSamples();
            total.add(times ? Units.time(cpuPerOp(cell)) : String.format(Locale.ROOT, "100%% of %,d samples", samples));
            if (base != null && cell != base) {
                total.add(times ? signedTime(cpuPerOp(cell) - cpuPerOp(base)) : "");
            }
        }
        rows.add(total);
        return new Table(List.copyOf(header), List.copyOf(rows), false, 1);
    }

    /**
     * Target | group | … | all, past {@link ComparisonTable#MAX_WIDE_TARGETS} targets, as the
     * comparison tables turn: a row per target (the baseline first), each group's CPU time per
     * iteration with its share and, after the baseline's row, the difference to the baseline's;
     * shares alone and differences in percentage points without CPU times.
     */
    private static Table tallGroups(RunData run, List<CellResult> cells, CellResult base, boolean times) {
        List<String> header = new ArrayList<>(List.of("Target"));
        header.addAll(Profile.GROUPS);
        header.add(ALL);
        List<List<String>> rows = new ArrayList<>();
        for (CellResult cell : cells) {
            boolean differs = base != null && cell != base;
            List<String> row = new ArrayList<>(List.of(cell.target()));
            for (String group : Profile.GROUPS) {
                double share = share(run.profile(cell).profile(), group);
                String entry = times ? Units.time(share * cpuPerOp(cell)) + " (" + Units.percent(share) + ")" : Units.percent(share);
                if (differs) {
                    double baseShare = share(run.profile(base).profile(), group);
                    entry += ", " + (times ? signedTime(share * cpuPerOp(cell) - baseShare * cpuPerOp(base))
                            : signed(100 * (share - baseShare)) + " pp");
                }
                row.add(entry);
            }
            long samples = run.profile(cell).profile().cpuSamples();
            row.add(times ? Units.time(cpuPerOp(cell)) + (differs ? ", " + signedTime(cpuPerOp(cell) - cpuPerOp(base)) : "")
                    : String.format(Locale.ROOT, "100%% of %,d samples", samples));
            rows.add(row);
        }
        return new Table(List.copyOf(header), List.copyOf(rows), false, 1);
    }

    private static TargetProfile target(String target, CellProfile cell) {
        if (cell.profile() == null) {
            return new TargetProfile(target, cell, cell.problem(), null, null, null);
        }
        Profile profile = cell.profile();
        String summary = String.format(Locale.ROOT, "%,d CPU samples over %,d iterations (%s) of the profile fork's "
                + "timed pass, recorded with %s in %s", profile.cpuSamples(), profile.iterations(),
                Units.time(profile.durationNanos()), profile.profiler() == null ? "a profiler it does not name"
                        : profile.profiler(), code(cell.recording()));
        if (!cell.sampled()) {
            return new TargetProfile(target, cell, summary + ". No CPU sample was recorded: nothing to show.", null,
                    null, allocations(profile));
        }
        return new TargetProfile(target, cell, summary, packages(profile), methods(profile), allocations(profile));
    }

    /** The {@code limit} methods with the most self samples (the most total samples first among equals). */
    static List<Profile.MethodSamples> topBySelf(Profile profile, int limit) {
        return profile.methods().stream()
                .filter(method -> method.self() > 0)
                .sorted(Comparator.comparingLong(Profile.MethodSamples::self).reversed()
                        .thenComparing(Comparator.comparingLong(Profile.MethodSamples::total).reversed()))
                .limit(limit)
                .toList();
    }

    /** Method | Group | Self | Total: the methods with the most self samples, in % of the samples. */
    private static Table methods(Profile profile) {
        List<List<String>> rows = new ArrayList<>();
        for (Profile.MethodSamples method : topBySelf(profile, METHODS)) {
            rows.add(List.of(Objects.toString(method.method(), "?"), group(method.group()),
                    Units.percent((double) method.self() / profile.cpuSamples()),
                    Units.percent((double) method.total() / profile.cpuSamples())));
        }
        return new Table(List.of("Method", "Group", "Self", "Total"), List.copyOf(rows), true, 2);
    }

    /**
     * Package | Self | Total: the packages of the framework group with the most self samples, in % of
     * the samples (the other groups' time is in the table by group); {@code null} for a profile with
     * none.
     */
    private static Table packages(Profile profile) {
        List<Profile.PackageSamples> framework = profile.packages().stream()
                .filter(pkg -> pkg.self() > 0 && Profile.GROUPS.get(0).equals(pkg.group())).toList();
        if (framework.isEmpty()) {
            return null;
        }
        List<List<String>> rows = new ArrayList<>();
        framework.stream()
                .sorted(Comparator.comparingLong(Profile.PackageSamples::self).reversed()
                        .thenComparing(Comparator.comparingLong(Profile.PackageSamples::total).reversed()))
                .limit(PACKAGES)
                .forEach(pkg -> rows.add(List.of(pkg.name() == null || pkg.name().isEmpty() ? "(no package)" : pkg.name(),
                        Units.percent((double) pkg.self() / profile.cpuSamples()),
                        Units.percent((double) pkg.total() / profile.cpuSamples()))));
        return new Table(List.of("Package", "Self", "Total"), List.copyOf(rows), true, 1);
    }

    /** Type | Group | Sampled bytes | Per iteration | Samples; {@code null} when nothing was sampled. */
    private static Table allocations(Profile profile) {
        if (profile.allocations().isEmpty()) {
            return null;
        }
        List<List<String>> rows = new ArrayList<>();
        List<Profile.Allocation> top = profile.allocations().stream()
                .sorted(Comparator.comparingLong(Profile.Allocation::bytes).reversed())
                .limit(ALLOCATIONS)
                .toList();
        for (Profile.Allocation allocation : top) {
            rows.add(List.of(Objects.toString(allocation.type(), "?"), group(allocation.group()),
                    Units.bytes(allocation.bytes()),
                    profile.iterations() > 0 ? Units.bytes((double) allocation.bytes() / profile.iterations()) : "–",
                    String.format(Locale.ROOT, "%,d", allocation.samples())));
        }
        return new Table(List.of("Type", "Group", "Sampled bytes", "Per iteration", "Samples"), List.copyOf(rows),
                true, 2);
    }

    private static String group(String group) {
        return group == null ? "–" : group;
    }

    /** A name from the run as a {@code `code`} span of the texts above, whatever it holds. */
    static String code(String name) {
        return "`" + name.replace("`", "'") + "`";
    }

    /** {@code +147 µs}, {@code −3.10 µs}, {@code ±0 ns}. */
    private static String signedTime(double nanos) {
        if (nanos == 0) {
            return "±0 ns";
        }
        Units.TimeUnitLabel unit = Units.timeUnitFor(Math.abs(nanos));
        return (nanos > 0 ? "+" : "−") + unit.format(Math.abs(nanos));
    }

    /** {@code +25.3}, {@code −1.2}, {@code ±0.0}, one decimal. */
    private static String signed(double value) {
        String text = String.format(Locale.ROOT, "%.1f", Math.abs(value));
        return (text.equals("0.0") ? "±" : value > 0 ? "+" : "−") + text;
    }
}
