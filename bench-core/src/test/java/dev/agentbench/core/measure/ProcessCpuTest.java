package dev.agentbench.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.agentbench.api.result.Cpu;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProcessCpuTest {

    private static final long MS = 1_000_000L;

    @Test
    void aPassOfAFifthOfASecondOfCpuGetsAFigureOnLinux() {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "no /proc/self/task on this system");
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long wallStart = System.nanoTime();
        ProcessCpu.Reading before = ProcessCpu.read();
        long end = threads.getCurrentThreadCpuTime() + 200 * MS;
        long spins = 0;
        while (threads.getCurrentThreadCpuTime() < end) {
            spins++;
        }
        Cpu cpu = ProcessCpu.between(before, ProcessCpu.read(), 4);
        long wall = System.nanoTime() - wallStart;

        // the tick clock alone gives no figure under 1 s; the threads' exact sum does: the spinning
        // thread's 200 ms and the JVM's own threads' (its compilers, on another core, can add as much
        // again), never more than every core for the whole time
        assertThat(spins).isPositive();
        assertThat(cpu).isNotNull();
        assertThat(cpu.ops()).isEqualTo(4);
        assertThat(cpu.nanos()).isBetween(200 * MS, wall * Runtime.getRuntime().availableProcessors() + 10 * MS);
        assertThat(cpu.nanosPerOp()).isEqualTo(cpu.nanos() / 4.0);
    }

    /** Burns {@code millis} of the calling thread's own CPU. */
    private static void burn(long millis) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long end = threads.getCurrentThreadCpuTime() + millis * MS;
        while (threads.getCurrentThreadCpuTime() < end) {
            Thread.onSpinWait();
        }
    }

    @Test
    void theCpuIsSplitByThreadNameIntoTheCompilersTheCollectorsAndTheRest() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "no /proc/self/task on this system");
        // HotSpot gives a Java thread's name to its native thread, which /proc reads back (cut to 15
        // characters): a thread named as a collector's is counted as one. It is kept alive until the
        // second reading: a thread that ended within the pass leaves the tick clock alone to count it.
        java.util.concurrent.CountDownLatch burnt = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
        Thread live = new Thread(() -> {
            burn(150);
            burnt.countDown();
            try {
                done.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "GC Thread#test");
        ProcessCpu.Reading start = ProcessCpu.read();
        live.start();
        burn(150);
        burnt.await();
        Cpu cpu = ProcessCpu.between(start, ProcessCpu.read(), 3, 0);
        done.countDown();
        live.join();

        assertThat(cpu).isNotNull();
        assertThat(cpu.gcNanos()).as("the live thread named as a collector's").isGreaterThanOrEqualTo(140 * MS);
        assertThat(cpu.compilerNanos()).isNotNull().isNotNegative();
        assertThat(cpu.ownNanosPerOp()).as("this thread's 150 ms, a third an operation")
                .isGreaterThanOrEqualTo(140 * MS / 3.0);
        assertThat(cpu.ownNanosPerOp() * 3 + cpu.gcNanos() + cpu.compilerNanos())
                .isCloseTo(cpu.nanos(), org.assertj.core.data.Offset.offset(3.0));
    }

    @Test
    void threadsAreToldByTheirNames() {
        assertThat(ProcessCpu.ThreadKind.of("C2 CompilerThre")).isEqualTo(ProcessCpu.ThreadKind.COMPILER);
        assertThat(ProcessCpu.ThreadKind.of("C1 CompilerThre")).isEqualTo(ProcessCpu.ThreadKind.COMPILER);
        assertThat(ProcessCpu.ThreadKind.of("GC Thread#0")).isEqualTo(ProcessCpu.ThreadKind.COLLECTOR);
        assertThat(ProcessCpu.ThreadKind.of("G1 Conc#0")).isEqualTo(ProcessCpu.ThreadKind.COLLECTOR);
        assertThat(ProcessCpu.ThreadKind.of("G1 Refine#0")).isEqualTo(ProcessCpu.ThreadKind.COLLECTOR);
        assertThat(ProcessCpu.ThreadKind.of("VM Thread")).isEqualTo(ProcessCpu.ThreadKind.COLLECTOR);
        assertThat(ProcessCpu.ThreadKind.of("ZWorker#1")).isEqualTo(ProcessCpu.ThreadKind.COLLECTOR);
        assertThat(ProcessCpu.ThreadKind.of("main")).isEqualTo(ProcessCpu.ThreadKind.OWN);
        assertThat(ProcessCpu.ThreadKind.of("HttpClient-1-Wo")).isEqualTo(ProcessCpu.ThreadKind.OWN);
        assertThat(ProcessCpu.ThreadKind.of("VM Periodic Tas")).isEqualTo(ProcessCpu.ThreadKind.OWN);
    }

    /**
     * Read twice around every session's preparation, a reading must not fill the heap: reading each
     * thread's file as a string took about 9 KiB a thread (186 KiB a reading with 20 threads, more
     * than a framework's whole toolset turn allocates).
     */
    @Test
    void aReadingAllocatesAFewHundredBytesAThreadAndSeesEveryThread() {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "no /proc/self/task on this system");
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        for (int i = 0; i < 200; i++) {
            ProcessCpu.read(); // compiled, and the thread's buffer made
        }
        int readings = 200;
        long before = threads.getCurrentThreadAllocatedBytes();
        ProcessCpu.Reading last = null;
        for (int i = 0; i < readings; i++) {
            last = ProcessCpu.read();
        }
        long perReading = (threads.getCurrentThreadAllocatedBytes() - before) / readings;

        assertThat(last.threadNanos()).as("every live thread has its time").hasSizeGreaterThanOrEqualTo(
                Thread.getAllStackTraces().size() / 2).allSatisfy((task, nanos) -> assertThat(nanos).isPositive());
        assertThat(perReading).as("bytes a reading of %d threads allocates", last.threadNanos().size())
                .isLessThan(1024L * last.threadNanos().size() + 4096);
    }

    @Test
    void aSchedstatLineIsReadUpToItsFirstSpace() {
        byte[] line = "123456789 4567 89\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        assertThat(ProcessCpu.firstNumber(line, line.length)).isEqualTo(123_456_789L);
        assertThat(ProcessCpu.firstNumber(line, 4)).as("a short read").isEqualTo(1234L);
        assertThat(ProcessCpu.firstNumber(line, 0)).as("nothing read").isEqualTo(-1);
        assertThat(ProcessCpu.firstNumber(" 12".getBytes(java.nio.charset.StandardCharsets.US_ASCII), 3)).isEqualTo(-1);
    }

    @Test
    void theExactSumIsTakenWhenTheTickClockAgreesWithinItsTicks() {
        ProcessCpu.Reading before = new ProcessCpu.Reading(1_000 * MS, Map.of("1", 500 * MS, "2", 100 * MS));
        ProcessCpu.Reading after = new ProcessCpu.Reading(1_150 * MS,
                Map.of("1", 600 * MS + 123_456, "2", 130 * MS, "3", 27 * MS)); // thread 3 started in the pass

        assertThat(ProcessCpu.used(before, after)).isEqualTo(157 * MS + 123_456);
    }

    @Test
    void aThreadThatWorkedAndEndedLeavesOnlyTheTickClockWhichNeedsASecond() {
        ProcessCpu.Reading before = new ProcessCpu.Reading(0, Map.of("1", 0L, "2", 0L));
        // thread 2 ran 400 ms and ended: the exact sum misses it, the tick clock does not
        ProcessCpu.Reading shortAfter = new ProcessCpu.Reading(500 * MS, Map.of("1", 100 * MS));
        ProcessCpu.Reading longAfter = new ProcessCpu.Reading(1_500 * MS, Map.of("1", 1_100 * MS));

        assertThat(ProcessCpu.used(before, shortAfter)).isEqualTo(-1);
        assertThat(ProcessCpu.used(before, longAfter)).isEqualTo(1_500 * MS);
    }

    @Test
    void withoutProcTheTickClockAloneDecidesAndTooLittleOfItIsNoFigure() {
        assertThat(ProcessCpu.used(new ProcessCpu.Reading(0, null), new ProcessCpu.Reading(990 * MS, null)))
                .isEqualTo(-1);
        assertThat(ProcessCpu.used(new ProcessCpu.Reading(0, null), new ProcessCpu.Reading(1_010 * MS, null)))
                .isEqualTo(1_010 * MS);
        assertThat(ProcessCpu.between(new ProcessCpu.Reading(-1, null), new ProcessCpu.Reading(-1, null), 10))
                .isNull();
    }

    @Test
    void tooLittleExactTimeIsNoFigureEither() {
        ProcessCpu.Reading before = new ProcessCpu.Reading(0, Map.of("1", 0L));
        ProcessCpu.Reading after = new ProcessCpu.Reading(50 * MS, Map.of("1", 55 * MS));

        assertThat(ProcessCpu.used(before, after)).isEqualTo(-1);
    }

    @Test
    void anUntimedRegionCountsTheReadingThreadByItsOwnClockAndEveryOtherByItsFile() {
        // the reading thread (task 7) by its own clock: 40 ms before the first reading, 64 ms after the
        // second, the readings' cost included; its file says 19 ms, which misses part of them
        ProcessCpu.UntimedStart start = new ProcessCpu.UntimedStart("7", 40 * MS,
                new ProcessCpu.Reading(0, Map.of("7", 41 * MS, "8", 100 * MS)));
        ProcessCpu.Reading end = new ProcessCpu.Reading(0, Map.of("7", 60 * MS, "8", 103 * MS, "9", 2 * MS));

        assertThat(ProcessCpu.untimed(start, end, 64 * MS)).as("24 ms of task 7, 3 of task 8, 2 of task 9, new")
                .isEqualTo(29 * MS);
        assertThat(ProcessCpu.usedAtAll(start.reading(), end)).as("the files alone").isEqualTo(24 * MS);
    }
}
