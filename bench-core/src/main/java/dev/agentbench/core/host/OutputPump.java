package dev.agentbench.core.host;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * Copies a process's output (standard output and error merged) into a {@link BoundedLog} on a
 * thread of its own, so that however much the process prints, its log stays within its limit.
 */
public final class OutputPump {

    private static final int BUFFER = 64 * 1024;

    private final Process process;
    private final BoundedLog log;
    private final Thread thread;

    private OutputPump(Process process, BoundedLog log, Thread thread) {
        this.process = process;
        this.log = log;
        this.thread = thread;
    }

    /** Starts copying {@code process}'s output to a new writer of {@code log}. */
    public static OutputPump start(Process process, BoundedLog log, String threadName) {
        Thread thread = new Thread(() -> copy(process.getInputStream(), log), threadName);
        thread.setDaemon(true);
        thread.start();
        return new OutputPump(process, log, thread);
    }

    private static void copy(InputStream in, BoundedLog log) {
        try (OutputStream out = log.writer()) {
            byte[] buffer = new byte[BUFFER];
            int n;
            while ((n = in.read(buffer)) >= 0) {
                out.write(buffer, 0, n);
            }
        } catch (IOException e) {
            // the pipe was closed by finish, or the log cannot be written: the rest of the output is lost
        }
    }

    /**
     * Waits up to {@code waitMillis} for the output to end, once the process is gone (a process it
     * started may hold the pipe open); then closes the pipe and the log's writer, which ends the
     * copy. The log then holds everything copied, within its limit.
     */
    public void finish(long waitMillis) {
        try {
            thread.join(waitMillis);
            if (thread.isAlive()) {
                process.getInputStream().close();
                thread.join(Math.min(waitMillis, 1_000));
            }
        } catch (IOException e) {
            // the copy ends with the log's writer below
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            log.closeWriter();
        } catch (IOException e) {
            System.err.println("agentbench: cannot write the end of [" + log.file() + "]: " + e);
        }
    }
}
