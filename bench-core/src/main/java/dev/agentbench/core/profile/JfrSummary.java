package dev.agentbench.core.profile;

import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.Profile;
import dev.agentbench.api.result.RunLayout;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * A JFR recording of a profile fork's timed pass, summed up as a {@link Profile}: where the CPU
 * samples fall by {@linkplain PackageGroups group} and by method, which types are allocated most,
 * and every sampled stack merged into a flame graph.
 *
 * <ul>
 *   <li>A sample is one {@code jdk.ExecutionSample} event, of any thread. Its frames are named
 *       {@code package.Class.method}; frames JFR marks hidden (lambda forms and the like) are left
 *       out, a lambda's class is named without its number ({@code Foo$$Lambda}), and another hidden
 *       class without its address. A sample's
 *       <em>self</em> method and group are those of its top frame; a sample with no frame left counts
 *       for the {@code JDK} group (it is the JVM's own), so the groups always add up to the samples.</li>
 *   <li>{@code methods}: the {@value #TOP_METHODS} methods with the most self samples and the
 *       {@value #TOP_METHODS} with the most total samples (a method counted once per sample, however
 *       often it recurs in it), each once, most self samples first.</li>
 *   <li>{@code packages}: the same for the methods' packages, a package counted once per sample.</li>
 *   <li>{@code allocations}: the {@code jdk.ObjectAllocationSample} events' weights summed by the
 *       allocated type, the {@value #TOP_ALLOCATIONS} with the most bytes; a type's group is the group
 *       whose top frames allocated most of its bytes. A sample's weight is what its thread allocated
 *       since its previous sample, so the first sample of each thread in the recording weighs what the
 *       thread allocated before the recording too (the whole warm-up, say): it is left out.</li>
 *   <li>{@code flame}: the stacks from the root ({@code all}) down, at most {@value #MAX_DEPTH} frames
 *       deep; a frame under {@value #PRUNE_SHARE} of all samples is left out with everything above it;
 *       children most samples first. JFR keeps a sample's top frames when its stack is too deep for
 *       it, so the roots of such stacks are not the thread's own.</li>
 * </ul>
 */
public final class JfrSummary {

    /** The methods kept by self samples, and again by total samples. */
    static final int TOP_METHODS = 30;
    /** The allocated types kept. */
    static final int TOP_ALLOCATIONS = 20;
    /** The deepest frame of the flame graph, from the root. */
    static final int MAX_DEPTH = 128;
    /** The smallest share of all samples a flame graph node keeps. */
    static final double PRUNE_SHARE = 0.002;
    /** The flame graph's root. */
    static final String ROOT = "all";

    static final String EXECUTION_SAMPLE = "jdk.ExecutionSample";
    static final String ALLOCATION_SAMPLE = "jdk.ObjectAllocationSample";

    private final Map<String, String> groups = new HashMap<>();
    private final long[] groupSelf = new long[Profile.GROUPS.size()];
    /** self and total samples, by frame. */
    private final Map<String, long[]> methods = new HashMap<>();
    /** self and total samples, by package. */
    private final Map<String, long[]> packages = new HashMap<>();
    private final Map<String, Allocated> allocated = new HashMap<>();
    /** Every allocation sample, until the first of each thread is known. */
    private final List<AllocationSample> allocationSamples = new ArrayList<>();
    private final Node root = new Node(ROOT, null);
    private long cpuSamples;

    private JfrSummary() {}

    /**
     * Reads the recording at {@code recording} and sums it up.
     *
     * @param cell the cell it is of
     * @param durationNanos how long the recorded pass ran
     * @param iterations iterations of the recorded pass
     * @throws IOException when the file cannot be read or is no recording
     */
    public static Profile summarize(Path recording, PlannedCell cell, long durationNanos, long iterations)
            throws IOException {
        JfrSummary summary = new JfrSummary();
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                summary.add(file.readEvent());
            }
        }
        summary.sumAllocations();
        return summary.profile(cell, recording.getFileName().toString(), durationNanos, iterations);
    }

    private void add(RecordedEvent event) {
        String type = event.getEventType().getName();
        if (type.equals(EXECUTION_SAMPLE)) {
            sample(frames(event.getStackTrace()));
        } else if (type.equals(ALLOCATION_SAMPLE)) {
            RecordedClass objectClass = event.getClass("objectClass");
            if (objectClass != null) {
                List<String> frames = frames(event.getStackTrace());
                RecordedThread thread = event.getThread("eventThread");
                allocationSamples.add(new AllocationSample(thread == null ? -1 : thread.getId(),
                        event.getStartTime(), typeName(objectClass.getName()), event.getLong("weight"),
                        frames.isEmpty() ? PackageGroups.JDK : groupOf(frames.get(0))));
            }
        }
    }

    /** Sums the allocation samples by type, but the first of each thread. */
    private void sumAllocations() {
        Map<Long, AllocationSample> first = new HashMap<>();
        for (AllocationSample sample : allocationSamples) {
            first.merge(sample.thread(), sample, (a, b) -> b.at().isBefore(a.at()) ? b : a);
        }
        Set<AllocationSample> skipped = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        skipped.addAll(first.values());
        for (AllocationSample sample : allocationSamples) {
            if (!skipped.contains(sample)) {
                allocated.computeIfAbsent(sample.type(), name -> new Allocated()).add(sample.weight(), sample.group());
            }
        }
    }

    /** One {@code jdk.ObjectAllocationSample}, as far as it counts here. */
    private record AllocationSample(long thread, Instant at, String type, long weight, String group) {}

    /** One CPU sample, its frames leaf first. */
    private void sample(List<String> frames) {
        cpuSamples++;
        root.samples++;
        if (frames.isEmpty()) {
            groupSelf[Profile.GROUPS.indexOf(PackageGroups.JDK)]++;
            return;
        }
        String top = frames.get(0);
        groupSelf[Profile.GROUPS.indexOf(groupOf(top))]++;
        methods.computeIfAbsent(top, name -> new long[2])[0]++;
        packages.computeIfAbsent(packageOf(top), name -> new long[2])[0]++;
        Set<String> seen = new HashSet<>();
        Set<String> seenPackages = new HashSet<>();
        for (String frame : frames) {
            if (seen.add(frame)) {
                methods.computeIfAbsent(frame, name -> new long[2])[1]++;
            }
            String pkg = packageOf(frame);
            if (seenPackages.add(pkg)) {
                packages.computeIfAbsent(pkg, name -> new long[2])[1]++;
            }
        }
        Node node = root;
        for (int i = frames.size() - 1, depth = 0; i >= 0 && depth < MAX_DEPTH; i--, depth++) {
            String frame = frames.get(i);
            node = node.child(frame, groupOf(frame));
            node.samples++;
        }
    }

    /** The frames of a stack that name a method, leaf first, as {@code package.Class.method}. */
    private static List<String> frames(RecordedStackTrace stack) {
        if (stack == null) {
            return List.of();
        }
        List<String> frames = new ArrayList<>(stack.getFrames().size());
        for (RecordedFrame frame : stack.getFrames()) {
            RecordedMethod method = frame.getMethod();
            if (!frame.isJavaFrame() || method == null || method.isHidden() || method.getType() == null) {
                continue;
            }
            frames.add(className(method.getType().getName()) + "." + method.getName());
        }
        return frames;
    }

    /**
     * A class's name as a frame or an allocation shows it: a lambda's without its number and address
     * ({@code Foo$$Lambda}), another hidden class's without its address.
     */
    static String className(String name) {
        int lambda = name.indexOf("$$Lambda");
        if (lambda >= 0) {
            return name.substring(0, lambda + "$$Lambda".length());
        }
        int hidden = Math.max(name.indexOf("/0x"), name.indexOf("+0x"));
        return hidden < 0 ? name : name.substring(0, hidden);
    }

    /** An allocated type's name as Java writes it: {@code byte[]} for JFR's {@code [B}, {@code java.lang.String[]}. */
    static String typeName(String name) {
        int dimensions = 0;
        while (dimensions < name.length() && name.charAt(dimensions) == '[') {
            dimensions++;
        }
        if (dimensions == 0) {
            return className(name);
        }
        String element = name.substring(dimensions);
        String base = switch (element) {
            case "B" -> "byte";
            case "C" -> "char";
            case "S" -> "short";
            case "I" -> "int";
            case "J" -> "long";
            case "F" -> "float";
            case "D" -> "double";
            case "Z" -> "boolean";
            default -> element.startsWith("L") && element.endsWith(";")
                    ? element.substring(1, element.length() - 1).replace('/', '.') : element.replace('/', '.');
        };
        return base + "[]".repeat(dimensions);
    }

    /** The group of a frame's class. */
    private String groupOf(String frame) {
        int dot = frame.lastIndexOf('.');
        String className = dot < 0 ? frame : frame.substring(0, dot);
        return groups.computeIfAbsent(className, PackageGroups::of);
    }

    private Profile profile(PlannedCell cell, String recording, long durationNanos, long iterations) {
        List<Profile.GroupShare> shares = new ArrayList<>();
        for (int i = 0; i < Profile.GROUPS.size(); i++) {
            shares.add(new Profile.GroupShare(Profile.GROUPS.get(i), groupSelf[i],
                    cpuSamples == 0 ? 0 : groupSelf[i] / (double) cpuSamples));
        }
        return new Profile(RunLayout.FORMAT, cell.target(), cell.benchmark(), cell.concurrency(), cell.name(),
                "jfr", recording, durationNanos, iterations, cpuSamples, shares, topMethods(), topAllocations(),
                root.toFlame(cpuSamples, 0), topPackages());
    }

    /** The package of a frame {@code package.Class.method}; empty for a class in no package. */
    static String packageOf(String frame) {
        int method = frame.lastIndexOf('.');
        String className = method < 0 ? frame : frame.substring(0, method);
        int type = className.lastIndexOf('.');
        return type < 0 ? "" : className.substring(0, type);
    }

    private List<Profile.PackageSamples> topPackages() {
        Set<String> kept = new LinkedHashSet<>(top(packages, 0));
        kept.addAll(top(packages, 1));
        return packages.entrySet().stream().filter(e -> kept.contains(e.getKey())).sorted(order(0))
                .map(e -> new Profile.PackageSamples(e.getKey(), groupOf(e.getKey() + ".X.m"), e.getValue()[0],
                        e.getValue()[1]))
                .toList();
    }

    /** The {@link #TOP_METHODS} keys with the most samples of kind {@code index} (0 self, 1 total). */
    private static List<String> top(Map<String, long[]> counts, int index) {
        return counts.entrySet().stream().filter(e -> e.getValue()[index] > 0).sorted(order(index))
                .limit(TOP_METHODS).map(Map.Entry::getKey).toList();
    }

    /** Most samples of kind {@code index} first, then of the other kind, then by name. */
    private static Comparator<Map.Entry<String, long[]>> order(int index) {
        return Comparator.<Map.Entry<String, long[]>>comparingLong(e -> -e.getValue()[index])
                .thenComparingLong(e -> -e.getValue()[1 - index]).thenComparing(Map.Entry::getKey);
    }

    private List<Profile.MethodSamples> topMethods() {
        Set<String> kept = new LinkedHashSet<>(top(methods, 0));
        kept.addAll(top(methods, 1));
        return methods.entrySet().stream().filter(e -> kept.contains(e.getKey())).sorted(order(0))
                .map(e -> new Profile.MethodSamples(e.getKey(), groupOf(e.getKey()), e.getValue()[0], e.getValue()[1]))
                .toList();
    }

    private List<Profile.Allocation> topAllocations() {
        return allocated.entrySet().stream()
                .sorted(Comparator.<Map.Entry<String, Allocated>>comparingLong(e -> -e.getValue().bytes)
                        .thenComparing(Map.Entry::getKey))
                .limit(TOP_ALLOCATIONS)
                .map(e -> new Profile.Allocation(e.getKey(), e.getValue().group(), e.getValue().bytes,
                        e.getValue().samples))
                .toList();
    }

    /** One allocated type's samples. */
    private static final class Allocated {
        long bytes;
        long samples;
        final Map<String, Long> bytesByGroup = new LinkedHashMap<>();

        void add(long weight, String group) {
            bytes += weight;
            samples++;
            bytesByGroup.merge(group, weight, Long::sum);
        }

        /** The group that allocated most of the bytes; the first of {@link Profile#GROUPS} among equals. */
        String group() {
            String most = null;
            for (String group : Profile.GROUPS) {
                Long bytes = bytesByGroup.get(group);
                if (bytes != null && (most == null || bytes > bytesByGroup.get(most))) {
                    most = group;
                }
            }
            return most;
        }
    }

    /** A node of the merged stacks, while they are merged. */
    private static final class Node {
        final String frame;
        final String group;
        long samples;
        Map<String, Node> children;

        Node(String frame, String group) {
            this.frame = frame;
            this.group = group;
        }

        Node child(String frame, String group) {
            if (children == null) {
                children = new HashMap<>();
            }
            return children.computeIfAbsent(frame, name -> new Node(name, group));
        }

        /** This node and the children of at least {@link #PRUNE_SHARE} of {@code total}, most samples first. */
        Profile.FlameNode toFlame(long total, int depth) {
            List<Profile.FlameNode> kept = new ArrayList<>();
            if (children != null) {
                children.values().stream()
                        .filter(child -> child.samples >= PRUNE_SHARE * total)
                        .sorted(Comparator.comparingLong((Node child) -> -child.samples).thenComparing(child -> child.frame))
                        .forEach(child -> kept.add(child.toFlame(total, depth + 1)));
            }
            return new Profile.FlameNode(frame, group, samples, kept);
        }
    }
}
