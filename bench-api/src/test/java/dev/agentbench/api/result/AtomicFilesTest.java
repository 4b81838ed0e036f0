package dev.agentbench.api.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {

    @Test
    void replacesTheFileWholeAndLeavesNoTemporaryFileBehind(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("cells").resolve("turn1.json");

        AtomicFiles.write(file, "first".getBytes(StandardCharsets.UTF_8));
        AtomicFiles.write(file, "second".getBytes(StandardCharsets.UTF_8));

        assertThat(file).hasContent("second");
        assertThat(list(file.getParent())).containsExactly(file);
    }

    /**
     * A reader that reads the file over and over while it is rewritten sees the old content or the
     * new, whole: never an empty, short or mixed file, as a plain write (truncate, then write) shows.
     */
    @Test
    void aReaderNeverSeesAHalfWrittenFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("summary.json");
        int size = 4 << 20;
        byte[] as = filled(size, (byte) 'a');
        byte[] bs = filled(size, (byte) 'b');
        AtomicFiles.write(file, as);
        AtomicBoolean writing = new AtomicBoolean(true);
        ExecutorService reader = Executors.newSingleThreadExecutor();
        try {
            Future<List<String>> seen = reader.submit(() -> {
                List<String> bad = new ArrayList<>();
                int reads = 0;
                while (writing.get() || reads == 0) {
                    byte[] read = Files.readAllBytes(file);
                    reads++;
                    if (!(Arrays.equals(read, as) || Arrays.equals(read, bs))) {
                        bad.add(read.length + " bytes, first [" + (read.length == 0 ? "" : (char) read[0])
                                + "], last [" + (read.length == 0 ? "" : (char) read[read.length - 1]) + "]");
                    }
                }
                return bad;
            });
            for (int i = 0; i < 40; i++) {
                AtomicFiles.write(file, i % 2 == 0 ? bs : as);
            }
            writing.set(false);
            assertThat(seen.get(1, TimeUnit.MINUTES)).as("reads that were neither the old file nor the new").isEmpty();
        } finally {
            writing.set(false);
            reader.shutdownNow();
        }
        assertThat(list(dir)).containsExactly(file);
    }

    /**
     * A write that fails leaves the old content as it was, and no temporary file. The failure here
     * is a name one character short of the file system's limit: the file itself can be written, a
     * file named after it with a suffix cannot, so a write that goes through a temporary file fails
     * before the old file is touched.
     */
    @Test
    void aFailedWriteLeavesTheOldContentAndNoTemporaryFile(@TempDir Path dir) throws Exception {
        int longest = longestName(dir);
        assumeTrue(longest > 0, "the file system of " + dir + " takes names of any length up to 1,000 characters,"
                + " so no write can be made to fail by its name");
        Path file = dir.resolve("r".repeat(longest - 5) + ".json");
        Files.writeString(file, "old");

        assertThatThrownBy(() -> AtomicFiles.write(file, "new".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IOException.class)
                .hasMessage("Cannot write [" + file + "]: File name too long");

        assertThat(file).hasContent("old");
        assertThat(list(dir)).containsExactly(file);
    }

    @Test
    void aResultFileIsAsReadableAsAnyNewFileNotPrivateToItsOwner(@TempDir Path dir) throws Exception {
        assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"),
                "file permissions are POSIX's, and this file system has none");
        Path plain = Files.writeString(dir.resolve("plain.txt"), "x");
        Path written = dir.resolve("written.json");

        AtomicFiles.write(written, "x".getBytes(StandardCharsets.UTF_8));

        assertThat(Files.getPosixFilePermissions(written)).isEqualTo(Files.getPosixFilePermissions(plain));
    }

    /** The longest file name {@code dir}'s file system takes, up to 1,000 characters; 0 when none is refused. */
    private static int longestName(Path dir) throws IOException {
        for (int length = 1; length <= 1_000; length++) {
            Path probe = dir.resolve("p".repeat(length));
            try {
                Files.createFile(probe);
                Files.delete(probe);
            } catch (IOException e) {
                return length - 1;
            }
        }
        return 0;
    }

    private static byte[] filled(int size, byte value) {
        byte[] bytes = new byte[size];
        Arrays.fill(bytes, value);
        return bytes;
    }

    private static List<Path> list(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.toList();
        }
    }
}
