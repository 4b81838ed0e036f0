package dev.agentbench.core.profile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.agentbench.api.result.PlannedCell;
import dev.agentbench.api.result.Profile;
import dev.agentbench.api.result.RunLayout;
import example.framework.Spinner;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real JFR recording of this JVM, made as a profile fork makes it ({@link JfrProfiler}), of a
 * workload whose hot method and allocated type are known ({@link Spinner}, outside agentbench's
 * packages: a framework's), summed up.
 */
class JfrSummaryTest {

    private static final PlannedCell CELL = new PlannedCell("spinner", "turn1", 1);
    private static final String SPIN = "example.framework.Spinner.spin";

    @TempDir
    static Path dir;

    private static Profile profile;
    private static long recordedNanos;
    /** What this thread allocated while recorded. */
    private static long allocatedBytes;

    @BeforeAll
    static void recordAndSummarize() throws Exception {
        Spinner.spin(200_000_000L); // compiled before the recording
        Spinner.allocate(100_000_000L); // what this thread allocated before the recording never counts
        Path file = dir.resolve("turn1.jfr");
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        try (JfrProfiler profiler = JfrProfiler.create()) {
            profiler.start();
            long before = threads.getCurrentThreadAllocatedBytes();
            Spinner.spin(1_500_000_000L);
            Spinner.allocate(500_000_000L);
            allocatedBytes = threads.getCurrentThreadAllocatedBytes() - before;
            profiler.stop();
            profiler.dump(file);
            recordedNanos = profiler.recordedNanos();
        }
        profile = JfrSummary.summarize(file, CELL, recordedNanos, 42);
    }

    @Test
    void theCellAndThePassAreNamed() {
        assertThat(profile.format()).isEqualTo(RunLayout.FORMAT);
        assertThat(profile.target()).isEqualTo("spinner");
        assertThat(profile.name()).isEqualTo("turn1");
        assertThat(profile.profiler()).isEqualTo("jfr");
        assertThat(profile.recording()).isEqualTo("turn1.jfr");
        assertThat(profile.durationNanos()).isEqualTo(recordedNanos).isBetween(2_000_000_000L, 4_000_000_000L);
        assertThat(profile.iterations()).isEqualTo(42);
    }

    @Test
    void theHotMethodIsOnTopAndItsGroupHasMostSamples() {
        // 1.5 s at one sample per millisecond, of which a good part is taken
        assertThat(profile.cpuSamples()).isGreaterThan(150);
        Profile.MethodSamples top = profile.methods().get(0);
        assertThat(top.method()).isEqualTo(SPIN);
        assertThat(top.group()).isEqualTo("framework");
        assertThat(top.self()).isGreaterThan(profile.cpuSamples() / 2).isLessThanOrEqualTo(top.total());
        assertThat(profile.methods()).isSortedAccordingTo((a, b) -> Long.compare(b.self(), a.self()));
        assertThat(profile.methods()).extracting(Profile.MethodSamples::method).doesNotHaveDuplicates()
                .contains(JfrSummaryTest.class.getName() + ".recordAndSummarize");
        assertThat(profile.methods()).allSatisfy(method -> assertThat(method.total()).isGreaterThanOrEqualTo(method.self()));
        assertThat(profile.methods().size()).isLessThanOrEqualTo(2 * JfrSummary.TOP_METHODS);
    }

    @Test
    void theHotMethodsPackageLeadsThePackagesAndEachPackageCountsOncePerSample() {
        Profile.PackageSamples top = profile.packages().get(0);
        assertThat(top.name()).isEqualTo(SPIN.substring(0, SPIN.lastIndexOf('.', SPIN.lastIndexOf('.') - 1)));
        assertThat(top.group()).isEqualTo("framework");
        assertThat(top.self()).isGreaterThanOrEqualTo(profile.methods().get(0).self());
        assertThat(profile.packages()).isSortedAccordingTo((a, b) -> Long.compare(b.self(), a.self()));
        assertThat(profile.packages()).allSatisfy(pkg -> assertThat(pkg.total()).isGreaterThanOrEqualTo(pkg.self())
                .isLessThanOrEqualTo(profile.cpuSamples()));
        assertThat(profile.packages().stream().mapToLong(Profile.PackageSamples::self).sum())
                .isLessThanOrEqualTo(profile.cpuSamples());
        assertThat(JfrSummary.packageOf("com.google.adk.flows.llmflows.BaseLlmFlow.runOneStep"))
                .isEqualTo("com.google.adk.flows.llmflows");
        assertThat(JfrSummary.packageOf("Unpackaged.run")).isEmpty();
    }

    @Test
    void theGroupsAreEveryGroupInOrderAndAddUpToTheSamples() {
        assertThat(profile.groups()).extracting(Profile.GroupShare::group).containsExactlyElementsOf(Profile.GROUPS);
        assertThat(profile.groups().stream().mapToLong(Profile.GroupShare::selfSamples).sum())
                .isEqualTo(profile.cpuSamples());
        assertThat(profile.groups().stream().mapToDouble(Profile.GroupShare::share).sum()).isCloseTo(1.0,
                org.assertj.core.data.Offset.offset(1e-9));
        assertThat(profile.groups().get(0).share()).as("framework").isGreaterThan(0.5);
    }

    @Test
    void theMostAllocatedTypeIsTheWorkloadsArrayNamedAsJavaWritesIt() {
        assertThat(profile.allocations()).isNotEmpty().hasSizeLessThanOrEqualTo(JfrSummary.TOP_ALLOCATIONS);
        Profile.Allocation top = profile.allocations().get(0);
        assertThat(top.type()).isEqualTo("long[]");
        assertThat(top.group()).isEqualTo("framework");
        // a thread's samples weigh what it allocated between them: about what it allocated while
        // recorded, without what it allocated before (its first sample, which would weigh that, is left out).
        // Less by what fell before its first sample and after its last, which the throttled sampling
        // makes vary (0.76 to 0.95 of it seen); never more, which the warm-up would make.
        assertThat(top.bytes()).isBetween((long) (allocatedBytes * 0.5), (long) (allocatedBytes * 1.05));
        assertThat(top.samples()).isPositive();
        assertThat(profile.allocations()).isSortedAccordingTo((a, b) -> Long.compare(b.bytes(), a.bytes()));
    }

    @Test
    void theFlameGraphMergesEveryStackFromTheRootDown() {
        Profile.FlameNode root = profile.flame();
        assertThat(root.frame()).isEqualTo("all");
        assertThat(root.group()).isNull();
        assertThat(root.samples()).isEqualTo(profile.cpuSamples());
        List<Profile.FlameNode> path = pathTo(root, SPIN);
        assertThat(path).as("a path from the root to the hot method").isNotEmpty();
        assertThat(path.get(path.size() - 1).samples()).isGreaterThan(profile.cpuSamples() / 2);
        assertThat(path.get(path.size() - 1).group()).isEqualTo("framework");
        check(root, profile.cpuSamples(), 0);
    }

    @Test
    void arrayAndLambdaNamesAreWrittenAsJavaWritesThem() {
        assertThat(JfrSummary.typeName("[B")).isEqualTo("byte[]");
        assertThat(JfrSummary.typeName("[[J")).isEqualTo("long[][]");
        assertThat(JfrSummary.typeName("[Ljava/lang/String;")).isEqualTo("java.lang.String[]");
        assertThat(JfrSummary.typeName("[Ljava.lang.Object;")).isEqualTo("java.lang.Object[]");
        assertThat(JfrSummary.typeName("java.lang.String")).isEqualTo("java.lang.String");
        assertThat(JfrSummary.className("com.example.Foo$$Lambda$45/0x0000000800c0b228"))
                .isEqualTo("com.example.Foo$$Lambda");
        assertThat(JfrSummary.className("com.example.Foo$Inner")).isEqualTo("com.example.Foo$Inner");
        assertThat(JfrSummary.typeName("jdk.internal.net.http.Http1Exchange$$Lambda$299+0x00007f9ac01de2b0.1459737481"))
                .isEqualTo("jdk.internal.net.http.Http1Exchange$$Lambda");
        assertThat(JfrSummary.className("java.lang.invoke.LambdaForm$MH/0x0000000800c0c400"))
                .isEqualTo("java.lang.invoke.LambdaForm$MH");
    }

    /** Every node: children most samples first, none above its parent's count or under the prune share, at most 128 deep. */
    private static void check(Profile.FlameNode node, long total, int depth) {
        assertThat(depth).isLessThanOrEqualTo(JfrSummary.MAX_DEPTH);
        assertThat(node.children()).isSortedAccordingTo((a, b) -> Long.compare(b.samples(), a.samples()));
        assertThat(node.children().stream().mapToLong(Profile.FlameNode::samples).sum())
                .isLessThanOrEqualTo(node.samples());
        for (Profile.FlameNode child : node.children()) {
            assertThat(child.samples()).isGreaterThanOrEqualTo((long) Math.ceil(JfrSummary.PRUNE_SHARE * total));
            assertThat(child.group()).isIn(Profile.GROUPS);
            check(child, total, depth + 1);
        }
    }

    private static List<Profile.FlameNode> pathTo(Profile.FlameNode node, String frame) {
        if (node.frame().equals(frame)) {
            return new ArrayList<>(List.of(node));
        }
        for (Profile.FlameNode child : node.children()) {
            List<Profile.FlameNode> path = pathTo(child, frame);
            if (!path.isEmpty()) {
                path.add(0, node);
                return path;
            }
        }
        return List.of();
    }
}
