package dev.agentbench.api.result;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
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
        try (Stream<Path> files = Files.list(file.getParent())) {
            assertThat(files).containsExactly(file);
        }
    }

    @Test
    void aResultFileIsAsReadableAsAnyNewFileNotPrivateToItsOwner(@TempDir Path dir) throws Exception {
        if (!FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            return; // permissions are POSIX's
        }
        Path plain = Files.writeString(dir.resolve("plain.txt"), "x");
        Path written = dir.resolve("written.json");

        AtomicFiles.write(written, "x".getBytes(StandardCharsets.UTF_8));

        assertThat(Files.getPosixFilePermissions(written)).isEqualTo(Files.getPosixFilePermissions(plain));
    }
}
