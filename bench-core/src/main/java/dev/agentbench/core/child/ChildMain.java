package dev.agentbench.core.child;

import dev.agentbench.core.host.Processes;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The main class of a cell's child JVM: {@code ChildMain <spec-file>}. Started only by {@link
 * dev.agentbench.core.host.CellLauncher}, which names it; not an API.
 */
public final class ChildMain {

    /** An OK result was written. */
    static final int EXIT_OK = 0;
    /** A FAILED result was written. */
    static final int EXIT_CELL_FAILED = 1;
    /** No result could be written. */
    static final int EXIT_NO_RESULT = 2;
    /**
     * The result could not be written (the disk is full, the run directory not writable): the log's
     * last line, {@code [agentbench] Cannot write [<file>]: <reason>}, names the file and the reason.
     * The parent stops the run at it. sysexits.h's EX_IOERR.
     */
    public static final int EXIT_WRITE_FAILED = 74;
    /** Standard input reached end-of-file: the parent is gone. */
    static final int EXIT_PARENT_GONE = 99;

    /** How long {@code System.exit} may take (shutdown hooks of a framework) before the JVM is halted. */
    private static final long EXIT_GRACE_MILLIS = 10_000;

    /** When {@link #main} was entered, by the wall clock: a cold start's end of JVM start-up. */
    static volatile long enteredMillis;

    private ChildMain() {}

    public static void main(String[] args) {
        enteredMillis = System.currentTimeMillis();
        watchParent();
        Runtime.getRuntime().addShutdownHook(new Thread("agentbench-end-descendants") {
            @Override
            public void run() {
                endDescendants(); // also when a target calls System.exit
            }
        });
        int code = EXIT_NO_RESULT;
        try {
            if (args.length != 1) {
                throw new IllegalArgumentException("Usage: ChildMain <spec-file>, got " + args.length + " arguments");
            }
            code = CellChild.run(Path.of(args[0]));
        } catch (Throwable t) {
            System.err.println("[agentbench] the child could not write a result:");
            t.printStackTrace();
        }
        exit(code);
    }

    /**
     * Exits explicitly, so that no thread a framework left behind keeps this JVM alive; halts if the
     * shutdown hooks take longer than {@link #EXIT_GRACE_MILLIS}.
     */
    private static void exit(int code) {
        endDescendants();
        System.out.flush();
        System.err.flush();
        Thread halt = new Thread(() -> {
            try {
                Thread.sleep(EXIT_GRACE_MILLIS);
            } catch (InterruptedException e) {
                // halt now
            }
            Runtime.getRuntime().halt(code);
        }, "agentbench-exit-watchdog");
        halt.setDaemon(true);
        halt.start();
        System.exit(code);
    }

    /**
     * Ends every process this JVM started, directly or not, that is still running (an MCP server a
     * target started over stdio, say), saying so in the log: nothing a cell started outlives it.
     * Descendants are collected before any is killed, since a killed process's children are
     * re-parented and can no longer be found from here.
     *
     * @return the processes ended, each as {@code 1234 sleep 600}; empty when none was running
     */
    static List<String> endDescendants() {
        List<ProcessHandle> left = ProcessHandle.current().descendants().toList();
        if (left.isEmpty()) {
            return List.of();
        }
        List<String> ended = left.stream().map(Processes::describe).toList();
        Processes.destroyAll(left, 0);
        CellLog.say("ended " + Processes.count(ended.size()) + " the cell left running: " + String.join("; ", ended));
        System.out.flush();
        return ended;
    }

    /**
     * Halts this JVM when the parent's end of the stdin pipe closes: a killed parent leaves no child.
     * A class of its own rather than a lambda, like everything on a cold start's path before the
     * agent is built: the first lambda links the JDK's method-handle machinery, which would then be
     * warm for the framework.
     */
    private static void watchParent() {
        Thread watcher = new Thread("agentbench-parent-watch") {
            @Override
            public void run() {
                try {
                    while (System.in.read() != -1) {
                        // the parent never writes; anything read is ignored
                    }
                } catch (IOException e) {
                    // treated as end-of-file
                }
                endDescendants();
                Runtime.getRuntime().halt(EXIT_PARENT_GONE);
            }
        };
        watcher.setDaemon(true);
        watcher.start();
    }
}
