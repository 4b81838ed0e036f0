package dev.agentbench.mock;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Iterator;
import java.util.Locale;

/**
 * N open HTTP/1.1 connections driven by one selector thread: a client light enough that sending N
 * requests at once takes a few writes, not a scheduler's worth of work, so all N are really in
 * flight together. Each round sends one request on every connection, then reads every reply whole
 * (by {@code Content-Length} or to the last chunk), noting when its first byte arrived.
 */
public final class RawConnections implements AutoCloseable {

    private final SocketChannel[] channels;
    private final Selector selector;

    RawConnections(String host, int port, int count) throws IOException {
        selector = Selector.open();
        channels = new SocketChannel[count];
        for (int i = 0; i < count; i++) {
            SocketChannel channel = SocketChannel.open(new InetSocketAddress(host, port));
            channel.configureBlocking(false);
            channel.register(selector, SelectionKey.OP_READ, i);
            channels[i] = channel;
        }
    }

    /** The whole HTTP/1.1 request for a POST of {@code body} to {@code path}. */
    public static byte[] post(String path, String body) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        byte[] head = ("POST " + path + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Content-Length: " + bytes.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] request = new byte[head.length + bytes.length];
        System.arraycopy(head, 0, request, 0, head.length);
        System.arraycopy(bytes, 0, request, head.length, bytes.length);
        return request;
    }

    /** The replies of one round, by connection: text (ISO-8859-1) and nanos from send to first byte. */
    record Round(String[] replies, long[] firstByteNanos) {}

    /** Sends {@code request} on every connection at once, then reads every reply. */
    Round round(byte[] request, Duration timeout) throws IOException {
        int count = channels.length;
        long[] sent = new long[count];
        long[] first = new long[count];
        ByteArrayOutputStream[] received = new ByteArrayOutputStream[count];
        boolean[] complete = new boolean[count];
        for (int i = 0; i < count; i++) {
            ByteBuffer buffer = ByteBuffer.wrap(request);
            sent[i] = System.nanoTime();
            while (buffer.hasRemaining()) {
                channels[i].write(buffer);
            }
            received[i] = new ByteArrayOutputStream(1024);
        }
        ByteBuffer in = ByteBuffer.allocate(64 * 1024);
        long deadline = System.nanoTime() + timeout.toNanos();
        int done = 0;
        while (done < count) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new IOException(done + " of " + count + " replies complete after " + timeout);
            }
            selector.select(Math.max(1, left / 1_000_000));
            Iterator<SelectionKey> keys = selector.selectedKeys().iterator();
            while (keys.hasNext()) {
                SelectionKey key = keys.next();
                keys.remove();
                int i = (Integer) key.attachment();
                in.clear();
                int n = channels[i].read(in);
                if (n < 0) {
                    throw new IOException("Connection " + i + " closed by the server after ["
                            + received[i].toString(StandardCharsets.ISO_8859_1) + "]");
                }
                if (n > 0 && first[i] == 0) {
                    first[i] = System.nanoTime();
                }
                received[i].write(in.array(), 0, n);
                if (!complete[i] && isComplete(received[i].toString(StandardCharsets.ISO_8859_1))) {
                    complete[i] = true;
                    done++;
                }
            }
        }
        String[] replies = new String[count];
        long[] firstByte = new long[count];
        for (int i = 0; i < count; i++) {
            replies[i] = received[i].toString(StandardCharsets.ISO_8859_1);
            firstByte[i] = first[i] - sent[i];
        }
        return new Round(replies, firstByte);
    }

    /** Whether {@code reply} (ISO-8859-1) is a whole reply: to its Content-Length, or to its last chunk. */
    public static boolean isComplete(String reply) {
        int end = reply.indexOf("\r\n\r\n");
        if (end < 0) {
            return false;
        }
        String head = reply.substring(0, end).toLowerCase(Locale.ROOT);
        int length = head.indexOf("\r\ncontent-length:");
        if (length >= 0) {
            int from = length + "\r\ncontent-length:".length();
            int to = head.indexOf("\r\n", from);
            long declared = Long.parseLong(head.substring(from, to < 0 ? head.length() : to).trim());
            // ISO-8859-1: one char per byte.
            return reply.length() - end - 4 >= declared;
        }
        return reply.endsWith("\r\n0\r\n\r\n");
    }

    @Override
    public void close() throws IOException {
        for (SocketChannel channel : channels) {
            if (channel != null) {
                channel.close();
            }
        }
        selector.close();
    }
}
