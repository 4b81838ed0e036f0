package dev.agentbench.mock.internal;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Measurement;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;

/**
 * The mock's counters, resolved once so that counting on the hot path is one increment:
 * {@code mock.requests{route}} (chat requests, by {@code script} or {@code marker}),
 * {@code mock.replies{kind}} (what was sent: {@code text}, {@code tool_calls}, {@code status},
 * {@code hang}, {@code past_end}, {@code unknown_script}, {@code bad_request},
 * {@code incomplete_request}: a request that lacks what its turn's expectation says it must carry),
 * {@code mock.faults{fault}} (faults injected: {@code status}, {@code hang}, {@code delay},
 * {@code chunk_delay}, {@code cut_off}, {@code malformed}) and the timer {@code mock.latency}
 * (request handled to response ended, delays included).
 */
public final class MockMetrics {

    private final MeterRegistry registry = new SimpleMeterRegistry();

    final Counter scriptRequests = requests("script");
    final Counter markerRequests = requests("marker");
    final Counter text = reply("text");
    final Counter toolCalls = reply("tool_calls");
    final Counter status = reply("status");
    final Counter hang = reply("hang");
    final Counter pastEnd = reply("past_end");
    final Counter unknownScript = reply("unknown_script");
    final Counter badRequest = reply("bad_request");
    final Counter incompleteRequest = reply("incomplete_request");
    final Counter faultStatus = fault("status");
    final Counter faultHang = fault("hang");
    final Counter faultDelay = fault("delay");
    final Counter faultChunkDelay = fault("chunk_delay");
    final Counter faultCutOff = fault("cut_off");
    final Counter faultMalformed = fault("malformed");
    final Timer latency = Timer.builder("mock.latency")
            .description("From a chat request handled to its response ended, delays included")
            .register(registry);

    /** Counts a registry of scripts as the gauge {@code mock.scripts}. */
    public <T> void gaugeScripts(T registryObject, ToDoubleFunction<T> size) {
        registry.gauge("mock.scripts", List.of(), registryObject, size);
    }

    private Counter requests(String route) {
        return Counter.builder("mock.requests").description("Chat-completion requests received")
                .tag("route", route).register(registry);
    }

    private Counter reply(String kind) {
        return Counter.builder("mock.replies").description("Replies sent, by kind").tag("kind", kind).register(registry);
    }

    private Counter fault(String fault) {
        return Counter.builder("mock.faults").description("Faults injected, by fault").tag("fault", fault)
                .register(registry);
    }

    /** Counts a served step's reply kind and faults. */
    void countStep(RenderedStep step) {
        switch (step.kind) {
            case TEXT -> text.increment();
            case TOOL_CALLS -> toolCalls.increment();
            case STATUS -> {
                status.increment();
                faultStatus.increment();
            }
            case HANG -> {
                hang.increment();
                faultHang.increment();
            }
        }
        if (step.hasWireFault()) {
            if (step.delayMs > 0) {
                faultDelay.increment();
            }
            if (step.chunkDelayMs > 0) {
                faultChunkDelay.increment();
            }
            if (step.cutOff) {
                faultCutOff.increment();
            }
            if (step.malformed) {
                faultMalformed.increment();
            }
        }
    }

    void recordLatency(long startNanos) {
        latency.record(System.nanoTime() - startNanos, TimeUnit.NANOSECONDS);
    }

    /**
     * Every meter as JSON: {@code {"meters":[{"name":..,"tags":{..},"measurements":{"COUNT":..}}]}};
     * times are in seconds.
     */
    public byte[] toJson() {
        List<Meter> meters = registry.getMeters().stream()
                .sorted(Comparator.comparing((Meter m) -> m.getId().getName())
                        .thenComparing(m -> m.getId().getTags().toString()))
                .toList();
        return Json.bytes(g -> {
            g.writeStartObject();
            g.writeArrayFieldStart("meters");
            for (Meter meter : meters) {
                g.writeStartObject();
                g.writeStringField("name", meter.getId().getName());
                g.writeObjectFieldStart("tags");
                for (Tag tag : meter.getId().getTags()) {
                    g.writeStringField(tag.getKey(), tag.getValue());
                }
                g.writeEndObject();
                g.writeObjectFieldStart("measurements");
                for (Measurement measurement : meter.measure()) {
                    String statistic = measurement.getStatistic().name();
                    if (meter instanceof Timer && !"COUNT".equals(statistic)) {
                        statistic += "_SECONDS";
                    }
                    g.writeNumberField(statistic, measurement.getValue());
                }
                g.writeEndObject();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        });
    }
}
