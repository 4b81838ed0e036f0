package dev.agentbench.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.agentbench.api.result.Noise;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the noise watcher reads from procfs, on fixture text. */
class MachineNoiseTest {

    /** A 2-CPU machine's /proc/stat as Linux 5.x writes it. */
    private static String procStat(long user, long system, long idle, long steal) {
        return "cpu  " + user + " 10 " + system + " " + idle + " 20 0 30 " + steal + " 0 0\n"
                + "cpu0 1 1 1 1 1 0 1 0 0 0\n"
                + "cpu1 1 1 1 1 1 0 1 0 0 0\n"
                + "intr 123 0 0\nctxt 456\nbtime 1700000000\nprocesses 789\n";
    }

    /** A process's stat: a name with a space and parentheses, then utime and stime at fields 14 and 15. */
    private static String pidStat(long pid, long utime, long stime) {
        return pid + " (java (x) y) S 1 " + pid + " " + pid + " 0 -1 4194560 100 0 0 0 " + utime + " " + stime
                + " 0 0 20 0 30 0 12345 4000000000 50000 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n";
    }

    @Test
    void theMachineLineGivesBusyTotalAndStealAndTheCpuLinesTheCount() {
        MachineNoise.MachineTicks ticks = MachineNoise.machine(procStat(1000, 200, 5000, 40));

        assertThat(ticks.cpus()).isEqualTo(2);
        assertThat(ticks.busy()).as("user + nice + system + irq + softirq").isEqualTo(1000 + 10 + 200 + 0 + 30);
        assertThat(ticks.total()).as("up to steal; guest is in user already").isEqualTo(1000 + 10 + 200 + 5000 + 20 + 30 + 40);
        assertThat(ticks.steal()).isEqualTo(40);
        assertThat(MachineNoise.machine("cpu  1 2 3 4\ncpu0 1 2 3 4\n").steal()).as("an old kernel's").isNull();
        assertThatThrownBy(() -> MachineNoise.machine("intr 1 2\n")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("[cpu]");
    }

    @Test
    void aProcessLineGivesUserPlusSystemTimeWhateverItsName() {
        assertThat(MachineNoise.processTicks(pidStat(4242, 700, 55))).isEqualTo(755);
        assertThatThrownBy(() -> MachineNoise.processTicks("4242 (java) S 1 2 3")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void othersAreTheMachinesBusyTimeLessTheCellsProcessesAsAShareOfTheMachine(@TempDir Path proc) throws IOException {
        AtomicLong clock = new AtomicLong();
        MachineNoise noise = new MachineNoise(proc, List.of(11L, 12L, 13L), clock::get);
        write(proc, procStat(1000, 200, 5000, 40), 100, 100, 100);
        noise.start();
        // over 2 s of 2 CPUs (400 ticks): the machine was busy 300 ticks, the cell's processes 180 of them
        clock.set(2_000_000_000L);
        write(proc, procStat(1000 + 250, 200 + 50, 5000 + 92, 40 + 8), 100 + 150, 100 + 20, 100 + 10);
        noise.stop();

        Noise read = noise.noise();
        assertThat(read.seconds()).isEqualTo(2.0);
        assertThat(read.cpus()).isEqualTo(2);
        assertThat(read.otherCpuPercent()).isCloseTo(100.0 * (300 - 180) / 400, within(1e-9));
        assertThat(read.stealPercent()).isCloseTo(100.0 * 8 / 400, within(1e-9));
        assertThat(read.disturbed()).as("the parent judges").isFalse();
    }

    @Test
    void aProcessGoneMeanwhileCountsNothingMoreAndNoProcfsGivesNoReadingNotZero(@TempDir Path proc) throws IOException {
        AtomicLong clock = new AtomicLong();
        MachineNoise noise = new MachineNoise(proc, List.of(11L, 12L), clock::get);
        write(proc, procStat(0, 0, 0, 0), 0, 0);
        noise.start();
        Files.delete(proc.resolve("12").resolve("stat"));
        write(proc, procStat(100, 0, 100, 0), 40);
        clock.set(1_000_000_000L);
        noise.stop();
        assertThat(noise.noise().otherCpuPercent()).isCloseTo(100.0 * (100 - 40) / 200, within(1e-9));

        // 8 ms is two ticks of 2 CPUs: one tick of anyone's would read 50%
        noise.start();
        clock.addAndGet(8_000_000L);
        write(proc, procStat(101, 0, 101, 0), 40);
        noise.stop();
        assertThat(noise.noise()).as("too short a pass to read").isNull();

        MachineNoise elsewhere = new MachineNoise(proc.resolve("absent"), List.of(11L), () -> 0L);
        elsewhere.start();
        elsewhere.stop();
        assertThat(elsewhere.noise()).isNull();
        assertThat(elsewhere.active()).as("a watcher, never a profile fork").isFalse();
    }

    private static void write(Path proc, String stat, long... ticksOfPids) throws IOException {
        Files.writeString(proc.resolve("stat"), stat);
        for (int i = 0; i < ticksOfPids.length; i++) {
            Path dir = Files.createDirectories(proc.resolve(Long.toString(11 + i)));
            Files.writeString(dir.resolve("stat"), pidStat(11 + i, ticksOfPids[i], 0));
        }
    }
}
