package dev.agentbench.core.measure;

import dev.agentbench.api.result.Noise;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads what the machine does besides a cell over its timed pass: a {@link Profiler} watcher that
 * reads Linux's {@code /proc/stat} (the machine's busy, total and steal time) and the {@code
 * /proc/<pid>/stat} of the cell's own processes (their {@code utime + stime}) when the pass starts
 * and when it ends. Others' CPU is the machine's busy time less the cell's processes'. Where there
 * is no {@code /proc} (macOS, Windows) nothing is read and {@link #noise()} is {@code null}. Every
 * count is in the kernel's clock ticks, which cancel out of each share. A class rather than lambdas,
 * like everything a child loads.
 */
public final class MachineNoise implements Profiler {

    /** The machine's CPU counters: the first line of {@code /proc/stat}, in clock ticks. */
    record MachineTicks(int cpus, long busy, long total, Long steal) {}

    /**
     * The shortest timed pass that gets a reading: the kernel counts CPU time in ticks of 10 ms, so a
     * pass of 8 ms on 2 CPUs is 2 ticks, and one tick of anyone's is 50% of it. Over 0.5 s, one tick
     * is 1% of one CPU. A shorter pass has no reading ({@code null}), and is never disturbed.
     */
    public static final double LEAST_SECONDS = 0.5;

    private final Path proc;
    private final List<Long> pids;
    private final java.util.function.LongSupplier clock;
    private Sample start;
    private Noise noise;

    /** One reading of the machine and of the cell's processes. */
    private record Sample(long nanos, MachineTicks machine, long own) {}

    /**
     * @param proc where procfs is mounted, {@code /proc} outside tests
     * @param pids the cell's own processes: its JVM, the mock, the harness
     * @param clock nanoseconds
     */
    public MachineNoise(Path proc, List<Long> pids, java.util.function.LongSupplier clock) {
        this.proc = proc;
        this.pids = List.copyOf(pids);
        this.clock = clock;
    }

    /**
     * A watcher of this JVM, its parent (the harness) and its parent's other children (the mock), on
     * {@code /proc}.
     */
    public static MachineNoise ofThisCell(java.util.function.LongSupplier clock) {
        List<Long> pids = new ArrayList<>();
        ProcessHandle self = ProcessHandle.current();
        pids.add(self.pid());
        self.parent().ifPresent(parent -> {
            pids.add(parent.pid());
            parent.children().filter(child -> child.pid() != self.pid()).forEach(child -> pids.add(child.pid()));
        });
        return new MachineNoise(Path.of("/proc"), pids, clock);
    }

    @Override
    public boolean active() {
        return false;
    }

    @Override
    public void start() {
        noise = null;
        start = sample();
    }

    @Override
    public void stop() {
        Sample end = sample();
        if (start == null || end == null) {
            return;
        }
        long total = end.machine.total() - start.machine.total();
        if (total <= 0 || (end.nanos - start.nanos) / 1e9 < LEAST_SECONDS) {
            return;
        }
        long others = Math.max(0, (end.machine.busy() - start.machine.busy()) - (end.own - start.own));
        Double steal = start.machine.steal() == null || end.machine.steal() == null ? null
                : 100.0 * Math.max(0, end.machine.steal() - start.machine.steal()) / total;
        noise = new Noise((end.nanos - start.nanos) / 1e9, end.machine.cpus(), steal, 100.0 * others / total, false);
    }

    /** What was read over the last pass; {@code null} when nothing could be, or the pass was too short. */
    public Noise noise() {
        return noise;
    }

    /** The machine's and the cell's counters now; {@code null} when they cannot be read. */
    private Sample sample() {
        try {
            MachineTicks machine = machine(Files.readString(proc.resolve("stat"), StandardCharsets.US_ASCII));
            long own = 0;
            for (long pid : pids) {
                Path stat = proc.resolve(Long.toString(pid)).resolve("stat");
                try {
                    own += processTicks(Files.readString(stat, StandardCharsets.UTF_8));
                } catch (IOException e) {
                    // a process gone meanwhile used nothing more
                }
            }
            return new Sample(clock.getAsLong(), machine, own);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * The machine's counters from the text of {@code /proc/stat}: from its {@code cpu} line, busy is
     * {@code user + nice + system + irq + softirq}, total is every field up to {@code steal} (guest
     * time is counted in user time already), steal the eighth field when there is one; the CPUs are its
     * {@code cpuN} lines.
     *
     * @throws IllegalArgumentException when the text has no {@code cpu} line of at least four counters
     */
    static MachineTicks machine(String procStat) {
        long[] fields = null;
        int cpus = 0;
        for (String line : procStat.split("\n")) {
            String[] parts = line.trim().split("\\s+");
            if (parts[0].equals("cpu")) {
                fields = new long[parts.length - 1];
                for (int i = 1; i < parts.length; i++) {
                    fields[i - 1] = Long.parseLong(parts[i]);
                }
            } else if (parts[0].startsWith("cpu") && parts[0].length() > 3) {
                cpus++;
            }
        }
        if (fields == null || fields.length < 4) {
            throw new IllegalArgumentException("no [cpu] line of at least 4 counters in /proc/stat");
        }
        long busy = fields[0] + fields[1] + fields[2] + at(fields, 5) + at(fields, 6);
        long total = 0;
        for (int i = 0; i < Math.min(fields.length, 8); i++) {
            total += fields[i];
        }
        return new MachineTicks(Math.max(1, cpus), busy, total, fields.length > 7 ? fields[7] : null);
    }

    /**
     * A process's CPU time, {@code utime + stime}, from the text of its {@code /proc/<pid>/stat}: the
     * 14th and 15th fields, counted after the command name in parentheses (which may hold spaces and
     * parentheses itself).
     *
     * @throws IllegalArgumentException when the text has not that many fields
     */
    static long processTicks(String pidStat) {
        int close = pidStat.lastIndexOf(')');
        if (close < 0) {
            throw new IllegalArgumentException("no command name in a process's stat");
        }
        String[] after = pidStat.substring(close + 1).trim().split("\\s+");
        // after the name: state is field 3, so utime (14) and stime (15) are at 11 and 12
        if (after.length < 13) {
            throw new IllegalArgumentException("a process's stat has [" + after.length + "] fields after its name");
        }
        return Long.parseLong(after[11]) + Long.parseLong(after[12]);
    }

    private static long at(long[] fields, int index) {
        return index < fields.length ? fields[index] : 0;
    }
}
