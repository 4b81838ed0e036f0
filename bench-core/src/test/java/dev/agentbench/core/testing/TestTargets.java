package dev.agentbench.core.testing;

import dev.agentbench.api.BenchTarget;
import dev.agentbench.api.TargetContext;
import dev.agentbench.api.TargetHandle;
import dev.agentbench.api.TurnResult;
import java.io.FileInputStream;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/** Targets for bench-core's tests, well-behaved and misbehaving, registered in test META-INF/services. */
public final class TestTargets {

    private TestTargets() {}

    /** Answers from the script; behaves. */
    public static final class Scripted implements BenchTarget {
        public static final String NAME = "scripted";

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public String description() {
            return "Test: answers from the script";
        }

        @Override
        public TargetHandle open(TargetContext context) {
            return new ScriptedHandle(context.script());
        }
    }

    /** Checks in open() that the mock serves its script at the base URL it was given. */
    public static final class Probe implements BenchTarget {
        public static final String NAME = "probe";

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public String description() {
            return "Test: checks that the mock serves its script at the base URL";
        }

        @Override
        public TargetHandle open(TargetContext context) throws IOException {
            URI models = URI.create(context.baseUrl() + "/models");
            HttpURLConnection connection = (HttpURLConnection) models.toURL().openConnection();
            int status = connection.getResponseCode();
            connection.disconnect();
            if (status != 200) {
                throw new IOException("GET [" + models + "] answered " + status);
            }
            if (!context.apiKey().equals("agentbench") || !context.model().equals("agentbench-mock")) {
                throw new IllegalStateException("unexpected key or model: " + context.apiKey() + ", " + context.model());
            }
            return new ScriptedHandle(context.script());
        }
    }

    /**
     * Hangs in its first turn. When the target option {@code pidFile} is set, open() first starts a
     * long {@code sleep} process and writes its pid there, so a test can check that the timeout
     * killed the child's descendants too.
     */
    public static final class Hang implements BenchTarget {
        @Override
        public String name() {
            return "hang";
        }

        @Override
        public String description() {
            return "Test: never finishes a turn";
        }

        @Override
        public TargetHandle open(TargetContext context) throws IOException {
            String pidFile = context.option("pidFile", "");
            if (!pidFile.isEmpty()) {
                Process sleeper = new ProcessBuilder("sleep", "300").start();
                Files.writeString(Path.of(pidFile), Long.toString(sleeper.pid()));
            }
            return new ScriptedHandle(context.script()) {
                @Override
                public TurnResult runTurn(String userId, String sessionId, String message) throws Exception {
                    System.out.println("hang: sleeping forever");
                    Thread.sleep(Long.MAX_VALUE);
                    return null;
                }
            };
        }
    }

    /** Calls {@code System.exit(3)} in the middle of its first turn. */
    public static final class Exit3 implements BenchTarget {
        public static final String MARKER = "exit3: calling System.exit(3) mid-turn";

        @Override
        public String name() {
            return "exit3";
        }

        @Override
        public String description() {
            return "Test: exits the JVM with code 3 mid-turn";
        }

        @Override
        public TargetHandle open(TargetContext context) {
            return new ScriptedHandle(context.script()) {
                @Override
                public TurnResult runTurn(String userId, String sessionId, String message) {
                    System.out.println(MARKER);
                    System.exit(3);
                    return null;
                }
            };
        }
    }

    /** Throws while building its agent. */
    public static final class Throwing implements BenchTarget {
        public static final String MESSAGE = "cannot build the agent";

        @Override
        public String name() {
            return "throwing";
        }

        @Override
        public String description() {
            return "Test: open() throws";
        }

        @Override
        public TargetHandle open(TargetContext context) {
            throw new IllegalStateException(MESSAGE);
        }
    }

    /** Leaves a non-daemon thread running forever; otherwise answers from the script. */
    public static final class Leaky implements BenchTarget {
        @Override
        public String name() {
            return "leaky";
        }

        @Override
        public String description() {
            return "Test: leaves a non-daemon thread running";
        }

