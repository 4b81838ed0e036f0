package dev.agentbench.core.mock;

import dev.agentbench.api.result.MockWarmup;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * The load of a {@link MockWarmer} warm-up: windows, each split among the concurrency levels, each
 * level's share run by that many threads sending the calls round-robin; the steady rule after each
 * window. Only the calling thread asks {@code stop}; the senders see a flag.
 */
final class MockWarmDrive {

    private static final long POLL_MILLIS = 10;

    private final HttpClient client;
    private final List<MockWarmCall> calls;
    private final ExecutorService workers;
    private final BooleanSupplier stop;
    private final MockWarmMetrics metrics;
    private final AtomicLong cursor = new AtomicLong();
    /** Set when the senders must end: stopped or failed. */
    private final AtomicBoolean halt = new AtomicBoolean();
    private final AtomicReference<IOException> failure = new AtomicReference<>();
    private boolean stopped;

    MockWarmDrive(HttpClient client, String base, List<MockWarmCall> calls, ExecutorService workers,
            BooleanSupplier stop) {
        this.client = client;
        this.metrics = new MockWarmMetrics(client, base);
        this.calls = List.copyOf(calls);
        this.workers = workers;
        this.stop = stop;
    }

    /**
     * Runs windows until steady, the maximum time, or {@code stop}. The reading that must be steady
     * is, per level and window, the mock's own mean time per request when it serves its
     * {@link MockWarmMetrics timer}, else the median latency this client saw.
     *
     * @param levels distinct and ascending
     * @param start when the warm-up began, by {@link System#nanoTime()}
     */
    MockWarmup run(List<Integer> levels, MockWarmer.Settings settings, long start, Consumer<MockWarmer.Window> onWindow)
            throws IOException {
        long windowNanos = settings.window().toNanos();
        long minEnd = start + settings.minTime().toNanos();
        long hardEnd = start + settings.maxTime().toNanos();
        MockWarmMetrics.Reading before = metrics.read();
        boolean byMock = before != null;
        List<List<Double>> readings = new ArrayList<>();
        levels.forEach(level -> readings.add(new ArrayList<>()));
        long requests = 0;
        double first = Double.NaN;
        double last = Double.NaN;
        boolean steady = false;
        long share = windowNanos / levels.size();
        for (int index = 0; ; index++) {
            double[] clientMedians = nans(levels.size());
            double[] mockMeans = nans(levels.size());
            long[][] samples = new long[levels.size()][];
            boolean whole = true;
            for (int l = 0; l < levels.size(); l++) {
                // each level its own share, even after a share that ran over (a cold first request)
                long planned = System.nanoTime() + share;
                whole &= planned <= hardEnd;
                samples[l] = slice(levels.get(l), Math.min(planned, hardEnd));
                clientMedians[l] = micros(samples[l]);
                if (byMock) {
                    MockWarmMetrics.Reading now = metrics.read();
                    if (now == null) {
                        // the mock stopped serving its timer: judge by this client's medians from here on
                        byMock = false;
                        readings.forEach(List::clear);
                    } else {
                        mockMeans[l] = now.meanMicrosSince(before);
                        before = now;
                    }
                }
                double reading = byMock ? mockMeans[l] : clientMedians[l];
                if (!Double.isNaN(reading)) {
                    readings.get(l).add(reading);
                }
                if (stopped || System.nanoTime() >= hardEnd) {
                    whole &= l == levels.size() - 1;
                    break;
                }
            }
            long[] all = concat(samples);
            requests += all.length;
            double median = micros(all);
            if (all.length > 0) {
                first = Double.isNaN(first) ? median : first;
                last = median;
            }
            onWindow.accept(new MockWarmer.Window(index, MockWarmer.millisSince(start), all.length, median,
                    boxed(clientMedians), boxed(mockMeans)));
            if (stopped) {
                break;
            }
            long now = System.nanoTime();
            // never steady before every position was asked for at least once: a warm-up that left
            // a position cold would leave its first requests' JIT to a cell
            if (whole && now >= minEnd && cursor.get() >= calls.size() && readings.stream()
                    .allMatch(r -> MockWarmer.steady(r, settings.steadyWindows(), settings.band()))) {
                steady = true;
                break;
            }
            if (now >= hardEnd) {
                break;
            }
        }
        return new MockWarmup(MockWarmer.millisSince(start), requests, Double.isNaN(first) ? 0 : first,
                Double.isNaN(last) ? 0 : last, steady);
    }

