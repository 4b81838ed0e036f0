package dev.agentbench.api.result;

/**
 * The mock's own time per request over a run, by its own timer: from a request's last byte read to
 * its reply's last byte written (a stream's last event), the script's waits left out. Taken from the
 * forks that recorded it ({@code mockMicrosPerRequest}, {@code mockP99MicrosPerRequest}).
 *
 * @param forks how many forks recorded it
 * @param medianMicros the median of those forks' medians, in microseconds
 * @param p99Micros the highest of their 99th percentiles, in microseconds
 */
public record MockServeTime(int forks, double medianMicros, double p99Micros) {}
