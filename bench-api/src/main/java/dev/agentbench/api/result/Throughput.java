package dev.agentbench.api.result;

/**
 * Work done per second of the timed pass: iterations × concurrency sessions (and their turns) over
 * the summed iteration time.
 *
 * @param sessionsPerSecond sessions finished per second
 * @param turnsPerSecond user turns finished per second
 */
public record Throughput(double sessionsPerSecond, double turnsPerSecond) {}
