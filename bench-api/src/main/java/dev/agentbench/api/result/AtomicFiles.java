package dev.agentbench.api.result;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes whole files so that a reader sees the old content or the new, never half of one: every
 * result file, report, comparison and the {@code latest} pointer is written through this class.
 */
public final class AtomicFiles {

    private static final AtomicLong SEQUENCE = new AtomicLong();

    private AtomicFiles() {}

    /**
     * Writes {@code bytes} to a temporary file beside {@code file}, then renames it over {@code file}.
     * The file gets the permissions any new file gets (the process's umask), like the reports.
     */
    public static void write(Path file, byte[] bytes) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        // Not Files.createTempFile: its files are private to the owner (mode 600), and the rename
        // would carry that mode over to a result file that others are meant to read.
        Path temp = dir.resolve("." + file.getFileName() + "." + ProcessHandle.current().pid() + "-"
                + SEQUENCE.incrementAndGet() + ".tmp");
        try {
            Files.write(temp, bytes, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            replace(temp, file);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /**
     * Renames {@code source} (a file or a symbolic link) over {@code target} in one step where the
     * file system can, else replaces it with a plain move.
     */
    public static void replace(Path source, Path target) throws IOException {
        try {
            Files.move(source, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(source, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