        @Override
        public TargetHandle open(TargetContext context) {
            Thread stray = new Thread(() -> {
                try {
                    Thread.sleep(Long.MAX_VALUE);
                } catch (InterruptedException e) {
                    // keep it simple: a stray thread
                }
            }, "leaky-non-daemon");
            stray.setDaemon(false);
            stray.start();
            return new ScriptedHandle(context.script());
        }
    }

    /**
     * Every agent opens {@link #FILES} files that its {@code close()} leaves open: they are closed
     * only when a garbage collection finds the agent gone, as a JDK {@code HttpClient}'s descriptors
     * are on Java 17. Otherwise answers from the script.
     */
    public static final class OpenFiles implements BenchTarget {
        public static final int FILES = 16;

        @Override
        public String name() {
            return "openfiles";
        }

        @Override
        public String description() {
            return "Test: every agent leaves 16 files for the collector to close";
        }

        @Override
        public TargetHandle open(TargetContext context) throws IOException {
            FileInputStream[] files = new FileInputStream[FILES];
            for (int i = 0; i < FILES; i++) {
                files[i] = new FileInputStream("/dev/null");
            }
            return new ScriptedHandle(context.script()) {
                @SuppressWarnings("unused")
                private final Object held = files;
            };
        }
    }

    /**
     * Answers from the script, but fails every turn while a JFR recording runs in its JVM: measured
     * forks pass, a profile fork fails.
     */
    public static final class CameraShy implements BenchTarget {
        /** What its turn throws while recorded. */
        public static final String ERROR = "a JFR recording is running";

        @Override
        public String name() {
            return "camerashy";
        }

        @Override
        public String description() {
            return "Test: fails every turn while a JFR recording runs";
        }

        @Override
        public TargetHandle open(TargetContext context) {
            return new ScriptedHandle(context.script()) {
                @Override
                public TurnResult runTurn(String userId, String sessionId, String message) throws Exception {
                    if (jdk.jfr.FlightRecorder.isInitialized() && jdk.jfr.FlightRecorder.getFlightRecorder()
                            .getRecordings().stream()
                            .anyMatch(recording -> recording.getState() == jdk.jfr.RecordingState.RUNNING)) {
                        throw new IllegalStateException(ERROR);
                    }
                    return super.runTurn(userId, sessionId, message);
                }
            };
        }
    }

    /**
     * Sleeps {@link #SLEEP_MILLIS} in every turn, or the target option {@code sleepMillis}: a target of
     * known, CPU-free cost.
     */
    public static final class Sleepy implements BenchTarget {
        public static final long SLEEP_MILLIS = 20;

        @Override
        public String name() {
            return "sleepy";
        }

        @Override
        public String description() {
            return "Test: sleeps 20 ms per turn";
        }

        @Override
        public TargetHandle open(TargetContext context) {
            long millis = Long.parseLong(context.option("sleepMillis", Long.toString(SLEEP_MILLIS)));
            return new ScriptedHandle(context.script()) {
                @Override
                public TurnResult runTurn(String userId, String sessionId, String message) throws Exception {
                    Thread.sleep(millis);
                    return super.runTurn(userId, sessionId, message);
                }
            };
        }
    }

    /**
     * Sleeps 1 ms a turn, and 4 ms a turn after its JVM's first {@code shiftAfterTurns} turns (target
     * option): a target whose level changes when a test wants it to, inside a timed pass. With the
     * option {@code shiftOnce} naming a file, only the JVM that creates that file shifts, so that a
     * second fork holds still.
     */
    public static final class Shifting implements BenchTarget {
        private static final AtomicLong TURNS = new AtomicLong();
        private static volatile Boolean shifts;

        @Override
        public String name() {
            return "shifting";
        }

        @Override
        public String description() {
            return "Test: 1 ms a turn, then 4 ms a turn";
        }

        @Override
        public TargetHandle open(TargetContext context) throws Exception {
            long after = Long.parseLong(context.option("shiftAfterTurns", Long.toString(Long.MAX_VALUE)));
            if (shifts == null) {
                String once = context.option("shiftOnce", "");
                boolean first = true;
                if (!once.isEmpty()) {
                    try {
                        Files.createFile(Path.of(once));
                    } catch (FileAlreadyExistsException e) {
                        first = false;
                    }
                }
                shifts = first;
            }
            return new ScriptedHandle(context.script()) {
                @Override
                public TurnResult runTurn(String userId, String sessionId, String message) throws Exception {
                    Thread.sleep(shifts && TURNS.incrementAndGet() > after ? 4 : 1);
                    return super.runTurn(userId, sessionId, message);
                }
            };
        }
    }

