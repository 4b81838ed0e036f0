package dev.agentbench.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The assumption the streaming figures rest on: the mock's JVM and the cell's JVM read one clock
 * with {@link System#nanoTime()}, so that a chunk's write time in one and its delivery time in the
 * other can be subtracted. On Linux HotSpot reads {@code CLOCK_MONOTONIC}, which every process of the
 * machine shares. The test asks a second JVM for its reading between two of this JVM's, again and
 * again, the second JVM answering on request so that JVM start-up is not what is between them.
 */
class MonotonicClockTest {

    /** A second JVM: prints its {@link System#nanoTime()} each time it reads a line. */
    public static final class Reader {
        public static void main(String[] args) throws Exception {
            BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
            PrintWriter out = new PrintWriter(System.out, false, StandardCharsets.US_ASCII);
            while (in.readLine() != null) {
                out.println(System.nanoTime());
                out.flush();
            }
        }
    }

    @Test
    void anotherJvmsNanoTimeLiesBetweenTwoReadingsOfThisOne() throws Exception {
        assumeTrue(System.getProperty("os.name").toLowerCase(Locale.ROOT).startsWith("linux"),
                "HotSpot reads CLOCK_MONOTONIC on Linux; elsewhere the harness warns instead (docs/design.md)");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(List.of(java, "-Xshare:auto", "-cp", System.getProperty("java.class.path"),
                Reader.class.getName())).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (PrintWriter ask = new PrintWriter(child.getOutputStream(), false, StandardCharsets.US_ASCII);
                BufferedReader answer = new BufferedReader(new InputStreamReader(child.getInputStream(),
                        StandardCharsets.US_ASCII))) {
            for (int i = 0; i < 200; i++) {
                long before = System.nanoTime();
                ask.println();
                ask.flush();
                String line = answer.readLine();
                long after = System.nanoTime();
                assertThat(line).as("the second JVM's reading " + i).isNotNull();
                long theirs = Long.parseLong(line.strip());
                assertThat(theirs).as("reading %d: this JVM read %d before and %d after", i, before, after)
                        .isBetween(before, after);
            }
        } finally {
            child.destroy();
            if (!child.waitFor(10, TimeUnit.SECONDS)) {
                child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }
}
