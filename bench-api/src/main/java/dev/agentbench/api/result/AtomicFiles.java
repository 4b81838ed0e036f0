package dev.agentbench.api.result;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
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
     *
     * @throws IOException saying {@code Cannot write [file]: } and the reason ({@link #reason}), e.g.
     *     {@code No space left on device}; {@code file} keeps its old content, and no temporary file
     *     is left
     */
    public static void write(Path file, byte[] bytes) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        // Not Files.createTempFile: its files are private to the owner (mode 600), and the rename
        // would carry that mode over to a result file that others are meant to read.
        Path temp = dir.resolve("." + file.getFileName() + "." + ProcessHandle.current().pid() + "-"
                + SEQUENCE.incrementAndGet() + ".tmp");
        try {
            Files.createDirectories(dir);
            Files.write(temp, bytes, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            replace(temp, file);
        } catch (IOException e) {
            throw new IOException("Cannot write [" + file + "]: " + reason(e), e);
        } finally {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException e) {
                // the directory itself cannot be written: no temporary file was made in it
            }
        }
    }

    /**
     * Copies {@code source} to {@code target} as {@link #write} writes: whole or not at all. For
     * the files a run holds (a cell's log, the mock's), which fit in memory.
     */
    public static void copy(Path source, Path target) throws IOException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(source);
        } catch (IOException e) {
            throw new IOException("Cannot read [" + source + "]: " + reason(e), e);
        }
        write(target, bytes);
    }

    /**
     * Why a file operation failed, in a few words and without the file's name: the operating
     * system's reason where there is one ({@code No space left on device}, {@code Permission
     * denied}, {@code Read-only file system}), else what the exception's type says.
     */
    public static String reason(IOException e) {
        if (e instanceof FileSystemException fs) {
            if (fs.getReason() != null) {
                return fs.getReason();
            }
            String other = fs.getOtherFile() == null ? "" : " [" + fs.getOtherFile() + "]";
            if (fs instanceof AccessDeniedException) {
                return "Permission denied" + other;
            }
            if (fs instanceof NoSuchFileException) {
                return "No such file or directory" + other;
            }
            if (fs instanceof FileAlreadyExistsException) {
                return "File exists" + other;
            }
            if (fs instanceof NotDirectoryException) {
                return "Not a directory" + other;
            }
            return fs.getClass().getSimpleName() + other;
        }
        return e.getMessage() == null || e.getMessage().isBlank() ? e.getClass().getSimpleName() : e.getMessage();
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