    /** Allocates exactly {@link #BYTES} of payload (one array) in every turn: a target of known allocation. */
    public static final class Allocating implements BenchTarget {
        /** The array's length; a {@code byte[]} of it takes this plus a 16-byte header, a multiple of 8. */
        public static final int BYTES = 100_000;
        /** Where the arrays go, so that the JIT cannot drop them. */
        public static volatile byte[] sink;

        @Override
        public String name() {
            return "allocating";
        }

        @Override
        public String description() {
            return "Test: allocates 100,000 bytes per turn";
        }

        @Override
        public TargetHandle open(TargetContext context) {
            return new ScriptedHandle(context.script()) {
                @Override
                public TurnResult runTurn(String userId, String sessionId, String message) throws Exception {
                    sink = new byte[BYTES];
                    return super.runTurn(userId, sessionId, message);
                }
            };
        }
    }

    /**
     * Every agent holds {@link #BYTES} of its own: a target of known footprint. Small objects, as
     * real agents are: 100 arrays of 1,984 bytes (2,000 with their headers) and the array of their
     * 100 compressed references.
     */
    public static final class Heavy implements BenchTarget {
        public static final int BYTES = 100 * 2_000 + 16 + 100 * 4;

        @Override
        public String name() {
            return "heavy";
        }

        @Override
        public String description() {
            return "Test: every agent holds 200,416 bytes";
        }

        @Override
        public TargetHandle open(TargetContext context) {
            byte[][] held = new byte[100][1_984];
            return new ScriptedHandle(context.script()) {
                @Override
                public void close() {
                    held[0][0] = 1;
                }
            };
        }
    }

    /**
     * Counts the closes of its JVM's agents: the target option {@code goodCloses} (default 0) says how
     * many of them behave before {@link #misbehave} strikes on every later one, so that a cell whose
     * warm-up closes agents (construction, footprint) reaches the closes at its end.
     */
    private abstract static class BadClose implements BenchTarget {
        private static final AtomicInteger CLOSES = new AtomicInteger();

        abstract void misbehave();

        @Override
        public TargetHandle open(TargetContext context) {
            int good = Integer.parseInt(context.option("goodCloses", "0"));
            return new ScriptedHandle(context.script()) {
                @Override
                public void close() {
                    if (CLOSES.incrementAndGet() > good) {
                        misbehave();
                    }
                }
            };
        }
    }

    /** Answers from the script; its close() never returns (after {@code goodCloses} closes that do). */
    public static final class HangingClose extends BadClose {
        public static final String NAME = "hangingclose";
        /** What its close says in the log before it hangs. */
        public static final String MARKER = "hangingclose: close() sleeps forever";

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public String description() {
            return "Test: close() never returns";
        }

        @Override
        void misbehave() {
            System.out.println(MARKER);
            while (true) {
                try {
                    Thread.sleep(Long.MAX_VALUE);
                } catch (InterruptedException e) {
                    // a close that hangs for good does not stop for an interrupt either
                }
            }
        }
    }

    /** Answers from the script; its close() throws {@link #MESSAGE} (after {@code goodCloses} closes that do not). */
    public static final class ThrowingClose extends BadClose {
        public static final String NAME = "throwingclose";
        public static final String MESSAGE = "cannot close the agent";

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public String description() {
            return "Test: close() throws";
        }

        @Override
        void misbehave() {
            throw new IllegalStateException(MESSAGE);
        }
    }

    /** Answers from the script; its close() calls {@code System.exit(3)}. */
    public static final class ExitingClose extends BadClose {
        public static final String NAME = "exitingclose";

        @Override
        public String name() {
            return NAME;
        }

        @Override
        public String description() {
            return "Test: close() exits the JVM with code 3";
        }

        @Override
        void misbehave() {
            System.exit(3);
        }
    }
}