    /** {@code threads} senders until {@code end}; their latencies in nanoseconds. */
    private long[] slice(int threads, long end) throws IOException {
        CountDownLatch done = new CountDownLatch(threads);
        List<Future<long[]>> senders = new ArrayList<>(threads);
        for (int i = 0; i < threads; i++) {
            senders.add(workers.submit(() -> {
                try {
                    return send(end);
                } finally {
                    done.countDown();
                }
            }));
        }
        try {
            while (!done.await(POLL_MILLIS, TimeUnit.MILLISECONDS)) {
                if (!stopped && stop.getAsBoolean()) {
                    stopped = true;
                    halt.set(true);
                }
            }
        } catch (InterruptedException e) {
            halt.set(true);
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("The mock's warm-up was interrupted");
        }
        if (failure.get() != null) {
            throw failure.get();
        }
        List<long[]> latencies = new ArrayList<>(threads);
        for (Future<long[]> sender : senders) {
            try {
                latencies.add(sender.get());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("The mock's warm-up was interrupted");
            } catch (ExecutionException e) {
                throw new IOException("A mock warm-up sender failed: " + e.getCause(), e.getCause());
            }
        }
        if (!stopped && stop.getAsBoolean()) {
            stopped = true;
        }
        return concat(latencies.toArray(long[][]::new));
    }

    /** One sender: the next call, round-robin, until {@code end} or the halt flag. */
    private long[] send(long end) throws IOException {
        long[] latencies = new long[256];
        int count = 0;
        while (!halt.get() && System.nanoTime() < end) {
            MockWarmCall call = calls.get((int) (cursor.getAndIncrement() % calls.size()));
            long begin = System.nanoTime();
            HttpResponse<String> response;
            try {
                response = client.send(call.request(), HttpResponse.BodyHandlers.ofString());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break; // the warm-up is ending: its threads are being shut down
            } catch (IOException e) {
                throw failed(new IOException(call.where() + ": no reply from the mock: " + e, e));
            }
            long took = System.nanoTime() - begin;
            try {
                call.check(response);
            } catch (IOException e) {
                throw failed(e);
            }
            if (count == latencies.length) {
                latencies = Arrays.copyOf(latencies, count * 2);
            }
            latencies[count++] = took;
        }
        return Arrays.copyOf(latencies, count);
    }

    /** Keeps the first failure, the one the warm-up reports, and halts the other senders. */
    private IOException failed(IOException e) {
        failure.compareAndSet(null, e);
        halt.set(true);
        return e;
    }

    private static double micros(long[] nanos) {
        double[] values = new double[nanos.length];
        for (int i = 0; i < nanos.length; i++) {
            values[i] = nanos[i] / 1_000.0;
        }
        return MockWarmer.median(values);
    }

    private static double[] nans(int length) {
        double[] values = new double[length];
        Arrays.fill(values, Double.NaN);
        return values;
    }

    private static List<Double> boxed(double[] values) {
        return Arrays.stream(values).boxed().toList();
    }

    private static long[] concat(long[][] parts) {
        int length = 0;
        for (long[] part : parts) {
            length += part == null ? 0 : part.length;
        }
        long[] all = new long[length];
        int at = 0;
        for (long[] part : parts) {
            if (part != null) {
                System.arraycopy(part, 0, all, at, part.length);
                at += part.length;
            }
        }
        return all;
    }
}
