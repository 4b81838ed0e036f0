package dev.agentbench.core.internal;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;

/** Writes whole files so that a reader sees the old content or the new, never half of one. */
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
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
