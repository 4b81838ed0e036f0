package dev.agentbench.builtin.wire;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;

/**
 * One HTTP/1.1 connection, read and written on the calling thread: a request goes out in one
 * write (head and body together), a response's head is read line by line and its body by
 * {@code Content-Length}, by chunked transfer coding, or to the end of the connection. Not safe
 * for concurrent use; one exchange at a time.
 */
final class HttpConnection implements Closeable {

    /** A response's status line and the headers that frame its body. */
    record Head(int status, long contentLength, boolean chunked, boolean close) {}

    private static final int MAX_LINE = 8192;
    private static final int CONNECT_TIMEOUT_MS = 10_000;

    private final Closeable socket;
    private final InputStream in;
    private final OutputStream out;
    private final byte[] buffer = new byte[16 * 1024];
    private int position;
    private int limit;

    /** How the current body ends: bytes left of it (or of the current chunk), and its framing. */
    private long remaining;
    private boolean chunked;
    private boolean untilClose;
    private boolean startedChunks;
    private boolean bodyDone = true;
    private boolean reusable = true;

    HttpConnection(Closeable socket, InputStream in, OutputStream out) {
        this.socket = socket;
        this.in = in;
        this.out = out;
    }

    /** A loopback-friendly connection: TCP_NODELAY, so a request is never held back for an ACK. */
    static HttpConnection open(String host, int port) throws IOException {
        Socket socket = new Socket();
        try {
            socket.setTcpNoDelay(true);
            socket.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MS);
            return new HttpConnection(socket, socket.getInputStream(),
                    new BufferedOutputStream(socket.getOutputStream(), 64 * 1024));
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }

    /** Whether the last response was read to its end and left the connection open for the next. */
    boolean reusable() {
        return reusable && bodyDone;
    }

    /** Writes the request's head and body and flushes them as one write. */
    void send(byte[] head, int headLength, byte[] body, int bodyLength) throws IOException {
        out.write(head, 0, headLength);
        out.write(body, 0, bodyLength);
        out.flush();
    }

    /**
     * Reads the status line and headers of the response.
     *
     * @return the head, or {@code null} when the peer closed the connection before sending a byte
     */
    Head readHead() throws IOException {
        if (!bodyDone) {
            throw new IllegalStateException("The previous response's body was not read to its end");
        }
        try {
            if (position == limit && fill() < 0) {
                return null;
            }
        } catch (SocketException e) { // reset by the peer before any byte
            return null;
        }
        String statusLine = readLine();
        if (!statusLine.startsWith("HTTP/1.") || statusLine.length() < 12) {
            throw new IOException("Not an HTTP/1.x status line: [" + statusLine + "]");
        }
        int status;
        try {
            status = Integer.parseInt(statusLine.substring(9, 12));
        } catch (NumberFormatException e) {
            throw new IOException("Not an HTTP/1.x status line: [" + statusLine + "]");
        }
        boolean close = statusLine.startsWith("HTTP/1.0");
        long contentLength = -1;
        boolean isChunked = false;
        for (String line = readLine(); !line.isEmpty(); line = readLine()) {
            int colon = line.indexOf(':');
            if (colon <= 0) {
                throw new IOException("Not an HTTP header: [" + line + "]");
            }
            String name = line.substring(0, colon).trim();
            String value = line.substring(colon + 1).trim();
            if (name.equalsIgnoreCase("Content-Length")) {
                try {
                    contentLength = Long.parseLong(value);
                } catch (NumberFormatException e) {
                    throw new IOException("Not a Content-Length: [" + value + "]");
                }
            } else if (name.equalsIgnoreCase("Transfer-Encoding")) {
                isChunked = value.toLowerCase(java.util.Locale.ROOT).endsWith("chunked");
            } else if (name.equalsIgnoreCase("Connection")) {
                close = value.equalsIgnoreCase("close");
            }
        }
        Head head = new Head(status, contentLength, isChunked, close);
        chunked = isChunked;
        startedChunks = false;
        untilClose = !isChunked && contentLength < 0;
        remaining = isChunked ? 0 : contentLength;
        bodyDone = !isChunked && contentLength == 0;
        reusable = !close && !untilClose;
        return head;
    }

    /**
     * Reads up to {@code length} bytes of the current response's body.
     *
     * @return how many were read, or -1 at the body's end
     * @throws EOFException when the connection ends before the body does
     */
    int readBody(byte[] into, int offset, int length) throws IOException {
        if (bodyDone) {
            return -1;
        }
        if (chunked && remaining == 0 && !nextChunk()) {
            bodyDone = true;
            return -1;
        }
        if (position == limit && fill() < 0) {
            if (untilClose) {
                bodyDone = true;
                return -1;
            }
            throw new EOFException("The connection closed before the end of the response body");
        }
        int n = limit - position;
        if (n > length) {
            n = length;
        }
        if (!untilClose && n > remaining) {
            n = (int) remaining;
        }
        System.arraycopy(buffer, position, into, offset, n);
        position += n;
        if (!untilClose) {
            remaining -= n;
            if (!chunked && remaining == 0) {
                bodyDone = true;
            }
        }
        return n;
    }

    /** Starts the next chunk: false when it is the last (size 0), whose trailers are read too. */
    private boolean nextChunk() throws IOException {
        if (startedChunks) {
            String end = readLine(); // the CRLF after the previous chunk's data
            if (!end.isEmpty()) {
                throw new IOException("A chunk's data did not end with CRLF: [" + end + "]");
            }
        }
        startedChunks = true;
        String sizeLine = readLine();
        int semicolon = sizeLine.indexOf(';');
        String size = (semicolon < 0 ? sizeLine : sizeLine.substring(0, semicolon)).trim();
        try {
            remaining = Long.parseLong(size, 16);
        } catch (NumberFormatException e) {
            throw new IOException("Not a chunk size: [" + sizeLine + "]");
        }
        if (remaining < 0) {
            throw new IOException("Not a chunk size: [" + sizeLine + "]");
        }
        if (remaining > 0) {
            return true;
        }
        while (!readLine().isEmpty()) {
            // trailers, ignored
        }
        return false;
    }

    /** A line of the head (or a chunk's framing), without its CRLF. */
    private String readLine() throws IOException {
        int scanned = position;
        while (true) {
            for (; scanned < limit; scanned++) {
                if (buffer[scanned] == '\n') {
                    int end = scanned > position && buffer[scanned - 1] == '\r' ? scanned - 1 : scanned;
                    String line = new String(buffer, position, end - position, StandardCharsets.ISO_8859_1);
                    position = scanned + 1;
                    return line;
                }
            }
            if (limit - position >= MAX_LINE) {
                throw new IOException("A response line is longer than " + MAX_LINE + " bytes");
            }
            int kept = scanned - position;
            if (fill() < 0) {
                throw new EOFException("The connection closed in the middle of the response's head");
            }
            scanned = position + kept;
        }
    }

    /** Reads more from the connection into the buffer, after what is not read yet: -1 at its end. */
    private int fill() throws IOException {
        if (position > 0) {
            System.arraycopy(buffer, position, buffer, 0, limit - position);
            limit -= position;
            position = 0;
        }
        int n = in.read(buffer, limit, buffer.length - limit);
        if (n > 0) {
            limit += n;
        }
        return n;
    }

    @Override
    public void close() {
        reusable = false;
        try {
            socket.close();
        } catch (IOException e) {
            // closing anyway
        }
    }
}
