package dev.agentbench.core.host;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

/**
 * A log file that never grows past a limit, however much a process prints: the first half of the
 * limit is written as it comes (the head: how the process started), and beyond it only the latest
 * bytes are kept (the tail: how it ended), in memory while a writer is open and in the file once it
 * is closed, after a line that says how many bytes were dropped between the two.
 *
 * <p>One log may take several writers one after another (the forks of a cell append to one log);
 * the head and the tail are of everything written to it. A process killed while a writer is open
 * leaves the head on disk and the tail of the earlier writers.
 */
public final class BoundedLog {

    /** Bytes of the limit set aside for the line that says what was dropped. */
    static final int MARKER_RESERVE = 256;

    /** The smallest limit: a head and a tail of 1 KiB each beside the marker. */
    public static final long MIN_LIMIT = 2 * 1024 + MARKER_RESERVE;

    private final Path file;
    private final long limit;
    private final long headLimit;
    private final int tailLimit;

    /** Bytes at the start of the file that are the head, as written. */
    private long head;
    /** Whether the head's last byte ended a line. */
    private boolean headEndsLine = true;
    /** Bytes written after the head that are no longer kept. */
    private long dropped;
    /** The tail: the latest bytes after the head, a ring of {@code tailLimit} allocated when needed. */
    private byte[] ring;
    private int ringStart;
    private int ringSize;
    /** The open writer; {@code null} when there is none. */
    private Writer writer;

    private BoundedLog(Path file, long limit) {
        if (limit < MIN_LIMIT) {
            throw new IllegalArgumentException("Log limit [" + limit + " bytes] must be at least " + MIN_LIMIT + " bytes");
        }
        this.file = file;
        this.limit = limit;
        this.headLimit = (limit - MARKER_RESERVE) / 2;
        this.tailLimit = (int) Math.min(Integer.MAX_VALUE - 8, limit - MARKER_RESERVE - headLimit);
    }

    /**
     * A new, empty log at {@code file}, replacing whatever was there.
     *
     * @param limit the most bytes the file ever holds, at least {@link #MIN_LIMIT}
     */
    public static BoundedLog create(Path file, long limit) throws IOException {
        BoundedLog log = new BoundedLog(file, limit);
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.write(file, new byte[0]);
        return log;
    }

    /** The file. */
    public Path file() {
        return file;
    }

    /** Bytes written to this log that it no longer holds. */
    public synchronized long dropped() {
        return dropped;
    }

    /** Appends one line of the harness's own, as a writer would. */
    public void line(String text) throws IOException {
        try (OutputStream out = writer()) {
            out.write((text + System.lineSeparator()).getBytes(StandardCharsets.UTF_8));
        }
    }

    /**
     * A stream that appends to this log until it is closed; closing it writes the tail to the file.
     * One writer at a time: a writer still open is closed first, and fails from then on (a thread
     * stuck reading a pipe that a stray process holds open cannot keep the log from the next one).
     */
    public synchronized OutputStream writer() throws IOException {
        closeWriter();
        FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.CREATE);
        channel.position(head);
        channel.truncate(head);
        writer = new Writer(channel);
        return writer;
    }

    /**
     * Closes the open writer, if any, so that the file holds everything written to the log. A thread
     * that was interrupted (the run's, on Ctrl-C) still writes the tail: a file channel refuses a
     * thread whose interrupt status is set, so the status is kept aside meanwhile and set again after.
     */
    public synchronized void closeWriter() throws IOException {
        if (writer != null) {
            boolean interrupted = Thread.interrupted();
            try {
                writer.close();
            } finally {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    private synchronized void write(Writer from, byte[] bytes, int offset, int length) throws IOException {
        if (from != writer) {
            throw new IOException("The log writer of [" + file + "] is closed");
        }
        FileChannel channel = from.channel;
        if (head < headLimit) {
            int n = (int) Math.min(length, headLimit - head);
            writeFully(channel, ByteBuffer.wrap(bytes, offset, n));
            head += n;
            headEndsLine = bytes[offset + n - 1] == '\n';
            offset += n;
            length -= n;
        }
        if (length > 0) {
            keep(bytes, offset, length);
        }
    }

    /** Adds bytes to the tail ring, dropping its oldest when it is full. */
    private void keep(byte[] bytes, int offset, int length) {
        if (ring == null) {
            ring = new byte[tailLimit];
        }
        if (length >= tailLimit) {
            dropped += ringSize + (length - tailLimit);
            System.arraycopy(bytes, offset + length - tailLimit, ring, 0, tailLimit);
            ringStart = 0;
            ringSize = tailLimit;
            return;
        }
        int overflow = Math.max(0, ringSize + length - tailLimit);
        if (overflow > 0) {
            ringStart = (ringStart + overflow) % tailLimit;
            ringSize -= overflow;
            dropped += overflow;
        }
        int end = (ringStart + ringSize) % tailLimit;
        int first = Math.min(length, tailLimit - end);
        System.arraycopy(bytes, offset, ring, end, first);
        System.arraycopy(bytes, offset + first, ring, 0, length - first);
        ringSize += length;
    }

    /** Writes the tail after the head, with the line that says what was dropped, and closes. */
    private synchronized void finish(Writer from) throws IOException {
        if (from != writer) {
            return;
        }
        writer = null;
        FileChannel channel = from.channel;
        try {
            channel.truncate(head);
            channel.position(head);
            if (ringSize > 0) {
                int skip = 0;
                if (dropped > 0) {
                    skip = lineStart();
                    String marker = (headEndsLine ? "" : System.lineSeparator()) + "[agentbench] "
                            + String.format(Locale.ROOT, "%,d", dropped + skip) + " bytes of output dropped here:"
                            + " the log keeps its start and its end within its limit of " + size(limit)
                            + System.lineSeparator();
                    writeFully(channel, ByteBuffer.wrap(marker.getBytes(StandardCharsets.UTF_8)));
                }
                int start = (ringStart + skip) % tailLimit;
                int size = ringSize - skip;
                int first = Math.min(size, tailLimit - start);
                writeFully(channel, ByteBuffer.wrap(ring, start, first));
                writeFully(channel, ByteBuffer.wrap(ring, 0, size - first));
            }
        } finally {
            channel.close();
        }
    }

    /** How many bytes of the tail come before its first whole line (none when it has no line end). */
    private int lineStart() {
        for (int i = 0; i < ringSize; i++) {
            if (ring[(ringStart + i) % tailLimit] == '\n') {
                return i + 1 < ringSize ? i + 1 : 0;
            }
        }
        return 0;
    }

    private static void writeFully(FileChannel channel, ByteBuffer buffer) throws IOException {
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
    }

    /** A size as the option takes it: {@code 2MiB}, {@code 512KiB}, {@code 1000B}. */
    static String size(long bytes) {
        if (bytes % (1L << 20) == 0) {
            return bytes / (1L << 20) + " MiB";
        }
        if (bytes % 1024 == 0) {
            return bytes / 1024 + " KiB";
        }
        if (bytes >= 1L << 20) {
            return String.format(Locale.ROOT, "%.1f MiB", bytes / (double) (1L << 20));
        }
        return bytes >= 1024 ? String.format(Locale.ROOT, "%.1f KiB", bytes / 1024.0) : bytes + " bytes";
    }

    /** One writer's stream. */
    private final class Writer extends OutputStream {
        private final FileChannel channel;

        Writer(FileChannel channel) {
            this.channel = channel;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            if (length > 0) {
                BoundedLog.this.write(this, bytes, offset, length);
            }
        }

        @Override
        public void close() throws IOException {
            finish(this);
        }
    }
}
