package dev.agentbench.core.host;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** The last lines of a log, read from its end so that a large log costs nothing. */
final class LogTail {

    private static final int MAX_BYTES = 64 * 1024;

    private LogTail() {}

    /** Up to {@code lines} last lines of {@code log}; empty when it is missing or empty. */
    static List<String> of(Path log, int lines) {
        try (SeekableByteChannel channel = Files.newByteChannel(log)) {
            long size = channel.size();
            int length = (int) Math.min(size, MAX_BYTES);
            ByteBuffer buffer = ByteBuffer.allocate(length);
            channel.position(size - length);
            while (buffer.hasRemaining() && channel.read(buffer) >= 0) {
                // read to the end
            }
            String text = new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8);
            List<String> all = Arrays.asList(text.split("\\R", -1));
            if (!all.isEmpty() && all.get(all.size() - 1).isEmpty()) {
                all = all.subList(0, all.size() - 1);
            }
            if (length < size && !all.isEmpty()) {
                all = all.subList(1, all.size()); // the first line was cut
            }
            return List.copyOf(all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return List.of();
        }
    }
}
