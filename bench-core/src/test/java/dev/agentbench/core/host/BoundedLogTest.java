package dev.agentbench.core.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BoundedLogTest {

    private static final long LIMIT = 64 * 1024;

    /** Lines {@code line <i>} from {@code from} to {@code to}, each ended. */
    private static byte[] lines(int from, int to) {
        StringBuilder text = new StringBuilder();
        for (int i = from; i < to; i++) {
            text.append("line ").append(i).append('\n');
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void outputWithinTheLimitIsKeptWholeAcrossWriters(@TempDir Path dir) throws IOException {
        BoundedLog log = BoundedLog.create(dir.resolve("cell.log"), LIMIT);
        try (OutputStream out = log.writer()) {
            out.write(lines(0, 100));
        }
        log.line("between");
        try (OutputStream out = log.writer()) {
            out.write(lines(100, 200));
        }

        String text = Files.readString(log.file());
        assertThat(text).startsWith("line 0\n").contains("line 99\nbetween").endsWith("line 199\n")
                .doesNotContain("dropped");
        assertThat(log.dropped()).isZero();
    }

    @Test
    void aFloodKeepsTheStartAndTheEndWithinTheLimitAndSaysHowMuchWasDropped(@TempDir Path dir) throws IOException {
        BoundedLog log = BoundedLog.create(dir.resolve("cell.log"), LIMIT);
        byte[] all = lines(0, 200_000);
        try (OutputStream out = log.writer()) {
            for (int i = 0; i < all.length; i += 1000) {
                out.write(all, i, Math.min(1000, all.length - i));
            }
        }

        List<String> written = Files.readAllLines(log.file());
        assertThat(Files.size(log.file())).isLessThanOrEqualTo(LIMIT).isGreaterThan(LIMIT - 1024);
        assertThat(written.get(0)).isEqualTo("line 0");
        assertThat(written.get(written.size() - 1)).isEqualTo("line 199999");
        String marker = written.stream().filter(line -> line.startsWith("[agentbench]")).findFirst().orElseThrow();
        assertThat(marker).matches("\\[agentbench\\] [0-9,]+ bytes of output dropped here: the log keeps its start and"
                + " its end within its limit of 64 KiB");
        int at = written.indexOf(marker);
        // the tail starts on a whole line, and the lines on both sides are in order
        assertThat(written.get(at + 1)).matches("line \\d+");
        long dropped = Long.parseLong(marker.substring("[agentbench] ".length(), marker.indexOf(" bytes")).replace(",", ""));
        long kept = Files.size(log.file()) - (marker.length() + 1);
        assertThat(kept + dropped).isEqualTo(all.length);
    }

    @Test
    void laterWritersOfAFullLogStillKeepOnlyTheEndAndTheFileStaysWithinTheLimit(@TempDir Path dir)
            throws IOException {
        BoundedLog log = BoundedLog.create(dir.resolve("cell.log"), LIMIT);
        for (int fork = 1; fork <= 3; fork++) {
            log.line("[agentbench] fork " + fork + " of 3");
            try (OutputStream out = log.writer()) {
                out.write(lines(fork * 100_000, fork * 100_000 + 20_000));
            }
            assertThat(Files.size(log.file())).isLessThanOrEqualTo(LIMIT);
        }

        String text = Files.readString(log.file());
        assertThat(text).startsWith("[agentbench] fork 1 of 3\nline 100000\n").endsWith("line 319999\n");
        assertThat(text).doesNotContain("fork 2 of 3"); // dropped with the middle
        assertThat(text.split("bytes of output dropped here", -1)).hasSize(2);
    }

    @Test
    void aNewWriterClosesOneLeftOpenAndTheOldOneFailsFromThenOn(@TempDir Path dir) throws IOException {
        BoundedLog log = BoundedLog.create(dir.resolve("cell.log"), LIMIT);
        OutputStream stuck = log.writer();
        stuck.write(lines(0, 3));

        log.line("after");

        assertThat(Files.readString(log.file())).isEqualTo("line 0\nline 1\nline 2\nafter\n");
        assertThatThrownBy(() -> stuck.write(lines(3, 4))).isInstanceOf(IOException.class)
                .hasMessageContaining("closed");
    }

    @Test
    void anInterruptedThreadStillWritesTheEndAndStaysInterrupted(@TempDir Path dir) throws IOException {
        BoundedLog log = BoundedLog.create(dir.resolve("cell.log"), LIMIT);
        byte[] all = lines(0, 200_000);
        OutputStream out = log.writer();
        out.write(all);
        Thread.currentThread().interrupt();
        try {
            log.closeWriter();
            assertThat(Thread.currentThread().isInterrupted()).as("the interrupt status, set again").isTrue();
        } finally {
            Thread.interrupted();
        }
        String text = Files.readString(dir.resolve("cell.log"));
        assertThat(text).startsWith("line 0\n").endsWith("line 199999\n").contains("bytes of output dropped here");
        assertThat(Files.size(dir.resolve("cell.log"))).isLessThanOrEqualTo(LIMIT);
    }

    @Test
    void aLimitTooSmallToHoldAStartAndAnEndIsRefused(@TempDir Path dir) {
        assertThatThrownBy(() -> BoundedLog.create(dir.resolve("cell.log"), 1000))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Log limit [1000 bytes] must be at least " + BoundedLog.MIN_LIMIT + " bytes");
    }
}
