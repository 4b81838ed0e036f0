/**
 * Internal: the mock's server, request parsing, reply rendering, faults and counters. Not an API;
 * may change without notice. Use {@link dev.agentbench.mock.MockServer} instead.
 */
package dev.agentbench.mock.internal;
