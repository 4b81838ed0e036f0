package dev.agentbench.core.profile;

import dev.agentbench.core.measure.Profiler;
import java.io.IOException;
import java.nio.file.Path;
import java.text.ParseException;
import java.util.HashMap;
import java.util.Map;
import jdk.jfr.Configuration;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;

/**
 * A profile fork's profiler: a JDK Flight Recorder recording with the JDK's {@code profile} settings
 * (sampled allocations, and the rest of that configuration), but execution samples every {@value
 * #SAMPLE_PERIOD} rather than every 10 ms, started right before the timed pass and stopped right after
 * it, then {@linkplain #dump dumped} to the cell's {@code .jfr} file. Made before the agent is built,
 * so that JFR's own start-up (its classes, its threads) is over long before the pass.
 *
 * <p>Why 1 ms: a turn of a framework spends most of its time waiting on a socket or handing work
 * between threads, and JFR samples a thread only while it runs Java code; at 10 ms, a 3 s timed pass
 * of Google ADK's {@code turn1} gave 14 samples, too few to rank anything, and at 1 ms 215 to 358.
 * The sampling costs the profile fork some CPU, which is why it is a fork of its own, never merged.
 */
public final class JfrProfiler implements Profiler, AutoCloseable {

    /** The JDK's configuration this recording uses. */
    public static final String CONFIGURATION = "profile";

    /** The setting of how often each thread running Java code is sampled. */
    static final String EXECUTION_SAMPLE_PERIOD = "jdk.ExecutionSample#period";

    /** How often the threads running Java code are sampled: {@value}, where the configuration says 10 ms. */
    public static final String SAMPLE_PERIOD = "1 ms";

    private final Recording recording;
    private long startNanos;
    private long stopNanos;

    private JfrProfiler(Recording recording) {
        this.recording = recording;
    }

    /**
     * {@code profiler}, or {@link Profiler#NONE} when it is {@code null}. The child's code calls this
     * rather than choose between the two itself, where verifying the choice would load {@link
     * Profiler} in every child, a cold start's included.
     */
    public static Profiler orNone(JfrProfiler profiler) {
        return profiler == null ? Profiler.NONE : profiler;
    }

    /** Whether this JVM can record with JFR. */
    public static boolean available() {
        return FlightRecorder.isAvailable();
    }

    /**
     * A recording of the {@value #CONFIGURATION} settings, not started.
     *
     * @throws IllegalStateException when JFR is not available in this JVM, or its configuration cannot be read
     */
    public static JfrProfiler create() {
        if (!available()) {
            throw new IllegalStateException("JFR is not available in this JVM [" + System.getProperty("java.vm.name")
                    + " " + System.getProperty("java.version") + "]");
        }
        try {
            Map<String, String> settings = new HashMap<>(Configuration.getConfiguration(CONFIGURATION).getSettings());
            settings.put(EXECUTION_SAMPLE_PERIOD, SAMPLE_PERIOD);
            Recording recording = new Recording(settings);
            recording.setName("agentbench-profile");
            recording.setToDisk(true);
            return new JfrProfiler(recording);
        } catch (IOException | ParseException e) {
            throw new IllegalStateException("Cannot read JFR's configuration [" + CONFIGURATION + "]: " + e, e);
        }
    }

    @Override
    public boolean active() {
        return true;
    }

    @Override
    public void start() {
        recording.start();
        startNanos = System.nanoTime();
    }

    @Override
    public void stop() {
        if (startNanos != 0 && stopNanos == 0) {
            stopNanos = System.nanoTime();
            recording.stop();
        }
    }

    /** How long the recording ran, from {@link #start} to {@link #stop}; 0 before both. */
    public long recordedNanos() {
        return stopNanos == 0 ? 0 : stopNanos - startNanos;
    }

    /**
     * Writes the stopped recording to {@code file}.
     *
     * @throws IllegalStateException when the recording was not started and stopped
     */
    public void dump(Path file) throws IOException {
        if (stopNanos == 0) {
            throw new IllegalStateException("The recording was not started and stopped; nothing to write to [" + file
                    + "]");
        }
        recording.dump(file);
    }

    /** Ends the recording and frees what it holds; a recording still running is stopped unsaved. */
    @Override
    public void close() {
        recording.close();
    }
}
